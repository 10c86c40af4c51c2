"""The board as SVG: one renderer for the web page, embeddable diagrams and ``qin svg``.

Pure Python, no DOM: ``render_svg`` turns a ``Game`` (or position text) into one SVG
string.  The drawing is layered, bottom to top:

- ``g.terrain``   the board: grassland, water, villages, printed starting territories;
- ``g.tiles``     tile halves (a tile whose placement is known is drawn as one piece),
                  each with its edge and shadow;
- ``g.provinces`` who owns each province, at rest: a line of the owner's colour just
                  inside its outline (``province_edges``);
- ``g.pagodas``   single and double pagodas on provinces (on the square the province
                  was founded on: ``seat_square``), pagodas on villages;
- ``g.last-move`` the outline of the squares given as ``last`` (the last placement);
- ``g.squares``   one transparent ``rect.sq`` per square with ``data-square="c4"``: the
  elements a page hovers and clicks, carrying the state classes ``legal``, ``hl`` and
  ``last`` (styled by the embedded ``<style>`` or by the page's CSS);
- ``g.overlay``   a ghost tile and what it would do (``render_overlay`` draws this layer
  alone, so a page can redraw it on every pointer move without touching the rest).

``render_keyed`` draws the same board as keyed items (``data-part`` on every tile,
pagoda, province outline and square, and on the terrain and the last move's outline),
for a page that writes only the items that changed after a move.

Squares outside a board's outline (``-`` in a position) get no element.  Textures and
shading come from one ``<defs>`` per board (``qin.svg_defs.DEFS``), right after the
``<style>``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from typing import NamedTuple

from .board import GRASS, OUT, START, VILLAGE, WATER, Board, Group, centre_square
from .errors import QinError
from .events import Event
from .game import Game
from .geometry import square_name
from .messages import board_label
from .moves import Move
from .placement import off_board
from .svg_defs import DEFS, FACE_IDS
from .tiles import COLOUR_NAMES

CELL = 40
"""Side of a square in SVG user units."""
RIM = 10
"""Frame width on the sides without coordinates."""
LABELS = 22
"""Frame width on the sides with coordinates (top and left)."""

PROVINCE_INSET = 4.5
"""How far inside a province's edges its owner's line runs (over the tiles' rims)."""

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"

# -- palette -----------------------------------------------------------------------
FRAME = "#46683a"
FRAME_EDGE = "#2f4a27"
GRASS_FILL = "#a6c98b"
GRID = "#7fa565"
LABEL = "#e6efdc"
WATER_FILL = "#74aecb"

TILE_FILL = ("#cc4331", "#ecb93b", "#2f64b6")
"""Red, yellow, blue tile halves (index = colour)."""
TILE_DARK = ("#8d2619", "#a87c12", "#1b3d75")
TILE_LIGHT = ("#e27a68", "#f7d67f", "#6f97d6")

PAGODA_COLOURS: dict[str, str] = {
    "green": "#2e9e49",
    "white": "#f6f4ec",
    "purple": "#8a4bb3",
    "black": "#2b2b2e",
    "orange": "#f08a24",
    "pink": "#ec7fb3",
}
"""Player colours to choose from: none is red, yellow or blue, and each reads on the
board's green and on the tiles (every pagoda has a contrasting outline)."""
DEFAULT_COLOURS = ("green", "white", "purple", "black")

# -- colour-blind markers ---------------------------------------------------------
# Every tile colour and every player colour also carries a shape, so that no
# information rests on hue alone: a hatch on red, a sun on yellow, waves on blue; a
# glyph on each pagoda's body by player colour.  Each marker is a ``.cb-mark`` element
# (the page's high-contrast mode strengthens them with CSS).
TILE_MARKS = ("hatch", "sun", "waves")
"""The marker of each tile colour (index = colour)."""
PAGODA_MARKS: dict[str, str] = {
    "green": "circle",
    "white": "square",
    "purple": "triangle",
    "black": "diamond",
    "orange": "cross",
    "pink": "star",
}
"""The glyph on a pagoda of each palette colour (custom CSS colours get none)."""
_MARK_BY_FILL = {PAGODA_COLOURS[name]: mark for name, mark in PAGODA_MARKS.items()}


def tile_mark(cx: float, cy: float, colour: int, at: str = "") -> str:
    """The non-colour marker of tile colour ``colour`` centred on (cx, cy)."""
    n = _num
    name = TILE_MARKS[colour]
    attrs = f' data-at="{_attr(at)}"' if at else ""
    head = f'<g class="cb-mark cb-{name}" data-mark="{name}"{attrs} fill="none" '
    if name == "hatch":
        d = "".join(f"M{n(cx - 6 + o)} {n(cy + 6 + o)}L{n(cx + 6 + o)} {n(cy - 6 + o)}"
                    for o in (-5.0, 0.0, 5.0))
        return (head + f'stroke="{TILE_DARK[0]}" stroke-opacity=".6" stroke-width="1.6" '
                f'stroke-linecap="round"><path d="{d}"/></g>')
    if name == "sun":
        rays = "".join(f"M{n(cx + dx * 5.5)} {n(cy + dy * 5.5)}L{n(cx + dx * 8.5)} "
                       f"{n(cy + dy * 8.5)}"
                       for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1),
                                      (.71, .71), (-.71, .71), (.71, -.71), (-.71, -.71)))
        return (head + f'stroke="{TILE_DARK[1]}" stroke-opacity=".7" stroke-width="1.5" '
                f'stroke-linecap="round"><circle cx="{n(cx)}" cy="{n(cy)}" r="3.5"/>'
                f'<path d="{rays}"/></g>')
    d = "".join(f"M{n(cx - 8)} {n(cy + dy)}q4 -3.5 8 0t8 0" for dy in (-3.0, 4.0))
    return (head + f'stroke="{TILE_LIGHT[2]}" stroke-opacity=".95" stroke-width="1.6" '
            f'stroke-linecap="round"><path d="{d}"/></g>')


def pagoda_mark(fill: str) -> str:
    """The glyph drawn on a pagoda of ``fill`` (in the pagoda's own coordinates), or ""."""
    name = _MARK_BY_FILL.get(fill.lower())
    if name is None:
        return ""
    line = outline_for(fill)
    shape = {
        "circle": '<circle cx="0" cy="2.2" r="2.3"/>',
        "square": '<rect x="-2.1" y="0.1" width="4.2" height="4.2"/>',
        "triangle": '<path d="M0 -0.3L2.6 4.3H-2.6Z"/>',
        "diamond": '<path d="M0 -0.5L2.6 2.2L0 4.9L-2.6 2.2Z"/>',
        "cross": '<path d="M-2.3 -0.1L2.3 4.5M2.3 -0.1L-2.3 4.5" stroke="{line}" '
                 'stroke-width="1.4"/>',
        "star": '<path d="M0 -0.6L0.8 1.5L3 1.6L1.3 2.9L1.9 5L0 3.8L-1.9 5L-1.3 2.9L-3 1.6'
                'L-0.8 1.5Z"/>',
    }[name].replace("{line}", line)
    return f'<g class="cb-mark cb-{name}" data-mark="{name}" fill="{line}">{shape}</g>'

