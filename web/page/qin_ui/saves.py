"""Saved games in the browser, over an abstract key-value storage (no DOM here).

The page hands ``SaveStore`` an object with ``get``/``set``/``remove``/``all_keys`` (an
adapter over ``localStorage``); the tests hand it a ``MemoryStorage``.  Each game is one
key, ``qin.save.<id>``, holding a *save*::

    {"format": "qin-save/2", "id": "...", "rev": 7, "created": <ms>, "updated": <ms>,
     "summary": {"names": [...], "board": "bird", "players": 2, "moves": 31,
                 "to_move": 2, "winners": [], "over": false, "series": false,
                 "mode": "local", "updated": <ms>, "position": "<position text>"},
     "record": {<qin-game/1 record>},
     "ui": {"kinds": ["human", "human"], "colours": ["green", "white"],
            "at_screen": 1, "cover": true, "hints_on": true},
     "series": null | {<seriesplan.SeriesState.to_dict()>},
     "mode": "local" | "link"}

What each operation costs, so that a long game or many saves never slow the page:

- ``write`` (a move, an undo, the cover lifted) takes the engine's record of the game
  (``qin.Game.record``: proved on the replay its last record kept, the moves made since
  played on it, so a move's write plays that move once more; an undo took that replay
  back to a state it kept, so an undo's write plays none) and writes one key: the page
  gives it the record ``Session.record`` wrote of the change, which a link game's
  address takes too.  ``create`` the same for a new id.
- ``open`` checks the save's JSON and fields only; ``keep.restore`` replays it once.
- ``entries`` (the "Saved games" list) reads each save's ``summary``: no replay.
- the summary's ``position`` (spec/notation.md's position text, optional: saves written
  before it have none) lets the page draw a resumed game before Python is loaded
  (``web/page/prestart.js``); nothing in Python reads it back.

Two tabs on one game: every write raises the save's revision ``rev``.  ``write(ref,
...)`` stores only when the stored save is still the one ``ref`` names (this tab wrote
last, so an undo is allowed too); otherwise it raises ``SaveConflict`` and overwrites
nothing.  A revision number alone is not unique to its writer: two tabs moving in the
same instant (before either hears of the other: each page's storage is its own copy
until the ``storage`` event) both write revision n+1, and the browser keeps the later.
So a ``ref`` also holds its save's *stamp*, a digest of the exact text written or read
(two writers' texts differ: their moves, their times), and ``overtaken(ref)``, what a
tab hearing a ``storage`` event asks, compares both: the tab whose write was lost is
told, its move still on its screen.

Rules: nothing already stored is ever overwritten by something else or deleted except
by ``delete``; a save that cannot be read is *damaged*: it stays where it is, is listed
with what is wrong and can be exported as its raw text.  Every failure is a
``SaveError`` (a ``ValueError``) whose message a player can read.  Text is read by the
one reader of JSON from outside (``qin.json_text``): size, nesting depth, long or
non-finite numbers and broken Unicode are refused *before* ``json.loads`` converts
anything (a deep document would exhaust the interpreter's stack in the browser).

Saves of the previous format ``qin-save/1`` (no revision, no summary) open as revision
0; they are listed from their record's JSON, and the first write stores them in this
format.

``read_import`` reads what a player imports (a ``qin-game/1`` record file, a save, or a
game link) and says clearly why it refuses anything else.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Protocol, TypeGuard

import qin
from qin import json_text, records
from qin.boards import NAMES as BOARD_NAMES
from qin.errors import QinError
from qin.json_text import JsonTextError, read_json

from . import i18n
from .gamerecord import Recorder
from .gamerecord import SaveError as SaveError
from .i18n import Said, Words, join, t, words
from .links import LinkError, read_link
from .setup import COLOURS

FORMAT: Final = "qin-save/2"
OLD_FORMAT: Final = "qin-save/1"
MAX_POSITION: Final = 20_000
"""The longest summary ``position`` kept (a 13x13 board's text is some 700 characters)."""
"""Saves without revision and summary; read, and rewritten as ``FORMAT`` on a write."""
PREFIX: Final = "qin.save."
MAX_TEXT: Final = json_text.MAX_TEXT
"""The largest save or import read, in characters (a real one is below 5 KB)."""
MODES: Final = ("local", "link")
FULL_WORDS: Final = ("quota",)
"""What a browser's error says when its storage is full (QuotaExceededError; Firefox's
NS_ERROR_DOM_QUOTA_REACHED)."""


class SaveConflict(SaveError):
    """The stored save is not the one this tab wrote last: another tab continued the
    game (``reason`` "newer"), deleted it ("gone") or left text that cannot be read
    ("damaged").  Nothing was written."""

    def __init__(self, message: Words | str, reason: str = "newer") -> None:
        super().__init__(message)
        self.reason = reason


class StorageFull(SaveError):
    """The browser's storage is full; nothing was written."""


class Storage(Protocol):
    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def all_keys(self) -> list[str]: ...


class MemoryStorage:
    """A ``Storage`` in a dict (tests; and the page's fallback when storage is off)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def all_keys(self) -> list[str]:
        return list(self.data)


# -- what a save holds ----------------------------------------------------------------
@dataclass(frozen=True)
class SaveRef:
    """Which save a tab writes to, the revision it wrote or read last, and its moves."""

    id: str
    rev: int
    moves: int
    stamp: str = field(default="", compare=False)
    """``stamp_of`` the save's text as this tab wrote or read it ("": not known)."""


def stamp_of(text: str) -> str:
    """What tells one writer's save from another's of the same revision."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:24]


def ref_of(text: str) -> SaveRef:
    """The ref of a save's text (``SaveError`` if it cannot be read)."""
    return replace(read_save(text).ref, stamp=stamp_of(text))


def _other_writer(ref: SaveRef, stored: SavedGame, text: str) -> bool:
    """Whether the stored save (``text``, read as ``stored``) is not the one ``ref``
    names: another revision, or the same by another writer."""
    return stored.rev != ref.rev or (ref.stamp != "" and stamp_of(text) != ref.stamp)


@dataclass(frozen=True)
class Summary:
    """What the "Saved games" list shows of a save, stored with it at each write."""

    names: tuple[str, ...]
    board: str
    players: int
    moves: int
    to_move: int
    """The player to move (0 once the game is over)."""
    winners: tuple[int, ...]
    over: bool
    series: bool
    mode: str
    updated: float
    position: str = ""
    """The game's position text (drawn before Python); "" in saves written before it."""

    @classmethod
    def of(cls, game: qin.Game, record: Mapping[str, Any], series: bool, mode: str,
           updated: float) -> Summary:
        over = bool(game.is_over)
        return cls(tuple(record["names"]), str(record["board"]), game.players,
                   len(record["moves"]), 0 if over else game.to_move,
                   tuple(game.winners) if over else (), over, series, mode, updated,
                   game.to_position())

    def to_dict(self) -> dict[str, Any]:
        return {"names": list(self.names), "board": self.board, "players": self.players,
                "moves": self.moves, "to_move": self.to_move,
                "winners": list(self.winners), "over": self.over, "series": self.series,
                "mode": self.mode, "updated": self.updated, "position": self.position}

    @classmethod
    def read(cls, data: object, record: object) -> Summary | None:
        """The summary stored as ``data``, or ``None`` when it is missing, malformed or
        does not agree with the save's ``record`` (names, board, players, moves)."""
        if not isinstance(data, dict) or not isinstance(record, dict):
            return None
        names, winners = data.get("names"), data.get("winners")
        players, moves, to_move = data.get("players"), data.get("moves"), data.get("to_move")
        over, series, mode, board = (data.get("over"), data.get("series"), data.get("mode"),
                                     data.get("board"))
        played = record.get("moves")
        if not (isinstance(names, list) and all(isinstance(n, str) for n in names)
                and names == record.get("names") and len(names) == players
                and isinstance(board, str) and board == record.get("board")
                and board in BOARD_NAMES
                and _is_int(players) and players == record.get("players")
                and _is_int(moves) and isinstance(played, list) and moves == len(played)
                and _is_int(to_move) and isinstance(winners, list)
                and isinstance(over, bool) and isinstance(series, bool) and mode in MODES):
            return None
        if over:
            fits = to_move == 0 and bool(winners) and all(
                _is_int(w) and 1 <= w <= players for w in winners)
        else:
            fits = not winners and 1 <= to_move <= players
        if not fits:
            return None
        position = data.get("position")
        return cls(tuple(names), board, players, moves, to_move, tuple(winners), over,
                   series, str(mode), _number(data.get("updated")),
                   position if isinstance(position, str) and len(position) <= MAX_POSITION
                   else "")


@dataclass
class SavedGame:
    """One game as saved: its record and what the screen needs to resume it exactly."""

    id: str
    record: dict[str, Any]
    kinds: list[str]
    colours: list[str]
    at_screen: int = 0
    cover: bool = False
    created: float = 0.0
    updated: float = 0.0
    series: dict[str, Any] | None = None
    mode: str = "local"
    notes: list[Words] = field(default_factory=list)
    """What was adjusted on loading (e.g. an unknown computer level played by a human)."""
    rev: int = 0
    summary: Summary | None = None
    """``None`` for a save of the previous format (its summary comes with the next write)."""
    hints_on: bool = True
    """The Hint button is offered in this game (``ui.hints_on``; absent: true)."""

    @property
    def ref(self) -> SaveRef:
        return SaveRef(self.id, self.rev, len(self.record["moves"]))

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "id": self.id, "rev": self.rev, "created": self.created,
                "updated": self.updated,
                "summary": None if self.summary is None else self.summary.to_dict(),
                "record": self.record,
                "ui": {"kinds": list(self.kinds), "colours": list(self.colours),
                       "at_screen": self.at_screen, "cover": self.cover,
                       "hints_on": self.hints_on},
                "series": self.series, "mode": self.mode}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)


