"""Founding, expanding and major provinces: the rulebook's worked examples (Q11, Q11a, Q14)
and the order in which the groups of a placement are resolved.

Player 1 is the rulebook's Green, player 2 its Purple (or White).
"""

from __future__ import annotations

import qin
from tests.conftest import game, group, kinds, only, village, with_supply

FULL = 24  # pagodas per player with 2 players (Q2)


def test_rulebook_one_tile_founds_a_yellow_and_a_red_province() -> None:
    """Rulebook "Found province", first picture; Q11: Purple's mixed tile founds two
    provinces at once, one pagoda on each, the group on the earlier square first."""
    g = game("""
        . . . .
        . r y .
        . . . .
    """, to_move=2)
    events = g.play("Rb3Yc3")
    assert kinds(events) == ["place", "found", "found"]
    red, yellow = only(events, "found")
    assert (red.player, red.colour, red.squares, red.size) == (2, "R", ("b2", "b3"), 2)
    assert (yellow.player, yellow.colour, yellow.squares, yellow.size) == (
        2, "Y", ("c2", "c3"), 2)
    assert group(g, "b2") == ("R", 2, 1, ("b2", "b3"))
    assert group(g, "c3") == ("Y", 2, 1, ("c2", "c3"))
    assert (g.supply(1), g.supply(2)) == (FULL, FULL - 2)


def test_rulebook_all_yellow_tile_founds_a_three_space_province() -> None:
    """Rulebook "Found province", second picture; Q11: an all-yellow tile next to a lone
    yellow space founds one province of 3 spaces with one pagoda."""
    g = game("""
        . . .
        . Y .
        . . .
        . . .
    """)
    events = g.play("Yb3Yb4")
    assert kinds(events) == ["place", "found"]
    assert events[1].to_dict() == {"kind": "found", "player": 1, "squares": ["b2", "b3", "b4"],
                                   "colour": "Y", "size": 3}
    assert group(g, "b2") == ("Y", 1, 1, ("b2", "b3", "b4"))
    assert g.supply(1) == FULL - 1


EXPAND = """
    y1 y  y  .
    .  .  .  .
    r2 r  .  .
"""


def test_rulebook_one_tile_expands_two_provinces_of_two_owners() -> None:
    """Rulebook "Expand province"; Q11a: Green's tile grows Green's yellow province to 4
    and Purple's red province to 3; owners and pagodas stay, nobody places a pagoda."""
    g = game(EXPAND)
    events = g.play("Yc2Rc3")
    assert kinds(events) == ["place", "expand", "expand"]
    yellow, red = only(events, "expand")
    assert (yellow.player, yellow.squares, yellow.size) == (1, ("a1", "b1", "c1", "c2"), 4)
    assert (red.player, red.squares, red.size) == (2, ("a3", "b3", "c3"), 3)
    assert group(g, "a1") == ("Y", 1, 1, ("a1", "b1", "c1", "c2"))
    assert group(g, "a3") == ("R", 2, 1, ("a3", "b3", "c3"))
    assert (g.supply(1), g.supply(2)) == (FULL - 1, FULL - 1)


def test_rulebook_same_tile_the_other_way_round_makes_two_lone_spaces() -> None:
    """Rulebook "Expand province", second picture; Q5/Q11: turned round, the tile only
    makes two lone spaces: nothing is founded or expanded, lone spaces have no owner."""
    g = game(EXPAND)
    events = g.play("Rc2Yc3")
    assert kinds(events) == ["place"]
    assert group(g, "c2") == ("R", 0, 0, ("c2",))
    assert group(g, "c3") == ("Y", 0, 0, ("c3",))
    assert group(g, "a1") == ("Y", 1, 1, ("a1", "b1", "c1"))
    assert (g.supply(1), g.supply(2)) == (FULL - 1, FULL - 1)


MAJOR = """
    y1 y  y  y  .
    .  .  .  .  .
"""


def test_rulebook_major_province_gets_a_double_pagoda() -> None:
    """Rulebook "Create major province"; Q14: Green's yellow province grows to 5 spaces
    and gets a second pagoda on top of the first, from Green's supply."""
    g = game(MAJOR)
    events = g.play("Ye1Re2")
    assert kinds(events) == ["place", "expand", "major"]
    assert events[2].to_dict() == {"kind": "major", "player": 1, "colour": "Y", "size": 5,
                                   "squares": ["a1", "b1", "c1", "d1", "e1"]}
    assert group(g, "a1") == ("Y", 1, 2, ("a1", "b1", "c1", "d1", "e1"))
    assert g.supply(1) == FULL - 2


def test_major_pagoda_comes_from_the_owners_supply_whoever_placed() -> None:
    """Q14: the second pagoda is the owner's, even when another player made the major."""
    g = game(MAJOR, to_move=2)
    events = g.play("Ye1Re2")
    assert kinds(events) == ["place", "expand", "major"]
    assert events[2].player == 1
    assert (g.supply(1), g.supply(2)) == (FULL - 2, FULL)


def test_major_grows_on_without_a_third_pagoda() -> None:
    """Q5/Q14: a major province carries one double pagoda, whatever its size."""
    g = game("""
        y1 y  y  y  y  .
        .  .  .  .  .  .
    """)
    events = g.play("Yf1Yf2")
    assert kinds(events) == ["place", "expand"]
    assert group(g, "a1")[1:3] == (1, 2)
    assert g.supply(1) == FULL - 2


