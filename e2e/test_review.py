"""The review of a finished game in the browser: Review on the result opens the replay with
the review beside it; the AI worker judges every move (a progress bar); a chart of each
player's standing, their accuracies and grades, the moves listed in words (never a move
code, in English, German and French); a click on the chart or the list (or Enter on a
chart's point) jumps the replay to a move (the replay's log, the review's list and its
chart are one Tab stop each, walked by the arrow keys; a move focused keeps the focus
when its list is drawn anew: a step on, each answer while the review runs), where the
move played and the better move are both drawn, told apart by a ring and a star, each
said in a sentence; on a phone the move and the board are on screen together
(e2e/test_phone.py); on a 1366x768 laptop the side panel shows, unscrolled, the replay's
controls and the review's progress, buttons, accuracies (the table whole, no word
broken), chart and first moves, with no empty block above them (with four players too,
and at 1280x720), the game's tools
(export, share, motion; no Replay in a replay) below the review; what the chart shows is
folded under the moves; a move chosen deep in the scrolled review's list or the replay's
log shows with its words under the replay's bar, which stays at the panel's top, and the
log follows the replay's steps (in a review, in its own box); the keyboard's focus goes on
as Review, Cancel and the review hide.
Cancel stops the review and a new one runs to the end.  Share gives a link that opens
the review at the move chosen in a fresh browser; a damaged review part is said and the
game opens.  Waits are on the page's state (``#review[data-state]``,
``#play[data-replay-at]``), never sleeps."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

import qin
import qin.ai
import qin.records
from e2e.helpers import boot, walk_a_list
from e2e.test_access import tab_stops
from e2e.test_ai import WORKER_BOOT_MS
from e2e.test_modes import import_file, mode
from qin.ai import review as rv


def played(levels: tuple[str, str], seeds: tuple[int, int], game_seed: int) -> dict[str, object]:
    game = qin.Game.new(board="bird", players=2, seed=game_seed)
    bots = {1: qin.ai.player(levels[0], seeds[0]), 2: qin.ai.player(levels[1], seeds[1])}
    while not game.is_over:
        game.play(bots[game.to_move].choose(game.view(game.to_move)))
    record: dict[str, object] = game.record()
    return record


CODE = re.compile(r"\b[RYB][a-n]\d{1,2}[RYB][a-n]\d{1,2}\b")
"""A move code ("Re8Re9"): never in the review's words."""
WORDS = {  # words each language's review must hold once it is done
    "en": ("Accuracy", "The better move ", "ringed"),
    "de": ("Genauigkeit", "Der bessere Zug ", "Ring"),
    "fr": ("Précision", "Le meilleur coup ", "entouré"),
}
FIGURES = {  # each language's way with a figure: the key's smallest inaccuracy, a loss
    "en": ("an inaccuracy from 0.5 pagodas,", re.compile(r"\d\.\d pagodas? lost")),
    "de": ("eine Ungenauigkeit ab 0,5 Pagoden,", re.compile(r"\d,\d Pagoden? verloren")),
    "fr": ("une imprécision à partir de 0,5 pagode,", re.compile(r"\d,\d pagodes? perdues?")),
}


HEADLINE = ["#review-status", "#review-marks"]
"""The review's outcome: a short headline beside its heading, what the stars mark under it."""
LINES_JS = """(selectors) => selectors.map(sel => {
  const el = document.querySelector(sel), style = getComputedStyle(el);
  const r = el.getBoundingClientRect();
  if (!r.height) return `${sel} not shown`;
  if (el.scrollWidth > el.clientWidth + 1 || r.left < -1 || r.right > innerWidth + 1)
    return `${sel} cut at the sides`;
  const line = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);
  return Math.round(r.height / line);
})"""
"""How many lines each element's text takes, or what keeps it from showing whole."""


def no_codes(page: Page) -> None:
    for selector in ("#review-list", "#review-detail", "#review-summary", "#review-unit",
                     "#review-status", "#review-marks"):
        text = page.locator(selector).text_content() or ""
        assert not CODE.search(text), (selector, text)