DEFAULT_NAMES = ("Green", "White", "Purple", "Black")

STYLE = (
    ".qin-board .sq{fill:#fff;fill-opacity:0;stroke:none}"
    ".qin-board .sq.legal{fill-opacity:.28;stroke:#fff;stroke-opacity:.75;stroke-width:1.5}"
    ".qin-board .sq.hl{fill:#ffe066;fill-opacity:.35;stroke:#ffd43b;stroke-width:2.5}"
    ".qin-board .ghost{opacity:.8}"
    ".qin-board .ghost.bad{opacity:.45}"
    ".qin-board .overlay,.qin-board .terrain,.qin-board .tiles,.qin-board .pagodas,"
    ".qin-board .provinces,"
    ".qin-board .last-move"
    "{pointer-events:none}"
)


class ColourError(QinError):
    """A player colour that is neither a palette name nor ``#rrggbb``."""


_HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def _quoted(text: str, limit: int = 40) -> str:
    """Bad input as it may be quoted in a message: shortened, control characters shown."""
    short = text if len(text) <= limit else text[:limit] + "…"
    return repr(short)


def check_colour(colour: str) -> str:
    """``colour`` if it is a palette name (any case) or ``#rrggbb``; ``ColourError``
    quoting it otherwise.  Only these ever reach the drawing's attributes."""
    if not isinstance(colour, str):
        raise ColourError(f"a player colour is text, not {type(colour).__name__}")
    if colour.lower() in PAGODA_COLOURS or _HEX_COLOUR.fullmatch(colour):
        return colour
    raise ColourError(f"{_quoted(colour)} is not a player colour (use "
                      f"{', '.join(PAGODA_COLOURS)} or #rrggbb)")


def player_colour(colour: str) -> str:
    """A palette name (``"green"``) or ``"#123456"`` as a CSS colour (``ColourError``
    for anything else); grey for no colour."""
    if not colour:
        return "#888888"
    return PAGODA_COLOURS.get(check_colour(colour).lower(), colour)


def _attr(value: object) -> str:
    """Text escaped for a double-quoted attribute or element content."""
    return escape(str(value), quote=True)


