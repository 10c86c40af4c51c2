"""The page's words in the player's language: English, German or French (no DOM here).

Every text the game page builds in Python goes through ``t(key, **values)``: the
current message catalogue with its ``{placeholders}`` filled in.  That catalogue is the
page's own (``web/i18n/<lang>.json``: the same as the rules pages and the diagrams)
over the engine's (``qin.messages``: events, refused moves, colours, lists).  Events
are worded by ``describe`` and refused moves by ``refusal`` (an ``IllegalMove``), both
by ``qin.messages`` in the current language.

The page loads the catalogue of the chosen language only (``web/startup/boot.js`` fetches it
while Pyodide starts: the site build serves it merged with the engine's) and hands it
over with ``set_language``; a switch of language hands over another one and redraws.
Without that (CPython, the unit tests) the English catalogue is read from
``web/i18n/en.json``.

A note the page keeps in its state (an import done or refused, a link that cannot be
opened, the save's state, why a game did not start) is kept as ``Words`` (a key and its
values; ``Joined``: several, or names with a word between them) and worded when drawn
(``said``): a language chosen while it shows says it anew.  An error whose reason is
for people (``WordedError``: the saves', the links', the progress record's) keeps it
the same way, and so does a note with the engine's reason in it (``EngineReason``: a
``RecordError``, ``IllegalMove`` or ``SeriesError``, worded from its code and values).

Numbers for people go through ``number`` (a decimal comma in German and French) and
a message with a singular and a plural form through ``plural`` (French says one for
anything below two, English and German for exactly 1).

The log links each event to its section of the rules reference: ``rules_href``
(``web/rules/anchors.json``, mirrored in ``EVENT_ANCHORS``; a test keeps them equal).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final, Protocol, runtime_checkable

import qin
from qin import messages as engine
from qin.errors import SeriesError
from qin.messages import colour_word, join_list, text

LANGS = engine.LANGS
"""The languages the site speaks: the engine's catalogues' (web/i18n holds one of each)."""
DEFAULT = "en"
DECIMAL_SIGNS: Final = {"en": ".", "de": ",", "fr": ","}
"""What each language writes between a number's whole part and its fraction."""
MOST_DIGITS: Final = 3
"""The places after the decimal sign ``number`` shows at most when asked for as few as
a value needs."""
STORAGE_KEY = "qin-lang"
"""localStorage key of the chosen language (shared with the rules pages)."""

EVENT_ANCHORS: dict[str, str] = {
    "place": "place", "found": "found", "expand": "expand", "major": "major",
    "absorb": "absorb", "return": "absorb", "village": "villages", "pass": "pass",
    "win": "end", "end": "end",
}
"""Event kind -> section of the rules pages (web/rules/anchors.json "events")."""
RETURN_VILLAGE = "villages"
"""A village's pagoda going back (a ``return`` of one square) is explained there."""

_STATE: dict[str, Any] = {"lang": DEFAULT, "messages": None, "generation": 0}


def _english() -> dict[str, str]:
    path = Path(__file__).resolve().parents[2] / "i18n" / "en.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # pragma: no cover - the page always sets one
        data = {}
    return {**engine.catalogue(DEFAULT), **{str(k): str(v) for k, v in data.items()}}


def set_language(lang: str, messages: Mapping[str, Any]) -> None:
    """Speak ``lang`` from now on, with its catalogue ``messages`` (the page's keys; the
    engine's come from ``qin.messages`` when ``messages`` lacks them)."""
    lang = lang if lang in LANGS else DEFAULT
    _STATE["lang"] = lang
    _STATE["messages"] = {**engine.catalogue(lang),
                          **{str(k): str(v) for k, v in messages.items()}}
    _STATE["generation"] += 1


@contextmanager
def speaking(lang: str, messages: Mapping[str, Any]) -> Iterator[None]:
    """Speak ``lang`` with ``messages`` (over the engine's, as ``set_language``) for a
    while, then as before; ``generation`` stays as it is, so only for words no cache keeps
    (the start screen's lists before Python in the other languages, ``start_screen``)."""
    before = dict(_STATE)
    lang = lang if lang in LANGS else DEFAULT
    _STATE["lang"] = lang
    _STATE["messages"] = {**engine.catalogue(lang),
                          **{str(k): str(v) for k, v in messages.items()}}
    try:
        yield
    finally:
        _STATE.update(before)


def language() -> str:
    return str(_STATE["lang"])


def generation() -> int:
    """A number that changes with every ``set_language`` (for caches of worded text)."""
    return int(_STATE["generation"])


def messages() -> dict[str, str]:
    if _STATE["messages"] is None:
        _STATE["messages"] = _english()
    found: dict[str, str] = _STATE["messages"]
    return found


def t(key: str, **values: Any) -> str:
    """The message ``key`` in the current language, placeholders filled in."""
    return text(messages(), key, **values)