def test_a_review_shows_the_chart_accuracies_and_both_moves_in_three_languages(
        booted_page: Page) -> None:
    page = booted_page
    record = played(("governor", "apprentice"), (1, 2), 3)  # tests/test_review.py's game
    moves = record["moves"]
    assert isinstance(moves, list)
    expected = rv.review(record, seed=0)  # CPython's figures: the same in Pyodide
    import_file(page, "reviewed.json", record)
    mode(page, "result")
    page.click("#result-review")
    # the click also starts the AI worker: on a busy machine the reply takes a while
    expect(page.locator("#app")).to_have_attribute("data-mode", "review",
                                                   timeout=WORKER_BOOT_MS)
    review = page.locator("#review")
    expect(review).to_be_visible()
    expect(review).to_have_attribute("data-total", str(len(moves)))
    # the replay at its start: the status line says so, not the game's result
    expect(page.locator("#status")).to_have_text("The start of the game: Player 1 to move.")
    expect(review).to_have_attribute("data-state", "done", timeout=WORKER_BOOT_MS)
    expect(page.locator("#review-progress")).to_have_attribute("value", str(len(moves)))
    # the outcome at a glance: a short headline, what the stars mark under it
    expect(page.locator("#review-status")).to_have_text(f"{len(moves)} moves reviewed.")
    expect(page.locator("#review-marks")).to_have_text(  # after the list's star, drawn
        f"Each player's largest losses, up to {rv.MARKS}.")
    expect(page.locator("#review-marks svg.icon-star")).to_have_count(1)
    marked = page.locator("#review-list button[data-marked]")
    assert marked.evaluate_all("els => els.map(e => e.dataset.ply)") == [
        str(m.ply) for m in expected.marked]
    # the chart: a point per move judged, the grades drawn; per player an accuracy
    points = page.locator("#review-chart g.review-point")
    expect(points).to_have_count(len(moves))
    expect(page.locator("#review-chart polyline.line")).to_have_count(2)
    rows = page.locator("#review-summary tbody tr")
    expect(rows).to_have_count(2)
    for seat in (1, 2):
        mine = [m for m in expected.moves if m.seat == seat]
        accuracy = rv.accuracy(mine)
        assert accuracy is not None
        expect(rows.nth(seat - 1).locator("td.accuracy")).to_have_text(f"{accuracy:.0f}%")
    expect(page.locator("#review-unit")).to_contain_text("an inaccuracy from 0.5 pagodas")
    # on a 1366x768 laptop (and a 1280x720 one) the side panel shows, unscrolled, the
    # status, the replay's controls and the review: its buttons, accuracies, chart and
    # the start of its list of moves, with no empty block between the status and the
    # review; the game's tools (export, share, motion) are still reached below it
    for size in LAPTOPS:
        at = shows_its_start(page, size, "the review")
        expect(page.locator("#export-game")).to_be_visible()
        page.keyboard.press("Tab")  # the keyboard's focus, shown as it is, on the chart
        page.locator("#review-points").focus()
        expect(page.locator("#review-points")).to_be_focused()
        assert page.evaluate(RING_CUT_JS, "#review-points") == [], at

    worst = max(expected.marked, key=lambda m: m.loss)
    point = page.locator(f"#review-point-{worst.ply}")
    point.click()  # the chart jumps there
    play = page.locator("#play")
    expect(play).to_have_attribute("data-replay-at", str(worst.ply - 1))
    expect(review).to_have_attribute("data-at", str(worst.ply))
    # both moves drawn, told apart by a ring and a star
    expect(page.locator(f'#board g.review-played[data-move="{worst.played}"] .ghost')
           ).not_to_have_count(0)
    expect(page.locator(f'#board g.review-better[data-move="{worst.best}"] .ghost')
           ).not_to_have_count(0)
    expect(page.locator('#board .review-badge[data-role="played"] circle')).not_to_have_count(0)
    expect(page.locator('#board .review-badge[data-role="better"] polygon')).to_have_count(1)
    detail = page.locator("#review-detail")
    for lang in ("en", "de", "fr"):
        if lang != "en":
            page.select_option("#lang", lang)
            expect(page.locator("html")).to_have_attribute("lang", lang)
        for words in WORDS[lang]:
            expect(page.locator("#review")).to_contain_text(words)
        assert page.evaluate(CUT_JS, "#review-summary") == [], f"the accuracies in {lang}"
        assert page.evaluate(LINES_JS, HEADLINE) == [1, 1], f"the review's headline in {lang}"
        page.screenshot(path=f"e2e-artifacts/review-headline-{lang}-1280.png")
        expect(detail).to_contain_text(WORDS[lang][1])
        unit, loss = FIGURES[lang]
        expect(page.locator("#review-unit")).to_contain_text(unit)
        expect(page.locator("#review-list")).to_contain_text(loss)
        if lang != "en":  # a decimal comma in every figure, the chart's labels included
            shown = page.locator("#review").text_content() or ""
            assert not re.search(r"\d\.\d", shown), (lang, shown)
        no_codes(page)
    page.select_option("#lang", "en")
    expect(page.locator("html")).to_have_attribute("lang", "en")

    page.locator(f"#review-point-{expected.moves[0].ply}").focus()  # by keyboard too
    page.keyboard.press("Enter")
    expect(review).to_have_attribute("data-at", str(expected.moves[0].ply))
    # a move focused while the page's Python works out a reply keeps the focus when that
    # reply draws its list anew (a jump's reply: the move shown is marked in the list)
    jump, keep = (f"review-move-{m.ply}" for m in expected.moves[2:0:-1])
    page.evaluate("([jump, keep]) => { document.getElementById(jump).click();"
                  " document.getElementById(keep).focus(); }", [jump, keep])
    expect(review).to_have_attribute("data-at", str(expected.moves[2].ply))
    page.wait_for_function("() => window.qinIdle")
    expect(page.locator(f"#{keep}")).to_be_focused()
    page.locator(f'#review-list button[data-ply="{worst.ply}"]').click()
    expect(review).to_have_attribute("data-at", str(worst.ply))
    expect(page.locator("#review-list button[aria-current]")).to_have_attribute(
        "data-ply", str(worst.ply))
    page.keyboard.press("ArrowRight")  # on to the move played: the ghosts go
    expect(play).to_have_attribute("data-replay-at", str(worst.ply))
    expect(page.locator("#board g.overlay .ghost")).to_have_count(0)
    key = page.locator("#review-unit")  # what the chart shows: folded, after the moves
    expect(key).to_be_hidden()
    page.click(".review-key summary")
    expect(key).to_be_visible()
    mode(page, "review")
    page.click("#review-close")
    mode(page, "replay")
    expect(review).to_be_hidden()
    expect(play).to_have_attribute("data-moves", str(len(moves)))  # the game untouched