@dataclass(frozen=True)
class Opened:
    """A save read for resuming (``keep.restore(opened.saved)``) and the ref to write to."""

    saved: SavedGame
    ref: SaveRef


@dataclass(frozen=True)
class Deleted:
    """A deleted save's text, kept so that ``SaveStore.undelete`` can put it back."""

    id: str
    text: str | None
    """``None``: nothing was stored under ``id`` (deleted elsewhere already)."""
    at: float = 0.0
    """When it was deleted (the store's clock)."""


@dataclass(frozen=True)
class Entry:
    """A line of the "Saved games" list."""

    id: str
    ok: bool
    updated: float = 0.0
    names: tuple[str, ...] = ()
    board: str = ""
    moves: int = 0
    state: Said = ""
    """``"Green to move"``, ``"Green won"``... or, when damaged, what is wrong; worded when
    shown (``i18n.said``: in the language of that moment)."""
    series: bool = False
    players: int = 0
    to_move: int = 0
    """The player to move; 0 when the game is over or not known (``summarised`` false)."""
    winners: tuple[int, ...] = ()
    over: bool = False
    mode: str = "local"
    rev: int = 0
    summarised: bool = True
    """False for a save of the previous format: how it stands is known once opened."""
    position: str = ""
    """The game's position text from its summary ("" when not summarised)."""
    colours: tuple[str, ...] = ()
    """The seats' pagoda colours."""

    @property
    def damaged(self) -> bool:
        return not self.ok


