"""A phone held sideways (740x360, and 915x412) plays without scrolling: a touch phone
in landscape, the page unscrolled, played by taps.

In a game of two at one screen (playing, a tile picked, the hand-over cover) and of four,
in English and German (the header's longest words), the board, the hand, Turn/Undo/Hint
and the status line lie inside the screen under the header with ``window.scrollY == 0``
and nothing wider than the screen, every button finger-sized (e2e/test_phone.py's
``fits``); the header keeps one row.  Then the tutorial, in German, French and English:
at the start of every step and after two missed tries (the hint shown), the step's
instruction (and the hint) lie inside the screen beside the board, with the status line
and the tile in hand, the side panel unscrolled.  Waits are on the page's state, never
sleeps.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.helpers import PageProblems, boot, window_context
from e2e.placing import place_tile, showing, tap_square
from e2e.test_phone import ONE_ROW_JS, PLAYED, fits, tap_to
from e2e.test_tutorial import CLICKS

SIDEWAYS = {"740x360": (740, 360), "915x412": (915, 412)}


@pytest.fixture(params=tuple(SIDEWAYS))
def sideways(request: pytest.FixtureRequest, browser: Browser, base_url: str,
             page_problems: PageProblems) -> Iterator[Page]:
    width, height = SIDEWAYS[str(request.param)]
    context = window_context(browser, base_url, page_problems, width, height, touch=True)
    yield context.new_page()
    context.close()


def start(page: Page, players: int) -> None:
    """A new game of ``players`` at one screen, seed 7, by taps."""
    if page.locator("#new-game").is_visible():
        tap_to(page, "#new-game", "start")
    page.locator(f"#players-{players}").tap()
    expect(page.locator("#seats .seat")).to_have_count(players)
    for i in range(players):
        page.select_option(f"#seat-kind-{i}", "human")
        expect(page.locator(f"#seat-kind-{i}")).to_have_value("human")
    page.locator("#seed").fill("7")
    tap_to(page, "#start", "playing")


def pick(page: Page) -> None:
    """A tap on the first tile that can be played: it is in hand, picked."""
    tile = page.locator("#hand .tile-btn:not([disabled]):not(.unplayable)").first
    kind = tile.get_attribute("data-kind") or ""
    tile.tap()
    expect(page.locator("#play")).to_have_attribute("data-selected", kind)


def header_one_row(page: Page, what: str) -> None:
    page.wait_for_function("() => window.qinIdle")
    assert page.evaluate(ONE_ROW_JS) == [], what


def test_a_game_fits_a_phone_held_sideways(sideways: Page) -> None:
    page = boot(sideways)
    for lang in ("de", "en"):
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        start(page, 2)
        header_one_row(page, f"playing in {lang}")
        fits(page, f"playing in {lang}")
        pick(page)
        fits(page, f"a tile picked in {lang}")
        # two taps on a legal square: the ghost, then the placement; the cover follows
        legal = page.eval_on_selector_all("#board rect.sq.legal",
                                          "els => els.map(e => e.dataset.square)")
        tap_square(page, legal[0])
        expect(page.locator("#play")).to_have_attribute("data-preview", showing(legal[0]))
        tap_square(page, legal[0])
        expect(page.locator("#app")).to_have_attribute("data-mode", "cover")
        fits(page, f"the cover in {lang}", ("#cover-ok", "#cover-text"))
        tap_to(page, "#cover-ok", "playing")
        fits(page, f"the second player's turn in {lang}")
        start(page, 4)
        fits(page, f"four players in {lang}")
    tutorial_words_in_view(page)


STEP_WORDS = (*PLAYED, "#tutorial-do", "#tutorial-hint")
"""What a tutorial's step needs on screen: the board, the tile in hand and its tools, the
status line, the step's instruction and, after missed tries, its hint."""


