"""Short words where a line breaks, on a laptop (1366x768 and 1280x720), in English,
German and French: a seat's line in the players' table keeps its count of tiles with its
word ("3 tiles", never "3" at a line's end and "tiles" alone under it), in a game the
computers play by themselves too; a computer level's description under its seat on the
start screen reads as a whole: wrapped, its last line is never one word alone; a saved
game's buttons keep one line beside or under its words, and its date keeps one line.

The words of each line are found by where each word's box lies (``WORD_LINES_JS``).
Waits are on the page's state, never sleeps.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from e2e.helpers import LAPTOPS, PageProblems, boot, hot_seat
from e2e.screens import to_an_imported_result
from e2e.test_laptop import remembered
from e2e.test_modes import mode

LANGS = ("en", "de", "fr")
LEVELS = ("apprentice", "governor", "minister", "emperor", "heaven")

WORD_LINES_JS = r"""(el) => {
  const words = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    for (const m of n.data.matchAll(/\S+/g)) {
      const r = document.createRange();
      r.setStart(n, m.index);
      r.setEnd(n, m.index + m[0].length);
      const box = r.getClientRects()[0];
      if (box) words.push([m[0], box.top]);
    }
  }
  const lines = [];
  let top = null;
  for (const [word, at] of words) {
    if (top === null || Math.abs(at - top) > 3) { lines.push([]); top = at; }
    lines[lines.length - 1].push(word);
  }
  return lines;
}"""
"""An element's words, line by line, as the browser laid them out."""


def word_lines(page: Page, selector: str) -> list[list[list[str]]]:
    """The words of each element of ``selector`` shown, line by line."""
    page.wait_for_function("() => window.qinIdle")
    found: list[list[list[str]]] = page.locator(selector).evaluate_all(
        f"(els) => els.filter((e) => e.checkVisibility()).map({WORD_LINES_JS})")
    return found


def laptop(browser: Browser, site_url: str, problems: PageProblems, size: ViewportSize,
           lang: str) -> Page:
    context = browser.new_context(base_url=site_url, viewport=size, reduced_motion="reduce")
    problems.watch(context)
    context.add_init_script(  # (not in a document without storage: a sandboxed frame's)
        f"try {{ localStorage.setItem('qin-lang', {json.dumps(lang)}) }} catch {{}}")
    return context.new_page()


def count_apart(lines: list[list[str]], hand: int) -> bool:
    """Whether the count of tiles ``hand`` ends a line and its word begins the next."""
    return any(line[-1] == str(hand) for line in lines[:-1])


@pytest.mark.parametrize("size", LAPTOPS, ids=lambda s: f"{s['width']}x{s['height']}")
def test_a_seat_s_count_of_tiles_keeps_its_word(
        browser: Browser, site_url: str, page_problems: PageProblems,
        size: ViewportSize) -> None:
    """A game of computers, watched (paused), and a player against them: each seat's line
    ("Computer: Apprentice · 3 tiles") keeps "3 tiles" together, in every language."""
    apart: list[str] = []
    for lang in LANGS:
        page = laptop(browser, site_url, page_problems, size, lang)
        boot(page)
        mode(page, "start")
        for kinds in (["apprentice", "apprentice"], ["human", "governor", "minister"]):
            if page.locator("#new-game").is_visible():
                page.click("#new-game")
                mode(page, "start")
            page.click(f"#players-{len(kinds)}")
            expect(page.locator("#seats .seat")).to_have_count(len(kinds))
            for i, kind in enumerate(kinds):
                page.select_option(f"#seat-kind-{i}", kind)
                expect(page.locator(f"#seat-kind-{i}")).to_have_value(kind)
            page.fill("#seed", "5")
            page.click("#start")
            if "human" not in kinds:
                page.check("#speed-pause")
                mode(page, "watching")
            else:
                mode(page, "playing")
            hands = page.locator("#players .player").evaluate_all(
                "els => els.map((e) => Number(e.dataset.hand))")
            for hand, lines in zip(hands, word_lines(page, "#players .player .kind"),
                                   strict=True):
                if count_apart(lines, hand):
                    apart.append(f"{lang} {'+'.join(kinds)}: {lines}")
        page.context.close()
    assert apart == []


@pytest.mark.parametrize("size", LAPTOPS, ids=lambda s: f"{s['width']}x{s['height']}")
def test_a_level_s_description_ends_with_more_than_one_word(
        browser: Browser, site_url: str, page_problems: PageProblems,
        size: ViewportSize) -> None:
    """Every computer level's description under its seat, in English, German and French,
    two seats and four: on one line, or wrapped with more than a word on its last."""
    lone: list[str] = []
    for lang in LANGS:
        for players in (2, 4):
            context = browser.new_context(base_url=site_url, viewport=size,
                                          reduced_motion="reduce")
            page_problems.watch(context)
            context.add_init_script(remembered(players, lang))
            page = context.new_page()
            boot(page)
            mode(page, "start")
            for level in LEVELS:
                page.select_option("#seat-kind-0", level)
                expect(page.locator("#seat-kind-0")).to_have_value(level)
                expect(page.locator("#seat-hint-0")).to_be_visible()
                for lines in word_lines(page, "#seat-hint-0"):
                    if len(lines) > 1 and len(lines[-1]) < 2:
                        lone.append(f"{lang} {players} seats {level}: {lines}")
            context.close()
    assert lone == []


@pytest.mark.parametrize("size", LAPTOPS, ids=lambda s: f"{s['width']}x{s['height']}")
def test_a_saved_game_s_buttons_keep_one_line_and_its_date_too(
        browser: Browser, site_url: str, page_problems: PageProblems,
        size: ViewportSize) -> None:
    """The saved games' list, a game begun and one finished: each row's buttons (Resume or
    Open, Export, Delete) side by side on one line, never Delete alone under the others,
    and its date ("2026-11-28 01:25") whole on one line, in every language."""
    apart: list[str] = []
    for lang in LANGS:
        page = laptop(browser, site_url, page_problems, size, lang)
        boot(page)
        mode(page, "start")
        hot_seat(page)
        page.click("#start")
        mode(page, "playing")
        to_an_imported_result(page)
        page.click("#result-new")
        mode(page, "start")
        expect(page.locator("#saved-list li.saved-game")).to_have_count(2)
        rows = page.locator("#saved-list li.saved-game")
        for i in range(rows.count()):
            row = rows.nth(i)
            tops = row.locator("button").evaluate_all(
                "els => els.map((e) => Math.round(e.getBoundingClientRect().top))")
            if len(set(tops)) > 1:
                apart.append(f"{lang} row {i}: buttons at {tops}")
            for lines in word_lines(page, f"#saved-list li.saved-game:nth-child({i + 1}) small"):
                if len(lines) > 1:
                    apart.append(f"{lang} row {i}: its date on {lines}")
        page.context.close()
    assert apart == []
