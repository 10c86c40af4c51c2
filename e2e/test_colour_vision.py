"""Colour-blind play, checked on the board as Chromium draws it.

The board of a fixed position (the three province colours as starting spaces, four
players' pagodas on red provinces) is drawn by the one renderer the game and the
diagrams use (`qin.svg.render_svg`), then seen through an SVG colour matrix that
simulates each colour-vision deficiency (Machado, Oliveira & Fernandes 2009, severity
1.0, on linear RGB; e2e/pixels.py, the same matrices as tests/test_access.py) and through plain
greyscale (no colour at all). From the screenshot's pixels:
- the three province colours stay clearly apart (CIE76 delta E > 20) for protanopia,
  deuteranopia and tritanopia;
- in greyscale each province colour's marker (hatch, sun, waves) still gives its
  square a pattern of its own, and the four players' pagodas still differ (glyph and
  tone), so not one of them rests on hue alone.
The simulated screenshots are kept in e2e-artifacts/cvd-*.png.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

from playwright.sync_api import Page

from e2e.pixels import CVD, GREYSCALE, Box, Image, Matrix, decode_png, delta_e
from qin.svg import BoardOptions, render_svg

ARTIFACTS = Path(__file__).resolve().parent.parent / "e2e-artifacts"

POSITION = """\
players: 4
. . . . . . .
. r1 r . r2 r .
. . . . . . .
. r3 r . r4 r .
. . . . . . .
. R . Y . B .
. . . . . . .
"""


def fe_values(matrix: Matrix) -> str:
    """A 3x3 linear-RGB matrix as feColorMatrix's 4x5 ``values`` (alpha kept)."""
    rows = [" ".join(f"{c:g}" for c in row) + " 0 0" for row in matrix]
    return " ".join(rows) + " 0 0 0 1 0"


MATRICES = {**{k: fe_values(m) for k, m in CVD.items()}, "greyscale": fe_values(GREYSCALE)}


def pattern(image: Image, box: Box) -> list[float]:
    """The grey grid of ``box`` less its median tone: what a marker adds to a fill."""
    grid = image.grey_grid(box, cells=24)
    middle = sorted(grid)[len(grid) // 2]
    return [g - middle for g in grid]


def differing(a: list[float], b: list[float], levels: float = 12) -> float:
    """The share of cells where two patterns differ by more than ``levels`` of grey."""
    return sum(abs(p - q) > levels for p, q in zip(a, b, strict=True)) / len(a)


def apart(a: list[float], b: list[float]) -> float:
    return sum(abs(p - q) for p, q in zip(a, b, strict=True)) / len(a)


def draw(page: Page) -> dict[str, Box]:
    """Put the board on the page; return the boxes of its starts and pagodas."""
    filters = "".join(
        f'<filter id="{name}" color-interpolation-filters="linearRGB">'
        f'<feColorMatrix type="matrix" values="{values}"/></filter>'
        for name, values in MATRICES.items())
    page.set_viewport_size({"width": 700, "height": 700})
    page.set_content(
        '<!doctype html><html><body style="margin:0;background:#fff">'
        f'<svg width="0" height="0" style="position:absolute">{filters}</svg>'
        f'<div id="board" style="width:600px">{render_svg(POSITION, BoardOptions(size=600))}</div>'
        "</body></html>")
    boxes: dict[str, Box] = page.evaluate("""() => {
        const out = {};
        const at = document.getElementById("board").getBoundingClientRect();
        const put = (key, el) => { const r = el.getBoundingClientRect();
            out[key] = [r.x - at.x, r.y - at.y, r.width, r.height]; };
        for (const g of document.querySelectorAll("g.start"))
            put(g.getAttribute("class").split(" ")[1], g.querySelector("rect"));
        for (const g of document.querySelectorAll("g.pagoda"))
            put("p" + g.dataset.player, g);
        return out; }""")
    return boxes


def seen(page: Page, kind: str) -> Image:
    page.eval_on_selector("#board", "(el, k) => { el.style.filter = `url(#${k})`; }", kind)
    png = page.locator("#board").screenshot()
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"cvd-{kind}.png").write_bytes(png)
    return decode_png(png)


COLOURS = ("red", "yellow", "blue")


def test_province_colours_stay_apart_for_colour_blind_players(page: Page) -> None:
    boxes = draw(page)
    assert set(COLOURS) <= set(boxes), boxes
    for kind in ("protanopia", "deuteranopia", "tritanopia"):
        image = seen(page, kind)
        fill = {c: image.median_colour(boxes[c]) for c in COLOURS}
        for a, b in combinations(COLOURS, 2):
            assert delta_e(fill[a], fill[b]) > 20, (kind, a, b, fill)


def test_markers_and_pagodas_tell_apart_without_any_colour(page: Page) -> None:
    boxes = draw(page)
    image = seen(page, "greyscale")
    marks = {c: pattern(image, boxes[c]) for c in COLOURS}
    for a, b in combinations(COLOURS, 2):
        # measured: 14% to 38% of the cells (a marker is a few thin strokes)
        assert differing(marks[a], marks[b]) > 0.07, (a, b, differing(marks[a], marks[b]))
    pagodas = {p: image.grey_grid(boxes[p]) for p in ("p1", "p2", "p3", "p4")}
    assert len(pagodas) == 4, boxes
    for a, b in combinations(pagodas, 2):
        # measured: a mean difference of 11 to 58 grey levels
        assert apart(pagodas[a], pagodas[b]) > 8, (a, b, apart(pagodas[a], pagodas[b]))
