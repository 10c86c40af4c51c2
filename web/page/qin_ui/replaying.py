"""The replay and the review beside it (no DOM): step through the game's moves
(the live game is untouched), and the review asked of the worker one move at a time.
"""

from __future__ import annotations

import contextlib

import qin

from .actions import After, AskReview, Command, Effect, ReviewAnswer, StartWorker
from .core import Core
from .replay import Replay
from .review import ReviewRun

REPLAY_TICK_MS = 700


def replay(app: Core, c: Command) -> list[Effect]:
    st = app.state
    s = st.game.session
    r = st.game.replay
    if c.name in ("replay-open", "replay-exit") and r is not None:
        st.game.replay = None
        st.game.replay_timer = None
        if st.game.review is not None:
            st.game.review.cancel()  # an answer under way is dropped
            st.game.review = None
        return []
    if c.name == "replay-open":
        if s is None:
            return []
        try:
            st.game.replay = Replay(s.game.record())
        except qin.QinError as exc:
            st.keeping.save_text, st.keeping.save_state = str(exc), "error"
            return []
        s.selected = None
        return []
    if r is None:
        return []
    if c.name == "replay-start":
        r.start()
    elif c.name == "replay-back":
        r.back()
    elif c.name == "replay-step":
        r.playing = False
        r.step()
    elif c.name == "replay-end":
        r.end()
    elif c.name == "replay-jump":
        r.playing = False
        with contextlib.suppress(ValueError):
            r.jump(int(c.arg))
    elif c.name == "replay-play":
        r.toggle()
        if r.playing and st.game.replay_timer is None:
            st.game.replay_timer = st.token()
            return [After(REPLAY_TICK_MS, st.game.replay_timer)]
    if not r.playing:
        st.game.replay_timer = None
    return []


def review(app: Core, c: Command) -> list[Effect]:
    st = app.state
    s = st.game.session
    run = st.game.review
    if c.name == "review-open":
        if s is None or (run is not None and run.status in ("running", "done")):
            return []
        try:
            record = s.game.record()
            if st.game.replay is None:
                st.game.replay = Replay(record)
                st.game.replay_timer = None
                s.selected = None
        except qin.QinError as exc:
            st.keeping.save_text, st.keeping.save_state = str(exc), "error"
            return []
        st.game.result_open = False
        st.game.review = ReviewRun.start(st.token(), record, s.humans() or None)
        return review_next(app)
    if run is None:
        return []
    if c.name == "review-cancel":
        run.cancel()
    elif c.name == "review-close":
        run.cancel()
        st.game.review = None
    elif c.name == "review-jump":
        try:
            ply = int(c.arg)
        except ValueError:
            return []
        r = st.game.replay
        if r is None or run.entry(ply) is None:
            return []
        run.at = ply
        r.playing = False
        st.game.replay_timer = None
        r.jump(ply - 1)  # the position the move was chosen in
    return []


def review_next(app: Core) -> list[Effect]:
    """Ask the worker for the review's next move (starting the worker if need be)."""
    st = app.state
    run = st.game.review
    if run is None or run.status != "running" or run.asked is not None:
        return []
    if st.worker != "ready":
        if st.worker == "off":
            st.worker = "starting"
            return [StartWorker()]
        return []
    request = run.next_request()
    return [AskReview(run.token, request)] if request is not None else []


def review_answer(app: Core, a: ReviewAnswer) -> list[Effect]:
    run = app.state.game.review
    if run is None or a.token != run.token or run.asked is None:
        return []  # stale: cancelled, closed or started again meanwhile
    if not a.text:
        run.status = "failed"
        return []
    run.answered(a.text)
    return review_next(app)
