"""What can happen on the game page (actions) and what the application asks the page
to do in return (effects): small frozen dataclasses, no DOM.

The page's shell turns every DOM event, key and worker message into one action and
hands it to ``App.dispatch``; every action has a ``name``, which the mode's table
(``app.ROUTES``) looks up.  Dispatch returns effects, which the shell runs: first the
storing ones (``Save``, run by the application itself), then, after the screen is
drawn, the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, cast, get_args

from .setup import Settings


# -- actions ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Key:
    """A key press (``key`` as ``KeyboardEvent.key``); ``on_board``: the board had the
    focus; ``list_at``: the id of the focused element when the focus was in a list that
    is one Tab stop (``keyboard.LISTS``: the list itself or one of its items), else "".
    The keyboard module turns it into a ``Command``."""

    key: str
    shift: bool = False
    ctrl: bool = False
    on_board: bool = False
    list_at: str = ""
    name = "key"


CommandName = Literal[
    # the board and a human's turn
    "cursor", "jump", "select", "rotate", "place", "pass", "undo", "escape",
    "focus-log", "focus-board", "list-step", "cover-ok", "cover-undo",
    "hint", "hint-take", "hint-dismiss",
    # the game's tools and its result
    "new-game", "export", "share", "link-copy", "link-play", "result-show",
    "result-close", "result-new", "series-next", "speed", "status-why",
    # the page's settings: the board's motion and sound
    "motion", "sound",
    # the replay and the review
    "replay-open", "replay-exit", "replay-step", "replay-back", "replay-start",
    "replay-end", "replay-jump", "replay-play",
    "review-open", "review-cancel", "review-close", "review-jump", "review-share",
    "review-link-copy",
    # the start screen and saved games
    "back-to-game", "drag", "resume", "export-save", "export-raw", "delete",
    "delete-finished", "undelete", "progress-export",
    # other tabs, pasted links
    "notice-newer", "notice-copy", "notice-link", "notice-keep",
    # the tutorial
    "tutorial-open", "tutorial-next", "tutorial-again", "tutorial-step", "tutorial-exit",
    "tutorial-play",
]
"""Every command's name: a name that is not one of these is a type error."""
COMMAND_NAMES: frozenset[str] = frozenset(get_args(CommandName))


@dataclass(frozen=True)
class Command:
    """A named control was used (a button, a key's meaning): ``name`` and its argument
    (a tile's index, a save's id, a replay position...)."""

    name: CommandName
    arg: str = ""


def command_named(name: str, arg: str = "") -> Command | None:
    """The command a name read from the page stands for (a button's data attribute);
    ``None`` for a name that is no command's."""
    return Command(cast(CommandName, name), arg) if name in COMMAND_NAMES else None


@dataclass(frozen=True)
class Hover:
    """The pointer is over ``square`` (``None``: it left the board)."""

    square: str | None
    name = "hover"


@dataclass(frozen=True)
class BoardClick:
    """A click (or a tap) on a square of the board."""

    square: str
    name = "board-click"


@dataclass(frozen=True)
class Pointer:
    """The kind of pointer last pressed on the board: "mouse", "pen" or "touch"."""

    kind: str
    name = "pointer"


@dataclass(frozen=True)
class Wheel:
    """The mouse wheel over the board: ``step`` 1 or -1, ``at_ms`` the event's time."""

    step: int
    at_ms: float
    name = "wheel"


@dataclass(frozen=True)
class Form:
    """The start screen's fields as the player left them."""

    names: tuple[str, ...]
    colours: tuple[str, ...]
    kinds: tuple[str, ...]
    board: str
    fair_start: bool
    seed: str
    plan: str
    hints: bool = True


@dataclass(frozen=True)
class SetupEdited:
    """A start screen field changed: ``field`` is "players" (``value`` the count),
    "colour" or "kind" (``value`` the seat's index), or anything else."""

    form: Form
    field: str
    value: int = 0
    name = "setup-edit"


