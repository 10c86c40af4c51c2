"""The rules reference (web/rules/): every rulebook example shows the rulebook's outcome,
drawn and counted by the engine in the browser; 20+ diagrams on one page stay quick;
the language is chosen from the browser and switched on the page.

Player 1 is the rulebook's Green (Purple in the founding examples), player 2 White.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from e2e.helpers import PageProblems, window_context
from e2e.reader_langs import IDS as READER_IDS
from e2e.reader_langs import READERS, Reader, reader_context

ENGINE_TIMEOUT_MS = 90_000
ALL_DRAWN = ("() => [...document.querySelectorAll('qin-board')].every(e =>"
             " ['drawn', 'ready'].includes(e.dataset.state))")
ALL_READY = ("() => [...document.querySelectorAll('qin-board')].every(e =>"
             " e.dataset.state === 'ready')")

Province = tuple[str, int, int, tuple[str, ...]]


def p(colour: str, owner: int, pagodas: int, squares: str) -> Province:
    return (colour, owner, pagodas, tuple(squares.split()))


# The rulebook's outcome of each diagram after its move: the provinces (colour, owner,
# pagodas, squares), the villages' holders, or that the move is refused.
EXPECT: dict[str, dict[str, Any]] = {
    "ex-place-ok": {"provinces": {p("B", 1, 1, "b3 b4")}, "villages": {"a6": 0}},
    "ex-place-corner": {"illegal": "q7"},
    "ex-place-village": {"illegal": "q7"},
    "ex-found-two": {"provinces": {p("Y", 1, 1, "b2 b3"), p("R", 1, 1, "c2 c3")}},
    "ex-found-three": {"provinces": {p("Y", 1, 1, "b2 c2 d2")}},
    "ex-expand": {"provinces": {p("Y", 1, 1, "a2 b2 c2 d2"), p("R", 2, 1, "e2 f2 f3")}},
    "ex-expand-reverse": {"provinces": {p("Y", 1, 1, "a2 b2 c2"), p("R", 2, 1, "f2 f3")}},
    "ex-major": {"provinces": {p("Y", 1, 2, "a2 b2 c2 d2 e2")}},
    "ex-q14-major-other": {"provinces": {p("Y", 1, 2, "a2 b2 c2 d2 e2")}},
    "ex-village-connect": {"provinces": {p("B", 1, 1, "a2 b2 b3")}, "villages": {"c2": 1}},
    "ex-village-conquer-found": {
        "provinces": {p("Y", 1, 1, "b1 c1"), p("B", 2, 1, "a2 a3"), p("R", 1, 1, "c2 c3")},
        "villages": {"b2": 1}},
    "ex-village-conquer-major": {
        "provinces": {p("Y", 1, 2, "a2 b2 c2 d2 e2"), p("B", 2, 1, "c3 c4")},
        "villages": {"b3": 1}},
    "ex-q15-village-tie": {"provinces": {p("Y", 1, 1, "a3 b3 c3"), p("R", 2, 1, "d2 d3")},
                           "villages": {"c2": 0}},
    "ex-absorb": {"provinces": {p("R", 1, 2, "a2 b2 c2 d2 e2 f2")}, "villages": {"c3": 1}},
    "ex-absorb-major": {"provinces": {p("R", 1, 2, "c1 d1 a2 b2 c2 c3 d3 e3 f3 g3")}},
    "ex-q13-major-safe": {"provinces": {
        p("R", 1, 2, "f1 g1 h1 i1 a2 b2 c2 d2 e2 f2 f3 g3 h3 i3")}},
    "ex-absorb-tie": {"illegal": "q9"},
    "ex-q9-three-players": {"provinces": {p("R", 1, 2, "c1 d1 e1 f1 a2 b2 c2 c3 d3")}},
    "ex-q8-two-majors": {"illegal": "q8"},
    "ex-q16-last-pagoda": {"provinces": {p("Y", 1, 1, "b2 b3")}, "winners": [1]},
    "ex-q10-pass": {"provinces": {p("R", 1, 2, "a1 b1 c1 d1 e1"), p("R", 2, 2, "g1 h1 i1 j1 k1")},
                    "to_move": 2},
    "ex-q18-end": {"provinces": {p("Y", 1, 1, "b1 c1 a2 b2"), p("B", 2, 1, "d2 e2")},
                   "villages": {"c2": 1}, "winners": [1]},
}


def provinces(state: dict[str, Any]) -> set[Province]:
    return {(x["colour"], x["owner"], x["pagodas"], tuple(x["squares"]))
            for x in state["provinces"]}


def drawn_pagodas(board: Locator) -> dict[int, int]:
    """Pagodas per player as drawn in the SVG (a double counts 2)."""
    pairs: list[list[str]] = board.locator("svg g.pagodas g.pagoda").evaluate_all(
        "els => els.map(e => [e.dataset.player, e.dataset.count])")
    out: dict[int, int] = {}
    for player, count in pairs:
        out[int(player)] = out.get(int(player), 0) + int(count)
    return out


def step(board: Locator) -> dict[str, Any]:
    board.scroll_into_view_if_needed()
    board.locator("button.next").click()
    expect(board).to_have_attribute("data-step", "1")
    state: dict[str, Any] = board.evaluate("el => el.engineState")
    return state


def test_every_rulebook_example_shows_the_rulebook_outcome(page: Page) -> None:
    page.goto("/rules/en.html")
    # 23 diagrams: all drawn at once, before the engine (normally well under a second)
    page.wait_for_function(ALL_DRAWN, timeout=10_000)
    drawn_ms = page.evaluate("performance.now()")
    page.wait_for_function(ALL_READY, timeout=ENGINE_TIMEOUT_MS)
    ready_ms = page.evaluate("performance.now()")
    boards = page.locator("qin-board")
    assert boards.count() >= 20
    print(f"\n{boards.count()} diagrams drawn at {drawn_ms:.0f} ms, live at {ready_ms:.0f} ms")

    for diagram, want in EXPECT.items():
        board = page.locator(f"#{diagram}")
        state = step(board)
        if "illegal" in want:
            expect(board).to_have_attribute("data-illegal", "true")
            expect(board.locator(".status")).to_contain_text("Not allowed")
            # the reading it applies: a link named in words (decisions.md), not "(Q7)"
            reading = board.locator(".status a.reading")
            expect(reading).to_have_attribute(
                "href", re.compile(rf"/rules/readings-en\.html#{want['illegal']}$"))
            expect(board.locator(".status")).not_to_contain_text("(Q")
            expect(board.locator("svg g.overlay g.ghost.bad")).to_have_count(1)
            continue
        expect(board).to_have_attribute("data-illegal", "false")
        assert provinces(state) == want["provinces"], diagram
        for square, holder in want.get("villages", {}).items():
            assert state["villages"][square] == holder, (diagram, square)
        if "winners" in want:
            assert state["over"] and state["winners"] == want["winners"], diagram
        if "to_move" in want:
            assert state["to_move"] == want["to_move"], diagram
        # what is drawn matches what the engine counts
        on_board = {i + 1: n for i, n in enumerate(state["on_board"]) if n}
        assert drawn_pagodas(board) == on_board, diagram
        assert board.locator(".events li").count() >= 1, diagram

    # a few lines in words, as the engine describes them
    expect(page.locator("#ex-absorb .events")).to_contain_text(
        "Green absorbs White's province: a red province of 6")
    expect(page.locator("#ex-found-two .events")).to_contain_text(
        "Purple founds a yellow province of 2 (b2 b3)")
    expect(page.locator("#ex-q10-pass .events")).to_contain_text("Green passes")

    # a reading mark leads to its entry on the readings page
    mark = page.locator("#q9 a.reading")
    expect(mark).to_have_text("Our reading")
    expect(mark).to_have_attribute("title", "Equal shares (Q9)")
    mark.click()
    page.wait_for_url("**/rules/readings-en.html#q9")
    expect(page.locator("section.entry#q9")).to_be_in_viewport()


DECISION_ID = re.compile(r"Q[0-9]")
REFUSED = ("ex-place-corner", "ex-absorb-tie", "ex-q8-two-majors")
"""The diagrams whose move the rules refuse: their status says why, and links the reading."""
MARK = {"en": "Our reading", "de": "Unsere Lesart", "fr": "Notre lecture"}


@pytest.mark.parametrize("lang", sorted(MARK))
def test_the_rules_pages_read_as_words(page: Page, lang: str) -> None:
    """Players read words, never notation: the rules page (its marks, its contents, its
    diagrams' refusals) and the readings page show no decision id ("Q9"), in every
    language; a mark says what it is ("Our reading") and leads to its reading."""
    page.goto(f"/rules/{lang}.html")
    page.wait_for_function(ALL_READY, timeout=ENGINE_TIMEOUT_MS)
    for diagram in REFUSED:
        board = page.locator(f"#{diagram}")
        step(board)
        expect(board).to_have_attribute("data-illegal", "true")
        expect(board.locator(".status a.reading")).to_be_visible()
    marks = page.locator("main > p > a.reading, main > section > p > a.reading")
    expect(marks.first).to_have_text(MARK[lang])
    assert set(marks.all_inner_texts()) == {MARK[lang]}
    # the page's text and its diagrams' (in their shadow roots: captions, steps, events,
    # the refusals and their readings' links)
    shown = "\n".join([page.locator("body").inner_text(),
                        *page.locator("qin-board figure").all_inner_texts()])
    assert shown.count(MARK[lang]) >= 10
    assert not DECISION_ID.search(shown), DECISION_ID.findall(shown)
    assert not DECISION_ID.search(page.title())

    page.goto(f"/rules/readings-{lang}.html")
    expect(page.locator("section.entry")).to_have_count(22)
    shown = page.locator("body").inner_text()
    assert not DECISION_ID.search(shown), DECISION_ID.findall(shown)


READINGS = {"en": ("Qin: our readings of the rules", "Our reading:", "The rules"),
            "de": ("Qin: unsere Lesarten der Regeln", "Unsere Lesart:", "Die Regeln"),
            "fr": ("Qin\u00a0: nos lectures de la règle", "Notre lecture\u00a0:", "Les règles")}


@pytest.mark.parametrize("lang", sorted(READINGS))
def test_the_readings_page_in_each_language(page: Page, lang: str) -> None:
    """The published readings (Q1-Q21): every question with its printed sentences and
    our reading, the entry a link asks for in view, and the way back to the rules."""
    title, reading, back = READINGS[lang]
    page.goto(f"/rules/readings-{lang}.html#q13")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("h1")).to_have_text(title)
    entries = page.locator("section.entry")
    expect(entries).to_have_count(22)
    expect(entries.locator("blockquote")).to_have_count(22)
    entry = page.locator("section.entry#q13")
    expect(entry).to_be_in_viewport()
    expect(entry).to_contain_text(reading)
    expect(entry.locator(f'a[href="{lang}.html#q13"]')).to_be_visible()
    expect(page.locator("nav.lang a", has_text=back)).to_have_attribute("href", f"{lang}.html")


def test_no_rules_page_scrolls_sideways_on_a_phone(browser: Browser, site_url: str,
                                                  page_problems: PageProblems) -> None:
    """At 360x740 with touch, every rules page fits the screen's width (the language bar
    wraps; a long title breaks)."""
    context = browser.new_context(base_url=site_url, viewport={"width": 360, "height": 740},
                                  has_touch=True, is_mobile=True)
    page_problems.watch(context)
    try:
        page = context.new_page()
        for name in ("en", "de", "fr", "readings-en", "readings-de", "readings-fr"):
            page.goto(f"/rules/{name}.html")
            page.wait_for_function(ALL_READY, timeout=ENGINE_TIMEOUT_MS)
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= 360, f"rules/{name}.html is {wide} px wide at 360"
    finally:
        context.close()


LINE_LENGTH = """() => {
  // characters per full line of the pages' running text: its width over the mean width
  // of a character of that text, in its font
  const p = document.querySelector("main > p");
  const style = getComputedStyle(p);
  const measure = document.createElement("canvas").getContext("2d");
  measure.font = `${style.fontSize} ${style.fontFamily}`;
  const text = document.querySelector("main").innerText.replace(/\\s+/g, " ");
  return p.clientWidth / (measure.measureText(text).width / text.length);
}"""
CONTENTS_CLASH = """() => {
  // the contents' lines that run into the next column's numbers (drawn left of it)
  const items = [...document.querySelectorAll("nav.toc li")];
  const em = parseFloat(getComputedStyle(items[0]).fontSize);
  const lefts = [...new Set(items.map(li => Math.round(li.getBoundingClientRect().left)))];
  return items.filter(li => {
    const left = li.getBoundingClientRect().left;
    const next = lefts.filter(x => x > left + 1).sort((a, b) => a - b)[0];
    if (next === undefined) return false;
    const range = document.createRange();
    range.selectNodeContents(li);
    return Math.max(...[...range.getClientRects()].map(r => r.right)) > next - 1.6 * em;
  }).map(li => li.innerText);
}"""


@pytest.mark.parametrize("width,height,touch", [(1366, 768, False), (360, 740, True)])
def test_the_rules_pages_read_at_ease(browser: Browser, site_url: str,
                                      page_problems: PageProblems, width: int, height: int,
                                      touch: bool) -> None:
    """On a laptop the rules run in lines of at most 90 characters (not 110); on a laptop
    and a phone no line of the contents runs into the next column's numbers."""
    context = window_context(browser, site_url, page_problems, width, height, touch)
    try:
        page = context.new_page()
        for name in ("en", "de", "fr", "readings-en", "readings-de", "readings-fr"):
            page.goto(f"/rules/{name}.html")
            expect(page.locator("nav.toc li").first).to_be_visible()
            if not touch:
                line = page.evaluate(LINE_LENGTH)
                assert 60 <= line <= 90, f"rules/{name}.html: lines of {line:.0f} characters"
            assert page.evaluate(CONTENTS_CLASH) == [], name
    finally:
        context.close()