LAPTOPS: tuple[ViewportSize, ...] = (
    {"width": 1366, "height": 768}, {"width": 1280, "height": 720})
REVIEW_SHOWN = ["#status", "#replay-caption", "#replay-start", "#replay-end", "#replay-pos",
                "#replay-exit", "#review-status", "#review-close", "#review-share",
                "#review-summary", "#review-chart", "#review-list .review-jump"]
"""What a review's player sees at once: the position shown, the replay's controls, how
far the review got, its buttons, each player's accuracy, the chart and the first move
of its list."""
BELOW_JS = """([a, b]) => document.querySelector(a).getBoundingClientRect().bottom
  <= document.querySelector(b).getBoundingClientRect().top + 1"""
"""``b`` lies below ``a``."""
SIDE_SHOWS_JS = """([selectors, unscrolled]) => {
  const side = document.querySelector('#side'), out = [];
  if (unscrolled && side.scrollTop !== 0)
    out.push(`the side panel scrolled by ${side.scrollTop} px`);
  for (const sel of selectors) {
    const el = document.querySelector(sel), r = el.getBoundingClientRect();
    if (!r.height) { out.push(`${sel} not shown`); continue; }
    // inside the window and every ancestor that clips (the side panel's scrolling box)
    for (let box = el.parentElement; box; box = box.parentElement) {
      const clips = getComputedStyle(box).overflowY !== 'visible' || box === document.body;
      const b = box === document.body ? {top: 0, bottom: window.innerHeight}
                                      : box.getBoundingClientRect();
      if (clips && (r.top < b.top - 1 || r.bottom > b.bottom + 1))
        out.push(`${sel} at ${Math.round(r.top)}-${Math.round(r.bottom)} cut by ` +
                 `${box.id || box.tagName} at ${Math.round(b.top)}-${Math.round(b.bottom)}`);
    }
  }
  return out;
}"""
"""The elements shown whole in the side panel as it is (``unscrolled``: and the panel at its
top), in every box that scrolls them (a list) and in the window."""
RING_CUT_JS = """(sel) => {
  const el = document.querySelector(sel), style = getComputedStyle(el);
  const reach = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
  const r = el.getBoundingClientRect(), out = [];
  if (style.outlineStyle === 'none') return ['no focus ring'];
  for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
    if (getComputedStyle(box).overflowX === 'visible') continue;
    const b = box.getBoundingClientRect(), left = b.left + box.clientLeft;
    const right = left + box.clientWidth;
    if (r.left - reach < left - 0.5 || r.right + reach > right + 0.5)
      out.push(`the ring at ${r.left - reach}-${r.right + reach} cut by ` +
               `${box.id || box.tagName} at ${left}-${right}`);
  }
  return out;
}"""
"""Where the focus ring of ``sel`` (its outline) is cut at the sides by an ancestor that
clips."""
CUT_JS = """(sel) => {
  const box = document.querySelector(sel).getBoundingClientRect(), out = [];
  const ctx = document.createElement('canvas').getContext('2d');
  for (const cell of document.querySelectorAll(`${sel} th, ${sel} td`)) {
    const r = cell.getBoundingClientRect(), style = getComputedStyle(cell);
    if (r.right > box.right + 1 || r.left < box.left - 1)
      out.push(`${cell.textContent} at ${Math.round(r.left)}-${Math.round(r.right)} ` +
               `outside ${Math.round(box.left)}-${Math.round(box.right)}`);
    ctx.font = style.font;
    const room = cell.clientWidth - parseFloat(style.paddingLeft)
      - parseFloat(style.paddingRight);
    for (const word of cell.textContent.split(/\\s+/).filter(Boolean))
      if (ctx.measureText(word).width > room + 1) out.push(`"${word}" broken in its cell`);
  }
  return out;
}"""
"""What of the table in ``sel`` does not show whole: a cell outside its box, a word
wider than its cell (broken inside)."""
EMPTY_PX = 40
EMPTY_JS = """([from, to]) => {
  const top = document.querySelector(from).getBoundingClientRect().top;
  const bottom = document.querySelector(to).getBoundingClientRect().bottom;
  const spans = [];
  for (const el of document.querySelectorAll('#side *')) {
    if (!el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own && !el.matches('button, input, select, progress, svg, img, table')) continue;
    const r = el.getBoundingClientRect();
    if (r.width && r.height) spans.push([r.top, r.bottom]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let reach = top, widest = 0, at = top;
  for (const [t, b] of spans) {
    if (b < top || t > bottom) continue;
    if (t - reach > widest) { widest = t - reach; at = reach; }
    reach = Math.max(reach, b);
  }
  return [Math.round(widest), Math.round(at)];
}"""
"""The tallest stretch of the side panel from ``from``'s top to ``to``'s bottom where
nothing shows (no words, control or drawing), and where it starts: a block kept for
something not shown there."""
ON_SCREEN_JS = """([a, b]) => [a, b].every(sel => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return r.height > 0 && r.top >= -1 && r.bottom <= window.innerHeight + 1;
})"""
"""Both elements wholly inside the viewport."""
APART_JS = """([a, b]) => {
  const r = document.querySelector(a).getBoundingClientRect();
  const s = document.querySelector(b).getBoundingClientRect();
  return r.bottom <= s.top + 1 || s.bottom <= r.top + 1;
}"""
"""The two elements do not overlap."""


