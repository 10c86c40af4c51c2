"""Absorbing provinces: the rulebook's worked examples and the forbidden joins
(Q8, Q9, Q12, Q13, Q14, Q16).

Player 1 is the rulebook's Green, player 2 its White.
"""

from __future__ import annotations

from qin.events import Event
from tests.conftest import game, group, kinds, only, unchanged, village

FULL = 24  # pagodas per player with 2 players (Q2)


def test_rulebook_larger_province_absorbs_and_takes_the_village() -> None:
    """Rulebook "Absorb province" picture; Q12, Q14, Q15, Q16: Green's red province b (3)
    is larger than White's a (2): Green owns the new major province, White's pagoda goes
    back before Green's second pagoda goes down, and Green takes the adjacent village."""
    g = game("""
        .  .  .  .  .  .
        r2 r  .  r1 r  r
        .  .  v  .  .  .
    """)
    events = g.play("Yc1Rc2")
    assert kinds(events) == ["place", "absorb", "return", "major", "village"]
    absorb, back, major, taken = events[1:]
    assert absorb.to_dict() == {
        "kind": "absorb", "player": 1, "colour": "R", "size": 6, "losers": [2],
        "count": 1, "by": 1, "squares": ["a2", "b2", "c2", "d2", "e2", "f2"]}
    assert Event.from_dict(absorb.to_dict()) == absorb
    assert (back.player, back.squares, back.count) == (2, ("a2", "b2"), 1)
    assert (major.player, major.size) == (1, 6)
    assert (taken.player, taken.squares, taken.from_player) == (1, ("c3",), 0)
    assert group(g, "a2") == ("R", 1, 2, ("a2", "b2", "c2", "d2", "e2", "f2"))
    assert group(g, "c1") == ("Y", 0, 0, ("c1",))
    assert village(g, "c3") == 1
    assert (g.supply(1), g.supply(2)) == (FULL - 3, FULL)


def test_rulebook_major_and_small_absorb_white_seven_to_two() -> None:
    """Rulebook "Create major province", last picture; Q12, Q13: Green's major b and
    Green's c bring 7 spaces, White's a 2. Green keeps b's double pagoda; White's pagoda
    and Green's pagoda from c go back (a major holds one double pagoda only)."""
    g = game("""
        .  .  r2 r  .  .  .
        r1 r  .  .  .  .  .
        .  .  r1 r  r  r  r
    """)
    before = (g.supply(1), g.supply(2))
    assert before == (FULL - 3, FULL - 1)
    events = g.play("Rc2Yd2")
    assert kinds(events) == ["place", "absorb", "return", "return"]
    absorb = events[1]
    assert (absorb.player, absorb.size, absorb.losers) == (1, 10, (2,))
    returns = [(e.player, e.squares, e.count) for e in only(events, "return")]
    assert returns == [(2, ("c1", "d1"), 1), (1, ("a2", "b2"), 1)]
    squares = ("c1", "d1", "a2", "b2", "c2", "c3", "d3", "e3", "f3", "g3")
    assert group(g, "c1") == ("R", 1, 2, squares)
    assert (g.supply(1), g.supply(2)) == (FULL - 2, FULL)


def test_rulebook_two_against_two_join_is_forbidden() -> None:
    """Rulebook "Absorb province" (Green may not combine a and b, 2 spaces each);
    Q9: the IllegalMove names the tie and the players, and changes nothing."""
    g = game("""
        .  .  .  .  .
        r2 r  .  r1 r
    """)
    exc = unchanged(g, "Rc2Yc1")
    text = str(exc)
    assert "tie" in text and "Player 1" in text and "Player 2" in text
    assert "2 squares each" in text and "Q9" in text
    assert "Rc2Yc1" not in {str(m) for m in g.legal_moves()}


def test_two_major_provinces_may_not_be_joined() -> None:
    """Q8: a placement that would join two major provinces is illegal, whoever owns them
    (even one player's two majors), and the message says so."""
    for other in ("2", "1"):
        g = game(f"""
            .  .  .  .  .  .  .  .  .  .  .
            r1 r  r  r  r  .  r{other} r  r  r  r
        """)
        exc = unchanged(g, "Rf2Yf1")
        assert "two major" in str(exc) and "Q8" in str(exc)
        assert "Yf1Rf2" not in {str(m) for m in g.legal_moves()}
        g.play("Yf2Rf1")  # the other way round joins nothing: legal