@dataclass(frozen=True)
class StartGame:
    form: Form
    name = "start"


@dataclass(frozen=True)
class Boot:
    """The page has started: its address's fragment and the base address; ``restore``:
    the start screen shows the last table started (nothing was shown before Python)."""

    url: str
    hash: str
    restore: bool = False
    name = "boot"


@dataclass(frozen=True)
class LanguageFailed:
    """The catalogue of the language chosen (``lang``) could not be loaded (offline and
    not kept by the browser): the page stays in its language."""

    lang: str
    name = "language-failed"


@dataclass(frozen=True)
class NameTyped:
    """The player typed in a seat's name on the start screen (the name itself is read at
    the start, from the form): an action all the same, which ends what is said until
    the next one (the note on a language)."""

    name = "name-typed"


@dataclass(frozen=True)
class LanguageChosen:
    """The player chose a language; ``catalogue`` is its messages (JSON text, fetched
    by the page), ``form`` the start screen as it stands."""

    lang: str
    catalogue: str
    form: Form
    name = "language"


@dataclass(frozen=True)
class Imported:
    """A file's text for import (``name``: the file's name)."""

    text: str
    file: str
    name = "import"


@dataclass(frozen=True)
class ImportRefused:
    """A file could not even be read: ``why`` is a catalogue key, ``error`` details."""

    file: str
    why: str
    error: str = ""
    name = "import-refused"


@dataclass(frozen=True)
class WorkerReady:
    name = "worker-ready"


@dataclass(frozen=True)
class WorkerFailed:
    """The computer players' worker could not be started (its script or runtime could
    not be loaded); the shell drops it, and starts a fresh one when asked again."""

    name = "worker-failed"


@dataclass(frozen=True)
class ComputerAnswer:
    """The worker's move for the computer turn ``token`` and how long it took
    (``text`` ``""``: the worker failed)."""

    token: int
    text: str
    took_ms: float
    name = "computer-answer"


@dataclass(frozen=True)
class HintAnswer:
    """The worker's move for the hint ``token`` (asked with ``AskHint``): ``text`` is a
    move, ``"pass"``, or ``""`` when the worker failed."""

    token: int
    text: str
    took_ms: float
    name = "hint-answer"


@dataclass(frozen=True)
class Timer:
    """A delay asked for by ``After`` is over."""

    token: int
    name = "timer"


@dataclass(frozen=True)
class Copied:
    """The link was put on the clipboard (``ok``), or could not be; ``field``: the
    element that shows it (``Copy.field``)."""

    ok: bool
    field: str = "link-url"
    name = "copied"


@dataclass(frozen=True)
class StorageChanged:
    """Another tab of this site wrote or removed ``key`` in the browser's storage (the
    ``storage`` event; ``""``: the whole storage was cleared)."""

    key: str
    name = "storage-changed"


@dataclass(frozen=True)
class AddressChanged:
    """The address's fragment changed while the page was open (``hashchange``: a link
    pasted into this tab); ``hash`` is ``location.hash``."""

    hash: str
    name = "address-changed"


@dataclass(frozen=True)
class ReviewAnswer:
    """The worker's judgement of one move of the review ``token`` (the JSON of
    ``qin.ai.review.Reviewed``; ``""``: the worker failed)."""

    token: int
    text: str
    name = "review-answer"


@dataclass(frozen=True)
class StorageFailed:
    """The browser refused to store ``key`` (full, or blocked since): what the
    application wrote there is not kept; ``error`` is the browser's words."""

    key: str
    error: str = ""
    name = "storage-failed"


Action = (Key | Command | Hover | BoardClick | Pointer | Wheel | SetupEdited | StartGame
          | Boot | LanguageChosen | Imported | ImportRefused | WorkerReady | WorkerFailed
          | ComputerAnswer
          | HintAnswer | Timer | Copied | StorageChanged | AddressChanged | ReviewAnswer
          | StorageFailed | LanguageFailed | NameTyped)


