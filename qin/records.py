"""Game records ``qin-game/1`` (spec/notation.md, "Game records") and play-by-link codes.

A record is JSON::

    {"format": "qin-game/1", "board": "bird", "players": 2, "seed": 7,
     "fair_start": false, "names": ["Green", "White"], "moves": ["Rc4Yd4", "pass"]}

It replays exactly because the tile draws come from the seed (Q3).  ``load`` refuses,
with a ``RecordError`` that says what and where, anything that does not replay.

A *link code* (``to_url`` / ``from_url``) packs the same record into a short base64url
token for play-by-link; see ``to_url`` for the byte layout.
"""

from __future__ import annotations

import base64
import binascii
import json
import unicodedata
import zlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from .boards import NAMES as BOARD_NAMES
from .errors import BoardError, IllegalMove, QinError, RecordError
from .geometry import Geometry
from .messages import refusal_text
from .moves import Move
from .tiles import PAGODAS

if TYPE_CHECKING:
    from .events import Event
    from .game import Game

    Played = tuple[str, int, list[Event]]
    """A replayed move: its text as recorded, the player who made it, its events."""

__all__ = ["FORMAT", "MAX_NAME", "MAX_SEED", "RecordError", "check", "dumps", "from_url",
           "link_code", "load", "move_reason", "parse", "record_from_url", "record_of", "replay",
           "to_url"]

FORMAT: Final = "qin-game/1"
KEYS: Final = ("format", "board", "players", "seed", "fair_start", "names", "moves")
REQUIRED: Final = ("format", "board", "players", "seed")
MAX_NAME: Final = 40
"""The longest player name a record may hold, in characters."""
MAX_SEED: Final = 2**63
"""Seeds are 64-bit signed whole numbers (what a link code can hold)."""
MAX_MOVES: Final = 400
"""More moves than any game can have (72 placements, and a pass only while another
player can still place); a bound against garbage."""


# -- records -------------------------------------------------------------------------
def record_of(game: Game) -> dict[str, Any]:
    """The ``qin-game/1`` record of a game made by ``Game.new`` (and played on).

    Raises ``RecordError`` for a game that has no seed (one loaded from a position: its
    tiles do not come from a seeded deal), for a player's view, and for a game whose
    hands are not those of its seed (e.g. one made by ``Game.sample``).
    """
    if game.seat:
        raise RecordError("a player's view of a game cannot be saved as a game record; "
                          "save the full game")
    if game.seed is None:
        raise RecordError("this game has no seed (it was set up from a position, not "
                          "dealt by Game.new), so it cannot be saved as a game record; "
                          "save its position text instead")
    board = _board_key(game)
    record: dict[str, Any] = {
        "format": FORMAT,
        "board": board,
        "players": game.players,
        "seed": game.seed,
        "fair_start": bool(game.fair_start),
        "names": list(game.names),
        "moves": [str(m) for m in game.moves],
    }
    replayed = _replay(_checked_record(record))
    if replayed.to_position() != game.to_position() or replayed.pile != game.pile:
        raise RecordError("this game's tiles are not the ones its seed deals (a sampled or "
                          "edited game), so a record of it would not replay")
    return record


def dumps(game: Game, indent: int | None = None) -> str:
    """The record of ``game`` as JSON text (keys in the order of spec/notation.md)."""
    return json.dumps(record_of(game), indent=indent, ensure_ascii=False)


def load(data: str | bytes | Mapping[str, Any]) -> Game:
    """Replay a record (JSON text, UTF-8 bytes or an already parsed dict) into a ``Game``.

    Raises ``RecordError`` naming what is wrong: JSON syntax (line and column), the
    format, the board, players, seed, names, or the first bad move (its number, its
    text and the engine's reason).
    """
    return _replay(_checked_record(parse(data)))


