"""A computer players' worker that fails (web/page/qin_ui/play.py): the game goes on.

A computer's move the worker cannot give (it threw: an empty answer; it could not start;
it never answered within ``play.ANSWER_WAIT_MS``) is played by the page's own Python at
the Apprentice's level, and the status says so in words while it is the last move; the
game is saved with it.  A worker that stopped answering is ended and a fresh one is
started when next needed.  A hint or a review that gets no answer says so, and can be
asked again (the failed hint's button reads as closing its box, not refusing it).
CPython, no browser."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
sys.path.insert(0, str(WEB))

from qin_ui import actions as A  # noqa: E402
from qin_ui import ai_bridge  # noqa: E402
from qin_ui.app import App  # noqa: E402
from qin_ui.modes import Mode  # noqa: E402
from qin_ui.play import ANSWER_WAIT_MS, START_WAIT_MS  # noqa: E402

from tests.test_app import against_governor, form, moves, new_app, play_one, run, session, stored  # noqa: E402

SAID = "was silent: the Apprentice moved."
"""What the status says (after the computer's name) while its move played by the page is
the last one: a few words, a phone's line."""
IN_FULL = "the computer player did not answer, so the Apprentice played this move in its place."
"""What the note under the status says then, opened by the status's Why? button."""


def waits(effects: list[A.Effect]) -> list[A.After]:
    return [e for e in effects if isinstance(e, A.After)]


def asked_move(effects: list[A.Effect]) -> A.AskComputer:
    return next(e for e in effects if isinstance(e, A.AskComputer))


def status(app: App) -> str:
    return app.screen().elements["status-text"].text or ""


def why(app: App) -> str | None:
    """The status's Why? button: its words (``None``: it is hidden)."""
    button = app.screen().elements["status-why"]
    return None if button.hidden else button.text


def reason(app: App) -> str | None:
    """The note under the status that the Why? button opens (``None``: closed); the
    button says whether it is open (``aria-expanded``)."""
    els = app.screen().elements
    note, button = els["status-detail"], els["status-why"]
    expanded = dict(button.attrs).get("aria-expanded")
    assert expanded == ("false" if note.hidden else "true"), (expanded, note.hidden)
    return None if note.hidden else note.text


def worker(app: App) -> str:
    """The worker's state (read afresh: each action changes it)."""
    return app.state.worker


def hint_stage(app: App) -> str | None:
    hint = app.state.game.hint
    return hint.stage if hint is not None else None


def saved_moves(app: App) -> list[str]:
    saves = [json.loads(v) for k, v in stored(app).items() if k.startswith("qin.save.")]
    assert len(saves) == 1
    record = saves[0]["record"]
    return list(record["moves"])


def saved_names(app: App) -> list[str]:
    saves = [json.loads(v) for k, v in stored(app).items() if k.startswith("qin.save.")]
    assert len(saves) == 1
    return list(saves[0]["record"]["names"])


def computer_asked(app: App) -> A.AskComputer:
    """The human has moved; the computer's pause is over: its move asked of the worker
    (ready), with the wait for its answer."""
    play_one(app)
    turn = app.state.game.turn
    assert turn is not None and turn.stage == "waiting"
    effects = run(app, A.Timer(turn.token))
    ask = asked_move(effects)
    assert [w.ms for w in waits(effects)] == [ANSWER_WAIT_MS]
    return ask


@pytest.fixture
def governor() -> App:
    return against_governor()


def test_a_move_the_worker_throws_on_is_played_by_the_page_and_said(
        governor: App) -> None:
    app = governor
    ask = computer_asked(app)
    run(app, A.ComputerAnswer(ask.token, "", 40.0))  # the worker threw
    assert len(moves(app)) == 2 and app.mode is Mode.PLAYING
    assert saved_moves(app) == moves(app)
    # the Apprentice's move from the Governor's own view, as the worker would give it;
    # said in a few words, whose move is next after them (a phone's two lines), and in
    # full in a note under the status that its Why? button opens and closes
    assert status(app) == f"White {SAID} Green to move.", status(app)
    assert why(app) == "Why?" and reason(app) is None
    run(app, A.Command("status-why"))
    assert reason(app) == f"White (Governor): {IN_FULL}"
    assert status(app) == f"White {SAID} Green to move."
    run(app, A.Command("status-why"))
    assert reason(app) is None
    run(app, A.Command("status-why"))
    # a tile picked: what to do with it, after the same words
    s = session(app)
    hand = s.visible_hand()
    assert hand is not None
    run(app, A.Command("select", str(next(i for i, k in enumerate(hand) if s.playable(k)))))
    assert status(app).startswith(f"White {SAID} Green: place the ")
    assert why(app) and reason(app)  # still open
    # the next move is the player's own: the words go with it; the next computer move
    # is asked of the worker again
    run(app, A.BoardClick(s.legal_squares()[0]))
    turn = app.state.game.turn
    assert turn is not None
    ask = asked_move(run(app, A.Timer(turn.token)))
    assert SAID not in status(app) and why(app) is None and reason(app) is None
    assert json.loads(ask.request)["level"] == "governor"


def test_a_worker_that_never_answers_is_replaced_and_the_move_played(
        governor: App) -> None:
    app = governor
    computer_asked(app)
    wait = app.state.worker_watch
    assert wait is not None
    effects = run(app, A.Timer(wait))
    assert A.RestartWorker() in effects
    assert len(moves(app)) == 2 and SAID in status(app)
    assert worker(app) == "warming"  # a fresh one, while the player looks
    # the next computer move starts it, and waits for it to start
    play_one(app)
    turn = app.state.game.turn
    assert turn is not None
    effects = run(app, A.Timer(turn.token))
    assert [w.ms for w in waits(effects)] == [START_WAIT_MS]
    assert worker(app) == "starting"


def test_a_worker_that_never_starts_or_cannot_be_loaded_is_dropped() -> None:
    app = new_app()
    effects = run(app, A.StartGame(form(("governor", "human"))))
    assert A.StartWorker() in effects
    turn = app.state.game.turn
    assert turn is not None
    effects = run(app, A.Timer(turn.token))
    assert [w.ms for w in waits(effects)] == [START_WAIT_MS]
    assert app.state.worker_watch is not None
    effects = run(app, A.Timer(app.state.worker_watch))
    assert A.RestartWorker() in effects  # it never started: ended, not warmed again
    assert len(moves(app)) == 1 and app.mode is Mode.PLAYING and SAID in status(app)
    assert worker(app) == "failed"
    # a worker that cannot be loaded (offline): the shell says so; the next need (not a
    # warming: that would try it again and again) starts another
    app = new_app()
    run(app, A.StartGame(form(("governor", "human"))))
    turn = app.state.game.turn
    assert turn is not None
    run(app, A.Timer(turn.token))
    run(app, A.WorkerFailed())
    assert len(moves(app)) == 1 and worker(app) == "failed" and SAID in status(app)
    assert app.state.worker_watch is None
    play_one(app)  # the computer to move again: another worker is started
    assert worker(app) == "starting"


def test_a_worker_that_fails_in_the_computer_s_pause_is_tried_once_for_that_move() -> None:
    app = new_app()
    effects = run(app, A.StartGame(form(("governor", "human"))))
    assert A.StartWorker() in effects
    turn = app.state.game.turn
    assert turn is not None and turn.stage == "waiting"
    # it cannot be loaded, said before the computer's pause is over: not started again
    # for this move (each start would fail as fast, again and again)
    effects = run(app, A.WorkerFailed())
    assert A.StartWorker() not in effects and worker(app) == "failed"
    assert len(moves(app)) == 0 and app.state.game.turn is turn
    # the rest of the pause: the computer thinks, the worker is no longer said to start
    assert status(app) == "Green (Governor) is thinking…", status(app)
    assert dict(app.screen().elements["status"].data).get("ai") == "thinking"
    # the pause over, the move is played for it at once, said
    effects = run(app, A.Timer(turn.token))
    assert A.StartWorker() not in effects and not waits(effects)
    assert len(moves(app)) == 1 and SAID in status(app)
    play_one(app)  # the computer's next move: another worker is started
    assert worker(app) == "starting"


def test_the_words_are_the_catalogue_s_in_german_and_french(governor: App) -> None:
    app = governor
    ask = computer_asked(app)
    run(app, A.ComputerAnswer(ask.token, "", 40.0))
    english = (WEB.parent / "i18n" / "en.json").read_text(encoding="utf-8")
    try:
        # the seats named after their colours ("White", "Green") are named in the page's
        # language; the saved game keeps the names the game was given
        for lang, words, why_word, in_full in (
                ("de", "Weiß antwortete nicht: Der Lehrling zog. Grün ist am Zug.",
                 "Warum?", "Weiß (Statthalter): Der Computerspieler hat nicht geantwortet"),
                ("fr", "Blanc n’a pas répondu\u00a0: l’Apprenti a joué. À Vert de jouer.",
                 "Pourquoi\u00a0?", "Blanc (Gouverneur)\u00a0: le joueur ordinateur")):
            text = (WEB.parent / "i18n" / f"{lang}.json").read_text(encoding="utf-8")
            run(app, A.LanguageChosen(lang, text, form()))
            assert status(app) == words and why(app) == why_word
            run(app, A.Command("status-why"))
            assert in_full in (reason(app) or ""), reason(app)
            run(app, A.Command("status-why"))
        assert saved_names(app) == ["Green", "White"]
    finally:
        run(app, A.LanguageChosen("en", english, form()))
    assert status(app) == f"White {SAID} Green to move."


def test_a_hint_without_an_answer_says_so_and_is_asked_again(governor: App) -> None:
    app = governor
    ask = next(e for e in run(app, A.Command("hint")) if isinstance(e, A.AskHint))
    run(app, A.HintAnswer(ask.token, "", 30.0))
    els = app.screen().elements
    assert els["hint-box"].hidden is False and ("state", "failed") in els["hint-box"].data
    assert "did not answer" in (els["hint-text"].text or "")
    assert els["hint-take"].hidden is True and els["hint"].disabled is False
    # nothing to refuse: its button closes the box, in each language's words
    assert els["hint-dismiss"].text == "Close (Esc)"
    english = (WEB.parent / "i18n" / "en.json").read_text(encoding="utf-8")
    try:
        for lang, words in (("de", "Schließen (Esc)"), ("fr", "Fermer (Échap)")):
            text = (WEB.parent / "i18n" / f"{lang}.json").read_text(encoding="utf-8")
            run(app, A.LanguageChosen(lang, text, form()))
            assert app.screen().elements["hint-dismiss"].text == words
    finally:
        run(app, A.LanguageChosen("en", english, form()))
    # asked again; this time the worker never answers: said the same, and asked again
    ask = next(e for e in run(app, A.Command("hint")) if isinstance(e, A.AskHint))
    assert app.state.worker_watch is not None
    assert A.RestartWorker() in run(app, A.Timer(app.state.worker_watch))
    assert hint_stage(app) == "failed"
    assert A.StartWorker() in run(app, A.Command("hint"))
    ask = next(e for e in run(app, A.WorkerReady()) if isinstance(e, A.AskHint))
    run(app, A.HintAnswer(ask.token, ai_bridge.answer(ask.request), 30.0))
    assert hint_stage(app) == "shown"
    assert app.screen().elements["hint-dismiss"].text == "No thanks (Esc)"


def test_a_review_without_an_answer_says_so_and_starts_again(governor: App) -> None:
    app = governor
    ask = computer_asked(app)
    run(app, A.ComputerAnswer(ask.token, "", 40.0))
    run(app, A.Command("replay-open"))
    effects = run(app, A.Command("review-open"))
    assert any(isinstance(e, A.AskReview) for e in effects)
    assert app.state.worker_watch is not None
    assert A.Focus("review-close", lost=True) in run(app, A.Timer(app.state.worker_watch))
    run_ = app.state.game.review
    assert run_ is not None and run_.status == "failed"
    els = app.screen().elements
    assert "did not answer" in (els["review-status"].text or "")
    assert els["review-open"].hidden is False
    effects = run(app, A.Command("review-open")) + run(app, A.WorkerReady())
    assert any(isinstance(e, A.AskReview) for e in effects)
    assert session(app).game.moves  # the game itself untouched
