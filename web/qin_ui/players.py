"""Who can sit in a seat.

A seat is played by a human at this screen or by a computer player.  The start
screen offers every registered kind, in registration order; adding a computer
level is one ``register`` call with a function that picks a move:

    register(PlayerKind("easy", "Computer (easy)", choose=lambda view: ...))

``choose`` gets the seat's view of the game (``game.view(seat)``: the other hands
hidden) and returns one of its legal moves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import qin

Chooser = Callable[[qin.Game], qin.Move]


@dataclass(frozen=True)
class PlayerKind:
    key: str
    label: str
    choose: Chooser | None = None  # None: a human chooses at the screen

    @property
    def human(self) -> bool:
        return self.choose is None


HUMAN = PlayerKind("human", "Human")

KINDS: dict[str, PlayerKind] = {HUMAN.key: HUMAN}


def register(kind: PlayerKind) -> None:
    """Offer ``kind`` on the start screen (a later call with the same key replaces it)."""
    KINDS[kind.key] = kind


def kind(key: str) -> PlayerKind:
    """The registered kind ``key``; unknown keys are refused with a clear message."""
    try:
        return KINDS[key]
    except KeyError:
        known = ", ".join(KINDS)
        raise ValueError(f"unknown player type '{key}' (known: {known})") from None
