"""The start screen as shown before Python: written by Python, shown by prestart.js (no DOM).

``web/page/prestart.js`` draws nothing of its own: it shows HTML that this module wrote.

- **At build time** (``site_file``, called by ``tools/build_site.py``): ``start.json``, the
  language-dependent parts of the start screen for each language (the pieces the seat
  rows are joined from, the series choices, the empty lists, "Dealing…", "Opening the
  tutorial…"), a first visit's seat rows for 2, 3 and 4 players as pieces' keys
  (``Parts``), and the storage keys prestart.js reads (``KEYS``), from the same views the
  page draws with.
- **At run time** (``StartKeeper``, after each screen the page's Python draws): one storage
  key (``KEY``) holding the language and what a page opened now would show before Python:
  the saved games and the progress table as last drawn (``lists``), the board of each saved
  game (for an early Resume) and the unfinished game on screen (``open``: the page's Boot
  reopens it), and the last table started (``table.KEY``) as the start screen draws it
  (``TableShown``: the seat rows for 2, 3 and 4 players as pieces' keys, shown in any
  language, and the choices), so that the page opened shows it before Python, in the
  language the player chooses there too, and an early Start starts it.  The lists are
  kept in the other languages too (``Lists.langs``, worded from start.json's "words",
  which prestart.js hands over: ``StartKeeper.read_words``), so that a page opened or
  switched to another language before Python shows them in it.  The text is never longer
  than prestart.js reads (``fitted``).  A value that is missing or damaged shows nothing
  and waits for Python, as do lists not kept in the page's language.

The seat rows are kept as keys (``Parts``), not as HTML: a table of three seats drawn for
2, 3 and 4 players was some 24 KB of HTML (a pagoda's drawing and the colours' and
players' choices in each row), and is some 1 KB of keys, the pieces being start.json's.

The key's lists follow the page's own (``AppState.entries``, read again whenever the start
screen shows or changes, and the progress), and are read afresh when the game on screen
ends; while an unfinished game is on screen the key holds only its board.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from html import escape
from typing import Any, Final

import qin

from . import i18n, progress, table, views
from .i18n import t
from .progress import Progress
from .saves import MAX_TEXT, PREFIX, Entry, SaveStore, Storage, stamp_of
from .setup import Settings, opening_seats, with_players

KEY: Final = "qin.start"
"""Storage key: the start screen before Python (``StartKeeper``)."""
FORMAT: Final = "qin-start/2"
MAX_START: Final = 4 * MAX_TEXT
"""The longest ``KEY`` text prestart.js reads, in characters (code points, as Python counts
them: an emoji is one, not JavaScript's two UTF-16 units); a longer one waits for Python."""
COUNTS: Final = (2, 3, 4)
KEYS: Final = {"start": KEY, "format": FORMAT, "maxStart": MAX_START, "savePrefix": PREFIX,
               "progress": progress.KEY, "table": table.KEY}
"""What prestart.js needs to know of the page's storage (``start.json``'s "keys")."""
LIST_WORDS: Final = ("saved.", "saves.", "progress.", "rating.", "board.", "ai.", "kind.",
                     "player.", "plural.", "list.")
"""The catalogue keys the saved games and the progress table are worded from (their
prefixes): start.json's "words" of each language, handed to the page's Python, which
stores the lists in each language too (``StartKeeper.others``)."""
OTHERS_LISTED: Final = 20
"""The saved games listed in the other languages (the newest; a line says how many more):
a list of hundreds worded three times over would cost each change of it."""


# -- written at build time ---------------------------------------------------------------
Parts = list[str | list[str]]
"""Seat rows as kept: the key of each piece (``views.seat_parts``), or the HTML of the
player's own, alone in a list (a name typed).  Joined with the pieces of a language
(``joined``; start.json's "pieces"), they are the rows the page's Python draws in that
language; a seat named after its colour takes its name in that language."""


def parts_of(settings: Settings) -> Parts:
    """The seat rows of ``settings`` as kept (``Parts``)."""
    return [key if key else [html] for key, html in views.seats_parts(settings)]


def joined(parts: Parts, pieces: Mapping[str, str]) -> str | None:
    """The seat rows ``parts`` with ``pieces`` (a language's and the shared ones), or
    ``None`` when one is missing (as prestart.js joins them).

    prestart.js joins them again (``rowsOf``), and must: it shows the last table's rows
    before Python exists, in whichever language the player picks there, from the keys
    this module stored (``TableShown``).  Python cannot write those rows' HTML for it:
    at run time it has its own language's words only (the other languages' pieces are
    start.json's, which prestart.js holds), and the rows in every language would be
    some 24 KB each where their keys are 1 KB.  Here the join serves the build (the
    English rows in index.html, ``site_rows``) and the tests, which hold the pieces
    joined to what ``views.seats_html`` draws."""
    out = []
    for part in parts:
        if isinstance(part, list):
            out.append(part[0])
        elif part in pieces:
            out.append(pieces[part])
        else:
            return None
    return "".join(out)


def prerendered() -> dict[str, Any]:
    """The start screen's language-dependent parts, in the current language."""
    return {
        "pieces": views.seat_pieces(),
        "plans": views.plans_html(),
        "saved": views.saved_html([]),
        "progress": progress.table_html(Progress(), views.level_name),
        "dealing": f'<p class="dealing" id="dealing">{escape(t("prestart.dealing"))}</p>',
        "learning": f'<p class="dealing" id="dealing">{escape(t("prestart.learning"))}</p>',
        "changed": (f"<strong>{escape(t('saved.damaged'))}</strong> — "
                    f"{escape(t('saved.changed'))}"),
        "board": t("play.board"),
        "words": {key: text for key, text in i18n.messages().items()
                  if key.startswith(LIST_WORDS)},
        "failed": {lang: i18n.said(i18n.language_failed(lang))
                   for lang in i18n.LANGS if lang != i18n.language()},
    }


def site_file(catalogues: Mapping[str, Mapping[str, str]]) -> str:
    """``start.json``: ``KEYS``; a first visit's seat rows for 2, 3 and 4 players
    (``Parts``, "seats"); per language (-> its catalogue) ``prerendered()``, its pieces
    of seat rows those of that language alone, the pieces alike in every language once
    ("pieces": a pagoda's drawing, the rows' markup)."""
    before = i18n.language(), i18n.messages()
    try:
        langs = {}
        for lang, catalogue in sorted(catalogues.items()):
            i18n.set_language(lang, catalogue)
            langs[lang] = prerendered()
        seats = {str(n): parts_of(Settings(seats=opening_seats(n))) for n in COUNTS}
    finally:
        i18n.set_language(*before)
    everywhere = [words["pieces"] for words in langs.values()]
    shared = {key: html for key, html in everywhere[0].items()
              if all(pieces.get(key) == html for pieces in everywhere)} if everywhere else {}
    for words in langs.values():
        words["pieces"] = {k: v for k, v in words["pieces"].items() if k not in shared}
    return json.dumps({"keys": KEYS, "seats": seats, "pieces": shared, "langs": langs},
                      ensure_ascii=False, separators=(",", ":")) + "\n"


def site_rows(site: Mapping[str, Any], lang: str, parts: Parts) -> str | None:
    """The seat rows ``parts`` in ``lang`` with start.json's pieces (``site``, its JSON)."""
    return joined(parts, {**site["pieces"], **site["langs"][lang]["pieces"]})


# -- kept at run time --------------------------------------------------------------------
@dataclass(frozen=True)
class Board:
    """A game's board as prestart.js draws it: its side, position text and colours."""

    board: str
    position: str
    colours: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"board": self.board, "position": self.position, "colours": list(self.colours)}


