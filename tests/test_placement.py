"""Where a tile may go (Q6, Q7, Q8, Q9, Q13) and the list of legal moves."""

from __future__ import annotations

import pytest

import qin
from tests.conftest import game, position, unchanged

CENTRE = """
    . . .
    . R .
    . . .
"""
# The eight free pairs of CENTRE that touch the starting territory b2 by an edge.
CENTRE_PAIRS = [("a1", "b1"), ("b1", "c1"), ("a1", "a2"), ("c1", "c2"), ("a2", "a3"),
                ("c2", "c3"), ("a3", "b3"), ("b3", "c3")]


def moves_of(g: qin.Game) -> list[str]:
    return [str(m) for m in g.legal_moves()]


def test_every_orientation_is_listed_once() -> None:
    """Q6/Q7: a mixed tile goes down in 4 orientations (two directions, either colour
    first), a single-coloured tile in 2; every placement is listed exactly once."""
    g = game(CENTRE)
    listed = g.legal_moves()
    assert len(listed) == len(set(listed)) == 8 * 3 + 8 * 3 * 2
    expected = set()
    for a, b in CENTRE_PAIRS:
        for kind in ("RR", "YY", "BB", "RY", "RB", "YB"):
            expected.add(qin.Move.parse(f"{kind[0]}{a}{kind[1]}{b}"))
            expected.add(qin.Move.parse(f"{kind[1]}{a}{kind[0]}{b}"))
    assert set(listed) == expected
    # Around b1 a red/yellow tile has all four orientations: left or right, either colour
    # first (b2 below is the starting territory, so no upright ones through b1).
    around_b1 = {m for m in listed if "b1" in m.squares and m.kind == "RY"}
    assert around_b1 == {qin.Move.parse(t) for t in ("Ra1Yb1", "Ya1Rb1", "Rb1Yc1", "Yb1Rc1")}
    upright = {m for m in listed if set(m.squares) == {"a1", "a2"}}
    assert {m.kind for m in upright} == {"RR", "YY", "BB", "RY", "RB", "YB"}
    assert len(upright) == 9  # 3 single + 3 mixed x 2 colour orders


def test_a_hand_lists_only_its_own_kinds() -> None:
    """Q6: with hands, the player to move places only tiles from their hand."""
    g = game(CENTRE, hands=["RY BB", "RR"])
    assert {m.kind for m in g.legal_moves()} == {"RY", "BB"}
    assert len(g.legal_moves()) == 8 + 8 * 2
    exc = unchanged(g, "Ra1Rb1")
    assert "has no RR tile" in str(exc)


def test_legal_moves_are_deterministic() -> None:
    """The list's order is fixed: equal positions give equal lists, call after call."""
    text = position("""
        . . . . .
        . r1 r . v
        . . . Y .
        . b . . .
    """)
    a, b = qin.Game.from_position(text), qin.Game.from_position(text)
    assert moves_of(a) == moves_of(b) == moves_of(a)
    assert moves_of(qin.Game.from_position(a.to_position())) == moves_of(a)
    assert moves_of(a.clone()) == moves_of(a)


@pytest.mark.parametrize(("move", "words"), [
    ("Rb2Rb1", "b2 is a starting territory"),
    ("Ra2Rb2", "b2 is a starting territory"),
    ("Rc1Rd1", "c1 is water"),
    ("Rb3Rc3", "c3 is a village"),
    ("Rd2Rd3", "d2 is already covered"),
])
def test_tiles_go_on_empty_grassland_only(move: str, words: str) -> None:
    """Q6: never on a starting territory, water, a village or a covered square; the
    message says so and the game is unchanged."""
    g = game("""
        .  .  ~  .
        .  R  .  r
        -  .  v  .
    """)
    exc = unchanged(g, move)
    assert words in str(exc) and "grassland" in str(exc)


@pytest.mark.parametrize(("move", "edge", "on_board"), [
    ("Rb3Ra3", "left", ["b3"]),  # a3 is "-": outside the outline, left of b3
    ("Rd1Re1", "right", ["d1"]),  # e1 is past the grid's last column
    ("Rd3Rd4", "bottom", ["d3"]),
    ("Re1Re2", "right", []),  # both halves past the last column
])
def test_a_tile_off_the_board_is_refused_naming_the_edge_it_sticks_out_over(
        move: str, edge: str, on_board: list[str]) -> None:
    """Q6: both halves lie on the board.  The refusal says which edge the tile would
    stick out over and which of its squares lie on the board, never a square past the
    edge as if it were one of the board's; the message quotes the move."""
    g = game("""
        .  .  ~  .
        .  R  .  r
        -  .  v  .
    """)
    exc = unchanged(g, move)
    assert exc.code == "outside"
    assert exc.params == {"move": move, "edge": edge, "on_board": on_board}
    said = str(exc)
    assert said.startswith(f"{move}: ") and f"over the {edge} edge of the board" in said
    reason = said.removeprefix(f"{move}: ")
    assert "not on the board" not in reason
    for square in qin.Move.parse(move).squares:
        assert square not in reason


def test_a_tile_past_the_top_or_left_edge_is_refused_naming_it() -> None:
    """A tile built from coordinates (the page's ghost tile turned up or left from the
    first row or column) lies past the top or the left edge: the refusal says so.  Such
    a tile has no move text (row 0 or a column left of "a" has no name: its text would
    be "Ra1Ra0" or "Ra2Rz2", which never read back as it), so the refusal quotes none;
    its ``on_board`` names the square on the board."""
    g = game(CENTRE)
    for coords, edge, on_board in ((((0, 0), (0, -1)), "top", ["a1"]),
                                   (((0, 1), (-1, 1)), "left", ["a2"]),
                                   (((-1, 0), (0, 0)), "left", ["a1"])):
        move = qin.Move((0, 0), coords)
        assert not move.written
        refused = g.refusal(move)
        assert refused is not None and refused.code == "outside"
        assert refused.params == {"edge": edge, "on_board": on_board}
        assert f"over the {edge} edge" in qin.messages.refusal_text(refused)
        assert str(refused) == qin.messages.refusal_text(refused)  # no move in front
    assert qin.Move.parse("Rd1Re1").written  # past the right edge, as the player wrote it


