"""The board drawing's shared pieces: one ``<defs>`` per board (``DEFS``).

Textures and shading that every square would otherwise repeat are defined once here
and referenced by ``qin.svg`` (``fill="url(#qin-grass)"``, ``<use href="#qin-houses">``):
the grassland's tufts, the water's ripples, the village's houses and courtyard, the
tile faces' light, the frame's lacquer.  All drawn for this project (no outside art).

Every id starts with ``qin-``; every board carries the same ``DEFS``, so two boards on
one page define the same ids with the same content and either definition serves.
"""

from __future__ import annotations

GRASS_BASE = "#a9c98b"
GRASS_DARK = "#8db46f"
GRASS_LIGHT = "#c4dca8"
WATER_BASE = "#6ea6c6"
WATER_LIGHT = "#d6ecf6"
WATER_DARK = "#4f87a8"
COURT = "#dccaa2"
COURT_DARK = "#b89f72"
HOUSE_WALL = "#f4ead3"
HOUSE_ROOF = "#8e3b26"
HOUSE_ROOF_DARK = "#5f2718"
HOUSE_LINE = "#4e3b25"
FRAME_TOP = "#4f7440"
FRAME_BOTTOM = "#34532a"

TILE_FACES = (("#e0604c", "#cc4331", "#b3361f"),
              ("#f5cc5c", "#ecb93b", "#d5a22a"),
              ("#4a7cc8", "#2f64b6", "#244f94"))
"""Light, middle and shade of each tile colour's face (index = colour); the middle is
``qin.svg.TILE_FILL``."""
FACE_IDS = ("qin-face-red", "qin-face-yellow", "qin-face-blue")


def _grass() -> str:
    """80 x 80 of grassland: tufts of blades, dark and light, and a few flowers."""
    dark: list[str] = []
    light: list[str] = []
    tufts = ((9, 14), (31, 6), (55, 19), (72, 9), (18, 41), (44, 36), (66, 47),
             (6, 63), (29, 71), (52, 66), (77, 74), (38, 55))
    for i, (x, y) in enumerate(tufts):
        blades = f"M{x} {y}l-2 -4M{x} {y}l0 -5M{x} {y}l2.5 -3.5"
        (dark if i % 3 else light).append(blades)
    flowers = "".join(f'<circle cx="{x}" cy="{y}" r="1"/>'
                      for x, y in ((24, 24), (61, 31), (13, 52), (47, 78)))
    return (f'<pattern id="qin-grass" patternUnits="userSpaceOnUse" width="80" height="80">'
            f'<rect width="80" height="80" fill="{GRASS_BASE}"/>'
            f'<path d="M0 28q20-6 40 0t40 0M0 68q20 5 40 0t40 0" stroke="{GRASS_LIGHT}" '
            f'stroke-width="9" stroke-opacity=".22" fill="none"/>'
            f'<path d="{"".join(dark)}" stroke="{GRASS_DARK}" stroke-width="1.1" '
            f'stroke-linecap="round" fill="none"/>'
            f'<path d="{"".join(light)}" stroke="{GRASS_LIGHT}" stroke-width="1.1" '
            f'stroke-linecap="round" fill="none"/>'
            f'<g fill="#f3efd6" fill-opacity=".8">{flowers}</g></pattern>')


def _water() -> str:
    """40 x 20 of water (a square holds whole tiles of it, so squares join seamlessly)."""
    return (f'<pattern id="qin-water" patternUnits="userSpaceOnUse" width="40" height="20">'
            f'<rect width="40" height="20" fill="{WATER_BASE}"/>'
            f'<path d="M3 7q4-3.5 8 0t8 0M23 16q4-3.5 8 0t8 0" stroke="{WATER_LIGHT}" '
            f'stroke-width="1.3" stroke-linecap="round" stroke-opacity=".85" fill="none"/>'
            f'<path d="M26 4q3-2 6 0M6 14q3-2 6 0" stroke="{WATER_DARK}" stroke-width="1" '
            f'stroke-linecap="round" stroke-opacity=".6" fill="none"/></pattern>')


def _faces() -> str:
    out = []
    for ident, (light, mid, shade) in zip(FACE_IDS, TILE_FACES, strict=True):
        out.append(f'<linearGradient id="{ident}" x1="0" y1="0" x2="1" y2="1">'
                   f'<stop offset="0" stop-color="{light}"/>'
                   f'<stop offset=".45" stop-color="{mid}"/>'
                   f'<stop offset="1" stop-color="{shade}"/></linearGradient>')
    return "".join(out)


def _house(x: float, y: float, s: float) -> str:
    """A little house with a curved roof whose ridge ends turn up, base centre (x, y)."""
    w, h, r = 11 * s, 6.5 * s, 4.5 * s
    left, right, top = x - w / 2, x + w / 2, y - h
    n = _n
    roof = (f"M{n(left - 2.6 * s)} {n(top - 0.6 * s)}Q{n(left)} {n(top + 0.4 * s)} "
            f"{n(left + 1.5 * s)} {n(top - r)}H{n(right - 1.5 * s)}Q{n(right)} "
            f"{n(top + 0.4 * s)} {n(right + 2.6 * s)} {n(top - 0.6 * s)}Z")
    return (f'<rect x="{n(left)}" y="{n(top)}" width="{n(w)}" height="{n(h)}" '
            f'fill="{HOUSE_WALL}" stroke="{HOUSE_LINE}" stroke-width=".7"/>'
            f'<rect x="{n(x - 1.3 * s)}" y="{n(y - 3.6 * s)}" width="{n(2.6 * s)}" '
            f'height="{n(3.6 * s)}" fill="{HOUSE_ROOF_DARK}"/>'
            f'<path d="{roof}" fill="{HOUSE_ROOF}" stroke="{HOUSE_LINE}" stroke-width=".7" '
            f'stroke-linejoin="round"/>'
            f'<path d="M{n(left + 1.5 * s)} {n(top - r + 1.2 * s)}H{n(right - 1.5 * s)}" '
            f'stroke="{HOUSE_ROOF_DARK}" stroke-width="{n(0.9 * s)}"/>')


def _houses() -> str:
    """A village square's courtyard and houses, drawn at (0, 0) for ``<use>``."""
    return ('<g id="qin-houses">'
            f'<rect x="1" y="1" width="38" height="38" rx="4" fill="{COURT}" '
            f'stroke="{COURT_DARK}" stroke-width="1"/>'
            f'<path d="M5 33h30M9 36h22" stroke="{COURT_DARK}" stroke-width=".8" '
            f'stroke-opacity=".7" stroke-dasharray="2 2.5"/>'
            f'<ellipse cx="20" cy="31" rx="16" ry="3" fill="#000" fill-opacity=".12"/>'
            + _house(12, 30, 1.0) + _house(27, 31.5, 0.9) + _house(20, 21.5, 0.75)
            + "</g>")


def _frame() -> str:
    return (f'<linearGradient id="qin-frame" x1="0" y1="0" x2="0" y2="1">'
            f'<stop offset="0" stop-color="{FRAME_TOP}"/>'
            f'<stop offset="1" stop-color="{FRAME_BOTTOM}"/></linearGradient>')


def _n(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0")


DEFS = "<defs>" + _grass() + _water() + _faces() + _houses() + _frame() + "</defs>"
"""The ``<defs>`` element every board draws once, before anything that uses it."""

__all__ = ["DEFS", "FACE_IDS", "TILE_FACES"]
