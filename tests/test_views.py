"""Copies, take-backs, previews and what each player may see (Q3: hands are hidden from
the others, the draw piles are face down)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import qin
from qin.tiles import full_set
from tests.conftest import game, kinds


def played_game(seed: int = 4, plies: int = 10, players: int = 2,
                board: str = "bird") -> qin.Game:
    g = qin.Game.new(board=board, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        g.play(rng.choice(g.legal_moves()))
    return g


def state(g: qin.Game) -> tuple[object, ...]:
    """Everything a game holds that play can change (hands and pile included)."""
    hands = None if g.hands is None else [None if h is None else list(h) for h in g.hands]
    return (g.to_position(), hands, list(g.pile), g.pile_count, list(g.moves), g.to_move,
            g.is_over, g.winners, [g.supply(p) for p in range(1, g.players + 1)])


def public(view: qin.Game) -> dict[str, object]:
    """Every attribute of a view, the board as its text: two views with equal ``public``
    cannot be told apart by any code that holds them."""
    out: dict[str, object] = {}
    for slot in qin.Game.__slots__:
        value = getattr(view, slot)
        if slot == "board":
            value = (view.to_position(), list(view.board.supply))
        elif slot == "_legal":
            continue  # a cache: compared below through legal_moves()
        out[slot] = value
    out["legal"] = [str(m) for m in view.legal_moves()]
    out["unseen"] = view.unseen()
    return out


# -- clone -----------------------------------------------------------------------------


def test_clone_is_independent() -> None:
    g = played_game()
    before = state(g)
    c = g.clone()
    assert state(c) == before
    while not c.is_over:
        c.play(c.legal_moves()[0])
    assert state(g) == before


def test_clone_plays_on_exactly_like_the_original() -> None:
    g = played_game(seed=8)
    c = g.clone()
    for _ in range(6):
        m = g.legal_moves()[-1]
        assert g.play(m) == c.play(m)
        assert state(g) == state(c)


# -- undo ------------------------------------------------------------------------------


def test_undo_returns_the_previous_position_exactly() -> None:
    """undo takes back the last move: position, hands, pile and supplies as before."""
    g = qin.Game.new(board="lion", players=3, seed=21)
    rng = random.Random(2)
    history = [state(g)]
    while not g.is_over and len(history) < 30:
        g.play(rng.choice(g.legal_moves()))
        history.append(state(g))
    played = list(g.moves)
    while g.moves:
        history.pop()
        assert g.undo() == played.pop()
        assert state(g) == history[-1]
    with pytest.raises(qin.IllegalMove, match="no move to undo"):
        g.undo()


def test_undo_reopens_a_won_game() -> None:
    """undo after a Q16 win gives the position before the winning move."""
    from tests.conftest import with_supply

    g = with_supply("""
        . . .
        . R .
    """, {1: 1})
    before = state(g)
    g.play("Rb1Yc1")
    assert g.is_over
    assert str(g.undo()) == "Rb1Yc1"
    assert state(g) == before and not g.is_over and g.winners == ()


def test_undo_of_a_pass() -> None:
    g = game("""
        r1 r . .
        .  . . .
    """, hands=["", "RY"])
    before = state(g)
    g.play("pass")
    assert g.undo() == qin.PASS
    assert state(g) == before


# -- preview ---------------------------------------------------------------------------


def test_preview_tells_the_events_and_changes_nothing() -> None:
    """preview gives the events a move would cause (the same as playing it, up to the
    draw it does not make) and leaves the game as it was."""
    g = played_game(seed=5, plies=12)
    before = state(g)
    for m in g.legal_moves():
        shown = g.preview(m)
        assert state(g) == before
        real = g.clone().play(m)
        assert [e for e in shown if e.kind != "end"] == [e for e in real if e.kind != "end"]
        assert shown[0].kind == "place"


def test_preview_of_an_illegal_move_raises_like_play() -> None:
    g = game("""
        r1 r  .  r2 r
        .  .  .  .  .
    """)
    with pytest.raises(qin.IllegalMove, match="tie"):
        g.preview("Rc1Yc2")
    assert kinds(g.preview("Yc1Rc2")) == ["place"]


# -- per-player views --------------------------------------------------------------------


def test_view_hides_other_hands_and_the_pile() -> None:
    """Q3: a player sees their own hand, the others' hand sizes, and no pile order."""
    g = played_game(seed=6, plies=7, players=3)
    v = g.view(2)
    assert v.hand(2) == g.hand(2)
    for p in (1, 3):
        with pytest.raises(qin.HiddenInformation):
            v.hand(p)
        assert v.hand_size(p) == g.hand_size(p)
    assert v.pile == [] and v.pile_count == g.pile_count
    assert v.seed is None  # the seed deals every hand (Q3): it would give them away
    assert v.board.supply == g.board.supply
    assert g.hand(1) and g.pile  # the full game is untouched


