# The mode (app.mode) changes through each action dispatched; mypy would keep what an
# assert said of it across the calls between (and call the next assert's mode
# impossible): no "non-overlapping" check of those asserts here.
# mypy: disable-error-code="comparison-overlap"
"""The board's motion and sound as data (web/page/qin_ui/motion.py, senses.py): after a
move the page's Python says what moved (the tile, pagodas that rise or leave, a village
changing hands) and which sounds go with it; the shell only plays them.  The events are
the engine's (founding Q11, a second pagoda Q14, absorbing Q12/Q13, villages Q15)."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import qin

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
sys.path.insert(0, str(WEB))

from qin_ui import motion  # noqa: E402


def before_move(seed: int, ply: int) -> tuple[qin.Game, qin.Move]:
    """A seeded random game (2 players, Bird) just before its move number ``ply``."""
    game = qin.Game.new(board="bird", players=2, seed=seed)
    rng = random.Random(seed)
    move = rng.choice(game.legal_moves())
    for _ in range(ply - 1):
        game.play(move)
        move = rng.choice(game.legal_moves())
    return game, move


def cues_of(seed: int, ply: int, *, seat: int | None = None,
            pace: str = "normal") -> list[dict[str, Any]]:
    game, move = before_move(seed, ply)
    before = motion.pagoda_spots(game.board)
    events = game.play(move)
    return [dict(c) for c in motion.cues(str(move), events, before,
                                         motion.pagoda_spots(game.board), seat=seat, pace=pace)]


def kinds(cues: Iterable[Mapping[str, Any]]) -> list[str]:
    return [c["cue"] for c in cues]


def test_a_founding_tile_settles_and_its_pagoda_rises() -> None:  # Q11
    cues = cues_of(1, 1)
    assert kinds(cues) == ["settle", "rise"]
    assert cues[0]["move"] == "Bf5Bf6"
    assert (cues[1]["player"], cues[1]["at"]) == (1, "f5")
    assert cues[1]["delay"] >= cues[0]["ms"]  # the pagoda rises once the tile is down
    assert all(150 <= c["ms"] <= 300 for c in cues)


def test_a_computers_tile_travels_from_its_seat_a_little_longer() -> None:
    settle = cues_of(1, 1)[0]
    travel = cues_of(1, 1, seat=1)[0]
    assert travel["cue"] == "travel" and travel["seat"] == 1
    assert settle["ms"] < travel["ms"] <= 400


def test_a_village_taken_changes_hands() -> None:  # Q15
    cues = cues_of(2, 23)
    village = next(c for c in cues if c["cue"] == "village")
    assert village["at"] and village["from"] != 0 and village["player"] != village["from"]
    assert {"player": village["from"], "at": village["at"]} in \
        [{"player": c["player"], "at": c["at"]} for c in cues if c["cue"] == "leave"]
    assert {"player": village["player"], "at": village["at"]} in \
        [{"player": c["player"], "at": c["at"]} for c in cues if c["cue"] == "rise"]


def test_absorbed_pagodas_leave_the_board() -> None:  # Q12/Q13
    game, move = before_move(2, 46)
    before = motion.pagoda_spots(game.board)
    events = game.play(move)
    losers = {p for e in events if e.kind == "absorb" for p in e.losers or ()}
    cues = motion.cues(str(move), events, before, motion.pagoda_spots(game.board),
                       seat=None, pace="normal")
    leaving = {c["player"] for c in cues if c["cue"] == "leave"}
    assert losers and losers <= leaving
    for c in cues:
        if c["cue"] == "leave":  # each was on the board before, and is gone
            assert any(p == c["player"] and at == c["at"] for p, at, _ in before)


def test_a_second_pagoda_grows_where_the_first_stood() -> None:  # Q14
    game = qin.Game.new(board="bird", players=2, seed=1)
    rng = random.Random(1)
    for _ in range(32):
        game.play(rng.choice(game.legal_moves()))
    move = rng.choice(game.legal_moves())
    before = motion.pagoda_spots(game.board)
    events = game.play(move)
    assert "major" in {e.kind for e in events}
    cues = motion.cues(str(move), events, before, motion.pagoda_spots(game.board),
                       seat=None, pace="normal")
    assert kinds(cues) == ["settle", "rise"]  # not a pagoda leaving and another coming


def test_the_pace_scales_every_cue_and_off_moves_nothing() -> None:
    normal = cues_of(1, 2)
    fast = cues_of(1, 2, pace="fast")
    slow = cues_of(1, 2, pace="slow")
    assert kinds(normal) == kinds(fast) == kinds(slow)
    for n, f, s in zip(normal, fast, slow, strict=True):
        assert f["ms"] < n["ms"] < s["ms"]
    assert cues_of(1, 2, pace="off") == []
    assert motion.cues("pass", [], frozenset(), frozenset(), seat=2, pace="normal") == ()


def test_settings_read_from_the_browser_fall_back_to_the_defaults() -> None:
    assert motion.read_pace("fast") == "fast"
    for damaged in (None, "", "warp", "<b>"):
        assert motion.read_pace(damaged) == motion.DEFAULT_PACE
    assert motion.read_sound("on") is True
    for other in (None, "off", "ON", "1"):
        assert motion.read_sound(other) is False


def test_the_sounds_of_a_move() -> None:
    game, move = before_move(1, 2)  # founds a province and takes a village
    events = game.play(move)
    names = [n for n, _ in motion.sounds(str(move), events, your_turn=True, over=False)]
    assert names == ["place", "found", "village", "turn"]
    delays = [d for _, d in motion.sounds(str(move), events, your_turn=True, over=False)]
    assert delays == sorted(delays) and delays[0] == 0
    assert [n for n, _ in motion.sounds("pass", [], your_turn=False, over=True)] == ["end"]
    assert set(names) <= set(motion.SOUNDS)


# -- the replay and the tutorial move as a game does --------------------------------------
def _page_app(hash_: str = "") -> Any:
    from qin_ui import actions as A
    from qin_ui.app import App
    from qin_ui.saves import MemoryStorage, SaveStore

    app = App(SaveStore(MemoryStorage()))
    app.store(app.dispatch(A.Boot("http://localhost/" + hash_, hash_)))
    return app


def _sent(differ: Any, app: Any) -> list[str]:
    """The cues' kinds the next reply to the shell plays (none: no motion sent)."""
    out = differ.diff(app.screen())
    return [c["cue"] for c in out.get("motion", {}).get("cues", [])]


