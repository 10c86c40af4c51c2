"""A player's view as data (``qin-view/1``): what one seat may see, JSON-ready.

``Game.to_view_dict()`` writes it and ``Game.from_view_dict()`` rebuilds the view from
it; this module checks such a dict field by field (it crosses a worker boundary, so
nothing in it is trusted) and needs no ``Game``.  The fields::

    {"format": "qin-view/1",
     "board": "bird",                 # the board side's name, or null
     "players": 3, "seat": 2, "to_move": 2,
     "names": ["Ann", "Bo", "Cy"], "fair_start": false,
     "hand": ["YY", "RB", "YB"],      # the seat's own tiles; null: no hands (analysis)
     "hand_sizes": [3, 3, 3],         # every player's number of tiles
     "pile": 48,                      # tiles left to draw (never their order)
     "moves": ["Bf5Yf6", "pass"],     # every move so far (public: tiles lie face up)
     "winners": [],                   # the winners once the game is over
     "grid": ["b1 b b ...", ...]}     # the board: the rows of the position text

Nothing else is in it: no other hand, no pile order and no seed (the seed deals every
hand and the pile, Q3).
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from .board import START
from .boards import NAMES as BOARD_NAMES
from .boards import layout
from .errors import PositionError, QinError, ViewError
from .messages import position_error_text
from .moves import Move
from .position import Setup, parse_position
from .record_format import MAX_MOVES, fields_problem, is_int, json_type, show, written
from .tiles import HAND_SIZE, PAGODAS, TILES_PER_KIND, full_set, normalize_kind, sort_hand

FORMAT: Final = "qin-view/1"
KEYS: Final = ("format", "board", "players", "seat", "to_move", "names", "fair_start",
               "hand", "hand_sizes", "pile", "moves", "winners", "grid")
MAX_TEXT: Final = 1000
"""The longest player name or board name (a shipped board's name or a board file's
path) a view may hold: a bound against garbage, not a rule."""
TILES: Final = len(full_set())


@dataclass(frozen=True)
class ViewData:
    """A checked ``qin-view/1`` dict, with its grid parsed into a board."""

    board_name: str | None
    players: int
    seat: int
    to_move: int
    names: list[str]
    fair_start: bool
    hand: list[str] | None
    hand_sizes: list[int]
    pile: int
    moves: list[Move]
    winners: tuple[int, ...]
    setup: Setup


def checked(data: object) -> ViewData:
    """The view data in ``data``, every field checked; raises ``ViewError`` quoting the
    first bad value."""
    if not isinstance(data, Mapping):
        raise ViewError(f"a player's view is a JSON object, not {json_type(data)}", "type",
                        {"value": show(data)})
    if data.get("format") != FORMAT:
        raise ViewError(f"this is not a player's view: its format is "
                        f"{written(data.get('format'))}, not \"{FORMAT}\"", "not_view",
                        {"value": show(data.get("format")), "reads": FORMAT})
    problem = fields_problem(data, KEYS, KEYS, "the player's view", written)
    if problem:
        raise ViewError(*problem)
    players = data["players"]
    if not is_int(players) or players not in PAGODAS:
        raise ViewError(f"\"players\" must be 2, 3 or 4, not {written(players)}", "players",
                        {"value": show(players)})
    seat = _player(data, "seat", players)
    to_move = _player(data, "to_move", players)
    board_name = _board_name(data["board"])
    names = _names(data["names"], players)
    fair_start = data["fair_start"]
    if not isinstance(fair_start, bool):
        raise ViewError(f"\"fair_start\" must be true or false, not {written(fair_start)}",
                        "fair_start", {"value": show(fair_start)})
    hand = _hand(data["hand"])
    sizes = _sizes(data["hand_sizes"], players, seat, hand)
    pile = data["pile"]
    if not is_int(pile) or not 0 <= pile <= TILES or (hand is None and pile):
        bound = "0 without hands" if hand is None else f"a whole number from 0 to {TILES}"
        raise ViewError(f"\"pile\" must be {bound}, not {written(pile)}", "pile",
                        {"value": show(pile), "most": 0 if hand is None else TILES})
    moves = _moves(data["moves"])
    winners = _winners(data["winners"], players)
    setup = _grid(data["grid"], players, to_move, board_name)
    played = [m.kind for m in moves if not m.is_pass]
    if hand is not None:
        _tiles_add_up(played, hand, sizes, pile)
    terrain, colour = setup.board.layout.terrain, setup.board.colour
    halves = sum(1 for s, c in enumerate(colour) if c >= 0 and terrain[s] != START)
    if halves < 2 * len(played):
        raise ViewError(f"the grid shows {halves} tile halves, fewer than the "
                        f"{len(played)} tiles the moves placed", "halves",
                        {"n": halves, "placed": len(played)})
    if setup.winner and winners != (setup.winner,):
        raise ViewError(f"player {setup.winner} has placed every pagoda, so the game is "
                        f"over and they won, but \"winners\" is {written(list(winners))}",
                        "winner", {"player": setup.winner, "value": show(list(winners))})
    return ViewData(board_name, players, seat, to_move, names, fair_start, hand, sizes, pile,
                    moves, winners, setup)


def _player(data: Mapping[str, Any], key: str, players: int) -> int:
    value = data[key]
    if not is_int(value) or not 1 <= value <= players:
        raise ViewError(f"\"{key}\" must be a player from 1 to {players}, not {written(value)}",
                        "player", {"field": key, "players": players, "value": show(value)})
    return int(value)


def _board_name(value: object) -> str | None:
    if value is None:
        return None
    if (not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT
            or any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in value)):
        raise ViewError(f"\"board\" must be a board's name (one line of at most "
                        f"{MAX_TEXT} characters) or null, not {written(value)}", "board",
                        {"value": show(value), "most": MAX_TEXT})
    return value.strip()


def _names(value: object, players: int) -> list[str]:
    if not isinstance(value, list) or len(value) != players:
        raise ViewError(f"\"names\" must be a list of {players} names, not {written(value)}",
                        "names_list", {"players": players, "value": show(value)})
    for seat, name in enumerate(value, start=1):
        # any name a Game takes (a record's are shorter: MAX_NAME), up to a bound
        if not isinstance(name, str) or len(name) > MAX_TEXT:
            raise ViewError(f"name {seat} must be text of at most {MAX_TEXT} characters, "
                            f"not {written(name)}", "name",
                            {"number": seat, "most": MAX_TEXT, "value": show(name)})
    return list(value)


def _hand(value: object) -> list[str] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) > HAND_SIZE:
        raise ViewError(f"\"hand\" must be a list of at most {HAND_SIZE} tiles like \"RY\" "
                        f"(or null), not {written(value)}", "hand_list",
                        {"most": HAND_SIZE, "value": show(value)})
    hand = []
    for tile in value:
        try:
            if not isinstance(tile, str):
                raise ValueError
            hand.append(normalize_kind(tile))
        except ValueError:
            raise ViewError(f"\"hand\" holds {written(tile)}, which is not a tile like "
                            "\"RY\"", "hand_tile", {"value": show(tile)}) from None
    return sort_hand(hand)


def _sizes(value: object, players: int, seat: int, hand: list[str] | None) -> list[int]:
    if (not isinstance(value, list) or len(value) != players
            or not all(is_int(n) and 0 <= n <= HAND_SIZE for n in value)):
        raise ViewError(f"\"hand_sizes\" must be a list of {players} numbers from 0 to "
                        f"{HAND_SIZE}, not {written(value)}", "hand_sizes",
                        {"players": players, "most": HAND_SIZE, "value": show(value)})
    mine = 0 if hand is None else len(hand)
    if value[seat - 1] != mine:
        raise ViewError(f"\"hand_sizes\" gives player {seat} {value[seat - 1]} tiles, but "
                        f"their hand {written(hand)} holds {mine}", "own_hand_size",
                        {"player": seat, "n": value[seat - 1], "value": show(hand),
                         "held": mine})
    if hand is None and any(value):
        raise ViewError(f"\"hand_sizes\" must be all 0 without hands, not {written(value)}",
                        "sizes_without_hands", {"value": show(value)})
    return [int(n) for n in value]


def _moves(value: object) -> list[Move]:
    if not isinstance(value, list) or len(value) > MAX_MOVES:
        raise ViewError(f"\"moves\" must be a list of at most {MAX_MOVES} moves like "
                        f"\"Rc4Yd4\", not {written(value)}", "moves_list",
                        {"most": MAX_MOVES, "value": show(value)})
    moves = []
    for number, text in enumerate(value, start=1):
        try:
            if not isinstance(text, str):
                raise ValueError
            moves.append(Move.parse(text))
        except ValueError:
            raise ViewError(f"move {number} is {written(text)}, not a move like "
                            "\"Rc4Yd4\" or \"pass\"", "move",
                            {"number": number, "value": show(text)}) from None
    return moves


def _winners(value: object, players: int) -> tuple[int, ...]:
    if (not isinstance(value, list)
            or not all(is_int(p) and 1 <= p <= players for p in value)
            or value != sorted(set(value))):
        raise ViewError(f"\"winners\" must be a list of players from 1 to {players} in "
                        f"order (empty while the game goes on), not {written(value)}",
                        "winners", {"players": players, "value": show(value)})
    return tuple(value)


def _grid(value: object, players: int, to_move: int, board_name: str | None) -> Setup:
    if (not isinstance(value, list) or not 1 <= len(value) <= 99
            or not all(isinstance(row, str) for row in value)):
        raise ViewError(f"\"grid\" must be a list of 1 to 99 rows of squares, not "
                        f"{written(value)}", "grid_list", {"most": 99, "value": show(value)})
    for number, row in enumerate(value, start=1):
        line = row.strip()
        if not line or line.startswith("#") or ":" in line or len(row.splitlines()) != 1:
            raise ViewError(f"row {number} of the grid is {written(row)}, not one line of "
                            "squares", "grid_row", {"number": number, "value": show(row)})
    headers = ([f"board: {board_name}"] if board_name else []) + [
        f"players: {players}", f"to-move: {to_move}"]
    try:
        setup = parse_position("\n".join(headers + value) + "\n")
    except PositionError as exc:
        raise _not_a_board(exc, len(headers)) from None
    except QinError as exc:  # pragma: no cover - parse_position raises PositionError
        raise ViewError(f"the grid is not a board: {exc}", "grid") from None
    if board_name in BOARD_NAMES:  # a shipped board: share its layout (and the caches
        shipped = layout(board_name).layout  # kept per layout) with every game on it
        mine = setup.board.layout
        if (shipped.geo.width, shipped.terrain, shipped.start_colours) == (
                mine.geo.width, mine.terrain, mine.start_colours):
            setup.board.layout, setup.board.geo = shipped, shipped.geo
    return setup


def _tiles_add_up(played: list[str], hand: list[str], sizes: list[int], pile: int) -> None:
    seen = Counter(played) + Counter(hand)
    for kind, n in sorted(seen.items()):
        if n > TILES_PER_KIND:
            raise ViewError(f"the moves and the hand hold {n} {kind} tiles; the game has "
                            f"{TILES_PER_KIND}", "kind_count",
                            {"kind": kind, "n": n, "most": TILES_PER_KIND})
    total = len(played) + sum(sizes) + pile
    if total > TILES:
        raise ViewError(f"{len(played)} tiles placed, {sum(sizes)} in hands and {pile} in "
                        f"the pile make {total}; the game has {TILES}", "tile_count",
                        {"placed": len(played), "hands": sum(sizes), "pile": pile, "n": total,
                         "most": TILES})



def _not_a_board(exc: PositionError, headers: int) -> ViewError:
    """The parser's refusal of the grid (the view's ``headers`` lines, then its rows)
    as the view's: its line counted as the grid's row, and no line or column when it
    lies in the headers (the text refused as a whole, say for its size)."""
    params = dict(exc.params)
    line, column = params.pop("line", None), params.pop("column", None)
    reason = position_error_text({"code": exc.code, "params": params}, "en")
    if isinstance(line, int) and line > headers:
        params.update(line=line - headers, column=column)
        reason = f"row {line - headers}, column {column}: {reason}"
    return ViewError(f"the grid is not a board: {reason}", "grid",
                     {"position": {"code": exc.code, "params": params}})