def _luminance(css: str) -> float:
    """Rough relative luminance of a ``#rgb``/``#rrggbb`` colour (0.5 when unknown)."""
    text = css.lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    if len(text) != 6:
        return 0.5
    try:
        r, g, b = (int(text[i:i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        return 0.5
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def outline_for(fill: str) -> str:
    """An outline colour that stands out around ``fill``."""
    return "#f3f0e6" if _luminance(fill) < 0.3 else "#1f1f1f"


@lru_cache(maxsize=8192)
def _num(value: float) -> str:
    """Compact number text for SVG attributes (a board repeats the same few hundred)."""
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0")


# -- geometry -------------------------------------------------------------------------
class Frame:
    """Where squares are drawn: the mapping from (column, row) to SVG coordinates."""

    __slots__ = ("width", "height", "left", "top", "view_w", "view_h")

    def __init__(self, width: int, height: int, coords: bool) -> None:
        self.width = width
        self.height = height
        self.left = LABELS if coords else RIM
        self.top = LABELS if coords else RIM
        self.view_w = self.left + width * CELL + RIM
        self.view_h = self.top + height * CELL + RIM

    def xy(self, col: int, row: int) -> tuple[int, int]:
        """Top-left corner of a square."""
        return self.left + col * CELL, self.top + row * CELL

    def centre(self, col: int, row: int) -> tuple[float, float]:
        return self.left + (col + 0.5) * CELL, self.top + (row + 0.5) * CELL


def _frame_at(left: int, top: int) -> Frame:
    """A frame whose first square is at (``left``, ``top``), for ``xy`` and ``centre``."""
    frame = Frame(0, 0, True)
    frame.left, frame.top = left, top
    return frame


def _col_row(board: Board, square: int) -> tuple[int, int]:
    width = board.geo.width
    return square % width, square // width


def _square_index(board: Board, name: str) -> int:
    """The index of a square name on this board, or -1."""
    try:
        return board.geo.names.index(name)
    except ValueError:
        return -1


def pagoda_square(board: Board, squares: Sequence[int]) -> int:
    """The square of a province on which its pagoda is drawn: the one nearest the
    province's centre (reading order breaks ties), so the pagoda sits inside it: where
    a province founded now puts it."""
    return centre_square(board.geo.width, tuple(squares))


def seat_square(board: Board, group: Group) -> int:
    """Where a province's pagoda stands: the square it was founded on, which it keeps
    while the province grows (``Group.seat``); a position read from text, which has no
    history, puts it on ``pagoda_square``."""
    return group.seat if group.seat in group.squares else pagoda_square(board, group.squares)


# -- drawing primitives ------------------------------------------------------------
def _rounded(x: float, y: float, w: float, h: float, r: float,
             corners: tuple[bool, bool, bool, bool] = (True, True, True, True)) -> str:
    """Path data of a rectangle whose corners (top-left, top-right, bottom-right,
    bottom-left) are rounded where ``corners`` says so."""
    tl, tr, br, bl = (r if c else 0.0 for c in corners)
    n = _num
    parts = [f"M{n(x + tl)} {n(y)}H{n(x + w - tr)}"]
    if tr:
        parts.append(f"Q{n(x + w)} {n(y)} {n(x + w)} {n(y + tr)}")
    parts.append(f"V{n(y + h - br)}")
    if br:
        parts.append(f"Q{n(x + w)} {n(y + h)} {n(x + w - br)} {n(y + h)}")
    parts.append(f"H{n(x + bl)}")
    if bl:
        parts.append(f"Q{n(x)} {n(y + h)} {n(x)} {n(y + h - bl)}")
    parts.append(f"V{n(y + tl)}")
    if tl:
        parts.append(f"Q{n(x)} {n(y)} {n(x + tl)} {n(y)}")
    return "".join(parts) + "Z"


def _crown(name: str | None, top: float, fill: str, line: str) -> str:
    """The finial on a pagoda's top roof: its colour's glyph, large, so that each
    player's pagodas have a silhouette of their own (a plain spike without a glyph)."""
    n = _num
    y = top - 5.5  # the crown's centre
    mast = (f'<line x1="0" y1="{n(top + 0.5)}" x2="0" y2="{n(y + 2)}" stroke="{line}" '
            f'stroke-width="1.6" stroke-linecap="round"/>')
    body = f'fill="{fill}" stroke="{line}" stroke-width="1.1" stroke-linejoin="round"'
    shape = {
        "circle": f'<circle cx="0" cy="{n(y)}" r="3.3" {body}/>',
        "square": f'<rect x="-3" y="{n(y - 3)}" width="6" height="6" {body}/>',
        "triangle": f'<path d="M0 {n(y - 5)}L3.8 {n(y + 2.6)}H-3.8Z" {body}/>',
        "diamond": f'<path d="M0 {n(y - 4.6)}L3.2 {n(y)}L0 {n(y + 4.6)}L-3.2 {n(y)}Z" {body}/>',
        "cross": (f'<path d="M-3 {n(y - 3)}L3 {n(y + 3)}M3 {n(y - 3)}L-3 {n(y + 3)}" '
                  f'stroke="{line}" stroke-width="3.6" stroke-linecap="round"/>'
                  f'<path d="M-3 {n(y - 3)}L3 {n(y + 3)}M3 {n(y - 3)}L-3 {n(y + 3)}" '
                  f'stroke="{fill}" stroke-width="1.5" stroke-linecap="round"/>'),
        "star": (f'<path d="M0 {n(y - 4.6)}L1.2 {n(y - 1.4)}L4.4 {n(y - 1.3)}L1.9 {n(y + 0.7)}'
                 f'L2.8 {n(y + 4)}L0 {n(y + 2.1)}L-2.8 {n(y + 4)}L-1.9 {n(y + 0.7)}'
                 f'L-4.4 {n(y - 1.3)}L-1.2 {n(y - 1.4)}Z" {body}/>'),
    }.get(name or "")
    if shape is None:
        return (f'<line x1="0" y1="{n(top)}" x2="0" y2="{n(top - 5)}" stroke="{line}" '
                f'stroke-width="1.6" stroke-linecap="round"/>')
    return f'<g class="crown">{mast}{shape}</g>'


def pagoda(cx: float, cy: float, fill: str, double: bool, *, scale: float = 1.0,
           cls: str = "pagoda", attrs: str = "") -> str:
    """A little pagoda (two stacked tiers when ``double``) standing on (cx, cy + ...),
    centred on the point; ``fill`` is the player's colour (escaped here, like ``cls``);
    ``attrs`` is markup the caller made from escaped values.  Its crown and the glyph
    on its body are its colour's mark (``PAGODA_MARKS``); it stands on a soft shadow,
    lit from the left."""
    shift = 4.0 if not double else 8.0  # keep the drawing centred on (cx, cy)
    transform = f"translate({_num(cx)} {_num(cy + shift * scale)})"
    if scale != 1.0:
        transform += f" scale({_num(scale)})"
    return f'<g class="{_attr(cls)}" transform="{transform}"{attrs}>{_building(fill, double)}</g>'


@lru_cache(maxsize=64)
def _building(fill: str, double: bool) -> str:
    """A pagoda of ``fill`` in its own coordinates (the same for every one of a player)."""
    line = outline_for(fill)
    mark = pagoda_mark(fill)
    name = _MARK_BY_FILL.get(fill.lower())
    fill = _attr(fill)
    # Tier shapes in a unit box; y grows downwards, the base of the building at y=9.
    tiers = [
        # (body x half-width, body top, body bottom, roof half-width, roof top, roof bottom)
        (5.5, -1.0, 8.0, 13.0, -7.0, 0.5),
    ]
    if double:
        tiers.append((4.5, -11.5, -6.0, 10.5, -16.5, -9.5))
    n = _num
    parts = ['<ellipse cx="1.5" cy="11" rx="11.5" ry="3" fill="#000" fill-opacity=".3"/>',
             f'<rect x="-8" y="8" width="16" height="3" rx="1" fill="{fill}" '
             f'stroke="{line}" stroke-width="1.1"/>']
    for body_w, body_top, body_bot, roof_w, roof_top, roof_bot in tiers:
        parts.append(f'<rect x="{n(-body_w)}" y="{n(body_top)}" '
                     f'width="{n(2 * body_w)}" height="{n(body_bot - body_top)}" '
                     f'fill="{fill}" stroke="{line}" stroke-width="1.1"/>')
        parts.append(f'<rect x="0" y="{n(body_top + 0.6)}" width="{n(body_w - 0.6)}" '
                     f'height="{n(body_bot - body_top - 1.2)}" fill="#000" '
                     f'fill-opacity=".16"/>')
        parts.append(f'<rect x="{n(-body_w / 3)}" y="{n(body_bot - 4)}" '
                     f'width="{n(2 * body_w / 3)}" height="4" fill="{line}" '
                     f'fill-opacity=".55"/>')
        inner = roof_w * 0.45
        mid = roof_bot - (roof_bot - roof_top) * 0.3
        # Eaves that turn up at both ends, as on the game's pagodas.
        roof = (f"M{n(-roof_w - 1.5)} {n(roof_bot - 2.2)}"
                f"Q{n(-roof_w * 0.55)} {n(mid + 1)} {n(-inner)} {n(roof_top)}"
                f"H{n(inner)}"
                f"Q{n(roof_w * 0.55)} {n(mid + 1)} {n(roof_w + 1.5)} {n(roof_bot - 2.2)}"
                f"Q{n(roof_w * 0.5)} {n(roof_bot + 0.6)} 0 {n(roof_bot - 0.4)}"
                f"Q{n(-roof_w * 0.5)} {n(roof_bot + 0.6)} {n(-roof_w - 1.5)} "
                f"{n(roof_bot - 2.2)}Z")
        parts.append(f'<path d="{roof}" fill="{fill}" stroke="{line}" '
                     f'stroke-width="1.1" stroke-linejoin="round"/>')
        parts.append(f'<path d="M0 {n(roof_top + 0.6)}H{n(inner - 0.4)}Q{n(roof_w * 0.55)} '
                     f'{n(mid + 1)} {n(roof_w + 0.6)} {n(roof_bot - 2)}Q{n(roof_w * 0.5)} '
                     f'{n(roof_bot)} 0 {n(roof_bot - 1)}Z" fill="#000" fill-opacity=".18"/>')
    parts.append(mark)
    parts.append(_crown(name, tiers[-1][4], fill, line))
    return "".join(parts)


def _face(colour: int) -> str:
    """A tile face's fill: its colour's lit gradient (the flat colour where that fails)."""
    return f"url(#{FACE_IDS[colour]}) {TILE_FILL[colour]}"


def _tile(frame: Frame, halves: Sequence[tuple[int, int, int]], cls: str = "tile",
          attrs: str = "") -> str:
    """One tile (two halves) or a lone half: ``halves`` lists (col, row, colour)."""
    return _tile_at(frame.left, frame.top, tuple(halves), cls, attrs)


@lru_cache(maxsize=1024)
def _tile_at(left: int, top: int, halves: tuple[tuple[int, int, int], ...], cls: str,
             attrs: str) -> str:
    """``_tile`` for a frame whose first square is at (``left``, ``top``), kept: a board
    is drawn again after every move with the same tiles."""
    frame = _frame_at(left, top)
    inset = 2.5
    r = 6.0
    if len(halves) == 2:
        (c1, r1, k1), (c2, r2, k2) = halves
        horizontal = r1 == r2
    else:
        (c1, r1, k1), = halves
    cols = [h[0] for h in halves]
    rows = [h[1] for h in halves]
    x0, y0 = frame.xy(min(cols), min(rows))
    x1, y1 = frame.xy(max(cols) + 1, max(rows) + 1)
    bx, by = x0 + inset, y0 + inset
    bw, bh = x1 - x0 - 2 * inset, y1 - y0 - 2 * inset
    # A soft shadow on the board, the tile's edge (its thickness), then its face.
    out = [f'<g class="{_attr(cls)}"{attrs}>',
           f'<rect x="{_num(bx + 0.6)}" y="{_num(by + 2.6)}" width="{_num(bw + 1.4)}" '
           f'height="{_num(bh + 0.6)}" rx="{_num(r + 1)}" fill="#1e2a12" fill-opacity=".3"/>',
           f'<rect x="{_num(bx)}" y="{_num(by + 2)}" width="{_num(bw)}" height="{_num(bh)}" '
           f'rx="{_num(r)}" fill="#3a2f24"/>']
    if len(halves) == 1:
        out.append(f'<path class="half {COLOUR_NAMES[k1]}" data-at="{square_name(c1, r1)}" '
                   f'd="{_rounded(bx, by, bw, bh, r)}" fill="{_face(k1)}" '
                   f'stroke="{TILE_DARK[k1]}" stroke-width="1"/>')
    else:
        # Order the halves top/left first so the rounded corners fall outside.
        first, second = sorted(halves, key=lambda h: (h[1], h[0]))
        if horizontal:
            w = bw / 2
            parts = ((first, bx, by, w, bh, (True, False, False, True)),
                     (second, bx + w, by, w, bh, (False, True, True, False)))
        else:
            h = bh / 2
            parts = ((first, bx, by, bw, h, (True, True, False, False)),
                     (second, bx, by + h, bw, h, (False, False, True, True)))
        for (col, row, k), px, py, pw, ph, corners in parts:
            out.append(f'<path class="half {COLOUR_NAMES[k]}" data-at="{square_name(col, row)}" '
                       f'd="{_rounded(px, py, pw, ph, r, corners)}" fill="{_face(k)}"/>')
        out.append(f'<path d="{_rounded(bx, by, bw, bh, r)}" fill="none" '
                   f'stroke="#1d1d1d" stroke-opacity=".45" stroke-width="1"/>')
        if horizontal:
            out.append(f'<line x1="{_num(bx + bw / 2)}" y1="{_num(by + 1)}" '
                       f'x2="{_num(bx + bw / 2)}" y2="{_num(by + bh - 1)}" '
                       f'stroke="#1d1d1d" stroke-opacity=".35" stroke-width="1"/>')
        else:
            out.append(f'<line x1="{_num(bx + 1)}" y1="{_num(by + bh / 2)}" '
                       f'x2="{_num(bx + bw - 1)}" y2="{_num(by + bh / 2)}" '
                       f'stroke="#1d1d1d" stroke-opacity=".35" stroke-width="1"/>')
    # A soft highlight along the top edge: a little relief.
    out.append(f'<path d="M{_num(bx + r)} {_num(by + 1.3)}H{_num(bx + bw - r)}" '
               f'stroke="#fff" stroke-opacity=".45" stroke-width="1.4" '
               f'stroke-linecap="round"/>')
    for col, row, k in halves:  # each colour's non-colour marker
        cx, cy = frame.centre(col, row)
        out.append(tile_mark(cx, cy, k, square_name(col, row)))
    out.append("</g>")
    return "".join(out)


def _outline(frame: Frame, board: Board, squares: Iterable[int]) -> str:
    """Path data of the outer edges of a set of squares."""
    inside = set(squares)
    width = board.geo.width
    parts = []
    for s in sorted(inside):
        col, row = s % width, s // width
        x, y = frame.xy(col, row)
        if row == 0 or s - width not in inside:
            parts.append(f"M{x} {y}h{CELL}")
        if row == board.geo.height - 1 or s + width not in inside:
            parts.append(f"M{x} {y + CELL}h{CELL}")
        if col == 0 or s - 1 not in inside:
            parts.append(f"M{x} {y}v{CELL}")
        if col == width - 1 or s + 1 not in inside:
            parts.append(f"M{x + CELL} {y}v{CELL}")
    return "".join(parts)


# -- the layers ----------------------------------------------------------------------
def _terrain(frame: Frame, board: Board, colours: Sequence[str], part: str = "") -> str:
    layout = board.layout
    terrain = layout.terrain
    width, height = board.geo.width, board.geo.height
    out = [f'<g class="terrain"{part}>']
    x0, y0 = frame.xy(0, 0)
    out.append(f'<rect x="{x0}" y="{y0}" width="{width * CELL}" height="{height * CELL}" '
               f'fill="url(#qin-grass) {GRASS_FILL}"/>')
    grid = []
    for c in range(1, width):
        grid.append(f"M{x0 + c * CELL} {y0}v{height * CELL}")
    for r in range(1, height):
        grid.append(f"M{x0} {y0 + r * CELL}h{width * CELL}")
    if grid:
        out.append(f'<path d="{"".join(grid)}" stroke="{GRID}" stroke-width="1" '
                   f'stroke-opacity=".8" fill="none"/>')
    for s, t in enumerate(terrain):
        if t == GRASS:
            continue
        col, row = _col_row(board, s)
        x, y = frame.xy(col, row)
        name = board.geo.names[s]
        if t == OUT:
            out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{FRAME}"/>')
        elif t == WATER:
            out.append(f'<g class="water" data-at="{name}"><rect x="{x}" y="{y}" '
                       f'width="{CELL}" height="{CELL}" fill="url(#qin-water) {WATER_FILL}"/>'
                       f"</g>")
        elif t == VILLAGE:
            held = board.village_owner[s]
            ring = ""
            if held:
                fill = player_colour(colours[held - 1])
                ring = (f'<rect x="{x + 2.5}" y="{y + 2.5}" width="{CELL - 5}" '
                        f'height="{CELL - 5}" rx="4" fill="none" stroke="{outline_for(fill)}" '
                        f'stroke-width="4.5" stroke-opacity=".55"/>'
                        f'<rect x="{x + 2.5}" y="{y + 2.5}" width="{CELL - 5}" '
                        f'height="{CELL - 5}" rx="4" fill="none" stroke="{_attr(fill)}" '
                        f'stroke-width="2.5"/>')
            owner_attr = f' data-owner="{held}"' if held else ""
            out.append(f'<g class="village" data-at="{name}"{owner_attr}>'
                       f'<use href="#qin-houses" x="{x}" y="{y}"/>{ring}</g>')
        elif t == START:
            k = layout.start_colours.get(s, max(board.colour[s], 0))
            out.append(f'<g class="start {COLOUR_NAMES[k]}" data-at="{name}">'
                       f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                       f'fill="{TILE_FILL[k]}"/>'
                       f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" '
                       f'fill="none" stroke="{TILE_DARK[k]}" stroke-width="1.5"/>'
                       f'<rect x="{x + 7}" y="{y + 7}" width="{CELL - 14}" height="{CELL - 14}" '
                       f'fill="none" stroke="{TILE_LIGHT[k]}" stroke-width="1"/>'
                       f'{tile_mark(x + CELL / 2, y + CELL / 2, k)}</g>')
    out.append("</g>")
    return "".join(out)


def _tiles(frame: Frame, board: Board, moves: Sequence[Move],
           keyed: bool) -> list[tuple[str, str]]:
    """The tiles' ``g.tile`` elements, each with its key (``data-part`` when ``keyed``):
    a placed tile's move, a lone half's square."""
    layout, colour = board.layout, board.colour
    geo = board.geo
    drawn: set[int] = set()
    out: list[tuple[str, str]] = []
    for m in moves:
        if m.is_pass:
            continue
        halves = []
        for (col, row), k in zip(m.coords, m.colours, strict=True):
            s = geo.index(col, row)
            if s < 0 or s in drawn or colour[s] != k or layout.terrain[s] != GRASS:
                break
            halves.append((col, row, k))
        else:
            drawn.update(geo.index(c, r) for c, r, _ in halves)
            key = f"t-{m}"
            out.append((key, _tile(frame, halves, attrs=f' data-move="{_attr(m)}"'
                                   + _part(key, keyed))))
    for s, k in enumerate(colour):
        if k >= 0 and layout.terrain[s] == GRASS and s not in drawn:
            col, row = _col_row(board, s)
            key = f"h-{geo.names[s]}"
            out.append((key, _tile(frame, [(col, row, k)], attrs=_part(key, keyed))))
    return out


def province_edges(frame: Frame, board: Board, squares: Iterable[int],
                   inset: float = PROVINCE_INSET) -> str:
    """Path data of the outline of a set of squares drawn ``inset`` inside its edges
    (each edge of a square that borders no square of the set, its ends moved in at
    outer corners and out at inner ones)."""
    return _edges(frame.left, frame.top, board.geo.width, board.geo.height,
                  frozenset(squares), inset)


@lru_cache(maxsize=1024)
def _edges(left: int, top: int, width: int, height: int, inside: frozenset[int],
           inset: float) -> str:
    """``province_edges``, kept: a board is drawn again after every move with the same
    provinces, most of them."""
    frame = _frame_at(left, top)
    n = _num

    def has(col: int, row: int) -> bool:
        return 0 <= col < width and 0 <= row < height and row * width + col in inside

    parts = []
    for s in sorted(inside):
        col, row = s % width, s // width
        x, y = frame.xy(col, row)
        # each side: (outward neighbour, the two ends' (along, diagonal) neighbours)
        for (dc, dr), (ac, ar) in (((0, -1), (1, 0)), ((1, 0), (0, 1)),
                                   ((0, 1), (-1, 0)), ((-1, 0), (0, -1))):
            if has(col + dc, row + dr):
                continue
            ends = []
            for sign in (-1, 1):
                along = has(col + sign * ac, row + sign * ar)
                diagonal = has(col + sign * ac + dc, row + sign * ar + dr)
                ends.append(-inset if diagonal and along else 0.0 if along else inset)
            # the side's corners, clockwise, pulled inward by ``inset``
            ox = x + (CELL if dc == 1 else 0) + (-inset if dc == 1 else inset if dc == -1
                                                 else 0)
            oy = y + (CELL if dr == 1 else 0) + (-inset if dr == 1 else inset if dr == -1
                                                 else 0)
            # start at the end against the direction ``a`` and run along it
            if dr:  # top or bottom side: runs along x
                x1 = x + (ends[0] if ac == 1 else CELL - ends[0])
                x2 = x + (CELL - ends[1] if ac == 1 else ends[1])
                parts.append(f"M{n(x1)} {n(oy)}H{n(x2)}")
            else:  # left or right side: runs along y
                y1 = y + (ends[0] if ar == 1 else CELL - ends[0])
                y2 = y + (CELL - ends[1] if ar == 1 else ends[1])
                parts.append(f"M{n(ox)} {n(y1)}V{n(y2)}")
    return "".join(parts)


def _provinces(frame: Frame, board: Board, colours: Sequence[str],
               keyed: bool) -> list[tuple[str, str]]:
    """Who owns each province, at rest: a line of the owner's colour (on a contrasting
    casing) just inside the province's outline, over the tiles' rims; each province
    with its key (``keyed``: its two lines in a ``g`` whose ``data-part`` is that key)."""
    out: list[tuple[str, str]] = []
    for group in board.provinces():
        fill = player_colour(colours[group.owner - 1])
        d = province_edges(frame, board, group.squares)
        lines = (f'<path class="province p{group.owner}" data-player="{group.owner}" '
                 f'd="{d}" fill="none" stroke="{outline_for(fill)}" stroke-opacity=".6" '
                 f'stroke-width="4" stroke-linecap="round"/>'
                 f'<path class="province-line p{group.owner}" data-player="{group.owner}" '
                 f'd="{d}" fill="none" '
                 f'stroke="{_attr(fill)}" stroke-width="2" stroke-linecap="round"/>')
        key = f"r-{board.geo.names[seat_square(board, group)]}"
        out.append((key, f"<g{_part(key, keyed)}>{lines}</g>" if keyed else lines))
    return out


def _pagodas(frame: Frame, board: Board, colours: Sequence[str],
             keyed: bool) -> list[tuple[str, str]]:
    """The pagodas, each with its key (``data-part`` when ``keyed``): its square."""
    out: list[tuple[str, str]] = []
    for group in board.provinces():
        s = seat_square(board, group)
        col, row = _col_row(board, s)
        cx, cy = frame.centre(col, row)
        fill = player_colour(colours[group.owner - 1])
        double = group.pagodas >= 2
        cls = f"pagoda {'double' if double else 'single'} p{group.owner}"
        key = f"p-{board.geo.names[s]}"
        attrs = (f' data-player="{group.owner}" data-at="{board.geo.names[s]}" '
                 f'data-count="{group.pagodas}"{_part(key, keyed)}')
        out.append((key, pagoda(cx, cy, fill, double, cls=cls, attrs=attrs)))
    for v in board.layout.villages:
        held = board.village_owner[v]
        if held:
            col, row = _col_row(board, v)
            cx, cy = frame.centre(col, row)
            fill = player_colour(colours[held - 1])
            key = f"v-{board.geo.names[v]}"
            attrs = (f' data-player="{held}" data-at="{board.geo.names[v]}" '
                     f'data-count="1"{_part(key, keyed)}')
            out.append((key, pagoda(cx + 6, cy - 4, fill, False, scale=0.85,
                                    cls=f"pagoda village-pagoda single p{held}",
                                    attrs=attrs)))
    return out


def _squares(frame: Frame, board: Board, states: dict[int, list[str]],
             keyed: bool) -> list[tuple[str, str]]:
    """The squares' ``rect.sq``, each with its key (``data-part`` when ``keyed``)."""
    layout, colour = board.layout, board.colour
    out: list[tuple[str, str]] = []
    for s, name in enumerate(board.geo.names):
        t = layout.terrain[s]
        if t == OUT:
            continue
        col, row = _col_row(board, s)
        x, y = frame.xy(col, row)
        if colour[s] >= 0:
            kind = ("start " if t == START else "half ") + COLOUR_NAMES[colour[s]]
        else:
            kind = {GRASS: "grass", WATER: "water", VILLAGE: "village"}.get(t, "grass")
        extra = states.get(s)
        cls = f"sq {kind} {' '.join(extra)}" if extra else f"sq {kind}"
        key = f"s-{name}"
        out.append((key, f'<rect class="{cls}" data-square="{name}"{_part(key, keyed)} '
                         f'x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>'))
    return out


def _labels(frame: Frame) -> str:
    out = [f'<g class="coords" fill="{LABEL}" font-family="{FONT}" font-size="12" '
           f'text-anchor="middle">']
    for c in range(frame.width):
        cx, _ = frame.centre(c, 0)
        out.append(f'<text x="{_num(cx)}" y="{frame.top - 7}">{square_name(c, 0)[0]}</text>')
    for r in range(frame.height):
        _, cy = frame.centre(0, r)
        out.append(f'<text x="{_num(frame.left / 2)}" y="{_num(cy + 4)}">{r + 1}</text>')
    out.append("</g>")
    return "".join(out)


# -- how a board is drawn ------------------------------------------------------------
@dataclass(frozen=True)
class BoardOptions:
    """How a whole board is drawn (``render_svg``, ``render_keyed``) or its overlay
    alone (``render_overlay``: the ghost and what it would do, the focus, the tally, in
    the players' colours): one value, its fields named at the call,
    ``render_svg(game, BoardOptions(size=520, last=["f4"]))``; the defaults draw the
    board alone, with its coordinates and its own style."""

    highlight: Sequence[str] = ()
    """Square names whose ``rect.sq`` gets the class ``hl``."""
    legal: Sequence[str] = ()
    """Square names whose ``rect.sq`` gets the class ``legal``."""
    ghost: Move | str | None = None
    """A tile not yet placed, drawn over the board (``render_overlay``)."""
    last: Sequence[str] = ()
    """Square names whose ``rect.sq`` gets the class ``last``, outlined together (the
    last placement)."""
    coords: bool = True
    """The column letters and row numbers around the board."""
    size: int | None = None
    """The pixel width (the height follows); ``None``: the SVG fills its container's
    width."""
    names: Sequence[str] | None = None
    """The players' names, for the accessible label and the pagodas' titles (``None``:
    the game's)."""
    colours: Sequence[str] | None = None
    """The players' pagoda colours: palette names or ``#rrggbb`` (the defaults after
    them)."""
    ghost_ok: bool | None = None
    """``False`` draws the ghost as refused."""
    preview: Sequence[Event] | None = None
    """What the ghost would do (``game.preview(ghost)``), drawn over it."""
    style: bool = True
    """The drawing's own ``<style>``; ``False`` leaves the state classes to the page's
    CSS."""
    label: str | None = None
    """The accessible label (``None``: the board's name, size and players)."""
    move: Move | str | None = None
    """Another name for ``ghost`` (``qin svg --move``)."""
    focus: Sequence[str] = ()
    """Square names outlined in ``focus_owner``'s colour (a hovered province)."""
    focus_owner: int = 0
    """The player whose colour outlines ``focus`` (0: white)."""
    tally_at: str | None = None
    """The square above which ``tally`` is shown."""
    tally: Mapping[int, int] | None = None
    """A village's pagodas per player (``game.village_tally``), in small discs."""


PLAIN = BoardOptions()
"""The board alone: no square marked, no ghost, its coordinates and its own style."""


# -- the overlay: a ghost tile and its preview ----------------------------------------
def render_overlay(source: Game, options: BoardOptions = PLAIN) -> str:
    """The inner markup of ``g.overlay`` (``render_svg``'s, drawn alone for a page that
    redraws only it), from the overlay's fields of ``options``: the ghost of ``ghost``
    (or ``move``; halves off the board are left out; ``ghost_ok`` False draws it as
    refused) and, for a legal ghost, what ``preview`` (the events of
    ``game.preview(ghost)``) says would happen: the grown or founded provinces outlined
    with their size, new pagodas in outline, pagodas that go back crossed out, villages
    that change hands ringed.  ``focus`` outlines a set of squares (a hovered province)
    in ``focus_owner``'s colour; ``tally`` (pagodas per player, as
    ``game.village_tally``) is shown in small discs above ``tally_at``; in the players'
    ``colours``, placed for a board with or without its ``coords``."""
    o = options
    ghost = o.move if o.ghost is None else o.ghost
    ghost_ok = o.ghost_ok
    preview = o.preview
    game = source
    board = game.board
    geo = board.geo
    frame = Frame(geo.width, geo.height, o.coords)
    cols = _colours(o.colours, game.players)
    out: list[str] = []
    focus_squares = [s for s in (_square_index(board, n) for n in o.focus) if s >= 0]
    if focus_squares:
        stroke = player_colour(cols[o.focus_owner - 1]) if o.focus_owner else "#ffffff"
        d = _outline(frame, board, focus_squares)
        out.append(f'<g class="focus"><path d="{d}" stroke="#1d1d1d" stroke-width="5" '
                   f'stroke-linecap="square" fill="none" stroke-opacity=".55"/>'
                   f'<path d="{d}" stroke="{_attr(stroke)}" stroke-width="2.5" '
                   f'stroke-linecap="square" fill="none"/></g>')
    v = _square_index(board, o.tally_at) if o.tally_at else -1
    if v >= 0 and o.tally is not None:
        out.append(_tally(frame, board, v, o.tally, game.players, cols))
    if ghost is None:
        return "".join(out)
    move = ghost if isinstance(ghost, Move) else Move.parse(ghost)
    if move.is_pass:
        return "".join(out)
    if ghost_ok is None:
        try:
            ghost_ok = game.why_illegal(move) is None
        except ValueError:
            ghost_ok = False
    if ghost_ok and preview is None:
        preview = game.preview(move)
    halves = [(col, row, k) for (col, row), k in zip(move.coords, move.colours, strict=True)
              if 0 <= col < geo.width and 0 <= row < geo.height]
    if ghost_ok and preview:
        out.append(_preview_marks(frame, board, preview, cols))
    if halves:
        cls = "ghost ok" if ghost_ok else "ghost bad"
        # a tile partly off the board is no move of this board: no move text
        whole = off_board(board, move.coords) is None
        out.append(_tile(frame, halves, cls=cls,
                         attrs=f' data-move="{_attr(move)}"' if whole else ""))
        if not ghost_ok:
            for col, row, _ in halves:
                cx, cy = frame.centre(col, row)
                out.append(f'<g class="refused"><circle cx="{_num(cx)}" cy="{_num(cy)}" r="9" '
                           f'fill="#fff" fill-opacity=".85" stroke="#5a1a10" '
                           f'stroke-width="2"/><path d="M{_num(cx - 6)} {_num(cy + 6)}'
                           f'L{_num(cx + 6)} {_num(cy - 6)}" stroke="#5a1a10" '
                           f'stroke-width="2.2"/></g>')
    if ghost_ok and preview:
        after = game.clone()
        try:
            after.play(move)
        except ValueError:  # a preview passed in that this game does not allow
            after = game
        out.append(_preview_badges(frame, board, after.board, preview, cols))
    return "".join(out)


def _tally(frame: Frame, board: Board, square: int, tally: Mapping[int, int], players: int,
           cols: Sequence[str]) -> str:
    """One disc per player with their pagodas next to a village, in a row above it."""
    col, row = _col_row(board, square)
    cx, _ = frame.centre(col, row)
    x, y = frame.xy(col, row)
    r, gap = 8.5, 2.0
    width = players * (2 * r + gap) - gap
    left = min(max(cx - width / 2, frame.left), frame.left + frame.width * CELL - width)
    top = y - r - 3 if row > 0 else y + CELL + r + 3
    out = [f'<g class="tally" data-at="{board.geo.names[square]}">'
           f'<rect x="{_num(left - 4)}" y="{_num(top - r - 3)}" width="{_num(width + 8)}" '
           f'height="{_num(2 * r + 6)}" rx="{_num(r + 3)}" fill="#1d1d1d" '
           f'fill-opacity=".6"/>']
    for p in range(1, players + 1):
        fill = player_colour(cols[p - 1])
        px = left + r + (p - 1) * (2 * r + gap)
        n = tally.get(p, 0)
        out.append(f'<g data-player="{p}" data-count="{_attr(n)}"><circle cx="{_num(px)}" '
                   f'cy="{_num(top)}" r="{_num(r)}" fill="{_attr(fill)}" '
                   f'stroke="{outline_for(fill)}" stroke-width="1"/>'
                   f'<text x="{_num(px)}" y="{_num(top + 4)}" text-anchor="middle" '
                   f'font-family="{FONT}" font-size="11" font-weight="700" '
                   f'fill="{outline_for(fill)}">{_attr(n)}</text></g>')
    out.append("</g>")
    return "".join(out)


def _preview_marks(frame: Frame, board: Board, events: Sequence[Event],
                   cols: Sequence[str]) -> str:
    """Outlines of the provinces a move would found or grow (drawn under the ghost)."""
    out = ['<g class="preview">']
    for e in events:
        if e.kind in ("found", "expand", "absorb") and e.player:
            squares = [_square_index(board, n) for n in e.squares]
            d = _outline(frame, board, [s for s in squares if s >= 0])
            stroke = player_colour(cols[e.player - 1])
            out.append(f'<path class="grow" d="{d}" stroke="#1d1d1d" stroke-width="6" '
                       f'stroke-opacity=".5" stroke-linecap="square" fill="none"/>'
                       f'<path d="{d}" stroke="{_attr(stroke)}" stroke-width="3" '
                       f'stroke-linecap="square" fill="none"/>')
    out.append("</g>")
    return "".join(out)


def _seat_of(board: Board, squares: Sequence[int]) -> int:
    """Where the pagoda of the province on ``squares`` stands on ``board``."""
    gid = board.gid[squares[0]]
    group = board.groups.get(gid) if gid >= 0 else None
    if group is None or not group.owner or squares[0] not in group.squares:
        return pagoda_square(board, squares)
    return seat_square(board, group)


def _preview_badges(frame: Frame, board: Board, after: Board, events: Sequence[Event],
                    cols: Sequence[str]) -> str:
    """Sizes, new pagodas, returned pagodas and villages changing hands (over the ghost)."""
    out = ['<g class="preview-badges">']
    latest: dict[str, Event] = {}  # a province's last word: major overrides grow
    for e in events:
        if e.kind in ("found", "expand", "absorb", "major") and e.squares:
            latest[e.squares[0]] = e
    for e in events:
        if e.kind == "return" and e.player:
            squares = [s for s in (_square_index(board, n) for n in e.squares) if s >= 0]
            if not squares:
                continue
            r, arm = 11.0, 6.0
            if len(squares) == 1 and board.layout.terrain[squares[0]] == VILLAGE:
                # The village's new pagoda takes the middle: cross out in a corner.
                col, row = _col_row(board, squares[0])
                x, y = frame.xy(col, row)
                cx, cy, r, arm = x + 9.0, y + 9.0, 7.5, 4.0
            else:
                col, row = _col_row(board, _seat_of(board, squares))
                cx, cy = frame.centre(col, row)
            fill = player_colour(cols[e.player - 1])
            out.append(f'<g class="returned" data-player="{e.player}">'
                       f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" '
                       f'fill="{_attr(fill)}" '
                       f'fill-opacity=".8" stroke="#1d1d1d" stroke-width="1.5"/>'
                       f'<path d="M{_num(cx - arm)} {_num(cy - arm)}l{_num(2 * arm)} '
                       f'{_num(2 * arm)}m0 {_num(-2 * arm)}l{_num(-2 * arm)} {_num(2 * arm)}" '
                       f'stroke="#b3261e" stroke-width="3" stroke-linecap="round"/></g>')
        elif e.kind == "village" and e.player:
            v = _square_index(board, e.squares[0]) if e.squares else -1
            if v < 0:
                continue
            col, row = _col_row(board, v)
            x, y = frame.xy(col, row)
            cx, cy = frame.centre(col, row)
            fill = player_colour(cols[e.player - 1])
            out.append(f'<g class="taken" data-player="{e.player}">'
                       f'<rect x="{x - 1}" y="{y - 1}" width="{CELL + 2}" height="{CELL + 2}" '
                       f'rx="5" fill="none" stroke="#1d1d1d" stroke-width="6" '
                       f'stroke-opacity=".5"/><rect x="{x - 1}" y="{y - 1}" '
                       f'width="{CELL + 2}" height="{CELL + 2}" rx="5" fill="none" '
                       f'stroke="{_attr(fill)}" stroke-width="3"/>'
                       + pagoda(cx + 6, cy - 4, fill, False, scale=0.85, cls="pagoda new")
                       + "</g>")
    for e in latest.values():
        squares = [s for s in (_square_index(board, n) for n in e.squares) if s >= 0]
        if not squares or not e.player:
            continue
        col, row = _col_row(board, _seat_of(after, squares))
        cx, cy = frame.centre(col, row)
        fill = player_colour(cols[e.player - 1])
        size = e.size or len(squares)
        major = e.kind == "major" or size >= 5
        new = e.kind in ("found", "major", "absorb")
        if new:
            out.append(pagoda(cx, cy, fill, major, cls="pagoda new"))
        bx, by = cx + CELL / 2 - 6, cy - CELL / 2 + 6
        line = outline_for(fill)
        out.append(f'<g class="size-badge" data-size="{_attr(size)}">'
                   f'<circle cx="{_num(bx)}" cy="{_num(by)}" r="9" fill="{_attr(fill)}" '
                   f'stroke="{line}" stroke-width="1.5"/>'
                   f'<text x="{_num(bx)}" y="{_num(by + 4)}" text-anchor="middle" '
                   f'font-family="{FONT}" font-size="11" font-weight="700" '
                   f'fill="{line}">{_attr(size)}</text></g>')
    out.append("</g>")
    return "".join(out)


def _colours(colours: Sequence[str] | None, players: int) -> list[str]:
    """The players' colours, the defaults after the chosen ones; ``ColourError`` for a
    chosen colour that is not a palette name or ``#rrggbb``."""
    chosen = [check_colour(c) for c in colours] if colours else []
    for c in DEFAULT_COLOURS:
        if len(chosen) >= max(players, 4):
            break
        if c not in chosen:
            chosen.append(c)
    return chosen


# -- the whole board ------------------------------------------------------------------
class Drawing(NamedTuple):
    """A board drawn as keyed items (``render_keyed``): ``html`` is the whole SVG; each
    item (its container's key, its key, its HTML) is one element whose ``data-part`` is
    its key, inside the element whose ``data-part`` is its container's key; ``frame``
    is the rest of ``html`` (a page that drew the same frame before may replace, add or
    remove only the items that changed)."""

    html: str
    frame: str
    items: tuple[tuple[str, str, str], ...]


class _Drawn:
    """The SVG being written: its text, and (keyed) its items apart from the rest."""

    def __init__(self, keyed: bool) -> None:
        self.keyed = keyed
        self.out: list[str] = []
        self.frame: list[str] = []
        self.items: list[tuple[str, str, str]] = []

    def add(self, html: str) -> None:
        self.out.append(html)
        if self.keyed:
            self.frame.append(html)

    def item(self, box: str, key: str, html: str) -> None:
        self.out.append(html)
        if self.keyed:
            self.items.append((box, key, html))

    def group(self, opening: str, key: str, items: Iterable[tuple[str, str]]) -> None:
        """A layer whose elements are items: ``opening`` is its tag without its ``>``."""
        self.add(f"{opening}{_part(key, self.keyed)}>")
        for item_key, html in items:
            self.item(key, item_key, html)
        self.add("</g>")

    def drawing(self) -> Drawing:
        return Drawing("".join(self.out), "".join(self.frame), tuple(self.items))


def _part(key: str, keyed: bool) -> str:
    """The ``data-part`` of a keyed item (keys are made of square names and moves:
    letters, digits and ``-``, nothing to escape)."""
    return f' data-part="{key}"' if keyed else ""



def render_svg(source: Game | str, options: BoardOptions = PLAIN) -> str:
    """The board of ``source`` (a ``Game`` or position text) as one SVG document string,
    drawn as ``options`` say (``BoardOptions``: its fields say what each does)."""
    return _draw(False, source, options).html


def render_keyed(source: Game | str, options: BoardOptions = PLAIN) -> Drawing:
    """``render_svg``'s board (the same options) as a ``Drawing``: keyed items (every
    tile, pagoda and square; the terrain, the provinces and the last move's outline,
    always there), each with ``data-part``, for a page that writes only what changed
    (the game page)."""
    return _draw(True, source, options)


def _draw(keyed: bool, source: Game | str, o: BoardOptions) -> Drawing:
    """``render_svg`` and ``render_keyed``: the board, keyed or not."""
    ghost = o.move if o.ghost is None else o.ghost
    coords = o.coords
    game = Game.from_position(source) if isinstance(source, str) else source
    board = game.board
    geo = board.geo
    frame = Frame(geo.width, geo.height, coords)
    cols = _colours(o.colours, game.players)
    who = list(o.names) if o.names else list(game.names)

    states: dict[int, list[str]] = {}
    for cls, squares in (("legal", o.legal), ("hl", o.highlight), ("last", o.last)):
        for name in squares:
            s = _square_index(board, name)
            if s >= 0:
                states.setdefault(s, []).append(cls)

    vw, vh = frame.view_w, frame.view_h
    dims = ""
    if o.size:
        dims = f' width="{int(o.size)}" height="{round(int(o.size) * vh / vw)}"'
    label = o.label
    if label is None:
        label = board_label(game.board_name, geo.width, geo.height, who[:game.players])
    out = _Drawn(keyed)
    out.add(f'<svg xmlns="http://www.w3.org/2000/svg" class="qin-board" '
            f'viewBox="0 0 {vw} {vh}"{dims} role="img" aria-label="{_attr(label)}" '
            f'data-width="{geo.width}" data-height="{geo.height}" '
            f'data-players="{game.players}"{_part("board", keyed)}>')
    if o.style:
        out.add(f"<style>{STYLE}</style>")
    out.add(DEFS)
    out.add(f'<rect class="frame" x="0" y="0" width="{vw}" height="{vh}" rx="10" '
            f'fill="url(#qin-frame) {FRAME}" stroke="{FRAME_EDGE}" stroke-width="2"/>')
    if coords:
        out.add(_labels(frame))
    out.item("board", "terrain", _terrain(frame, board, cols, _part("terrain", keyed)))
    out.group('<g class="tiles"', "tiles", _tiles(frame, board, game.moves, keyed))
    out.group('<g class="provinces"', "provinces", _provinces(frame, board, cols, keyed))
    out.group('<g class="pagodas"', "pagodas", _pagodas(frame, board, cols, keyed))
    last_squares = [s for s, cls in states.items() if "last" in cls]
    if last_squares or keyed:  # keyed: always there (an item that is not first is kept)
        d = _outline(frame, board, last_squares)
        line = (f'<path class="last-casing" d="{d}" stroke="#1d1d1d" '
                f'stroke-opacity=".6" stroke-width="7" stroke-linecap="square" '
                f'fill="none"/><path class="last-line" d="{d}" stroke="#ffe45c" '
                f'stroke-width="3.5" stroke-linecap="square" fill="none"/>'
                if last_squares else "")
        cls = ' class="last-move"' if last_squares else ""  # keyed and empty: a place
        out.item("board", "last", f'<g{cls}{_part("last", keyed)}>{line}</g>')
    out.group('<g class="squares"', "squares", _squares(frame, board, states, keyed))
    out.add('<g class="overlay">')
    if ghost is not None or o.focus or o.tally_at:
        out.add(render_overlay(game, o))
    out.add("</g></svg>")
    return out.drawing()


def province_squares(game: Game, square: str) -> Group | None:
    """The province (2+ squares) on ``square``, or ``None`` (a convenience for pages)."""
    group = game.province_at(square)
    return group if group is not None and group.owner else None


__all__ = [
    "BoardOptions",
    "CELL",
    "DEFAULT_COLOURS",
    "DEFAULT_NAMES",
    "ColourError",
    "PAGODA_COLOURS",
    "PAGODA_MARKS",
    "TILE_MARKS",
    "Frame",
    "check_colour",
    "outline_for",
    "pagoda",
    "pagoda_mark",
    "pagoda_square",
    "province_edges",
    "seat_square",
    "player_colour",
    "province_squares",
    "render_overlay",
    "Drawing",
    "render_keyed",
    "render_svg",
    "tile_mark",
]
