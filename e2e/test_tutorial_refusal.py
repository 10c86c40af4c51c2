"""A try the rules refuse in the tutorial is said once on screen, on a laptop and a phone.

The engine's sentence (why the tile cannot go there) shows in one place: the status line
under the board (on a phone, right under the board the finger is on; on a laptop, right
under the step's words), never again in the step's panel nor in the box that explains
the square under the pointer.  The refused tie, the step whose goal is that refusal, says
it in the step's panel and the status line says the step is done.  The try is made by
the input of the window: a click on a laptop, two taps on a phone.  Waits are on the
page's state, never sleeps.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

import qin
from e2e.helpers import PageProblems, boot, shown, window_context
from e2e.placing import place_tile
from e2e.test_tutorial import CLICKS, WRONG, names

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "page"))
from qin_ui import tutorial  # noqa: E402

WINDOWS = {"laptop-1366x768": (1366, 768, False), "phone-360x740": (360, 740, True)}


@pytest.fixture(params=tuple(WINDOWS))
def window(request: pytest.FixtureRequest, browser: Browser, base_url: str,
           page_problems: PageProblems) -> Iterator[tuple[Page, bool]]:
    width, height, touch = WINDOWS[str(request.param)]
    context = window_context(browser, base_url, page_problems, width, height, touch)
    yield context.new_page(), touch
    context.close()


def test_a_refused_try_is_said_once_under_the_board(window: tuple[Page, bool]) -> None:
    page, touch = window
    boot(page, "/")
    page.click("#learn")
    panel = page.locator("#tutorial")
    expect(panel).to_have_attribute("data-step", "place")
    refusal = tutorial.step("place").game().refusal(WRONG[3])
    assert refusal is not None
    reason = qin.messages.refusal_text(refusal, "en", names(page), rule=False)
    place_tile(page, *WRONG[:3], by="tap" if touch else "click")
    expect(panel).to_have_attribute("data-tries", "1")
    expect(page.locator("#status-text")).to_have_text(reason)
    assert shown(page, reason) == [{"id": "status-text", "inWindow": True}]


def test_the_refused_tie_is_said_once_in_the_step_s_panel(
        window: tuple[Page, bool]) -> None:
    page, touch = window
    boot(page, "/#learn=tie")
    panel = page.locator("#tutorial")
    expect(panel).to_have_attribute("data-step", "tie")
    tile, orientation, anchor, move = CLICKS["tie"]
    refusal = tutorial.step("tie").game().refusal(move)
    assert refusal is not None
    reason = qin.messages.refusal_text(refusal, "en", names(page), rule=False)
    place_tile(page, tile, orientation, anchor, by="tap" if touch else "click")
    expect(panel).to_have_attribute("data-outcome", "done")
    assert [e["id"] for e in shown(page, reason)] == ["tutorial-result"]
