"""The position text format of spec/notation.md: reading (with line and column in every
error) and canonical writing."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .board import GRASS, OUT, START, VILLAGE, WATER, Board, Group, Layout
from .errors import PositionError
from .geometry import MAX_SIZE, geometry
from .inputs import MAX_INPUT, ascii_number, quote, said, shown, text_problem
from .tiles import COLOUR_NAMES, COLOURS, HAND_SIZE, PAGODAS, normalize_kind, sort_hand

_TOKEN = re.compile(r"^(?:(\.)|(~)|(-)|v([1-4]?)|([RYBryb])([1-4]?))$")
_HEADER = re.compile(r"^([A-Za-z][\w-]*)\s*:\s*(.*)$")
_HAND_KEY = re.compile(r"^hand-([1-9])$")
_UNPRINTABLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
"""Control characters (but tab and line breaks) and lone surrogates: never in a position."""


@dataclass
class Setup:
    """A parsed position: everything needed to build a game from it."""

    board: Board
    players: int
    to_move: int
    hands: list[list[str]] | None
    board_name: str | None
    headers: dict[str, str] = field(default_factory=dict)
    winner: int = 0  # a player whose supply is exactly 0 (Q16): the game is over


def _fail(line: int, column: int, message: str, code: str, **params: Any) -> PositionError:
    """The refusal ``code`` at ``line`` and ``column``: the English ``message`` after
    them, ``params`` (JSON-ready) the facts a catalogue words it from."""
    return PositionError(f"line {line}, column {column}: {message}", code,
                         {"line": line, "column": column, **params})


def parse_position(text: str, name: str = "") -> Setup:
    """Read a position; raises ``PositionError`` naming the line and column."""
    if not isinstance(text, str):
        raise PositionError(f"a position is text, not {type(text).__name__}", "type",
                            {"type": type(text).__name__})
    too_large = text_problem(text, "position")
    if too_large:
        raise _fail(1, 1, too_large, "large", n=len(text), most=MAX_INPUT)
    bad = _UNPRINTABLE.search(text)
    if bad:
        bad_line = text.count("\n", 0, bad.start()) + 1
        bad_column = bad.start() - text.rfind("\n", 0, bad.start())
        raise _fail(bad_line, bad_column, f"{quote(bad.group(0))} is a control character or a lone "
                                  "surrogate, which a position never holds", "control",
                    value=shown(bad.group(0)))
    headers: dict[str, tuple[str, int, int]] = {}  # key -> (value, line, value's column)
    rows: list[tuple[int, list[tuple[str, int]]]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        header = _HEADER.match(stripped)
        if header and not rows:
            key = header.group(1).lower()
            if key in headers:
                raise _fail(number, 1, f"the header {quote(key)} is given twice",
                            "header_twice", value=shown(key))
            value_column = len(raw) - len(raw.lstrip()) + header.start(2) + 1
            headers[key] = (header.group(2).strip(), number, value_column)
            continue
        if header:
            raise _fail(number, 1, f"header line {quote(stripped)} after the grid has started",
                        "header_after_grid", value=shown(stripped))
        tokens = [(m.group(0), m.start() + 1) for m in re.finditer(r"\S+", line)]
        rows.append((number, tokens))
    if not rows:
        raise _fail(1, 1, "the position has no grid (one line per row)", "no_grid")
    width = len(rows[0][1])
    for number, tokens in rows:
        if len(tokens) != width:
            row = shown(' '.join(t for t, _ in tokens))
            raise _fail(number, tokens[-1][1] if tokens else 1,
                        f"this row ({said(row)}) has {len(tokens)} "
                        f"squares but the first row has {width}; every row must be the "
                        "same length", "row_length", value=row, n=len(tokens), width=width)
    if width > MAX_SIZE:
        raise _fail(rows[0][0], rows[0][1][MAX_SIZE][1],
                    f"a board is at most {MAX_SIZE} columns wide, this one has {width}",
                    "too_wide", n=width, most=MAX_SIZE)
    if len(rows) > 99:
        raise _fail(rows[99][0], 1, "a board is at most 99 rows high", "too_high", most=99)
    players = _int_header(headers, "players", 2, (2, 3, 4))
    to_move = _int_header(headers, "to-move", 1, tuple(range(1, players + 1)))
    hands = _hands(headers, players)
    for key, (_, number, _) in headers.items():
        if key not in ("players", "to-move", "board") and not _HAND_KEY.match(key):
            raise _fail(number, 1, f"unknown header {quote(key)} (known: players, to-move, "
                                   "hand-1 … hand-4, board)", "unknown_header",
                        value=shown(key), known="players, to-move, hand-1 … hand-4, board")

    geo = geometry(width, len(rows))
    terrain = [GRASS] * geo.size
    start: dict[int, int] = {}
    colours: dict[int, int] = {}
    owners: dict[int, int] = {}
    village_owner: dict[int, int] = {}
    where: dict[int, tuple[int, int]] = {}
    token_at: dict[int, str] = {}
    for r, (number, tokens) in enumerate(rows):
        for c, (token, column) in enumerate(tokens):
            s = r * width + c
            where[s] = (number, column)
            token_at[s] = token
            m = _TOKEN.match(token)
            if not m:
                raise _fail(number, column, f"{quote(token)} is not a square (use . ~ - v v1-v4, "
                                            "R Y B for starting territories, r y b for tile "
                                            "halves, with an owner 1-4 on a province)",
                            "square", value=shown(token))
            grass, water, out, village, letter, owner = m.groups()
            if water:
                terrain[s] = WATER
            elif out:
                terrain[s] = OUT
            elif village is not None:
                terrain[s] = VILLAGE
                if village:
                    village_owner[s] = _owner(int(village), players, number, column, token)
            elif letter:
                colour = COLOURS.index(letter.upper())
                colours[s] = colour
                if letter.isupper():
                    terrain[s] = START
                    start[s] = colour
                if owner:
                    owners[s] = _owner(int(owner), players, number, column, token)
            elif grass is None:  # pragma: no cover - the pattern has no other branch
                raise _fail(number, column, f"{quote(token)} is not a square", "square",
                            value=shown(token))

    board_name = headers["board"][0] if "board" in headers else None
    layout = Layout(board_name or name or "position", geo, terrain, start)
    board = Board(layout, players, [0] * (players + 1))
    for s, c in colours.items():
        board.colour[s] = c
    for s, p in village_owner.items():
        board.village_owner[s] = p
    board.build_groups(owners)
    for group in board.groups.values():
        marks = [s for s in group.squares if s in owners]
        if len(group.squares) < 2 and marks:
            at_line, at_column = where[marks[0]]
            raise _fail(at_line, at_column, f"{quote(token_at[marks[0]])} on {geo.names[marks[0]]} "
                                      "is a lone square, not a province, so it carries no owner",
                        "lone_owner", value=shown(token_at[marks[0]]), square=geo.names[marks[0]])
        if len(group.squares) >= 2 and len(marks) != 1:
            at = marks[1] if marks else group.squares[0]
            at_line, at_column = where[at]
            what = (f"a second owner mark ({quote(token_at[at])} on {geo.names[at]})" if marks
                    else "no owner mark")
            cells = " ".join(geo.names[s] for s in group.squares)
            facts: dict[str, Any] = {"colour": COLOURS[group.colour], "squares": cells}
            if marks:
                facts.update(value=shown(token_at[at]), square=geo.names[at])
            named = COLOUR_NAMES[group.colour]
            raise _fail(at_line, at_column, f"the {named} province {cells} has "
                                      f"{what}; every province has exactly one",
                        "second_owner" if marks else "no_owner", **facts)
    winner = 0
    for p in range(1, players + 1):
        board.supply[p] = PAGODAS[players] - board.on_board(p)
        if board.supply[p] < 0:
            at = _mark_reaching(board, owners, p, PAGODAS[players] + 1)
            raise _fail(*where[at], f"{quote(token_at[at])}: player {p} has {board.on_board(p)} "
                                    f"pagodas on the board, more than the {PAGODAS[players]} "
                                    f"a {players}-player game has", "too_many_pagodas",
                        value=shown(token_at[at]), player=p, n=board.on_board(p),
                        most=PAGODAS[players], players=players)
        if board.supply[p] == 0:
            if winner:
                at = _mark_reaching(board, owners, p, PAGODAS[players])
                raise _fail(*where[at], f"{quote(token_at[at])}: players {winner} and {p} both "
                                        "have no pagodas left; only one player can place "
                                        "their last pagoda", "two_winners",
                            value=shown(token_at[at]), player=winner, other=p)
            winner = p
    return Setup(board, players, to_move, hands, board_name,
                 {k: v for k, (v, _, _) in headers.items()}, winner)


def _mark_reaching(board: Board, owners: dict[int, int], player: int, count: int) -> int:
    """The square of ``player``'s mark (a province's owner mark or a village) at which,
    counting in reading order, their pagodas on the board reach ``count`` (for messages)."""
    pagodas_at: dict[int, int] = {}
    for s, owner in owners.items():
        if owner == player:
            pagodas_at[s] = board.groups[board.gid[s]].pagodas
    for v in board.layout.villages:
        if board.village_owner[v] == player:
            pagodas_at[v] = 1
    total, last = 0, 0
    for s in sorted(pagodas_at):
        total += pagodas_at[s]
        last = s
        if total >= count:
            break
    return last


def _int_header(headers: dict[str, tuple[str, int, int]], key: str, default: int,
                allowed: tuple[int, ...]) -> int:
    if key not in headers:
        return default
    value, number, column = headers[key]
    number_value = ascii_number(value, 1)  # "²" and "٣" are digits to isdigit() and int()
    if number_value is None or number_value not in allowed:
        choices = ", ".join(str(a) for a in allowed)
        raise _fail(number, column, f"{quote(key + ': ' + value)} must be one of {choices}",
                    "header_value", value=shown(key + ": " + value), allowed=choices)
    return number_value


def _owner(player: int, players: int, line: int, column: int, token: str) -> int:
    if player > players:
        raise _fail(line, column, f"{quote(token)} names player {player}, "
                                  f"but the position has {players} players", "owner_player",
                    value=shown(token), player=player, players=players)
    return player


def _hands(headers: dict[str, tuple[str, int, int]],
           players: int) -> list[list[str]] | None:
    keys = {int(m.group(1)): key for key in headers if (m := _HAND_KEY.match(key))}
    if not keys:
        return None
    first_line = min(headers[key][1] for key in keys.values())
    hands: list[list[str]] = []
    for p in range(1, players + 1):
        if p not in keys:
            raise _fail(first_line, 1, f"hand-{p} is missing: with hands, every player has "
                                       "one (an empty hand is written 'hand-N:')",
                        "hand_missing", player=p)
        value, number, column = headers[keys.pop(p)]
        hand = []
        for m in re.finditer(r"\S+", value):
            try:
                hand.append(normalize_kind(m.group(0)))
            except ValueError as exc:
                raise _fail(number, column + m.start(), f"hand-{p}: {exc}", "hand_tile",
                            player=p, value=shown(m.group(0))) from None
        if len(hand) > HAND_SIZE:
            raise _fail(number, column, f"hand-{p} holds {len(hand)} tiles ({quote(value)}); "
                                        f"at most {HAND_SIZE}", "hand_size", player=p,
                        n=len(hand), value=shown(value), most=HAND_SIZE)
        hands.append(sort_hand(hand))
    if keys:
        extra = min(keys)
        raise _fail(headers[keys[extra]][1], 1,
                    f"hand-{extra} is given but there are only {players} players",
                    "hand_extra", player=extra, players=players)
    return hands


class Grid(NamedTuple):
    """What a position's grid is written from (``grid_lines``): equal, the grids' lines
    are equal (the cheapest values first, as ``==`` compares them)."""

    width: int
    height: int
    terrain: tuple[int, ...]
    colour: list[int]
    village_owner: list[int]
    groups: dict[int, Group]


class Written(NamedTuple):
    """What a position text is written from (``position_text``): two positions whose
    ``Written`` are equal have the same text, though two texts may be the same with
    these unequal (a hand's order, a province's number)."""

    to_move: int
    players: int
    board_name: str | None
    hands: Sequence[list[str] | None] | None
    grid: Grid


def grid_of(board: Board) -> Grid:
    """The values ``board``'s grid is written from."""
    geo = board.geo
    return Grid(geo.width, geo.height, board.layout.terrain, board.colour,
                board.village_owner, board.groups)


