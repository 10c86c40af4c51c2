"""Every screen of the game page fits a laptop window, 1280x720 and 1366x768: no page
scroll, every control in view (or in a box that scrolls inside the window), none cut
by a box or under another element, no button's words wider than it; in a game the
board, the players and the hand in view at once (``e2e.helpers.OUT_OF_THE_WINDOW``), the
board beside the side panel as one table, no wider paper between them than between two
cards, a game's board as tall as the window allows (``BESIDE_JS``; at 1920x1080 too).
The start screen (the new game's form, the saved games, the progress) may be taller than
a laptop's window: it scrolls down, never sideways, nothing on it is cut or covered, and
the new game's form (two to four seats, the computers' with their levels' words) shows
whole, "Start the game" included, unscrolled, in English, German and French.

One visit per window walks the screens as a player meets them: the start screen with a
progress record (its rating chart), "Learn to play" (its first step, and a step after
two missed tries, when its words are longest), a 2-player and a 3-player game against
the computer (before and after the computer's reply), that game's replay, a finished
game's result and its review run to its end (the list of moves and the rating chart),
a series' result, and the start screen with saved games.  A 4-player game is checked by
e2e/test_game.py.  Each screen's screenshot is kept: ``e2e-artifacts/laptop-<size>-
<screen>.png``.  Waits are on the page's state, never sleeps.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from e2e.conftest import ARTIFACTS
from e2e.helpers import (
    BOOT_TIMEOUT_MS,
    LAPTOPS,
    HeldRuntime,
    PageProblems,
    boot,
    hot_seat,
    out_of_the_window,
    series_save,
    wait_for_boot,
)
from e2e.screens import REVIEW_MS, TUTORIAL_STEPS, to_an_imported_result
from e2e.test_ai import WORKER_BOOT_MS
from e2e.test_ai import start as start_against
from e2e.test_game import legal_squares, pick, square
from e2e.test_modes import import_file, mode
from e2e.test_progress import EVERY_LEVEL, FILLS, READABLE_PX, RENDERED_JS
from e2e.test_replay_series import finished_record

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from qin_ui import start_screen, table  # noqa: E402
from qin_ui.setup import COLOURS, Seat, Settings, colour_label  # noqa: E402

FORM_OUT_OF_VIEW = """() => {
  const r = document.getElementById('setup-form').getBoundingClientRect();
  return scrollY === 0 && r.top >= 0 && r.bottom <= innerHeight ? ''
    : `the new game's form at ${Math.round(r.top)}..${Math.round(r.bottom)}, `
      + `scrolled by ${scrollY}`;
}"""
"""What keeps the new game's form from showing whole in the unscrolled window, if anything."""

BESIDE_JS = """(squareBoard) => {
  const play = document.getElementById('play');
  if (!play.checkVisibility()) return [];
  const board = document.querySelector('#board svg').getBoundingClientRect();
  const side = document.getElementById('side').getBoundingClientRect();
  const header = document.querySelector('.topbar').getBoundingClientRect();
  const out = [];
  const gap = side.left - board.right;
  if (gap > 24) out.push(`${Math.round(gap)} px of paper between the board and the side panel`);
  // a game's board (square) as tall as the window lets it be under the header
  const room = innerHeight - header.bottom;
  if (squareBoard && board.height < room - 32)
    out.push(`the board ${Math.round(board.height)} px tall in ${Math.round(room)} px`);
  return out;
}"""
"""How the board and the side panel fail to read as one table in a wide window: paper
between them wider than the gap between two cards, or (``squareBoard``: a game's board,
not a tutorial's smaller one) a board shorter than the window's height under the header
allows."""


def play_and_wait_for_the_computers(page: Page, players: int) -> None:
    """The human's move (seat 1), then the computers' replies, up to the human's turn."""
    pick(page)
    square(page, legal_squares(page)[0]).click()
    play = page.locator("#play")
    expect(play).to_have_attribute("data-moves", str(players), timeout=WORKER_BOOT_MS)
    expect(play).to_have_attribute("data-phase", "move")


