"""Square names and neighbourhoods of a rectangular grid (columns a.., rows 1.. from the top)."""

from __future__ import annotations

from functools import lru_cache

LETTERS = "abcdefghijklmnopqrstuvwxyz"
MAX_SIZE = 26


def square_name(col: int, row: int) -> str:
    """``square_name(2, 3) == "c4"`` (0-based column and row)."""
    return f"{LETTERS[col]}{row + 1}"


class Geometry:
    """Everything about a ``width`` x ``height`` grid that never changes during a game.

    Squares are indices ``row * width + col`` in reading order.  Each orthogonally
    adjacent pair of squares has a *pair index*; ``pairs[p] == (lo, hi)`` with ``lo < hi``.
    """

    __slots__ = ("width", "height", "size", "names", "neighbours", "pairs", "adjacent_pairs")

    def __init__(self, width: int, height: int) -> None:
        if not (1 <= width <= MAX_SIZE and 1 <= height <= 99):
            raise ValueError(f"a board is 1 to {MAX_SIZE} columns wide, not {width}x{height}")
        self.width = width
        self.height = height
        self.size = width * height
        self.names: tuple[str, ...] = tuple(
            square_name(i % width, i // width) for i in range(self.size)
        )
        neighbours: list[tuple[int, ...]] = []
        for i in range(self.size):
            col, row = i % width, i // width
            around = []
            if row > 0:
                around.append(i - width)
            if col > 0:
                around.append(i - 1)
            if col < width - 1:
                around.append(i + 1)
            if row < height - 1:
                around.append(i + width)
            neighbours.append(tuple(around))
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(neighbours)
        pairs: list[tuple[int, int]] = []
        adjacent: list[list[tuple[int, int]]] = [[] for _ in range(self.size)]
        for lo in range(self.size):
            for hi in self.neighbours[lo]:
                if hi > lo:
                    adjacent[lo].append((hi, len(pairs)))
                    adjacent[hi].append((lo, len(pairs)))
                    pairs.append((lo, hi))
        self.pairs: tuple[tuple[int, int], ...] = tuple(pairs)
        # adjacent_pairs[s] lists (neighbour, pair index) in a fixed order.
        self.adjacent_pairs: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple(sorted(a)) for a in adjacent
        )

    def index(self, col: int, row: int) -> int:
        """The square index of a 0-based (column, row), or -1 when off the grid."""
        if 0 <= col < self.width and 0 <= row < self.height:
            return row * self.width + col
        return -1


@lru_cache(maxsize=16)
def geometry(width: int, height: int) -> Geometry:
    """The shared ``Geometry`` of a grid size."""
    return Geometry(width, height)