@dataclass(frozen=True)
class Words:
    """A message kept as its catalogue key and values, worded when shown (so in the
    language of that moment: a language chosen while it shows words it anew).  A value
    may be ``Words`` itself (a reason inside a sentence), worded with it; ``count``
    chooses the singular or plural form of ``key`` and fills in ``n`` (``plural``).
    ``str()`` of it is its text now."""

    key: str
    values: tuple[tuple[str, Said], ...] = ()
    count: float | None = None

    def text(self) -> str:
        values = {k: said(v) for k, v in self.values}
        if self.count is not None:
            return t(plural_key(self.key, self.count), n=number(self.count), **values)
        return t(self.key, **values)

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Joined:
    """Texts with a catalogue word between each two ("Green vs White"; ``by`` "": a
    space, as between sentences), worded when shown."""

    items: tuple[Said, ...]
    by: str = ""

    def text(self) -> str:
        between = f" {t(self.by)} " if self.by else " "
        return between.join(said(item) for item in self.items)


@dataclass(frozen=True)
class PlayerNames:
    """A game's players' names with a catalogue word between each two ("Green vs
    White"), worded when shown: a game given no names says "Player N" in the language
    of that moment (``player_names``)."""

    names: tuple[str, ...]
    colours: tuple[str, ...] = ()
    """The seats' pagoda colours (a seat named after its colour: ``player_names``)."""
    by: str = "saved.vs"

    def text(self) -> str:
        return f" {t(self.by)} ".join(player_names(self.names, self.colours))


@dataclass(frozen=True)
class EngineReason:
    """Why the engine refused a game record, a link, a move or a game of a series (a
    ``RecordError``, an ``IllegalMove``, a ``SeriesError``: their code and values),
    worded when shown, without the decision's number (the page links readings in
    words)."""

    error: qin.RecordError | qin.IllegalMove | SeriesError

    def text(self) -> str:
        if isinstance(self.error, qin.IllegalMove):
            return refusal(self.error)
        if isinstance(self.error, SeriesError):
            return engine.series_error_text(self.error, language())
        return engine.record_error_text(self.error, language(), rule=False)


@runtime_checkable
class Sayable(Protocol):
    """Words for people kept until shown: ``text()`` says them in the current language
    (``Words``, ``Joined``, ``PlayerNames``, a refused move's reason)."""

    def text(self) -> str: ...


Said = Sayable | str
"""A note for people as the page keeps it: worded when shown (``said``), or a text
only English words (such as the engine's reasons)."""


class WordedError(ValueError):
    """An error whose reason is for people: kept as ``Words`` (or as text, a reason only
    English words, such as the engine's), worded when shown: ``str()`` of it says the
    reason in the language of that moment; ``note`` is what it keeps."""

    def __init__(self, note: Said) -> None:
        super().__init__(note)
        self.note = note

    def __str__(self) -> str:
        return said(self.note)


def language_failed(lang: str) -> Words:
    """The note that ``lang``'s words could not be loaded (the page stays in its own
    language and keeps the choice): said after Python (``starting.language_failed``) and
    before it (prestart.js, from start.json)."""
    return words("lang.failed", chosen=words(f"lang.{lang}"))


def words(key: str, **values: object) -> Words:
    """``Words`` of ``key`` with ``values``: ``Words`` and a ``WordedError``'s note
    are kept as they are (worded with it), the engine's refusal of a record, a link, a
    move or a game of a series as ``EngineReason``, anything else as text."""
    return Words(key, tuple((k, _kept(v)) for k, v in values.items()))


def counted(n: float, key: str, **values: object) -> Words:
    """``Words`` of ``key``'s singular or plural form for ``n``, ``n`` in it (as
    ``plural`` says it, when shown)."""
    return replace(words(key, **values), count=n)


def reason(error: Exception) -> Said:
    """Why ``error`` happened, as a note keeps it: the engine's refusal of a record, a
    link, a move or a game of a series as ``EngineReason``, a ``WordedError``'s note,
    else its text."""
    return _kept(error)


def _kept(value: object) -> Said:
    if isinstance(value, Sayable):
        return value
    if isinstance(value, qin.RecordError | qin.IllegalMove | SeriesError):
        return EngineReason(value)
    if isinstance(value, WordedError):
        return value.note
    return str(value)


def said(note: Said) -> str:
    """A note in words: ``Words`` in the current language, a text as it is (a reason
    only English words, such as the engine's)."""
    return note if isinstance(note, str) else note.text()


def has(key: str) -> bool:
    return key in messages()


MINUS = "\u2212"
"""The minus sign of a negative value in words (a hyphen is shorter, and breaks a line)."""


