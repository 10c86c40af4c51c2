"""Villages: connecting and conquering (Q15), with the returns-first order of Q16.

Player 1 is the rulebook's Green, player 2 its White.
"""

from __future__ import annotations

from tests.conftest import game, group, kinds, only, village, with_supply

FULL = 24  # pagodas per player with 2 players (Q2)


def test_rulebook_founding_a_second_province_conquers_the_village() -> None:
    """Rulebook "Conquer village", first picture; Q15/Q16: Green founds a red province
    next to White's village: Green now has 2 adjoining pagodas against White's 1, so
    White's pagoda goes back first, then Green's goes on the village."""
    g = game("""
        .  .  .  .  .
        r2 r  v2 .  .
        .  .  y1 y  .
    """)
    assert g.village_tally("c2") == {2: 1, 1: 1}
    assert (g.supply(1), g.supply(2)) == (FULL - 1, FULL - 2)
    events = g.play("Rd1Rd2")
    assert kinds(events) == ["place", "found", "return", "village"]
    found, back, taken = events[1:]
    assert (found.player, found.colour, found.squares) == (1, "R", ("d1", "d2"))
    assert back.to_dict() == {"kind": "return", "player": 2, "squares": ["c2"], "count": 1}
    assert taken.to_dict() == {"kind": "village", "player": 1, "squares": ["c2"],
                               "from_player": 2}
    assert village(g, "c2") == 1
    assert g.village_tally("c2") == {2: 1, 1: 2}
    assert (g.supply(1), g.supply(2)) == (FULL - 3, FULL - 1)


def test_rulebook_major_double_pagoda_conquers_the_village() -> None:
    """Rulebook "Conquer village", second picture; Q14/Q15: Green expands his yellow
    province to a major one; the double pagoda counts 2 against White's 1."""
    g = game("""
        .  .  .  .  .
        r2 r  v2 .  .
        y1 y  y  y  .
    """)
    assert village(g, "c2") == 2  # 1 vs 1: a tie, White keeps it
    events = g.play("Ye3Re2")
    assert kinds(events) == ["place", "expand", "major", "return", "village"]
    assert (events[2].player, events[2].size) == (1, 5)
    assert (events[3].player, events[3].squares) == (2, ("c2",))
    assert (events[4].player, events[4].from_player) == (1, 2)
    assert group(g, "a3")[1:3] == (1, 2)
    assert g.village_tally("c2") == {2: 1, 1: 2}
    assert (g.supply(1), g.supply(2)) == (FULL - 3, FULL - 1)


def test_tie_for_an_empty_village_leaves_it_empty() -> None:
    """Q15: any tie for the most changes nothing; an empty village stays empty."""
    g = game("""
        .  .  .  .
        r2 r  v  .
        .  .  .  Y
    """)
    events = g.play("Yb3Yc3")
    assert kinds(events) == ["place", "found"]
    assert g.village_tally("c2") == {2: 1, 1: 1}
    assert village(g, "c2") == 0


def test_tie_never_empties_a_held_village() -> None:
    """Q15: a village, once taken, never becomes empty: a tie between two other players
    leaves it with its holder (3 players)."""
    g = game("""
        .  .  .  .
        r2 r  v3 .
        .  .  .  Y
    """, players=3)
    events = g.play("Yb3Yc3")
    assert kinds(events) == ["place", "found"]
    assert g.village_tally("c2") == {2: 1, 1: 1}
    assert village(g, "c2") == 3


def test_village_pagoda_itself_does_not_count() -> None:
    """Q15: the pagoda on the village does not count for its holder: one adjoining pagoda
    of Green beats White's none, although White's village pagoda stands there."""
    g = game("""
        .  .  .  .
        .  Y  v2 .
        .  .  .  .
    """)
    events = g.play("Yb3Yc3")
    assert kinds(events) == ["place", "found", "return", "village"]
    assert village(g, "c2") == 1
    assert (g.supply(1), g.supply(2)) == (FULL - 2, FULL)


def test_a_province_touching_a_village_twice_counts_once() -> None:
    """Q15: the pagodas of the *distinct* provinces next to the village count: Green's
    province touches it on two edges and still counts 1, a tie with White: no change."""
    g = game("""
        .  y2 y  .
        r1 v2 .  .
        r  r  .  .
    """)
    events = g.play("Rc3Yd3")
    assert kinds(events) == ["place", "expand"]
    assert g.village_tally("b2") == {2: 1, 1: 1}
    assert village(g, "b2") == 2


READING = """
    .  .  v  .
    .  .  .  .
    .  v  Y  .
"""


def test_villages_are_settled_in_reading_order() -> None:
    """Q15: the villages a placement touches are settled in reading order (top row first,
    left to right), whichever way the move is written."""
    for move in ("Yb2Yc2", "Yc2Yb2"):
        g = game(READING)
        events = g.play(move)
        assert kinds(events) == ["place", "found", "village", "village"]
        assert [e.squares for e in only(events, "village")] == [("c1",), ("b3",)]
        assert (village(g, "c1"), village(g, "b3")) == (1, 1)
        assert g.supply(1) == FULL - 3


def test_reading_order_decides_which_village_a_last_pagoda_takes() -> None:
    """Q15 + Q16: with two pagodas left, the found takes one and the first village in
    reading order the last: the game ends and the second village stays empty."""
    g = with_supply(READING, {1: 2})
    events = g.play("Yc2Yb2")
    assert kinds(events) == ["place", "found", "village", "win"]
    assert (village(g, "c1"), village(g, "b3")) == (1, 0)
    assert g.is_over and g.winners == (1,)
