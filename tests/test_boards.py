"""The shipped board files boards/bird.txt and boards/lion.txt (decision Q21).

Q21: both published sides are 13 x 13 with one printed starting territory of
each colour near the middle; Bird has grassland and villages only, Lion adds
water and has more villages; the shipped layouts are reconstructions kept as
data files in boards/. These tests read the files with a small reader of
their own (not the engine) and check those facts plus the playability rules
the reconstructions were designed to: no free village at the start, no
grassland square that could never be filled, one connected grassland.
"""

from __future__ import annotations

from pathlib import Path

import pytest

BOARDS_DIR = Path(__file__).resolve().parent.parent / "boards"
NAMES = ("bird", "lion")
SIZE = 13
TOKENS = {".", "~", "v", "R", "Y", "B"}
STARTS = ("R", "Y", "B")

Square = tuple[int, int]  # (row, column), both 0-based


def read_board(name: str) -> tuple[dict[str, str], list[list[str]]]:
    """Headers and grid of boards/<name>.txt, following spec/notation.md."""
    headers: dict[str, str] = {}
    grid: list[list[str]] = []
    for line in (BOARDS_DIR / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        key, sep, value = stripped.partition(":")
        if sep and not grid and " " not in key:
            headers[key.strip()] = value.strip()
            continue
        grid.append(stripped.split())
    return headers, grid


def squares(grid: list[list[str]], token: str) -> list[Square]:
    return [(r, c) for r, row in enumerate(grid) for c, t in enumerate(row) if t == token]


def neighbours(sq: Square) -> list[Square]:
    r, c = sq
    cand = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    return [(rr, cc) for rr, cc in cand if 0 <= rr < SIZE and 0 <= cc < SIZE]


def name_of(sq: Square) -> str:
    return f"{'abcdefghijklm'[sq[1]]}{sq[0] + 1}"


Board = tuple[str, dict[str, str], list[list[str]]]
"""A board fixture's value: its name, its header lines and its grid of tokens."""


@pytest.fixture(params=NAMES)
def board(request: pytest.FixtureRequest) -> Board:
    headers, grid = read_board(request.param)
    return request.param, headers, grid


def test_header_names_the_board(board: Board) -> None:
    """Q21: each side is a data file; its `board:` header names the file, and it
    holds no players/to-move/hand lines (the engine adds the players)."""
    name, headers, _ = board
    assert headers == {"board": name}


def test_13_by_13_with_allowed_tokens(board: Board) -> None:
    """Q21: both sides are 13 x 13, every square grassland, water, village or a
    printed starting territory."""
    _, _, grid = board
    assert len(grid) == SIZE
    for row in grid:
        assert len(row) == SIZE
        assert set(row) <= TOKENS, set(row) - TOKENS


def test_one_start_of_each_colour_near_the_middle(board: Board) -> None:
    """Q21: exactly one printed starting territory of each colour, near the
    middle (within the central 5 x 5: rows and columns 5..9)."""
    _, _, grid = board
    for colour in STARTS:
        found = squares(grid, colour)
        assert len(found) == 1, (colour, found)
        r, c = found[0]
        assert 4 <= r <= 8 and 4 <= c <= 8, (colour, name_of(found[0]))


def test_bird_has_no_water_and_lion_has_some() -> None:
    """Q21: Bird has grassland and villages only; Lion adds water."""
    assert squares(read_board("bird")[1], "~") == []
    assert squares(read_board("lion")[1], "~")


def test_lion_has_more_villages_than_bird() -> None:
    """Q21: Lion has more villages than Bird (boards-facts.md: Bird about 12)."""
    bird = len(squares(read_board("bird")[1], "v"))
    lion = len(squares(read_board("lion")[1], "v"))
    assert 10 <= bird < lion


def test_bird_starts_in_one_column_two_apart() -> None:
    """Q21 / boards-facts.md: on Bird the three starting territories stand in one
    column, two squares apart: blue, then yellow, then red going down."""
    grid = read_board("bird")[1]
    (b,), (y,), (r,) = (squares(grid, c) for c in ("B", "Y", "R"))
    assert b[1] == y[1] == r[1]
    assert y[0] - b[0] == 2 and r[0] - y[0] == 2


def test_lion_starts_differ_from_bird() -> None:
    """Q21: Lion's starting territories stand elsewhere than Bird's."""
    bird, lion = read_board("bird")[1], read_board("lion")[1]
    assert {c: squares(bird, c) for c in STARTS} != {c: squares(lion, c) for c in STARTS}


def test_no_village_next_to_a_starting_territory(board: Board) -> None:
    """Q21 reconstruction rule: no village shares an edge with a printed starting
    territory, so nobody gets a village for free at the start."""
    _, _, grid = board
    for v in squares(grid, "v"):
        bad = [name_of(n) for n in neighbours(v) if grid[n[0]][n[1]] in STARTS]
        assert not bad, (name_of(v), bad)


def test_no_two_villages_share_an_edge(board: Board) -> None:
    """Q21 reconstruction rule (boards/README.md): no two villages share an edge (the
    closest stand two squares apart), and each can be reached from grassland."""
    _, _, grid = board
    for v in squares(grid, "v"):
        around = [grid[r][c] for r, c in neighbours(v)]
        assert around.count("v") == 0, name_of(v)
        assert "." in around, name_of(v)


def test_every_grassland_square_has_a_grassland_neighbour(board: Board) -> None:
    """Q21 reconstruction rule: a tile covers two adjacent grassland squares, so
    every grassland square needs a grassland neighbour or it could never be
    filled."""
    _, _, grid = board
    for g in squares(grid, "."):
        assert any(grid[r][c] == "." for r, c in neighbours(g)), name_of(g)


def test_grassland_is_one_region(board: Board) -> None:
    """Q21 reconstruction rule: water and villages never cut the grassland apart;
    it is one orthogonally connected region."""
    _, _, grid = board
    grass = set(squares(grid, "."))
    start = next(iter(grass))
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in grass and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == grass, sorted(name_of(s) for s in grass - seen)