TYPED = {"de": ("rot c2 gelb c1", "rot c3 gelb d3"),
         "fr": ("rouge c2 jaune c1", "rouge c3 jaune d3"),
         "en": ("red c2 yellow c1", "red c3 yellow d3")}
"""A move typed in each language's words (a red/yellow tile, red on c2, yellow on c1), and
the move box's example, in words (the catalogue's ``ui.move_example``)."""


def test_the_try_it_diagram_takes_a_move(page: Page) -> None:
    page.goto("/rules/en.html#try")
    board = page.locator("#ex-try")
    expect(board).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT_MS)
    # what the box cannot read, it asks for again in words, like its example
    board.locator("input.move").fill("red c")
    board.locator("button.play").click()
    expect(board.locator(".status")).to_contain_text("like red c3 yellow d3, or pass")
    board.locator("input.move").fill("Rc2Yc1")
    board.locator("button.play").click()
    expect(board).to_have_attribute("data-played", "1")
    expect(board.locator(".events")).to_contain_text("Green absorbs White's province")
    # in every language the box shows an example in words, and takes a move so typed
    # (each page opened anew: English last, from the French)
    for lang, (move, example) in TYPED.items():
        page.goto(f"/rules/{lang}.html#try")
        board = page.locator("#ex-try")
        expect(board).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT_MS)
        expect(board.locator("input.move")).to_have_attribute("placeholder", example)
        board.locator("input.move").fill(move)
        board.locator("button.play").click()
        expect(board).to_have_attribute("data-played", "1")
        expect(board).to_have_attribute("data-illegal", "false")


