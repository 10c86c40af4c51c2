"""Villages: connecting and conquering (Q15)."""

from __future__ import annotations

from collections.abc import Iterable

from .board import Board
from .events import Event


def tally(board: Board, village: int) -> dict[int, int]:
    """Pagodas per player in the distinct provinces next to ``village`` (single 1,
    double 2; the pagoda on the village itself does not count) (Q15)."""
    counts: dict[int, int] = {}
    seen: list[int] = []
    gid, groups = board.gid, board.groups
    for n in board.geo.neighbours[village]:
        g = gid[n]
        if g >= 0 and g not in seen:
            seen.append(g)
            group = groups[g]
            if group.owner:
                counts[group.owner] = counts.get(group.owner, 0) + group.pagodas
    return counts


def leader(counts: dict[int, int]) -> int:
    """The player with strictly more than every other, or 0 on a tie or no pagodas."""
    best, who, tied = 0, 0, False
    for player, n in counts.items():
        if n > best:
            best, who, tied = n, player, False
        elif n == best:
            tied = True
    return 0 if tied else who


def villages_near(board: Board, squares: Iterable[int]) -> list[int]:
    """The villages next to any of ``squares``, in reading order."""
    near = board.layout.villages_near
    return sorted({v for s in squares for v in near[s]})


def settle(board: Board, villages: Iterable[int], events: list[Event]) -> None:
    """Give each village (in reading order) to the player with the most pagodas next to
    it, if that is not its holder already; ties change nothing (Q15).  The old pagoda
    goes back first (Q16); may raise ``LastPagoda``."""
    names, owner = board.geo.names, board.village_owner
    for v in villages:
        who = leader(tally(board, v))
        held = owner[v]
        if who and who != held:
            if held:
                board.return_pagodas(held, 1)
                events.append(Event("return", held, (names[v],), count=1))
            owner[v] = who
            events.append(Event("village", who, (names[v],), from_player=held))
            board.place_pagoda(who)
