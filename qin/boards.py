"""The shipped board sides ("bird", "lion") and custom board files (Q21)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from .board import Layout
from .errors import BoardError, PositionError
from .position import parse_position

NAMES = ("bird", "lion")


def _board_dirs() -> list[Path]:
    here = Path(__file__).resolve().parent
    return [here / "boards", here.parent / "boards"]  # in the wheel; in a source checkout


def board_names() -> list[str]:
    """The names of the shipped boards."""
    return list(NAMES)


@lru_cache(maxsize=32)
def board_text(board: str) -> str:
    """The position text of a named board, or of a board file given by path."""
    if board in NAMES:
        for folder in _board_dirs():
            path = folder / f"{board}.txt"
            if path.is_file():
                return path.read_text(encoding="utf-8")
        raise BoardError(f"the board file for '{board}' is missing from this installation")
    if "/" in board or "\\" in board or board.endswith(".txt"):
        path = Path(board)
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise BoardError(f"cannot read the board file '{board}': {exc}") from None
    raise BoardError(f"unknown board '{board}' (the boards are: {', '.join(NAMES)}; "
                     "or give the path of a board file)")


class BoardSide(NamedTuple):
    """What a board side prints, parsed: its layout, the colours of its starting
    territories (per square, -1 elsewhere) and its display name."""

    layout: Layout
    colours: tuple[int, ...]
    name: str


@lru_cache(maxsize=32)
def layout(board: str) -> BoardSide:
    """The board side ``board`` (a shipped board's name or a board file's path), parsed
    once; raises ``BoardError`` when it cannot be found or is not a valid position."""
    text = board_text(board)
    try:
        setup = parse_position(text, name=board)
    except PositionError as exc:
        raise BoardError(f"the board '{board}' is not a valid position: {exc}") from None
    return BoardSide(setup.board.layout, tuple(setup.board.colour), setup.board_name or board)


def check_board_text(board: str, text: str) -> None:
    """Raise ``BoardError`` when a board file is not a valid position."""
    try:
        parse_position(text)
    except PositionError as exc:
        raise BoardError(f"the board file '{board}' is not a valid position: {exc}") from None
