"""The page's small pictures are SVG, never a font's glyph, on a laptop's screen and a
phone's: the sound button's note, the tutorial's ticks for the steps done, the players'
turn marker, and the rules diagrams' step and swap buttons.  No icon character is left
in what the page shows; each picture is drawn, the size of the text around it.

Screenshots of each screen are left in e2e-artifacts/ (icons-*.png) to look at.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.conftest import ARTIFACTS
from e2e.helpers import PageProblems, boot
from tests.test_icons import ICON_CHARACTERS

SCREENS = {"laptop": (1366, 768), "phone": (360, 740)}

SHOWN_TEXT = """() => {
  // The text the page shows: every text node of an element that is drawn, and what
  // CSS puts before or after an element (content), which a font draws too.
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
  for (let el = walker.currentNode; el; el = walker.nextNode()) {
    if (!el.checkVisibility || !el.checkVisibility()) continue;
    for (const node of el.childNodes) if (node.nodeType === 3) out.push(node.data);
    for (const pseudo of ["::before", "::after"]) {
      const c = getComputedStyle(el, pseudo).content;
      if (c && c !== "none" && c !== "normal") out.push(c);
    }
  }
  return out.join(" ");
}"""

DRAWN = """(selector) => [...document.querySelectorAll(selector)]
  .filter((el) => el.checkVisibility())
  .map((el) => { const r = el.getBoundingClientRect(); return [r.width, r.height]; })"""


def glyphs(page: Page) -> list[str]:
    text: str = page.evaluate(SHOWN_TEXT)
    return [c for c in text if c in ICON_CHARACTERS]


def drawn(page: Page, selector: str) -> list[list[float]]:
    """The sizes of the visible pictures ``selector`` finds (each one drawn)."""
    sizes: list[list[float]] = page.evaluate(DRAWN, selector)
    assert sizes, selector
    for width, height in sizes:
        assert 8 <= width <= 32 and 8 <= height <= 32, (selector, width, height)
    return sizes


@pytest.mark.parametrize("screen", tuple(SCREENS))
def test_the_page_draws_its_icons_in_svg(screen: str, browser: Browser, site_url: str,
                                         page_problems: PageProblems) -> None:
    width, height = SCREENS[screen]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  base_url=site_url, locale="en-GB")
    page_problems.watch(context)
    context.add_init_script(  # two tutorial steps done: their ticks show
        "if (location.protocol === 'http:') localStorage.setItem('qin.tutorial', "
        f"{json.dumps(json.dumps(['place', 'turn']))})")
    page = context.new_page()
    try:
        boot(page, "/#learn=hand")
        expect(page.locator("#app")).to_have_attribute("data-mode", "tutorial")
        expect(page.locator("#tutorial-steps li")).to_have_count(12)
        expect(page.locator('#tutorial-steps button[data-done="true"]')).to_have_count(2)
        sound = page.locator("#sound")
        expect(sound).to_be_enabled()
        expect(sound).to_have_accessible_name("Sound")
        drawn(page, "#sound svg.icon")
        page.locator(".tutorial-list summary").click()  # the step list, folded at first
        expect(page.locator("#tutorial-steps")).to_be_visible()
        ticks = drawn(page, '#tutorial-steps button[data-done="true"] .step-mark svg.icon')
        assert len(ticks) == 2
        expect(page.locator('#tutorial-steps button[data-done="true"]').first) \
            .to_contain_text("(done)")  # the tick in words, for a screen reader
        drawn(page, ".turn-marker svg.icon")
        assert not glyphs(page)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"icons-tutorial-{width}x{height}.png"),
                        full_page=True)

        page.goto("/rules/en.html")
        bar = page.locator("qin-board").first.locator(".bar.steps")
        expect(bar.locator("button.next")).to_have_accessible_name("Next")
        drawn(page, "main p > svg.icon")  # "press [next] to see ...", its name "Next"
        assert page.locator("main p > svg.icon").first.get_attribute("aria-label") == "Next"
        for name in ("start", "back", "next"):
            button = bar.locator(f"button.{name}")
            expect(button.locator("svg.icon")).to_have_count(1)
            assert not [c for c in button.inner_text() if c in ICON_CHARACTERS]
        box = bar.locator("button.next svg.icon").bounding_box()
        assert box is not None and 8 <= box["width"] <= 32
        assert not glyphs(page)
        page.locator("qin-board").first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"icons-rules-{width}x{height}.png"))
    finally:
        context.close()