def shows_its_start(page: Page, size: ViewportSize, what: str) -> str:
    """At the laptop ``size`` the side panel shows, unscrolled, what a review's player
    sees at once (``REVIEW_SHOWN``), with no empty block between the status and the
    review, and the game's tools below it; the place said in the assertions' messages."""
    page.set_viewport_size(size)
    page.wait_for_function("() => window.qinIdle")
    at = f"{what} at {size['width']}x{size['height']}"
    assert page.evaluate(SIDE_SHOWS_JS, [REVIEW_SHOWN, True]) == [], at
    widest = page.evaluate(EMPTY_JS, ["#status", "#review-status"])
    assert widest[0] <= EMPTY_PX, f"an empty stretch of {widest[0]} px: {at}"
    assert page.evaluate(BELOW_JS, ["#review", "#keep-area > .tools"]), at
    return at


def reviewed(page: Page, game: qin.Game, moves: int) -> Locator:
    """``game`` (of ``moves`` moves) opened by its link, its replay, then its review, done."""
    boot(page, "/#g=" + qin.records.to_url(game))
    expect(page.locator("#play")).to_have_attribute("data-moves", str(moves))
    page.click("#replay-open")
    mode(page, "replay")
    page.click("#review-open")
    review = page.locator("#review")
    expect(review).to_have_attribute("data-state", "done", timeout=WORKER_BOOT_MS)
    return review


