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

Item = tuple[str, str, str]
"""One keyed part of an element's HTML: (its container's key, its key, its HTML)."""


@dataclass(frozen=True)
class Parts:
    """An element's HTML (``El.html``) as keyed items, so that the applier writes only
    the items that changed: each item's HTML is one element whose ``data-part`` is its
    key, inside the element whose ``data-part`` is its container's key ("": the element
    itself).  ``frame`` stands for everything else in the HTML (the same frame: the same
    HTML around the items).  A new item goes after the item before it in its container,
    or first in the container: a container whose first child is not an item always
    holds the same items (they are only replaced)."""

    frame: str
    items: tuple[Item, ...]


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
    parts: Parts | None = None
    """``html`` as keyed items (only with ``html``)."""


@dataclass(frozen=True)
class Screen:
    elements: dict[str, El]
    overlay: str = ""
    """The board's ``g.overlay`` (the ghost tile, a hovered province)."""
    cursor: str | None = None
    """The keyboard cursor's square (marked on the board)."""
    moved: Moved | None = None
    """The last move's motion and sounds (the shell plays them once, with the board)."""
