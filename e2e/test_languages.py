"""The game page in three languages: chosen from the browser's language,
switched in the header without losing the game, remembered; the log links each event
to its section of the rules reference in the same language.

The default test browser speaks English (the other e2e tests rely on that); these
tests open their own context with a German locale.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from e2e.helpers import HeldRuntime, PageProblems, boot, hot_seat, wait_for_boot
from e2e.reader_langs import IDS as READER_IDS
from e2e.reader_langs import READERS, Reader, reader_context

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def german(browser: Browser, site_url: str, page_problems: PageProblems
           ) -> Iterator[BrowserContext]:
    """A browser context whose language is German (navigator.languages = de-DE)."""
    context = browser.new_context(locale="de-DE", base_url=site_url)
    page_problems.watch(context)
    yield context
    context.close()


def play_a_tile(page: Page) -> None:
    """Pick the first playable tile and place it on its first legal square."""
    page.locator("#hand .tile-btn:not([disabled])").first.click()
    expect(page.locator("#board rect.sq.legal").first).to_be_attached()
    first = page.eval_on_selector("#board rect.sq.legal", "e => e.dataset.square")
    page.locator(f'#board rect[data-square="{first}"]').click()
    expect(page.locator("#play")).to_have_attribute("data-moves", "1")


def test_german_browser_gets_german_game_then_switches_to_french(
        german: BrowserContext, site_url: str) -> None:
    page = boot(german.new_page(), "/")
    # The start screen in German: static labels (boot.js) and Python-built ones.
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#lang")).to_have_value("de")
    expect(page.locator("#app")).to_have_attribute("data-lang", "de")
    expect(page.locator("#setup-title")).to_have_text("Neues Spiel")
    expect(page.locator("#player-count legend")).to_have_text("Spieler")
    expect(page.locator("#start")).to_have_text("Spiel starten")
    expect(page.locator("#seed")).to_have_attribute("placeholder", "zufällig")
    expect(page.locator("#saved-title")).to_have_text("Gespeicherte Spiele")
    expect(page.locator("#seat-name-0")).to_have_value("Grün")
    expect(page.locator("#seat-kind-0 option").first).to_have_text("Mensch")
    expect(page.locator("#series-plan option").first).to_have_text("Ein Spiel")
    expect(page.locator("#rules-link")).to_have_attribute("href", "rules/de.html")
    # Importing a game: a button in German, not the file input's "Choose File" / "No file
    # chosen" in the browser's own language; a click or the keyboard opens the chooser.
    importer = page.locator("label.file-button")
    expect(importer).to_have_text("Ein Spiel importieren")
    box = page.locator("#import-file").bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1, box
    with page.expect_file_chooser() as chooser:
        importer.click()
    assert not chooser.value.is_multiple()
    page.focus("#import-file")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # reached by the keyboard: its focus shows on the button
    expect(page.locator("#import-file")).to_be_focused()
    assert importer.evaluate("(el) => getComputedStyle(el).outlineStyle") == "solid"

    # A game: status, log and its link to the German rules.
    hot_seat(page)
    page.fill("#seed", "7")
    page.click("#start")
    expect(page.locator("#play")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("Grün ist am Zug")
    expect(page.locator("#game-meta")).to_contain_text("Spielplan Vogel")
    play_a_tile(page)
    turn = page.locator("#log .turn").first
    expect(turn).to_contain_text("Grün legt ein")
    link = turn.locator("a.rules-link").first
    expect(link).to_have_attribute("href", "rules/de.html#place")
    expect(link).to_have_attribute("target", "_blank")
    expect(link).to_have_text("Regeln")
    # ... and the section it names is on the German rules page.
    rules = page.request.get(site_url + "rules/de.html")
    assert rules.ok and 'id="place"' in rules.text()
    expect(page.locator("#cover-text")).to_contain_text("Weiß ist dran")

    # Switch to French: the page, the log and the dialogs, the game untouched; the seats
    # named after their colours on the German start screen are named in French.
    page.select_option("#lang", "fr")
    expect(page.locator("#app")).to_have_attribute("data-lang", "fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(turn).to_contain_text("Vert pose une tuile")
    expect(turn.locator("a.rules-link").first).to_have_attribute("href",
                                                                  "rules/fr.html#place")
    expect(turn.locator("a.rules-link").first).to_have_text("Règles")
    expect(page.locator("#cover-text")).to_contain_text("Au tour de Blanc")
    expect(page.locator("#players")).to_contain_text("Vert")
    for where in ("#players", "#status", "#log", "#cover-text"):
        expect(page.locator(where)).not_to_contain_text("Grün")
    expect(page.locator("#new-game")).to_have_text("Nouvelle partie")
    expect(page.locator(".log-area h2")).to_have_text("Coups")
    expect(page.locator("#game-meta")).to_contain_text("Plateau Oiseau")
    expect(page.locator("#play")).to_have_attribute("data-moves", "1")
    expect(page.locator("#rules-link")).to_have_attribute("href", "rules/fr.html")

    # The choice is remembered over the browser's language; the game resumes.
    boot(page, "/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#play")).to_have_attribute("data-moves", "1")
    expect(page.locator("#log .turn").first).to_contain_text("pose une tuile")
    expect(page.locator("#cover-ok")).to_contain_text("Je suis Blanc")
    # the game's record keeps the names it was started with
    names = page.evaluate("""() => Object.keys(localStorage)
        .filter(key => key.startsWith("qin.save."))
        .map(key => JSON.parse(localStorage.getItem(key)).record.names)""")
    assert names == [["Grün", "Weiß"]], names


def test_the_start_screen_follows_a_switch_and_renames_default_seats(
        german: BrowserContext) -> None:
    page = boot(german.new_page(), "/")
    expect(page.locator("#seat-name-1")).to_have_value("Weiß")
    page.fill("#seat-name-0", "Ann")  # a name of the player's own stays
    page.select_option("#lang", "en")
    expect(page.locator("#app")).to_have_attribute("data-lang", "en")
    expect(page.locator("#seat-name-0")).to_have_value("Ann")
    expect(page.locator("#seat-name-1")).to_have_value("White")
    expect(page.locator("#setup-title")).to_have_text("New game")
    expect(page.locator("#seat-kind-0 option")).to_have_text(
        ["Human", "Computer: Apprentice", "Computer: Governor", "Computer: Minister",
         "Computer: Emperor", "Computer: Son of Heaven"])
    expect(page.locator("#board-lion + span")).to_have_text("Lion")
    assert re.search(r"\bNew game\b", page.locator("#setup").inner_text())


def test_a_replay_follows_a_switch_of_language(page: Page) -> None:
    """A game's replay at its end, then German chosen: the caption and the moves' events
    in the replay's list say the game in German, none left in English (they were worded
    once when the replay opened)."""
    import qin
    from qin import records

    game = qin.Game.new(board="bird", players=2, seed=7, names=["Anna", "Ben"])
    for _ in range(6):
        game.play(game.legal_moves()[0])
    boot(page, "/#g=" + records.to_url(game))
    expect(page.locator("#play")).to_have_attribute("data-moves", "6")
    page.click("#replay-open")
    expect(page.locator("#app")).to_have_attribute("data-mode", "replay")
    page.click("#replay-end")
    caption = page.locator("#replay-caption")
    expect(caption).to_contain_text("Replay: move 6 of 6: Ben places")
    events = page.locator("#log li ul li")
    expect(events.first).to_be_attached()
    page.select_option("#lang", "de")
    expect(page.locator("#app")).to_have_attribute("data-lang", "de")
    expect(caption).to_contain_text("Wiederholung: Zug 6 von 6: Ben legt")
    page.wait_for_function("window.qinIdle")
    said = " ".join(events.all_inner_texts())
    assert " legt " in said and " places " not in said, said


def test_a_game_without_names_says_its_seats_in_the_pages_language(page: Page) -> None:
    """A game link without names (the format's "Player 1", "Player 2"), then German
    chosen: the players' table, the status line and the log name the seats in German
    ("Spieler 1"), none left in English; a new game's seats are named after their
    colours."""
    import qin
    from qin import records

    game = qin.Game.new(board="bird", players=2, seed=7)
    for _ in range(2):
        game.play(game.legal_moves()[0])
    boot(page, "/#g=" + records.to_url(game))
    expect(page.locator("#play")).to_have_attribute("data-moves", "2")
    players = page.locator("#players")
    expect(players).to_contain_text("Player 1")
    page.select_option("#lang", "de")
    expect(page.locator("#app")).to_have_attribute("data-lang", "de")
    page.wait_for_function("window.qinIdle")
    expect(players).to_contain_text("Spieler 1")
    expect(players).to_contain_text("Spieler 2")
    for where in ("#players", "#status", "#log"):
        expect(page.locator(where)).not_to_contain_text("Player")
    # the next game's seats: named after their colours, as on a first visit
    page.click("#new-game")
    expect(page.locator("#seat-name-0")).to_have_value("Grün")
    expect(page.locator("#seat-name-1")).to_have_value("Weiß")


def test_the_last_language_chosen_wins_over_a_slower_one_chosen_before(
        browser: Browser, site_url: str, page_problems: PageProblems) -> None:
    """German chosen, then French before German's words arrived (a slow network, a
    quick hand): the page ends in French, the player's last choice, and German's late
    words change nothing.  (No service worker, so the test holds German's request.)"""
    context = browser.new_context(base_url=site_url, service_workers="block")
    page_problems.watch(context)
    held: list[Route] = []
    context.route("**/i18n/de.json", lambda route: held.append(route))
    page = boot(context.new_page(), "/")
    expect(page.locator("#start")).to_have_text("Start the game")
    with page.expect_request("**/i18n/de.json"):
        page.select_option("#lang", "de")
    page.select_option("#lang", "fr")
    expect(page.locator("#start")).to_have_text("Commencer la partie")
    assert len(held) == 1  # German's words still on their way
    held[0].continue_()
    page.wait_for_function(
        "() => performance.getEntriesByType('resource')"
        ".some(e => e.name.endsWith('/i18n/de.json') && e.responseEnd > 0)")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#lang")).to_have_value("fr")
    expect(page.locator("#app")).to_have_attribute("data-lang", "fr")
    expect(page.locator("#start")).to_have_text("Commencer la partie")
    context.close()


@pytest.mark.parametrize("python_first", [False, True], ids=["start-screen-first", "python-first"])
def test_a_language_chosen_before_the_first_words_arrived_wins_over_them(
        browser: Browser, site_url: str, page_problems: PageProblems, python_first: bool) -> None:
    """French chosen on the start screen of the first paint while the page's first words
    (English, the browser's) are still on their way (a slow network): the page turns
    French when French's words come, English's late words change nothing, and the page's
    Python starts in French, whether it or the start screen's script (its start.json
    held: python-first) takes the words first.  (It used to wait for English's words,
    and with python-first, the page's Python started in English and the switch showed
    English again.)"""
    context = browser.new_context(base_url=site_url, service_workers="block")
    page_problems.watch(context)
    english = HeldRuntime(context, ("**/i18n/en.json",))
    start = HeldRuntime(context, ("**/start.json",) if python_first else ())
    page = context.new_page()
    with page.expect_request("**/i18n/en.json"):
        page.goto("/", wait_until="commit")
    expect(page.locator("#lang")).to_be_enabled()
    page.select_option("#lang", "fr")
    expect(page.locator("#start")).to_have_text("Commencer la partie")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    assert english.held  # English's words still on their way
    english.release()
    page.wait_for_function(
        "() => performance.getEntriesByType('resource')"
        ".some(e => e.name.endsWith('/i18n/en.json') && e.responseEnd > 0)")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#lang")).to_have_value("fr")
    assert wait_for_boot(page) == "ready"
    start.release()
    expect(page.locator("#app")).to_have_attribute("data-lang", "fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#lang")).to_have_value("fr")
    expect(page.locator("#start")).to_have_text("Commencer la partie")
    expect(page.locator("#seat-kind-0 option[value=human]")).to_have_text("Humain")
    context.close()


