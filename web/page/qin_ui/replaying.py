"""The replay and the review beside it (no DOM): step through the game's moves
(the live game is untouched), and the review asked of the worker one move at a time.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection
from typing import TypeVar

import qin

from . import keyboard, links, motion, senses, views
from .actions import (
    After,
    AskReview,
    Command,
    Copy,
    Effect,
    Focus,
    Reveal,
    ReviewAnswer,
    StartWorker,
)
from .core import Core
from .i18n import reason, words
from .modes import Mode
from .replay import Replay
from .review import ReviewRun, chart_points, list_moves
from .state import OnScreen

REPLAY_TICK_MS = 700
REVIEW_LINK = "review-link"
"""The element that shows the review's link (where a copy by hand selects it)."""
DETAIL = "review-detail"
"""The element that says the reviewed move jumped to in words."""
REPLAY_BUTTON = "replay-open"
"""The game's tools' button that opens the replay (not shown in a replay)."""
STEP_BUTTON = "replay-step"
"""The replay's bar's button that steps one move on."""
REVIEW_BUTTON = "review-open"
"""The replay's bar's button that opens the review (not shown while one runs or is done)."""
CANCEL_BUTTON = "review-cancel"
"""The review's first button, shown while it runs."""
CLOSE_BUTTON = "review-close"
"""The review's button beside Cancel, shown while the review is open."""

Handler = Callable[[Core, Command], list[Effect]]
"""A command's handler (``app.ROUTES``)."""
T = TypeVar("T")


def needing(part: Callable[[OnScreen], T | None]) -> Callable[
        [Callable[[Core, T, Command], list[Effect]]], Handler]:
    """The handlers of the commands whose work needs ``part`` of what is on screen (the
    replay, the review): the work is given it, and nothing is done without it."""
    def handler_of(work: Callable[[Core, T, Command], list[Effect]]) -> Handler:
        @functools.wraps(work)
        def handler(app: Core, c: Command) -> list[Effect]:
            found = part(app.state.game)
            return [] if found is None else work(app, found, c)
        return handler
    return handler_of


on_replay = needing(lambda game: game.replay)
"""The handler of a replay's command: its work is given the replay (none: nothing)."""
on_review = needing(lambda game: game.review)
"""The handler of a review's command: its work is given the review (none: nothing)."""


def replay_open(app: Core, _: Command) -> list[Effect]:
    """Replay, among the game's tools (outside a replay only): the game's moves from the
    start, the live game untouched."""
    st = app.state
    s = st.game.session
    if s is None or st.game.replay is not None:
        return []
    try:
        st.game.replay = Replay(s.game.record(), s.colours)
    except qin.QinError as exc:
        st.keeping.save_text, st.keeping.save_state = reason(exc), "error"
        return []
    s.selected = None
    # Replay hides: a keyboard's focus on it goes on to the next move's button
    return [Focus(STEP_BUTTON, lost=True)]


@on_replay
def replay_exit(app: Core, _: Replay, __: Command) -> list[Effect]:
    """Back to the game: the replay (and the review beside it) closes."""
    st = app.state
    st.game.replay = None
    st.game.replay_timer = None
    if st.game.review is not None:
        st.game.review.cancel()  # an answer under way is dropped
        st.game.review = None
    return [Focus(REPLAY_BUTTON, lost=True)]  # the replay's bar hides: back to Replay


def moving(move: Callable[[Replay], object]) -> Handler:
    """The handler of a command that moves the replay's board by ``move`` (a ``Replay``
    method: its docstring says where), then shows it (``_shown``)."""
    def work(app: Core, r: Replay, _: Command) -> list[Effect]:
        move(r)
        return _shown(app, r)
    work.__doc__ = move.__doc__
    return on_replay(work)


# The replay's moves' handlers, each one ``Replay`` method.
replay_start = moving(Replay.start)
replay_back = moving(Replay.back)
replay_end = moving(Replay.end)


