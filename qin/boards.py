"""The shipped board sides ("bird", "lion") and custom board files (Q21)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .errors import BoardError, PositionError

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


def check_board_text(board: str, text: str) -> None:
    """Raise ``BoardError`` when a board file is not a valid position."""
    from .position import parse_position

    try:
        parse_position(text)
    except PositionError as exc:
        raise BoardError(f"the board file '{board}' is not a valid position: {exc}") from None