@pytest.mark.parametrize("players", (3, 4))
def test_a_review_of_more_players_shows_its_start_unscrolled_on_a_laptop(
        page: Page, players: int) -> None:
    # three or four players' rows, and as many rows of accuracies and lines: the status,
    # the replay's controls, the review's buttons, accuracies, chart and first moves
    # still show at once in the side panel at 1366x768 and 1280x720, unscrolled, as
    # with two
    reviewed(page, linked_game(12, players=players), 12)
    expect(page.locator("#review-summary tbody tr")).to_have_count(players)
    expect(page.locator("#review-chart polyline.line")).to_have_count(players)
    for size in LAPTOPS:
        at = shows_its_start(page, size, f"the review of {players}")
        assert page.evaluate(CUT_JS, "#review-summary") == [], at


SCROLLED_TO_END_JS = """(selectors) => { for (const sel of selectors) {
  const box = document.querySelector(sel); box.scrollTop = box.scrollHeight; } }"""
"""The boxes ``selectors`` scrolled to their ends, as a player's mouse wheel leaves them."""


REPLAY_BAR = ["#replay-caption", "#replay-start", "#replay-back", "#replay-play",
              "#replay-step", "#replay-end", "#replay-pos", "#replay-exit"]
"""Where the replay is and its controls: what a player needs after a jump."""
UNDER_THE_BAR_JS = """(selectors) => {
  const bar = document.querySelector('#replay-bar').getBoundingClientRect();
  return selectors.filter(sel => {
    const r = document.querySelector(sel).getBoundingClientRect();
    return r.top < bar.bottom - 1 && r.bottom > bar.top + 1;
  });
}"""
"""Those of ``selectors`` that lie (partly) under the replay's bar, kept at the side
panel's top."""
LOG_BOX_SHOWS_JS = """(sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  const b = document.querySelector('#log').getBoundingClientRect();
  return r.height > 0 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
}"""
"""Whether ``sel`` lies whole inside the log's own scrolling box."""