def _plain(value: float, digits: int | None, sign: bool) -> str:
    """``value`` with a decimal point, ``digits`` places (``None``: as few as it needs,
    up to ``MOST_DIGITS``), a "+" before a positive value if ``sign``; never "-0.0"."""
    places = MOST_DIGITS if digits is None else max(0, digits)
    rounded = round(float(value), places)
    if rounded == 0:
        rounded = 0.0  # a value rounded to nothing is not negative
    shown = f"{rounded:{'+' if sign else ''}.{places}f}"
    if digits is None and "." in shown:
        shown = shown.rstrip("0").rstrip(".")
    return shown


def number(value: float, digits: int | None = 0, sign: bool = False) -> str:
    """``value`` in words for people, the current language's way: ``digits`` places after
    the decimal sign (``None``: as few as the value needs), a point in English, a comma
    in German and French (``DECIMAL_SIGNS``); ``sign``: a "+" before a positive value;
    a negative one takes the minus sign (U+2212), not a hyphen.
    What the page or a program reads (data attributes, ARIA values, SVG coordinates)
    keeps the point and the hyphen: it is written with Python's own formats, never with
    this."""
    shown = _plain(value, digits, sign).replace(".", DECIMAL_SIGNS[language()])
    return MINUS + shown[1:] if shown.startswith("-") else shown


def plural_key(key: str, n: float, digits: int | None = 0) -> str:
    """``key + ".one"`` or ``key + ".many"``: the form the current language takes for
    ``n`` as ``number(n, digits)`` shows it (the engine's ``singular``: the rule is the
    catalogue's ``plural.rule``)."""
    whole, _, fraction = _plain(abs(n), digits, False).partition(".")
    return f"{key}.one" if engine.singular(language(), whole, fraction) else f"{key}.many"


def plural(n: float, key: str, *, digits: int | None = 0, sign: bool = False,
           **values: Any) -> str:
    """``key``'s singular or plural form for ``n`` (``plural_key``), with ``n`` in it
    as ``number(n, digits, sign)`` writes it."""
    return t(plural_key(key, n, digits), n=number(n, digits, sign), **values)


def join(items: Sequence[str]) -> str:
    """``a``; ``a and b``; ``a, b and c`` in the current language."""
    return join_list(items, messages())


def player_names(names: Sequence[str], colours: Sequence[str] = ()) -> list[str]:
    """The players' names as the page shows them: a game given no names ("Player 1", ...)
    has the catalogue's "Player N" in the current language, and a seat named after its
    pagoda colour (``colours``: the seats') in any language ("White", "Weiß", "Blanc")
    that colour's name in the current one (``qin.messages.shown_names``)."""
    return engine.shown_names(names, messages(), colours)


def board_label(game: qin.Game, names: Sequence[str]) -> str:
    """The board's name for a screen reader, in the current language: its side, its
    size and its players (``names`` as shown)."""
    geo = game.board.geo
    return engine.board_label(game.board_name, geo.width, geo.height,
                              list(names)[:game.players], messages())


def whose(name: str) -> str:
    """``"Green's"`` (``"von Grün"``, ``"de Vert"``)."""
    return t("player.possessive", name=name)


def colour(letter: str, form: str = "") -> str:
    """A tile colour ("R") in words: ``form`` "" (plain), "province" or "tile"."""
    return colour_word(letter, form, messages())


def tile_name(kind: str) -> str:
    """``"RY"`` -> ``"red/yellow"``."""
    return "/".join(colour(c) for c in kind)


def pagoda_colour(name: str) -> str:
    """A pagoda colour's name ("green" -> "Green", "Grün", "Vert")."""
    key = f"player.{name}"
    return t(key) if has(key) else name.capitalize()


def describe(event: qin.Event, names: Sequence[str] | None = None,
             on_board: Mapping[int, int] | Sequence[int] | None = None) -> str:
    """One line for ``event`` in the current language."""
    return engine.describe(event, names, language(), on_board)


def refusal(refused: qin.IllegalMove, names: Sequence[str] | None = None) -> str:
    """Why the engine refused a move (its code and params), in the current language,
    without the move itself."""
    return engine.refusal_text(refused, language(), names, rule=False)


def refusal_rule(refused: qin.IllegalMove) -> tuple[str, str] | None:
    """The reading a refusal applies, as (``rules/readings-<lang>.html#q6``, its title
    in words), or ``None`` for a refusal no reading explains."""
    reading = engine.refusal_reading(refused.code, language())
    return None if reading is None else (reading[0], t(reading[1]))


def rules_anchor(event: qin.Event) -> str | None:
    """The section of the rules pages that explains ``event``."""
    if event.kind == "return" and len(event.squares) == 1:
        return RETURN_VILLAGE
    return EVENT_ANCHORS.get(event.kind)


def rules_href(event: qin.Event, lang: str | None = None) -> str | None:
    """``rules/<lang>.html#<anchor>`` for ``event`` (relative to the game page)."""
    anchor = rules_anchor(event)
    if anchor is None:
        return None
    return f"rules/{lang or language()}.html#{anchor}"
