"""Everything the game page knows, in one object owned by the application (no DOM).

``AppState`` holds, by concern: the start screen (``start``: the settings, saved
games, progress), the game on screen (``game``: its ``Session``, replay, review,
series, computer turn, hint, cursor), where it is saved (``keeping``), play by link and
the address (``link``), the tutorial (``tutorial``); and the page's own notes.  The
mode is derived from it (``mode_of``, below); the screen is drawn from it
(``render.screen``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from . import computer
from .i18n import Said, Words
from .keyboard import Keys
from .lesson import Lesson
from .modes import Mode
from .motion import DEFAULT_PACE, Cue, Moved
from .progress import Progress
from .replay import Replay
from .review import ReviewRun
from .saves import Deleted, Entry, SaveRef
from .seriesplan import SeriesState
from .session import Session, Turn
from .setup import Settings, opening

TurnStage = Literal["waiting", "worker", "asked", "holding"]
HintStage = Literal["worker", "asked", "shown", "failed"]
ScreenName = Literal["setup", "play"]
WorkerState = Literal["off", "warming", "starting", "ready", "failed"]
"""The computer players' worker: not asked for, to be started once the page is quiet
(``WarmWorker``), started (``StartWorker``: a computer is to move, a hint or a review is
asked), ready; or failed to start (offline: started again only when asked, never
warmed)."""
NoticeKind = Literal["", "conflict", "link"]
SaveState = Literal["", "saved", "error", "conflict"]
ImportOutcome = Literal["", "ok", "refused"]


@dataclass
class ComputerTurn:
    """A computer's move under way: ``stage`` is "waiting" (its pause before thinking),
    "worker" (waiting for the worker to start), "asked" (the worker thinks) or
    "holding" (the answer is in; its thinking still shows for a moment)."""

    token: int
    stage: TurnStage = "waiting"
    request: str = ""
    answer: str = ""
    took_ms: float = 0.0
    without_worker: bool = False
    """The worker failed while this move waited for its pause to end: the page's own
    Python plays it then (``play.fallback``), and no other worker is started for it (one
    that cannot be loaded fails as fast, again and again)."""


@dataclass
class HintAsk:
    """A hint under way or shown: ``stage`` is "worker" (waiting for the worker to
    start), "asked" (the worker thinks), "shown" (``move`` is on the board as the
    ghost tile) or "failed" (the worker did not answer: said, and Hint asks again).
    ``request`` is the position it was asked for: an answer for another position (a
    move, an undo, another tab in between) is dropped."""

    token: int
    request: str
    stage: HintStage = "asked"
    move: str = ""


@dataclass(frozen=True)
class TurnAwaited:
    """A computer's move that waits for the worker, at ``stage`` "worker" (for it to
    start) or "asked" (it thinks)."""

    token: int
    stage: TurnStage


@dataclass(frozen=True)
class HintAwaited:
    """A hint that waits for the worker, at ``stage`` "worker" or "asked"."""

    token: int
    stage: HintStage


@dataclass(frozen=True)
class ReviewAwaited:
    """The review's next judged move that waits for the worker: ``ply`` the move asked
    (``None``: the worker is to start before it is asked)."""

    token: int
    ply: int | None


@dataclass(frozen=True)
class Awaited:
    """What waits for the computer players' worker (``play.watch_worker``), each request
    at the stage it is at, and the worker's own state: a wait is set anew when this
    changes."""

    worker: WorkerState
    turn: TurnAwaited | None = None
    hint: HintAwaited | None = None
    review: ReviewAwaited | None = None


@dataclass
class StartScreen:
    """The start screen: the game's settings, the saved games and the progress table."""

    settings: Settings = field(default_factory=opening)
    """The start screen's choices (those of the last game when one was played; at a
    next visit the last table started, ``table``, as the page showed it before Python; on
    a first visit one human against the computer: ``setup.opening``)."""
    plan: str = "single"
    seed_text: str = ""
    setup_problems: Said = ""  # why the game did not start
    drop_over: bool = False  # a file is dragged over the start screen
    imported: ImportOutcome = ""  # the last import
    link_refused: bool = False  # a game link in the address could not be opened
    entries: list[Entry] = field(default_factory=list)  # the "Saved games" panel
    saved_message: Said = ""  # the saved games' note: an import, a deletion...
    storage_problem: str = ""  # a catalogue key: what is wrong with the storage
    deleted: tuple[Deleted, ...] = ()  # the last deletion, while its undo is offered
    deleted_timer: int | None = None  # the token of the undo's time limit
    warm_timer: int | None = None  # the token of the wait before the worker is warmed
    progress: Progress = field(default_factory=Progress)  # the start screen's table
    progress_problem: Words | None = None  # what is wrong with the stored record


