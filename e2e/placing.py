"""A tile placed on the game page's board as a player does it, by mouse or by finger.

``place_tile`` picks the tile from the hand (unless it is picked), turns it with Turn to
the orientation asked for, then puts it on its anchor square: a click places it; a
finger's first tap shows the ghost there (``#play[data-preview]``) and a second tap on it
places it.  Every step waits for the page's state, never for a fixed time.
"""

from __future__ import annotations

import re
from typing import Literal

from playwright.sync_api import Locator, Page, expect

Input = Literal["click", "tap"]
"""How the player's hand reaches the page: a mouse's click or a finger's tap."""

SQUARE_JS = """(name) => {
  const r = document.querySelector(`#board rect[data-square="${name}"]`).getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2, r.width];
}"""


def tap_square(page: Page, name: str, dx: float = 0.0, dy: float = 0.0) -> None:
    """A finger on square ``name``, off its centre by ``dx``, ``dy`` squares."""
    x, y, size = page.evaluate(SQUARE_JS, name)
    page.touchscreen.tap(x + dx * size, y + dy * size)


def showing(square: str) -> re.Pattern[str]:
    """``#play[data-preview]`` holding ``square``: the ghost shown on it."""
    return re.compile(rf"(^|\s){re.escape(square)}(\s|$)")


def press(control: Locator, by: Input) -> None:
    """``control`` clicked or tapped."""
    if by == "tap":
        control.tap()
    else:
        control.click()


def place_tile(page: Page, tile: str, orientation: int, anchor: str, by: Input) -> None:
    """Pick ``tile`` (unless it is picked), turn it to ``orientation`` with Turn and put
    it on ``anchor``, each ``by`` click or tap (a tap shows the ghost, a second places)."""
    play = page.locator("#play")
    if play.get_attribute("data-selected") != tile:
        press(page.locator(f'#hand .tile-btn[data-kind="{tile}"]').first, by)
        expect(play).to_have_attribute("data-selected", tile)
    for _ in range(4):
        now = play.get_attribute("data-orientation")
        if now == str(orientation):
            break
        press(page.locator("#rotate"), by)
        expect(play).not_to_have_attribute("data-orientation", str(now))
    expect(play).to_have_attribute("data-orientation", str(orientation))
    if by == "click":
        page.locator(f'#board rect[data-square="{anchor}"]').click()
        return
    tap_square(page, anchor)
    expect(play).to_have_attribute("data-preview", showing(anchor))
    tap_square(page, anchor)