def id_of_key(key: object) -> str | None:
    """The save a storage key names (a ``storage`` event's ``key``: another tab wrote
    or deleted it), or ``None`` for another key."""
    if isinstance(key, str) and key.startswith(PREFIX) and len(key) > len(PREFIX):
        return key[len(PREFIX):]
    return None


def now_ms() -> float:
    return time.time() * 1000.0


def state_text(game: qin.Game) -> str:
    """How a game stands, in a few words: ``"Green to move"`` / ``"White won"``."""
    return _state_words(game.names, tuple(game.winners) if game.is_over else (),
                        game.to_move)


@dataclass(frozen=True)
class Standing:
    """How a saved game stands (``"Green to move"``, ``"White won"``), worded when shown."""

    names: tuple[str, ...]
    winners: tuple[int, ...]
    to_move: int
    colours: tuple[str, ...] = ()
    """The seats' pagoda colours (a seat named after its colour: ``i18n.player_names``)."""

    def text(self) -> str:
        return _state_words(self.names, self.winners, self.to_move, self.colours)


def _state_words(names: Iterable[str], winners: tuple[int, ...], to_move: int,
                 colours: Sequence[str] = ()) -> str:
    names = i18n.player_names(list(names), colours)
    if winners:
        won = [names[p - 1] for p in winners]
        if len(won) == 1:
            return t("saves.won", who=won[0])
        return t("saves.shared", who=join(won))
    return t("saves.to_move", who=names[to_move - 1])


# -- reading text: the one reader of JSON from outside, words from the catalogue ----------
def json_value(text: object, what: Words | str) -> Any:
    """``text`` (or UTF-8 bytes) -> its JSON value; ``SaveError`` says why not.

    ``qin.json_text.read_json`` reads it: size, broken Unicode, nesting depth and the
    numbers (digits, NaN, Infinity) are refused before anything is converted."""
    try:
        return read_json(text, MAX_TEXT)
    except JsonTextError as exc:
        raise _refusal(exc, what) from None


