"""Where a tile may go (Q6, Q7, Q8, Q9) and the list of legal placements."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from .board import OUT, START, VILLAGE, WATER, Board
from .geometry import Geometry
from .moves import Move
from .provinces import (
    JOIN_MAJORS,
    JOIN_TIE,
    can_join,
    contributions,
    join_owner,
    neighbour_groups,
)
from .tiles import COLOURS, KIND_COLOURS, KINDS


@lru_cache(maxsize=16)
def move_table(geo: Geometry) -> tuple[tuple[Move, ...], ...]:
    """``move_table(geo)[p][ca * 3 + cb]``: the placement with colour ``ca`` on the first
    square of pair ``p`` and ``cb`` on its second (built once per grid size)."""
    table = []
    for lo, hi in geo.pairs:
        a = (lo % geo.width, lo // geo.width)
        b = (hi % geo.width, hi // geo.width)
        table.append(tuple(Move((ca, cb), (a, b)) for ca in range(3) for cb in range(3)))
    return tuple(table)


def join_allowed(board: Board, squares: tuple[int, ...], colour: int) -> bool:
    """False when halves of ``colour`` on ``squares`` would make a forbidden join (Q8, Q9)."""
    groups = board.groups
    provinces = [groups[g] for g in neighbour_groups(board, squares, colour)
                 if groups[g].owner]
    return can_join(provinces)


_NONE = -1
_MANY = -2
_PLAIN = (0, _NONE, _NONE, _NONE)  # a free square touching no province


_RUNS: dict[tuple[Geometry, int], list[tuple[Move, ...] | None]] = {}


def _pair_runs(geo: Geometry, mask: int) -> list[tuple[Move, ...] | None]:
    """Cache: ``[p]`` -> every placement of the kinds in ``mask`` on pair ``p``."""
    runs = _RUNS.get((geo, mask))
    if runs is None:
        runs = _RUNS[geo, mask] = [None] * len(geo.pairs)
    return runs


def _kinds_mask(kinds: Iterable[str]) -> int:
    mask = 0
    for kind in kinds:
        mask |= 1 << KINDS.index(kind)
    return mask


def _summary(board: Board, s: int) -> tuple[int, int, int, int]:
    """For a free square: a bit mask of the colours whose lone half here would make a
    forbidden join (Q8, Q9), then per colour the one adjacent province's id, ``_NONE``
    or ``_MANY``."""
    colour, gid, groups = board.colour, board.gid, board.groups
    touch = [_NONE, _NONE, _NONE]
    for n in board.geo.neighbours[s]:
        c = colour[n]
        if c >= 0:
            g = gid[n]
            if groups[g].owner:
                seen = touch[c]
                if seen == _NONE:
                    touch[c] = g
                elif seen != g:
                    touch[c] = _MANY
    bad = 0
    for c in range(3):
        if touch[c] == _MANY and not join_allowed(board, (s,), c):
            bad |= 1 << c
    return bad, touch[0], touch[1], touch[2]


def legal_placements(board: Board, kinds: Iterable[str]) -> list[Move]:
    """Every legal placement of the given tile kinds, each once, in a fixed order:
    by the frontier square in reading order, then its neighbours, then the kinds in
    canonical order (a mixed kind: its first colour on the earlier square first)."""
    geo = board.geo
    colour, grass, adjacent = board.colour, board.layout.grass, geo.adjacent_pairs
    frontier = board.frontier
    ordered = sorted(set(kinds), key=KINDS.index)
    if not ordered or not frontier:
        return []
    mask = _kinds_mask(ordered)
    singles = [KIND_COLOURS[k][0] for k in ordered if k[0] == k[1]]
    mixed = [KIND_COLOURS[k] for k in ordered if k[0] != k[1]]
    table = move_table(geo)
    runs = _pair_runs(geo, mask)
    info = board.summaries
    for s in frontier:
        if s not in info:
            info[s] = _summary(board, s)

    moves: list[Move] = []
    extend = moves.extend
    for s in sorted(frontier):
        info_s = info[s]
        for t, p in adjacent[s]:
            if colour[t] >= 0 or not grass[t]:
                continue
            if t in frontier:
                if t < s:
                    continue  # this pair was listed from t
                info_t = info[t]
            else:
                info_t = _PLAIN
            lo_info, hi_info = (info_s, info_t) if s < t else (info_t, info_s)
            if not (lo_info[0] or hi_info[0]):
                for c in singles:
                    glo, ghi = lo_info[c + 1], hi_info[c + 1]
                    # both halves touch provinces: unless it is the very same one, the
                    # union may tie or hold two majors even when each side alone is fine
                    if glo != _NONE and ghi != _NONE and (glo != ghi or glo == _MANY):
                        break
                else:
                    run = runs[p]
                    if run is None:
                        row = table[p]
                        run = runs[p] = tuple(
                            [row[c * 4] for c in singles]
                            + [m for ca, cb in mixed
                               for m in (row[ca * 3 + cb], row[cb * 3 + ca])])
                    extend(run)
                    continue
            row = table[p]
            lo, hi = (s, t) if s < t else (t, s)
            lo_bad, hi_bad = lo_info[0], hi_info[0]
            for c in singles:
                glo, ghi = lo_info[c + 1], hi_info[c + 1]
                if glo == _NONE:
                    ok = not hi_bad >> c & 1
                elif ghi == _NONE:
                    ok = not lo_bad >> c & 1
                elif glo == ghi and glo != _MANY:
                    ok = True
                else:
                    ok = join_allowed(board, (lo, hi), c)
                if ok:
                    moves.append(row[c * 4])
            for ca, cb in mixed:
                if not (lo_bad >> ca & 1 or hi_bad >> cb & 1):
                    moves.append(row[ca * 3 + cb])
                if not (lo_bad >> cb & 1 or hi_bad >> ca & 1):
                    moves.append(row[cb * 3 + ca])
    return moves


def has_placement(board: Board, kinds: Iterable[str]) -> bool:
    """Whether any of the kinds has a legal placement (cheaper than listing them)."""
    kinds = set(kinds)
    if not kinds or not board.frontier:
        return False
    return bool(legal_placements(board, kinds))


EDGES = ("right", "bottom", "left", "top")
"""The edges of the board a tile may stick out over, in the order of the steps from a
square to its neighbour past each (``STEPS``)."""
STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1))


def _edge_past(geo: Geometry, half: tuple[int, int], other: tuple[int, int] | None) -> str:
    """The edge of the board ``half`` (column, row) lies past: past the grid by its
    coordinates; inside the grid but outside the board's outline (``-``) on the side of
    ``other``, the tile's half on the board (``None`` when it has none), that it lies
    on; "" when no edge says where."""
    x, y = half
    for edge, past in zip(EDGES, (x >= geo.width, y >= geo.height, x < 0, y < 0),
                          strict=True):
        if past:
            return edge
    if other is None:
        return ""
    step = (x - other[0], y - other[1])
    return EDGES[STEPS.index(step)] if step in STEPS else ""


def off_board(board: Board, coords: Iterable[tuple[int, int]]) -> dict[str, Any] | None:
    """Where a tile whose halves lie on ``coords`` (column, row; any integers) sticks
    out of the board, as the params of an ``outside`` refusal: ``edge``, the edge it
    sticks out over ("right", "bottom", "left", "top"; "" when none says where), and
    ``on_board``, the names of its squares on the board (those past the edge have no
    name on this board); ``None`` when both halves lie on the board.  The one place
    that decides the edge: the engine's refusal, and so the game page and the tutorial."""
    geo = board.geo
    halves = list(coords)
    index = [geo.index(x, y) for x, y in halves]
    on = [s >= 0 and board.layout.terrain[s] != OUT for s in index]
    if all(on):
        return None
    edge = ""
    for i, half in enumerate(halves):
        if not on[i]:
            others = [h for j, h in enumerate(halves) if j != i and on[j]]
            edge = _edge_past(geo, half, others[0] if others else None)
            if edge:
                break
    return {"edge": edge,
            "on_board": [geo.names[s] for s, o in zip(index, on, strict=True) if o]}


