"""Untrusted input: how error messages quote it, and the limits checked before parsing.

Every engine error that repeats what it was given uses ``quote``: control characters,
lone surrogates and other unprintable characters are escaped as ``repr`` does, and
long input is cut (first ``QUOTE_LIMIT`` characters, then "…" and the length), so a
message can neither flood a terminal nor send it escape codes, and always encodes as
UTF-8.  A refusal's params hold the value as data (``shown``), which ``said`` words in
English and ``qin.messages.value_text`` in any language.  The loaders refuse text
longer than ``MAX_INPUT``; JSON goes through the one reader of JSON from outside,
``qin.json_text``, and its limits.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any, Final

from .errors import QinError, RecordError, SeriesError
from .json_text import JsonTextError, read_json

QUOTE_LIMIT: Final = 60
"""How many characters of an input a message shows."""
MAX_INPUT: Final = 256 * 1024
"""The longest position, record or board layout text, in characters (and the most bytes
the command line reads): a 26 x 99 board with every square written out, comments and a
400-move record all fit many times over."""
NAME_CATEGORIES: Final = frozenset({"Cc", "Cs", "Zl", "Zp"})
"""Unicode categories a player's name may not hold: control characters, lone surrogates
(which no UTF-8 text, link or saved game can carry) and line breaks.  Format characters
(category Cf) are ordinary text in a name: the zero-width joiner of joined emoji (a
family, a technologist), an emoji flag's tags; variation selectors (Mn) too."""
NAME_CONTROLS: Final = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The format characters a name may not hold all the same: the bidirectional embeddings,
overrides and isolates, which would turn the text around them (the log's, the list's)."""


MAX_NAME: Final = 40
"""The longest player name a game or a record may hold, in characters."""


def escape(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters (then "…"), unprintable characters escaped."""
    shown = text[:limit]
    if not shown.isprintable():
        shown = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in shown)
    return shown + "…" if len(text) > limit else shown


def shown(value: object, limit: int = QUOTE_LIMIT) -> dict[str, Any]:
    """An offending value as a refusal's params hold it (JSON-ready, in no language):

    - ``{"text": "Rc4Yd4"}``: text, escaped (``escape``);
    - ``{"text": "xxx…", "length": 1234}``: text cut to ``limit`` characters (then "…"),
      ``length`` its whole length in characters;
    - ``{"digits": 5001}``: a whole number too long to show, its decimal digits;
    - ``{"data": "[1, 2]"}``: any other value as it is written (a short ``repr``).

    ``said`` words it in English, ``qin.messages.value_text`` in any language."""
    if isinstance(value, str):
        if len(value) > limit:
            return {"text": escape(value, limit), "length": len(value)}
        return {"text": escape(value, limit)}
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return {"digits": digit_count(value)}
    try:
        text = repr(value)
    except ValueError:  # pragma: no cover - a value whose repr refuses (huge numbers)
        text = type(value).__name__
    return {"data": escape(text, limit)}


def said(value: Mapping[str, Any]) -> str:
    """A value ``shown`` holds, in the English messages' words: text in single quotes
    (with its length when cut: 'xxx…' (1,234 characters)), "a number of 5001 digits",
    other data as it is written (the English catalogue's ``value.*`` say the same)."""
    if "digits" in value:
        return f"a number of {value['digits']} digits"
    if "text" in value:
        quoted = f"'{value['text']}'"
        length = value.get("length")
        return f"{quoted} ({length:,} characters)" if isinstance(length, int) else quoted
    return str(value.get("data", ""))


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """Input as an English message shows it (``said`` of what ``shown`` holds): text in
    single quotes, escaped and shortened (with its length when cut); anything else as a
    short ``repr``."""
    return said(shown(value, limit))


def digit_count(value: int) -> int:
    """The decimal digits of ``value`` without converting it to text (which Python refuses
    beyond 4,300 digits)."""
    value = abs(value)
    if value.bit_length() <= 256:
        return len(str(value))
    digits = int(value.bit_length() * 0.30102999566398120) - 1  # a lower bound
    while 10 ** (digits) <= value:
        digits += 1
    return digits


def text_problem(text: str, what: str, limit: int = MAX_INPUT) -> str | None:
    """Why ``text`` is too large to parse as ``what``, or ``None``."""
    if len(text) > limit:
        return (f"the {what} is larger than any can be ({len(text):,} characters; "
                f"at most {limit:,})")
    return None


def default_names(players: int) -> list[str]:
    """The names of players who were given none: ``["Player 1", "Player 2", ...]`` (a
    record's and a link's too; a reader's language words them: ``qin.messages``)."""
    return [f"Player {p}" for p in range(1, players + 1)]


def name_problem(name: object, seat: int,
                 show: Callable[[object], str] = quote) -> str | None:
    """Why ``name`` cannot be player ``seat``'s name, or ``None`` (the rules of records);
    ``show`` quotes a value that is not text."""
    if not isinstance(name, str):
        return f"name {seat} must be text, not {show(name)}"
    if not name.strip():
        return f"name {seat} is empty"
    if len(name) > MAX_NAME:
        return f"name {seat} is {len(name):,} characters long; at most {MAX_NAME}"
    if not is_name_text(name):
        return f"name {seat} {quote(name)} holds a control character or a lone surrogate"
    return None


def decoded(data: bytes | bytearray, what: str, error: type[QinError],
            limit: int = MAX_INPUT) -> str:
    """UTF-8 bytes (a byte-order mark allowed) as text; ``error`` when larger than
    ``limit`` bytes, before decoding, or not UTF-8."""
    if len(data) > limit:
        raise refusal(error, what, JsonTextError(
            "large", f"is larger than any can be ({len(data):,} bytes; at most {limit:,})",
            n=len(data)))
    try:
        return bytes(data).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise refusal(error, what, JsonTextError(
            "utf8", f"is not UTF-8 text (byte {exc.start})")) from None


def parse_json(text: str, what: str, error: type[QinError], limit: int = MAX_INPUT) -> Any:
    """JSON text from outside read by the one reader (``qin.json_text``: size, nesting,
    digits and finite numbers checked before anything is converted); its refusal as
    ``error`` ("the game record is not valid JSON: ... at line 2, column 11")."""
    try:
        return read_json(text, limit)
    except JsonTextError as exc:
        raise refusal(error, what, exc) from None


def refusal(error: type[QinError], what: str, exc: JsonTextError) -> QinError:
    """The reader's refusal ``exc`` of the ``what`` as ``error`` ("the game record is
    not valid JSON: ..."); a ``RecordError`` keeps its code and values (code "text",
    the reader's code as ``problem``), and so does a ``SeriesError``."""
    message = f"the {what} {exc}"
    if issubclass(error, RecordError | SeriesError):
        return error(message, "text", {"problem": exc.code, **exc.params})
    return error(message)


def is_name_text(name: str) -> bool:
    """Whether every character of ``name`` may be in a player's name (``NAME_CATEGORIES``,
    ``NAME_CONTROLS``); the start screen asks the same."""
    return not any(ch in NAME_CONTROLS or unicodedata.category(ch) in NAME_CATEGORIES
                   for ch in name)


_ASCII_NUMBER: Final = re.compile(r"[0-9]+")


def ascii_number(text: str, most: int) -> int | None:
    """``text`` as a whole number when it is ASCII digits only (no more than ``most``),
    else ``None``; ``int()`` alone would also read "²" or "٣" or refuse 4,301 digits."""
    if len(text) > most or not _ASCII_NUMBER.fullmatch(text):
        return None
    return int(text)