def test_rulebook_founding_next_to_an_empty_village_takes_it() -> None:
    """Rulebook "Connect village" (Green founds a blue province next to an empty village);
    Q11 then Q15: the village gets the founder's pagoda."""
    g = game("""
        . . . .
        . B . v
        . . . .
    """)
    events = g.play("Bc2Bc3")
    assert kinds(events) == ["place", "found", "village"]
    assert events[1].squares == ("b2", "c2", "c3")
    assert events[2].to_dict() == {"kind": "village", "player": 1, "squares": ["d2"],
                                   "from_player": 0}
    assert village(g, "d2") == 1
    assert g.supply(1) == FULL - 2


def test_half_next_to_a_lone_starting_territory_founds() -> None:
    """Q11 (with Q4): a new half next to a lone printed starting territory of its colour
    founds a province with it; the other half, next to nothing of its colour, stays lone."""
    g = game("""
        . . .
        . R .
        . . .
    """)
    events = g.play("Yc1Rb1")
    assert kinds(events) == ["place", "found"]
    assert (events[1].player, events[1].colour, events[1].squares) == (1, "R", ("b1", "b2"))
    assert group(g, "b2") == ("R", 1, 1, ("b1", "b2"))
    assert group(g, "c1") == ("Y", 0, 0, ("c1",))


def test_first_move_on_bird_founds_with_the_starting_territory() -> None:
    """Q11/Q21: on the Bird board every opening placement touches a starting territory;
    a half of the territory's colour founds a province with it (one pagoda each, plus
    any village it connects, Q15); a mixed tile with no matching half founds nothing."""
    g = qin.Game.new(board="bird", players=2, seed=3)
    geo, start = g.board.geo, g.board.layout.start_colours
    for m in g.legal_moves():
        probe = g.clone()
        events = probe.play(m)
        matching = any(start.get(n) == "RYB".index(colour)
                       for colour, sq in m.halves for n in geo.neighbours[geo.names.index(sq)])
        found = only(events, "found")
        assert bool(found) == (matching or m.kind[0] == m.kind[1]), m  # RR, YY, BB: 2 spaces
        for e in found:
            assert e.player == 1
            assert m.kind[0] == m.kind[1] or any(geo.names.index(sq) in start
                                                 for sq in e.squares)
        assert probe.supply(1) == FULL - len(found) - len(only(events, "village"))


def test_found_of_five_or_more_at_once_is_major() -> None:
    """Q11 + Q14: a found that swallows lone spaces (Q12: they belong to nobody) and
    reaches 5 spaces is a major province at once: found, then major, both by the mover."""
    g = game("""
        . r . .
        r . . r
        . . r .
    """, to_move=2)
    events = g.play("Rb2Rc2")
    assert kinds(events) == ["place", "found", "major"]
    assert [e.player for e in events[1:]] == [2, 2]
    assert events[1].size == 6  # 2 new halves + 4 lone spaces
    assert group(g, "b1") == ("R", 2, 2, ("b1", "a2", "b2", "c2", "d2", "c3"))
    assert g.supply(2) == FULL - 2


def test_found_swallowing_lone_spaces_counts_them_for_nobody() -> None:
    """Q12/Q11: lone spaces swallowed by a new group are not provinces: the group holds
    no province, so it is founded by the mover, not absorbed from anyone."""
    g = game("""
        . y . .
        . . . .
        . y . .
    """, to_move=2)
    events = g.play("Yb2Ra2")
    assert kinds(events) == ["place", "found"]
    assert (events[1].player, events[1].squares) == (2, ("b1", "b2", "b3"))


def test_earlier_square_resolved_first_whatever_the_writing() -> None:
    """Q11-Q14 order: the group on the earlier square (reading order) is resolved first,
    so both writings of one placement give the same events after the tile goes down."""
    grid = """
        .  y1 y  .
        .  .  .  .
        r2 r  .  .
    """
    a, b = game(grid), game(grid)
    ea, eb = a.play("Rc3Yc2"), b.play("Yc2Rc3")
    assert ea[1:] == eb[1:]
    assert kinds(ea) == ["place", "expand", "expand"]
    assert [e.colour for e in ea[1:]] == ["Y", "R"]  # c2 comes before c3
    assert ea[0].colour is not None and eb[0].colour is not None  # the tiles' colours
    assert set(zip(ea[0].squares, ea[0].colour, strict=True)) == set(
        zip(eb[0].squares, eb[0].colour, strict=True))
    assert a.to_position() == b.to_position()


def test_major_inside_its_groups_step_before_the_next_group() -> None:
    """Q14/Q16: the major's pagoda goes down inside the first group's step; when it is
    its owner's last, the game ends before the second group is resolved, in whichever
    order the move is written."""
    grid = """
        y2 y  y  y  .
        .  .  .  .  .
        .  .  .  .  R
    """
    for move in ("Ye1Re2", "Re2Ye1"):
        g = with_supply(grid, {2: 1, 1: 1})
        events = g.play(move)
        assert kinds(events) == ["place", "expand", "major", "win"]
        assert g.is_over and g.winners == (2,)
        assert g.supply(1) == 1  # player 1's found at e2-e3 was never carried out


def test_rc4yd4_and_yd4rc4_give_the_same_result() -> None:
    """Q11-Q16 order: c4 comes before d4, so the red group is resolved first whichever
    way the move is written: player 1's found there takes their last pagoda and wins,
    and player 2's major at d4, which would also have been a last pagoda, never happens."""
    grid = """
        .  .  .  y2 .
        .  .  .  y  .
        .  .  .  y  y
        .  R  .  .  .
        .  .  .  .  .
    """
    results = []
    for move in ("Rc4Yd4", "Yd4Rc4"):
        g = with_supply(grid, {1: 1, 2: 1})
        events = g.play(move)
        assert kinds(events) == ["place", "found", "win"]
        assert g.winners == (1,) and g.supply(2) == 1
        results.append(events[1:])
    assert results[0] == results[1]
