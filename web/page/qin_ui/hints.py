"""Hints (no DOM): Hint asks the strongest computer what it would play from the seat's
own view, its answer shows as a ghost tile with its words, T takes it, No thanks (or
Escape) leaves it; a hint whose worker does not answer says so.
"""

from __future__ import annotations

import qin

from . import wording
from .actions import AskHint, Command, Effect, Focus, HintAnswer, StartWorker
from .ai_bridge import request_for
from .core import Core
from .i18n import t
from .modes import Mode
from .state import HintAsk

HINT_LEVEL = "heaven"
"""The strongest computer level, the Son of Heaven: it gives the hints (with its own
time cap), and its judgement names the next best move they are compared with."""
HINT_BUTTON = "hint"
HINT_DISMISS = "hint-dismiss"
"""Hint, and the hint's box's "No thanks" (which closes it)."""


def hint_ask(app: Core, _: Command) -> list[Effect]:
    """Hint: the strongest computer asked what it would play, from the seat's own view
    (a pass is said at once; one asked or shown already: nothing more)."""
    st = app.state
    s = st.game.session
    if s is None:
        return []
    if not s.hint_allowed:
        st.spoken = t("hint.not_now" if s.settings.hints else "hint.off")
        return []
    if st.game.hint is not None and st.game.hint.stage != "failed":
        return []  # one under way or shown: nothing more to ask
    if s.must_pass:  # nothing to think about: the hint says so at once
        st.game.hint = HintAsk(st.token(), "", "shown", "pass")
        st.spoken = t("hint.pass")
        return []
    request = request_for(s.game, s.to_move, HINT_LEVEL, hint=True)
    st.game.hint = HintAsk(st.token(), request)
    st.spoken = t("hint.asking")
    # Hint itself is disabled while it thinks: the focus it had goes to the hint's box.
    into_box = Focus(HINT_DISMISS, lost=True)
    if st.worker == "ready":
        return [AskHint(st.game.hint.token, request), into_box]
    st.game.hint.stage = "worker"
    return [StartWorker(), into_box] if st.worker_now() else [into_box]


def asked_once_ready(app: Core) -> list[Effect]:
    """The worker is ready: the hint that waited for it is asked now."""
    hint = app.state.game.hint
    if hint is None or hint.stage != "worker":
        return []
    hint.stage = "asked"
    return [AskHint(hint.token, hint.request)]


def hint_take(app: Core, _: Command) -> list[Effect]:
    """The hint shown played (a pass: passed)."""
    st = app.state
    s = st.game.session
    shown = st.game.hint
    if s is None or shown is None or shown.stage != "shown":
        return []
    if shown.move == "pass":
        st.game.hint = None
        s.pass_turn()
        return []
    if s.hint is None:
        return []
    move = s.hint
    st.game.hint, s.hint = None, None
    if move in s.game.legal_moves():  # never otherwise: a move clears the hint
        s.play(move)
    return []


def hint_dismiss(app: Core, _: Command) -> list[Effect]:
    """The hint left (shown or asked: an answer still to come is dropped)."""
    st = app.state
    s = st.game.session
    if s is not None:
        st.game.hint, s.hint = None, None
    return [Focus(HINT_BUTTON, lost=True)]  # the box gone, its button's focus to Hint


def hint_answer(app: Core, answer: HintAnswer) -> list[Effect]:
    st = app.state
    s = st.game.session
    asked = st.game.hint
    if asked is None or asked.token != answer.token or asked.stage != "asked" \
            or s is None:
        return []  # stale: a move, an undo or another game came in between
    if app.mode is not Mode.PLAYING or not s.hint_allowed \
            or request_for(s.game, s.to_move, HINT_LEVEL, hint=True) != asked.request:
        st.game.hint = None
        return []
    legal = s.game.legal_moves()
    try:
        found = [qin.Move.parse(text) for text in answer.text.split()[:2]]
    except ValueError:
        found = []
    if not found or found[0].is_pass or any(m not in legal for m in found):
        failed(app)
        return []
    move = found[0]
    considered = s.considered()
    other = considered if considered is not None and considered != move else (
        found[1] if len(found) > 1 else None)
    asked.stage, asked.move = "shown", str(move)
    s.show_hint(move, other, other is considered and other is not None)
    st.spoken = wording.hint_text(s)
    return []


def failed(app: Core) -> None:
    """The hint asked for gets no answer: its box says so, and Hint asks again."""
    st = app.state
    if st.game.hint is not None:
        st.game.hint.stage = "failed"
        st.spoken = t("hint.failed")
