"""Passing (Q10), drawing (Q17), the immediate win (Q16), the end when nobody can place
and shared victory (Q18), and the setup numbers (Q2, Q3, Q20)."""

from __future__ import annotations

import pytest

import qin
from qin.tiles import KINDS, full_set
from tests.conftest import game, group, kinds, unchanged, village, with_supply

# -- Q16: the immediate win ----------------------------------------------------------


def test_mover_placing_the_last_pagoda_wins_at_once() -> None:
    """Q16: founding with the last pagoda ends the game; the mover alone wins; nothing is
    drawn, nobody moves on, legal_moves is empty and every move is refused."""
    g = with_supply("""
        . . . .
        . R . .
        . . . .
    """, {1: 1})
    g.pile, g.pile_count = ["RR", "YY"], 2
    events = g.play("Rb1Yc1")
    assert kinds(events) == ["place", "found", "win"]
    assert events[-1].to_dict() == {"kind": "win", "player": 1, "squares": []}
    assert g.is_over and g.winners == (1,) and g.supply(1) == 0
    assert g.legal_moves() == []
    assert g.pile_count == 2 and g.to_move == 1
    assert "over" in str(unchanged(g, "Ra1Ya2"))
    assert g.returns() == [1.0, 0.0]


def test_a_non_mover_whose_major_needs_their_last_pagoda_wins() -> None:
    """Q14 + Q16: player 1 grows player 2's province to 5 spaces; the second pagoda is
    player 2's last, so player 2 wins on player 1's turn; player 1's red half, which would
    have founded a province (e2 after e1 in reading order), is never resolved."""
    g = with_supply("""
        y2 y  y  y  .
        .  .  .  .  .
        .  .  .  .  R
    """, {2: 1})
    events = g.play("Re2Ye1")
    assert kinds(events) == ["place", "expand", "major", "win"]
    assert [e.player for e in events[1:]] == [2, 2, 2]
    assert g.is_over and g.winners == (2,)
    assert g.supply(2) == 0 and g.supply(1) == 24
    assert group(g, "a1")[1:3] == (2, 2)


def test_a_non_mover_taking_a_village_with_the_last_pagoda_wins() -> None:
    """Q15 + Q16: player 1 expands player 2's province next to an empty village; the
    village takes player 2's last pagoda and player 2 wins on player 1's turn."""
    g = with_supply("""
        b2 b  .  v
        .  .  .  .
    """, {2: 1})
    events = g.play("Bc1Yc2")
    assert kinds(events) == ["place", "expand", "village", "win"]
    assert (events[2].player, events[2].squares) == (2, ("d1",))
    assert g.winners == (2,) and village(g, "d1") == 2


def test_conquering_a_village_with_the_last_pagoda_wins() -> None:
    """Q15 + Q16: the old holder's pagoda goes back first, then the conqueror's last one
    goes down and the conqueror wins."""
    g = with_supply("""
        .  .  .  .
        .  .  v2 .
        .  .  .  Y
    """, {1: 2})
    events = g.play("Yc3Yb3")
    assert kinds(events) == ["place", "found", "return", "village", "win"]
    assert g.winners == (1,) and village(g, "c2") == 1
    assert g.supply(2) == 24


def test_returns_come_first_so_getting_pagodas_back_is_no_win() -> None:
    """Q12 + Q16: player 1 has 1 pagoda left and absorbs: the pagoda of player 1's own
    smaller province goes back before the major's second pagoda goes down, so player 1
    ends at 1 again and has not won."""
    g = with_supply("""
        .  .  r1 r  .
        r1 r  .  .  .
        .  .  r2 r  r
    """, {1: 1})
    events = g.play("Rc2Yd2")
    assert kinds(events) == ["place", "absorb", "return", "return", "major"]
    assert not g.is_over and g.to_move == 2
    assert g.supply(1) == 1


def test_position_with_an_empty_supply_is_a_finished_game() -> None:
    """Q16 (spec): a position where a player has exactly 0 pagodas left is won by them."""
    g = with_supply("""
        r1 r  .  .
    """, {1: 0})
    assert g.is_over and g.winners == (1,) and g.legal_moves() == []


# -- Q10: passing ----------------------------------------------------------------------


