"""The shipped board sides ("bird", "lion") and custom layouts given inline (Q21).

A board is named (a file in ``boards/``, shipped with the engine) or given as its layout:
position text, which always holds a line break.  A board is never a file path: a game
record names its board, and a record from anywhere must not make the engine read
``/proc/self/environ`` or ``/dev/zero``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from .board import Layout
from .errors import BoardError, PositionError
from .inputs import quote, text_problem
from .position import parse_position

NAMES = ("bird", "lion")


def _board_dirs() -> list[Path]:
    here = Path(__file__).resolve().parent
    return [here / "boards", here.parent / "boards"]  # in the wheel; in a source checkout


def board_names() -> list[str]:
    """The names of the shipped boards."""
    return list(NAMES)


def is_inline(board: str) -> bool:
    """True when ``board`` is a layout (position text) rather than a board's name."""
    return "\n" in board


@lru_cache(maxsize=32)
def board_text(board: str) -> str:
    """The position text of a named board, or an inline layout itself."""
    if not isinstance(board, str):
        raise BoardError(f"a board is a name ({', '.join(NAMES)}) or a layout, not "
                         f"{quote(board)}")
    if board in NAMES:
        for folder in _board_dirs():
            path = folder / f"{board}.txt"
            if path.is_file():
                return path.read_text(encoding="utf-8")
        raise BoardError(f"the board file for '{board}' is missing from this installation")
    if is_inline(board):
        too_large = text_problem(board, "board layout")
        if too_large:
            raise BoardError(too_large)
        return board
    raise BoardError(f"unknown board {quote(board)} (the boards are: {', '.join(NAMES)}; "
                     "or give the layout itself as position text)")


def layout_text(name: str | None, terrain: tuple[int, ...], width: int,
                start_colours: dict[int, int]) -> str:
    """The inline layout (position text) of a board: its ``board:`` name, then the grid
    of grassland, water, villages, no-squares and starting territories."""
    from .board import OUT, START, VILLAGE, WATER
    from .tiles import COLOURS

    lines = [f"board: {name}"] if name else []
    for at in range(0, len(terrain), width):
        tokens = []
        for s in range(at, at + width):
            t = terrain[s]
            tokens.append(COLOURS[start_colours[s]] if t == START else
                          {WATER: "~", OUT: "-", VILLAGE: "v"}.get(t, "."))
        lines.append(" ".join(tokens))
    return "\n".join(lines) + "\n"


class BoardSide(NamedTuple):
    """What a board side prints, parsed: its layout, the colours of its starting
    territories (per square, -1 elsewhere) and its display name."""

    layout: Layout
    colours: tuple[int, ...]
    name: str


@lru_cache(maxsize=32)
def layout(board: str) -> BoardSide:
    """The board side ``board`` (a shipped board's name or an inline layout), parsed
    once; raises ``BoardError`` when it cannot be found or is not a valid position.  An
    inline layout's name is its ``board:`` header, or ``""``."""
    text = board_text(board)
    inline = is_inline(board)
    try:
        setup = parse_position(text, name="" if inline else board)
    except PositionError as exc:
        what = "layout" if inline else quote(board)
        error = BoardError(f"the board {what} is not a valid position: {exc}")
        error.position = exc.to_dict()
        raise error from None
    return BoardSide(setup.board.layout, tuple(setup.board.colour),
                     setup.board_name or ("" if inline else board))


def check_board_text(board: str, text: str) -> None:
    """Raise ``BoardError`` when a board file is not a valid position."""
    try:
        parse_position(text)
    except PositionError as exc:
        raise BoardError(f"the board {quote(board)} is not a valid position: {exc}") from None