@pytest.mark.parametrize("size", LAPTOPS, ids=lambda s: f"{s['width']}x{s['height']}")
def test_every_screen_fits_the_laptop_window(
        browser: Browser, site_url: str, page_problems: PageProblems,
        size: ViewportSize) -> None:
    context = browser.new_context(base_url=site_url, viewport=size, reduced_motion="reduce")
    page_problems.watch(context)
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('qin.progress', {json.dumps(EVERY_LEVEL)})")
    name = f"{size['width']}x{size['height']}"
    problems: list[str] = []
    began = time.monotonic()

    def check(screen: str, *, page_scrolls: bool = False) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        page.mouse.move(1, 1)  # no hover's words over the page
        problems.extend(f"{screen}: {p}"
                        for p in out_of_the_window(page, page_scrolls=page_scrolls))
        problems.extend(f"{screen}: {p}"
                        for p in page.evaluate(BESIDE_JS, not screen.startswith("tutorial")))
        page.screenshot(path=str(ARTIFACTS / f"laptop-{name}-{screen}.png"))

    try:
        boot(page)
        mode(page, "start")
        expect(page.locator("#progress-table svg.rating-chart:visible")).to_be_visible()
        for lang in ("de", "fr", "en"):  # the form's words are longest in French
            page.select_option("#lang", lang)
            expect(page.locator("#app")).to_have_attribute("data-lang", lang)
            check(f"start-{lang}", page_scrolls=True)
            problems.extend(f"start-{lang}: {p}" for p in [page.evaluate(FORM_OUT_OF_VIEW)] if p)
            # the rating's chart across its card, its labels whole
            problems.extend(f"start-{lang}: {p}"
                            for p in page.evaluate(RENDERED_JS, [READABLE_PX, FILLS]))

        page.click("#learn")
        mode(page, "tutorial")
        expect(page.locator("#tutorial")).to_have_attribute("data-step", "place")
        check("tutorial")
        page.evaluate("h => { location.hash = h }", "#learn=found")
        expect(page.locator("#tutorial")).to_have_attribute("data-step", "found")
        page.locator(".tile-btn:not([disabled])").first.click()
        for where in ("b2", "e4"):  # two tries that miss: the hint comes
            page.wait_for_function("() => window.qinIdle")
            page.locator(f'#board rect[data-square="{where}"]').click()
        expect(page.locator("#tutorial-hint")).to_be_visible()
        check("tutorial-hint")
        page.click("#tutorial-exit")
        mode(page, "start")

        for players in (2, 3):
            if players == 3:
                page.click("#new-game")
                mode(page, "start")
            start_against(page, ["human"] + ["apprentice"] * (players - 1), seed=5)
            mode(page, "playing")
            check(f"{players}-players")
            if players == 2:  # a desktop's window too
                page.set_viewport_size({"width": 1920, "height": 1080})
                page.wait_for_function("() => innerWidth === 1920 && window.qinIdle")
                check("2-players-at-1920x1080")
                page.set_viewport_size(size)
                page.wait_for_function("(w) => innerWidth === w && window.qinIdle",
                                       arg=size["width"])
            play_and_wait_for_the_computers(page, players)
            check(f"{players}-players-replied")
        page.click("#replay-open")
        mode(page, "replay")
        page.click("#replay-step")
        expect(page.locator("#play")).to_have_attribute("data-replay-at", "1")
        check("replay")
        page.click("#replay-exit")
        mode(page, "playing")

        to_an_imported_result(page)
        check("result")
        page.click("#result-review")
        mode(page, "review")
        expect(page.locator("#review")).to_have_attribute("data-state", "done", timeout=REVIEW_MS)
        check("review")
        page.keyboard.press("Escape")
        mode(page, "playing")

        page.click("#new-game")
        import_file(page, "series.json", series_save("series-laptop", finished_record(31)))
        mode(page, "series")
        check("series")
        page.click("#result-new")
        mode(page, "start")
        expect(page.locator("#saved-list li").first).to_be_visible()
        check("start-with-saves", page_scrolls=True)
    finally:
        print(f"{name}: {time.monotonic() - began:.1f} s")
        context.close()
    assert not problems, "\n".join(problems)