@pytest.mark.parametrize("python_first", [False, True], ids=["start-screen-first", "python-first"])
def test_a_language_chosen_before_the_first_words_whose_words_cannot_load_is_said(
        browser: Browser, site_url: str, page_problems: PageProblems, python_first: bool) -> None:
    """French chosen on the start screen of the first paint while the page's first words
    (English) are on their way, and French's words cannot be loaded (the server fails):
    the page stays in English and says why under the header, in the catalogue's words,
    once, until the player's next action, whether the start screen's script or the page's
    Python (the start screen's start.json held: python-first) takes the words first.
    (With python-first the page used to stay in English and say nothing.)"""
    context = browser.new_context(base_url=site_url, service_workers="block")
    page_problems.watch(context)
    english = HeldRuntime(context, ("**/i18n/en.json",))
    context.route("**/i18n/fr.json", lambda route: route.fulfill(status=503, body=""))
    # python-first: the start screen's script waits for its start.json; else Python for
    # its runtime
    held = HeldRuntime(context, ("**/start.json",)) if python_first else HeldRuntime(context)
    page = context.new_page()
    with page.expect_request("**/i18n/en.json"):
        page.goto("/", wait_until="commit")
    expect(page.locator("#lang")).to_be_enabled()
    with page.expect_response("**/i18n/fr.json"):
        page.select_option("#lang", "fr")
    assert english.held  # English's words still on their way
    english.release()
    words = json.loads(ROOT.joinpath("web/i18n/en.json").read_text(encoding="utf-8"))
    said = words["lang.failed"].replace("{chosen}", words["lang.fr"])
    note = page.locator("#lang-note")
    if not python_first:  # said by the start screen's script, Python still on its way
        expect(note).to_have_text(said)
        expect(page.locator("body")).to_have_attribute("data-prestart", "setup")
        held.release()
    assert wait_for_boot(page) == "ready"
    page.wait_for_function("() => window.qinIdle")
    held.release()
    expect(note).to_have_text(said)
    expect(note).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#lang")).to_have_value("en")
    expect(page.locator("#start")).to_have_text("Start the game")
    page.check("#players-3")  # the player's next action: the note goes
    expect(note).to_be_hidden()
    page.wait_for_function("() => window.qinIdle")
    expect(note).to_be_hidden()
    page_problems.console_errors[:] = [e for e in page_problems.console_errors
                                       if "503" not in e]
    context.close()


