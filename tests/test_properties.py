"""Properties over many seeded random games (hypothesis): conservation of pagodas (Q2),
one owner per province and doubles on majors (Q5, Q14), village majorities (Q15),
positions that round-trip (spec), legal moves that agree with the rules one by one
(Q6-Q10), reproducible games (Q3) and exact undo."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

import qin
from qin import villages
from qin.moves import Move
from qin.tiles import KINDS, PAGODAS
from tests.conftest import pagodas_in_play

SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
BOARDS = st.sampled_from(["bird", "lion"])
PLAYERS = st.sampled_from([2, 3, 4])


def random_game(board: str, players: int, seed: int) -> Iterator[tuple[qin.Game, Move]]:
    """Play a seeded random game; yields (game before the move, the move) every ply."""
    g = qin.Game.new(board=board, players=players, seed=seed)
    rng = random.Random(seed ^ 0x5EED)
    while not g.is_over:
        m = rng.choice(g.legal_moves())
        yield g, m
        g.play(m)
    yield g, qin.PASS


def placements(g: qin.Game, kinds: object = None) -> Iterator[Move]:
    """Every placement on the grid, of the given kinds (all six by default), each
    orientation: the brute-force universe the listing is checked against."""
    geo = g.board.geo
    wanted = set(KINDS if kinds is None else kinds)  # type: ignore[call-overload]
    for lo, hi in geo.pairs:
        a = (lo % geo.width, lo // geo.width)
        b = (hi % geo.width, hi // geo.width)
        for ca in range(3):
            for cb in range(3):
                m = Move((ca, cb), (a, b))
                if m.kind in wanted:
                    yield m


def check_board(g: qin.Game, village_majorities: bool = True) -> None:
    """Q2, Q5, Q14, Q15 on the engine's incremental state.  The village check holds for
    games dealt by Game.new (a written position may hold any village)."""
    start = PAGODAS[g.players]
    assert pagodas_in_play(g) == [start] * g.players
    if won(g):  # Q16: the placement stopped half-way; the board need not be consistent
        assert [g.supply(p) for p in g.winners] == [0]
        return
    board = g.board
    seen: set[int] = set()
    for gid, grp in board.groups.items():
        assert all(board.gid[s] == gid and board.colour[s] == grp.colour for s in grp.squares)
        assert not seen & set(grp.squares)
        seen |= set(grp.squares)
        if grp.size < 2:
            assert (grp.owner, grp.pagodas) == (0, 0)
        else:
            assert 1 <= grp.owner <= g.players
            assert grp.pagodas == (2 if grp.size >= 5 else 1)
    assert seen == {s for s, c in enumerate(board.colour) if c >= 0}
    for v in board.layout.villages if village_majorities else ():  # Q15
        lead = villages.leader(villages.tally(board, v))
        assert lead == 0 or board.village_owner[v] == lead


def won(g: qin.Game) -> bool:
    """The game ended by Q16 (a player placed their last pagoda)."""
    return g.is_over and any(g.supply(p) == 0 for p in range(1, g.players + 1))


def check_round_trip(g: qin.Game) -> None:
    if won(g):  # spec: a board left half-way by Q16 need not load again
        return
    text = g.to_position()
    again = qin.Game.from_position(text)
    assert again.to_position() == text
    assert again.legal_moves() == g.legal_moves()
    assert [again.supply(p) for p in range(1, g.players + 1)] == [
        g.supply(p) for p in range(1, g.players + 1)]
    assert again.is_over == g.is_over


@settings(max_examples=30, deadline=None)
@given(board=BOARDS, players=PLAYERS, seed=SEEDS)
def test_invariants_hold_every_ply(board: str, players: int, seed: int) -> None:
    """Q2: pagodas on the board + supply == the starting count; Q5/Q14: every province
    has one owner and majors (5+) carry a double; Q15: villages follow majorities;
    spec: every position round-trips (same text, same legal moves)."""
    for g, _ in random_game(board, players, seed):
        check_board(g)
        check_round_trip(g)
    assert g.is_over and g.winners and g.legal_moves() == []


@settings(max_examples=20, deadline=None)
@given(board=BOARDS, players=PLAYERS, seed=SEEDS, probe=st.randoms(use_true_random=False))
def test_listed_moves_play_and_unlisted_ones_are_refused(board: str, players: int, seed: int,
                                                         probe: random.Random) -> None:
    """Q6-Q10: every listed move is legal (why_illegal is None), each listed once; random
    placements that are not listed are refused with IllegalMove and change nothing;
    pass is listed only when no placement of the hand is legal."""
    for g, _ in random_game(board, players, seed):
        if g.is_over:
            break
        listed = g.legal_moves()
        assert len(set(listed)) == len(listed)
        hand = g.hand(g.to_move)
        if listed == [qin.PASS]:
            assert all(g.why_illegal(m) for m in placements(g, hand))
            continue
        assert qin.PASS not in listed
        assert all(m.kind in hand for m in listed)
        for m in probe.sample(listed, min(8, len(listed))):
            assert g.why_illegal(m) is None
        listed_set = set(listed)
        geo = g.board.geo
        before = g.to_position()
        for _ in range(12):
            lo, hi = geo.pairs[probe.randrange(len(geo.pairs))]
            m = Move((probe.randrange(3), probe.randrange(3)),
                     ((lo % geo.width, lo // geo.width), (hi % geo.width, hi // geo.width)))
            if m in listed_set:
                continue
            assert g.why_illegal(m) is not None
            try:
                g.play(m)
            except qin.IllegalMove:
                pass
            else:
                raise AssertionError(f"{m} is not listed but was played")
            assert g.to_position() == before


@settings(max_examples=20, deadline=None)
@given(board=BOARDS, players=PLAYERS, seed=SEEDS, cut=st.integers(min_value=1, max_value=80))
def test_replay_from_seed_and_moves_and_undo(board: str, players: int, seed: int,
                                             cut: int) -> None:
    """Q3: a game replayed from (board, players, seed, moves) reaches the same position,
    hands and pile; undo returns the position before the last move."""
    positions = []
    for g, _ in random_game(board, players, seed):
        positions.append(g.to_position())
    final = g
    replay = qin.Game.new(board=board, players=players, seed=seed)
    for m in final.moves:
        replay.play(str(m))
    assert replay.to_position() == final.to_position()
    assert replay.pile == final.pile and replay.winners == final.winners
    back = min(cut, len(final.moves))
    for _ in range(back):
        final.undo()
        assert final.to_position() == positions[len(final.moves)]
    assert not final.is_over or back == 0


def mark_provinces(grid: list[list[str]], owner: Callable[[], int]) -> None:
    """Put one owner mark (``owner()``) on each province of the grid (2+ orthogonally
    connected squares of one colour, Q5), on its first square in reading order."""
    height, width = len(grid), len(grid[0])
    seen: set[tuple[int, int]] = set()
    for y in range(height):
        for x in range(width):
            if grid[y][x].lower() not in "ryb" or (x, y) in seen:
                continue
            colour, todo, cells = grid[y][x].lower(), [(x, y)], 0
            seen.add((x, y))
            while todo:
                cx, cy = todo.pop()
                cells += 1
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if (0 <= nx < width and 0 <= ny < height and (nx, ny) not in seen
                            and grid[ny][nx].lower() == colour):
                        seen.add((nx, ny))
                        todo.append((nx, ny))
            if cells >= 2:
                grid[y][x] += str(owner())


def random_small_position(rng: random.Random) -> str:
    """A small random board crowded with provinces of random owners, lone halves,
    starting territories, villages, water and outside squares: analysis-mode play on it
    makes many joins, ties and majors in little space."""
    width, height = rng.randint(4, 8), rng.randint(4, 8)
    players = rng.choice((2, 3, 4))
    free = rng.uniform(0.3, 0.6)
    grid: list[list[str]] = []
    for _ in range(height):
        row = []
        for _ in range(width):
            r = rng.random()
            row.append("." if r < free else "v" if r < free + 0.05
                       else "~" if r < free + 0.07 else "-" if r < free + 0.08
                       else rng.choice("RYB") if r < free + 0.1 else rng.choice("ryb"))
        grid.append(row)
    mark_provinces(grid, lambda: rng.randint(1, players))
    for row in grid:
        for i, token in enumerate(row):
            if token == "v" and rng.random() < 0.5:
                row[i] = f"v{rng.randint(1, players)}"
    return f"players: {players}\n" + "\n".join(" ".join(r) for r in grid) + "\n"


@settings(max_examples=60, deadline=None)
@given(rng=st.randoms(use_true_random=False))
def test_listing_equals_the_rules_on_crowded_small_boards(rng: random.Random) -> None:
    """Q6-Q9, Q13: in analysis-mode games on small crowded boards, legal_moves is exactly
    the set of placements that why_illegal accepts, at every ply; the board invariants
    and the round trip hold throughout."""
    g = qin.Game.from_position(random_small_position(rng))
    while not g.is_over:
        accepted = {m for m in placements(g) if g.why_illegal(m) is None}
        listed = g.legal_moves()
        if accepted:
            assert set(listed) == accepted and len(listed) == len(accepted)
        else:
            assert listed == [qin.PASS]
        check_board(g, village_majorities=False)
        check_round_trip(g)
        g.play(rng.choice(listed))


ARMS = (((-1, 0), (4, 5)), ((0, -1), (5, 4)), ((0, 1), (5, 6)),
        ((0, -1), (6, 4)), ((0, 1), (6, 6)), ((1, 0), (7, 5)))
"""The six squares next to the pair f6-g6 of an 12 x 11 grid, each with the direction
in which a straight red arm grows away from the pair from there."""


@settings(max_examples=300, deadline=None)
@given(lengths=st.lists(st.integers(min_value=0, max_value=5), min_size=6, max_size=6),
       owners=st.lists(st.integers(min_value=1, max_value=3), min_size=6, max_size=6),
       players=st.sampled_from([2, 3]), hand=st.sampled_from(["RR", "RY", "RR YB"]))
def test_any_provinces_around_a_pair(lengths: list[int], owners: list[int], players: int,
                                     hand: str) -> None:
    """Q8, Q9, Q12, Q13: whatever red provinces (lone spaces, small ones, majors, of any
    owners) surround a free pair, the listed placements of the hand are exactly those
    that the rules accept one by one.  (This found a bug: two halves that each touched
    two provinces could together make a tie or join two majors, and were listed.)"""
    grid = [["." for _ in range(12)] for _ in range(11)]
    for ((dx, dy), (x, y)), length in zip(ARMS, lengths, strict=True):
        for i in range(length):
            grid[y + dy * i][x + dx * i] = "r"
    marks = iter(owners * 3)
    mark_provinces(grid, lambda: min(next(marks), players))
    hands = "".join(f"hand-{p}: {hand}\n" for p in range(1, players + 1))
    g = qin.Game.from_position(f"players: {players}\n{hands}"
                               + "\n".join(" ".join(row) for row in grid) + "\n")
    if g.is_over:
        return
    accepted = {m for m in placements(g, g.hand(1)) if g.why_illegal(m) is None}
    listed = g.legal_moves()
    assert set(listed) == (accepted or {qin.PASS}) and len(listed) == len(set(listed))