def remembered(players: int, lang: str) -> str:
    """An init script: the last table started, ``players`` computers of the level with
    the longest description (each seat described under it, on two lines in German and
    French) on the lion's side, and the start screen the page's Python wrote for it, in
    ``lang``; the page in that language."""
    seats = tuple(Seat(colour_label(c), c, "heaven") for c in COLOURS[:players])
    text = table.text_of(Settings(seats=seats, board="lion"), "single")
    start = start_screen.stored_text(lang, None, None, start_screen.table_shown(text))
    return ("try {"  # (not in a document without storage: a sandboxed frame's)
            f"localStorage.setItem('qin-lang', {json.dumps(lang)});"
            f"localStorage.setItem({json.dumps(table.KEY)}, {json.dumps(text)});"
            f"localStorage.setItem({json.dumps(start_screen.KEY)}, {json.dumps(start)});"
            "} catch {}")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_remembered_table_shows_its_whole_form_unscrolled_on_a_laptop(
        browser: Browser, site_url: str, page_problems: PageProblems, lang: str) -> None:
    """A table of two, three or four seats remembered from the last visit (every seat a
    computer, its level described): the new game's form shows whole in a 1366x768 and a
    1280x720 window, "Start the game" included, unscrolled, before Python and after it,
    in English, German and French; on a 360x740 phone the page scrolls to it, nothing
    over it."""
    problems: list[str] = []
    for players in (2, 3, 4):
        phone: ViewportSize = {"width": 360, "height": 740}
        for size in (*LAPTOPS, phone):
            context = browser.new_context(base_url=site_url, viewport=size,
                                          reduced_motion="reduce")
            page_problems.watch(context)
            context.add_init_script(remembered(players, lang))
            page = context.new_page()
            held = HeldRuntime(page)
            page.goto("/")
            expect(page.locator("body")).to_have_attribute("data-prestart", "setup")
            expect(page.locator("#seats .seat")).to_have_count(players)
            name = f"{size['width']}x{size['height']}-{lang}-{players}"
            laptop = size["width"] > 1000
            if laptop:
                problems.extend(f"{name} before Python: {p}"
                                for p in [page.evaluate(FORM_OUT_OF_VIEW)] if p)
            held.release()
            assert wait_for_boot(page, BOOT_TIMEOUT_MS) == "ready"
            page.wait_for_function("() => window.qinIdle")
            expect(page.locator("#seats .seat")).to_have_count(players)
            expect(page.locator("#seats .seat-hint")).to_have_count(players)
            page.mouse.move(1, 1)
            if laptop:
                problems.extend(f"{name}: {p}" for p in [page.evaluate(FORM_OUT_OF_VIEW)] if p)
            else:
                page.locator("#start").scroll_into_view_if_needed()
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"start-table-{name}.png"))
            problems.extend(f"{name}: {p}" for p in out_of_the_window(page, page_scrolls=True))
            context.close()
    assert not problems, "\n".join(problems)


EDGES_JS = """() => {
  const right = (sel) => {
    const el = [...document.querySelectorAll(sel)].find((e) => e.checkVisibility());
    return el ? Math.round(el.getBoundingClientRect().right) : null;
  };
  return { header: right('.topbar'), backdrop: right('.modal'), window: innerWidth };
}"""
"""How far right the header and a dialog's dimmed backdrop reach, and the window's width."""