def test_views_of_games_differing_only_in_an_opponents_hand_are_equal() -> None:
    """A player's view is the same whatever the opponent holds: swap a tile of player 2's
    hand with one of the pile; player 1's views of the two games are indistinguishable,
    with equal legal_moves for player 1 (to move) and the same look-ahead."""
    g = played_game(seed=3, plies=6)
    h = g.clone()
    assert h.hands is not None and h.hands[1] is not None
    k = next(i for i, t in enumerate(h.pile) if t not in h.hands[1])
    h.hands[1][0], h.pile[k] = h.pile[k], h.hands[1][0]
    assert g.hand(2) != h.hand(2)
    assert g.to_move == 1
    a, b = g.view(1), h.view(1)
    assert public(a) == public(b)
    assert a.legal_moves() == b.legal_moves() == g.legal_moves()
    m = a.legal_moves()[0]
    assert a.play(m) == b.play(m)
    assert public(a) == public(b)  # the opponent's turn, seen from player 1
    assert a.legal_moves() == b.legal_moves()


def test_views_of_different_deals_with_the_same_own_hand_are_equal() -> None:
    """Q3: two deals (different seeds) that give player 1 the same hand look the same to
    player 1: nothing in the view (not the seed, not the pile) tells them apart."""
    first = qin.Game.new(board="bird", players=2, seed=0)
    seed = next(s for s in range(1, 500)
                if qin.Game.new(board="bird", players=2, seed=s).hand(1) == first.hand(1))
    other = qin.Game.new(board="bird", players=2, seed=seed)
    assert (other.hand(2), other.pile) != (first.hand(2), first.pile)
    assert public(first.view(1)) == public(other.view(1))


def test_view_of_the_seat_to_move_lists_the_real_moves() -> None:
    g = played_game(seed=10, plies=5, players=4)
    seat = g.to_move
    assert g.view(seat).legal_moves() == g.legal_moves()


def test_view_assumes_hidden_players_may_hold_any_unseen_kind() -> None:
    g = played_game(seed=12, plies=3)
    v = g.view(g.to_move % 2 + 1)  # the player not to move
    unseen_kinds = set(v.unseen())
    assert {m.kind for m in v.legal_moves()} <= unseen_kinds
    assert set(v.unseen().elements()) <= set(full_set())


# -- sample ----------------------------------------------------------------------------


def test_sample_gives_consistent_full_games() -> None:
    """sample(rng) deals the unseen tiles to the hidden hands and the pile: the seat's
    hand, the board, hand sizes and pile size are kept; all 72 tiles are accounted for;
    the sample plays on to a finished game."""
    g = played_game(seed=14, plies=9, players=3)
    v = g.view(1)
    for i in range(5):
        s = v.sample(random.Random(i))
        assert s.seat == 0 and s.to_position().split("hand-")[0] == g.to_position().split(
            "hand-")[0]
        assert s.hand(1) == g.hand(1)
        assert [s.hand_size(p) for p in (1, 2, 3)] == [g.hand_size(p) for p in (1, 2, 3)]
        assert s.pile_count == len(s.pile) == g.pile_count
        tiles = Counter(s.played) + Counter(s.pile)
        for p in (1, 2, 3):
            tiles.update(s.hand(p))
        assert tiles == Counter(full_set())
        assert s.legal_moves() == g.legal_moves() or g.to_move != 1
        rng = random.Random(i)
        while not s.is_over:
            s.play(rng.choice(s.legal_moves()))
    hands = {tuple(v.sample(random.Random(i)).hand(2)) for i in range(20)}
    assert len(hands) > 1  # really random
    assert state(g.sample(random.Random(0))) == state(g)  # a full game samples itself


def test_view_plays_on_for_look_ahead_with_every_listed_move() -> None:
    """A view can be played on (look-ahead): for a hidden player every listed move plays
    (they may hold any unseen kind); the full game is untouched; a kind none of which is
    left unseen is refused."""
    g = played_game(seed=15, plies=4)
    before = state(g)
    v = g.view(g.to_move)
    rng = random.Random(3)
    plies = 0
    while not v.is_over and plies < 40:
        listed = v.legal_moves()
        for m in rng.sample(listed, min(5, len(listed))):
            v.clone().play(m)
        v.play(rng.choice(listed))
        plies += 1
    assert plies > 4 and state(g) == before
    w = g.view(g.to_move % 2 + 1)  # the player to move is hidden in it
    rr = next(m for m in w.legal_moves() if m.kind == "RR")
    w.played.extend(["RR"] * w.unseen()["RR"])  # as if every RR tile had been seen
    with pytest.raises(qin.IllegalMove, match="cannot hold a RR tile"):
        w.play(rr)
