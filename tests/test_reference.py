"""The engine against an independent oracle: the deliberately simple flood-fill engine in
``bench/engine.py`` (written separately from ``qin/``, recomputing every province from
scratch each call) must agree on every legal-move list, every supply and every result."""

from __future__ import annotations

import pytest

from bench.engine import cross_check


@pytest.mark.parametrize("board", ["bird", "lion"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_agree_with_the_flood_fill_reference(board: str, players: int) -> None:
    """Q6-Q18 as a whole: 4 seeded random games per board and player count, move by move."""
    assert cross_check(4, players, board) > 100