def test_a_move_chosen_in_a_scrolled_review_shows_with_its_words_on_a_laptop(
        page: Page) -> None:
    # at 1366x768 the side panel scrolls: a move chosen low in the replay's log, in the
    # review's list (the panel and the list scrolled to their ends), or on the chart with
    # the panel at its top, shows with its words whole, wherever the panel and the list
    # were scrolled, under the replay's bar, which stays at the panel's top: where the
    # replay is and its controls, clicked where they are.  In the replay, the game's tools
    # offer no Replay (its bar leads back); opened by the keyboard, the focus goes on to
    # the next move's button, and back in the game to Replay.
    page.set_viewport_size(LAPTOPS[0])
    game = linked_game(40)
    boot(page, "/#g=" + qin.records.to_url(game))
    expect(page.locator("#play")).to_have_attribute("data-moves", "40")
    opener = page.locator("#replay-open")
    opener.focus()
    page.keyboard.press("Enter")
    mode(page, "replay")
    expect(opener).to_be_hidden()
    expect(page.locator("#replay-exit")).to_be_visible()
    page.wait_for_function("() => window.qinIdle")
    expect(page.locator("#replay-step")).to_be_focused()
    page.keyboard.press("Escape")  # out of the replay: the focus back on Replay
    mode(page, "playing")
    page.wait_for_function("() => window.qinIdle")
    expect(opener).to_be_focused()
    page.keyboard.press("Enter")
    mode(page, "replay")
    page.wait_for_function("() => window.qinIdle")
    # a move low in the replay's log (newest first), the log scrolled to its end: it
    # shows with its events
    page.evaluate(SCROLLED_TO_END_JS, ["#side", "#log"])
    page.locator("#log-move-2").click()
    expect(page.locator("#play")).to_have_attribute("data-replay-at", "2")
    page.wait_for_function("() => window.qinIdle")
    logged = ["#log-move-2", "#log-said-2"]
    assert page.evaluate(SIDE_SHOWS_JS, [logged, False]) == [], "a move chosen in the log"
    assert page.evaluate(UNDER_THE_BAR_JS, logged) == [], "a move chosen in the log"
    expect(page.locator("#log-move-2")).to_be_focused()
    # stepped by its buttons and the arrow keys, the log keeps the move shown in view,
    # however it was scrolled, under the bar; the focus stays, the page never scrolls
    page.locator("#replay-end").focus()
    for key, at in (("Enter", 40), ("ArrowLeft", 39), ("ArrowRight", 40)):
        page.evaluate(SCROLLED_TO_END_JS, ["#side", "#log"])
        page.keyboard.press(key)
        expect(page.locator("#play")).to_have_attribute("data-replay-at", str(at))
        page.wait_for_function("() => window.qinIdle")
        followed = [f"#log-move-{at}"]
        assert page.evaluate(SIDE_SHOWS_JS, [followed, False]) == [], f"{key}: the move shown"
        assert page.evaluate(UNDER_THE_BAR_JS, followed) == [], f"{key}: the move shown"
        expect(page.locator("#replay-end")).to_be_focused()
        assert page.evaluate("() => window.scrollY") == 0
    page.screenshot(path="e2e-artifacts/replay-log-follows-1366.png")
    # Review by the keyboard: the focus, lost with it, on the review's first button
    # (Cancel while it runs), then on Close the review beside it when Cancel hides
    page.evaluate("() => { document.querySelector('#side').scrollTop = 0; }")
    page.locator("#review-open").focus()
    page.keyboard.press("Enter")
    review = page.locator("#review")
    expect(review).not_to_be_hidden()
    page.wait_for_function("() => window.qinIdle")
    assert page.evaluate("() => document.activeElement.id") in ("review-cancel", "review-close")
    expect(review).to_have_attribute("data-state", "done", timeout=WORKER_BOOT_MS)
    page.wait_for_function("() => window.qinIdle")
    expect(page.locator("#review-close")).to_be_focused()
    assert page.evaluate("() => window.scrollY") == 0
    # in the review the log follows in its own box, the panel left on the review
    page.evaluate(SCROLLED_TO_END_JS, ["#log"])
    side_at = page.evaluate("() => document.querySelector('#side').scrollTop")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#play")).to_have_attribute("data-replay-at", "39")
    page.wait_for_function("() => window.qinIdle")
    assert page.evaluate("() => document.querySelector('#side').scrollTop") == side_at
    assert page.evaluate(LOG_BOX_SHOWS_JS, "#log-move-39"), "the log's own box follows"
    page.evaluate(SCROLLED_TO_END_JS, ["#side", "#review-moves"])
    chosen = page.locator('#review-moves button[data-ply="36"]')
    chosen.click()
    expect(review).to_have_attribute("data-at", "36")
    page.wait_for_function("() => window.qinIdle")
    shown = ["#review-moves button[aria-current]", "#review-detail"]
    expect(page.locator(shown[0])).to_have_attribute("data-ply", "36")
    assert page.evaluate(SIDE_SHOWS_JS, [shown, False]) == [], "a move chosen in the list"
    assert page.evaluate(UNDER_THE_BAR_JS, shown) == [], "a move chosen in the list"
    assert page.evaluate("() => document.querySelector('#side').scrollTop") > 0
    assert page.evaluate(SIDE_SHOWS_JS, [REPLAY_BAR, False]) == [], "the replay's bar"
    page.screenshot(path="e2e-artifacts/review-chosen-in-list-1366.png")
    page.locator("#replay-step").click()  # where it is: on to the move played
    expect(page.locator("#play")).to_have_attribute("data-replay-at", "36")
    page.wait_for_function("() => window.qinIdle")
    page.evaluate("() => { document.querySelector('#side').scrollTop = 0; }")
    page.locator("#review-point-12").click()
    expect(review).to_have_attribute("data-at", "12")
    page.wait_for_function("() => window.qinIdle")
    assert page.evaluate(SIDE_SHOWS_JS, [["#review-point-12", "#review-detail"], False]) == [], \
        "a move chosen on the chart"
    page.screenshot(path="e2e-artifacts/review-chosen-on-chart-1366.png")
    page.locator("#review-close").focus()  # the review closed: the focus back on Review
    page.keyboard.press("Enter")
    mode(page, "replay")
    page.wait_for_function("() => window.qinIdle")
    expect(page.locator("#review-open")).to_be_focused()