@dataclass
class OnScreen:
    """The game on screen: the table, its replay and review, its series, the result's
    dialog, the computer's turn and the hint under way, the keyboard's cursor."""

    session: Session | None = None  # the game on screen
    replay: Replay | None = None
    replay_timer: int | None = None  # the autoplay's pending timer token
    review: ReviewRun | None = None  # the review beside the replay (running or done)
    series: SeriesState | None = None
    result_open: bool = False
    speed: str = computer.DEFAULT_SPEED
    turn: ComputerTurn | None = None
    hint: HintAsk | None = None  # the hint asked for or shown
    think_ms: int | None = None  # the last computer move's worker round trip
    dropped: tuple[int, str] | None = None  # (token, move): the computer's last move
    fallback: tuple[int, int] | None = None
    """(moves, seat): the computer in ``seat`` did not answer and the page's own Python
    played that game's move number ``moves`` for it (said while it is the last move)."""
    fallback_why: bool = False
    """The note saying that move in full is open (the status's Why? button)."""
    moved: Moved | None = None  # the last move's motion and sounds, for the shell to play
    # a move's motion, held while a dialog blurs the board (the hand-over cover, the
    # result): (the move's turn, its cues), played when the dialog goes
    held: tuple[Turn, tuple[Cue, ...]] | None = None
    replay_moved: Moved | None = None  # the replay's last step on, as motion
    keys: Keys = field(default_factory=Keys)  # the cursor and a touch screen's armed square
    wheel_at: float = -1e9


@dataclass
class Keeping:
    """Where the game on screen is saved, how that went, and the notice that waits for
    the player's choice."""

    save: SaveRef | None = None  # where the game on screen is saved
    save_state: SaveState = ""
    save_text: Said = ""
    saved_note: Said = ""
    """Said instead of "saved" when the game's save is next written (beside "not saved"
    when that write fails: said at once all the same), then dropped: what the player
    should know of a game imported (a computer level this page lacks)."""
    notice: NoticeKind = ""
    """"conflict": another tab wrote this game's save (nothing is written until the
    player chooses); "link": a link pasted into this tab holds another state of the
    game (``link_offer``) and was not applied; "": no notice."""
    link_offer: str = ""  # the address's fragment the "link" notice is about


@dataclass
class Address:
    """Play by link and the page's address."""

    link_mode: bool = False  # play by link: the address follows every move
    link_open: bool = False  # this game came from a link
    link_panel: bool = False
    link_url: str = ""
    link_message: Said = ""
    base_url: str = ""  # the page's address without its fragment
    address_game: bool = False  # the address's fragment holds a game
    review_panel: bool = False  # the review's Share shows its link
    review_url: str = ""  # the review's link: this game, its review at the chosen move
    review_message: Said = ""  # the review link copied, or how to copy it
    link_problem: Said = ""  # why a link was not followed: a broken link, a review part


@dataclass
class Tutorial:
    """"Learn to play": the step on screen (the game waits behind it) and those done."""

    lesson: Lesson | None = None
    lessons_done: frozenset[str] = frozenset()  # kept in the browser's storage
    moved: Moved | None = None  # the step's move the board shows, as motion
    from_address: bool = False
    """Opened by the address (``#learn``): another address (Back) leaves it."""


@dataclass
class Senses:
    """How the board moves and sounds, as the player set it (kept in the browser)."""

    pace: str = DEFAULT_PACE  # a key of ``motion.PACES`` (``off``: nothing moves)
    sound: bool = False  # off until the player switches it on


@dataclass
class AppState:
    """Everything the page knows, by concern; and the page's own notes."""

    start: StartScreen = field(default_factory=StartScreen)
    game: OnScreen = field(default_factory=OnScreen)
    keeping: Keeping = field(default_factory=Keeping)
    link: Address = field(default_factory=Address)
    tutorial: Tutorial = field(default_factory=Tutorial)
    senses: Senses = field(default_factory=Senses)

    booted: bool = False  # the page has opened what it shows first
    screen: ScreenName = "setup"  # which screen shows
    worker: WorkerState = "off"
    pointer: str = "mouse"
    spoken: str = ""  # the live region's text (a move's events, a refused key)
    language_note: Said = ""
    """Why the language chosen last is not the page's (its words could not be loaded);
    said until the next thing the player does (a hover aside)."""
    tokens: int = 0  # the last token given to a timer or a computer turn
    worker_watch: int | None = None
    """The token of the wait for the computer players' worker while something is asked
    of it (``play.watch_worker``): when it ends first, the worker did not answer."""
    worker_awaited: Awaited | None = None  # what that wait is for (``None``: nothing)

    def token(self) -> int:
        self.tokens += 1
        return self.tokens

    def worker_now(self) -> bool:
        """The computer players' worker is needed now: whether the shell must be asked
        to start it (it was off, or only to be warmed)."""
        if self.worker in ("off", "warming", "failed"):
            self.worker = "starting"
            return True
        return False

    def worker_soon(self) -> bool:
        """A computer will play soon: whether the shell must be asked to warm the worker
        (it was off)."""
        if self.worker == "off":
            self.worker = "warming"
            return True
        return False


def mode_of(state: AppState) -> Mode:
    if state.tutorial.lesson is not None:
        return Mode.TUTORIAL
    s = state.game.session
    if s is None or state.screen == "setup":
        return Mode.START
    if state.keeping.notice:
        return Mode.NOTICE
    if state.game.replay is not None:
        return Mode.REVIEW if state.game.review is not None else Mode.REPLAY
    if s.over:
        if not state.game.result_open:
            return Mode.PLAYING
        series = state.game.series
        return Mode.SERIES if series is not None and not series.done else Mode.RESULT
    if s.covered and not state.link.link_mode:
        return Mode.COVER
    if s.computer_to_move:
        return Mode.THINKING if s.humans() else Mode.WATCHING
    return Mode.PLAYING
