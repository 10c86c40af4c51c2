"""What a screen reader says of the page's structure: its headings go down one level at a
time on every screen of a game (Moves, the review), the board is named in the page's
language (the game page's and a diagram's), and a diagram's page says its language.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.helpers import PageProblems, boot
from e2e.screens import answered, link_of
from e2e.test_modes import mode
from e2e.test_rules import ENGINE_TIMEOUT_MS

HEADINGS = """() => [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
    .filter(h => h.checkVisibility())
    .map(h => [Number(h.tagName[1]), h.textContent.trim()])"""

BOARD_NAMES = {"en": "Qin board (Bird), 13 by 13, players: Green and White",
               "de": "Qin-Spielplan (Vogel), 13 mal 13, Spieler: Grün und Weiß",
               "fr": "Plateau de Qin (Oiseau), 13 sur 13, joueurs\u00a0: Vert et Blanc"}
"""The game page's board (a link's game, its players named Green and White: named after
their colours, so in the page's language)."""


def skipped_levels(page: Page) -> list[str]:
    """Headings shown that go more than one level below the one before them."""
    levels: list[list[Any]] = page.evaluate(HEADINGS)
    assert levels and levels[0][0] == 1, levels
    return [f"h{level} {text!r} after h{before}" for (before, _), (level, text)
            in zip(levels, levels[1:], strict=False) if level > before + 1]


def test_the_headings_of_a_game_its_replay_and_review_go_down_one_level_at_a_time(
        booted_page: Page) -> None:
    page = booted_page
    mode(page, "start")
    assert skipped_levels(page) == [], "start"
    page.evaluate("h => { location.hash = h }", link_of(12, seed=7))
    mode(page, "playing")
    expect(page.locator(".log-area :is(h2, h3)")).to_be_visible()
    assert skipped_levels(page) == [], "a game"
    page.click("#replay-open")
    mode(page, "replay")
    assert skipped_levels(page) == [], "its replay"
    page.click("#review-open")
    mode(page, "review")
    expect(page.locator("#review .review-head :is(h2, h3)")).to_be_visible()
    assert skipped_levels(page) == [], "its review"


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_board_is_named_in_the_pages_language(
        browser: Browser, base_url: str, page_problems: PageProblems, lang: str) -> None:
    context = browser.new_context(base_url=base_url, locale=lang)
    page_problems.watch(context)
    page = context.new_page()
    try:
        boot(page)
        page.evaluate("h => { location.hash = h }", link_of(4, seed=7))
        mode(page, "playing")
        answered(page)
        board = page.locator("#board svg.qin-board")
        expect(board).to_have_attribute("aria-label", BOARD_NAMES[lang])
    finally:
        context.close()


@pytest.mark.parametrize(("locale", "fragment", "lang"), [
    ("de", "", "de"), ("en", "&lang=fr", "fr"), ("fr", "", "fr")])
def test_a_diagrams_page_says_its_language_and_names_its_board_in_it(
        browser: Browser, base_url: str, page_problems: PageProblems,
        locale: str, fragment: str, lang: str) -> None:
    context = browser.new_context(base_url=base_url, locale=locale)
    page_problems.watch(context)
    page = context.new_page()
    try:
        page.goto("embed/embed.html#position=" + quote("players: 2\n. r . v\n. . . .")
                  + "&move=Rc1Rc2" + fragment)
        board = page.locator("qin-board")
        expect(board).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT_MS)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        name = page.locator("qin-board svg.qin-board").first.get_attribute("aria-label") or ""
        assert name.startswith({"en": "Qin board", "de": "Qin-Spielplan",
                                "fr": "Plateau de Qin"}[lang]), name
    finally:
        context.close()
