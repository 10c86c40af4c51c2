"""The ``qin-game/1`` record as data (spec/notation.md, "Game records"): reading,
checking and the bytes of a play-by-link code.  Nothing here needs a ``Game``:
``Game.record()`` and ``Game.from_record()`` build on it, and ``qin.records`` (the
public face of records) adds what replays one.

A record is JSON::

    {"format": "qin-game/1", "board": "bird", "players": 2, "seed": 7,
     "fair_start": false, "names": ["Green", "White"], "moves": ["Rc4Yd4", "pass"]}

and optionally ``"hints": [0, 2]``: how many hints each seat asked for (a page's
count; the engine only checks and keeps it).  A record without it reads as before.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from .boards import NAMES as BOARD_NAMES
from .boards import layout
from .errors import IllegalMove, QinError, RecordError
from .events import Event
from .geometry import Geometry
from .inputs import (
    MAX_NAME,
    decoded,
    default_names,
    escape,
    name_problem,
    parse_json,
    quote,
    said,
    shown,
)
from .messages import refusal_text
from .moves import Move
from .tiles import PAGODAS

Played = tuple[str, int, list[Event]]
"""A replayed move: its text as recorded, the player who made it, its events."""


FORMAT: Final = "qin-game/1"
KEYS: Final = ("format", "board", "players", "seed", "fair_start", "names", "moves",
                "hints", "seats")
SEAT_KINDS: Final = ("human", "apprentice", "governor", "minister", "emperor", "heaven")
"""Who plays a seat, in the optional ``"seats"`` field: a human, or the computer at one of
``qin.ai.LEVELS`` (weakest first) or the Son of Heaven (``qin.ai.SON_OF_HEAVEN``, added
last); their order is the link code's byte, so new kinds only ever go at the end."""
REQUIRED: Final = ("format", "board", "players", "seed")
MAX_SEED: Final = 2**63
"""Seeds are 64-bit signed whole numbers (what a link code can hold)."""
MAX_MOVES: Final = 400
"""More moves than any game can have (72 placements, and a pass only while another
player can still place); a bound against garbage."""


