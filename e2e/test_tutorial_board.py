"""The tutorial's small boards drawn at their own shape, on a laptop and on a phone.

A step's board is a few columns by a few rows (6x5, 10x2...), wider than tall; the game's
is square.  The board's box (its shadow and rounded corners are the box's) is the
drawing's own: never a square card round a wide board, with a pale band above and below
it.  Measured: the box's proportions are the drawing's (its viewBox), the box lies
inside the window, and the box's rounded corners (round which the shadow is cast) are
the drawn frame's, so no pale wedge shows between the shadow and the board at a corner.
Waits are on the page's state, never sleeps.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.helpers import PageProblems, boot, window_context
from e2e.screens import TUTORIAL_STEPS

WINDOWS = {"laptop-1366x768": (1366, 768, False), "phone-360x740": (360, 740, True)}

BOX_JS = """() => {
  const svg = document.querySelector('#board svg');
  const [, , vw, vh] = svg.getAttribute('viewBox').split(/\\s+/).map(Number);
  const r = svg.getBoundingClientRect();
  return { drawn: vw / vh, box: r.width / r.height, left: r.left, top: r.top + scrollY,
           right: r.right, bottom: r.bottom + scrollY, width: innerWidth,
           height: innerHeight };
}"""


CORNER_JS = """() => {
  // The corner's radii in CSS pixels, across and down: of the box that casts the shadow
  // (its border radius) and of the frame drawn (its rx and ry, in the drawing's units).
  const svg = document.querySelector('#board svg');
  const frame = svg.querySelector('rect.frame');
  const [, , vw, vh] = svg.getAttribute('viewBox').split(/\\s+/).map(Number);
  const box = svg.getBoundingClientRect();
  const length = (value, whole) =>
    value.endsWith('%') ? parseFloat(value) / 100 * whole : parseFloat(value);
  const radius = getComputedStyle(svg).borderTopLeftRadius.split(' ');
  const shadow = [length(radius[0], box.width), length(radius[1] ?? radius[0], box.height)];
  const f = getComputedStyle(frame);
  const rx = f.rx === 'auto' ? f.ry : f.rx, ry = f.ry === 'auto' ? rx : f.ry;
  const drawn = [length(rx, vw) * box.width / vw, length(ry, vh) * box.height / vh];
  return { shadow, drawn };
}"""


@pytest.fixture(params=tuple(WINDOWS))
def window(request: pytest.FixtureRequest, browser: Browser, base_url: str,
           page_problems: PageProblems) -> Iterator[Page]:
    width, height, touch = WINDOWS[str(request.param)]
    context = window_context(browser, base_url, page_problems, width, height, touch)
    yield context.new_page()
    context.close()


def test_each_tutorial_board_s_box_is_its_drawing_s_shape_with_its_corners(
        window: Page) -> None:
    """Each step once: the box's proportions, its place in the window, and its rounded
    corners (the shadow's) the drawn frame's."""
    page = window
    boot(page, "/#learn=place")
    problems = []
    for step in TUTORIAL_STEPS:
        page.evaluate("h => { location.hash = h }", f"#learn={step}")
        expect(page.locator("#tutorial")).to_have_attribute("data-step", step)
        expect(page.locator("#app")).to_have_attribute("data-mode", "tutorial")
        page.wait_for_function("() => window.qinIdle")
        m = page.evaluate(BOX_JS)
        if abs(m["box"] / m["drawn"] - 1) > 0.02:
            problems.append(f"{step}: a box {m['box']:.2f} wide per unit of height round "
                            f"a drawing of {m['drawn']:.2f}")
        if m["left"] < 0 or m["right"] > m["width"] or m["top"] < 0:
            problems.append(f"{step}: the board at {m['left']:.0f}..{m['right']:.0f} "
                            f"in a {m['width']} px window")
        if m["bottom"] > m["height"]:
            problems.append(f"{step}: the board's foot at {m['bottom']:.0f} px, below "
                            f"the {m['height']} px window")
        corner = page.evaluate(CORNER_JS)
        if any(abs(a - b) > 0.5 for a, b in zip(corner["shadow"], corner["drawn"],
                                                strict=True)):
            problems.append(f"{step}: the shadow's corner {corner['shadow']} px round "
                            f"a frame drawn with corners of {corner['drawn']} px")
    assert problems == []