def placement_problem(board: Board, squares: tuple[int, int],
                      colours: tuple[int, int]) -> tuple[str, dict[str, Any]] | None:
    """Why this placement is illegal: an ``IllegalMove`` code and its params (squares by
    name, a colour letter, players by seat), or ``None`` when it is legal.

    ``squares`` are distinct squares of the board (``off_board`` says where a tile off
    it lies).
    """
    geo, layout = board.geo, board.layout
    a, b = squares
    if b not in geo.neighbours[a]:  # Q6: one tile, two neighbouring squares
        return "not_adjacent", {"a": geo.names[a], "b": geo.names[b]}
    outside = off_board(board, [(s % geo.width, s // geo.width) for s in squares])
    if outside is not None:  # Q6: both halves on the board
        return "outside", outside
    for s in squares:
        if not board.is_free(s):  # Q6: empty grassland only
            terrain = layout.terrain[s]
            code = ("village" if terrain == VILLAGE else "water" if terrain == WATER
                    else "start_territory" if terrain == START else "covered")
            return code, {"square": geo.names[s]}
    if not (board.touches_space(a) or board.touches_space(b)):
        return "no_touch", {}
    groups = board.groups
    halves = [((a, b), colours[0])] if colours[0] == colours[1] else [
        ((a,), colours[0]), ((b,), colours[1])]
    for where, c in halves:
        provinces = [groups[g] for g in neighbour_groups(board, where, c) if groups[g].owner]
        if len(provinces) < 2:
            continue
        verdict = join_owner(provinces)
        if verdict == JOIN_MAJORS:
            return "two_majors", {"colour": COLOURS[c]}
        if verdict == JOIN_TIE:
            share = contributions(provinces)
            best = max(share.values())
            tied = [p for p, n in sorted(share.items()) if n == best]
            return "tie", {"colour": COLOURS[c], "players": tied, "n": best}
    return None