def test_language_from_the_browser_and_the_switch(browser: Browser, site_url: str,
                                                  page_problems: PageProblems) -> None:
    context = browser.new_context(locale="de-DE", base_url=site_url)
    context.on("request", page_problems.on_request)  # the guard, for this context too
    context.on("console", page_problems.on_console)
    context.on("weberror", page_problems.on_web_error)
    try:
        page = context.new_page()
        page.goto("/rules/#absorb")
        page.wait_for_url("**/rules/de.html#absorb")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator("#absorb h2")).to_have_text("Provinzen übernehmen")
        board = page.locator("#ex-absorb")
        expect(board).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT_MS)
        expect(board.locator(".counter")).to_have_text("Vor dem Zug")
        step(board)
        expect(board.locator(".events")).to_contain_text(
            "Grün übernimmt die Provinz von Weiß: eine rote Provinz aus 6 Feldern")

        page.locator('nav.lang a[hreflang="fr"]').click()
        page.wait_for_url("**/rules/fr.html#absorb")
        expect(page.locator("#absorb h2")).to_have_text("Annexer des Provinces")
        board = page.locator("#ex-absorb")
        expect(board).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT_MS)
        step(board)
        expect(board.locator(".events")).to_contain_text(
            "Vert annexe la Province de Blanc : une Province rouge de 6 cases")
        tie = page.locator("#ex-absorb-tie")
        step(tie)
        expect(tie.locator(".status")).to_contain_text("Non autorisé")
        expect(tie.locator(".status")).to_contain_text("Vert et Blanc sont à égalité")

        # the choice is remembered: /rules/ now opens in French
        page.goto("/rules/")
        page.wait_for_url("**/rules/fr.html")
    finally:
        context.close()


@pytest.mark.parametrize("reader", READERS, ids=READER_IDS)
def test_the_rules_index_opens_the_reader_s_language_as_every_page_does(
        browser: Browser, site_url: str, reader: Reader) -> None:
    """/rules/ opens the rules in the language the game page speaks for the same reader
    (e2e/reader_langs.py), keeping the section asked for."""
    context = reader_context(browser, site_url, reader)
    try:
        page = context.new_page()
        page.goto("/rules/#absorb")
        page.wait_for_url(f"**/rules/{reader.page}.html#absorb")
    finally:
        context.close()