@on_replay
def replay_step(app: Core, r: Replay, _: Command) -> list[Effect]:
    """The replay one move on (its autoplay stops), moving as in the game."""
    r.playing = False
    step_on(app, r)
    return _shown(app, r)


@on_replay
def replay_jump(app: Core, r: Replay, c: Command) -> list[Effect]:
    """The replay at a move: ``"n"``, or ``"n list"`` from the log, whose button keeps
    the focus; the autoplay stops."""
    st = app.state
    r.playing = False
    st.game.replay_timer = None
    number, _, source = c.arg.partition(" ")
    try:
        r.jump(int(number))
    except ValueError:  # not a move's number: nothing moves
        return []
    if source == "list":  # the move chosen and its events show in the log,
        # wherever it was scrolled (the move itself if not both fit)
        chosen = keyboard.replay_move_id(int(number))
        return [Focus(chosen), Reveal((views.replay_said_id(int(number)), chosen))]
    return _shown(app, r)


@on_replay
def replay_play(app: Core, r: Replay, _: Command) -> list[Effect]:
    """The replay's autoplay on (a move every ``REPLAY_TICK_MS``) or off."""
    st = app.state
    r.toggle()
    if r.playing and st.game.replay_timer is None:
        st.game.replay_timer = st.token()
        return [After(REPLAY_TICK_MS, st.game.replay_timer)]
    if not r.playing:
        st.game.replay_timer = None
    return []


def _shown(app: Core, r: Replay) -> list[Effect]:
    """The replay's board moved: its autoplay's timer ends if it no longer plays, and the
    log follows (``followed``)."""
    if not r.playing:
        app.state.game.replay_timer = None
    return [followed(app, r)]


def followed(app: Core, r: Replay) -> Reveal:
    """The log follows the replay: the move the board shows in view there with its events
    (before the first move, the first move, where the replay goes on); in a review within
    the log's own box only, the side panel left on the review the player reads."""
    inner = app.mode is Mode.REVIEW
    if r.cursor == 0:
        return Reveal((keyboard.replay_move_id(1),), inner=inner)
    return Reveal((views.replay_said_id(r.cursor), keyboard.replay_move_id(r.cursor)),
                  inner=inner)


def list_step(app: Core, c: Command) -> list[Effect]:
    """The arrow keys in the replay's log, the review's list of moves or its chart: the
    focus to another move's button or point (``keyboard.list_step``), or back to the
    list."""
    step, _, at = c.arg.partition(" ")
    return [Focus(keyboard.list_step(list_items(app, keyboard.list_of(at)), step, at))]


def list_items(app: Core, box: str) -> list[str]:
    """The ids of the items of the list ``box`` (one Tab stop: ``keyboard.LISTS``) as
    the screen draws it now: the review's moves or its chart's points, the replay's
    log, else the game's log (its rules links; the tutorial's step's game in the
    tutorial)."""
    st = app.state
    r, run = st.game.replay, st.game.review
    if box == keyboard.REVIEW_MOVES:
        return list_moves(run) if run is not None else []
    if box == keyboard.REVIEW_POINTS:
        return chart_points(run) if run is not None else []
    lesson = st.tutorial.lesson if app.mode is Mode.TUTORIAL else None
    if lesson is not None:
        return keyboard.log_links(lesson.session)
    if r is not None:
        return views.replay_moves(r)
    return keyboard.log_links(st.game.session) if st.game.session is not None else []


def focus_kept(app: Core, focused: str, drawn: Collection[str]) -> Focus | None:
    """Where the focus goes once the elements ``drawn`` (ids) are drawn anew, when it
    was on ``focused``, a list that is one Tab stop or one of its items that the new
    list no longer holds: on the list (only if the drawing lost it: ``Focus.lost``).
    ``None``: that list was not drawn again, or it holds ``focused`` still (the shell
    keeps the focus on an element drawn anew with the same id)."""
    box = keyboard.list_of(focused)
    if not box or keyboard.DRAWN_IN[box] not in drawn:
        return None
    if focused == box or focused in list_items(app, box):
        return None
    return Focus(box, lost=True)


