"""The page's small pictures beside words: drawn in SVG here, never a font's glyph (on
a device without a font that has the character a glyph is an empty box, and each font
sizes and places it differently).

``icon(name)`` is an ``<svg class="icon icon-<name>">`` of 16 by 16 units, sized to the
text around it by ``.icon`` in style.css (1em, on the baseline, the text's colour) and
hidden from screen readers: the words beside it, or its button's name, say what it
means.  The page's fixed buttons (index.html) and the rules diagrams (qin-board.js) draw
their pictures the same way.
"""

from __future__ import annotations

from typing import Final

PATHS: Final = {
    "tick": "M6.3 13 1.6 8.3l1.7-1.7 3 3 6.4-6.4 1.7 1.7z",
    "star": ("M8 1.1 9.8 6.2l5.4.2-4.3 3.3 1.6 5.1L8 11.8l-4.5 3 1.6-5.1L.8 6.4l5.4-.2z"),
    "to-move": "M4 2.5v11L13 8z",
}
"""Each picture's outline, filled with the text's colour."""

NAMES: Final = tuple(PATHS)


def icon(name: str) -> str:
    """The picture ``name`` (a key of ``PATHS``) as inline SVG, silent to screen readers."""
    return (f'<svg class="icon icon-{name}" viewBox="0 0 16 16" aria-hidden="true" '
            f'focusable="false"><path d="{PATHS[name]}"/></svg>')
