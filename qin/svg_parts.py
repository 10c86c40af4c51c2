"""The pieces of ``qin.svg``'s drawing, for stamping a board before Python is loaded.

An embedded diagram (``web/embed/qin-board.js``) draws its position as soon as the page
shows it, seconds before Pyodide is ready.  So that there is still only ONE renderer,
the diagram does not draw anything itself: at site build time ``board_parts()`` cuts
``render_svg``'s own output into the fragments a square token draws (terrain, tile half,
pagodas, the interactive ``rect.sq``) plus the size-dependent frame, as templates; the
script only tokenizes the position text, finds the provinces (to know where
``render_svg`` puts their pagoda) and pastes the fragments at their squares.  Once the
engine is loaded, the diagram is drawn again by ``render_svg`` itself.

The fragments are found by rendering tiny boards and reading back the elements that
belong to one square (``data-at`` / ``data-square``), so this module knows only the
layer structure documented in ``qin.svg`` and never how anything is drawn.

Template placeholders (filled by the script): ``{at}`` square name, ``{p}`` player,
``{state}`` extra classes of a ``rect.sq`` (with a leading space), ``{d}`` path data
(the grid; a province's outline, traced by the script as ``qin.svg.province_edges``
does), ``{vw} {vh}`` view box, ``{w} {h}`` board size in squares, ``{x} {y} {gw} {gh}``
the grass area, ``{t}`` label text, ``{label}`` accessible label, ``{players}``.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

from . import svg

FORMAT = "qin-board-parts/1"
SVG_NS = "http://www.w3.org/2000/svg"
_NS = "{" + SVG_NS + "}"

# One square of a 3 x 3 board is cut out: b2, whose top-left corner is at ORIGIN when
# the board is drawn without coordinates.
AT = "b2"
ORIGIN = (svg.RIM + svg.CELL, svg.RIM + svg.CELL)

# Square tokens of spec/notation.md that draw something of their own (villages held
# by a player are drawn per pagoda colour, below).
TERRAIN_TOKENS = ("~", "v", "R", "Y", "B", "-")
TILE_TOKENS = ("r", "y", "b")
SQ_TOKENS = (".", "~", "v", "R", "Y", "B", "r", "y", "b")

ET.register_namespace("", SVG_NS)


def _tag(element: ET.Element) -> str:
    return element.tag.removeprefix(_NS)


def _render(grid: str, colour: str | None = None, coords: bool = False,
            highlight: tuple[str, ...] = ()) -> ET.Element:
    players = "players: 2\n"
    colours = [colour, "white" if colour != "white" else "green"] if colour else None
    text = svg.render_svg(players + grid, svg.BoardOptions(coords=coords, colours=colours,
                                                           highlight=highlight))
    return ET.fromstring(text)


def _layer(root: ET.Element, name: str) -> ET.Element:
    for child in root:
        if _tag(child) == "g" and child.get("class") == name:
            return child
    raise ValueError(f"qin.svg drew no <g class=\"{name}\"> layer")


def _text(element: ET.Element) -> str:
    out = ET.tostring(element, encoding="unicode")
    # ElementTree writes the namespace on every fragment it serializes alone.
    return out.replace(f' xmlns="{SVG_NS}"', "")


def _owned(element: ET.Element, at: str) -> bool:
    """Whether an element (or one of its descendants) is drawn for square ``at``."""
    return any(e.get("data-at") == at or e.get("data-square") == at for e in element.iter())


def _template(element: ET.Element, at: str, player: int | None = None) -> str:
    """The element as text, its square name and player turned into placeholders."""
    for e in element.iter():
        for key in ("data-at", "data-square"):
            if e.get(key) == at:
                e.set(key, "{at}")
        if player is not None:
            for key in ("data-player", "data-owner"):
                if e.get(key) == str(player):
                    e.set(key, "{p}")
            cls = e.get("class")
            if cls:
                e.set("class", " ".join("p{p}" if c == f"p{player}" else c
                                        for c in cls.split()))
    return _text(element)


def _grid(centre: str) -> str:
    """A 3 x 3 grassland board with ``centre`` on b2."""
    return ". . .\n. " + centre + " .\n. . .\n"


def _cut(root: ET.Element, layer: str, at: str = AT, player: int | None = None,
         skip: int = 0) -> str:
    parts = [_template(child, at, player) for child in list(_layer(root, layer))[skip:]
             if _owned(child, at)]
    return "".join(parts)


def _skeleton(coords: bool) -> dict[str, Any]:
    """The size-dependent pieces, from a 3 x 2 grassland board."""
    width, height = 3, 2
    root = _render(". . .\n. . .\n", coords=coords)
    frame = svg.Frame(width, height, coords)
    out: dict[str, Any] = {"left": frame.left, "top": frame.top}
    for key, value in (("viewBox", "0 0 {vw} {vh}"), ("data-width", "{w}"),
                       ("data-height", "{h}"), ("data-players", "{players}"),
                       ("aria-label", "{label}")):
        if root.get(key) is not None:
            root.set(key, value)
    for attr in ("width", "height"):  # only with a fixed size; the page sizes it
        root.attrib.pop(attr, None)
    opening = _text(ET.Element(root.tag, root.attrib))
    opening = opening.removesuffix(" />").removesuffix("/>") + ">"
    out["open"] = opening.replace("<svg ", f'<svg xmlns="{SVG_NS}" ', 1)
    layers: dict[str, str] = {}
    for child in root:
        tag, cls = _tag(child), child.get("class", "")
        if tag == "style":
            out["style"] = _text(child)
        elif tag == "defs":
            out["defs"] = _text(child)
        elif tag == "rect" and cls == "frame":
            child.set("width", "{vw}")
            child.set("height", "{vh}")
            out["frame"] = _text(child)
        elif tag == "g" and cls == "coords":
            texts = [t for t in child if _tag(t) == "text"]
            col, row = texts[0], texts[width]
            out["col_label_dy"] = float(col.get("y", 0)) - frame.top
            out["row_label_x"] = float(row.get("x", 0))
            out["row_label_dy"] = float(row.get("y", 0)) - frame.centre(0, 0)[1]
            col.set("x", "{x}")
            col.set("y", "{y}")
            col.text = "{t}"
            out["label"] = _text(col)
            out["coords_open"] = _text(ET.Element(child.tag, child.attrib)).removesuffix(
                " />").removesuffix("/>") + ">"
        elif tag == "g":
            layers[cls] = _text(ET.Element(child.tag, child.attrib)).removesuffix(
                " />").removesuffix("/>") + ">"
            if cls == "terrain":
                ground, grid = child[0], child[1]
                for key, value in (("x", "{x}"), ("y", "{y}"), ("width", "{gw}"),
                                   ("height", "{gh}")):
                    ground.set(key, value)
                grid.set("d", "{d}")
                out["ground"] = _text(ground)
                out["grid"] = _text(grid)
    out["layers"] = layers
    return out


def _province(colour: str) -> str:
    """The owner's line around a province of player 1 in ``colour``, its path data a
    ``{d}`` placeholder (the script traces the outline: ``province_edges``)."""
    root = _render(". . .\n. r1 r\n. . .\n", colour)
    parts = []
    for child in _layer(root, "provinces"):
        child.set("d", "{d}")
        parts.append(_template(child, AT, player=1))
    return "".join(parts)


def board_parts() -> dict[str, Any]:
    """Everything a script needs to stamp ``render_svg``'s drawing of a position
    (without moves, ghost or overlay); JSON-ready."""
    parts: dict[str, Any] = {
        "format": FORMAT,
        "cell": svg.CELL,
        "origin": list(ORIGIN),
        "default_colours": list(svg.DEFAULT_COLOURS),
        "province_inset": svg.PROVINCE_INSET,
        "skeleton": {"plain": _skeleton(False), "coords": _skeleton(True)},
    }
    terrain: dict[str, str] = {}
    for token in TERRAIN_TOKENS:
        root = _render(_grid(token))
        if token == "-":
            # no square: the only terrain element without data-at, after ground and grid
            extra = [c for c in list(_layer(root, "terrain"))[2:] if c.get("data-at") is None]
            terrain[token] = "".join(_text(c) for c in extra)
        else:
            terrain[token] = _cut(root, "terrain", skip=2)
    tiles = {token: _cut(_render(_grid(token)), "tiles") for token in TILE_TOKENS}
    squares: dict[str, str] = {}
    for token in SQ_TOKENS:
        root = _render(_grid(token), highlight=(AT,))
        sq = [c for c in _layer(root, "squares") if c.get("data-square") == AT]
        cls = sq[0].get("class", "")
        sq[0].set("class", cls.removesuffix(" hl") + "{state}")
        squares[token] = _template(sq[0], AT)
    colours: dict[str, dict[str, str]] = {}
    double_grid = ". r .\nr r1 r\n. r .\n"
    for colour in svg.PAGODA_COLOURS:
        village = _render(_grid("v1"), colour)
        colours[colour] = {
            "village": _cut(village, "terrain", player=1, skip=2),
            "village_pagoda": _cut(village, "pagodas", player=1),
            "single": _cut(_render(". . .\n. r1 r\n. . .\n", colour), "pagodas", player=1),
            "double": _cut(_render(double_grid, colour), "pagodas", player=1),
            "province": _province(colour),
        }
    parts.update(terrain=terrain, tiles=tiles, squares=squares, colours=colours)
    return parts


def board_parts_json() -> str:
    """``board_parts()`` as compact JSON text (what the site build writes)."""
    return json.dumps(board_parts(), separators=(",", ":"), sort_keys=True) + "\n"


__all__ = ["FORMAT", "board_parts", "board_parts_json"]
