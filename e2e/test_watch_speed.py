"""A game of computers watched: the speed's four choices (Pause, Slow, Normal, Fast) read
as one row, never one left alone on a line of its own, on a laptop and on a phone, in
English, German and French.  Measured: the choices' tops.  Waits are on the page's
state, never sleeps.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.helpers import PageProblems, boot, window_context
from e2e.screens import held_worker
from e2e.test_modes import mode

WINDOWS = {"laptop-1366x768": (1366, 768, False), "laptop-1280x720": (1280, 720, False),
           "phone-360x740": (360, 740, True)}

ROWS_JS = """() => [...document.querySelectorAll('#watch label')]
  .map((l) => Math.round(l.getBoundingClientRect().top))"""


@pytest.fixture(params=tuple(WINDOWS))
def window(request: pytest.FixtureRequest, browser: Browser, base_url: str,
           page_problems: PageProblems) -> Iterator[Page]:
    width, height, touch = WINDOWS[str(request.param)]
    context = window_context(browser, base_url, page_problems, width, height, touch)
    held_worker(context)  # the computers wait: nothing moves while the row is measured
    yield context.new_page()
    context.close()


def test_the_speed_s_choices_share_one_row(window: Page) -> None:
    page = window
    boot(page)
    mode(page, "start")
    for seat in (0, 1):
        page.select_option(f"#seat-kind-{seat}", "apprentice")
        expect(page.locator(f"#seat-kind-{seat}")).to_have_value("apprentice")
    page.click("#start")
    expect(page.locator("#watch")).to_be_visible()
    rows = {}
    for lang in ("en", "de", "fr"):
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.wait_for_function("() => window.qinIdle")
        tops = page.evaluate(ROWS_JS)
        if max(tops) - min(tops) > 2:
            rows[lang] = tops
    assert rows == {}
