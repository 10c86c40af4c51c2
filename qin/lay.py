"""Laying a tile: its two halves go down, then provinces (Q11-Q14) and villages (Q15)
follow, in the rules' order.

The one implementation of a placement's steps: ``Game.play`` and the computer
players' simulator (``qin.ai.sim.Sim.apply``) both call ``lay_tile``.
"""

from __future__ import annotations

from . import provinces, villages
from .board import Board
from .events import Event


def lay_tile(board: Board, a: int, ca: int, b: int, cb: int, mover: int,
             events: list[Event]) -> None:
    """Put colour ``ca`` on square ``a`` and ``cb`` on ``b`` (a placement known to be
    legal) for ``mover`` and resolve what follows, writing its events.

    A tile of one colour makes one group; a mixed tile's halves are resolved one by
    one, the earlier square first (reading order).  Raises ``LastPagoda`` the moment a
    player places their last pagoda (Q16): the board then stands as it was at that
    moment.
    """
    board.put_half(a, ca)
    board.put_half(b, cb)
    if a > b:
        a, ca, b, cb = b, cb, a, ca
    if ca == cb:
        touched = [provinces.resolve(board, (a, b), ca, mover, events)]
    else:
        touched = [provinces.resolve(board, (a,), ca, mover, events),
                   provinces.resolve(board, (b,), cb, mover, events)]
    groups = board.groups
    changed = [s for g in touched if g in groups for s in groups[g].squares]
    board.forget_around(changed)
    villages.settle(board, villages.villages_near(board, changed), events)
