"""Moves: small immutable values whose text form round-trips (``Rc4Yd4``, ``pass``)."""

from __future__ import annotations

import re
from typing import Final

from .errors import MoveError
from .geometry import LETTERS
from .inputs import quote
from .tiles import COLOURS, kind_of

_HALF = r"([RYB])([a-z])([0-9]{1,2})"  # ASCII digits only: \d would read "٣"
_MOVE_RE: Final = re.compile(rf"^{_HALF}\s*{_HALF}$")
_SQUARE_RE: Final = re.compile(r"^([a-z])([0-9]{1,2})$")
MOST_ROWS: Final = 99
"""The rows a square's text can name (one or two digits)."""


def parse_square(text: str) -> tuple[int, int]:
    """``"c4"`` -> ``(2, 3)``, 0-based (column, row); raises ``MoveError``."""
    m = _SQUARE_RE.match(text.strip()) if isinstance(text, str) else None
    if not m or int(m.group(2)) < 1:
        raise MoveError(f"{quote(text)} is not a square (a letter and a row number, like c4)")
    return LETTERS.index(m.group(1)), int(m.group(2)) - 1


class Move:
    """A placement (two halves, each a colour and a square) or a pass.

    ``Move.parse("Rc4Yd4")``; ``str(move)`` gives the text back.  A placement and the
    same placement written the other way round (``Yd4Rc4``) are equal and hash alike.
    """

    __slots__ = ("text", "colours", "coords", "_key")

    text: str
    colours: tuple[int, ...]
    coords: tuple[tuple[int, int], ...]

    def __init__(
        self, colours: tuple[int, ...] = (), coords: tuple[tuple[int, int], ...] = ()
    ) -> None:
        self.colours = colours
        self.coords = coords
        if not colours:
            self.text = "pass"
            self._key: tuple[object, ...] = ()
        else:
            (ca, cb), ((xa, ya), (xb, yb)) = colours, coords
            self.text = f"{COLOURS[ca]}{LETTERS[xa]}{ya + 1}{COLOURS[cb]}{LETTERS[xb]}{yb + 1}"
            first, second = (ya, xa, ca), (yb, xb, cb)
            self._key = (first, second) if first <= second else (second, first)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move; whitespace between the halves is allowed.  Raises ``MoveError``."""
        if not isinstance(text, str):
            raise MoveError(f"a move is text like 'Rc4Yd4' or 'pass', not {quote(text)}")
        stripped = text.strip()
        if stripped == "pass":
            return PASS
        m = _MOVE_RE.match(stripped)
        if not m:
            raise MoveError(
                f"{quote(text)} is not a move: write the two halves of a tile, "
                "colour then square, like Rc4Yd4, or 'pass'"
            )
        ca, fa, ra, cb, fb, rb = m.groups()
        if int(ra) < 1 or int(rb) < 1:
            raise MoveError(f"{quote(text)} is not a move: rows are numbered from 1")
        return cls(
            (COLOURS.index(ca), COLOURS.index(cb)),
            ((LETTERS.index(fa), int(ra) - 1), (LETTERS.index(fb), int(rb) - 1)),
        )

    @property
    def is_pass(self) -> bool:
        return not self.colours

    @property
    def written(self) -> bool:
        """Whether the text reads back as this move (``Move.parse``): a move built from
        coordinates left of the first column or above the first row (a tile turned past
        the board's left or top edge) has squares no text names ("z1", "a0")."""
        return all(0 <= x < len(LETTERS) and 0 <= y < MOST_ROWS for x, y in self.coords)

    @property
    def kind(self) -> str:
        """The tile kind, e.g. ``"RY"`` for ``Yd4Rc4``; ``""`` for a pass."""
        return kind_of(*self.colours) if self.colours else ""

    @property
    def squares(self) -> tuple[str, ...]:
        """The two square names, first half first."""
        return tuple(f"{LETTERS[x]}{y + 1}" for x, y in self.coords)

    @property
    def halves(self) -> tuple[tuple[str, str], ...]:
        """``(("R", "c4"), ("Y", "d4"))``."""
        return tuple((COLOURS[c], s) for c, s in zip(self.colours, self.squares, strict=True))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move.parse({self.text!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self._key == other._key
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key)


PASS: Final = Move()
