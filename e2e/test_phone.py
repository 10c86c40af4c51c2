"""A phone plays without scrolling: a touch phone in portrait (360x740, 412x915), the
page unscrolled, played by taps only.

In a game (playing, the hand-over cover, a computer thinking, a computers-only game
watched) and at every step of the tutorial (after wrong tries too, when the step's
words are longest), the board, the hand, Turn/Undo/Hint and the status line lie inside
the screen with ``window.scrollY == 0`` and nothing wider than the screen; every button
shown, the header's rules link and language switch and every tile in hand is at least 44
CSS px each way;
the status speaks of tapping.  A placement takes two taps: the first shows the ghost tile
(``#play[data-preview]``: its squares), a tap a finger's width off it only moves it, a
tap on it places.  The tutorial's list of steps, opened, has its first step right under
its heading's words, no further from them than two steps are from each other.  A replay
opens at the page's top with its controls (the first, the
previous, the next and the last move, the slider and the way back) on that first screen,
under the board, at every move and in every language; each is tapped there, unscrolled
(on a 1366x768 laptop they stay beside the board, clicked in place, at the side panel's
top as it scrolls); the game's tools offer no Replay in it; so in the review,
the review after them, and every move chosen in its list (in German, the longest words)
leaves them uncovered, back at the top, and the review's Close and Share uncovered at
every scroll position (the move's words, kept at the screen's bottom, never over them);
the other languages with the longest; scrolled down to the review's log, a step by the
arrow keys or a move tapped there leaves the moves read where they are.  In the review
nothing empty sits between the status line, the players and the review at move 0, the
accuracies show whole in English, German and French, and the chosen move's words and its
board are on screen together.  At 360x740 and 540x900, in English, German and French,
every button of the header, the game's tools, the replay's bar, the review, the start
screen and the result (a series' too) keeps its label on one line, finger-tall and within
reach (in a game the header keeps one row; on the start screen "Back to the game" may take
a second, and at 520x900 too, the saved games' and the progress' cards, one under the
other, keep their words at one inset, nothing past their padding; each seat one block:
its name, colour, player type and level's description at one edge beside its figure).
In a phone-sized window whose scrollbar takes 15 px (360x740, 390x844), in English, German
and French, the header keeps one row on the start screen, in the tutorial, a result, a
review, a replay and a game (the language switch shows its code, "FR"), the game's title
("Qin") whole in that row beside its controls, "Back to the game"
alone on a second at the start screen's end, nothing past its edge or clipped; the
review's accuracies name each player on one line there and at 1366x768.
Waits are on the page's state (``expect``), never sleeps: every read after a tap waits for
the worker's reply first.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TypedDict

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

import qin
import qin.records
from e2e.helpers import PageProblems, boot, series_save
from e2e.placing import showing, tap_square
from e2e.test_ai import WORKER_BOOT_MS
from e2e.test_instant import progress_record
from e2e.test_modes import import_file
from e2e.test_progress import FILLS, READABLE_PX, RENDERED_JS
from e2e.test_replay_series import finished_record
from e2e.test_review import (
    APART_JS,
    CUT_JS,
    EMPTY_JS,
    EMPTY_PX,
    HEADLINE,
    LINES_JS,
    ON_SCREEN_JS,
    linked_game,
    played,
)
from e2e.test_tutorial import CLICKS, words

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "page"))
from qin_ui import tutorial  # noqa: E402

PHONES = {"360x740": (360, 740), "412x915": (412, 915)}
ACCURACY = {"en": "Accuracy", "de": "Genauigkeit", "fr": "Précision"}
"""The review's accuracy heading in each language (the catalogue's words)."""
TARGET_PX = 44
"""The least width and height of a touch target (WCAG 2.5.5, Apple's and Google's
guidelines)."""

PLAYED = ("#board", "#hand", "#rotate", "#undo", "#hint", "#status")
"""What a player needs on screen to play: those shown must lie inside the viewport."""

OUTSIDE_JS = """([selectors, w, h]) => {
  const out = [];
  // A page wider than the screen makes a phone's browser zoom out (innerWidth grows):
  // measured against the screen's own size.
  if (window.innerWidth !== w || window.innerHeight !== h)
    out.push(`zoomed out: a ${window.innerWidth}x${window.innerHeight} layout in ${w}x${h}`);
  for (const sel of selectors) {
    const el = document.querySelector(sel);
    if (!el || el.closest('[hidden]') || !el.getClientRects().length) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5)
      out.push(`${sel} at ${Math.round(r.left)},${Math.round(r.top)}-` +
               `${Math.round(r.right)},${Math.round(r.bottom)} in ${w}x${h}`);
  }
  if (window.scrollY !== 0) out.push(`scrolled by ${window.scrollY} px`);
  const wide = document.documentElement.scrollWidth;
  if (wide > w) out.push(`the page is ${wide} px wide in ${w}`);
  return out;
}"""

SMALL_JS = """(least) => {
  const small = [];
  for (const el of document.querySelectorAll(
      '#app button, #app .tile-btn, #app .topbar a, #app .topbar select')) {
    if (el.closest('[hidden]') || el.closest('details:not([open]) > :not(summary)')) continue;
    if (!el.getClientRects().length) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.width < least - 0.5 || r.height < least - 0.5)
      small.push(`${el.id || el.className || el.textContent.trim().slice(0, 20)}: ` +
                 `${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return small;
}"""

ONE_ROW_JS = """() => {
  const shown = [...document.querySelectorAll('.topbar > :is(h1, a, button), .lang-box > select')]
    .filter(el => !el.closest('[hidden]') && el.getBoundingClientRect().width > 1);
  const middle = el => { const r = el.getBoundingClientRect(); return (r.top + r.bottom) / 2; };
  const row = middle(shown[0]);
  return shown.filter(el => Math.abs(middle(el) - row) > 4)
    .map(el => `${el.id || el.className}: ${Math.round(middle(el) - row)} px off the row`);
}"""
"""The header's title and controls shown that sit off its first row (none: one row)."""

@pytest.fixture(params=tuple(PHONES))
def phone(request: pytest.FixtureRequest, browser: Browser, base_url: str,
          page_problems: PageProblems) -> Iterator[Page]:
    width, height = PHONES[str(request.param)]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=True, is_mobile=True, device_scale_factor=2,
                                  base_url=base_url)
    page_problems.watch(context)
    yield context.new_page()
    context.close()


def fits(page: Page, what: str, selectors: tuple[str, ...] = PLAYED,
         scrolled: bool = False) -> None:
    """``selectors`` (those shown) inside the screen, the page unscrolled (unless
    ``scrolled``) and no wider than the screen; every button and tile shown
    finger-sized."""
    size = page.viewport_size
    assert size is not None
    outside = page.evaluate(OUTSIDE_JS, [list(selectors), size["width"], size["height"]])
    if scrolled:
        outside = [o for o in outside if not o.startswith("scrolled by")]
    assert outside == [], what
    assert page.evaluate(SMALL_JS, TARGET_PX) == [], what


def mode(page: Page) -> str:
    return page.locator("#app").get_attribute("data-mode") or ""


def tap_to(page: Page, control: str, screen: str) -> None:
    """A finger on ``control``, and the page on ``screen`` (its mode) once it answered."""
    page.locator(control).tap()
    expect(page.locator("#app")).to_have_attribute("data-mode", screen)


def resize(page: Page, size: ViewportSize) -> None:
    """The window at ``size``, once the page has its new width."""
    page.set_viewport_size(size)
    page.wait_for_function("(s) => innerWidth === s.width", arg=size)


def place_by_taps(page: Page, what: str, anchor: str | None = None) -> None:
    """Two taps: the first shows the ghost on ``anchor`` (the middle legal square by
    default), a tap a finger's width beside it (0.9 square off, on a square outside the
    ghost) only moves it, a tap back shows it again and a tap on its other square
    places it (or, where the step wants it, is refused)."""
    play = page.locator("#play")
    done = int(play.get_attribute("data-moves") or 0)
    if anchor is None:
        legal: list[str] = page.eval_on_selector_all(
            "#board rect.sq.legal", "els => els.map(e => e.dataset.square)")
        anchor = legal[len(legal) // 2]
    tap_square(page, anchor)
    expect(play).to_have_attribute("data-preview", showing(anchor))
    shown = play.get_attribute("data-preview") or ""
    ghost = shown.split()
    assert len(ghost) == 2, ghost
    expect(page.locator("#status")).to_contain_text(TAP_AGAIN)
    fits(page, f"{what}: the ghost shown")
    other = next(q for q in ghost if q != anchor)
    miss = page.evaluate(MISS_JS, [anchor, other])
    if miss is not None:
        page.touchscreen.tap(miss[0], miss[1])
        expect(play).not_to_have_attribute("data-preview", shown)
        assert int(play.get_attribute("data-moves") or 0) == done, "a miss placed a tile"
        tap_square(page, anchor)
        expect(play).to_have_attribute("data-preview", shown)
    tap_square(page, other)
    expect(play).not_to_have_attribute("data-preview", shown)  # placed (or refused)


TAP_AGAIN = "tap the"
"""The status once the ghost shows: tap it again (the English catalogue's words)."""

MISS_JS = """([anchor, other]) => {
  const box = (name) => document.querySelector(`#board rect[data-square="${name}"]`)
    .getBoundingClientRect();
  const a = box(anchor), o = box(other);
  const along = [Math.sign(o.left - a.left), Math.sign(o.top - a.top)];
  const tries = [[a, along[1], along[0]], [a, -along[1], -along[0]], [o, along[0], along[1]],
                 [o, along[1], along[0]], [o, -along[1], -along[0]]];
  for (const [r, dx, dy] of tries) {
    const px = r.left + r.width / 2 + 0.9 * dx * r.width;
    const py = r.top + r.height / 2 + 0.9 * dy * r.height;
    const hit = document.elementFromPoint(px, py)?.closest?.('rect.sq.legal');
    if (hit && hit.dataset.square !== anchor && hit.dataset.square !== other) return [px, py];
  }
  return null;
}"""
"""A point a finger's width (0.9 square) beside the ghost, on a square where the tile
fits too (so the browser's own touch adjustment keeps the tap there), whose ghost
leaves the anchor free; ``null`` when there is none."""


def pick(page: Page) -> None:
    play = page.locator("#play")
    tile = page.locator("#hand .tile-btn:not([disabled]):not(.unplayable)").first
    kind = tile.get_attribute("data-kind") or ""
    tile.tap()
    expect(play).to_have_attribute("data-selected", kind)
    expect(page.locator("#status")).to_contain_text("tap a marked square")


def test_a_game_by_taps_fits_the_phone_in_every_mode(phone: Page) -> None:
    page = boot(phone)
    # the start screen no wider than the phone in each language (its longest choices wrap)
    for lang in ("fr", "de", "en"):
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        fits(page, f"the start screen in {lang}", (), scrolled=True)
    page.locator("#players-3").tap()
    expect(page.locator("#seats .seat")).to_have_count(3)
    page.select_option("#seat-kind-0", "human")
    page.select_option("#seat-kind-1", "human")
    page.select_option("#seat-kind-2", "apprentice")
    expect(page.locator("#seat-kind-1")).to_have_value("human")
    # the computer's description sits under its player type, not over its edge
    expect(page.locator("#seat-hint-2")).to_contain_text("beginner")
    gap = page.evaluate("""() => document.querySelector('#seat-hint-2').getBoundingClientRect().top
        - document.querySelector('#seat-kind-2').getBoundingClientRect().bottom""")
    assert gap >= 0, f"the level's description overlaps its player type by {-gap:.1f} px"
    page.locator("#seed").fill("7")
    page.locator("#start").tap()
    play = page.locator("#play")
    expect(play).to_have_attribute("data-moves", "0")
    seen: set[str] = set()
    for _ in range(12):
        if {"playing", "cover", "thinking"} <= seen and int(
                play.get_attribute("data-moves") or 0) >= 4:
            break
        expect(page.locator("#app")).not_to_have_attribute("data-mode", "start")
        now = mode(page)
        if now == "thinking":
            seen.add(now)
            fits(page, "a computer thinking")
            expect(page.locator("#app")).not_to_have_attribute("data-mode", "thinking")
            continue
        if now == "cover":
            seen.add(now)
            fits(page, "the cover", ("#cover-ok", "#cover-text"))
            tap_to(page, "#cover-ok", "playing")
            continue
        assert now == "playing", now
        seen.add(now)
        fits(page, "playing, nothing picked")
        if play.get_attribute("data-phase") == "pass":
            done = int(play.get_attribute("data-moves") or 0)
            page.locator("#pass").tap()
            expect(play).to_have_attribute("data-moves", str(done + 1))
            continue
        pick(page)
        fits(page, "playing, a tile picked")
        before = play.get_attribute("data-orientation") or ""
        page.locator("#rotate").tap()
        expect(play).not_to_have_attribute("data-orientation", before)
        done = int(play.get_attribute("data-moves") or 0)
        place_by_taps(page, "playing")
        expect(play).to_have_attribute("data-moves", str(done + 1))
    assert {"playing", "cover", "thinking"} <= seen, seen
    # A computers-only game, watched (the cover, over the whole page, lifted first).
    if mode(page) == "cover":
        page.locator("#cover-ok").tap()
        expect(page.locator("#app")).not_to_have_attribute("data-mode", "cover")
    tap_to(page, "#new-game", "start")
    # the header's longest button, "Back to the game", its words on one line in each
    # language, in the header's one row
    expect(page.locator("#back-to-game")).to_be_visible()
    labels_whole(page, "start")
    page.locator("#players-2").tap()
    expect(page.locator("#seats .seat")).to_have_count(2)
    page.select_option("#seat-kind-0", "apprentice")
    page.select_option("#seat-kind-1", "apprentice")
    expect(page.locator("#seat-kind-0")).to_have_value("apprentice")
    tap_to(page, "#start", "watching")
    expect(page.locator("#watch")).to_be_visible()
    fits(page, "watching", (*PLAYED, "#watch"))


REPLAY_CONTROLS = ("#replay-caption", "#replay-start", "#replay-back", "#replay-play",
                   "#replay-step", "#replay-end", "#replay-pos", "#replay-exit")
"""The replay's words and controls: what a player stepping through the moves uses
between two looks at the board."""
class ScreenOptions(TypedDict, total=False):
    """The options of ``Browser.new_context`` that make a screen of REPLAY_SCREENS."""

    viewport: ViewportSize
    has_touch: bool
    is_mobile: bool


REPLAY_SCREENS: dict[str, ScreenOptions] = {
    "phone 360x740": {"viewport": {"width": 360, "height": 740},
                      "has_touch": True, "is_mobile": True},
    "laptop 1366x768": {"viewport": {"width": 1366, "height": 768}}}

COVERED_JS = """(selectors) => selectors.filter(sel => {
  const r = document.querySelector(sel).getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !hit || !document.querySelector(sel).contains(hit);
})"""
"""Those of ``selectors`` that another element covers at their centre (a tap there would
not reach them)."""
CENTRE_JS = """(sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}"""


@pytest.fixture(params=tuple(REPLAY_SCREENS))
def replay_screen(request: pytest.FixtureRequest, browser: Browser, base_url: str,
                  page_problems: PageProblems) -> Iterator[Page]:
    context = browser.new_context(**REPLAY_SCREENS[str(request.param)],
                                  device_scale_factor=2, base_url=base_url)
    page_problems.watch(context)
    yield context.new_page()
    context.close()


def four_players_game(moves: int) -> qin.Game:
    """A hot-seat game of four (the most players' rows beside the board)."""
    game = qin.Game.new(board="bird", players=4, seed=5, names=["Anna", "Ben", "Chen", "Dara"])
    for _ in range(moves):
        game.play(game.legal_moves()[len(game.moves) * 7 % len(game.legal_moves())])
    return game


TO_THE_TOP_JS = "() => { window.scrollTo(0, 0); document.querySelector('#side').scrollTo(0, 0); }"
"""Back at the top: the page's (the phone's one scroller) and the side panel's (a
laptop's)."""


def press(page: Page, control: str) -> None:
    """A tap (a click, without a touch screen) on ``control`` where it is, the page
    unscrolled."""
    x, y = page.evaluate(CENTRE_JS, control)
    if page.evaluate("() => navigator.maxTouchPoints > 0"):
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


REVIEW_BUTTONS = ("#review-close", "#review-share")
"""The review's own buttons at its top: closing it, a link to it."""

UNDER_THE_WORDS_JS = """(selectors) => {
  // every scroll position of the page and of the side panel (a laptop's scroller), one
  // 8 px step apart: each button whose middle lies on the screen is hit there, unless
  // what is kept at the top lies over it, which is scrolled past it as the screen's top
  // edge is: the board (in a review on a phone), the replay's bar (the side panel's top
  // on a laptop)
  const out = [], side = document.querySelector('#side');
  const scrollers = [document.scrollingElement, side]
    .filter(s => s.scrollHeight > s.clientHeight + 1);
  const board = document.querySelector('#board-area'), bar = document.querySelector('#replay-bar');
  const kept = (hit) => board.contains(hit)
    || (bar.contains(hit) && getComputedStyle(bar).position === 'sticky');
  const at = (s) => s === side ? '#side' : 'the page';
  for (const scroller of scrollers) {
    const last = scroller.scrollHeight - scroller.clientHeight;
    for (let y = 0; y <= last + 8; y += 8) {
      scroller.scrollTop = Math.min(y, last);
      const clip = scroller === side ? side.getBoundingClientRect()
        : {top: 0, bottom: innerHeight};
      for (const sel of selectors) {
        const el = document.querySelector(sel), r = el.getBoundingClientRect();
        const x = r.left + r.width / 2, m = r.top + r.height / 2;
        if (m < Math.max(clip.top, 0) || m > Math.min(clip.bottom, innerHeight)) continue;
        const hit = document.elementFromPoint(x, m);
        if (hit && (el.contains(hit) || kept(hit))) continue;
        out.push(`${sel} at ${Math.round(m)} px, ${at(scroller)} scrolled by ` +
                 `${scroller.scrollTop}: under ${hit ? hit.id || hit.className : 'nothing'}`);
      }
    }
    scroller.scrollTop = 0;
  }
  return out.slice(0, 4);
}"""
"""The review's buttons of ``selectors`` covered where they show, at some scroll position
(by the chosen move's words kept at the screen's bottom, say): the first few found."""


def review_buttons_uncovered(page: Page, what: str) -> None:
    """At every scroll position the review's Close and Share, where on the screen, are hit
    by a tap at their middle (the board kept at a phone's top scrolls over them)."""
    assert page.evaluate(UNDER_THE_WORDS_JS, list(REVIEW_BUTTONS)) == [], what


def on_first_screen(page: Page, what: str) -> None:
    """The board and the replay's controls inside the screen, the page unscrolled, none
    covered; on the phone, finger-sized."""
    size = page.viewport_size
    assert size is not None
    assert page.evaluate(OUTSIDE_JS, [["#board", *REPLAY_CONTROLS], size["width"],
                                      size["height"]]) == [], what
    assert page.evaluate(COVERED_JS, list(REPLAY_CONTROLS)) == [], what
    if page.evaluate("() => navigator.maxTouchPoints > 0"):
        assert page.evaluate(SMALL_JS, TARGET_PX) == [], what


def step_through_in_place(page: Page, where: str) -> None:
    """The replay of ``four_players_game(12)`` (``where``: the replay, the review)
    stepped through by its controls, each tapped (clicked) where it is, the page
    unscrolled: to the start, every move, one back, the three languages, to the end, the
    start, the autoplay and its pause; the board and the controls on the first screen at
    each."""
    play = page.locator("#play")

    def step(control: str, at: str) -> None:
        press(page, control)
        expect(play).to_have_attribute("data-replay-at", at)
        page.wait_for_function("() => window.qinIdle")

    on_first_screen(page, f"{where} opened")
    step("#replay-start", "0")
    on_first_screen(page, f"{where} at the start")
    for n in range(1, 13):  # every move's caption (the longer ones wrap)
        step("#replay-step", str(n))
        on_first_screen(page, f"{where} at move {n}")
    step("#replay-back", "11")
    for lang in ("de", "fr", "en"):
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.wait_for_function("() => window.qinIdle")
        on_first_screen(page, f"{where} at move 11 in {lang}")
    step("#replay-end", "12")
    step("#replay-start", "0")
    player = page.locator("#replay-play")
    press(page, "#replay-play")  # the autoplay, then paused where it got to
    expect(player).to_have_class(re.compile(r"(^|\s)playing(\s|$)"))
    press(page, "#replay-play")
    expect(player).not_to_have_class(re.compile(r"(^|\s)playing(\s|$)"))
    page.wait_for_function("() => window.qinIdle")
    on_first_screen(page, f"{where} paused")


def open_the_replay(page: Page) -> None:
    """A 4-player game of 12 moves by link, its replay opened from the game's tools,
    which then offer no Replay (the replay's bar leads back)."""
    boot(page, "/#g=" + qin.records.to_url(four_players_game(12)))
    expect(page.locator("#play")).to_have_attribute("data-moves", "12")
    if page.evaluate("() => navigator.maxTouchPoints > 0"):
        page.locator("#replay-open").tap()  # below the fold: the page scrolls to it
    else:
        page.locator("#replay-open").click()
    expect(page.locator("#app")).to_have_attribute("data-mode", "replay")
    expect(page.locator("#replay-open")).to_be_hidden()
    expect(page.locator("#export-game")).to_be_visible()  # the other tools stay
    page.wait_for_function("() => window.qinIdle")
    page.evaluate("() => window.scrollTo(0, 0)")


def test_a_replay_s_controls_are_on_the_first_screen_with_the_board(
        replay_screen: Page) -> None:
    page = replay_screen
    open_the_replay(page)
    # the replay from the page's top: the board, then its controls, on one screen
    step_through_in_place(page, "the replay")
    press(page, "#replay-exit")  # the way back to the game, where Replay is offered again
    expect(page.locator("#app")).to_have_attribute("data-mode", "playing")
    expect(page.locator("#play")).to_have_attribute("data-moves", "12")
    expect(page.locator("#replay-open")).to_be_visible()


def test_a_review_s_replay_controls_are_on_the_first_screen_with_the_board(
        replay_screen: Page) -> None:
    # the review beside the replay: its controls stay on the first screen with the board,
    # the review after them (on the phone, the players after the review)
    page = replay_screen
    open_the_replay(page)
    touch = page.evaluate("() => navigator.maxTouchPoints > 0")
    opener = page.locator("#review-open")
    opener.tap() if touch else opener.click()
    review = page.locator("#review")
    expect(review).to_have_attribute("data-state", "done", timeout=WORKER_BOOT_MS)
    page.wait_for_function("() => window.qinIdle")
    page.evaluate("() => window.scrollTo(0, 0)")
    step_through_in_place(page, "the review")
    # every move chosen in the review's list, in German (the longest words), then back at
    # the top: the controls still there, uncovered by the chosen move's words (on the phone
    # the words and the board on screen together where the move was chosen)
    detail = page.locator("#review-detail")
    choose_language(page, "de")
    entries = page.locator("#review-list button[data-ply]")
    longest, tallest = 0, 0.0
    for n in range(entries.count()):
        entry = entries.nth(n)
        entry.scroll_into_view_if_needed()
        ply = int(entry.get_attribute("data-ply") or 0)
        entry.tap() if touch else entry.click()
        expect(review).to_have_attribute("data-at", str(ply))
        expect(detail).to_be_visible()
        page.wait_for_function("() => window.qinIdle")
        if touch:
            assert page.evaluate(ON_SCREEN_JS, ["#board", "#review-detail"]), \
                f"the words of move {ply} and its board on screen together"
        height = detail.bounding_box()
        if height is not None and height["height"] > tallest:
            longest, tallest = ply, height["height"]
        review_buttons_uncovered(page, f"the review at move {ply} chosen, its words shown, in de")
        page.evaluate(TO_THE_TOP_JS)
        on_first_screen(page, f"the review at move {ply} chosen, its words shown, in de")
    # the move with the longest words in the other languages too
    entry = page.locator(f"#review-list button[data-ply='{longest}']")
    entry.scroll_into_view_if_needed()
    entry.tap() if touch else entry.click()
    expect(review).to_have_attribute("data-at", str(longest))
    for lang in ("fr", "en"):
        choose_language(page, lang)
        review_buttons_uncovered(page, f"the review at move {longest} chosen in {lang}")
        page.evaluate(TO_THE_TOP_JS)
        on_first_screen(page, f"the review at move {longest} chosen, its words shown, in {lang}")
    # the next move one tap away
    press(page, "#replay-step")
    expect(page.locator("#play")).to_have_attribute("data-replay-at", str(longest))
    page.wait_for_function("() => window.qinIdle")
    press(page, "#review-close")
    expect(page.locator("#app")).to_have_attribute("data-mode", "replay")


def test_the_strongest_level_and_its_description_fit_the_phone(small_phone: Page) -> None:
    # The Son of Heaven, the last and longest choice of a seat, with the longest
    # description: its name is not cut by the select, its words sit under it, inside.
    page = boot(small_phone)
    page.select_option("#seat-kind-1", "heaven")
    expect(page.locator("#seat-hint-1")).to_contain_text("playing against itself")
    gap = page.evaluate("""() => document.querySelector('#seat-hint-1').getBoundingClientRect().top
        - document.querySelector('#seat-kind-1').getBoundingClientRect().bottom""")
    assert gap >= 0, f"the level's description overlaps its player type by {-gap:.1f} px"
    room = page.evaluate("""() => {
        const s = document.querySelector('#seat-kind-1'), style = getComputedStyle(s);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = style.font;
        const text = ctx.measureText(s.options[s.selectedIndex].text).width;
        return s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
            - text; }""")
    assert room > 0, f"the select cuts its choice's name by {-room:.1f} px"
    fits(page, "the start screen, the Son of Heaven chosen", ("#seat-kind-1", "#seat-hint-1"),
         scrolled=True)


SEATS_JS = """() => {
  const out = [], card = document.querySelector('#setup-form').getBoundingClientRect();
  for (const seat of document.querySelectorAll('#seats .seat')) {
    const n = seat.dataset.seat, box = (sel) => seat.querySelector(sel).getBoundingClientRect();
    const figure = box('.seat-pagoda svg');
    const fields = ['.seat-name input', '.seat-colour select', '.seat-kind select'];
    const hint = document.querySelector(`#seat-hint-${n}`);
    const rows = fields.map(f => [f, box(f)]);
    if (hint) rows.push([`#seat-hint-${n}`, hint.getBoundingClientRect()]);
    const left = rows[0][1].left;
    for (const [f, r] of rows) {
      if (Math.abs(r.left - left) > 1)
        out.push(`seat ${n}: ${f} begins at ${Math.round(r.left)}, ` +
                 `its name at ${Math.round(left)}`);
      if (r.left < figure.right)
        out.push(`seat ${n}: ${f} at ${Math.round(r.left)}, left of its figure's edge ` +
                 `${Math.round(figure.right)}`);
      if (r.right > card.right + 0.5)
        out.push(`seat ${n}: ${f} ends at ${Math.round(r.right)}, past the card's ` +
                 `${Math.round(card.right)}`);
    }
    // the figure beside the seat's block, not above or under it
    const first = rows[0][1], lastField = rows[2][1];
    if (figure.top < first.top - 1 || figure.bottom > lastField.bottom + 1)
      out.push(`seat ${n}: its figure outside its fields' rows`);
    // each choice's name whole in its select
    for (const s of seat.querySelectorAll('select')) {
      const style = getComputedStyle(s), ctx = document.createElement('canvas').getContext('2d');
      ctx.font = style.font;
      const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        - ctx.measureText(s.options[s.selectedIndex].text).width;
      if (room <= 0) out.push(`seat ${n}: ${s.id} cuts its choice by ${-room.toFixed(1)} px`);
    }
  }
  return out;
}"""
"""The start screen's seats as blocks: each seat's name, colour, player type and level's
description beginning at one edge, right of its figure (which stands beside them), inside
the form, every choice's name whole: the problems found."""


def test_a_seat_reads_as_one_block_beside_its_figure_on_the_phone(small_phone: Page) -> None:
    # four seats, a person and the three computers with the longest names and
    # descriptions, in German, French and English, at 360 px and the phone layout's widest
    page = boot(small_phone)
    page.locator("#players-4").tap()
    expect(page.locator("#seats .seat")).to_have_count(4)
    for seat, kind in enumerate(("human", "governor", "emperor", "heaven")):
        page.select_option(f"#seat-kind-{seat}", kind)
        expect(page.locator(f"#seat-kind-{seat}")).to_have_value(kind)
    for width in (360, 560):
        size: ViewportSize = {"width": width, "height": 740}
        resize(page, size)
        for lang in ("de", "fr", "en"):
            choose_language(page, lang)
            assert page.evaluate(SEATS_JS) == [], f"the seats at {width} px in {lang}"
            fits(page, f"the start screen at {width} px in {lang}", (), scrolled=True)


WORDS_JS = """(selectors) => selectors.map(sel => {
  const el = document.querySelector(sel), range = document.createRange();
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let top = Infinity, bottom = -Infinity;
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.trim() || n.parentElement.closest('.sr-only')) continue;
    range.selectNodeContents(n);
    for (const r of range.getClientRects())
      if (r.height) { top = Math.min(top, r.top); bottom = Math.max(bottom, r.bottom); }
  }
  return [top, bottom];
})"""
"""Where the words shown in each of ``selectors`` start and end on the screen (top,
bottom): what a reader sees of a finger-tall control, its empty padding left out."""
LIST_GAP_PX = 2
"""How much more room than between two steps may show above the first (rounding)."""

STEPS_INSET_JS = """() => {
  const card = document.querySelector('#tutorial').getBoundingClientRect();
  const start = (el) => {  // where its first word shown starts
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const at = n.textContent.search(/\\S/);
      if (at < 0 || n.parentElement.closest('.sr-only, [aria-hidden="true"]')) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + 1);
      return range.getBoundingClientRect().left;
    }
    return NaN;
  };
  const heading = start(document.querySelector('.tutorial-list summary')), out = [];
  for (const step of document.querySelectorAll('#tutorial-steps button')) {
    const words = start(step), name = step.textContent.trim();
    if (Math.abs(words - heading) > 1)
      out.push(`"${name}" at ${Math.round(words)}, the heading "Steps" at ${Math.round(heading)}`);
    const tick = step.querySelector('.step-mark svg')?.getBoundingClientRect();
    if (tick && (tick.left < card.left + 1 || tick.right > words))
      out.push(`"${name}": its tick at ${Math.round(tick.left)}-${Math.round(tick.right)}, ` +
               `the card from ${Math.round(card.left)}, the words from ${Math.round(words)}`);
  }
  return out;
}"""
"""What of the tutorial's list of steps is not at the inset of its heading's words ("Steps"):
a step's words (its number first) elsewhere, a step's tick outside the card or over its
words (the tick and the fold's triangle lie in the room before them)."""


def test_every_tutorial_step_by_taps_fits_the_phone(small_phone: Page) -> None:
    page = boot(small_phone)
    tap_to(page, "#learn", "tutorial")
    play = page.locator("#play")
    steps = page.locator("#tutorial-steps button")
    for n, step in enumerate(tutorial.IDS):
        tile, orientation, anchor, _move = CLICKS[step]
        panel = page.locator("#tutorial")
        expect(panel).to_have_attribute("data-step", step)
        expect(page.locator("details.tutorial-list")).not_to_have_attribute("open", "")
        fits(page, f"step {step}")
        if step == "found":  # two wrong tries: the longest words, and the hint
            page.locator(f'#hand .tile-btn[data-kind="{tile}"]').first.tap()
            expect(play).to_have_attribute("data-selected", tile)
            for tries, square in ((1, "b2"), (2, "b1")):  # refused; legal, taken back
                tap_square(page, square)
                expect(play).to_have_attribute("data-preview", showing(square))
                tap_square(page, square)
                expect(panel).to_have_attribute("data-tries", str(tries))
                if play.get_attribute("data-selected") != tile:
                    page.locator(f'#hand .tile-btn[data-kind="{tile}"]').first.tap()
                    expect(play).to_have_attribute("data-selected", tile)
            expect(page.locator("#tutorial-hint")).to_be_visible()
            fits(page, f"step {step}, two wrong tries", (*PLAYED, "#tutorial-hint"))
        if tile:
            if play.get_attribute("data-selected") != tile:
                page.locator(f'#hand .tile-btn[data-kind="{tile}"]').first.tap()
                expect(play).to_have_attribute("data-selected", tile)
            for _ in range(4):
                now = play.get_attribute("data-orientation") or ""
                if now == str(orientation):
                    break
                page.locator("#rotate").tap()
                expect(play).not_to_have_attribute("data-orientation", now)
            expect(play).to_have_attribute("data-orientation", str(orientation))
            fits(page, f"step {step}, the tile turned")
            place_by_taps(page, f"step {step}", anchor)
        else:
            page.locator("#pass").tap()
        expect(panel).to_have_attribute("data-outcome", "done")
        fits(page, f"step {step} done")
        if n + 1 < len(CLICKS):
            page.locator("#tutorial-next").tap()
    expect(steps).to_have_count(len(CLICKS))
    # the list of steps opened: its first step right under the words "Steps", no more
    # room above it than between two steps
    page.locator(".tutorial-list summary").tap()
    expect(page.locator("details.tutorial-list")).to_have_attribute("open", "")
    steps.first.scroll_into_view_if_needed()
    heading, first, second = page.evaluate(WORDS_JS, [
        ".tutorial-list summary", "#tutorial-steps li:nth-child(1) button",
        "#tutorial-steps li:nth-child(2) button"])
    above, between = first[0] - heading[1], second[0] - first[1]
    assert above <= between + LIST_GAP_PX, (
        f"{above:.0f} px empty above the first step, {between:.0f} px between two")
    # each step's words (ticked or not) at the inset of the words "Steps"
    assert page.locator("#tutorial-steps .step-mark svg").count() >= len(CLICKS) - 1
    assert page.evaluate(STEPS_INSET_JS) == []
    page.screenshot(path="e2e-artifacts/phone-tutorial-steps.png")


def test_a_review_entry_and_its_board_on_the_phone(small_phone: Page) -> None:
    page = boot(small_phone)
    record = played(("governor", "apprentice"), (1, 2), 3)
    import_file(page, "phone.json", record)
    expect(page.locator("#app")).to_have_attribute("data-mode", "result")
    page.locator("#result-review").tap()
    review = page.locator("#review")
    expect(review).to_have_attribute("data-state", "done", timeout=WORKER_BOOT_MS)
    # at move 0, under the board: the status, the players and the review, no empty block
    # between them (the hand's, kept for a hand the replay does not show)
    page.wait_for_function("() => window.qinIdle")
    widest = page.evaluate(EMPTY_JS, ["#status", "#review-status"])
    assert widest[0] <= EMPTY_PX, f"an empty stretch of {widest[0]} px under the board"
    # the accuracies whole (every column, no word broken), in each language
    for lang in ("de", "fr", "en"):
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("#review-summary thead th").nth(1)).to_have_text(ACCURACY[lang])
        assert page.evaluate(CUT_JS, "#review-summary") == [], f"the accuracies in {lang}"
        # the review's outcome at a glance: its headline one line beside the heading,
        # what the stars mark under it in two at most, nothing cut
        lines = page.evaluate(LINES_JS, HEADLINE)
        assert lines[0] == 1 and lines[1] in (1, 2), f"the review's headline in {lang}: {lines}"
    page.screenshot(path="e2e-artifacts/phone-review-headline.png")
    entry = page.locator("#review-list button[data-marked]").last
    entry.scroll_into_view_if_needed()
    ply = entry.get_attribute("data-ply")
    entry.tap()
    expect(review).to_have_attribute("data-at", str(ply))
    page.wait_for_function(ON_SCREEN_JS, arg=["#board", "#review-detail"])
    assert page.evaluate(APART_JS, ["#board", "#review-detail"])  # neither covers the other
    expect(page.locator("#review-detail")).to_contain_text(" ")
    # the list scrolled to the entry: the board (at the top) and the words (at the
    # bottom) stay on screen, no wider than it
    fits(page, "a reviewed move", ("#board", "#review-detail"), scrolled=True)


TOP_OF = "(id) => document.getElementById(id).getBoundingClientRect().top"
TAPPED_MOVES_PX = 8
"""How far a move tapped in the review's log may move under the finger (a fifth of the
44 px it is tall)."""


def test_the_moves_read_in_a_review_s_log_stay_put_as_it_steps_on_the_phone(
        small_phone: Page) -> None:
    """In a review on the phone, the page scrolled down to the replay's log (newest
    first, under the board kept at the top): a step back and on by the arrow keys, and a
    move tapped in the log, leave the moves the player reads where they are on the
    screen, the move tapped under the finger (the events of the moves from the board's
    on come and go above them, and the page scrolls by as much: they used to jump by as
    much, the move tapped under the board)."""
    page = boot(small_phone, "/#g=" + qin.records.to_url(linked_game(40)))
    expect(page.locator("#play")).to_have_attribute("data-moves", "40")
    page.locator("#replay-open").tap()
    expect(page.locator("#app")).to_have_attribute("data-mode", "replay")
    page.locator("#review-open").tap()
    review = page.locator("#review")
    expect(review).to_have_attribute("data-state", "done", timeout=WORKER_BOOT_MS)
    page.evaluate(TO_THE_TOP_JS)
    page.wait_for_function("() => window.qinIdle")
    press(page, "#replay-end")
    play = page.locator("#play")
    expect(play).to_have_attribute("data-replay-at", "40")
    page.wait_for_function("() => window.qinIdle")
    page.locator("#replay-end").focus()  # the arrow keys step the replay
    # move 33 read in the middle of what shows between the board and the screen's bottom
    page.evaluate("(top) => scrollBy(0, top - 480)", page.evaluate(TOP_OF, "log-move-33"))
    read = page.evaluate(TOP_OF, "log-move-33")
    assert 345 < read < 600 and page.evaluate("() => scrollY") > 0
    for key, at in (("ArrowLeft", "39"), ("ArrowRight", "40"), ("ArrowLeft", "39")):
        page.keyboard.press(key)
        expect(play).to_have_attribute("data-replay-at", at)
        page.wait_for_function("() => window.qinIdle")
        assert abs(page.evaluate(TOP_OF, "log-move-33") - read) <= 1, f"{key} to move {at}"
    page.locator("#log-move-33").tap()  # the moves after it lose their events
    expect(play).to_have_attribute("data-replay-at", "33")
    page.wait_for_function("() => window.qinIdle")
    # under the finger: the browser keeps a move near it in place (it is drawn again
    # itself), within a few pixels of its 44 (it used to go 250 px up, under the board)
    assert abs(page.evaluate(TOP_OF, "log-move-33") - read) <= TAPPED_MOVES_PX, "move 33 tapped"
    expect(page.locator("#log-said-33")).to_be_visible()


ROWS = {
    "playing": ".topbar button, #side .tools button, #hint-box button",
    "replay": ".topbar button, #replay-bar button, #side .tools button",
    "review": ".topbar button, #replay-bar button, #review > button, #review-link-panel button",
    "start": ".topbar button, #setup button, #setup .file-button",
    "result": "#result .buttons button",
}
"""The rows of buttons of each screen: the header, the game's tools under the board (the
hand's, the game's), the replay's bar, the review's buttons, the start screen's, the
result's."""
LABELS_JS = """(selectors) => {
  const out = [], w = window.innerWidth;
  for (const el of document.querySelectorAll(selectors)) {
    if (el.closest('[hidden]') || !el.checkVisibility({visibilityProperty: true})) continue;
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    const name = el.id || el.textContent.trim().slice(0, 24);
    // the label's lines: its words' line boxes (a range's rects), told apart by their middles
    const lines = [];
    const words = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = words.nextNode(); n; n = words.nextNode()) {
      if (!n.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const b of range.getClientRects()) {
        if (!b.width || !b.height) continue;
        const middle = (b.top + b.bottom) / 2;
        if (!lines.some(m => Math.abs(m - middle) < b.height / 2)) lines.push(middle);
      }
    }
    if (lines.length > 1)
      out.push(`${name}: "${el.textContent.trim()}" on ${lines.length} lines`);
    if (r.height < 43.5) out.push(`${name}: ${Math.round(r.height)} px tall`);
    if (r.left < -0.5 || r.right > w + 0.5)
      out.push(`${name} at ${Math.round(r.left)}-${Math.round(r.right)}, outside 0-${w}`);
    // reached: scrolled to, nothing covers its middle
    el.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const s = el.getBoundingClientRect();
    const hit = document.elementFromPoint(s.left + s.width / 2, s.top + s.height / 2);
    if (!hit || !el.contains(hit))
      out.push(`${name} covered by ${hit ? hit.id || hit.className || hit.tagName : 'nothing'}`);
  }
  window.scrollTo(0, 0);
  return out;
}"""
"""The buttons of ``selectors`` shown whose label goes onto more than one line, that are
less than a finger tall, outside the screen's width, or covered where a finger taps."""


def choose_language(page: Page, lang: str) -> None:
    """``lang`` chosen in the header; behind the result (the rest of the page inert while
    it shows) the result is closed for it, then opened again by the game's Result."""
    result = page.locator("#result")
    shown = result.is_visible()
    if shown:
        page.locator("#result-close").tap()
        expect(result).to_be_hidden()
    page.select_option("#lang", lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    if shown:
        page.locator("#show-result").tap()
        expect(result).to_be_visible()
    page.wait_for_function("() => window.qinIdle")


WIDE_PHONE: ViewportSize = {"width": 540, "height": 900}
"""A wide phone in portrait: the phone's layout holds up to 560 px, its header's too."""
MIDDLE_PHONE: ViewportSize = {"width": 520, "height": 900}
"""Between the two, for the start screen: its cards keep one layout over the phone's
widths."""

CARDS_JS = """() => {
  const out = [], insets = [], outside = new Set();
  for (const card of document.querySelectorAll('#saved, #progress')) {
    if (card.closest('[hidden]') || !card.getClientRects().length) continue;
    const r = card.getBoundingClientRect(), s = getComputedStyle(card);
    const left = r.left + parseFloat(s.borderLeftWidth) + parseFloat(s.paddingLeft);
    const right = r.right - parseFloat(s.borderRightWidth) - parseFloat(s.paddingRight);
    insets.push([card.id, Math.round(left - r.left), Math.round(r.right - right)]);
    for (const el of card.querySelectorAll('*')) {
      if (el.closest('[hidden]') || !el.getClientRects().length) continue;
      // nothing to scroll sideways to: a box that could holds no more than its width (a
      // field's own text aside)
      if (!el.matches('input, select, textarea') && getComputedStyle(el).overflowX !== 'visible'
          && el.scrollWidth > el.clientWidth + 0.5)
        out.push(`#${card.id}: ${el.id || el.tagName.toLowerCase() + '.' + el.className} ` +
                 `scrolls sideways: ${el.scrollWidth} px in ${el.clientWidth}`);
      // what a box scrolling sideways inside the card holds is its own (it clips it)
      let box = el.parentElement, clipped = false;
      for (; box && box !== card; box = box.parentElement)
        if (getComputedStyle(box).overflowX !== 'visible') { clipped = true; break; }
      if (clipped) continue;
      const b = el.getBoundingClientRect();
      if (!b.width) continue;
      if (b.left < left - 0.5 || b.right > right + 0.5) {
        outside.add(el);
        if (outside.has(el.parentElement)) continue;  // its box's, said once
        out.push(`#${card.id}: ${el.id || el.tagName.toLowerCase() + '.' + el.className} at ` +
                 `${Math.round(b.left)}-${Math.round(b.right)}, outside its words' ` +
                 `${Math.round(left)}-${Math.round(right)}`);
      }
    }
  }
  if (insets.length !== 2) out.push(`${insets.length} of the saved games' and the progress' cards`);
  else if (insets[0][1] !== insets[1][1] || insets[0][2] !== insets[1][2])
    out.push(`the cards' words at different insets: ${JSON.stringify(insets)}`);
  return out;
}"""
"""On the start screen, the saved games' card and the progress' card (one under the other):
what either holds beyond its padding or only by scrolling sideways (nothing: the progress
table's columns fit the smallest phone in every language), and their words at different
insets (one column: the same)."""


def labels_whole(page: Page, screen: str, wide: bool = False) -> None:
    """In English, German and French, each button of ``screen``'s rows has its label on
    one line, finger-sized and within reach; the header keeps one row (in a game, the
    board's height; on the start screen beside a game, with "Back to the game"); on the
    start screen its cards' words lie inside their padding, at
    the same inset.  With ``wide``, the same on ``WIDE_PHONE`` after the page's own
    screen (and the start screen on ``MIDDLE_PHONE`` before it).  The language is left
    English, the screen the page's own."""
    own = page.viewport_size
    assert own is not None
    sizes = (own, *((MIDDLE_PHONE,) if screen == "start" else ()), WIDE_PHONE)
    for size in sizes if wide else (own,):
        page.set_viewport_size(size)
        page.wait_for_function("(s) => innerWidth === s.width && innerHeight === s.height",
                               arg=size)
        for lang in ("de", "fr", "en"):
            choose_language(page, lang)
            where = f"{screen} at {size['width']}x{size['height']} in {lang}"
            assert page.evaluate(LABELS_JS, ROWS[screen]) == [], where
            assert page.evaluate(ONE_ROW_JS) == [], f"the header of {where}"
            if screen == "start":
                assert page.evaluate(CARDS_JS) == [], f"the cards of {where}"
    page.set_viewport_size(own)
    page.wait_for_function("(s) => innerWidth === s.width && innerHeight === s.height",
                           arg=own)


PROGRESS = progress_record(("apprentice", 2, "won"), ("governor", 2, "won"),
                           ("governor", 2, "lost"), ("minister", 4, "lost"),
                           ("emperor", 3, "shared"), ("heaven", 2, "lost"))
"""A progress record (``qin.progress``) of a game against each level: the progress' card
shows its table with every level's name and the rating's chart."""


EVERY_LEVEL = progress_record(
    ("apprentice", 2, "won"), ("governor", 3, "lost"), ("minister", 4, "shared"),
    ("emperor", 2, "won"), *(("heaven", 2, result) for result in (
        "won", "lost", "shared", "lost", "won")))
"""A progress record of games against each level, five against the Son of Heaven: the
progress table's longest names and its longest last results."""


def saved(ident: str, record: dict[str, object], players: int) -> dict[str, object]:
    """A saved game (``qin-save/1``) of ``record`` at one screen, every seat a person's."""
    return {"format": "qin-save/1", "id": ident, "created": 1, "updated": 1,
            "record": record,
            "ui": {"kinds": ["human"] * players,
                   "colours": ["green", "white", "purple", "black"][:players],
                   "at_screen": 1, "cover": False},
            "mode": "local"}


def two_saves() -> dict[str, dict[str, object]]:
    """Two saved games by their storage keys: one begun (its first button Resume) and one
    finished (Open)."""
    return {"qin.save.begun": saved("begun", four_players_game(12).record(), 4),
            "qin.save.over": saved("over", finished_record(31), 2)}

SAVED_ROWS_JS = """() => [...document.querySelectorAll('#saved-list li.saved-game')]
  .flatMap((row, i) => {
    const tops = [...row.querySelectorAll('.saved-actions button')]
      .map((b) => Math.round(b.getBoundingClientRect().top));
    return new Set(tops).size > 1 ? [`saved game ${i + 1}: its buttons at ${tops}`] : [];
  })"""
"""The saved games whose buttons (Resume or Open, Export, Delete) are not side by side on
one line."""


def test_the_start_screen_s_cards_fit_the_phone(small_phone: Page) -> None:
    """The start screen with ``EVERY_LEVEL``'s progress and two saved games, at 360 px up
    to the phone layout's widest (560 px), in German, French and English: the cards' words
    inside their padding, each saved game's three buttons side by side on one line, their
    labels whole on one line, finger-tall, the progress table whole (its last column, the
    last results, seen without scrolling sideways), the rating's chart whole and across
    its card at every width (the phones of 412 and 430 px too), its labels readable."""
    saves = two_saves()
    small_phone.add_init_script(
        f"localStorage.setItem('qin.progress', {json.dumps(EVERY_LEVEL)});"
        + "".join(f"localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(save))});"
                  for key, save in saves.items()))
    page = boot(small_phone)
    expect(page.locator("#app")).to_have_attribute("data-mode", "start")
    expect(page.locator("#progress-table tbody tr")).to_have_count(5)
    expect(page.locator("#saved-list li.saved-game")).to_have_count(len(saves))
    for width in (360, 412, 430, 500, 520, 540, 560):
        size: ViewportSize = {"width": width, "height": 900}
        resize(page, size)
        for lang in ("de", "fr", "en"):
            choose_language(page, lang)
            page.wait_for_function("window.qinIdle")
            assert page.evaluate(CARDS_JS) == [], f"the start screen at {width} px in {lang}"
            assert page.evaluate(SAVED_ROWS_JS) == [], f"the saved games at {width} px in {lang}"
            assert page.evaluate(LABELS_JS, "#saved-list button") == [], (
                f"the saved games' buttons at {width} px in {lang}")
            # the rating's chart whole, across its card
            assert page.evaluate(RENDERED_JS, [READABLE_PX, FILLS]) == [], (
                f"the rating's chart at {width} px in {lang}")


BOARD_CHOICES_JS = """() => {
  // each board side's name and the lines of its description: where they start
  return [...document.querySelectorAll('#setup-form input[name="board"]')].map((radio) => {
    const label = radio.closest('label');
    const name = label.querySelector('span').getBoundingClientRect();
    const lines = [...label.querySelector('small').getClientRects()].filter((r) => r.width > 1);
    return { side: radio.value, name: Math.round(name.left), nameBottom: Math.round(name.bottom),
             lines: lines.map((r) => [Math.round(r.left), Math.round(r.top)]) };
  });
}"""
"""Each board side's choice on the start screen: where its name starts, and each line
of its description."""


def test_the_board_sides_descriptions_align_on_the_phone(small_phone: Page) -> None:
    """The start screen at 360x740, in French (the Lion's description is two lines there),
    German and English: each board side's description under its name, every line of it
    at the name's edge, the same edge for both sides (the Lion's second line sat under
    its radio button, left of its first)."""
    page = boot(small_phone)
    expect(page.locator("#app")).to_have_attribute("data-mode", "start")
    for lang in ("fr", "de", "en"):
        choose_language(page, lang)
        page.wait_for_function("window.qinIdle")
        choices = page.evaluate(BOARD_CHOICES_JS)
        edges = {c["name"] for c in choices}
        assert len(edges) == 1, f"the board sides' names at {edges} in {lang}"
        for c in choices:
            starts = {left for left, _ in c["lines"]}
            assert starts == edges, f"{c['side']}'s description starts at {starts} in {lang}"
            assert all(top >= c["nameBottom"] - 1 for _, top in c["lines"]), (
                f"{c['side']}'s description beside its name in {lang}")


def test_every_button_s_label_on_one_line_on_the_phone(small_phone: Page) -> None:
    # a game by link (the header's New game, the hand's and the game's tools), its
    # replay, its review (and the link panel), then the start screen beside the game
    # (the header's Back to the game, the saved games' and the progress' cards, with a
    # progress record of a few games): each in three languages, at 360x740 and 540x900
    # (the start screen at 520x900 too)
    small_phone.add_init_script(f"localStorage.setItem('qin.progress', {json.dumps(PROGRESS)})")
    page = boot(small_phone, "/#g=" + qin.records.to_url(four_players_game(12)))
    play = page.locator("#play")
    expect(play).to_have_attribute("data-moves", "12")
    expect(page.locator("#app")).to_have_attribute("data-mode", "playing")
    expect(page.locator("#new-game")).to_be_visible()
    labels_whole(page, "playing", wide=True)
    tap_to(page, "#replay-open", "replay")
    labels_whole(page, "replay", wide=True)
    page.locator("#review-open").tap()
    review = page.locator("#review")
    expect(review).to_have_attribute("data-state", "done", timeout=WORKER_BOOT_MS)
    page.locator("#review-share").tap()
    expect(page.locator("#review-link-panel")).to_be_visible()
    # a move chosen in its list: its words shown at the screen's bottom cover no button
    # once scrolled to
    entry = page.locator("#review-list button[data-marked]").first
    ply = entry.get_attribute("data-ply") or ""
    entry.tap()
    expect(review).to_have_attribute("data-at", ply)
    expect(page.locator("#review-detail")).to_be_visible()
    labels_whole(page, "review", wide=True)
    # the link panel's Copy, tapped: the link to the review at the move chosen is copied,
    # and the page says so
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator("#review-link-copy").tap()
    expect(page.locator("#review-link-message")).to_have_text(words("en")["review.link.copied"])
    link = page.locator("#review-link").input_value()
    assert link.endswith(f"&review={ply}"), link
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    tap_to(page, "#review-close", "replay")
    tap_to(page, "#replay-exit", "playing")
    tap_to(page, "#new-game", "start")
    expect(page.locator("#back-to-game")).to_be_visible()
    labels_whole(page, "start", wide=True)


def test_the_result_s_buttons_on_one_line_on_the_phone(small_phone: Page) -> None:
    # a finished game's result (New game, Review, Look at the board), then a series'
    # (Next game of the series, the longest): each in three languages, at 360x740 and
    # 540x900
    page = boot(small_phone)
    import_file(page, "game-31.json", finished_record(31))
    expect(page.locator("#app")).to_have_attribute("data-mode", "result")
    expect(page.locator("#result-review")).to_be_visible()
    labels_whole(page, "result", wide=True)
    tap_to(page, "#result-close", "playing")
    tap_to(page, "#new-game", "start")
    import_file(page, "series.json", series_save("series-phone", finished_record(31)))
    expect(page.locator("#app")).to_have_attribute("data-mode", "series")
    expect(page.locator("#series-next")).to_be_visible()
    labels_whole(page, "result", wide=True)


NAME_LINES_JS = """() => [...document.querySelectorAll('#result-body td.name')].map((td) => {
  const range = document.createRange();
  range.selectNodeContents(td.firstChild);  // the name's words, not its badge
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
})"""
"""How many lines each player's name takes in the result's table."""


def test_the_result_s_names_each_on_one_line_on_the_phone(small_phone: Page) -> None:
    """The winner's name and its badge: "Player 2" whole on its line, never "Player" above
    "2 winner", in English, German and French."""
    page = boot(small_phone)
    import_file(page, "game-31.json", finished_record(31))
    expect(page.locator("#app")).to_have_attribute("data-mode", "result")
    broken = {}
    for lang in ("en", "de", "fr"):
        page.locator("#result-close").tap()
        expect(page.locator("#app")).to_have_attribute("data-mode", "playing")
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.locator("#show-result").tap()
        expect(page.locator("#app")).to_have_attribute("data-mode", "result")
        page.wait_for_function("() => window.qinIdle")
        lines = page.evaluate(NAME_LINES_JS)
        if max(lines) > 1:
            broken[lang] = lines
    assert broken == {}


HEADER_SIZES: tuple[ViewportSize, ...] = ({"width": 360, "height": 740},
                                          {"width": 390, "height": 844})
"""The phones the header is measured on, in a window whose scrollbar takes room (15 px):
the narrowest room the phone's header is given."""

HEADER_JS = """(least) => {
  const out = [], bar = document.querySelector('.topbar'), b = bar.getBoundingClientRect();
  if (bar.scrollWidth > bar.clientWidth + 0.5)
    out.push(`the header holds ${bar.scrollWidth} px in ${bar.clientWidth}`);
  const shown = [...bar.querySelectorAll(':scope > :is(select, a, button), .lang-box > select')]
    .filter(el => !el.closest('[hidden]') && el.getBoundingClientRect().width > 1);
  const middle = el => { const r = el.getBoundingClientRect(); return (r.top + r.bottom) / 2; };
  const row = middle(shown[0]);
  for (const el of shown) {
    const r = el.getBoundingClientRect(), name = el.id || el.className;
    if (r.left < b.left - 0.5 || r.right > b.right + 0.5)
      out.push(`${name} at ${Math.round(r.left)}-${Math.round(r.right)}, outside the header's ` +
               `${Math.round(b.left)}-${Math.round(b.right)}`);
    if (r.width < least - 0.5 || r.height < least - 0.5)
      out.push(`${name}: ${Math.round(r.width)}x${Math.round(r.height)}`);
    if (el.tagName !== 'SELECT' && el.scrollWidth > el.clientWidth + 0.5)
      out.push(`${name}: its words ${el.scrollWidth} px in ${el.clientWidth}`);
    const off = Math.round(middle(el) - row);
    if (Math.abs(off) > 4) out.push(`${name}: ${off} px off the header's row`);
  }
  return out;
}"""
"""What is wrong with the header: anything wider than it or outside it, a control less
than ``least`` px or whose words overflow it, or off its first row ("Back to the game"
included: one row)."""

NAMES_JS = """() => {
  const out = [], box = document.querySelector('#review-summary');
  if (box.scrollWidth > box.clientWidth + 0.5)
    out.push(`the accuracies scroll sideways: ${box.scrollWidth} px in ${box.clientWidth}`);
  for (const cell of box.querySelectorAll('th, td')) {
    const lines = new Set();
    const range = document.createRange();
    range.selectNodeContents(cell);
    for (const r of range.getClientRects()) if (r.width) lines.add(Math.round(r.top));
    if (lines.size > 1 && cell.closest('tbody'))  // a heading wraps between its words
      out.push(`"${cell.textContent}" on ${lines.size} lines`);
    if (cell.scrollWidth > cell.clientWidth + 0.5)
      out.push(`"${cell.textContent}" ${cell.scrollWidth} px in its cell's ${cell.clientWidth}`);
    const name = cell.querySelector('.who');
    if (name && name.scrollWidth > name.clientWidth + 0.5 && name.title !== cell.textContent)
      out.push(`"${cell.textContent}" cut without its whole name in a title`);
  }
  return out;
}"""
"""What is wrong with the review's accuracies: a name (or a figure) on more than one
line, a name, a heading or a figure past its cell, the table scrolling sideways, a name
cut short (an ellipsis) without its whole name in its title."""

TITLE_JS = """() => {
  const bar = document.querySelector('.topbar'), b = bar.getBoundingClientRect();
  const brand = bar.querySelector('.brand'), r = brand.getBoundingClientRect();
  if (!brand.checkVisibility() || r.width < 8 || r.height < 8
      || getComputedStyle(brand).clip !== 'auto')
    return [`the title "Qin" is not shown: ${Math.round(r.width)}x${Math.round(r.height)}`];
  const out = [];
  if (r.left < b.left - 0.5 || r.right > b.right + 0.5)
    out.push(`the title at ${Math.round(r.left)}-${Math.round(r.right)}, outside the header`);
  if (brand.scrollWidth > brand.clientWidth + 0.5)
    out.push(`the title's letters ${brand.scrollWidth} px in ${brand.clientWidth}`);
  const next = [...bar.children].find((el) => el !== brand && el.matches('.lang-box, a, button')
    && el.getBoundingClientRect().width > 1);
  if (next) {
    const n = next.getBoundingClientRect();
    if (n.left < r.right) out.push(`the title under ${next.className || next.id}`);
    const off = Math.round((r.top + r.bottom - n.top - n.bottom) / 2);
    if (Math.abs(off) > 4) out.push(`the title ${off} px off the header's row`);
  }
  return out;
}"""
"""What keeps the header's title ("Qin") from being seen: hidden or clipped, past the
header's edge, cut, or under the control beside it."""

CODE_JS = "() => getComputedStyle(document.querySelector('.lang-box'), '::after').content"
"""What a phone's language switch shows: its language's code."""


@pytest.fixture
def phone_window(browser: Browser, base_url: str,
                 page_problems: PageProblems) -> Iterator[Page]:
    """A touch screen of 360x740 whose scrollbar takes room (a browser made phone-sized,
    the reach test's and the screenshots' phones)."""
    context = browser.new_context(viewport=HEADER_SIZES[0], has_touch=True, base_url=base_url)
    page_problems.watch(context)
    yield context.new_page()
    context.close()


def header_fits(page: Page, screen: str, review: bool = False, dialog: bool = False,
                title: bool = True) -> None:
    """At 360x740 and 390x844, in English, German and French: the header of ``screen``
    one row (on the start screen beside a game, "Back to the game" too), nothing in it
    past its edge or clipped, every control finger-sized with its
    words on one line inside it (and, but under a dialog (``dialog``), uncovered); with
    ``title``, the game's title ("Qin") shown whole in that row; with ``review``, the
    accuracies' names on one line."""
    for size in HEADER_SIZES:
        resize(page, size)
        for lang in ("fr", "de", "en"):
            choose_language(page, lang)
            where = f"{screen} at {size['width']}x{size['height']} in {lang}"
            assert page.evaluate(HEADER_JS, TARGET_PX) == [], where
            if title:
                assert page.evaluate(TITLE_JS) == [], where
            if not dialog:
                assert page.evaluate(LABELS_JS, ".topbar button") == [], where
            # the language switch shows the language's code
            assert lang.upper() in page.evaluate(CODE_JS), where
            if review:
                assert page.evaluate(NAMES_JS) == [], f"the accuracies of {where}"
    resize(page, HEADER_SIZES[0])


def test_the_header_keeps_one_row_on_every_screen(phone_window: Page) -> None:
    # the start screen, the tutorial, a finished game of players without names (its
    # result, its review: "Spieler 1" and "Joueur 1" in the accuracies), its replay,
    # the game, the start screen beside it; the review's accuracies on the laptop too
    page = boot(phone_window)
    expect(page.locator("#app")).to_have_attribute("data-mode", "start")
    header_fits(page, "the start screen")
    tap_to(page, "#learn", "tutorial")
    header_fits(page, "the tutorial")
    tap_to(page, "#new-game", "start")
    import_file(page, "unnamed.json", played(("governor", "apprentice"), (1, 2), 3))
    expect(page.locator("#app")).to_have_attribute("data-mode", "result")
    header_fits(page, "the result", dialog=True)
    page.locator("#result-review").tap()
    expect(page.locator("#review")).to_have_attribute("data-state", "done",
                                                      timeout=WORKER_BOOT_MS)
    header_fits(page, "the review", review=True)
    page.screenshot(path="e2e-artifacts/phone-header-review.png")
    resize(page, {"width": 1366, "height": 768})
    for lang in ("fr", "de", "en"):
        choose_language(page, lang)
        assert page.evaluate(NAMES_JS) == [], f"the accuracies at 1366x768 in {lang}"
    resize(page, HEADER_SIZES[0])
    tap_to(page, "#review-close", "replay")
    header_fits(page, "the replay")
    tap_to(page, "#replay-exit", "playing")
    header_fits(page, "the game")
    tap_to(page, "#new-game", "start")
    expect(page.locator("#back-to-game")).to_be_visible()
    # "Back to the game" takes the title's room there
    header_fits(page, "the start screen beside a game", title=False)