def step_on(app: Core, r: Replay) -> bool:
    """The replay one move on, moving as in the game (``Replay.tick`` for the autoplay:
    whether it goes on)."""
    before = motion.pagoda_spots(r.game.board)
    going = r.tick() if r.playing else bool(r.step())
    senses.replay_stepped(app.state, r, before)
    return going


def review_open(app: Core, _: Command) -> list[Effect]:
    """Review: the replay with the review beside it, opened by the player (``open_review``).
    Review hides: a keyboard's focus on it goes on to the review's first button (Cancel
    while it runs)."""
    st = app.state
    run = st.game.review
    effects = open_review(app)
    opened = st.game.review
    if opened is None or opened is run:
        return effects
    opened.by_player = True
    return [Focus(CANCEL_BUTTON if opened.status == "running" else CLOSE_BUTTON,
                  lost=True), *effects]


@on_review
def review_cancel(app: Core, run: ReviewRun, _: Command) -> list[Effect]:
    """The review stops where it is (what it judged stays shown)."""
    run.cancel()
    update_review_link(app)
    return [Focus(CLOSE_BUTTON, lost=True)]  # Cancel hides: on to the button beside it


@on_review
def review_close(app: Core, run: ReviewRun, _: Command) -> list[Effect]:
    """The review closes (the replay stays)."""
    st = app.state
    run.cancel()
    st.game.review = None
    st.link.review_panel = False
    update_review_link(app)
    return [Focus(REVIEW_BUTTON, lost=True)]  # the review hides: back to Review


@on_review
def review_jump(app: Core, run: ReviewRun, c: Command) -> list[Effect]:
    """The replay at a reviewed move: ``"n"``, ``"n list"`` or ``"n chart"``, from the
    list or the chart, whose item keeps the focus (if the drawing lost it: the shell
    keeps it on the item drawn anew; a click that focuses nothing, or another item
    focused meanwhile, is left as it is)."""
    number, _, source = c.arg.partition(" ")
    try:
        ply = int(number)
    except ValueError:
        return []
    jumped = _jump(app, run, ply)
    update_review_link(app)
    if not jumped:
        return []
    kept = {"list": keyboard.review_move_id, "chart": keyboard.review_point_id}
    focus: list[Effect] = [Focus(kept[source](ply), lost=True)] if source in kept else []
    # what the jump shows, wherever the side panel and the list were scrolled: the move's
    # words, and the move in the list drawn anew (from its top) if it was chosen there;
    # the replay's log following, as at each of its steps
    shown = (keyboard.review_move_id(ply), DETAIL) if source == "list" else (DETAIL,)
    return [*focus, Reveal(shown), *_log_followed(app)]


@on_review
def review_share(app: Core, _: ReviewRun, __: Command) -> list[Effect]:
    """The review's Share panel opens (its link, at the move chosen) or closes."""
    st = app.state
    st.link.review_panel = not st.link.review_panel
    st.link.review_message = ""
    update_review_link(app)
    return []


@on_review
def review_link_copy(app: Core, _: ReviewRun, __: Command) -> list[Effect]:
    """The review's link copied (where the panel shows it)."""
    st = app.state
    update_review_link(app)
    return [Copy(st.link.review_url, REVIEW_LINK)] if st.link.review_url else []


def update_review_link(app: Core) -> None:
    """The review's link follows the move chosen while its Share panel is open."""
    st = app.state
    s, run = st.game.session, st.game.review
    if not st.link.review_panel or s is None or run is None:
        st.link.review_url = ""
        return
    try:
        st.link.review_url = links.review_link(
            st.link.base_url, s.record, [seat.kind for seat in s.settings.seats], run.at)
    except links.LinkError as exc:
        st.link.review_url = ""
        st.link.review_message = exc.note


