"""A first game as a new player meets it: the start screen is set up against the
computer, and the board shows its focus ring and cursor square for the keyboard only
(never after a mouse click); the replay's buttons are SVG icons.

Every wait is for the page's state (``#play[data-moves]``, the focused element), never a
sleep.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

RING = """() => getComputedStyle(document.querySelector('#board svg')).outlineStyle"""
CURSOR = """() => {
  const rect = document.querySelector('#board rect.sq.cursor');
  return rect ? getComputedStyle(rect).strokeWidth : null;
}"""


def test_a_first_visit_plays_the_computer_and_the_focus_shows_for_keys_only(
        booted_page: Page) -> None:
    page = booted_page
    expect(page.locator("#seat-kind-0")).to_have_value("human")
    expect(page.locator("#seat-kind-1")).to_have_value("apprentice")
    page.fill("#seed", "7")
    page.click("#start")
    play = page.locator("#play")
    expect(play).to_have_attribute("data-moves", "0")
    expect(page.locator("#players li.player .kind").nth(1)).to_contain_text("Apprentice")

    # The keyboard: B to the board, an arrow shows the cursor square and the ring.
    page.keyboard.press("b")
    area = page.locator("#board-area")
    expect(area).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#board rect.sq.cursor")).to_have_count(1)
    assert page.evaluate(RING) == "solid"
    assert page.evaluate(CURSOR) not in (None, "0px", "")

    # The mouse: a tile and a square clicked, the board focused by a click: no ring,
    # no cursor square left behind.
    page.keyboard.press("Escape")  # no tile picked: leaves the board
    expect(area).not_to_be_focused()
    page.locator(".tile-btn:not([disabled])").first.click()
    square = page.eval_on_selector("#board rect.sq.legal", "e => e.dataset.square")
    # (dispatched: a hover preview drawn over the square may take a real click's hit)
    page.locator(f'#board rect[data-square="{square}"]').dispatch_event("click")
    expect(play).not_to_have_attribute("data-moves", "0")
    expect(page.locator("#board rect.sq.cursor")).to_have_count(0)
    area.click(position={"x": 3, "y": 3}, force=True)
    expect(area).to_be_focused()
    assert page.evaluate(RING) in ("none", "")

    # The replay's buttons draw SVG icons.
    page.click("#replay-open")
    for name in ("start", "back", "play", "step", "end"):
        expect(page.locator(f"#replay-{name} svg.icon").first).to_be_visible()