@dataclass(frozen=True)
class Lists:
    """The start screen's saved games and progress table, as drawn."""

    saved: str
    count: int
    progress: str
    games: int
    boards: tuple[tuple[str, Board], ...] = ()
    """Each saved game's board (by its id), drawn by an early Resume."""
    stamps: tuple[tuple[str, str], ...] = ()
    """Each listed game's save as it was when listed (``saves.stamp_of`` its text):
    prestart.js shows a save whose text is no longer that as damaged (``changed``), never
    with Resume, until the page's Python reads it."""
    rows: tuple[tuple[str, str], ...] = ()
    """Each saved game's id and row of ``saved`` (``views.saved_rows``), newest first:
    the first ones are listed alone when all do not fit (``first``)."""
    langs: tuple[tuple[str, str, str], ...] = ()
    """The saved games and the progress table in the other languages (a language, its
    ``saved`` and its ``progress``): shown before Python in a page in that language."""

    def alone(self) -> Lists:
        """These lists in their own language alone."""
        return replace(self, langs=())

    def first(self, n: int) -> Lists:
        """These lists with the first ``n`` saved games alone (their boards and stamps),
        and a line saying how many more the page lists once loaded."""
        if not self.rows:  # no saved game: nothing to leave out
            return self.alone()
        kept = self.rows[:n]
        ids = {i for i, _ in kept}
        more = views.saved_more(len(self.rows) - len(kept)) if len(kept) < len(self.rows) else ""
        return replace(self, saved="".join(html for _, html in kept) + more,
                       boards=tuple(b for b in self.boards if b[0] in ids),
                       stamps=tuple(s for s in self.stamps if s[0] in ids), rows=kept,
                       langs=())

    def to_dict(self) -> dict[str, Any]:
        return {"saved": self.saved, "count": self.count, "progress": self.progress,
                "games": self.games, "boards": {i: b.to_dict() for i, b in self.boards},
                "stamps": dict(self.stamps),
                "langs": {lang: {"saved": saved, "progress": progress}
                          for lang, saved, progress in self.langs}}