def test_cancel_stops_the_review_and_a_new_one_runs_to_the_end(booted_page: Page) -> None:
    page = booted_page
    record = played(("random", "random"), (769, 869), 769)  # bench/review.py's 72 moves
    moves = record["moves"]
    assert isinstance(moves, list) and len(moves) == 72
    import_file(page, "long.json", record)
    mode(page, "result")
    page.click("#result-close")
    page.click("#replay-open")
    mode(page, "replay")
    page.click("#review-open")
    review = page.locator("#review")
    # the click also starts the AI worker: on a busy machine the reply takes a while
    expect(review).to_have_attribute("data-state", "running", timeout=WORKER_BOOT_MS)
    page.wait_for_function("() => Number(document.querySelector('#review').dataset.done) >= 1",
                           timeout=WORKER_BOOT_MS)
    page.click("#review-cancel")
    expect(review).to_have_attribute("data-state", "cancelled")
    expect(page.locator("#review-cancel")).to_be_hidden()
    done = int(review.get_attribute("data-done") or 0)
    assert 1 <= done < 72
    expect(page.locator("#review-status")).to_have_text(
        f"Review cancelled after {done} of 72 moves.")
    # Review again: the worker answers on, from the first move to the last
    page.click("#review-open")
    expect(review).to_have_attribute("data-state", "running")
    # a move of the list focused by the keyboard keeps the focus while each answer
    # draws the list again (the list is a Tab stop once it holds a move)
    page.wait_for_function("() => Number(document.querySelector('#review').dataset.done) >= 1",
                           timeout=WORKER_BOOT_MS)
    page.locator("#review-moves").focus()
    expect(page.locator("#review-moves")).to_be_focused()
    page.keyboard.press("ArrowDown")
    first = page.locator("#review-moves button.review-jump").first
    expect(first).to_be_focused()
    ply = first.get_attribute("data-ply")
    judged = int(review.get_attribute("data-done") or 0)
    page.wait_for_function("(n) => Number(document.querySelector('#review').dataset.done) > n",
                           arg=judged, timeout=WORKER_BOOT_MS)
    page.wait_for_function("() => window.qinIdle")
    expect(page.locator(f"#review-move-{ply}")).to_be_focused()
    expect(review).to_have_attribute("data-state", "done", timeout=WORKER_BOOT_MS)
    expect(review).to_have_attribute("data-done", "72")
    expect(page.locator("#review-list button.review-jump")).to_have_count(72)


# -- the review shared by link -----------------------------------------------------------
def moves_by_the_keyboard(page: Page, box: str, item: str, count: int,
                          on: str = "ArrowDown", back: str = "ArrowUp") -> Locator:
    """The list ``#box`` of ``count`` moves (``item``: a selector of their buttons) is
    one Tab stop; ``on``/``back`` (Down/Up in a list, Right/Left in the chart), Home/End
    move the focus between its buttons (buttons still, named as before), Escape back to
    the list.  The focus is left on the list's third button."""
    stops = tab_stops(page, f"#{box}")
    inside = [stop for stop in stops if stop.startswith("in the list: ")]
    assert len(inside) == 1 and re.match(rf"in the list: \w+#{box}\.", inside[0]), inside
    items = page.locator(f"#{box} {item}")
    expect(items).to_have_count(count)
    listed = page.locator(f"#{box}")
    for _ in stops:  # Tab to the list
        if listed.evaluate("el => el === document.activeElement"):
            break
        page.keyboard.press("Tab")
    expect(listed).to_be_focused()
    walk_a_list(page, items, on, back)
    page.keyboard.press("Escape")  # back to the list; the replay stays
    expect(listed).to_be_focused()
    expect(page.locator("#app")).to_have_attribute("data-mode", re.compile("^(replay|review)$"))
    for n in range(3):  # each press from where the last one put the focus
        page.keyboard.press(on)
        expect(items.nth(n)).to_be_focused()
    third = items.nth(2)
    assert third.evaluate("b => b.tagName === 'BUTTON' || b.getAttribute('role') === 'button'")
    assert (third.text_content() or "").strip()  # its name, in words
    return third


def linked_game(moves: int, players: int = 2) -> qin.Game:
    """A hot-seat game of ``moves`` moves (every seat human: every move is reviewed)."""
    game = qin.Game.new(board="bird", players=players, seed=11,
                        names=["Anna", "Ben", "Chen", "Dara"][:players])
    for _ in range(moves):
        game.play(game.legal_moves()[len(game.moves) % len(game.legal_moves())])
    return game