def test_halves_must_be_neighbours_on_the_board() -> None:
    """Q6: the two halves lie on two orthogonally adjacent squares of the board."""
    g = game(CENTRE)
    assert "do not share an edge" in str(unchanged(g, "Ra1Yc1"))
    assert "do not share an edge" in str(unchanged(g, "Ra1Yb2"))  # corner to corner
    assert "over the right edge of the board" in str(unchanged(g, "Rc3Yd3"))
    assert "Both halves are on a1" in str(unchanged(g, "Ra1Ya1"))


def test_corners_do_not_count() -> None:
    """Q7: a tile touching a province space only at a corner may not go down."""
    g = game("""
        . . . .
        . R . .
        . . . .
        . . . .
    """)
    exc = unchanged(g, "Rc3Yd3")
    assert "share an edge" in str(exc) and "corners" in str(exc)
    assert all(not {"c3", "d3"} >= set(m.squares) for m in g.legal_moves())
    assert g.why_illegal("Rc3Rc2") is None  # c2 shares an edge with b2


def test_villages_are_not_province_spaces() -> None:
    """Q7/Q4: touching a village is not enough."""
    g = game("""
        . . . . .
        . v . . R
        . . . . .
    """)
    exc = unchanged(g, "Rb3Rc3")
    assert "villages do not count" in str(exc)
    assert all("b3" not in m.squares and "a2" not in m.squares for m in g.legal_moves())


def test_any_colour_counts_for_contact() -> None:
    """Q7: the neighbouring province space may be of any colour, lone or in a province."""
    g = game("""
        . . . .
        . y . .
        . . . .
    """)
    assert g.why_illegal("Ba1Bb1") is None
    assert g.why_illegal("Rc2Bd2") is None


def test_major_absorbs_small_ones_is_listed() -> None:
    """Q13: a major province joined with small ones is a legal placement (no tie can block
    it, here player 1's 2 + 2 against player 2's major of 5), and it is in legal_moves."""
    g = game("""
        .  .  r1 r  .
        r1 r  .  .  .
        .  .  r2 r  r
        .  .  .  r  r
    """)
    assert g.province_at("c3").pagodas == 2  # type: ignore[union-attr]
    assert g.why_illegal("Rc2Yd2") is None
    assert qin.Move.parse("Rc2Yd2") in g.legal_moves()


TIE_BOTH_SIDES = """
    .  .  r1 .  .  .
    .  .  r  .  .  .
    r1 r  .  .  r2 r
    .  .  .  r2 .  .
    .  .  .  r  .  .
"""

MAJORS_BOTH_SIDES = """
    .  r1 r  r  .  .  .  .
    .  .  .  r  .  .  .  r2
    .  .  .  r  .  .  .  r
    r1 r  r  .  .  r  r  r
    .  .  .  .  r2 .  .  .
    .  .  .  .  r  .  .  .
"""


def test_tie_made_only_by_both_halves_together_is_refused() -> None:
    """Q9 (regression): each half of a red tile touches two provinces that it could join
    on its own (player 1's 2+2 on one side, player 2's 2+2 on the other); together they
    tie 4 vs 4, so the placement is illegal and must not be listed."""
    g = game(TIE_BOTH_SIDES)
    assert "Rc3Rd3" not in moves_of(g)
    exc = unchanged(g, "Rc3Rd3")
    assert "4 squares each" in str(exc)
    assert "Rc3Yd3" in moves_of(g) and "Yc3Rd3" in moves_of(g)


def test_two_majors_made_only_by_both_halves_together_is_refused() -> None:
    """Q8 (regression): each half touches one major and one small province (legal alone,
    Q13); together the red tile would join the two majors."""
    g = game(MAJORS_BOTH_SIDES)
    assert "Rd4Re4" not in moves_of(g)
    assert "two major" in str(unchanged(g, "Re4Rd4"))
    assert "Rd4Ye4" in moves_of(g) and "Yd4Re4" in moves_of(g)


@pytest.mark.parametrize("grid", [CENTRE, TIE_BOTH_SIDES, MAJORS_BOTH_SIDES])
def test_listing_agrees_with_the_rules_one_by_one(grid: str) -> None:
    """legal_moves lists exactly the placements that why_illegal accepts (Q6-Q9)."""
    g = game(grid)
    geo = g.board.geo
    accepted = set()
    for lo, hi in geo.pairs:
        for first in "RYB":
            for second in "RYB":
                m = qin.Move.parse(f"{first}{geo.names[lo]}{second}{geo.names[hi]}")
                if g.why_illegal(m) is None:
                    accepted.add(m)
    assert set(g.legal_moves()) == accepted


def test_illegal_move_is_a_value_error_and_changes_nothing() -> None:
    """The contract: IllegalMove is a ValueError; the game is unchanged after it."""
    g = game(CENTRE, hands=["RY", "BB"])
    assert issubclass(qin.IllegalMove, ValueError)
    with pytest.raises(ValueError):
        g.play("Rb1Yb2")
    before = g.to_position()
    for bad in ("Rb1Yb2", "Bb1Bc1", "pass", "Ra1Yc3"):
        unchanged(g, bad)
    assert g.to_position() == before
