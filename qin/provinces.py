"""Founding, expanding, absorbing and major provinces (Q11, Q11a, Q12, Q13, Q14)."""

from __future__ import annotations

from collections.abc import Sequence

from .board import Board, Group, centre_square
from .events import Event
from .tiles import COLOURS

MAJOR = 5
"""A province of this many spaces or more is a major province (Q5)."""

JOIN_MAJORS = -1
"""``join_owner`` verdict: the join would join two or more major provinces (Q8)."""
JOIN_TIE = -2
"""``join_owner`` verdict: two or more players tie for the largest contribution (Q9)."""


def join_owner(provinces: Sequence[Group]) -> int:
    """The owner of the province that joining these 2+ provinces makes (Q12, Q13),
    or ``JOIN_MAJORS`` / ``JOIN_TIE`` when the rules forbid the join (Q8, Q9)."""
    majors = [p for p in provinces if len(p.squares) >= MAJOR]
    if len(majors) >= 2:
        return JOIN_MAJORS
    if majors:
        return majors[0].owner  # Q13: a major province is never taken over
    share: dict[int, int] = {}
    for p in provinces:
        share[p.owner] = share.get(p.owner, 0) + len(p.squares)
    best = max(share.values())
    leaders = [owner for owner, n in share.items() if n == best]
    return leaders[0] if len(leaders) == 1 else JOIN_TIE


def can_join(provinces: Sequence[Group]) -> bool:
    """Whether a new group may join these provinces (none, one or more) into one:
    false for two or more majors (Q8) or a tie for the largest share (Q9)."""
    return len(provinces) < 2 or join_owner(provinces) > 0


def merged(provinces: Sequence[Group], mover: int) -> tuple[int, Group | None]:
    """The owner of the province a new group of 2+ spaces makes with the provinces it
    joins (a join ``can_join`` allows), and the province whose pagodas it keeps:
    ``(mover, None)`` when it joins none (found, Q11); the one province's owner and
    that province (expand, Q11a); for two or more, the join's owner and their major
    province, or else their first (absorb, Q12, Q13).  Every other province joined
    gives its pagodas back."""
    if not provinces:
        return mover, None
    if len(provinces) == 1:
        return provinces[0].owner, provinces[0]
    owner = join_owner(provinces)
    if owner < 0:  # placement checks make this unreachable
        raise AssertionError("a forbidden join was resolved")
    mine = [p for p in provinces if p.owner == owner]
    return owner, next((p for p in mine if len(p.squares) >= MAJOR), mine[0])


def contributions(provinces: Sequence[Group]) -> dict[int, int]:
    """Each owner's spaces in the original provinces (Q12), for messages and previews."""
    share: dict[int, int] = {}
    for p in provinces:
        share[p.owner] = share.get(p.owner, 0) + len(p.squares)
    return share


def neighbour_groups(board: Board, squares: Sequence[int], colour: int) -> list[int]:
    """Ids of the distinct groups of ``colour`` next to ``squares`` (not counting them)."""
    found: list[int] = []
    col, gid, nbrs = board.colour, board.gid, board.geo.neighbours
    for s in squares:
        for n in nbrs[s]:
            if col[n] == colour and n not in squares:
                g = gid[n]
                if g >= 0 and g not in found:
                    found.append(g)
    return found


def resolve(board: Board, halves: tuple[int, ...], colour: int, mover: int,
            events: list[Event]) -> int:
    """Resolve the colour group that holds the new tile half or halves; returns its id.

    Found (Q11), expand (Q11a) or absorb (Q12, Q13), then major (Q14).  May raise
    ``LastPagoda`` (Q16) the moment a pagoda placed here is someone's last.
    """
    gids = neighbour_groups(board, halves, colour)
    joined = [board.remove_group(g) for g in gids]
    squares = tuple(sorted(halves + tuple(s for g in joined for s in g.squares)))
    names = board.geo.names
    square_names = tuple(names[s] for s in squares)
    colour_name = COLOURS[colour]
    provinces = [g for g in joined if g.owner]
    size = len(squares)

    if size < 2:
        return board.add_group(Group(colour, squares, 0, 0))
    owner, kept = merged(provinces, mover)
    if kept is None:  # Q11: found
        seat = centre_square(board.geo.width, squares)
        g = board.add_group(Group(colour, squares, mover, 1, seat))
        events.append(Event("found", mover, square_names, colour=colour_name, size=size))
        board.place_pagoda(mover)
        pagodas = 1
    elif len(provinces) == 1:  # Q11a: expand
        pagodas = kept.pagodas
        seat = kept.seat
        g = board.add_group(Group(colour, squares, owner, pagodas, seat))
        events.append(Event("expand", owner, square_names, colour=colour_name, size=size))
    else:  # Q12/Q13: absorb
        pagodas, seat = kept.pagodas, kept.seat
        theirs = [p for p in provinces if p.owner != owner]
        losers = tuple(sorted({p.owner for p in theirs}))
        g = board.add_group(Group(colour, squares, owner, pagodas, seat))
        events.append(Event("absorb", owner, square_names, colour=colour_name, size=size,
                            losers=losers, count=len(theirs), by=mover))
        for p in provinces:  # Q16: pagodas go back before new ones go down
            if p is not kept:
                board.return_pagodas(p.owner, p.pagodas)
                events.append(Event("return", p.owner, tuple(names[s] for s in p.squares),
                                    count=p.pagodas))
    if size >= MAJOR and pagodas == 1:  # Q14: major, the owner's second pagoda
        board.groups[g] = Group(colour, squares, owner, 2, seat)
        events.append(Event("major", owner, square_names, colour=colour_name, size=size))
        board.place_pagoda(owner)
    return g