def test_three_players_four_against_two_against_two_is_legal() -> None:
    """Q9: only a tie at the top forbids a join; 4 vs 2 vs 2 names player 1 the owner.
    Q12/Q16: both losers' pagodas go back before the new major's second pagoda."""
    g = game("""
        .  .  r1 r  r  r
        r2 r  .  .  .  .
        .  .  r3 r  .  .
    """, players=3)
    events = g.play("Rc2Yd2")
    assert kinds(events) == ["place", "absorb", "return", "return", "major"]
    assert (events[1].player, events[1].losers, events[1].size) == (1, (2, 3), 9)
    assert [e.player for e in only(events, "return")] == [2, 3]
    assert group(g, "a2")[1:3] == (1, 2)
    assert [g.supply(p) for p in (1, 2, 3)] == [19 - 2, 19, 19]


def test_three_players_tie_at_the_top_is_illegal() -> None:
    """Q9: 3 vs 3 vs 2 ties at the top: illegal, the message names both leaders."""
    g = game("""
        .  .  r1 r  r  .
        r2 r  .  .  .  .
        .  .  r3 r  r  .
        .  .  .  .  .  .
    """, players=3)
    exc = unchanged(g, "Rc2Yd2")
    assert "Player 1 and Player 3 tie" in str(exc) and "3 squares each" in str(exc)


def test_major_owner_keeps_the_result_even_against_a_larger_sum() -> None:
    """Q13: a major province is never absorbed: its owner owns the result even when the
    small provinces joined to it bring more spaces in total (4 + 4 > 5); the small ones'
    pagodas go back, the major keeps its one double pagoda (no new major event)."""
    g = game("""
        .  .  .  .  .  r2 r  r  r
        r1 r  r  r  r  .  .  .  .
        .  .  .  .  .  r2 r  r  r
    """)
    assert g.why_illegal("Rf2Yg2") is None
    events = g.play("Rf2Yg2")
    assert kinds(events) == ["place", "absorb", "return", "return"]
    assert (events[1].player, events[1].losers, events[1].size) == (1, (2,), 14)
    assert [(e.player, e.squares[0]) for e in only(events, "return")] == [(2, "f1"), (2, "f3")]
    assert group(g, "a2")[1:3] == (1, 2)
    assert (g.supply(1), g.supply(2)) == (FULL - 2, FULL)


def test_lone_spaces_swallowed_count_for_nobody() -> None:
    """Q12: a lone space joined along with two provinces belongs to nobody, so it cannot
    break a 2-2 tie (the join stays illegal) ..."""
    g = game("""
        .  .  .  .  .
        r1 r  .  r2 r
        .  .  r  .  .
    """)
    exc = unchanged(g, "Rc2Yc1")
    assert "2 squares each" in str(exc)


def test_lone_spaces_and_new_halves_do_not_count_for_the_contribution() -> None:
    """Q12: ... and with 2 vs 3 the larger original province wins, whatever lone spaces
    and new halves lie on the smaller one's side; the result's size counts them all."""
    g = game("""
        .  .  .  .  .  .
        r1 r  .  r2 r  r
        .  .  r  .  .  .
    """)
    events = g.play("Rc2Yc1")
    assert kinds(events) == ["place", "absorb", "return", "major"]
    assert (events[1].player, events[1].size) == (2, 7)
    assert group(g, "c3")[1:3] == (2, 2)


def test_winner_of_two_small_provinces_keeps_one_pagoda() -> None:
    """Q12: the new owner keeps exactly one pagoda; their other province's pagoda goes
    back too (returns before the major's second pagoda, Q16)."""
    g = game("""
        .  .  r1 r  .
        r1 r  .  .  .
        .  .  r2 r  r
    """)
    events = g.play("Rc2Yd2")
    assert kinds(events) == ["place", "absorb", "return", "return", "major"]
    assert [(e.player, e.squares) for e in only(events, "return")] == [
        (1, ("a2", "b2")), (2, ("c3", "d3", "e3"))]
    assert (events[1].player, events[1].losers) == (1, (2,))
    assert group(g, "a2")[1:3] == (1, 2)
    assert (g.supply(1), g.supply(2)) == (FULL - 2, FULL)


def test_join_of_one_province_and_a_lone_space_is_an_expand() -> None:
    """Q11a: a group with exactly one existing province (and lone spaces) expands it."""
    g = game("""
        r2 r  .  r
        .  .  .  .
    """)
    events = g.play("Rc1Yc2")
    assert kinds(events) == ["place", "expand"]
    assert (events[1].player, events[1].size) == (2, 4)
