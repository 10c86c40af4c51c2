"""The diagrams' first drawing (web/embed/stamp.js, before Python is loaded) is the
drawing of qin.svg: stamp.js only pastes the fragments qin/svg_parts.py cut out of
render_svg's output. Runs stamp.js under Node and compares, element by element, what
it drew with render_svg's SVG: every square, terrain piece, tile half and pagoda, its
classes, player, pagoda count and position.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from qin.svg import BoardOptions, render_svg
from qin.svg_parts import board_parts, board_parts_json
from tests.conftest import node_json

ROOT = Path(__file__).resolve().parent.parent
STAMP = ROOT / "web" / "embed" / "stamp.js"
POSITIONS = sorted((ROOT / "web" / "rules" / "positions").glob("*.txt"))

EVERY_TOKEN = """players: 4
- .  ~  v  v1 v2 v3 v4
R Y  B  r  y  b  .  .
r1 r r  r  r  .  y3 y
b b4 .  ~  .  .  .  y
"""

CASES: list[tuple[str, str, dict[str, object]]] = [
    (p.name, p.read_text(encoding="utf-8"), {}) for p in POSITIONS] + [
    ("every-token", EVERY_TOKEN, {}),
    ("every-token-plain", EVERY_TOKEN, {"coords": False}),
    ("highlight", EVERY_TOKEN, {"highlight": ["b2", "c3"]}),
    ("colours", EVERY_TOKEN, {"colours": ["purple", "orange"]}),
    ("colours-all", EVERY_TOKEN, {"colours": ["pink", "black", "white", "green"]}),
]

NS = "http://www.w3.org/2000/svg"
TRANSLATE = re.compile(r"translate\(([-\d.]+)[ ,]+([-\d.]+)\)")


def _shift(element: ET.Element) -> tuple[float, float]:
    m = TRANSLATE.search(element.get("transform", ""))
    return (float(m.group(1)), float(m.group(2))) if m else (0.0, 0.0)


MOVE = re.compile(r"^M([-\d.]+)[ ,]+([-\d.]+)")


def _corner(element: ET.Element) -> tuple[float, float]:
    """Where an element's own drawing starts (its x/y, its path's first point, or that
    of its first child that has one), before any transform."""
    for e in element.iter():
        if e.get("x") is not None:
            return float(e.get("x", 0)), float(e.get("y", 0))
        m = MOVE.match(e.get("d", ""))
        if m:
            return float(m.group(1)), float(m.group(2))
        if e is element and e.get("transform"):
            return 0.0, 0.0
    return 0.0, 0.0


def signature(svg: str) -> list[tuple[object, ...]]:
    """Every element drawn for a square, with where it ends up on the page."""
    out: list[tuple[object, ...]] = []

    def walk(element: ET.Element, dx: float, dy: float) -> None:
        sx, sy = _shift(element)
        key = element.get("data-at") or element.get("data-square")
        if key:
            x, y = _corner(element)
            x, y = x + dx + sx, y + dy + sy
            out.append((element.tag.split("}")[-1], element.get("class"), key,
                        element.get("data-player"), element.get("data-count"),
                        element.get("data-owner"), round(x, 2), round(y, 2)))
        for child in element:
            walk(child, dx + sx, dy + sy)

    walk(ET.fromstring(svg), 0.0, 0.0)
    return sorted(out, key=repr)


@pytest.fixture(scope="module")
def stamped(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    work = tmp_path_factory.mktemp("stamp")
    (work / "parts.json").write_text(board_parts_json(), encoding="utf-8")
    (work / "cases.json").write_text(json.dumps(
        [[name, text, options] for name, text, options in CASES]), encoding="utf-8")
    script = (
        f"import {{ stamp }} from {json.dumps(STAMP.as_uri())};\n"
        "import { readFileSync } from 'node:fs';\n"
        f"const parts = JSON.parse(readFileSync({json.dumps(str(work / 'parts.json'))}));\n"
        f"const cases = JSON.parse(readFileSync({json.dumps(str(work / 'cases.json'))}));\n"
        "const out = {};\n"
        "for (const [name, text, options] of cases) out[name] = stamp(text, parts, options);\n"
        "console.log(JSON.stringify(out));\n")
    data: dict[str, str] = node_json(script)
    return data


@pytest.mark.parametrize(("name", "text", "options"), CASES, ids=[c[0] for c in CASES])
def test_stamp_draws_what_render_svg_draws(stamped: dict[str, str], name: str, text: str,
                                           options: dict[str, object]) -> None:
    expected = render_svg(text, BoardOptions(**options))  # type: ignore[arg-type]
    got = stamped[name]
    assert signature(got) == signature(expected)
    want_root, got_root = ET.fromstring(expected), ET.fromstring(got)
    for attr in ("viewBox", "class", "data-width", "data-height", "data-players"):
        assert got_root.get(attr) == want_root.get(attr), attr
    # the same layers in the same order
    layers = [(e.tag, e.get("class")) for e in want_root]
    assert [(e.tag, e.get("class")) for e in got_root] == layers
    # the owners' lines around the provinces, traced alike
    assert provinces(got) == provinces(expected)


def provinces(svg: str) -> list[tuple[str | None, ...]]:
    """Each province outline drawn: its classes, owner and path."""
    return sorted((e.get("class"), e.get("data-player"), e.get("stroke"), e.get("d"))
                  for e in ET.fromstring(svg).iter(f"{{{NS}}}path")
                  if "province" in (e.get("class") or ""))


def test_parts_cover_every_palette_colour_and_token() -> None:
    parts = board_parts()
    assert set(parts["terrain"]) == {"~", "v", "R", "Y", "B", "-"}
    assert set(parts["tiles"]) == {"r", "y", "b"}
    for colour, pieces in parts["colours"].items():
        assert set(pieces) == {"village", "village_pagoda", "single", "double",
                               "province"}, colour
        assert 'data-count="2"' in pieces["double"] and 'data-count="1"' in pieces["single"]
        assert all("{at}" in piece and "{p}" in piece for key, piece in pieces.items()
                   if key != "province")
        assert "{d}" in pieces["province"] and "{p}" in pieces["province"]
    assert json.loads(board_parts_json()) == parts