def try_at(page: Page, tile: str, square: str, tries: int) -> None:
    """The step's tile tapped (unless chosen), then ``square`` twice (its preview, then
    the try): the panel counts ``tries``."""
    play = page.locator("#play")
    if play.get_attribute("data-selected") != tile:
        page.locator(f'#hand .tile-btn[data-kind="{tile}"]').first.tap()
        expect(play).to_have_attribute("data-selected", tile)
    tap_square(page, square)
    expect(play).to_have_attribute("data-preview", showing(square))
    tap_square(page, square)
    expect(page.locator("#tutorial")).to_have_attribute("data-tries", str(tries))


def tutorial_words_in_view(page: Page) -> None:
    """From a game: the tutorial, every step's start, and the step "found" after two
    refused tries and after a third, legal but taken back, in German, French and English,
    fits the screen (``STEP_WORDS``)."""
    tap_to(page, "#new-game", "start")
    tap_to(page, "#learn", "tutorial")
    panel = page.locator("#tutorial")
    for lang in ("de", "fr", "en"):
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        for step in CLICKS:
            page.evaluate("h => { location.hash = h }", f"#learn={step}")
            expect(panel).to_have_attribute("data-step", step)
            page.wait_for_function("() => window.qinIdle")
            fits(page, f"the tutorial's step {step} in {lang}", STEP_WORDS)
        page.evaluate("h => { location.hash = h }", "#learn=found")
        expect(panel).to_have_attribute("data-step", "found")
        tile = CLICKS["found"][0]
        # refused twice (the second sticks out over the board's edge: the status's longest
        # words), as the gallery shows it; then legal but not the step's move, taken back
        for tries, square in ((1, "b2"), (2, "e4"), (3, "b1")):
            if tries == 3:
                expect(page.locator("#tutorial-hint")).to_be_visible()
                page.wait_for_function("() => window.qinIdle")
                fits(page, f"the tutorial's hint after two refusals in {lang}", STEP_WORDS)
            try_at(page, tile, square, tries)
        expect(page.locator("#tutorial-hint")).to_be_visible()
        page.wait_for_function("() => window.qinIdle")
        fits(page, f"the tutorial's hint after a try taken back in {lang}", STEP_WORDS)


SEEN_JS = """(selectors) => {
  // inside the window, not clipped by the side panel, and below what sticks to the
  // panel's top (the status and the tile in hand) unless it is part of it
  const side = document.getElementById('side');
  const stuck = [...side.children].filter((c) => getComputedStyle(c).position === 'sticky'
    && c.getClientRects().length);
  const under = Math.max(side.getBoundingClientRect().top,
    ...stuck.map((c) => c.getBoundingClientRect().bottom));
  const bottom = side.getBoundingClientRect().bottom;
  return selectors.filter((sel) => {
    const el = document.querySelector(sel);
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return true;
    if (!side.contains(el) || stuck.some((c) => c.contains(el))) return false;
    return r.top < under - 0.5 || r.bottom > bottom + 0.5;
  });
}"""
"""Those of the selectors a player does not see whole (an empty list: all seen)."""


def test_what_a_missed_try_did_shows_with_the_instruction_and_the_hint(sideways: Page) -> None:
    """The tutorial's step "found" held sideways, by taps: two refused tries (the hint
    shows), then a legal try that is not the step's move, taken back: what it did and the
    rule's link are on screen with the step's title, its instruction and the hint, above
    the fold and not under the status and the tile in hand, which stay on screen too; in
    German, French and English.  (They came after the hint, below the fold; then, in
    German, the title slid under the status.)"""
    page = boot(sideways, "/#learn=found")
    panel = page.locator("#tutorial")
    tile = CLICKS["found"][0]
    for lang in ("de", "fr", "en"):
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        page.locator("#tutorial-again").tap()
        expect(panel).to_have_attribute("data-tries", "0")
        for tries, square in ((1, "b2"), (2, "e4"), (3, "b1")):
            try_at(page, tile, square, tries)
        expect(panel).to_have_attribute("data-outcome", "missed")
        expect(page.locator("#tutorial-hint")).to_be_visible()
        page.wait_for_function("() => window.qinIdle")
        words = ("#tutorial-title", "#tutorial-do", "#tutorial-hint", "#tutorial-rule",
                 "#tutorial-result")
        assert page.evaluate(SEEN_JS, [*words, "#hand", "#rotate", "#status"]) == [], lang
        fits(page, f"what a missed try did in {lang}", (*STEP_WORDS, *words))