def open_review(app: Core, at: int | None = None) -> list[Effect]:
    """Open the replay with the review beside it (the game on screen); ``at``: the
    move to jump to once it is judged (a review link's)."""
    st = app.state
    s = st.game.session
    run = st.game.review
    if s is None or (run is not None and run.status in ("running", "done")):
        return []
    try:
        record = s.game.record()
        if st.game.replay is None:
            st.game.replay = Replay(record, s.colours)
            st.game.replay_timer = None
            s.selected = None
    except qin.QinError as exc:
        st.keeping.save_text, st.keeping.save_state = reason(exc), "error"
        return []
    st.game.result_open = False
    st.game.review = run = ReviewRun.start(st.token(), record, s.humans() or None)
    if at is not None and at in run.plies:
        run.wanted = at
    elif at is not None:  # a computer's move: the review opens, no move chosen
        st.link.link_problem = words("link.review.not_reviewed", n=at)
    return review_next(app)


def follow_review(app: Core, address: str) -> list[Effect]:
    """The review a game link asks for (``#g=<code>&review=<n>``) of the linked game on
    screen: the review opens (at that move once it is judged); a part that cannot be
    read is said beside the game, which stays open as it is."""
    st = app.state
    s, run = st.game.session, st.game.review
    if s is None:
        return []
    asked = links.review_asked(address, len(s.game.moves))
    st.link.link_problem = asked.problem
    if not asked.wanted:
        return []
    if run is None or run.status not in ("running", "done"):
        return open_review(app, asked.at)
    if asked.at is None:
        return []
    if _jump(app, run, asked.at):
        return _log_followed(app)  # as at a jump in the review
    if asked.at in run.plies:
        run.wanted = asked.at  # not judged yet
    else:
        st.link.link_problem = words("link.review.not_reviewed", n=asked.at)
    return []


def _log_followed(app: Core) -> list[Effect]:
    """The replay's log at the move the replay shows (``followed``), if it shows."""
    r = app.state.game.replay
    return [followed(app, r)] if r is not None else []


def _jump(app: Core, run: ReviewRun, ply: int) -> bool:
    """The replay at the position a reviewed move was chosen in (``False``: that move
    is not judged yet, or not at all)."""
    st = app.state
    r = st.game.replay
    if r is None or run.entry(ply) is None:
        return False
    run.at = ply
    run.wanted = None
    r.playing = False
    st.game.replay_timer = None
    r.jump(ply - 1)  # the position the move was chosen in
    return True


def review_next(app: Core) -> list[Effect]:
    """Ask the worker for the review's next move (starting the worker if need be)."""
    st = app.state
    run = st.game.review
    if run is None or run.status != "running" or run.asked is not None:
        return []
    if st.worker != "ready":
        return [StartWorker()] if st.worker_now() else []
    request = run.next_request()
    return [AskReview(run.token, request)] if request is not None else []


def review_answer(app: Core, a: ReviewAnswer) -> list[Effect]:
    run = app.state.game.review
    if run is None or a.token != run.token or run.asked is None:
        return []  # stale: cancelled, closed or started again meanwhile
    # the review stops (done or failed): Cancel hides, a focus on it goes on to Close
    # (only in a review the player opened: one a link opened at the page's start leaves
    # the focus where it is, never scrolling the page to Close)
    ended: list[Effect] = [Focus(CLOSE_BUTTON, lost=True)] if run.by_player else []
    if not a.text:
        run.status = "failed"
        return ended
    run.answered(a.text)
    effects: list[Effect] = []
    if run.wanted is not None and _jump(app, run, run.wanted):
        # a review link's move, as soon as it is judged: the log follows, within its own
        # box (a link opened at page load takes no focus and scrolls no page)
        update_review_link(app)
        effects += _log_followed(app)
    effects += review_next(app)
    if run.status != "running":  # done (or failed): as above
        effects += ended
    return effects