@pytest.mark.parametrize("size", LAPTOPS, ids=lambda s: f"{s['width']}x{s['height']}")
def test_the_header_and_a_dialog_s_backdrop_reach_the_window_s_right_edge(
        browser: Browser, site_url: str, page_problems: PageProblems,
        size: ViewportSize) -> None:
    """A game fits the laptop's window unscrolled: no empty scrollbar's strip is kept at
    its right, beside the header's green or a dialog's dimmed backdrop (the hand-over
    cover, a finished game's result)."""
    context = browser.new_context(base_url=site_url, viewport=size, reduced_motion="reduce")
    page_problems.watch(context)
    page = context.new_page()
    seen: dict[str, dict[str, int | None]] = {}
    boot(page)
    mode(page, "start")
    hot_seat(page)
    page.click("#start")
    mode(page, "playing")
    seen["playing"] = page.evaluate(EDGES_JS)
    pick(page)
    square(page, legal_squares(page)[0]).click()
    mode(page, "cover")
    seen["cover"] = page.evaluate(EDGES_JS)
    page.click("#cover-ok")
    mode(page, "playing")
    to_an_imported_result(page)
    seen["result"] = page.evaluate(EDGES_JS)
    context.close()
    short = {screen: edges for screen, edges in seen.items()
             if edges["header"] != edges["window"]
             or (screen != "playing" and edges["backdrop"] != edges["window"])}
    assert short == {}


SIDE_FOOT_JS = """() => {
  // the side panel unscrolled: what does not show whole in it (the moves' box, its
  // first line)
  const side = document.getElementById('side'), s = side.getBoundingClientRect();
  const out = [];
  if (side.scrollHeight > side.clientHeight + 1)
    out.push(`the panel holds ${side.scrollHeight} px in ${side.clientHeight}`);
  const box = document.querySelector('.log-area').getBoundingClientRect();
  if (box.bottom > s.bottom + 0.5)
    out.push(`the moves' box ends at ${Math.round(box.bottom)}, `
             + `the panel at ${Math.round(s.bottom)}`);
  const line = document.querySelector('#log > li');
  const l = line ? line.getBoundingClientRect() : null;
  const list = document.getElementById('log').getBoundingClientRect();
  if (l && (l.bottom > list.bottom + 0.5 || l.bottom > s.bottom + 0.5))
    out.push(`"${line.textContent.trim().slice(0, 30)}" cut at ${Math.round(l.bottom)}`);
  return out;
}"""
"""What of the side panel does not fit it, unscrolled: its content taller than it, the
moves' box past its foot, the moves' first line cut."""


def test_every_tutorial_step_s_panel_fits_a_laptop(
        browser: Browser, site_url: str, page_problems: PageProblems) -> None:
    """Every step of the tutorial at its start in a 1366x768 window, in English, German
    and French: the side panel shows all it holds, unscrolled, the moves' box whole at
    its foot with its first line ("No moves yet."), never cut there (in German it was,
    its line half hidden, the panel longer than the window)."""
    context = browser.new_context(base_url=site_url, viewport={"width": 1366, "height": 768},
                                  reduced_motion="reduce")
    page_problems.watch(context)
    page = context.new_page()
    boot(page, "/#learn=place")
    panel = page.locator("#tutorial")
    problems: list[str] = []
    for lang in ("de", "fr", "en"):
        page.select_option("#lang", lang)
        expect(page.locator("#app")).to_have_attribute("data-lang", lang)
        for step in TUTORIAL_STEPS:
            page.evaluate("h => { location.hash = h }", f"#learn={step}")
            expect(panel).to_have_attribute("data-step", step)
            page.wait_for_function("() => window.qinIdle")
            problems.extend(f"{step} in {lang}: {p}" for p in page.evaluate(SIDE_FOOT_JS))
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "laptop-1366x768-tutorial-end-en.png"))
    context.close()
    assert not problems, "\n".join(problems)
