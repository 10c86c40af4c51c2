"""Saved games in the browser, over an abstract key-value storage (no DOM here).

The page hands ``SaveStore`` an object with ``get``/``set``/``remove``/``keys`` (an
adapter over ``localStorage``); the tests hand it a ``MemoryStorage``.  Each game is one
key, ``qin.save.<id>``, holding a *save*::

    {"format": "qin-save/1", "id": "...", "created": <ms>, "updated": <ms>,
     "record": {<qin-game/1 record>},
     "ui": {"kinds": ["human", "human"], "colours": ["green", "white"],
            "at_screen": 1, "cover": true},
     "series": null | {<seriesplan.SeriesState.to_dict()>},
     "mode": "local" | "link"}

Rules: nothing already stored is ever overwritten by something else or
deleted except by ``delete``; a save that cannot be read is *damaged*: it stays where it
is, is listed with what is wrong and can be exported as its raw text.  Every failure
is a ``SaveError`` (a ``ValueError``) whose message a player can read.

``read_import`` reads what a player imports (a ``qin-game/1`` record file, a save, or a
game link) and says clearly why it refuses anything else.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

import qin
from qin import records
from qin.errors import QinError

from .i18n import join, t

FORMAT: Final = "qin-save/1"
PREFIX: Final = "qin.save."
MAX_TEXT: Final = 256 * 1024
"""The largest save or import read, in characters (a real one is below 5 KB)."""
MODES: Final = ("local", "link")


class SaveError(ValueError):
    """A save, import or storage operation that failed; the message says why."""


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
    notes: list[str] = field(default_factory=list)
    """What was adjusted on loading (e.g. an unknown computer level played by a human)."""

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "id": self.id, "created": self.created,
                "updated": self.updated, "record": self.record,
                "ui": {"kinds": list(self.kinds), "colours": list(self.colours),
                       "at_screen": self.at_screen, "cover": self.cover},
                "series": self.series, "mode": self.mode}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)


@dataclass(frozen=True)
class Entry:
    """A line of the "Saved games" list."""

    id: str
    ok: bool
    updated: float = 0.0
    names: tuple[str, ...] = ()
    board: str = ""
    moves: int = 0
    state: str = ""
    """``"Green to move"``, ``"Green won"``... or, when damaged, what is wrong."""
    series: bool = False

    @property
    def damaged(self) -> bool:
        return not self.ok


def now_ms() -> float:
    return time.time() * 1000.0


def state_text(game: qin.Game) -> str:
    """How a game stands, in a few words: ``"Green to move"`` / ``"White won"``."""
    if game.is_over:
        names = [game.names[p - 1] for p in game.winners]
        if len(names) == 1:
            return t("saves.won", who=names[0])
        return t("saves.shared", who=join(names))
    return t("saves.to_move", who=game.names[game.to_move - 1])


def _check_text(text: object, what: str) -> str:
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise SaveError(t("saves.error.utf8", what=what)) from None
    if not isinstance(text, str):
        raise SaveError(t("saves.error.text", what=what))
    if len(text) > MAX_TEXT:
        raise SaveError(t("saves.error.large", what=what, n=len(text)))
    if not text.strip():
        raise SaveError(t("saves.error.empty", what=what))
    return text


def _load_record(record: Any, what: str) -> tuple[dict[str, Any], qin.Game]:
    """A record checked and replayed: (checked record, game); ``SaveError`` else."""
    try:
        checked = records.check(record)
        game = records.load(checked)
    except (QinError, ValueError) as exc:
        raise SaveError(f"{what}: {exc}") from None
    except RecursionError:
        raise SaveError(f"{what}: nested too deeply") from None
    return checked, game


def _number(value: Any, default: float = 0.0) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return default
    if value != value or value in (float("inf"), float("-inf")):
        return default
    return float(value)


def parse_save(text: object, known_kinds: Iterable[str] | None = None,
               what: str = "") -> tuple[SavedGame, qin.Game]:
    """A save's JSON text -> (SavedGame, replayed Game).  Raises ``SaveError``.

    ``known_kinds``: the player types the page offers; a seat of another type (a
    computer level this version does not have) is played by a human, with a note."""
    what = what or t("saves.this_save")
    text = _check_text(text, what)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(t("saves.error.json", what=what, error=exc.msg, line=exc.lineno,
                          column=exc.colno)) from None
    except RecursionError:
        raise SaveError(t("saves.error.deep", what=what)) from None
    if not isinstance(data, dict):
        raise SaveError(f"{what} is not a saved game (not a JSON object)")
    fmt = data.get("format")
    if fmt != FORMAT:
        if isinstance(fmt, str) and fmt.startswith("qin-save/"):
            raise SaveError(f"{what} was written by another version of this page "
                            f"('{fmt}'; this page reads '{FORMAT}')")
        raise SaveError(f"{what} is not a saved game (its format is not '{FORMAT}')")
    save_id = data.get("id")
    if not isinstance(save_id, str) or not save_id or len(save_id) > 64:
        raise SaveError(f"{what} has no valid id")
    checked, game = _load_record(data.get("record"), f"{what}'s game record")
    ui = data.get("ui")
    if not isinstance(ui, dict):
        raise SaveError(f"{what} has no seat settings (\"ui\")")
    players = game.players
    kinds, colours = ui.get("kinds"), ui.get("colours")
    if (not isinstance(kinds, list) or len(kinds) != players
            or not all(isinstance(k, str) for k in kinds)):
        raise SaveError(f"{what} has bad seat types: one per player is needed")
    if (not isinstance(colours, list) or len(colours) != players
            or not all(isinstance(c, str) and c for c in colours)
            or len(set(colours)) != players):
        raise SaveError(f"{what} has bad seat colours: one different colour per player "
                        "is needed")
    notes: list[str] = []
    if known_kinds is not None:
        known = set(known_kinds)
        for seat, kind in enumerate(kinds, start=1):
            if kind not in known:
                notes.append(t("saves.note.kind", n=seat, kind=kind))
                kinds[seat - 1] = "human"
    at_screen = ui.get("at_screen", 0)
    if isinstance(at_screen, bool) or not isinstance(at_screen, int) \
            or not 0 <= at_screen <= players:
        raise SaveError(f"{what} has a bad \"at_screen\" seat")
    cover = ui.get("cover", False)
    if not isinstance(cover, bool):
        raise SaveError(f"{what} has a bad \"cover\" (true or false)")
    series = data.get("series")
    if series is not None and not isinstance(series, dict):
        raise SaveError(f"{what} has a bad series")
    mode = data.get("mode", "local")
    if mode not in MODES:
        raise SaveError(f"{what} has an unknown mode {mode!r}")
    saved = SavedGame(save_id, checked, list(kinds), list(colours), at_screen, cover,
                      _number(data.get("created")), _number(data.get("updated")),
                      series, mode, notes)
    return saved, game


# -- the store's interface for the page's application ---------------------------------
# ``create`` / ``write`` / ``open`` with a ``SaveRef``: a write appends to a save
# without replaying its game (a stored revision number tells when another tab wrote
# the same save meanwhile).


class SaveConflict(SaveError):
    """Another tab wrote this save since this page last did."""


@dataclass(frozen=True)
class SaveRef:
    """A save as this page last wrote or read it."""

    id: str
    rev: int
    moves: int


@dataclass(frozen=True)
class Opened:
    saved: SavedGame
    ref: SaveRef


def record_now(game: qin.Game) -> dict[str, Any]:
    """The game's ``qin-game/1`` record as it stands, without replaying it (the game
    was dealt by its seed and played move by move, so its record is its moves)."""
    if game.seed is None or game.seat:
        raise SaveError("this game cannot be saved: it was not dealt from a seed")
    return {"format": records.FORMAT, "board": game.board_name, "players": game.players,
            "seed": game.seed, "fair_start": bool(game.fair_start),
            "names": list(game.names), "moves": [str(m) for m in game.moves]}


def _stored_rev(text: str, save_id: str) -> tuple[int, float]:
    """(revision, created) of a stored save's text, read without replaying it."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise SaveError(t("saves.error.earlier")) from None
    if not isinstance(data, dict) or data.get("id") != save_id:
        raise SaveError(t("saves.error.earlier"))
    rev = data.get("rev", 0)
    return (rev if isinstance(rev, int) else 0), _number(data.get("created"))


