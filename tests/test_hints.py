"""Hints on the game page (web/page/qin_ui/app.py): H (or the Hint button) asks the
strongest computer (the Son of Heaven) what it would play from the human's own view,
the answer shows as the ghost tile with its events and a sentence saying why (against
the move the player was looking at, or the next best), T takes it and Escape leaves
it; when only a pass is legal (Q10), the hint says so.  The
record counts hints per seat (the optional ``"hints"`` field of ``qin-game/1``), and
the result dialog shows them.  CPython, no browser: the worker's answer is computed
here with the same ``ai_bridge.answer`` the worker runs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import qin

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
sys.path.insert(0, str(WEB))

from qin_ui import actions as A  # noqa: E402
from qin_ui import ai_bridge, views  # noqa: E402
from qin_ui.app import App  # noqa: E402
from qin_ui.modes import Mode  # noqa: E402
from qin_ui.saves import MemoryStorage  # noqa: E402
from qin_ui.session import Session  # noqa: E402

from tests.test_app import against_governor, new_app, run, session  # noqa: E402


def form(kinds: tuple[str, ...] = ("human", "governor"), hints: bool = True,
         seed: str = "7") -> A.Form:
    names = ("Green", "White", "Purple", "Black")[:len(kinds)]
    colours = ("green", "white", "purple", "black")[:len(kinds)]
    return A.Form(names, colours, kinds, "bird", False, seed, "single", hints)


def asked(effects: list[A.Effect]) -> A.AskHint:
    return next(e for e in effects if isinstance(e, A.AskHint))


def stored_record(app: App) -> dict[str, object]:
    storage = app.saves.storage
    assert isinstance(storage, MemoryStorage) and app.state.keeping.save is not None
    record: dict[str, object] = json.loads(storage.data[f"qin.save.{app.state.keeping.save.id}"])[
        "record"]
    return record


@pytest.fixture
def governor() -> App:
    """A game against the Governor, the human to move first, the worker ready."""
    return against_governor(form())


def test_a_hint_is_the_son_of_heavens_move_from_the_humans_own_view_and_can_be_taken(
        governor: App) -> None:
    app = governor
    s = session(app)
    ask = asked(run(app, A.Key("h", on_board=True)))
    data = json.loads(ask.request)
    assert data["level"] == "heaven" and data["budget_s"] == ai_bridge.BUDGETS["heaven"]
    assert data["kind"] == "hint"
    view = data["view"]
    assert view["seat"] == 1 and view["to_move"] == 1
    assert sorted(view["hand"]) == sorted(s.game.hand(1))
    assert "hands" not in view  # never another hand: only its size
    assert app.screen().elements["hint-box"].data[0] == ("state", "asked")

    text = ai_bridge.answer(ask.request)
    effects = app.dispatch(A.HintAnswer(ask.token, text, 12.0))
    assert A.Save() in effects  # the count is saved
    app.store(effects)
    first, other = text.split()  # the hint and the next best
    move = qin.Move.parse(first)
    assert s.hint == move and move in s.game.legal_moves()
    assert s.hint_other == qin.Move.parse(other) != move and not s.hint_considered
    assert s.hints == [1, 0] and stored_record(app)["hints"] == [1, 0]
    screen = app.screen()
    assert dict(screen.elements["hint-box"].data) == {"state": "shown", "move": first}
    said = screen.elements["hint-text"].text or ""
    assert "Son of Heaven would play" in said
    assert "\nThis move " in said and "; the next best, " in said  # why, in one sentence
    assert other not in said and first not in said  # words, not move codes
    assert screen.overlay  # the ghost tile and its events on the board
    assert app.state.spoken.startswith("The Son of Heaven would play")

    run(app, A.Key("t", on_board=True))
    assert [str(m) for m in s.game.moves] == [first]
    assert app.state.game.hint is None and s.hint is None and app.mode is Mode.THINKING
    assert s.hints == [1, 0]


def test_escape_or_no_thanks_leaves_the_hint_and_keeps_its_count(governor: App) -> None:
    app = governor
    s = session(app)
    ask = asked(run(app, A.Command("hint")))
    run(app, A.HintAnswer(ask.token, ai_bridge.answer(ask.request), 5.0))
    run(app, A.Key("Escape", on_board=True))
    assert app.state.game.hint is None and s.hint is None and s.game.moves == []
    assert s.hints == [1, 0] and not app.screen().overlay
    ask = asked(run(app, A.Command("hint")))
    run(app, A.HintAnswer(ask.token, ai_bridge.answer(ask.request), 5.0))
    run(app, A.Command("hint-dismiss"))
    assert s.hints == [2, 0] and stored_record(app)["hints"] == [2, 0]


def test_a_hint_asked_twice_or_answered_after_the_turn_changed_is_not_applied(
        governor: App) -> None:
    app = governor
    s = session(app)
    ask = asked(run(app, A.Command("hint")))
    assert not any(isinstance(e, A.AskHint) for e in run(app, A.Command("hint")))
    text = ai_bridge.answer(ask.request)
    # The human moves before the answer comes: the answer is for another position.
    hand = s.visible_hand()
    assert hand is not None
    run(app, A.Command("select", str(next(i for i, k in enumerate(hand) if s.playable(k)))))
    run(app, A.BoardClick(s.legal_squares()[-1]))
    assert len(s.game.moves) == 1 and app.state.game.hint is None
    assert run(app, A.HintAnswer(ask.token, text, 5.0)) == []
    assert s.hint is None and s.hints == [0, 0] and len(s.game.moves) == 1
    # While the computer thinks there is no hint to ask for, and T takes nothing.
    assert app.mode is Mode.THINKING
    assert app.dispatch(A.Key("h", on_board=True)) == []
    assert app.dispatch(A.Key("t", on_board=True)) == []


def test_an_undo_between_question_and_answer_drops_the_answer() -> None:
    app = new_app()
    run(app, A.StartGame(form(("human", "human"))))
    run(app, A.WorkerReady())
    s = session(app)
    hand = s.visible_hand()
    assert hand is not None
    run(app, A.Command("select", str(next(i for i, k in enumerate(hand) if s.playable(k)))))
    run(app, A.BoardClick(s.legal_squares()[0]))
    run(app, A.Command("cover-ok"))
    ask = asked(run(app, A.Command("hint")))  # hot seat: White asks
    assert json.loads(ask.request)["view"]["seat"] == 2
    run(app, A.Command("undo"))
    run(app, A.Command("cover-ok"))
    assert s.to_move == 1 and app.mode is Mode.PLAYING
    assert run(app, A.HintAnswer(ask.token, ai_bridge.answer(ask.request), 5.0)) == []
    assert s.hint is None and s.hints == [0, 0]


def test_the_first_hint_starts_the_worker_and_is_asked_once_it_is_ready() -> None:
    app = new_app()
    run(app, A.StartGame(form(("human", "human"))))
    effects = run(app, A.Command("hint"))
    assert A.StartWorker() in effects and not any(isinstance(e, A.AskHint) for e in effects)
    ask = asked(run(app, A.WorkerReady()))
    assert json.loads(ask.request)["level"] == "heaven"


def test_hints_switched_off_hide_the_button_and_refuse_the_key() -> None:
    app = new_app()
    run(app, A.StartGame(form(hints=False)))
    run(app, A.WorkerReady())
    assert app.state.start.settings.hints is False
    assert app.screen().elements["hint"].hidden is True
    assert run(app, A.Key("h", on_board=True)) == [A.Handled()]
    assert app.state.game.hint is None  # nothing asked; said why
    assert app.state.spoken == "Hints are off for this game."
    # Kept with the save: resumed in another tab, hints are still off.
    storage = app.saves.storage
    assert isinstance(storage, MemoryStorage) and app.state.keeping.save is not None
    other = new_app(storage)
    run(other, A.Command("resume", app.state.keeping.save.id))
    assert session(other).settings.hints is False


def test_hint_counts_survive_resume_export_and_show_in_the_result(governor: App) -> None:
    app = governor
    ask = asked(run(app, A.Command("hint")))
    run(app, A.HintAnswer(ask.token, ai_bridge.answer(ask.request), 5.0))
    storage = app.saves.storage
    assert isinstance(storage, MemoryStorage) and app.state.keeping.save is not None
    other = new_app(storage)
    run(other, A.Command("resume", app.state.keeping.save.id))
    assert session(other).hints == [1, 0]
    download = next(e for e in run(other, A.Command("export")) if isinstance(e, A.Download))
    exported = json.loads(download.text)
    assert exported["hints"] == [1, 0]
    # The exported record imports with its counts; a finished one shows them.
    game = qin.Game.from_record({**exported, "hints": [0, 0]})
    while not game.is_over:
        game.play(game.legal_moves()[0])
    finished = {**game.record(), "hints": [3, 1]}
    run(other, A.Command("new-game"))
    run(other, A.Imported(json.dumps(finished), "done.json"))
    assert other.mode is Mode.RESULT and session(other).hints == [3, 1]
    html = views.result_html(session(other))
    assert 'data-hints="3 1"' in html and "Hints asked: Green 3, White 1." in html
    # No hint asked: nothing about hints in the result or in the record.
    plain = new_app()
    run(plain, A.Imported(json.dumps(game.record()), "plain.json"))
    assert "hints" not in views.result_html(session(plain))
    assert "hints" not in stored_record(plain)


def test_a_hint_is_compared_with_the_move_the_player_was_looking_at(governor: App) -> None:
    app = governor
    s = session(app)
    run(app, A.Command("select", "0"))
    for square in s.game.board.geo.names:  # the picked tile's ghost where it may go
        run(app, A.Hover(square))
        if s.considered() is not None:
            break
    considered = s.considered()
    assert considered is not None
    ask = asked(run(app, A.Command("hint")))
    text = ai_bridge.answer(ask.request)
    run(app, A.HintAnswer(ask.token, text, 5.0))
    if considered == s.hint:  # the player was looking at the hint itself
        assert s.hint_other == qin.Move.parse(text.split()[1]) and not s.hint_considered
        return
    assert s.hint_other == considered and s.hint_considered
    said = app.screen().elements["hint-text"].text or ""
    assert "; your " in said and considered.text not in said


PASS_ONLY = "players: 2\nhand-1: RR\nhand-2: YY\nr1 r r r r . r2 r r r r\n~ ~ ~ ~ ~ . ~ ~ ~ ~ ~\n"
"""Player 1 holds a red double and no square is free next to a province: only a pass."""


def test_when_only_a_pass_is_legal_the_hint_says_so_and_take_passes() -> None:
    app = new_app()
    run(app, A.StartGame(form(("human", "human"))))
    run(app, A.WorkerReady())
    s = Session(session(app).settings, qin.Game.from_position(PASS_ONLY))
    app.state.game.session = s
    assert s.must_pass and s.hint_allowed
    effects = run(app, A.Command("hint"))
    assert not any(isinstance(e, A.AskHint) for e in effects)  # nothing to think about
    screen = app.screen()
    words = "You can only pass: no tile in your hand fits anywhere."
    assert screen.elements["hint-text"].text == words and app.state.spoken == words
    assert screen.elements["hint-box"].hidden is False
    run(app, A.Key("t", on_board=True))
    assert [str(m) for m in s.game.moves] == ["pass"]
