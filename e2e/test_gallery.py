"""The gallery of ``make screenshots`` (tools/screenshots.py) shows a phone as a phone's
player sees it: its touch screens' page is a phone's (``has_touch``, ``is_mobile``),
tapped, never clicked, so a tile picked there has the status speak of tapping (not of R
and the right-click), and no scrollbar's strip is kept at the window's right.
"""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from e2e.helpers import PageProblems
from e2e.screens import held_worker
from tools import screenshots
from tools.build_site import merged_catalogue


def test_the_gallery_s_phone_is_tapped_as_a_phone(
        browser: Browser, site_url: str, page_problems: PageProblems) -> None:
    context = screenshots.family_context(browser, site_url, "touch")
    page_problems.watch(context)
    held = held_worker(context)
    page = context.new_page()
    for mode in screenshots.modes(page, held, "touch"):
        if mode == "playing":  # a tile picked, by a tap
            break
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_function("() => window.qinIdle")
    words = merged_catalogue("en")
    tapping = words["status.place.touch"].split("{tile}")[-1]
    expect(page.locator("#status")).to_contain_text(tapping)
    strip = page.evaluate("innerWidth - document.documentElement.clientWidth")
    context.close()
    assert strip == 0, f"a scrollbar's strip of {strip} px at the window's right"