def test_pass_only_when_nothing_is_legal_and_it_draws_nothing() -> None:
    """Q10: a player with no legal placement passes, and draws nothing; passing is then
    the only legal move."""
    g = game("""
        r1 r . .
        .  . . .
    """, hands=["", "RY"])
    g.pile, g.pile_count = ["BB"], 1
    assert g.legal_moves() == [qin.PASS]
    events = g.play("pass")
    assert kinds(events) == ["pass"] and events[0].player == 1
    assert g.to_move == 2 and g.hand(1) == [] and g.pile_count == 1
    assert g.moves == [qin.PASS]


def test_pass_is_refused_while_a_placement_is_legal() -> None:
    """Q10: passing is legal only when no tile in hand can be placed."""
    g = game("""
        r1 r . .
        .  . . .
    """, hands=["RY", "RY"])
    exc = unchanged(g, "pass")
    assert "pass only when" in str(exc)
    assert qin.PASS not in g.legal_moves()


def test_pass_when_the_only_placements_are_forbidden_joins() -> None:
    """Q9 + Q10: every place for the tiles in hand would make a tied join: pass."""
    g = game("""
        r1 r  .  r2 r
        -  -  .  -  -
    """, hands=["RR", "YY"])
    assert g.legal_moves() == [qin.PASS]
    assert "tie" in str(unchanged(g, "Rc1Rc2"))
    g.play("pass")
    assert g.to_move == 2 and not g.is_over
    assert [str(m) for m in g.legal_moves()] == ["Yc1Yc2"]


# -- Q17: drawing ----------------------------------------------------------------------


def test_mover_draws_one_tile_after_placing() -> None:
    """Q17: after a placement the mover draws one tile (uniformly, from the seeded pile)."""
    g = qin.Game.new(board="bird", players=2, seed=11)
    assert g.pile_count == 72 - 6
    top = g.pile[-1]
    m = g.legal_moves()[0]
    hand = g.hand(1)
    g.play(m)
    hand.remove(m.kind)
    assert sorted(g.hand(1)) == sorted([*hand, top])
    assert g.pile_count == 72 - 7 and len(g.hand(2)) == 3


def test_nothing_to_draw_when_the_piles_are_exhausted() -> None:
    """Q17: with the piles exhausted the player gets by with the tiles in hand."""
    g = game("""
        . . . . .
        . R . . .
    """, hands=["RY BB", "YY"])
    g.play("Ra1Yb1")
    assert g.hand(1) == ["BB"] and g.pile_count == 0


# -- Q18: the end when nobody can place ------------------------------------------------


def test_game_ends_when_the_board_is_full_and_ties_share_the_victory() -> None:
    """Q18: when no player can place, the game ends; the most pagodas on the board win,
    and a tie shares the victory."""
    g = game("""
        r1 r  .  .
    """, to_move=2)
    events = g.play("Yc1Yd1")
    assert kinds(events) == ["place", "found", "end"]
    assert events[-1].to_dict() == {"kind": "end", "player": None, "squares": [],
                                    "winners": [1, 2]}
    assert g.is_over and g.winners == (1, 2) and g.legal_moves() == []
    assert g.returns() == [1.0, 1.0]


def test_most_pagodas_on_the_board_wins_villages_included() -> None:
    """Q18: pagodas on the board count provinces (a double as 2) and villages."""
    g = game("""
        r1 r  .  .  v2
        -  -  -  -  y2
        -  -  -  -  y
    """)
    events = g.play("Rc1Rd1")
    assert kinds(events) == ["place", "expand", "end"]
    assert g.on_board(1) == 1 and g.on_board(2) == 2
    assert g.winners == (2,)


def test_game_ends_when_everyone_is_out_of_tiles() -> None:
    """Q18: every player out of tiles ends the game, free grassland or not."""
    g = game("""
        . . . . .
        . R . . .
        . . . . .
    """, hands=["RY", ""])
    events = g.play("Ya1Rb1")
    assert kinds(events) == ["place", "found", "end"]
    assert g.is_over and g.winners == (1,)


def test_game_ends_when_only_forbidden_joins_are_left() -> None:
    """Q18: no legal placement for anybody (only tied joins) ends the game on loading."""
    g = game("""
        r1 r  .  r2 r
        -  -  .  -  -
    """, hands=["RR", "RR"])
    assert g.is_over and g.winners == (1, 2) and g.legal_moves() == []


