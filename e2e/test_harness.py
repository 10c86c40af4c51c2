"""The guard itself: a page whose renderer dies fails the test, and says so.

A crashed renderer (Chromium's "Target crashed") used to surface only when the test
happened to wait on that page; a page left open in the background could die unseen.
The guard (e2e/conftest.py, e2e.helpers.PageProblems) now records every crash of a
watched context's pages, with the words "Page crashed" that `make e2e`'s one rerun
looks for, and the run ends with its crashes per 100 page loads.
"""

from __future__ import annotations

import contextlib

from playwright.sync_api import Browser

from e2e.helpers import RENDERERS, PageProblems


def test_a_renderer_that_dies_is_a_problem_of_the_test(browser: Browser, site_url: str) -> None:
    context = browser.new_context()
    problems = PageProblems(origin=site_url.rstrip("/"))
    problems.watch(context)
    try:
        page = context.new_page()
        page.goto(site_url + "selftest.html")
        loads_before = RENDERERS.loads
        crashes_before = len(RENDERERS.crashes)
        with contextlib.suppress(Exception):  # the navigation fails with the renderer
            page.goto("chrome://crash")  # Chromium's own way to kill a renderer
        if not problems.crashes:  # the event may come after the failed navigation
            page.wait_for_event("crash", timeout=30_000)
        assert problems.crashes == [f"Page crashed (Chromium's renderer died) at {page.url}"]
        assert "renderer crashes:" in problems.summary()
        assert "Page crashed" in problems.summary()
        assert len(RENDERERS.crashes) == crashes_before + 1
        assert RENDERERS.loads == loads_before  # the crash is no page load
    finally:
        # This crash was made on purpose: it is not one of the run's.
        RENDERERS.crashes[:] = [c for c in RENDERERS.crashes if c not in problems.crashes]
        context.close()