def _put(store: SaveStore, saved: SavedGame, rev: int) -> None:
    data = saved.to_dict()
    data["rev"] = rev
    try:
        store.storage.set(PREFIX + saved.id, json.dumps(data, ensure_ascii=False))
    except Exception as exc:  # QuotaExceededError and the like
        raise SaveError(t("saves.error.full", error=exc)) from None


def _saved(save_id: str, game: qin.Game, ui: dict[str, Any], series: dict[str, Any] | None,
           mode: str) -> SavedGame:
    return SavedGame(save_id, record_now(game), list(ui["kinds"]), list(ui["colours"]),
                     int(ui.get("at_screen", 0)), bool(ui.get("cover", False)),
                     series=series, mode=mode)


class SaveStore:
    """The saved games in a ``Storage``."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = now_ms,
                 known_kinds: Iterable[str] | None = None) -> None:
        self.storage = storage
        self.clock = clock
        self.known_kinds = None if known_kinds is None else tuple(known_kinds)
        self._counter = 0

    # -- keys ----------------------------------------------------------------------
    def _keys(self) -> list[str]:
        try:
            return [k for k in self.storage.all_keys() if isinstance(k, str)
                    and k.startswith(PREFIX)]
        except Exception as exc:  # storage off (private mode, blocked): say so
            raise SaveError(f"the browser's storage cannot be read: {exc}") from None

    def ids(self) -> list[str]:
        return [k[len(PREFIX):] for k in self._keys()]

    def new_id(self) -> str:
        """A fresh id, never one in use (a damaged save's id included)."""
        taken = set(self.ids())
        stamp = int(self.clock())
        while True:
            self._counter += 1
            candidate = f"{stamp:x}-{self._counter}"
            if candidate not in taken:
                return candidate

    def raw(self, save_id: str) -> str | None:
        """The stored text as it is (for exporting a damaged save)."""
        try:
            return self.storage.get(PREFIX + save_id)
        except Exception as exc:
            raise SaveError(f"the browser's storage cannot be read: {exc}") from None

    # -- writing -------------------------------------------------------------------
    def save(self, saved: SavedGame) -> SavedGame:
        """Store ``saved`` under its id (a new save or a newer state of the same game).

        Refuses to overwrite a stored text that is not a readable save of this id
        (a damaged save is kept aside, never replaced)."""
        key = PREFIX + saved.id
        old = self.raw(saved.id)
        if old is not None:
            try:
                previous, _ = parse_save(old)
            except SaveError:
                raise SaveError(t("saves.error.earlier")) from None
            saved.created = previous.created or saved.created
        now = self.clock()
        saved.created = saved.created or now
        saved.updated = now
        text = saved.to_json()
        try:
            self.storage.set(key, text)
        except Exception as exc:  # QuotaExceededError and the like
            raise SaveError(t("saves.error.full", error=exc)) from None
        return saved

    def save_game(self, game: qin.Game, kinds: list[str], colours: list[str],
                  save_id: str | None = None, *, at_screen: int = 0, cover: bool = False,
                  series: dict[str, Any] | None = None, mode: str = "local") -> SavedGame:
        """Save ``game`` (its record) with the screen's state; a new id when none."""
        try:
            record = records.record_of(game)
        except QinError as exc:
            raise SaveError(f"this game cannot be saved: {exc}") from None
        saved = SavedGame(save_id or self.new_id(), record, list(kinds), list(colours),
                          at_screen, cover, series=series, mode=mode)
        try:
            return self.save(saved)
        except SaveError:
            if save_id is None:
                raise
            saved.id = self.new_id()  # the old one is damaged: keep it, save anew
            saved.created = 0.0
            return self.save(saved)

    def delete(self, save_id: str) -> None:
        try:
            self.storage.remove(PREFIX + save_id)
        except Exception as exc:
            raise SaveError(f"the saved game could not be deleted: {exc}") from None

    # -- for the page's application: a write never replays the game ---------------
    def create(self, game: qin.Game, ui: dict[str, Any], *,
               series: dict[str, Any] | None = None, mode: str = "local") -> SaveRef:
        saved = _saved(self.new_id(), game, ui, series, mode)
        saved.created = saved.updated = self.clock()
        _put(self, saved, 1)
        return SaveRef(saved.id, 1, len(game.moves))

    def write(self, ref: SaveRef, game: qin.Game, ui: dict[str, Any], *,
              series: dict[str, Any] | None = None, mode: str | None = None) -> SaveRef:
        old = self.raw(ref.id)
        created = self.clock()
        if old is not None:
            rev, created = _stored_rev(old, ref.id)
            if rev != ref.rev:
                raise SaveConflict(t("saves.error.earlier"))
        saved = _saved(ref.id, game, ui, series, mode or "local")
        saved.created, saved.updated = created or self.clock(), self.clock()
        _put(self, saved, ref.rev + 1)
        return SaveRef(ref.id, ref.rev + 1, len(game.moves))

    def open(self, save_id: str) -> Opened:
        saved, game = self.load(save_id)
        rev, _ = _stored_rev(self.raw(save_id) or "", save_id)
        return Opened(saved, SaveRef(save_id, rev, len(game.moves)))

    # -- reading -------------------------------------------------------------------
    def load(self, save_id: str) -> tuple[SavedGame, qin.Game]:
        """The save ``save_id`` and its game, replayed; ``SaveError`` when it cannot be
        read (it then stays in the store, listed as damaged)."""
        text = self.raw(save_id)
        if text is None:
            raise SaveError(t("saves.error.gone"))
        saved, game = parse_save(text, self.known_kinds)
        if saved.id != save_id:
            raise SaveError("this saved game's id does not match where it is stored")
        return saved, game

    def entries(self) -> list[Entry]:
        """Every save, newest first; damaged ones too (``ok`` false, ``state`` says why)."""
        out: list[Entry] = []
        for save_id in self.ids():
            try:
                saved, game = self.load(save_id)
            except SaveError as exc:
                out.append(Entry(save_id, False, state=str(exc)))
                continue
            record = saved.record
            out.append(Entry(save_id, True, saved.updated, tuple(record["names"]),
                             record["board"], len(record["moves"]), state_text(game),
                             saved.series is not None))
        return sorted(out, key=lambda e: (e.ok, e.updated), reverse=True)


# -- imports ------------------------------------------------------------------------
@dataclass
class Imported:
    """What an import brought in: a game, with a save's screen state when it was one."""

    game: qin.Game
    record: dict[str, Any]
    saved: SavedGame | None = None
    source: str = "record"
    """``"record"``, ``"save"`` or ``"link"``."""


def read_import(text: object, known_kinds: Iterable[str] | None = None) -> Imported:
    """A file's text (or a pasted link) -> the game it holds; ``SaveError`` says why not.

    Accepts a ``qin-game/1`` record, a ``qin-save/1`` save, or a game link (``...#g=...``)."""
    the_file = t("saves.the_file")
    text = _check_text(text, the_file)
    stripped = text.strip().removeprefix("\ufeff")
    if stripped.startswith("{"):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise SaveError(t("saves.error.json", what=the_file, error=exc.msg,
                              line=exc.lineno, column=exc.colno)) from None
        except RecursionError:
            raise SaveError(t("saves.error.deep", what=the_file)) from None
        if isinstance(data, dict) and isinstance(data.get("format"), str) \
                and data["format"].startswith("qin-save/"):
            saved, game = parse_save(stripped, known_kinds, t("saves.the_saved_file"))
            return Imported(game, saved.record, saved, "save")
        record, game = _load_record(data, the_file)
        return Imported(game, record)
    if "\n" not in stripped and ("#g=" in stripped or stripped.startswith("g=")):
        from .links import LinkError, read_link

        try:
            game, record = read_link(stripped)
        except LinkError as exc:
            raise SaveError(str(exc)) from None
        return Imported(game, record, source="link")
    raise SaveError(t("saves.error.not_qin", what=the_file))


def export_name(record: dict[str, Any], when: float | None = None) -> str:
    """A file name for an exported record: ``qin-bird-Green-White-2026-11-22.json``."""
    stamp = time.strftime("%Y-%m-%d", time.gmtime((when or now_ms()) / 1000.0))
    names = "-".join("".join(c for c in n if c.isalnum())[:12] or "player"
                     for n in record.get("names", []))
    return f"qin-{record.get('board', 'game')}-{names}-{stamp}.json"


def export_text(record: dict[str, Any]) -> str:
    """A record as the text of an exported ``.json`` file."""
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"
