"""Play (no DOM): the board (hover, click, the cursor's commands, the wheel), the cover
between humans, the result's dialog, the game's tools (export, share, play by link), and
computer turns as timers and worker answers (the hints: ``hints``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import qin

from . import computer, hints, players, replaying, senses
from .actions import (
    After,
    AskComputer,
    BoardClick,
    Command,
    ComputerAnswer,
    Copied,
    Copy,
    Download,
    Effect,
    Focus,
    Hover,
    Pointer,
    RestartWorker,
    Save,
    SetAddress,
    StartWorker,
    Timer,
    WarmWorker,
    Wheel,
    WorkerFailed,
    WorkerReady,
)
from .ai_bridge import answer, request_for
from .core import Core
from .gamerecord import SaveError
from .i18n import words
from .keyboard import BoardCommand, Keys
from .modes import Mode
from .replaying import REPLAY_TICK_MS, REVIEW_LINK
from .saves import export_name, export_text
from .state import (
    Awaited,
    ComputerTurn,
    HintAwaited,
    ReviewAwaited,
    TurnAwaited,
)

WHEEL_GAP_MS = 150
"""One turn of the tile per flick of a trackpad."""
FALLBACK_LEVEL = "apprentice"
"""The level whose move the page's own Python plays for a computer whose worker did not
answer (a few milliseconds of thinking: it keeps the page responsive)."""
ANSWER_WAIT_MS = 30_000
"""The longest wait for the worker's answer to one request (a move, a hint, a judged
move: seconds at most, on a loaded machine): after it, the worker did not answer."""
START_WAIT_MS = 60_000
"""The longest wait for the worker to start when something is asked of it (its own
Pyodide's boot: seconds, tens on a loaded machine).  A worker whose script or runtime
cannot be fetched is said by the shell as soon as the browser knows (``WorkerFailed``):
this wait is for one that says nothing."""


def hover(app: Core, action: Hover) -> list[Effect]:
    st = app.state
    s = st.game.session
    if s is not None and (st.pointer != "touch" or action.square is None):
        s.hover(action.square)
    return []


def board_click(app: Core, action: BoardClick) -> list[Effect]:
    st = app.state
    s = st.game.session
    if s is not None:
        if st.pointer == "touch":
            st.game.keys.tap(s, action.square)
        else:  # played by mouse: the keyboard's cursor square goes
            st.game.keys.cursor = None
            s.click(action.square)
    return []


def pointer(app: Core, action: Pointer) -> list[Effect]:
    app.state.pointer = action.kind or "mouse"
    return []


def wheel(app: Core, action: Wheel) -> list[Effect]:
    st = app.state
    s = st.game.session
    if s is None or s.selected_kind is None or action.at_ms - st.game.wheel_at < WHEEL_GAP_MS:
        return []
    st.game.wheel_at = action.at_ms
    s.rotate(action.step)
    return []


def on_board(run: BoardCommand) -> Callable[[Core, Command], list[Effect]]:
    """The handler of a board command whose work is ``run`` (a ``Keys`` method, given the
    command's argument): done by the keyboard's cursor on the game on screen, the focus
    going where it says."""
    def handler(app: Core, c: Command) -> list[Effect]:
        st = app.state
        s = st.game.session
        if s is None:
            return []
        done = run(st.game.keys, s, c.arg)
        return [Focus(done.focus)] if done.focus else []
    handler.__doc__ = run.__doc__
    return handler


# The board's commands' handlers, each one ``Keys`` method (its docstring says what it does).
cursor = on_board(Keys.cursor_by)
jump = on_board(Keys.jump_by)
place = on_board(Keys.place)
select = on_board(Keys.pick)
rotate = on_board(Keys.turn)
undo = on_board(Keys.take_back)
pass_turn = on_board(Keys.pass_turn)
focus_log = on_board(Keys.to_log)
focus_board = on_board(Keys.to_board)
log_step = on_board(Keys.log_step)
put_back = on_board(Keys.put_back)


def escape(app: Core, c: Command) -> list[Effect]:
    """Escape: leave the hint shown, else put the tile back, or leave the board."""
    s = app.state.game.session
    if s is not None and app.state.game.hint is not None:
        return hints.hint_dismiss(app, c)
    return put_back(app, c)


def worker_ready(app: Core, _: WorkerReady) -> list[Effect]:
    st = app.state
    st.worker = "ready"
    asked: list[Effect] = replaying.review_next(app) if st.game.review is not None else []
    asked += hints.asked_once_ready(app)
    if st.game.turn is not None and st.game.turn.stage == "worker":
        asked += _ask(app, st.game.turn)
    return asked


def timer(app: Core, action: Timer) -> list[Effect]:
    return _timer(app, action.token)


def copied(app: Core, action: Copied) -> list[Effect]:
    st = app.state
    if action.field == REVIEW_LINK:
        st.link.review_message = words("review.link.copied" if action.ok
                                       else "link.copy_by_hand")
    else:
        st.link.link_message = words("link.copied" if action.ok else "link.copy_by_hand")
    return []


def result_close(app: Core, _: Command) -> list[Effect]:
    st = app.state
    st.game.result_open = False
    if st.game.session is not None:  # the last move, held under the result, moves now
        senses.lifted(st, st.game.session)
    return []


def result_show(app: Core, _: Command) -> list[Effect]:
    app.state.game.result_open = True
    return []


def speed(app: Core, c: Command) -> list[Effect]:
    st = app.state
    if c.arg in computer.SPEEDS:
        st.game.speed = c.arg
        if computer.SPEEDS[c.arg] is None:
            st.game.turn = None  # paused: a move under way is not played
    return []


def cover_ok(app: Core, _: Command) -> list[Effect]:
    s = app.state.game.session
    if s is not None:
        s.confirm()
    return []


def cover_undo(app: Core, _: Command) -> list[Effect]:
    s = app.state.game.session
    if s is not None:
        app.state.game.keys.undo(s)
    return []


def export(app: Core, _: Command) -> list[Effect]:
    st = app.state
    s = st.game.session
    if s is None:
        return []
    try:
        record = s.record()
    except SaveError as exc:
        st.keeping.save_text, st.keeping.save_state = exc.note, "error"
        return []
    return [Download(export_name(record), export_text(record))]


def share(app: Core, _: Command) -> list[Effect]:
    st = app.state
    s = st.game.session
    if s is None:
        return []
    st.link.link_panel = not st.link.link_panel
    st.link.link_message = ""
    app.update_link(s)
    return []


def link_copy(app: Core, _: Command) -> list[Effect]:
    return [Copy(app.state.link.link_url)]


def link_play(app: Core, _: Command) -> list[Effect]:
    """Play by link: saved, and the address set, as a change of the game."""
    st = app.state
    s = st.game.session
    if s is None or st.link.link_mode:
        return []
    st.link.link_mode = True
    app.update_link(s)
    st.link.address_game = True
    return [Save(), SetAddress(st.link.link_url or st.link.base_url)]


def worker_failed(app: Core, _: WorkerFailed) -> list[Effect]:
    """The worker could not be started (the shell has dropped it): what waited for it is
    answered without it; the next request (not a warming) starts a fresh one."""
    app.state.worker = "failed"
    return _without_worker(app)


def watch_worker(app: Core) -> list[Effect]:
    """After each action: a new wait (``After``) when what is asked of the worker changed
    (an answer came and the next request went, or something new is asked); none while
    nothing is."""
    st = app.state
    awaited = _awaited(app)
    if awaited == st.worker_awaited:
        return []
    st.worker_awaited = awaited
    if awaited is None:
        st.worker_watch = None
        return []
    st.worker_watch = st.token()
    return [After(ANSWER_WAIT_MS if st.worker == "ready" else START_WAIT_MS,
                  st.worker_watch)]


def _awaited(app: Core) -> Awaited | None:
    """What waits for the worker (``None``: nothing): the computer's move, a hint, the
    review's next judged move, each with the stage it is at."""
    st = app.state
    turn, hint, run = st.game.turn, st.game.hint, st.game.review
    waiting = ("worker", "asked")
    awaited = Awaited(st.worker)
    if turn is not None and turn.stage in waiting:
        awaited = replace(awaited, turn=TurnAwaited(turn.token, turn.stage))
    if hint is not None and hint.stage in waiting:
        awaited = replace(awaited, hint=HintAwaited(hint.token, hint.stage))
    if run is not None and run.status == "running" \
            and (run.asked is not None or st.worker != "ready"):
        awaited = replace(awaited, review=ReviewAwaited(run.token, run.asked))
    return awaited if awaited != Awaited(st.worker) else None


def _worker_silent(app: Core) -> list[Effect]:
    """The wait for the worker ended before its answer: it is ended.  One that was ready
    and stopped answering is replaced at once (warmed); one that never started (it said
    nothing) is started again only when next asked."""
    st = app.state
    st.worker_watch, st.worker_awaited = None, None
    st.worker = "off" if st.worker == "ready" else "failed"
    return [RestartWorker(), *_without_worker(app)]


def _without_worker(app: Core) -> list[Effect]:
    """What waits for the worker, answered without it: the computer's move played by
    the page's own Python (``fallback``; one still in its pause, when the pause is over),
    the hint and the review said to have failed."""
    st = app.state
    turn, hint, run = st.game.turn, st.game.hint, st.game.review
    if hint is not None and hint.stage in ("worker", "asked"):
        hints.failed(app)
    effects: list[Effect] = []
    if run is not None and run.status == "running":
        run.fail()
        # Cancel hides: a focus on it goes on to Close (in a review the player opened)
        effects += [Focus(replaying.CLOSE_BUTTON, lost=True)] if run.by_player else []
    if turn is not None and turn.stage in ("worker", "asked"):
        effects += fallback(app)
    elif turn is not None and turn.stage == "waiting":
        turn.without_worker = True  # played by the page when its pause is over
    return effects


def fallback(app: Core) -> list[Effect]:
    """The computer to move, whose worker did not answer, plays the Apprentice's move
    (``FALLBACK_LEVEL``), thought by the page's own Python; the status says so while it
    is the last move."""
    st = app.state
    s = st.game.session
    st.game.turn = None
    if s is None or computer.ask(s) is None:
        return []
    seat = s.to_move
    move = qin.Move.parse(answer(request_for(s.game, seat, FALLBACK_LEVEL)))
    s.play(move)
    st.game.fallback, st.game.fallback_why = (len(s.game.moves), seat), False
    st.game.think_ms = None
    st.game.dropped = (st.token(), move.text)
    return []


def status_why(app: Core, _: Command) -> list[Effect]:
    """The status's Why? button: the note saying in full why the Apprentice moved for a
    computer opened, or closed again."""
    app.state.game.fallback_why = not app.state.game.fallback_why
    return []


def warm_worker(app: Core) -> list[Effect]:
    """The start screen's wait is over: warm the computer players' worker if nothing
    started it and a computer would play (a seat of the start screen, or of the game on
    screen); a game of people only never starts it."""
    st = app.state
    st.start.warm_timer = None
    s = st.game.session
    seats = s.kinds if s is not None and st.screen != "setup" else \
        [players.kind(seat.kind) for seat in st.start.settings.seats]
    return [WarmWorker()] if any(k.level for k in seats) and st.worker_soon() else []


def computer_turns(app: Core) -> list[Effect]:
    """Start the computer's turn when one is due (after its pause); drop a turn
    under way when the game on screen no longer waits for it."""
    st = app.state
    s = st.game.session
    mode = app.mode
    effects: list[Effect] = []
    if s is not None and computer.has_computers(s):
        # a computer to move needs it now; else it is warmed while the player looks
        # (not beside the first clicks: the shell waits for a quiet moment)
        if mode in (Mode.THINKING, Mode.WATCHING):
            without = st.game.turn is not None and st.game.turn.without_worker
            effects += [StartWorker()] if not without and st.worker_now() else []
        else:
            effects += [WarmWorker()] if st.worker_soon() else []
    if mode not in (Mode.THINKING, Mode.WATCHING) or s is None \
            or computer.ask(s) is None:
        st.game.turn = None
        return effects
    if st.game.turn is not None:
        return effects
    delay = computer.delay_ms(s, st.game.speed)
    if delay is None:  # paused
        return effects
    st.game.turn = ComputerTurn(st.token())
    return [*effects, After(delay, st.game.turn.token)]


def _ask(app: Core, turn: ComputerTurn) -> list[Effect]:
    s = app.state.game.session
    request = computer.ask(s) if s is not None else None
    if request is None:
        app.state.game.turn = None
        return []
    turn.request = request
    if turn.without_worker:
        return fallback(app)
    if app.state.worker != "ready":
        turn.stage = "worker"
        return []
    turn.stage = "asked"
    return [AskComputer(turn.token, request)]


def computer_answer(app: Core, answer: ComputerAnswer) -> list[Effect]:
    st = app.state
    turn = st.game.turn
    if turn is None or turn.token != answer.token or turn.stage != "asked":
        return []  # stale: an undo, a pause or another game came in between
    s = st.game.session
    assert s is not None
    if not answer.text:  # the worker failed (it said so): the page plays for it
        return fallback(app)
    turn.answer, turn.took_ms = answer.text, answer.took_ms
    rest = computer.min_think_ms(s) - answer.took_ms
    if rest > 0:  # a quick decision still shows its thinking for a moment
        turn.stage = "holding"
        return [After(int(rest), turn.token)]
    return _play_answer(app, turn)


def _play_answer(app: Core, turn: ComputerTurn) -> list[Effect]:
    st = app.state
    s = st.game.session
    st.game.turn = None
    if s is None or not computer.accept(s, turn.request, turn.answer):
        return []
    st.game.think_ms = round(turn.took_ms)
    st.game.dropped = (turn.token, turn.answer)
    return []


def _timer(app: Core, token: int) -> list[Effect]:
    st = app.state
    if token == st.worker_watch:
        return _worker_silent(app)
    if token == st.start.warm_timer:
        return warm_worker(app)
    if token == st.start.deleted_timer:
        app.end_undo()
        return []
    if token == st.game.replay_timer and st.game.replay is not None:
        st.game.replay_timer = None
        going = replaying.step_on(app, st.game.replay)
        shown = replaying.followed(app, st.game.replay)  # the log follows each move played
        if not going:
            return [shown]
        st.game.replay_timer = st.token()
        return [After(REPLAY_TICK_MS, st.game.replay_timer), shown]
    turn = st.game.turn
    if turn is None or turn.token != token:
        return []
    if turn.stage == "waiting":
        return _ask(app, turn)
    if turn.stage == "holding":
        return _play_answer(app, turn)
    return []