def test_a_shared_review_opens_in_a_fresh_browser_at_that_move(
        page: Page, browser: Browser, base_url: str) -> None:
    game = linked_game(10)
    boot(page, "/#g=" + qin.records.to_url(game))
    expect(page.locator("#play")).to_have_attribute("data-moves", "10")
    status, caption = page.locator("#status"), page.locator("#replay-caption")
    expect(status).to_have_attribute("aria-live", "polite")  # the game's status speaks
    page.click("#replay-open")
    mode(page, "replay")
    # a step is read out once: by the caption (the move and what it did), the status
    # line (whose move is next) silent meanwhile
    expect(caption).to_have_attribute("aria-live", "polite")
    expect(status).to_have_attribute("aria-live", "off")
    # the replay's log (newest first) is one Tab stop; Enter on a move jumps there
    third = moves_by_the_keyboard(page, "log", "button.log-jump", 10)
    expect(third).to_have_attribute("data-move", "8")
    page.keyboard.press("Enter")
    expect(page.locator("#play")).to_have_attribute("data-replay-at", "8")
    page.wait_for_function("() => window.qinIdle")
    expect(page.locator("#log-move-8")).to_be_focused()  # drawn anew, the focus on it
    # a step on (the right arrow key) draws the log again: the focus stays on that move
    page.keyboard.press("ArrowRight")
    expect(page.locator("#play")).to_have_attribute("data-replay-at", "9")
    page.wait_for_function("() => window.qinIdle")
    expect(page.locator("#log-move-8")).to_be_focused()
    page.click("#review-open")
    review = page.locator("#review")
    expect(review).to_have_attribute("data-state", "done", timeout=WORKER_BOOT_MS)
    expect(status).to_have_attribute("aria-live", "off")  # in the review too
    # the review's list of moves is one Tab stop; Space on a move shows it
    third = moves_by_the_keyboard(page, "review-moves", "button.review-jump", 10)
    expect(third).to_have_attribute("data-ply", "3")
    page.keyboard.press(" ")
    expect(review).to_have_attribute("data-at", "3")
    expect(page.locator("#play")).to_have_attribute("data-replay-at", "2")
    page.wait_for_function("() => window.qinIdle")
    expect(page.locator("#review-move-3")).to_be_focused()
    assert (page.locator("#review-detail").text_content() or "").startswith("Move 3: ")
    # the chart is one Tab stop too (not one per point), going sideways: Right/Left move
    # the focus between its points and leave the move shown; Enter on one shows it
    third = moves_by_the_keyboard(page, "review-points", "g.review-point", 10,
                                  "ArrowRight", "ArrowLeft")
    expect(third).to_have_attribute("data-ply", "3")
    expect(review).to_have_attribute("data-at", "3")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#review-point-2")).to_be_focused()
    expect(review).to_have_attribute("data-at", "3")
    page.keyboard.press("Enter")
    expect(review).to_have_attribute("data-at", "2")
    expect(page.locator("#play")).to_have_attribute("data-replay-at", "1")
    page.wait_for_function("() => window.qinIdle")
    expect(page.locator("#review-point-2")).to_be_focused()  # drawn anew, the focus on it
    expect(page.locator("#review-point-2")).to_have_attribute("aria-current", "true")
    assert (page.locator("#review-detail").text_content() or "").startswith("Move 2: ")
    page.locator('#review-list button[data-ply="6"]').click()
    expect(review).to_have_attribute("data-at", "6")
    detail = page.locator("#review-detail").text_content() or ""
    assert detail.startswith("Move 6: ")
    share = page.locator("#review-share")
    expect(share).to_have_text("Share the review")
    share.click()
    expect(share).to_have_attribute("aria-expanded", "true")
    link = page.locator("#review-link")
    expect(link).to_have_value(re.compile(r"#g=[A-Za-z0-9_-]+&review=6$"))
    page.click("#review-link-copy")  # the clipboard may refuse (headless): said either way
    expect(page.locator("#review-link-message")).to_be_visible()
    url = link.input_value()
    assert url.startswith(base_url)

    fresh = browser.new_context(base_url=base_url)  # another browser: nothing stored
    try:
        other = boot(fresh.new_page(), url)
        expect(other.locator("#app")).to_have_attribute("data-mode", "review")
        there = other.locator("#review")
        expect(there).to_have_attribute("data-at", "6", timeout=WORKER_BOOT_MS)
        expect(other.locator("#play")).to_have_attribute("data-replay-at", "5")
        expect(other.locator("#review-detail")).to_have_text(detail)  # judged again: the same
        expect(other.locator('#board g.review-played .ghost')).not_to_have_count(0)
        expect(other.locator("#link-problem")).to_be_hidden()
        expect(there).to_have_attribute("data-state", "done", timeout=WORKER_BOOT_MS)
        no_codes(other)
    finally:
        fresh.close()


def test_a_damaged_review_in_a_link_is_said_and_the_game_opens(page: Page) -> None:
    game = linked_game(8)
    boot(page, "/#g=" + qin.records.to_url(game) + "&review=%3Cscript%3E")
    expect(page.locator("#play")).to_have_attribute("data-moves", "8")
    expect(page.locator("#app")).to_have_attribute("data-mode", "playing")
    problem = page.locator("#link-problem")
    expect(problem).to_be_visible()
    expect(problem).to_have_text(re.compile(r"^The review in this link is damaged"))
    expect(page.locator("#review")).to_be_hidden()
    assert not CODE.search(problem.text_content() or "")