def lists_of(entries: Sequence[Entry], saved_html: str, record: Progress,
             progress_html: str, rows: Sequence[str] = ()) -> Lists:
    """The lists as drawn: ``saved_html`` of ``entries`` (``rows``, its rows), the
    progress ``record`` as ``progress_html``."""
    boards = tuple((e.id, Board(e.board, e.position, e.colours))
                   for e in entries if e.ok and e.position)
    return Lists(saved_html, len(entries), progress_html, len(record.games), boards,
                 rows=tuple(zip((e.id for e in entries), rows, strict=True)) if rows else ())


@dataclass(frozen=True)
class TableShown:
    """The last table started as the start screen draws it: prestart.js shows it while
    the stored table is still ``source`` (another tab may have started a game since)."""

    source: str
    """The text of ``table.KEY`` it was drawn from."""
    players: int
    seats: tuple[tuple[int, Parts], ...]
    """The seat rows for 2, 3 and 4 players (the table's own; another count as the page
    makes it from them, ``setup.with_players``), as kept (``Parts``: shown in any
    language)."""
    board: str
    fair_start: bool
    hints: bool
    plan: str

    def to_dict(self) -> dict[str, Any]:
        return {"from": self.source, "players": self.players,
                "seats": {str(n): rows for n, rows in self.seats}, "board": self.board,
                "fair_start": self.fair_start, "hints": self.hints, "plan": self.plan}


def table_shown(text: str | None) -> TableShown | None:
    """The stored table ``text`` as the start screen draws it (in any language);
    ``None`` when it is refused (``table.read``) or the first visit's own."""
    kept = table.read(text)
    if text is None or kept is None or kept.is_opening:
        return None
    settings = kept.settings
    seats = tuple((n, parts_of(with_players(settings, n))) for n in COUNTS)
    return TableShown(text, settings.players, seats, settings.board, settings.fair_start,
                      settings.hints, kept.plan)


def stored_text(lang: str, lists: Lists | None, open_board: Board | None,
                shown: TableShown | None = None) -> str:
    """The text of ``KEY`` (of any length: ``fitted``)."""
    return json.dumps({"format": FORMAT, "lang": lang,
                       "lists": lists.to_dict() if lists is not None else None,
                       "open": open_board.to_dict() if open_board is not None else None,
                       "table": shown.to_dict() if shown is not None else None},
                      ensure_ascii=False, separators=(",", ":"))


def fitted(lang: str, lists: Lists | None, open_board: Board | None,
           shown: TableShown | None = None) -> str | None:
    """The text of ``KEY`` that prestart.js reads (at most ``MAX_START`` characters): the
    whole, else with the lists in their own language alone (``Lists.alone``), else with
    the newest saved games that fit and the line of how many more (``Lists.first``: a
    player sees their latest games, their table and progress at once), else without the
    lists (prestart.js leaves them to the page's Python), else ``None``.
    The longest first ones are found by halving: some ``log2`` of the saved games texts
    built, only when the whole does not fit."""
    whole = stored_text(lang, lists, open_board, shown)
    if len(whole) <= MAX_START:
        return whole
    if lists is not None and lists.langs:
        alone = stored_text(lang, lists.alone(), open_board, shown)
        if len(alone) <= MAX_START:
            return alone
    if lists is not None:
        def text(n: int) -> str:
            return stored_text(lang, lists.first(n), open_board, shown)
        fits, low, high = None, 0, len(lists.rows)
        while low <= high:  # the largest n whose text fits
            middle = (low + high) // 2
            candidate = text(middle)
            if len(candidate) <= MAX_START:
                fits, low = candidate, middle + 1
            else:
                high = middle - 1
        if fits is not None:
            return fits
    bare = stored_text(lang, None, open_board, shown)
    return bare if len(bare) <= MAX_START else None