def test_a_replay_step_on_moves_as_the_game_did_and_back_or_a_jump_does_not() -> None:
    from host import Differ
    from qin_ui import actions as A
    from qin_ui import links

    game, _ = before_move(1, 4)  # its first move founds (Q11): a tile and a pagoda
    app = _page_app(links.fragment(game.record, ["human", "governor"]))
    differ = Differ()
    differ.diff(app.screen())
    app.store(app.dispatch(A.Command("replay-open")))
    app.store(app.dispatch(A.Command("replay-start")))
    assert _sent(differ, app) == []
    app.store(app.dispatch(A.Command("replay-step")))
    assert _sent(differ, app) == ["settle", "rise"]  # seat 1 is human: its tile settles
    app.store(app.dispatch(A.Command("replay-step")))
    assert _sent(differ, app)[0] == "travel"  # the Governor's tile comes from its seat
    assert app.screen().moved.sounds == ()  # a replay is looked at: no sound
    steps: tuple[tuple[A.CommandName, str], ...] = (
        ("replay-back", ""), ("replay-jump", "3"), ("replay-end", ""), ("replay-start", ""))
    for name, arg in steps:
        app.store(app.dispatch(A.Command(name, arg)))
        assert _sent(differ, app) == [], name
    app.store(app.dispatch(A.Command("replay-play")))  # the autoplay's steps move too
    timer = app.state.game.replay_timer
    app.store(app.dispatch(A.Timer(timer)))
    assert _sent(differ, app) == ["settle", "rise"]
    app.store(app.dispatch(A.Command("motion", "off")))
    app.store(app.dispatch(A.Timer(app.state.game.replay_timer)))
    assert _sent(differ, app) == []  # the pace "off": nothing moves
    app.store(app.dispatch(A.Command("replay-exit")))
    assert _sent(differ, app) == []  # the game's own last move is not played again


def test_the_tutorials_move_moves_as_in_a_game() -> None:
    from host import Differ
    from qin_ui import actions as A

    from tests.test_tutorial import HITS, try_move

    app = _page_app("#learn=place")
    differ = Differ()
    assert app.state.tutorial.lesson is not None
    differ.diff(app.screen())
    try_move(app, "Rf1Bf2")  # refused (Q7): nothing moves
    assert _sent(differ, app) == []
    try_move(app, HITS["place"])
    assert app.state.tutorial.lesson.outcome == "done"
    assert _sent(differ, app)[:1] == ["settle"]  # the tile settles onto its squares
    app.store(app.dispatch(A.Command("tutorial-next")))
    assert _sent(differ, app) == []


def _last_move_left(seed: int) -> tuple[qin.Game, qin.Move]:
    """A seeded random game (2 players, Bird) just before its last move, a placement."""
    game = qin.Game.new(board="bird", players=2, seed=seed)
    rng = random.Random(seed)
    moves = []
    while not game.is_over:
        move = rng.choice(game.legal_moves())
        game.play(move)
        moves.append(move)
    start = qin.Game.new(board="bird", players=2, seed=seed)
    for move in moves[:-1]:
        start.play(move)
    return start, moves[-1]


def test_the_last_move_moves_when_the_result_is_closed_not_under_it() -> None:
    from host import Differ
    from qin_ui import actions as A
    from qin_ui import links
    from qin_ui.modes import Mode
    from qin_ui.session import anchor_of

    seed = next(n for n in range(1, 50) if str(_last_move_left(n)[1]) != "pass")
    game, last = _last_move_left(seed)
    app = _page_app(links.fragment(game.record, ["human", "human"]))
    app.store(app.dispatch(A.Command("sound")))
    differ = Differ()
    differ.diff(app.screen())
    s = app.state.game.session
    assert s is not None and not s.over
    hand = s.game.hand(s.to_move)
    app.store(app.dispatch(A.Command("select", str(hand.index(last.kind)))))
    (x, y), orientation = anchor_of(last)
    while s.orientation != orientation:
        app.store(app.dispatch(A.Command("rotate", "1")))
    geo = s.game.board.geo
    app.store(app.dispatch(A.BoardClick(geo.names[y * geo.width + x])))
    assert s.over and app.mode is Mode.RESULT
    # The result's dialog blurs the board: the move sounds now and moves when the
    # player closes the result to look at the board (on the board already drawn).
    out = differ.diff(app.screen())
    assert out["motion"]["cues"] == [] and out["motion"]["sounds"]
    app.store(app.dispatch(A.Command("result-close")))
    assert app.mode is Mode.PLAYING
    assert _sent(differ, app)[:1] == ["settle"]
    app.store(app.dispatch(A.Command("result-show")))  # shown again: nothing moves twice
    app.store(app.dispatch(A.Command("result-close")))
    assert _sent(differ, app) == []