def parse(data: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """JSON text or bytes -> the record as a dict (not yet checked); a dict is copied."""
    if isinstance(data, Mapping):
        return dict(data)
    if isinstance(data, bytes | bytearray):
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise RecordError(f"the game record is not UTF-8 text (byte {exc.start})") from None
    if not isinstance(data, str):
        raise RecordError(f"a game record is JSON text or a dict, not {type(data).__name__}")
    try:
        value = json.loads(data.removeprefix("\ufeff"))
    except json.JSONDecodeError as exc:
        raise RecordError(f"the game record is not valid JSON: {exc.msg} at line "
                          f"{exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise RecordError("the game record is not valid JSON: nested too deeply") from None
    if not isinstance(value, dict):
        raise RecordError(f"a game record is a JSON object {{...}}, not {_json_type(value)}")
    return value


def check(data: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """The record with its fields checked and defaults filled in (``fair_start`` false,
    default names, no moves); the moves are not replayed.  Raises ``RecordError``."""
    return _checked_record(parse(data))


def _checked_record(record: dict[str, Any]) -> dict[str, Any]:
    if "format" not in record:
        raise RecordError(f"this is not a game record: it has no \"format\" "
                          f"(a game record starts {{\"format\": \"{FORMAT}\", ...}})")
    fmt = record["format"]
    if fmt != FORMAT:
        if isinstance(fmt, str) and fmt.startswith("qin-game/"):
            raise RecordError(f"unknown game record version '{fmt}': this program reads "
                              f"'{FORMAT}' (a newer program may have written it)")
        raise RecordError(f"this is not a game record: its format is {_show(fmt)}, "
                          f"not \"{FORMAT}\"")
    unknown = [k for k in record if k not in KEYS]
    if unknown:
        raise RecordError(f"unknown field {_show(unknown[0])} in the game record (the fields "
                          f"are: {', '.join(KEYS)})")
    for key in REQUIRED:
        if key not in record:
            raise RecordError(f"the game record has no \"{key}\"")
    board = record["board"]
    if not isinstance(board, str) or not board:
        raise RecordError(f"\"board\" is the name of a board ({', '.join(BOARD_NAMES)}), "
                          f"not {_show(board)}")
    players = record["players"]
    if not _is_int(players) or players not in PAGODAS:
        raise RecordError(f"\"players\" must be 2, 3 or 4, not {_show(players)}")
    seed = record["seed"]
    if not _is_int(seed) or not -MAX_SEED <= seed < MAX_SEED:
        raise RecordError(f"\"seed\" must be a whole number (below 2**63 in size), "
                          f"not {_show(seed)}")
    fair = record.get("fair_start", False)
    if not isinstance(fair, bool):
        raise RecordError(f"\"fair_start\" must be true or false, not {_show(fair)}")
    names = record.get("names")
    if names is None:
        names = [f"Player {p}" for p in range(1, players + 1)]
    _check_names(names, players)
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError(f"\"moves\" must be a list of moves like \"Rc4Yd4\", "
                          f"not {_json_type(moves)}")
    if len(moves) > MAX_MOVES:
        raise RecordError(f"the game record has {len(moves)} moves; no game has more than "
                          f"{MAX_MOVES}")
    for number, text in enumerate(moves, start=1):
        if not isinstance(text, str):
            raise RecordError(f"move {number} is {_show(text)}, not text like \"Rc4Yd4\"")
    return {"format": FORMAT, "board": board, "players": players, "seed": seed,
            "fair_start": fair, "names": list(names), "moves": list(moves)}


def _check_names(names: Any, players: int) -> None:
    if not isinstance(names, list):
        raise RecordError(f"\"names\" must be a list of {players} names, not {_json_type(names)}")
    if len(names) != players:
        raise RecordError(f"\"names\" has {len(names)} names but the game has {players} players")
    for seat, name in enumerate(names, start=1):
        if not isinstance(name, str):
            raise RecordError(f"name {seat} must be text, not {_show(name)}")
        if not name.strip():
            raise RecordError(f"name {seat} is empty")
        if len(name) > MAX_NAME:
            raise RecordError(f"name {seat} is {len(name)} characters long; at most "
                              f"{MAX_NAME}")
        if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in name):
            raise RecordError(f"name {seat} {_show(name)} holds a control character")


def replay(data: str | bytes | Mapping[str, Any]) -> tuple[Game, list[Played]]:
    """Like ``load``, and also each move's ``(text, player, events)`` in order."""
    log: list[Played] = []
    game = _replay(_checked_record(parse(data)), log)
    return game, log


def _replay(record: dict[str, Any], log: list[Played] | None = None) -> Game:
    from .game import Game

    try:
        game = Game.new(board=record["board"], players=record["players"], seed=record["seed"],
                        fair_start=record["fair_start"], names=record["names"])
    except BoardError as exc:
        raise RecordError(f"the game record's board: {exc}") from None
    except QinError as exc:  # pragma: no cover - the checks above come first
        raise RecordError(f"the game record cannot be set up: {exc}") from None
    for number, text in enumerate(record["moves"], start=1):
        if game.is_over:
            raise RecordError(f"move {number} '{text}' comes after the end of the game "
                              f"({_result(game)} after move {number - 1})")
        mover = game.to_move
        try:
            events = game.play(text)
        except QinError as exc:
            raise RecordError(f"move {number} '{text}' cannot be played: "
                              f"{move_reason(exc, text)}") from None
        if log is not None:
            log.append((text, mover, events))
    return game


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
    for prefix in (f"{written}: ", f"{text.strip()}: "):
        if message.startswith(prefix):
            return message[len(prefix):]
    return message


def _result(game: Game) -> str:
    names = [game.names[p - 1] for p in game.winners]
    if len(names) == 1:
        return f"{names[0]} won"
    return f"{' and '.join(names)} shared the win"


def _board_key(game: Game) -> str:
    """What the record's ``board`` says: a shipped board's name when the game's layout is
    that board's, otherwise the board file's path the game was made from."""
    from .game import _board_layout

    name = game.board_name or ""
    try:
        layout = _board_layout(name)[0]
    except QinError:
        raise RecordError(f"this game's board {name!r} cannot be found again by name, so it "
                          "cannot be saved as a game record") from None
    mine = game.board.layout
    if layout.terrain != mine.terrain or layout.start_colours != mine.start_colours:
        raise RecordError(f"this game's board is not the board '{name}' that a record "
                          "would name (a board file that calls itself that?)")
    return name


# -- link codes ----------------------------------------------------------------------
URL_VERSION: Final = 1
_PASS_CODE: Final = 0


def to_url(game_or_record: Game | str | bytes | Mapping[str, Any]) -> str:
    """A short URL-safe code (base64url, no padding) for a game on a shipped board.

    Bytes, before base64url: version (1); a flags byte = board index (0 bird, 1 lion)
    | (players - 2) << 2 | fair_start << 4 | custom names << 5; the seed as a zigzag
    LEB128 varint; with custom names, each as a varint length and UTF-8; then each move
    as a varint (1 or 2 bytes): 0 for a pass, else 1 + (pair * 2 + flipped) * 9 +
    first colour * 3 + second colour, where ``pair`` indexes the board's orthogonal
    square pairs (``Geometry.pairs``, reading order) and ``flipped`` says the first
    half is on the pair's later square (so the move text comes back as written);
    last a 16-bit CRC of everything before it.  A record (dict or JSON) is replayed
    first, so only valid games get a code.
    """
    from .game import Game

    if isinstance(game_or_record, Game):
        record = record_of(game_or_record)
    else:
        record = check(game_or_record)
        _replay(record)
    return link_code(record)


def link_code(record: dict[str, Any]) -> str:
    """The link code of a checked record whose moves replay, without replaying them
    (``to_url`` checks that first; a caller that built the record from a game on
    screen knows it)."""
    board = record["board"]
    if board not in BOARD_NAMES:
        raise RecordError(f"only the shipped boards ({', '.join(BOARD_NAMES)}) fit in a link; "
                          f"this game is on '{board}'")
    seed = record["seed"]
    default = [f"Player {p}" for p in range(1, record["players"] + 1)]
    custom = record["names"] != default
    out = bytearray([URL_VERSION,
                     BOARD_NAMES.index(board) | (record["players"] - 2) << 2
                     | int(record["fair_start"]) << 4 | int(custom) << 5])
    _put_varint(out, seed * 2 if seed >= 0 else -seed * 2 - 1)
    if custom:
        for name in record["names"]:
            raw = name.encode("utf-8")
            _put_varint(out, len(raw))
            out += raw
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
        raise RecordError(f"a game link is text, not {type(text).__name__}")
    code = text.strip().rsplit("#", 1)[-1]
    if code.startswith("g="):
        code = code[2:]
    if not code or any(ch not in _B64 for ch in code) or len(code) % 4 == 1:
        raise RecordError("this is not a game link code (it should be letters, digits, "
                          "'-' and '_' only)")
    try:
        raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):  # pragma: no cover - filtered above
        raise RecordError("this is not a game link code (bad base64)") from None
    if len(raw) < 5:
        raise RecordError("this game link code is too short: it was cut off")
    body, crc = raw[:-2], int.from_bytes(raw[-2:], "big")
    if body[0] != URL_VERSION:
        raise RecordError(f"unknown game link version {body[0]}: this program reads "
                          f"version {URL_VERSION}")
    if zlib.crc32(body) & 0xFFFF != crc:
        raise RecordError("this game link code is damaged (its check digits do not match); "
                          "copy the whole link again")
    reader = _Reader(body, 1)
    flags = reader.byte()
    board_index, players = flags & 3, (flags >> 2 & 3) + 2
    if board_index >= len(BOARD_NAMES) or players > 4 or flags >> 6:
        raise RecordError("this game link code names an unknown board or player count")
    zig = reader.varint()
    seed = zig // 2 if zig % 2 == 0 else -(zig + 1) // 2
    names = [f"Player {p}" for p in range(1, players + 1)]
    if flags >> 5 & 1:
        names = []
        for _ in range(players):
            size = reader.varint()
            try:
                names.append(reader.take(size).decode("utf-8"))
            except UnicodeDecodeError:
                raise RecordError("this game link code holds a name that is not UTF-8") \
                    from None
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
                              "placement on the board")
        a, b = geo.pairs[pair]
        if flipped:
            a, b = b, a
        ca, cb = divmod(colours, 3)
        w = geo.width
        moves.append(str(Move((ca, cb), ((a % w, a // w), (b % w, b // w)))))
        if len(moves) > MAX_MOVES:
            raise RecordError("this game link code holds too many moves")
    return _checked_record({"format": FORMAT, "board": board, "players": players,
                            "seed": seed, "fair_start": bool(flags >> 4 & 1),
                            "names": names, "moves": moves})


def from_url(text: str) -> Game:
    """The game a link code (``to_url``) holds, replayed; raises ``RecordError``."""
    return _replay(record_from_url(text))


_B64: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class _Reader:
    def __init__(self, data: bytes, at: int) -> None:
        self.data = data
        self.at = at

    def done(self) -> bool:
        return self.at >= len(self.data)

    def byte(self) -> int:
        if self.done():
            raise RecordError("this game link code is cut off")
        value = self.data[self.at]
        self.at += 1
        return value

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise RecordError("this game link code is cut off")
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
                raise RecordError("this game link code holds a number that is too long")


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
    from .game import _board_layout

    return _board_layout(board)[0].geo


# -- helpers -------------------------------------------------------------------------
def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return {dict: "an object", list: "a list", str: "text", int: "a number",
            float: "a number"}.get(type(value), type(value).__name__)


def _show(value: object) -> str:
    """A short JSON rendering of a bad value for a message."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
