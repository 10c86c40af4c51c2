"""Tiles, the draw pile and the deal (Q1, Q2, Q3, Q20)."""

from __future__ import annotations

import random

COLOURS = "RYB"
"""Colour letters; a colour is its index here: 0 red, 1 yellow, 2 blue."""
COLOUR_NAMES = ("red", "yellow", "blue")
KINDS: tuple[str, ...] = ("RR", "YY", "BB", "RY", "RB", "YB")
"""The six tile kinds in canonical order (Q1)."""
TILES_PER_KIND = 12
HAND_SIZE = 3
PAGODAS = {2: 24, 3: 19, 4: 15}
"""Pagodas per player by player count (Q2)."""

KIND_COLOURS: dict[str, tuple[int, int]] = {
    k: (COLOURS.index(k[0]), COLOURS.index(k[1])) for k in KINDS
}


def normalize_kind(text: str) -> str:
    """``"YR"`` -> ``"RY"``; raises ``ValueError`` for anything that is not a tile kind."""
    if len(text) == 2 and text[0] in COLOURS and text[1] in COLOURS:
        a, b = sorted(text, key=COLOURS.index)
        return a + b
    from .inputs import quote

    raise ValueError(f"{quote(text)} is not a tile kind (RR YY BB RY RB YB)")


def kind_of(colour_a: int, colour_b: int) -> str:
    """The tile kind with these two colours, in either order."""
    lo, hi = sorted((colour_a, colour_b))
    return COLOURS[lo] + COLOURS[hi]


def sort_hand(hand: list[str]) -> list[str]:
    """A hand in canonical order RR YY BB RY RB YB."""
    return sorted(hand, key=KINDS.index)


def full_set() -> list[str]:
    """All 72 tiles, 12 of each kind (Q1), in canonical order."""
    return [k for k in KINDS for _ in range(TILES_PER_KIND)]


def deal(players: int, seed: int, fair_start: bool = False) -> tuple[list[list[str]], list[str]]:
    """Shuffle the 72 tiles with the seeded source and deal 3 to each player (Q3).

    Returns ``(hands, pile)``; drawing takes ``pile.pop()``, which is a uniform draw
    from the remaining tiles because the pile was shuffled by the seeded source.
    With ``fair_start`` (Q20) the deal is redrawn until every opening hand holds a
    single-coloured tile.
    """
    rng = random.Random(seed)
    while True:
        pile = full_set()
        rng.shuffle(pile)
        hands = [[pile.pop() for _ in range(HAND_SIZE)] for _ in range(players)]
        if not fair_start or all(any(t[0] == t[1] for t in hand) for hand in hands):
            return hands, pile