# -- effects ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Save:
    """Write the game on screen to its save (run before the screen shows the change)."""


@dataclass(frozen=True)
class KeepTable:
    """A game was started from the start screen with these choices: keep them for the
    next visit's start screen (``table.keep``; after the game's save)."""

    settings: Settings
    plan: str


@dataclass(frozen=True)
class StartWorker:
    """Start the computer players' worker (it takes seconds: start it early)."""


@dataclass(frozen=True)
class RestartWorker:
    """End the computer players' worker (it stopped answering); the next ``StartWorker``
    starts a fresh one."""


@dataclass(frozen=True)
class WarmWorker:
    """Start the computer players' worker once the page is quiet: a computer will play
    but none is to move yet (the start screen with a computer seat, a game whose next
    move is a person's), so that it boots while the player looks, not beside their
    clicks.  The shell waits for a second without messages (2.5 s at most) and for an
    idle main thread; on a first visit it may boot beside the snapshot's maker, without
    a snapshot and making none.  Its ``ready`` comes back as for ``StartWorker``, and a
    ``StartWorker`` in between starts it at once."""


@dataclass(frozen=True)
class AskComputer:
    """Ask the worker for a move; its answer comes back as ``ComputerAnswer(token)``."""

    token: int
    request: str


@dataclass(frozen=True)
class AskHint:
    """Ask the worker what the strongest computer would play for the human to move (a
    ``qin-ai-request/2`` of that seat's view); the answer comes back as
    ``HintAnswer(token)``."""

    token: int
    request: str


@dataclass(frozen=True)
class After:
    """Dispatch ``Timer(token)`` after ``ms`` milliseconds."""

    ms: int
    token: int


@dataclass(frozen=True)
class Download:
    name: str
    text: str
    mime: str = "application/json"


@dataclass(frozen=True)
class Focus:
    """Move the focus to the element ``target`` (an id; ``"hand"``: the first usable
    tile of the hand, else the undo button); ``lost``: only if the focus is on nothing
    (the page's body) by then, as when the screen drawn anew removed, hid or disabled
    the element that had it (the player may have put it elsewhere meanwhile)."""

    target: str
    lost: bool = False


@dataclass(frozen=True)
class SetAddress:
    """Replace the page's address (no new history entry)."""

    url: str


@dataclass(frozen=True)
class Copy:
    """Put ``text`` on the clipboard; the outcome comes back as ``Copied``.  ``field``:
    the element that shows the text (selected for copying by hand if the clipboard
    refuses)."""

    text: str
    field: str = "link-url"


@dataclass(frozen=True)
class ToTop:
    """The page shows another screen (the start screen, or a game or the tutorial
    after it, or a game's replay): its top, however far the screen before was
    scrolled."""


@dataclass(frozen=True)
class Reveal:
    """Bring the elements ``targets`` (ids) into view inside the boxes that scroll them
    within the page (the side panel, a list), one after another, each by the least
    scroll that shows it whole (``scrollIntoView``'s "nearest"): where they cannot all
    show, the last one does.  The page itself is not scrolled (a phone's layout keeps
    its own places).  ``inner``: only within the nearest box that scrolls them (a list),
    the boxes around it left as they are (the side panel showing something else)."""

    targets: tuple[str, ...]
    inner: bool = False


@dataclass(frozen=True)
class Handled:
    """The key was used: the page's default for it must not happen."""


@dataclass(frozen=True)
class AskReview:
    """Ask the worker to judge one move; the answer comes back as ``ReviewAnswer``."""

    token: int
    request: str


Effect = (Save | KeepTable | StartWorker | RestartWorker | WarmWorker | AskComputer | AskHint
          | After | Download | Focus | SetAddress | Copy | ToTop | Reveal | Handled | AskReview)