MISSES = {"turn": ("RB", 2, "c2", "Bb2Rc2"), "absorb": ("RY", 0, "a1", "Ra1Yb1")}
"""Legal tries that miss their step (tile, orientation, anchor square, move) whose words
are the longest a phone held sideways can show with the step's own: what they did, a
line or two, and their events, two of them at most.  (A miss of the step "win" lists
more events than the screen has lines: those scroll.)"""


def test_a_missed_try_s_words_fit_beside_the_board_in_german(sideways: Page) -> None:
    """A first legal try that misses its step, held sideways, by taps, in German: what
    it did (that it was taken back, its events) is on screen whole with the step's title
    and instruction, below the status and the tile in hand, the panel not scrolled by
    the player.  (The second event lay below the fold, under the rule's link.)"""
    page = boot(sideways, "/#learn=place")
    page.select_option("#lang", "de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    panel, play = page.locator("#tutorial"), page.locator("#play")
    for step, (tile, orientation, anchor, _) in MISSES.items():
        page.evaluate("h => { location.hash = h }", f"#learn={step}")
        expect(panel).to_have_attribute("data-step", step)
        page.wait_for_function("() => window.qinIdle")
        page.locator(f'#hand .tile-btn[data-kind="{tile}"]').first.tap()
        expect(play).to_have_attribute("data-selected", tile)
        for _ in range(4):
            now = play.get_attribute("data-orientation")
            if now == str(orientation):
                break
            page.locator("#rotate").tap()
            expect(play).not_to_have_attribute("data-orientation", str(now))
        tap_square(page, anchor)
        expect(play).to_have_attribute("data-preview", showing(anchor))
        tap_square(page, anchor)
        expect(panel).to_have_attribute("data-outcome", "missed")
        page.wait_for_function("() => window.qinIdle")
        words = ("#tutorial-title", "#tutorial-do", "#tutorial-result")
        assert page.evaluate(SEEN_JS, [*words, "#hand", "#status"]) == [], step
        fits(page, f"a missed try in the step {step}", (*STEP_WORDS, *words))


def play_step(page: Page, step: str) -> None:
    """The tutorial's ``step`` opened and its move played by taps (the tile picked,
    turned by Turn, its anchor tapped twice): the step is done."""
    tile, orientation, anchor, move = CLICKS[step]
    panel = page.locator("#tutorial")
    page.evaluate("h => { location.hash = h }", f"#learn={step}")
    expect(panel).to_have_attribute("data-step", step)
    page.wait_for_function("() => window.qinIdle")
    if move == "pass":
        page.locator("#pass").tap()
    else:
        place_tile(page, tile, orientation, anchor, "tap")
    expect(panel).to_have_attribute("data-outcome", "done")
    page.wait_for_function("() => window.qinIdle")


def test_a_done_step_shows_its_title_and_the_way_on(sideways: Page) -> None:
    """A step done held sideways, by taps, in German (the longest words) and English:
    the step's title is on screen, not under the status, and so is the button that goes
    on (Next step; at the last step the game the finish offers), without scrolling the
    panel, however long what the move did; the hand's area, whose tiles, Turn and Pass
    cannot act then, is gone.  (The title slid under the pinned row, and Next step lay
    below the fold; a disabled Turn stood beside the status, squeezed to three lines.)"""
    page = boot(sideways, "/#learn=place")
    for lang in ("de", "en"):
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        for step in ("found", "absorb", "major", "end"):
            play_step(page, step)
            on = "#tutorial-play" if step == "end" else "#tutorial-next"
            expect(page.locator(on)).to_be_visible()
            # the board only looked at: no tile, Turn or Pass shown that could not act
            for idle in ("#hand-area", "#rotate", "#pass"):
                expect(page.locator(idle)).to_be_hidden()
            seen = page.evaluate(SEEN_JS, ["#tutorial-title", on])
            assert seen == [], f"step {step} done in {lang}"
            fits(page, f"step {step} done in {lang}", (*STEP_WORDS, on))