def parse(data: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """JSON text or bytes -> the record as a dict (not yet checked); a dict is copied.

    Text larger than any record, JSON nested deeper than any record and numbers longer
    than any seed are refused before ``json.loads`` parses them (a crafted file must not
    exhaust the parser's stack or Python's limit on converting digits)."""
    if isinstance(data, Mapping):
        return dict(data)
    if isinstance(data, bytes | bytearray):
        data = decoded(data, "game record", RecordError)
    if not isinstance(data, str):
        raise RecordError(f"a game record is JSON text or a dict, not {type(data).__name__}",
                          "type", {"type": type(data).__name__})
    value = parse_json(data, "game record", RecordError)
    if not isinstance(value, dict):
        raise RecordError(f"a game record is a JSON object {{...}}, not {json_type(value)}",
                          "not_record", {"value": show(value), "reads": FORMAT})
    return value


def check(data: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """The record with its fields checked and defaults filled in (``fair_start`` false,
    default names, no moves); the moves are not replayed.  Raises ``RecordError``."""
    return checked(parse(data))


def checked(record: dict[str, Any]) -> dict[str, Any]:
    """``check`` for a record already parsed into a dict."""
    if "format" not in record:
        raise RecordError(f"this is not a game record: it has no \"format\" "
                          f"(a game record starts {{\"format\": \"{FORMAT}\", ...}})",
                          "no_format", {"reads": FORMAT})
    fmt = record["format"]
    if fmt != FORMAT:
        if isinstance(fmt, str) and fmt.startswith("qin-game/"):
            raise RecordError(f"unknown game record version {quote(fmt)}: this program reads "
                              f"'{FORMAT}' (a newer program may have written it)",
                              "version", {"value": show(fmt), "reads": FORMAT})
        value = show(fmt)
        raise RecordError(f"this is not a game record: its format is {said(value)}, "
                          f"not \"{FORMAT}\"", "not_record", {"value": value, "reads": FORMAT})
    problem = fields_problem(record, KEYS, REQUIRED, "the game record", show_text)
    if problem:
        raise RecordError(*problem)
    board = record["board"]
    if not isinstance(board, str) or not board:
        value = show(board)
        raise RecordError(f"\"board\" is the name of a board ({', '.join(BOARD_NAMES)}) "
                          f"or its layout, not {said(value)}", "board",
                          {"value": value, "boards": ", ".join(BOARD_NAMES)})
    players = record["players"]
    if not is_int(players) or players not in PAGODAS:
        value = show(players)
        raise RecordError(f"\"players\" must be 2, 3 or 4, not {said(value)}", "players",
                          {"value": value})
    seed = record["seed"]
    if not is_int(seed) or not -MAX_SEED <= seed < MAX_SEED:
        value = show(seed)
        raise RecordError(f"\"seed\" must be a whole number (below 2**63 in size), "
                          f"not {said(value)}", "seed", {"value": value})
    fair = record.get("fair_start", False)
    if not isinstance(fair, bool):
        value = show(fair)
        raise RecordError(f"\"fair_start\" must be true or false, not {said(value)}",
                          "fair_start", {"value": value})
    names = record.get("names")
    if names is None:
        names = default_names(players)
    _check_names(names, players)
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError(f"\"moves\" must be a list of moves like \"Rc4Yd4\", "
                          f"not {json_type(moves)}", "moves_list", {"value": show(moves)})
    if len(moves) > MAX_MOVES:
        raise RecordError(f"the game record has {len(moves)} moves; no game has more than "
                          f"{MAX_MOVES}", "moves_many", {"n": len(moves), "most": MAX_MOVES})
    for number, text in enumerate(moves, start=1):
        if not isinstance(text, str):
            value = show(text)
            raise RecordError(f"move {number} is {said(value)}, not text like \"Rc4Yd4\"",
                              "move_text", {"number": number, "value": value})
    out = {"format": FORMAT, "board": board, "players": players, "seed": seed,
           "fair_start": fair, "names": list(names), "moves": list(moves)}
    if "hints" in record:
        out["hints"] = check_hints(record["hints"], players)
    if "seats" in record:
        out["seats"] = check_seats(record["seats"], players)
    return out


def _per_seat(value: Any, players: int, field: str, what: str) -> list[Any]:
    """``value`` as a list of one ``what`` per seat, else ``RecordError``."""
    if not isinstance(value, list) or len(value) != players:
        bad = show(value)
        raise RecordError(f"\"{field}\" must be a list of {players} {what} (one per seat), "
                          f"not {said(bad)}", "per_seat",
                          {"field": field, "n": players, "value": bad})
    return value


def check_seats(seats: Any, players: int) -> list[str]:
    """The optional ``"seats"`` field: who plays each seat (``SEAT_KINDS``); ``RecordError``
    quoting a bad value."""
    for seat, kind in enumerate(_per_seat(seats, players, "seats", "player types"), start=1):
        if kind not in SEAT_KINDS:
            value = show(kind)
            raise RecordError(f"\"seats\" for seat {seat} must be one of "
                              f"{', '.join(SEAT_KINDS)}, not {said(value)}", "seat_kind",
                              {"seat": seat, "value": value, "kinds": ", ".join(SEAT_KINDS)})
    return list(seats)


MAX_HINTS: Final = MAX_MOVES
"""The most hints one seat's count may say (a bound against garbage, like the moves)."""


def check_hints(hints: Any, players: int) -> list[int]:
    """The optional ``"hints"`` field: one whole number >= 0 per seat; ``RecordError``
    quoting a bad value."""
    for seat, count in enumerate(_per_seat(hints, players, "hints", "counts"), start=1):
        if not is_int(count) or not 0 <= count <= MAX_HINTS:
            value = show(count)
            raise RecordError(f"\"hints\" for seat {seat} must be a whole number from 0 to "
                              f"{MAX_HINTS}, not {said(value)}", "hint_count",
                              {"seat": seat, "value": value, "most": MAX_HINTS})
    return list(hints)


def _check_names(names: Any, players: int) -> None:
    if not isinstance(names, list):
        raise RecordError(f"\"names\" must be a list of {players} names, not {json_type(names)}",
                          "names_list", {"n": players, "value": show(names)})
    if len(names) != players:
        raise RecordError(f"\"names\" has {len(names)} names but the game has {players} players",
                          "names_count", {"count": len(names), "n": players})
    for seat, name in enumerate(names, start=1):
        problem = name_problem(name, seat, show_text)  # the rules Game.new applies, too
        if problem:
            raise RecordError(problem, *_name_code(name, seat))


def _name_code(name: object, seat: int) -> tuple[str, dict[str, Any]]:
    """The code and values of ``name_problem``'s refusal of player ``seat``'s ``name``."""
    if not isinstance(name, str):
        return "name_type", {"seat": seat, "value": show(name)}
    if not name.strip():
        return "name_empty", {"seat": seat}
    if len(name) > MAX_NAME:
        return "name_long", {"seat": seat, "n": len(name), "most": MAX_NAME}
    return "name_chars", {"seat": seat, "value": show(name)}


def move_reason(exc: Exception, text: str) -> str:
    """The engine's reason why ``text`` cannot be played, without the move it repeats
    (``"Rc4Yd4: c4 is water ..."`` -> ``"c4 is water ..."``)."""
    if isinstance(exc, IllegalMove):  # worded from its code, in English
        return refusal_text(exc)
    message = str(exc)
    try:
        written = str(Move.parse(text))
    except QinError:
        return message
    for prefix in (f"{written}: ", f"{quote(text.strip())}: "):
        if message.startswith(prefix):
            return message[len(prefix):]
    return message


# -- link codes ----------------------------------------------------------------------
URL_VERSION: Final = 1
_PASS_CODE: Final = 0


def link_code(record: dict[str, Any]) -> str:
    """The link code of a checked record whose moves replay (``qin.records.to_url``
    checks that first).

    Bytes, before base64url: version (1); a flags byte = board index (0 bird, 1 lion)
    | (players - 2) << 2 | fair_start << 4 | custom names << 5; the seed as a zigzag
    LEB128 varint; with custom names, each as a varint length and UTF-8; with seats
    (flag bit 6, a record's ``"seats"``), one byte per seat, its index in ``SEAT_KINDS``;
    with hints (flag bit 7, a record's ``"hints"``), one varint per seat; then each move
    as a varint (1 or 2 bytes): 0 for a pass, else 1 + (pair * 2 + flipped) * 9 +
    first colour * 3 + second colour, where ``pair`` indexes the board's orthogonal
    square pairs (``Geometry.pairs``, reading order) and ``flipped`` says the first
    half is on the pair's later square (so the move text comes back as written);
    last a 16-bit CRC of everything before it.  Bits 6 and 7 were 0 before seats and
    hints were added: every older link reads as before (every seat human, no hints).
    """
    board = record["board"]
    if board not in BOARD_NAMES:
        value = shown(board, 40)
        raise RecordError(f"only the shipped boards ({', '.join(BOARD_NAMES)}) fit in a link; "
                          f"this game is on {said(value)}", "link_board",
                          {"board": value, "boards": ", ".join(BOARD_NAMES)})
    seed = record["seed"]
    default = default_names(record["players"])
    custom = record["names"] != default
    out = bytearray([URL_VERSION,
                     BOARD_NAMES.index(board) | (record["players"] - 2) << 2
                     | int(record["fair_start"]) << 4 | int(custom) << 5
                     | int("seats" in record) << 6 | int("hints" in record) << 7])
    _put_varint(out, seed * 2 if seed >= 0 else -seed * 2 - 1)
    if custom:
        for name in record["names"]:
            raw = name.encode("utf-8")
            _put_varint(out, len(raw))
            out += raw
    for kind in record.get("seats", ()):
        out.append(SEAT_KINDS.index(kind))
    for count in record.get("hints", ()):
        _put_varint(out, count)
    geo = _geometry(board)
    pair_of = {pair: i for i, pair in enumerate(geo.pairs)}
    for text in record["moves"]:
        move = Move.parse(text)
        if move.is_pass:
            _put_varint(out, _PASS_CODE)
            continue
        (xa, ya), (xb, yb) = move.coords
        a, b = geo.index(xa, ya), geo.index(xb, yb)
        flipped = a > b
        pair = pair_of[(b, a) if flipped else (a, b)]
        ca, cb = move.colours
        _put_varint(out, 1 + (pair * 2 + flipped) * 9 + ca * 3 + cb)
    out += (zlib.crc32(out) & 0xFFFF).to_bytes(2, "big")
    return base64.urlsafe_b64encode(bytes(out)).rstrip(b"=").decode("ascii")



def record_from_url(text: str) -> dict[str, Any]:
    """The record a link code holds (checked field by field, moves not yet replayed).

    Accepts the bare code or a whole link whose code follows the last ``#`` (an optional
    ``g=`` before it is skipped).  Raises ``RecordError`` for anything else."""
    if not isinstance(text, str):
        raise RecordError(f"a game link is text, not {type(text).__name__}", "link_type",
                          {"type": type(text).__name__})
    if len(text) > MAX_LINK:
        raise RecordError(f"this is not a game link: it is {len(text):,} characters long, "
                          f"longer than any game's link ({MAX_LINK:,})", "link_long",
                          {"n": len(text), "most": MAX_LINK})
    code = text.strip().rsplit("#", 1)[-1]
    if code.startswith("g="):
        code = code[2:]
    if not code or any(ch not in _B64 for ch in code) or len(code) % 4 == 1:
        raise RecordError("this is not a game link code (it should be letters, digits, "
                          "'-' and '_' only)", "link_chars")
    try:
        raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):  # pragma: no cover - filtered above
        raise RecordError("this is not a game link code (bad base64)", "link_chars") from None
    if len(raw) < 5:
        raise RecordError("this game link code is too short: it was cut off", "link_cut")
    body, crc = raw[:-2], int.from_bytes(raw[-2:], "big")
    if body[0] != URL_VERSION:
        raise RecordError(f"unknown game link version {body[0]}: this program reads "
                          f"version {URL_VERSION}", "link_version",
                          {"version": body[0], "reads": URL_VERSION})
    if zlib.crc32(body) & 0xFFFF != crc:
        raise RecordError("this game link code is damaged (its check digits do not match); "
                          "copy the whole link again", "link_damaged")
    reader = _Reader(body, 1)
    flags = reader.byte()
    board_index, players = flags & 3, (flags >> 2 & 3) + 2
    if board_index >= len(BOARD_NAMES) or players > 4:
        raise RecordError("this game link code names an unknown board or player count",
                          "link_unknown")
    zig = reader.varint()
    seed = zig // 2 if zig % 2 == 0 else -(zig + 1) // 2
    names = default_names(players)
    if flags >> 5 & 1:
        names = []
        for _ in range(players):
            size = reader.varint()
            try:
                names.append(reader.take(size).decode("utf-8"))
            except UnicodeDecodeError:
                raise RecordError("this game link code holds a name that is not UTF-8",
                                  "link_name", {"seat": len(names) + 1}) from None
    extra: dict[str, Any] = {}
    if flags >> 6 & 1:
        kinds = [reader.byte() for _ in range(players)]
        if any(kind >= len(SEAT_KINDS) for kind in kinds):
            raise RecordError("this game link code names an unknown player type (a newer "
                              "program may have written it)", "link_kind")
        extra["seats"] = [SEAT_KINDS[kind] for kind in kinds]
    if flags >> 7 & 1:
        extra["hints"] = [reader.varint() for _ in range(players)]
    board = BOARD_NAMES[board_index]
    geo = _geometry(board)
    moves: list[str] = []
    while not reader.done():
        code_value = reader.varint()
        if code_value == _PASS_CODE:
            moves.append("pass")
            continue
        value = code_value - 1
        orient, colours = divmod(value, 9)
        pair, flipped = divmod(orient, 2)
        if pair >= len(geo.pairs):
            raise RecordError(f"move {len(moves) + 1} in this game link code is not a "
                              "placement on the board", "link_move",
                              {"number": len(moves) + 1})
        a, b = geo.pairs[pair]
        if flipped:
            a, b = b, a
        ca, cb = divmod(colours, 3)
        w = geo.width
        moves.append(str(Move((ca, cb), ((a % w, a // w), (b % w, b // w)))))
        if len(moves) > MAX_MOVES:
            raise RecordError("this game link code holds too many moves", "link_moves",
                              {"most": MAX_MOVES})
    return checked({"format": FORMAT, "board": board, "players": players,
                    "seed": seed, "fair_start": bool(flags >> 4 & 1),
                    "names": names, "moves": moves, **extra})


MAX_LINK: Final = 8192
"""Longer than any link: 400 moves of 2 bytes, 4 names of 160 bytes, in base64."""
_B64: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class _Reader:
    def __init__(self, data: bytes, at: int) -> None:
        self.data = data
        self.at = at

    def done(self) -> bool:
        return self.at >= len(self.data)

    def byte(self) -> int:
        if self.done():
            raise RecordError("this game link code is cut off", "link_cut")
        value = self.data[self.at]
        self.at += 1
        return value

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise RecordError("this game link code is cut off", "link_cut")
        chunk = self.data[self.at:self.at + n]
        self.at += n
        return chunk

    def varint(self) -> int:
        value, shift = 0, 0
        while True:
            b = self.byte()
            value |= (b & 0x7F) << shift
            if not b & 0x80:
                return value
            shift += 7
            if shift > 63:
                raise RecordError("this game link code holds a number that is too long",
                                  "link_number")


def _put_varint(out: bytearray, value: int) -> None:
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return


def _geometry(board: str) -> Geometry:
    return layout(board).layout.geo


# -- helpers -------------------------------------------------------------------------
def fields_problem(data: Mapping[str, Any], keys: Sequence[str], required: Sequence[str],
                   what: str, say: Callable[[object], str]
                   ) -> tuple[str, str, dict[str, Any]] | None:
    """What is wrong with ``data``'s set of fields (an unknown one, a missing one) as a
    refusal's message (in words about ``what``, "the game record"; ``say`` quotes an
    unknown field's name), code and params, or ``None``."""
    unknown = [k for k in data if k not in keys]
    if unknown:
        return (f"unknown field {say(unknown[0])} in {what} (the fields are: "
                f"{', '.join(keys)})", "unknown_field",
                {"value": show(unknown[0]), "fields": ", ".join(keys)})
    missing = [k for k in required if k not in data]
    if missing:
        return f"{what} has no \"{missing[0]}\"", "missing_field", {"field": missing[0]}
    return None


def is_int(value: object) -> bool:
    """A whole number, and not ``True``/``False`` (which Python counts as ints)."""
    return isinstance(value, int) and not isinstance(value, bool)


def json_type(value: object) -> str:
    """What JSON calls ``value``'s type, in the English message (``str()``) of a refusal,
    which the command line and the logs read.  No player reads these words: the page
    words a refusal from its code and params in the player's language (``record.<code>``,
    ``qin.messages.record_error_text``), whose words say what the field must be, and a
    player's view is the page's own data (its refusals go to the console)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return {dict: "an object", list: "a list", str: "text", int: "a number",
            float: "a number"}.get(type(value), type(value).__name__)


def show(value: object) -> dict[str, Any]:
    """A bad value of a record as a refusal's params hold it (``qin.inputs.shown``, 40
    characters at most): text as text, a huge whole number as its digits, any other
    value as its JSON (``{"data": "[7, null]"}``)."""
    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)
                                  and value.bit_length() > 256):
        return shown(value, 40)
    return {"data": written(value)}


def show_text(value: object) -> str:
    """A bad value of a record as the English message says it (``said`` of ``show``)."""
    return said(show(value))


def written(value: object) -> str:
    """A bad value as its JSON text (a player's view's English messages quote so),
    escaped and cut to 40 characters; a whole number too long to show as its digits."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return quote(value)
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return quote(value, 40)
    return escape(text, 40)