def written(board: Board, players: int, to_move: int,
            hands: Sequence[list[str] | None] | None, board_name: str | None) -> Written:
    """The values a position's text is written from (a hidden hand is written empty)."""
    return Written(to_move, players, board_name, hands, grid_of(board))


def position_text(position: Written) -> str:
    """The canonical text of a position (spec/notation.md), from those values only."""
    lines = []
    if position.board_name:
        lines.append(f"board: {position.board_name}")
    lines.append(f"players: {position.players}")
    lines.append(f"to-move: {position.to_move}")
    if position.hands is not None:
        for p, hand in enumerate(position.hands, start=1):
            lines.append(f"hand-{p}: {' '.join(sort_hand(hand or []))}".rstrip())
    lines.extend(grid_lines(position.grid))
    return "\n".join(lines) + "\n"


def format_grid(board: Board) -> list[str]:
    """The grid of a position: one line of squares per row (spec/notation.md)."""
    return grid_lines(grid_of(board))


def grid_lines(grid: Grid) -> list[str]:
    """The grid's lines, from ``grid`` only."""
    lines = []
    width, terrain, colour = grid.width, grid.terrain, grid.colour
    owner_at = {g.squares[0]: g.owner for g in grid.groups.values() if g.owner}
    for r in range(grid.height):
        tokens = []
        for s in range(r * width, (r + 1) * width):
            t = terrain[s]
            c = colour[s]
            if c >= 0:
                letter = COLOURS[c] if t == START else COLOURS[c].lower()
                tokens.append(letter + (str(owner_at[s]) if s in owner_at else ""))
            elif t == VILLAGE:
                held = grid.village_owner[s]
                tokens.append("v" + (str(held) if held else ""))
            else:
                tokens.append({GRASS: ".", WATER: "~", OUT: "-"}[t])
        lines.append(" ".join(tokens))
    return lines
