"""A tablet held upright (768x1024, touch): a turn is played without scrolling.

Under the board, as on a phone (phone.css), come first what a turn needs: the status
line, then the tiles in hand with Turn and Undo; the players and the game's tools
follow below.  In a replay its controls come right under the status line.  Measured:
each lies inside the unscrolled window.  Waits are on the page's state, never sleeps.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from e2e.helpers import PageProblems, boot, window_context
from e2e.screens import link_of
from e2e.test_modes import mode
from e2e.test_phone import OUTSIDE_JS

TABLET = (768, 1024)
TURN = ("#board", "#status", "#hand .tile-btn", "#rotate", "#undo")
"""What a turn needs on screen: those shown inside the unscrolled window."""
REPLAY = ("#board", "#status", "#replay-step", "#replay-exit")


@pytest.fixture
def tablet(browser: Browser, base_url: str, page_problems: PageProblems) -> Iterator[Page]:
    width, height = TABLET
    context = window_context(browser, base_url, page_problems, width, height, touch=True)
    yield context.new_page()
    context.close()


def outside(page: Page, selectors: tuple[str, ...]) -> list[str]:
    page.wait_for_function("() => window.qinIdle")
    page.evaluate("scrollTo(0, 0)")
    found: list[str] = page.evaluate(OUTSIDE_JS, [list(selectors), *TABLET])
    return found


def test_a_turn_and_a_replay_s_controls_fit_the_upright_tablet(tablet: Page) -> None:
    page = tablet
    boot(page, "/" + link_of(30, seed=7))
    mode(page, "playing")
    assert outside(page, TURN) == [], "a game"
    page.locator("#replay-open").tap()
    mode(page, "replay")
    assert outside(page, REPLAY) == [], "a replay"