@dataclass
class StartKeeper:
    """Keeps ``KEY`` true to the page's state (``keep`` after each change is stored)."""

    store: SaveStore
    lists: Lists | None = None
    open_board: Board | None = None
    shown: TableShown | None = None
    written: tuple[str, Lists | None, Board | None, TableShown | None] | None = None
    others: dict[str, dict[str, str]] = field(default_factory=dict)
    """The words of the lists in the other languages (start.json's "words", ``read_words``):
    the lists are stored in those languages too."""
    _shown_for: str | None = None
    _lists_for: tuple[list[Entry], int, Progress, int, int] | None = None
    _open_for: tuple[str, int] | None = None
    _ended: tuple[str, int] | None = None

    def read_words(self, text: str) -> None:
        """start.json's words of each language (``{lang: {key: text}}`` as JSON text, as
        the shell hands them over; anything else: none)."""
        try:
            data = json.loads(text) if text else None
        except ValueError:
            data = None
        self.others = {lang: {str(k): v for k, v in words.items() if isinstance(v, str)}
                       for lang, words in (data.items() if isinstance(data, dict) else ())
                       if lang in i18n.LANGS and isinstance(words, dict)}

    @property
    def storage(self) -> Storage:
        return self.store.storage

    def keep(self, entries: list[Entry], record: Progress, game: GameOnScreen | None) -> None:
        """After a change: the start screen's lists (``entries``, ``record``: read again
        by the page whenever the start screen shows or changes) and the saved game on
        screen; the key is written when what it holds changed."""
        seen = self._lists_for
        if seen is None or seen[0] is not entries or seen[1] != len(entries) \
                or seen[2] is not record or seen[3] != len(record.games) \
                or seen[4] != i18n.generation():
            self._lists_for = (entries, len(entries), record, len(record.games),
                               i18n.generation())
            self.lists = self._lists(entries, record)
        if game is None:
            self.open_board, self._open_for = None, None
        elif not game.over:
            if self._open_for != (game.save_id, game.rev):
                self._open_for = (game.save_id, game.rev)
                self.open_board = Board(game.board, game.game.to_position(), game.colours)
        else:  # its line and the progress changed: the lists are read afresh, once
            self.open_board, self._open_for = None, None
            if self._ended != (game.save_id, game.rev):
                self._ended = (game.save_id, game.rev)
                try:
                    self.lists = self._lists(self.store.entries(), record)
                except Exception:  # noqa: BLE001 - storage unreadable: Python draws them
                    self.lists = None
        self._keep_table()
        self.write()

    def _keep_table(self) -> None:
        """The stored table as drawn now (read again when its text changed: a game
        started here or in another tab)."""
        text = None
        with contextlib.suppress(Exception):
            text = self.storage.get(table.KEY)
        if self._shown_for != text:
            self._shown_for = text
            self.shown = table_shown(text)

    def _lists(self, entries: Sequence[Entry], record: Progress) -> Lists:
        rows = views.saved_rows(entries)
        lists = lists_of(entries, views.saved_list(rows), record,
                         progress.table_html(record, views.level_name), rows)
        stamps = []
        for entry in entries:
            with contextlib.suppress(Exception):
                text = self.store.raw(entry.id) if entry.ok else None
                if text is not None:
                    stamps.append((entry.id, stamp_of(text)))
        langs = []
        for lang, words in sorted(self.others.items()):
            if lang == i18n.language():
                continue
            with i18n.speaking(lang, words):
                more = len(entries) - OTHERS_LISTED
                saved = views.saved_list(views.saved_rows(entries[:OTHERS_LISTED])) \
                    + (views.saved_more(more) if more > 0 else "")
                langs.append((lang, saved, progress.table_html(record, views.level_name)))
        return replace(lists, stamps=tuple(stamps), langs=tuple(langs))

    def write(self) -> None:
        """Store what changed, as long as prestart.js reads (``fitted``; nothing fits, or
        the storage is full: the value stored before is removed, prestart.js waits for
        Python).  While a game is open the lists and the table are left out: a page opened
        now shows that game's board, and a move writes a small value."""
        closed = self.open_board is None
        now = (i18n.language(), self.lists if closed else None, self.open_board,
               self.shown if closed else None)
        if self.written is not None and self.written[0] == now[0] \
                and self.written[1] is now[1] and self.written[2] == now[2] \
                and self.written[3] is now[3]:
            return
        self.written = now
        text = fitted(*now)
        try:
            if text is None:
                self.storage.remove(KEY)
            else:
                self.storage.set(KEY, text)
        except Exception:  # noqa: BLE001 - storage full or off: no value left behind
            with contextlib.suppress(Exception):
                self.storage.remove(KEY)


@dataclass(frozen=True)
class GameOnScreen:
    """The saved game on screen, as the keeper needs it."""

    save_id: str
    rev: int
    over: bool
    board: str
    game: qin.Game
    colours: tuple[str, ...]
