"""Every enabled control and every entry of every list is within reach, in every mode of
the game page, at every screen class, and no page scrolls sideways.

Screen classes (``e2e/screens.py``): laptop 1280x720 and 1366x768, desktop 1920x1080
with a mouse; tablet 768x1024 and 1024x768, phone portrait 360x740, 390x844 and 412x915,
phone landscape 740x360 with touch.  One page per input family walks every mode once
(start, tutorial steps, playing, cover, replay, notice, thinking, watching, result,
review, series, the start screen with saves) and is resized through the family's
screen classes in each.  An element counts as within reach when the mouse wheel over
its scrolling container (the page's or a panel's) brings it into the window and
``document.elementFromPoint`` at its centre (of its part in the window, for one taller
than the window) is it or inside it; a control must also be
reached so by Tab (its focus scrolls it into view and nothing covers it).  A touch
screen scrolls the same containers a wheel does (the board alone takes a finger's drag
as a placement, ``touch-action`` elsewhere is the browser's).  The phone layout's fit
during play (no scrolling at all) is e2e/test_access.py's; here only reach.

The rules reference (``rules/*.html``) is checked for width at every screen class.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page

from e2e.conftest import ARTIFACTS
from e2e.helpers import PageProblems
from e2e.screens import FAMILIES, RULES_PAGES, TUTORIAL_STEPS, Probe, held_worker, walk

# The tutorial's steps show the same controls, only their words differ: the wheel checks
# each step; Tab goes through the first step and the step whose words are longest (two
# missed tries and the hint), to keep the file within its time.
WHEEL_ONLY = {f"tutorial-{step}" for step in TUTORIAL_STEPS[1:]}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_control_and_list_entry_is_within_reach(
        browser: Browser, site_url: str, page_problems: PageProblems, family: str) -> None:
    screens = FAMILIES[family]
    first = screens[0]
    context = browser.new_context(
        base_url=site_url, has_touch=family == "touch", reduced_motion="reduce",
        viewport={"width": first.width, "height": first.height})
    page_problems.watch(context)
    held = held_worker(context)
    page = context.new_page()
    probe = Probe(page)
    wheel_only = Probe(page, keyboard=False)
    problems: list[str] = []
    visited: list[str] = []
    began = time.monotonic()
    try:
        for mode in walk(page, held):
            visited.append(mode)
            for screen in screens:
                page.set_viewport_size({"width": screen.width, "height": screen.height})
                wide = probe.wider()
                if wide:
                    problems.append(f"{screen.name} {mode}: {wide}")
                if not page.locator("#rules-link").is_visible():  # hidden below 560 px once
                    problems.append(f"{screen.name} {mode}: the header shows no Rules link")
                check = wheel_only if mode in WHEEL_ONLY else probe
                problems.extend(f"{screen.name} {mode}: {what}" for what in check.out_of_reach())
    finally:
        print(f"{family}: {len(visited)} modes x {len(screens)} screens "
              f"in {time.monotonic() - began:.1f} s (wheel "
              f"{probe.seconds['wheel'] + wheel_only.seconds['wheel']:.1f} s, "
              f"Tab {probe.seconds['tab']:.1f} s)")
        context.close()
    assert len(visited) >= 20, visited
    if problems:  # the whole list, for a person to read (the assertion shows its start)
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / f"reach-{family}.txt").write_text("\n".join(problems) + "\n")
    assert not problems, "\n".join(problems)


def test_no_rules_page_scrolls_sideways(page: Page) -> None:
    """rules/de.html and the readings were 368-430 px wide at 360 (the language bar)."""
    problems: list[str] = []
    probe = Probe(page)
    for path in RULES_PAGES:
        page.goto("/" + path)
        for screen in (*FAMILIES["touch"], *FAMILIES["mouse"]):
            page.set_viewport_size({"width": screen.width, "height": screen.height})
            wide = probe.wider()
            if wide:
                problems.append(f"{path} at {screen.name}: {wide}")
    assert not problems, "\n".join(problems)