def _refusal(exc: JsonTextError, what: Words | str) -> SaveError:
    return SaveError(words(f"saves.error.{exc.code}", what=what, **exc.params))


def _text(text: object, what: Words | str) -> str:
    """``text`` (or UTF-8 bytes) within the reader's size, not blank; ``SaveError`` else."""
    try:
        return json_text.text_of(text, MAX_TEXT)
    except JsonTextError as exc:
        raise _refusal(exc, what) from None


def _checked_record(record: Any, what: Words | str) -> dict[str, Any]:
    """A record's fields checked (no replay); ``SaveError`` else."""
    if not isinstance(record, dict):
        raise SaveError(words("saves.error.no_record", what=what))
    try:
        checked = records.check(record)
    except (QinError, ValueError) as exc:
        raise SaveError(words("saves.error.record", what=what, error=exc)) from None
    if checked["board"] not in BOARD_NAMES:  # the page plays the shipped boards only
        raise SaveError(words("saves.error.record_board", what=what,
                              board=checked["board"][:40]))
    return checked


def _load_record(record: Any, what: Words | str) -> tuple[dict[str, Any], qin.Game]:
    """A record checked and replayed: (checked record, game); ``SaveError`` else."""
    try:
        checked = records.check(record)
        game = records.load(checked)
    except (QinError, ValueError) as exc:
        raise SaveError(words("saves.error.record", what=what, error=exc)) from None
    except RecursionError:  # pragma: no cover - json_value refuses deep text first
        raise SaveError(words("saves.error.deep", what=what)) from None
    return checked, game


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Any, default: float = 0.0) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return default
    if value != value or value in (float("inf"), float("-inf")):
        return default
    return float(value)


def read_save(text: object, known_kinds: Iterable[str] | None = None,
              what: Words | str = "") -> SavedGame:
    """A save's text -> ``SavedGame``, every field checked, nothing replayed.
    Raises ``SaveError``.

    ``known_kinds``: the player types the page offers; a seat of another type (a
    computer level this version does not have) is played by a human, with a note."""
    what = what or words("saves.this_save")
    data = json_value(text, what)
    if not isinstance(data, dict):
        raise SaveError(words("saves.error.not_object", what=what))
    fmt = data.get("format")
    if fmt not in (FORMAT, OLD_FORMAT):
        if isinstance(fmt, str) and fmt.startswith("qin-save/"):
            raise SaveError(words("saves.error.version", what=what, format=fmt[:20],
                                  reads=FORMAT))
        raise SaveError(words("saves.error.format", what=what, format=FORMAT))
    save_id = data.get("id")
    if not isinstance(save_id, str) or not save_id or len(save_id) > 64:
        raise SaveError(words("saves.error.id", what=what))
    checked = _checked_record(data.get("record"), what)
    ui = data.get("ui")
    if not isinstance(ui, dict):
        raise SaveError(words("saves.error.ui", what=what))
    players = checked["players"]
    kinds, colours = ui.get("kinds"), ui.get("colours")
    if (not isinstance(kinds, list) or len(kinds) != players
            or not all(isinstance(k, str) for k in kinds)):
        raise SaveError(words("saves.error.kinds", what=what))
    if (not isinstance(colours, list) or len(colours) != players
            or not all(isinstance(c, str) and c for c in colours)
            or len(set(colours)) != players):
        raise SaveError(words("saves.error.colours", what=what))
    if not all(c in COLOURS for c in colours):
        raise SaveError(words("saves.error.palette", what=what))
    notes: list[Words] = []
    kinds = list(kinds)
    if known_kinds is not None:
        known = set(known_kinds)
        for seat, kind in enumerate(kinds, start=1):
            if kind not in known:
                notes.append(words("saves.note.kind", n=seat, kind=kind[:40]))
                kinds[seat - 1] = "human"
    at_screen = ui.get("at_screen", 0)
    if not _is_int(at_screen) or not 0 <= at_screen <= players:
        raise SaveError(words("saves.error.at_screen", what=what))
    cover = ui.get("cover", False)
    if not isinstance(cover, bool):
        raise SaveError(words("saves.error.field", what=what, field="cover"))
    hints_on = ui.get("hints_on", True)
    if not isinstance(hints_on, bool):
        raise SaveError(words("saves.error.field", what=what, field="hints_on"))
    series = data.get("series")
    if series is not None and not isinstance(series, dict):
        raise SaveError(words("saves.error.series", what=what))
    mode = data.get("mode", "local")
    if mode not in MODES:
        raise SaveError(words("saves.error.mode", what=what))
    rev = data.get("rev", 0) if fmt == FORMAT else 0
    if not _is_int(rev) or rev < 0:
        raise SaveError(words("saves.error.rev", what=what))
    summary = Summary.read(data.get("summary"), checked) if fmt == FORMAT else None
    return SavedGame(save_id, checked, kinds, list(colours), at_screen, cover,
                     _number(data.get("created")), _number(data.get("updated")),
                     series, str(mode), notes, rev, summary, hints_on)


