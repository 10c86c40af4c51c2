"""The board's state: terrain, province spaces, provinces, villages and pagoda supplies.

This module holds data and its bookkeeping only; the rules that change it live in
``placement`` (Q6-Q10), ``provinces`` (Q11-Q14) and ``villages`` (Q15).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .geometry import Geometry

# Static terrain of a square.  Tile halves lie on GRASS squares (their colour is set).
OUT, GRASS, WATER, VILLAGE, START = range(5)


class Layout:
    """What a board side prints: terrain, starting territories and villages (never changes)."""

    __slots__ = ("name", "geo", "terrain", "grass", "villages", "villages_near", "start_colours")

    def __init__(self, name: str, geo: Geometry, terrain: list[int],
                 start_colours: dict[int, int]) -> None:
        self.name = name
        self.geo = geo
        self.terrain: tuple[int, ...] = tuple(terrain)
        self.grass: tuple[bool, ...] = tuple(t == GRASS for t in terrain)
        self.villages: tuple[int, ...] = tuple(
            s for s, t in enumerate(terrain) if t == VILLAGE
        )
        self.villages_near: tuple[tuple[int, ...], ...] = tuple(
            tuple(n for n in geo.neighbours[s] if terrain[n] == VILLAGE)
            for s in range(geo.size)
        )
        self.start_colours = dict(start_colours)


def centre_square(width: int, squares: tuple[int, ...]) -> int:
    """The square of ``squares`` (indices on a board ``width`` wide) nearest their centre,
    reading order breaking ties: where a newly founded province's pagoda stands."""
    cx = sum(s % width for s in squares) / len(squares)
    cy = sum(s // width for s in squares) / len(squares)
    return min(squares, key=lambda s: ((s % width - cx) ** 2 + (s // width - cy) ** 2, s))


class Group(NamedTuple):
    """A connected group of same-coloured province spaces.

    With 2+ squares it is a province (Q5): ``owner`` >= 1 and ``pagodas`` 1, or 2 when
    major.  A lone space has owner 0 and no pagodas.  ``squares`` are in reading order.
    ``seat`` is the square its pagoda stands on (-1 for a lone space): chosen when the
    province is founded (``centre_square``) and kept while it grows or absorbs others,
    so a pagoda never moves on the table.
    """

    colour: int
    squares: tuple[int, ...]
    owner: int
    pagodas: int
    seat: int = -1

    @property
    def size(self) -> int:
        return len(self.squares)


class LastPagoda(Exception):  # noqa: N818 - control flow, never leaves the engine
    """Raised inside a placement the moment a player places their last pagoda (Q16)."""

    def __init__(self, player: int) -> None:
        super().__init__(player)
        self.player = player


class Board:
    """Mutable board state.  ``copy()`` is cheap: groups are immutable tuples."""

    __slots__ = ("layout", "geo", "players", "colour", "gid", "groups", "next_gid",
                 "village_owner", "frontier", "supply", "summaries")

    def __init__(self, layout: Layout, players: int, supply: list[int]) -> None:
        self.layout = layout
        self.geo = layout.geo
        self.players = players
        size = layout.geo.size
        self.colour: list[int] = [-1] * size
        for s, c in layout.start_colours.items():
            self.colour[s] = c
        self.gid: list[int] = [-1] * size
        self.groups: dict[int, Group] = {}
        self.next_gid = 0
        self.village_owner: list[int] = [0] * size
        self.frontier: set[int] = set()
        self.supply = supply  # index 0 unused; supply[p] for player p
        # placement.py's per-square join summaries, dropped around every changed group
        self.summaries: dict[int, tuple[int, int, int, int]] = {}

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.layout = self.layout
        other.geo = self.geo
        other.players = self.players
        other.colour = self.colour[:]
        other.gid = self.gid[:]
        other.groups = self.groups.copy()
        other.next_gid = self.next_gid
        other.village_owner = self.village_owner[:]
        other.frontier = self.frontier.copy()
        other.supply = self.supply[:]
        other.summaries = self.summaries.copy()
        return other

    # -- squares ---------------------------------------------------------------
    def is_free(self, s: int) -> bool:
        """Empty grassland: where a tile half may go (Q6)."""
        return self.layout.grass[s] and self.colour[s] < 0

    def touches_space(self, s: int) -> bool:
        """Shares an edge with a province space (Q7)."""
        colour = self.colour
        return any(colour[n] >= 0 for n in self.geo.neighbours[s])

    # -- groups ----------------------------------------------------------------
    def add_group(self, group: Group) -> int:
        g = self.next_gid
        self.next_gid += 1
        self.groups[g] = group
        gid = self.gid
        for s in group.squares:
            gid[s] = g
        return g

    def remove_group(self, g: int) -> Group:
        return self.groups.pop(g)

    def provinces(self) -> list[Group]:
        """Every province (2+ spaces), in reading order of their first square."""
        return sorted((g for g in self.groups.values() if g.owner),
                      key=lambda g: g.squares[0])

    def build_groups(self, owners: dict[int, int]) -> None:
        """Group all province spaces by flood fill; ``owners`` maps a square to the owner
        of its province (used when loading a position).  Pagodas follow the size (Q5)."""
        colour, geo = self.colour, self.geo
        self.gid = [-1] * geo.size
        self.groups = {}
        for s in range(geo.size):
            if colour[s] < 0 or self.gid[s] >= 0:
                continue
            c, stack, seen = colour[s], [s], {s}
            while stack:
                x = stack.pop()
                for n in geo.neighbours[x]:
                    if colour[n] == c and n not in seen:
                        seen.add(n)
                        stack.append(n)
            squares = tuple(sorted(seen))
            owner = next((owners[q] for q in squares if q in owners), 0)
            province = len(squares) >= 2
            pagodas = 0 if not province else (2 if len(squares) >= 5 else 1)
            seat = centre_square(geo.width, squares) if province else -1
            self.add_group(Group(c, squares, owner if province else 0, pagodas, seat))
        self.frontier = {s for s in range(geo.size) if self.is_free(s) and self.touches_space(s)}
        self.summaries = {}

    def forget_around(self, squares: Iterable[int]) -> None:
        """Drop cached summaries next to squares whose group changed."""
        summaries, nbrs = self.summaries, self.geo.neighbours
        for s in squares:
            for n in nbrs[s]:
                summaries.pop(n, None)

    def put_half(self, s: int, c: int) -> None:
        """Lay one tile half (its group is resolved by ``provinces.resolve``)."""
        self.colour[s] = c
        self.frontier.discard(s)
        for n in self.geo.neighbours[s]:
            if self.layout.grass[n] and self.colour[n] < 0:
                self.frontier.add(n)

    # -- pagodas ---------------------------------------------------------------
    def on_board(self, player: int) -> int:
        """Pagodas ``player`` has on the board (provinces, doubles counted 2, and villages)."""
        n = sum(g.pagodas for g in self.groups.values() if g.owner == player)
        return n + sum(1 for v in self.layout.villages if self.village_owner[v] == player)

    def place_pagoda(self, player: int) -> None:
        """Take a pagoda from ``player``'s supply; the last one ends the game (Q16)."""
        self.supply[player] -= 1
        if self.supply[player] == 0:
            raise LastPagoda(player)

    def return_pagodas(self, player: int, count: int) -> None:
        self.supply[player] += count
