"""The computer players' side of the web page, in CPython without a browser:
the worker's message (web/page/qin_ui/ai_bridge.py), the seat-kind registry with the four
levels (players.py) and the pacing of computer turns (computer.py)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

import qin
import qin.ai

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
sys.path.insert(0, str(WEB))

from qin_ui import ai_bridge, computer, players, setup, views, wording  # noqa: E402
from qin_ui.session import NOTHING, Session  # noqa: E402

KEYS = {"format", "level", "ai_seed", "budget_s", "view"}


def positions(players_: int, seed: int, plies: int) -> list[qin.Game]:
    """Copies of a game after 0, 1, ... ``plies`` moves (played by the Apprentice)."""
    game = qin.Game.new(board="lion" if seed % 2 else "bird", players=players_, seed=seed)
    bot = qin.ai.player("apprentice", seed)
    out = []
    for _ in range(plies):
        if game.is_over:
            break
        out.append(game.clone())
        game.play(bot.choose(game.view(game.to_move)))
    return out


def quick(request: str) -> str:
    """The request with a tiny time budget (the searching levels, in tests)."""
    data = json.loads(request)
    data["budget_s"] = 0.05
    return json.dumps(data)


# -- the request holds what the seat may see, and nothing else -------------------------
@pytest.mark.parametrize(("count", "seed"), [(2, 3), (3, 8), (4, 11)])
def test_the_request_is_a_function_of_the_seats_view(count: int, seed: int) -> None:
    rng = random.Random(seed)
    for game in positions(count, seed, 40)[::3]:
        seat = game.to_move
        request = ai_bridge.request_for(game, seat, "governor")
        data = json.loads(request)
        assert set(data) == KEYS and data["format"] == "qin-ai-request/2"
        assert data["ai_seed"] == seat  # never the game's seed
        view = data["view"]
        assert view == game.view(seat).to_view_dict() and view["seat"] == seat
        # Another deal of the hidden tiles (other hands, pile order) that looks the same
        # from this seat gives the very same request: it cannot carry any of them.
        for _ in range(3):
            other = game.view(seat).sample(rng)
            assert other.hands != game.hands or other.pile != game.pile or game.pile == []
            assert ai_bridge.request_for(other, seat, "governor") == request
        # The seat's own hand is there; the others' only as sizes, the pile as a count.
        assert view["hand"] == game.hand(seat)
        assert view["hand_sizes"] == [game.hand_size(p) for p in range(1, count + 1)]
        assert view["pile"] == game.pile_count
        assert "seed" not in json.dumps(view)


def test_no_hidden_tile_is_in_the_request() -> None:
    """The other hands and the pile's order appear nowhere in the request: each hidden
    tile list, written as the request would write tiles, is absent from its text."""
    for game in positions(4, 17, 30)[1::4]:
        seat = game.to_move
        request = ai_bridge.request_for(game, seat, "minister")
        hidden = [game.hand(p) for p in range(1, 5) if p != seat] + [game.pile[-3:]]
        for tiles in hidden:
            if tiles:
                assert json.dumps(tiles, separators=(",", ":")) not in request
        assert json.loads(request)["view"]["hand"] == game.hand(seat)


def test_the_worker_rebuilds_exactly_the_seats_view() -> None:
    for game in positions(3, 5, 45)[::4]:
        seat = game.to_move
        view = game.view(seat)
        rebuilt = ai_bridge.view_of(ai_bridge.request_for(game, seat, "apprentice"))
        assert rebuilt.seat == seat and rebuilt.seed is None and rebuilt.pile == []
        assert rebuilt.to_position() == view.to_position()
        assert rebuilt.moves == view.moves and rebuilt.played == view.played
        assert rebuilt.unseen() == view.unseen()
        assert rebuilt.pile_count == view.pile_count
        assert [rebuilt.hand_size(p) for p in (1, 2, 3)] == [view.hand_size(p) for p in (1, 2, 3)]
        assert rebuilt.legal_moves() == view.legal_moves()
        with pytest.raises(qin.HiddenInformation):
            rebuilt.hand(seat % 3 + 1)


def test_a_request_is_only_for_the_player_to_move() -> None:
    game = qin.Game.new(players=2, seed=1)
    with pytest.raises(ValueError, match="player 1 is to move"):
        ai_bridge.request_for(game, 2, "apprentice")
    with pytest.raises(ValueError, match="not a qin-ai-request/2"):
        ai_bridge.answer(json.dumps({"format": "qin-ai-request/1"}))
    data = json.loads(ai_bridge.request_for(game, 1, "apprentice"))
    data["view"] = game.view(2).to_view_dict()  # a view of a seat that is not to move
    with pytest.raises(ValueError, match="the request is for player 2, but player 1"):
        ai_bridge.answer(json.dumps(data))


@pytest.mark.parametrize(("field", "value", "quoted"), [
    ("ai_seed", "1", "'1'"), ("budget_s", -1, "-1"), ("level", 3, "3"),
    ("view", {"format": "qin-view/1"}, 'no "board"'), ("extra", 1, "'extra'")])
def test_a_malformed_request_is_refused_quoting_it(field: str, value: object,
                                                   quoted: str) -> None:
    data = json.loads(ai_bridge.request_for(qin.Game.new(seed=2), 1, "governor"))
    data[field] = value
    with pytest.raises(ValueError) as caught:
        ai_bridge.answer(json.dumps(data))
    assert quoted in str(caught.value)


# -- the answer is a legal move ------------------------------------------------------------
def test_the_fast_levels_answer_legally_through_whole_games() -> None:
    for count, seed, level, plies in ((2, 4, "apprentice", 999), (4, 9, "apprentice", 999),
                                      (3, 6, "governor", 30)):
        game = qin.Game.new(players=count, seed=seed)
        while not game.is_over and len(game.moves) < plies:
            text = ai_bridge.answer(ai_bridge.request_for(game, game.to_move, level))
            assert qin.Move.parse(text) in game.legal_moves()
            game.play(text)


@pytest.mark.parametrize("level", ["minister", "emperor"])
def test_the_searching_levels_answer_legally(level: str) -> None:
    for game in positions(2, 12, 30)[::10]:
        text = ai_bridge.answer(quick(ai_bridge.request_for(game, game.to_move, level)))
        assert qin.Move.parse(text) in game.legal_moves()


def test_the_answer_depends_on_the_request_alone() -> None:
    game = positions(2, 14, 12)[-1]
    request = ai_bridge.request_for(game, game.to_move, "governor")
    other = game.view(game.to_move).sample(random.Random(1))
    assert ai_bridge.answer(request) == ai_bridge.answer(
        ai_bridge.request_for(other, game.to_move, "governor"))


def test_only_a_pass_is_answered_with_pass() -> None:
    game = qin.Game.from_position("players: 2\nto-move: 1\nhand-1: RR\nhand-2: YY\n"
                                  "r1 r . . r2 r\n")
    assert game.legal_moves() == [qin.PASS]
    assert ai_bridge.answer(ai_bridge.request_for(game, 1, "emperor")) == "pass"


def test_budgets_keep_the_top_level_under_a_second_and_a_half() -> None:
    # every level offered, and the Son of Heaven that gives the hints
    assert [lv.key for lv in qin.ai.LEVELS] + ["heaven"] == list(ai_bridge.BUDGETS)
    for top in ("emperor", "heaven"):
        budget = ai_bridge.BUDGETS[top]
        assert budget is not None and budget < 1.5
    game = positions(2, 3, 8)[-1]
    data = json.loads(ai_bridge.request_for(game, game.to_move, "minister"))
    assert data["budget_s"] == ai_bridge.BUDGETS["minister"]


# -- the registry of seat kinds --------------------------------------------------------------
def test_the_levels_are_registered_as_seat_kinds() -> None:
    keys = [lv.key for lv in qin.ai.LEVELS]
    assert list(players.KINDS) == ["human", *keys, "heaven"]  # the Son of Heaven last
    for lv in qin.ai.LEVELS:
        kind = players.kind(lv.key)
        assert not kind.human and kind.level == lv.key and kind.name == lv.name
        assert kind.label == f"Computer: {lv.name}" and kind.description == lv.description
    assert players.kind("human").name == "Human" and not players.kind("human").level
    settings = setup.Settings((setup.Seat("Ann", "green"),
                               setup.Seat("Bo", "white", "minister")))
    html = views.seats_html(settings)
    assert html.count('<option value="emperor"') == 2
    assert f'title="{qin.ai.LEVELS[3].description}"' in html
    assert 'id="seat-hint-1"' in html and 'id="seat-hint-0"' not in html
    assert setup.problems(settings) == []


def test_a_levels_chooser_plays_legal_moves_in_a_session() -> None:
    settings = setup.Settings((setup.Seat("Ann", "green", "apprentice"),
                               setup.Seat("Bo", "white", "governor")), seed=3)
    s = Session(settings)
    assert computer.watching(s) and computer.has_computers(s)
    assert computer.min_think_ms(s) == 0  # watched games are paced by the speed control
    while not s.over:
        before = len(s.game.moves)
        assert s.computer_move()
        assert len(s.game.moves) == before + 1
    assert s.turns and all(wording.turn_lines(t) for t in s.turns)


# -- pacing, staleness, the status ---------------------------------------------------------
def test_a_computer_turn_is_asked_and_accepted_only_where_it_was_asked() -> None:
    settings = setup.Settings((setup.Seat("Ann", "green"),
                               setup.Seat("Bo", "white", "minister")), seed=7)
    s = Session(settings)
    assert computer.ask(s) is None and not computer.watching(s)
    assert computer.delay_ms(s, "pause") == computer.BEAT_MS  # a human plays: no pausing
    assert computer.min_think_ms(s) == computer.MIN_THINK_MS > 0  # thinking is seen
    hand = s.visible_hand()
    assert hand is not None
    s.select(next(i for i, k in enumerate(hand) if s.playable(k)))
    s.click(s.legal_squares()[0])
    request = computer.ask(s)
    assert request is not None
    assert wording.status(s) == "Bo (Minister) is thinking…"
    assert computer.status(s, "starting", "normal")[1] == "loading"
    assert computer.status(s, "ready", "normal") == ("Bo (Minister) is thinking…", "thinking")
    text = ai_bridge.answer(quick(request))
    # The human took the move back while the computer thought: the answer is dropped.
    s.undo()
    assert computer.accept(s, request, text) == NOTHING and s.game.moves == []
    # Asked again where it stands, the answer is played (a nonsense answer never is).
    s.select(next(i for i, k in enumerate(hand) if s.playable(k)))
    s.click(s.legal_squares()[0])
    assert computer.accept(s, request, "not a move") == NOTHING
    assert computer.accept(s, request, "pass") == NOTHING
    assert computer.accept(s, request, text) and len(s.game.moves) == 2


def test_watch_mode_speeds() -> None:
    settings = setup.Settings((setup.Seat("A", "green", "apprentice"),
                               setup.Seat("B", "white", "emperor")), seed=2)
    s = Session(settings)
    assert computer.delay_ms(s, "pause") is None
    assert computer.delay_ms(s, "fast") == 0
    slow, normal = computer.delay_ms(s, "slow"), computer.delay_ms(s, "normal")
    assert slow is not None and normal is not None and slow > normal > 0
    assert computer.status(s, "ready", "pause") == ("Paused: A (Apprentice) moves next.",
                                                   "paused")
    assert not s.humans() and not s.can_undo and not s.covered


def test_a_hint_request_is_answered_with_the_move_and_the_next_best() -> None:
    game = positions(2, 3, 8)[-1]
    request = ai_bridge.request_for(game, game.to_move, "heaven", hint=True)
    assert json.loads(request)["kind"] == "hint"
    first, other = ai_bridge.answer(request).split()
    legal = game.legal_moves()
    assert qin.Move.parse(first) in legal and qin.Move.parse(other) in legal
    assert first != other
    with pytest.raises(ValueError, match="kind"):
        ai_bridge.answer(request.replace('"kind":"hint"', '"kind":"other"'))