def parse_save(text: object, known_kinds: Iterable[str] | None = None,
               what: Words | str = "") -> tuple[SavedGame, qin.Game]:
    """A save's text -> (SavedGame, its game replayed).  Raises ``SaveError``."""
    saved = read_save(text, known_kinds, what)
    _, game = _load_record(saved.record, what or words("saves.this_save"))
    return saved, game


def _ui(ui: Mapping[str, Any]) -> tuple[list[str], list[str], int, bool, bool, list[int]]:
    kinds, colours = ui.get("kinds"), ui.get("colours")
    at_screen, cover = ui.get("at_screen", 0), ui.get("cover", False)
    hints_on, hints = ui.get("hints_on", True), ui.get("hints", [])
    if not isinstance(kinds, list | tuple) or not isinstance(colours, list | tuple) \
            or not _is_int(at_screen) or not isinstance(cover, bool) \
            or not isinstance(hints_on, bool) or not isinstance(hints, list | tuple) \
            or not all(_is_int(h) for h in hints):
        raise SaveError(words("saves.error.seats"))  # not keep.snapshot()'s: a bug
    return ([str(k) for k in kinds], [str(c) for c in colours], int(at_screen), cover,
            hints_on, [int(h) for h in hints])


class SaveStore:
    """The saved games in a ``Storage``."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = now_ms,
                 known_kinds: Iterable[str] | None = None) -> None:
        self.storage = storage
        self.clock = clock
        self.known_kinds = None if known_kinds is None else tuple(known_kinds)
        self._legacy_revs: dict[str, int] = {}
        """The revision ``save_game``/``load`` (the previous page's calls) saw last."""

    # -- keys ----------------------------------------------------------------------
    def _keys(self) -> list[str]:
        try:
            return [k for k in self.storage.all_keys() if isinstance(k, str)
                    and k.startswith(PREFIX)]
        except Exception as exc:  # storage off (private mode, blocked): say so
            raise SaveError(words("saves.error.storage", error=exc)) from None

    def ids(self) -> list[str]:
        return [k[len(PREFIX):] for k in self._keys()]

    def new_id(self) -> str:
        """A fresh id, never one in use (a damaged save's id included), unlikely to be
        chosen by another tab at the same moment."""
        taken = set(self.ids())
        stamp = int(self.clock())
        while True:
            candidate = f"{stamp:x}-{secrets.token_hex(3)}"
            if candidate not in taken:
                return candidate

    def raw(self, save_id: str) -> str | None:
        """The stored text as it is (for exporting a damaged save)."""
        try:
            return self.storage.get(PREFIX + save_id)
        except Exception as exc:
            raise SaveError(words("saves.error.storage", error=exc)) from None

    def _set(self, save_id: str, text: str) -> None:
        try:
            self.storage.set(PREFIX + save_id, text)
        except Exception as exc:  # QuotaExceededError and the like
            said = f"{type(exc).__name__} {exc}".lower()
            if any(w in said for w in FULL_WORDS):
                raise StorageFull(words("saves.error.full")) from None
            raise SaveError(words("saves.error.write", error=exc)) from None

    # -- writing -------------------------------------------------------------------
    def _compose(self, save_id: str, rev: int, created: float, game: qin.Game,
                 ui: Mapping[str, Any], series: dict[str, Any] | None,
                 mode: str, recorder: Recorder) -> SavedGame:
        if mode not in MODES:
            raise SaveError(words("saves.error.mode_unknown"))  # not in MODES: a bug
        kinds, colours, at_screen, cover, hints_on, _ = _ui(ui)
        record = recorder()
        now = self.clock()
        summary = Summary.of(game, record, series is not None, mode, now)
        return SavedGame(save_id, record, kinds, colours, at_screen, cover,
                         created or now, now, series, mode, [], rev, summary, hints_on)

    def _store(self, saved: SavedGame) -> SaveRef:
        text = saved.to_json()
        read_save(text)  # never store what could not be read back (no replay)
        self._set(saved.id, text)
        return replace(saved.ref, stamp=stamp_of(text))

    def create(self, game: qin.Game, ui: Mapping[str, Any], *,
               recorder: Recorder, series: dict[str, Any] | None = None,
               mode: str = "local") -> SaveRef:
        """Save ``game`` under a new id (revision 1); ``ui`` is ``keep.snapshot()``;
        ``recorder`` writes its record (the page's: ``Session.record``)."""
        return self._store(self._compose(self.new_id(), 1, 0.0, game, ui, series, mode,
                                         recorder))

    def _current(self, save_id: str) -> tuple[SavedGame, str]:
        """The stored save and its text, for writing over it: ``SaveConflict`` when it
        is gone or cannot be read."""
        text = self.raw(save_id)
        if text is None:
            raise SaveConflict(words("saves.error.gone"), "gone")
        try:
            stored = read_save(text)
        except SaveError:
            raise SaveConflict(words("saves.error.changed_damaged"), "damaged") from None
        if stored.id != save_id:
            raise SaveConflict(words("saves.error.changed_damaged"), "damaged")
        return stored, text

    def write(self, ref: SaveRef, game: qin.Game, ui: Mapping[str, Any], *,
              recorder: Recorder, series: dict[str, Any] | None = None,
              mode: str | None = None) -> SaveRef:
        """Store ``game`` (a move, an undo, the cover...) over the save ``ref`` that this
        tab wrote or opened last (its record: ``recorder``'s, the page's
        ``Session.record``).  ``series``/``mode``: ``None`` keeps the stored ones.
        Raises ``SaveConflict`` (nothing written) when the stored save is not the one
        ``ref`` names: another tab wrote meanwhile."""
        stored, text = self._current(ref.id)
        if _other_writer(ref, stored, text):
            raise SaveConflict(words("saves.error.conflict"), "newer")
        record = stored.record
        if (record["board"], record["players"], record["seed"]) != \
                (game.board_name, game.players, game.seed):
            raise SaveError(words("saves.error.other_game"))
        saved = self._compose(ref.id, ref.rev + 1, stored.created, game, ui,
                              stored.series if series is None else series,
                              stored.mode if mode is None else mode, recorder)
        return self._store(saved)

    def delete(self, save_id: str) -> Deleted:
        """Delete a save; ``undelete`` with what this returns puts it back exactly."""
        text = self.raw(save_id)
        try:
            self.storage.remove(PREFIX + save_id)
        except Exception as exc:
            raise SaveError(words("saves.error.delete", error=exc)) from None
        self._legacy_revs.pop(save_id, None)
        return Deleted(save_id, text, self.clock())

    def undelete(self, deleted: Deleted) -> None:
        """Put a deleted save back, text for text (refused if its id was taken since);
        not when the game was saved anew since, as far or further (a tab that had it
        open moved: its next save is a new one), so that it is listed once, newest."""
        if deleted.text is None:
            return
        current = self.raw(deleted.id)
        if current is not None and current != deleted.text:
            raise SaveError(words("saves.error.undelete"))
        if current is None and self._saved_anew(deleted):
            return
        self._set(deleted.id, deleted.text)

    def _saved_anew(self, deleted: Deleted) -> bool:
        """Another save, created since ``deleted`` was deleted, holds its game with every
        move it has (and maybe more)."""
        try:
            gone = read_save(deleted.text).record
        except SaveError:
            return False
        for save_id in self.ids():
            try:
                saved = read_save(self.raw(save_id))
            except SaveError:
                continue
            if saved.created >= deleted.at and _continues(saved.record, gone):
                return True
        return False

    def delete_finished(self) -> list[Deleted]:
        """Delete every readable save of a finished game (damaged ones are kept aside);
        ``undelete`` each to bring them back.  A save of the previous format is
        replayed to know whether it is finished."""
        finished: list[str] = []
        for save_id in self.ids():
            try:
                saved = read_save(self.raw(save_id))
                if saved.id != save_id:
                    continue
                if saved.summary is not None:
                    over = saved.summary.over
                else:
                    over = records.load(saved.record).is_over
            except (QinError, ValueError):
                continue
            if over:
                finished.append(save_id)
        return [self.delete(save_id) for save_id in finished]

    # -- reading -------------------------------------------------------------------
    def open(self, save_id: str) -> Opened:
        """The save ``save_id`` for resuming, checked but not replayed, and nothing
        written (its "updated" time stays).  ``SaveError`` when it cannot be read (it
        then stays in the store, listed as damaged)."""
        text = self.raw(save_id)
        if text is None:
            raise SaveError(words("saves.error.gone"))
        saved = read_save(text, self.known_kinds)
        if saved.id != save_id:
            raise SaveError(words("saves.error.moved"))
        return Opened(saved, replace(saved.ref, stamp=stamp_of(text)))

    def overtaken(self, ref: SaveRef) -> bool:
        """Whether another tab wrote the save ``ref`` names since this tab wrote or read
        it (another revision, or the same revision by another writer); not when it is
        gone or cannot be read (the next write says so)."""
        text = self.raw(ref.id)
        if text is None:
            return False
        try:
            saved = read_save(text)
        except SaveError:
            return False
        return saved.id == ref.id and _other_writer(ref, saved, text)

    def revision(self, save_id: str) -> int | None:
        """The stored revision of ``save_id`` (no replay); ``None`` when there is no
        such save or it cannot be read.  A tab whose ``ref.rev`` differs has been
        overtaken by another tab."""
        text = self.raw(save_id)
        if text is None:
            return None
        try:
            saved = read_save(text)
        except SaveError:
            return None
        return saved.rev if saved.id == save_id else None

    def entries(self) -> list[Entry]:
        """Every save, newest first, then the damaged ones (``ok`` false, ``state`` says
        why); from each save's summary, nothing replayed.  Raises ``SaveError`` only
        when the storage itself cannot be read."""
        out: list[Entry] = []
        for save_id in self.ids():
            text = self.raw(save_id)
            if text is None:
                continue  # deleted by another tab meanwhile
            try:
                out.append(self._entry(save_id, text))
            except SaveError as exc:
                out.append(Entry(save_id, False, state=i18n.reason(exc)))
            except Exception as exc:  # whatever else is wrong with it, the page starts
                out.append(Entry(save_id, False, state=words("saves.error.unreadable",
                                                              error=type(exc).__name__)))
        return sorted(out, key=lambda e: (e.ok, e.updated), reverse=True)

    def _entry(self, save_id: str, text: str) -> Entry:
        """A line of the list from the save's summary; a save without one (the previous
        format) is checked field by field and listed from its record."""
        data = json_value(text, words("saves.this_save"))
        if isinstance(data, dict) and data.get("format") == FORMAT \
                and data.get("id") == save_id and _is_int(data.get("rev")) \
                and data["rev"] >= 0:
            s = Summary.read(data.get("summary"), data.get("record"))
            ui = data.get("ui")
            colours = ui.get("colours") if isinstance(ui, dict) else None
            if s is not None and isinstance(colours, list) \
                    and all(isinstance(c, str) and c in COLOURS for c in colours):
                standing = Standing(s.names, s.winners, s.to_move, tuple(colours))
                return Entry(save_id, True, _number(data.get("updated")), s.names, s.board,
                             s.moves, standing, s.series,
                             s.players, s.to_move, s.winners, s.over, s.mode, data["rev"],
                             position=s.position, colours=tuple(colours))
        saved = read_save(text)
        if saved.id != save_id:
            raise SaveError(words("saves.error.moved"))
        record = saved.record  # how it stands is known once it is opened (a replay)
        return Entry(save_id, True, saved.updated, tuple(record["names"]), record["board"],
                     len(record["moves"]), words("saves.not_summarised"),
                     saved.series is not None,
                     record["players"], mode=saved.mode, rev=saved.rev, summarised=False,
                     colours=tuple(saved.colours))

    # -- the previous page's calls -------------------------------------------------------
    def load(self, save_id: str) -> tuple[SavedGame, qin.Game]:
        """The save ``save_id`` and its game, replayed (``open`` does not replay)."""
        saved = self.open(save_id).saved
        _, game = _load_record(saved.record, f"{t('saves.this_save')}'s game record")
        self._legacy_revs[save_id] = saved.rev
        return saved, game

    def save_game(self, game: qin.Game, kinds: list[str], colours: list[str],
                  save_id: str | None = None, *, recorder: Recorder, at_screen: int = 0,
                  cover: bool = False, series: dict[str, Any] | None = None,
                  mode: str = "local", hints_on: bool = True,
                  hints: list[int] | None = None) -> SavedGame:
        """Save ``game`` with the screen's state, its record ``recorder``'s; a new id
        when none (``create`` and ``write`` with the revision this store saw last).  A
        damaged save under ``save_id`` is kept and the game saved under a new id."""
        ui = {"kinds": kinds, "colours": colours, "at_screen": at_screen, "cover": cover,
              "hints_on": hints_on, "hints": hints or []}
        rev = None
        if save_id is not None and self.raw(save_id) is not None:
            rev = self._legacy_revs.get(save_id)
            if rev is None:
                rev = self.revision(save_id)
            if rev is None:  # damaged: kept as it is, the game goes under a new id
                save_id = None
        if save_id is None:
            ref = self.create(game, ui, recorder=recorder, series=series, mode=mode)
        elif rev is None:  # deleted meanwhile: saved again under its id
            ref = self._store(self._compose(save_id, 1, 0.0, game, ui, series, mode,
                                            recorder))
        else:
            ref = self.write(SaveRef(save_id, rev, 0), game, ui, recorder=recorder,
                             series=series, mode=mode)
        self._legacy_revs[ref.id] = ref.rev
        return self.open(ref.id).saved


def _continues(record: Mapping[str, Any], earlier: Mapping[str, Any]) -> bool:
    """``record`` is the game of ``earlier`` (board, players, seed, names...), with
    every move of it, in order, and maybe more (the hints asked grow with the moves)."""
    moves, before = list(record["moves"]), list(earlier["moves"])
    return _game_of(record) == _game_of(earlier) and moves[:len(before)] == before


def _game_of(record: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in ("moves", "hints")}


# -- imports ------------------------------------------------------------------------
@dataclass
class Imported:
    """What an import brought in: a game, with a save's screen state when it was one."""

    game: qin.Game
    record: dict[str, Any]
    saved: SavedGame | None = None
    source: str = "record"
    """``"record"``, ``"save"`` or ``"link"``."""


def _keepable(imported: Imported, what: Words | str) -> Imported:
    """An import the page can keep: a game on one of its board sides.  A record may
    hold an inline layout (the engine plays it), but a save, its summary and a link
    name a shipped side, so such a game could be played and never saved: refused."""
    if imported.game.board_name not in BOARD_NAMES or \
            imported.record.get("board") not in BOARD_NAMES:
        raise SaveError(words("saves.error.own_board", what=what))
    return imported


def read_import(text: object, known_kinds: Iterable[str] | None = None) -> Imported:
    """A file's text (or a pasted link) -> the game it holds; ``SaveError`` says why not.

    Accepts a ``qin-game/1`` record, a save (``qin-save/1`` or ``/2``), or a game link
    (``...#g=...``)."""
    the_file = words("saves.the_file")
    stripped = _text(text, the_file).strip()
    if stripped[:1] in ("{", "["):
        data = json_value(stripped, the_file)
        if isinstance(data, dict) and isinstance(data.get("format"), str) \
                and data["format"].startswith("qin-save/"):
            saved, game = parse_save(stripped, known_kinds, words("saves.the_saved_file"))
            return _keepable(Imported(game, saved.record, saved, "save"), the_file)
        record, game = _load_record(data, the_file)
        return _keepable(Imported(game, record), the_file)
    if "\n" not in stripped and ("#g=" in stripped or stripped.startswith("g=")):
        try:
            game, record = read_link(stripped)
        except LinkError as exc:
            raise SaveError(exc.note) from None
        return Imported(game, record, source="link")
    raise SaveError(words("saves.error.not_qin", what=the_file))


def export_name(record: dict[str, Any], when: float | None = None) -> str:
    """A file name for an exported record: ``qin-bird-Green-White-2026-11-22.json``."""
    stamp = time.strftime("%Y-%m-%d", time.gmtime((when or now_ms()) / 1000.0))
    names = "-".join("".join(c for c in n if c.isalnum())[:12] or "player"
                     for n in record.get("names", []))
    return f"qin-{record.get('board', 'game')}-{names}-{stamp}.json"


def export_text(record: dict[str, Any]) -> str:
    """A record as the text of an exported ``.json`` file."""
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"
