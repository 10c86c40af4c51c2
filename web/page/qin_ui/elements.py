"""What the page shows, described (no DOM): ``El`` for one element, ``Screen`` for all.

``render.screen`` builds a ``Screen`` from the application's state; the views of each
part (``lesson_view`` for the tutorial's panel) give their elements as ``El``; the
page's applier writes only what differs from the screen it wrote before.
"""

from __future__ import annotations

from dataclasses import dataclass

from .motion import Moved

Data = tuple[tuple[str, str | None], ...]
"""Data attributes or attributes: (name, value), ``None`` removes it."""


@dataclass(frozen=True)
class El:
    """What one element shows; ``None`` fields are left as they are."""

    text: str | None = None
    html: str | None = None
    hidden: bool | None = None
    disabled: bool | None = None
    value: str | None = None
    checked: bool | None = None
    data: Data = ()
    attrs: Data = ()
    classes: tuple[tuple[str, bool], ...] = ()


@dataclass(frozen=True)
class Screen:
    elements: dict[str, El]
    overlay: str = ""
    """The board's ``g.overlay`` (the ghost tile, a hovered province)."""
    cursor: str | None = None
    """The keyboard cursor's square (marked on the board)."""
    moved: Moved | None = None
    """The last move's motion and sounds (the shell plays them once, with the board)."""