@pytest.mark.parametrize("without_lang_js", [False, True], ids=["lang.js", "boot.js-alone"])
@pytest.mark.parametrize("reader", READERS, ids=READER_IDS)
def test_the_page_reads_the_reader_s_language_as_every_page_does(
        browser: Browser, site_url: str, reader: Reader, without_lang_js: bool) -> None:
    """The language the page speaks before Python (lang.js's first request, boot.js's
    words, the switch) is the rules' index's and a diagram's for the same reader
    (e2e/reader_langs.py); boot.js alone (no lang.js) reads it alike."""
    context = reader_context(browser, site_url, reader)
    try:
        context.route("**/*.wasm", lambda route: route.abort())  # no Python needed here
        page = context.new_page()
        if without_lang_js:
            page.route("**/lang.js", lambda route: route.abort())
        page.goto("/", wait_until="commit")
        page.wait_for_function("() => typeof window.qinI18n?.text === 'string'")
        chosen = page.evaluate("""() => ({
          early: window.qinEarlyI18n?.lang ?? null,
          words: window.qinI18n.lang,
          html: document.documentElement.lang,
          select: document.getElementById("lang").value,
        })""")
        early = None if without_lang_js else reader.page
        assert chosen == {"early": early, "words": reader.page, "html": reader.page,
                          "select": reader.page}
    finally:
        context.close()
