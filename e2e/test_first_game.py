"""A first game as a new player meets it: the start screen is set up against the
computer; a refused square says why and links the reading it applies, in words; the
board shows its focus ring and cursor square for the keyboard only (never after a mouse
click); the replay's buttons are SVG icons.  Screenshots: ``e2e-artifacts/first-*.png``.

Every wait is for the page's state (``#play[data-moves]``, the focused element), never a
sleep.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from e2e.conftest import ARTIFACTS
from e2e.test_ai import WORKER_BOOT_MS

RING = """() => getComputedStyle(document.querySelector('#board svg')).outlineStyle"""
CURSOR = """() => {
  const rect = document.querySelector('#board rect.sq.cursor');
  return rect ? getComputedStyle(rect).strokeWidth : null;
}"""


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"first-{name}.png"), animations="disabled")


def test_a_first_visit_plays_the_computer_and_the_focus_shows_for_keys_only(
        booted_page: Page) -> None:
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    expect(page.locator("#seat-kind-0")).to_have_value("human")
    expect(page.locator("#seat-kind-1")).to_have_value("apprentice")
    page.fill("#seed", "7")
    page.click("#start")
    play = page.locator("#play")
    expect(play).to_have_attribute("data-moves", "0")
    expect(page.locator("#players li.player .kind").nth(1)).to_contain_text("Apprentice")

    # A refused square: why, in words, and the reading it applies as a link.
    page.locator(".tile-btn:not([disabled])").first.click()
    page.locator('#board rect[data-square="a1"]').hover(force=True)
    link = page.locator("#info a.reading-link")
    expect(link).to_have_attribute("href", re.compile(r"rules/readings-en\.html#q\d+$"))
    assert not re.search(r"\(Q\d+\)", page.locator("#info").inner_text())
    shot(page, "refused")

    # The mouse: a square clicked, then the board focused by a click: no ring, no
    # cursor square.
    square = page.eval_on_selector("#board rect.sq.legal", "e => e.dataset.square")
    # (dispatched: a hover preview drawn over the square may take a real click's hit)
    page.locator(f'#board rect[data-square="{square}"]').dispatch_event("click")
    expect(play).to_have_attribute("data-moves", "2", timeout=WORKER_BOOT_MS)  # and White
    expect(play).to_have_attribute("data-phase", "move")
    area = page.locator("#board-area")
    area.click(position={"x": 3, "y": 3}, force=True)
    expect(area).to_be_focused()
    assert page.evaluate(RING) in ("none", "")
    expect(page.locator("#board rect.sq.cursor")).to_have_count(0)

    # The keyboard: an arrow shows the cursor square and the ring.
    page.keyboard.press("Escape")  # no tile picked: leaves the board
    expect(area).not_to_be_focused()
    page.keyboard.press("b")
    expect(area).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#board rect.sq.cursor")).to_have_count(1)
    assert page.evaluate(RING) == "solid"
    assert page.evaluate(CURSOR) not in (None, "0px", "")
    shot(page, "keyboard")

    # The replay's buttons draw SVG icons.
    page.click("#replay-open")
    for name in ("start", "back", "play", "step", "end"):
        expect(page.locator(f"#replay-{name} svg.icon").first).to_be_visible()
    page.locator("[data-replay=step]").click()
    shot(page, "replay")