def test_game_goes_on_while_another_player_can_place() -> None:
    """Q10/Q18: the player to move passes while someone else can still place."""
    g = game("""
        r1 r  .  r2 r
        -  -  .  -  -
    """, hands=["RR", "YY"])
    assert not g.is_over and g.legal_moves() == [qin.PASS]


# -- Q2, Q3, Q20: setup ----------------------------------------------------------------


@pytest.mark.parametrize(("players", "pagodas"), [(2, 24), (3, 19), (4, 15)])
def test_pagodas_per_player(players: int, pagodas: int) -> None:
    """Q2: 24 / 19 / 15 pagodas each for 2 / 3 / 4 players; 3 tiles each (Q3)."""
    g = qin.Game.new(board="bird", players=players, seed=5)
    assert [g.supply(p) for p in range(1, players + 1)] == [pagodas] * players
    assert [g.hand_size(p) for p in range(1, players + 1)] == [3] * players
    assert g.pile_count == 72 - 3 * players


@pytest.mark.parametrize("players", [0, 1, 5])
def test_two_to_four_players_only(players: int) -> None:
    """Q2: Qin is for 2 to 4 players."""
    with pytest.raises(ValueError, match="2 to 4 players"):
        qin.Game.new(board="bird", players=players, seed=1)


def test_deal_is_reproducible_from_the_seed() -> None:
    """Q3: the same board, players and seed deal the same hands and pile; the 72 tiles
    (Q1: 12 of each kind) are all there."""
    a = qin.Game.new(board="lion", players=3, seed=42)
    b = qin.Game.new(board="lion", players=3, seed=42)
    assert [a.hand(p) for p in (1, 2, 3)] == [b.hand(p) for p in (1, 2, 3)]
    assert a.pile == b.pile
    tiles = sorted(a.pile + [t for p in (1, 2, 3) for t in a.hand(p)])
    assert tiles == sorted(full_set()) and all(tiles.count(k) == 12 for k in KINDS)
    c = qin.Game.new(board="lion", players=3, seed=43)
    assert (c.pile, [c.hand(p) for p in (1, 2, 3)]) != (a.pile, [a.hand(p) for p in (1, 2, 3)])


def test_fair_start_gives_everyone_a_single_coloured_tile() -> None:
    """Q20: with fair_start every opening hand holds an RR, YY or BB tile; the deal is
    still reproducible from the seed."""
    for seed in range(60):
        g = qin.Game.new(board="bird", players=4, seed=seed, fair_start=True)
        for p in range(1, 5):
            assert any(t[0] == t[1] for t in g.hand(p)), (seed, p)
        again = qin.Game.new(board="bird", players=4, seed=seed, fair_start=True)
        assert again.pile == g.pile
    unfair = [qin.Game.new(board="bird", players=4, seed=s) for s in range(60)]
    assert any(not any(t[0] == t[1] for t in g.hand(p))
               for g in unfair for p in range(1, 5))  # the variant does change deals


def test_own_major_with_the_last_pagoda_wins() -> None:
    """Q14 + Q16: the mover's own major province can take the mover's last pagoda."""
    g = with_supply("""
        y1 y  y  y  .  .
        .  .  .  .  .  R
    """, {1: 1, 2: 2})
    events = g.play("Ye1Ye2")
    assert kinds(events) == ["place", "expand", "major", "win"]
    assert g.winners == (1,) and g.supply(2) == 2


@pytest.mark.parametrize("grid", ["grassland", "water", "outline"])
def test_a_board_with_nothing_to_build_on_is_over_on_loading_and_still_drawn(
        grid: str) -> None:
    """Q18: a board with no province space and no village (grassland, water or squares
    outside the outline only) leaves no tile anywhere to go: the game is over on
    loading, nobody has a pagoda, so all share the win; it reads back and is drawn."""
    from qin.render import status_lines
    from qin.svg import render_svg

    row = {"grassland": ". . .", "water": "~ ~ ~", "outline": "- - -"}[grid]
    g = qin.Game.from_position(f"players: 3\n{row}\n{row}\n")
    assert g.is_over and g.winners == (1, 2, 3) and g.legal_moves() == []
    assert [g.supply(p) for p in (1, 2, 3)] == [19, 19, 19]
    assert "share the win" in " ".join(status_lines(g))
    assert qin.Game.from_position(g.to_position()).to_position() == g.to_position()
    drawn = render_svg(g)
    assert drawn.startswith("<svg") and 'class="pagoda ' not in drawn
