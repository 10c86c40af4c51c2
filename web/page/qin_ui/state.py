"""Everything the game page knows, in one object owned by the application (no DOM).

``AppState`` holds the start screen's choices, the game on screen (a ``Session``), the
replay, the series, where the game is saved, the computer turn under way, the
keyboard's cursor and the page's notes.  The mode is derived from it
(``mode_of``, below); the screen is drawn from it (``render.screen``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from . import computer
from .keyboard import Keys
from .lesson import Lesson
from .modes import Mode
from .progress import Problem, Progress
from .replay import Replay
from .review import ReviewRun
from .saves import Deleted, Entry, SaveRef
from .seriesplan import SeriesState
from .session import Session
from .setup import Settings

TurnStage = Literal["waiting", "worker", "asked", "holding"]
HintStage = Literal["worker", "asked", "shown"]
ScreenName = Literal["setup", "play"]
WorkerState = Literal["off", "starting", "ready"]
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


@dataclass
class HintAsk:
    """A hint under way or shown: ``stage`` is "worker" (waiting for the worker to
    start), "asked" (the worker thinks) or "shown" (``move`` is on the board as the
    ghost tile).  ``request`` is the position it was asked for: an answer for another
    position (a move, an undo, another tab in between) is dropped."""

    token: int
    request: str
    stage: HintStage = "asked"
    move: str = ""


@dataclass
class AppState:
    settings: Settings = field(default_factory=Settings)
    """The start screen's choices (those of the last game when one was played)."""
    plan: str = "single"
    seed_text: str = ""
    setup_problems: str = ""
    drop_over: bool = False  # a file is dragged over the start screen
    imported: ImportOutcome = ""  # the last import
    link_refused: bool = False  # a game link in the address could not be opened
    entries: list[Entry] = field(default_factory=list)  # the "Saved games" panel
    saved_message: str = ""
    storage_problem: str = ""  # a catalogue key: what is wrong with the storage

    booted: bool = False  # the page has opened what it shows first
    screen: ScreenName = "setup"  # which screen shows
    session: Session | None = None  # the game on screen
    replay: Replay | None = None
    replay_timer: int | None = None  # the autoplay's pending timer token
    review: ReviewRun | None = None  # the review beside the replay (running or done)
    series: SeriesState | None = None
    save: SaveRef | None = None  # where the game on screen is saved
    save_state: SaveState = ""
    save_text: str = ""
    link_mode: bool = False  # play by link: the address follows every move
    link_open: bool = False  # this game came from a link
    link_panel: bool = False
    link_url: str = ""
    link_message: str = ""
    base_url: str = ""  # the page's address without its fragment
    address_game: bool = False  # the address's fragment holds a game
    result_open: bool = False
    notice: NoticeKind = ""
    """"conflict": another tab wrote this game's save (nothing is written until the
    player chooses); "link": a link pasted into this tab holds another state of the
    game (``link_offer``) and was not applied; "": no notice."""
    link_offer: str = ""  # the address's fragment the "link" notice is about
    deleted: tuple[Deleted, ...] = ()  # the last deletion, while its undo is offered
    deleted_timer: int | None = None  # the token of the undo's time limit

    speed: str = computer.DEFAULT_SPEED
    worker: WorkerState = "off"
    turn: ComputerTurn | None = None
    hint: HintAsk | None = None  # the hint asked for or shown
    progress: Progress = field(default_factory=Progress)  # the start screen's table
    progress_problem: Problem | None = None  # what is wrong with the stored record
    think_ms: int | None = None  # the last computer move's worker round trip
    dropped: tuple[int, str] | None = None  # (token, move): the computer move to animate

    keys: Keys = field(default_factory=Keys)  # the cursor and a touch screen's armed square
    pointer: str = "mouse"
    wheel_at: float = -1e9
    spoken: str = ""  # the live region's text (a move's events, a refused key)
    tokens: int = 0  # the last token given to a timer or a computer turn

    lesson: Lesson | None = None  # the tutorial's step on screen (the game waits behind)
    lessons_done: frozenset[str] = frozenset()  # the tutorial's steps done (kept)

    def token(self) -> int:
        self.tokens += 1
        return self.tokens


def mode_of(state: AppState) -> Mode:
    if state.lesson is not None:
        return Mode.TUTORIAL
    s = state.session
    if s is None or state.screen == "setup":
        return Mode.START
    if state.notice:
        return Mode.NOTICE
    if state.replay is not None:
        return Mode.REVIEW if state.review is not None else Mode.REPLAY
    if s.over:
        if not state.result_open:
            return Mode.PLAYING
        series = state.series
        return Mode.SERIES if series is not None and not series.done else Mode.RESULT
    if s.covered and not state.link_mode:
        return Mode.COVER
    if s.computer_to_move:
        return Mode.THINKING if s.humans() else Mode.WATCHING
    return Mode.PLAYING
