"""The "Learn to play" tutorial played through by clicks, in English, German and French.

From the start screen's "Learn to play", every step is done by picking the tile, turning
it with the Turn button and clicking the square (or Pass); the step that teaches turning
turns the tile with a right-click and the mouse wheel, as in a game.  On the first step two wrong
tries are made: each gets the engine's reason in the page's language (on the status line
under the board), and the hint shows after the second.  The instruction and the events
are checked against the catalogue and the engine's wording in that language (the engine
in the test process words the events of the same move).  In English the progress survives
a reload, a step is replayed from the step list, a bad ``#learn=`` address is refused in
words, and the last step starts a game against the Apprentice.  Waits are on the page's
state, never sleeps.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

import qin
from e2e.helpers import PageProblems, boot, wait_for_boot
from e2e.placing import place_tile
from e2e.screens import link_of

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web" / "page"))
from qin_ui import tutorial  # noqa: E402

LOCALES = {"en": "en-GB", "de": "de-DE", "fr": "fr-FR"}
CLICKS = {  # step: (tile, orientation: 0 right 1 down 2 left 3 up, anchor square, move)
    "place": ("RB", 1, "c1", "Rc1Bc2"), "turn": ("RB", 1, "c1", "Rc1Bc2"),
    "hand": ("YY", 0, "b1", "Yb1Yc1"), "found": ("RY", 2, "c1", "Rc1Yb1"),
    "expand": ("YB", 0, "c2", "Yc2Bd2"), "village": ("BB", 1, "b2", "Bb2Bb3"),
    "absorb": ("RY", 3, "c2", "Rc2Yc1"), "tie": ("RY", 1, "c2", "Rc2Yc3"),
    "major": ("RY", 2, "f2", "Rf2Ye2"), "pass": ("", 0, "", "pass"),
    "win": ("RB", 1, "g6", "Rg6Bg7"), "end": ("YY", 0, "b1", "Yb1Yc1")}
WRONG = ("RB", 0, "a1", "Ra1Bb1")
"""The first step's wrong try: a tile that touches no coloured square (Q7)."""


def words(lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((ROOT / "web" / "i18n" / f"{lang}.json")
                                      .read_text(encoding="utf-8"))
    return data


@pytest.fixture(params=tuple(LOCALES))
def speaking(request: pytest.FixtureRequest, browser: Browser, site_url: str,
             page_problems: PageProblems) -> Iterator[tuple[str, Page]]:
    """A page in a browser context whose language is ``lang``."""
    lang = str(request.param)
    context: BrowserContext = browser.new_context(locale=LOCALES[lang], base_url=site_url)
    page_problems.watch(context)
    yield lang, context.new_page()
    context.close()


def open_tutorial(page: Page) -> None:
    expect(page.locator("#learn")).to_be_visible()
    page.click("#learn")
    expect(page.locator("#app")).to_have_attribute("data-mode", "tutorial")
    expect(page.locator("#tutorial")).to_be_visible()


def turn_by_mouse(page: Page, tile: str, anchor: str) -> None:
    """Pick ``tile``, turn it once by a right-click and once by the wheel on the board
    (issue 25: in the tutorial as in a game), then click ``anchor``."""
    play = page.locator("#play")
    page.locator(f'#hand .tile-btn[data-kind="{tile}"]').first.click()
    expect(play).to_have_attribute("data-orientation", "0")
    square = page.locator(f'#board rect[data-square="{anchor}"]')
    square.click(button="right")
    expect(play).to_have_attribute("data-orientation", "1")
    square.hover()
    page.mouse.wheel(0, 120)
    expect(play).to_have_attribute("data-orientation", "2")
    for _ in range(3):  # back to "down": the wheel turns once per flick, so Turn here
        if play.get_attribute("data-orientation") == "1":
            break
        now = play.get_attribute("data-orientation")
        page.click("#rotate")
        expect(play).not_to_have_attribute("data-orientation", str(now))
    expect(play).to_have_attribute("data-orientation", "1")
    square.click()


def names(page: Page) -> list[str]:
    found: list[str] = page.locator("#players .player .name").all_inner_texts()
    return found


def test_the_whole_tutorial_by_clicks(speaking: tuple[str, Page]) -> None:
    lang, page = speaking
    say = words(lang)
    boot(page, "/")
    expect(page.locator("#app")).to_have_attribute("data-lang", lang)
    expect(page.locator("#learn")).to_have_text(say["tutorial.open"])
    open_tutorial(page)
    panel = page.locator("#tutorial")
    result = page.locator("#tutorial-result")
    expect(panel).to_have_attribute("data-step", "place")

    # Two wrong tries on the first step: the engine's reason, then the hint.
    step = tutorial.step("place")
    refused = step.game().refusal(WRONG[3])
    assert refused is not None and refused.code == "no_touch"
    reason = qin.messages.refusal_text(refused, lang, names(page), rule=False)
    expect(page.locator("#tutorial-hint")).to_be_hidden()
    place_tile(page, *WRONG[:3], "click")
    expect(panel).to_have_attribute("data-tries", "1")
    expect(page.locator("#status-text")).to_have_text(reason)  # under the board
    expect(result).to_be_empty()  # said once
    expect(page.locator("#tutorial-hint")).to_be_hidden()
    place_tile(page, *WRONG[:3], "click")
    expect(panel).to_have_attribute("data-tries", "2")
    expect(page.locator("#tutorial-hint")).to_have_text(say["tutorial.place.hint"])

    for n, step in enumerate(tutorial.STEPS, start=1):
        expect(panel).to_have_attribute("data-step", step.id)
        expect(page.locator("#tutorial-do")).to_have_text(say[f"tutorial.{step.id}.do"])
        expect(page.locator("#tutorial-title")).to_contain_text(
            say[f"tutorial.{step.id}.title"])
        tile, orientation, anchor, move = CLICKS[step.id]
        if move == "pass":
            page.click("#pass")
        elif step.id == "turn":
            turn_by_mouse(page, tile, anchor)
        else:
            place_tile(page, tile, orientation, anchor, "click")
        expect(panel).to_have_attribute("data-outcome", "done")
        expect(result).to_contain_text(say[f"tutorial.{step.id}.done"])
        seen = names(page)
        if step.refused:  # the refused tie: the engine's reason is what happened
            refusal = step.game().refusal(move)
            assert refusal is not None
            why = qin.messages.refusal_text(refusal, lang, seen, rule=False)
            expect(result).to_contain_text(why)  # the reading is a link, not "(Q7)"
        else:  # the move's events, worded as the log words them
            played = page.locator("#log .turn").first.get_attribute("data-move") or ""
            assert set(qin.Move.parse(played).squares) == set(qin.Move.parse(move).squares)
            for event in step.game().play(played):
                expect(result).to_contain_text(qin.messages.describe(event, seen, lang))
        expect(page.locator(f'#tutorial-steps button[data-step="{step.id}"]')
               ).to_have_attribute("data-done", "true")
        if step.pile:  # the tile drawn and the hand of three after it
            expect(result.locator(".tutorial-drawn")).to_be_visible()
        if n < len(tutorial.STEPS):
            page.click("#tutorial-next")
    expect(page.locator("#tutorial-next")).to_be_hidden()
    expect(page.locator("#tutorial-finish")).to_have_text(say["tutorial.finish.apprentice"])
    expect(page.locator("#tutorial-play")).to_have_text(say["tutorial.play.apprentice"])
    stored = page.evaluate("() => localStorage.getItem('qin.tutorial')")
    assert sorted(json.loads(stored)) == sorted(tutorial.IDS)

    if lang != "en":
        return
    # The progress is remembered; any step can be replayed from the list.
    page.reload()
    assert wait_for_boot(page) == "ready"
    open_tutorial(page)
    expect(page.locator('#tutorial-steps button[data-done="true"]')).to_have_count(
        len(tutorial.STEPS))
    page.click(".tutorial-list summary")  # the list of steps is folded away at first
    page.click('#tutorial-steps button[data-step="found"]')
    expect(panel).to_have_attribute("data-step", "found")
    expect(panel).not_to_have_attribute("data-outcome", "done")
    place_tile(page, *CLICKS["found"][:3], "click")
    expect(panel).to_have_attribute("data-outcome", "done")
    # Again: the step's position comes back.
    page.click("#tutorial-again")
    expect(panel).not_to_have_attribute("data-outcome", "done")
    expect(page.locator("#play")).to_have_attribute("data-moves", "0")
    # Then the first game against the Apprentice.
    page.click('#tutorial-steps button[data-step="end"]')
    place_tile(page, *CLICKS["end"][:3], "click")
    expect(panel).to_have_attribute("data-outcome", "done")
    page.click("#tutorial-play")
    expect(page.locator("#app")).to_have_attribute("data-mode", "playing")
    expect(panel).to_be_hidden()
    expect(page.locator("#players .player")).to_have_count(2)
    expect(page.locator("#players .player").nth(1)).to_contain_text("Apprentice")


def test_the_address_opens_the_tutorial_and_a_bad_step_is_refused(page: Page) -> None:
    boot(page, "/#learn=major")
    expect(page.locator("#app")).to_have_attribute("data-mode", "tutorial")
    expect(page.locator("#tutorial")).to_have_attribute("data-step", "major")
    expect(page.locator("#tutorial-note")).to_be_hidden()
    page.click("#tutorial-exit")
    expect(page.locator("#app")).to_have_attribute("data-mode", "start")
    boot(page, "/#learn=no-such-step")
    expect(page.locator("#app")).to_have_attribute("data-mode", "tutorial")
    note = page.locator("#tutorial-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("no-such-step")
    expect(page.locator("#tutorial")).to_have_attribute("data-step", "place")
    # The rules reference's link lands here too.
    page.goto("/rules/en.html")
    page.click("#learn-link")
    assert wait_for_boot(page) == "ready"
    expect(page.locator("#app")).to_have_attribute("data-mode", "tutorial")


def test_a_tile_tried_partly_off_the_board_is_refused_naming_the_edge(page: Page) -> None:
    """The place step's red/blue tile turned to the right on the last column: the refusal
    names the edge it would stick out over, never the square past it (g1)."""
    boot(page, "/#learn=place")
    expect(page.locator("#tutorial")).to_have_attribute("data-step", "place")
    place_tile(page, "RB", 0, "f1", "click")
    said = page.locator("#status-text")
    expect(page.locator("#tutorial")).to_have_attribute("data-tries", "1")
    right = qin.messages.catalogue("en")["illegal.outside.right"].replace("{rule}", "")
    expect(said).to_contain_text(right)
    expect(said).not_to_contain_text("g1")


def test_only_the_step_that_draws_counts_the_pile(page: Page) -> None:
    """A step's position holds no pile: no "0 tiles left in the pile" there; the step
    that teaches drawing counts its pile down, as a game does."""
    boot(page, "/#learn=place")
    expect(page.locator("#tutorial")).to_have_attribute("data-step", "place")
    expect(page.locator("#players .player")).to_have_count(2)
    expect(page.locator("#players .pile")).to_have_count(0)
    page.evaluate("h => { location.hash = h }", "#learn=hand")
    expect(page.locator("#tutorial")).to_have_attribute("data-step", "hand")
    expect(page.locator("#players .pile")).to_have_text("1 tile left in the pile")


def test_back_leaves_a_tutorial_the_address_opened(page: Page) -> None:
    """``#learn`` typed into the address of an open tab opens the tutorial (and the
    address goes back to the page's own); the first Back leaves it, to where the player
    was: the start screen, or the game on screen."""
    boot(page, "/")
    app = page.locator("#app")
    expect(app).to_have_attribute("data-mode", "start")
    page.evaluate("h => { location.hash = h }", "#learn")
    expect(app).to_have_attribute("data-mode", "tutorial")
    page.wait_for_function("() => location.hash === ''")
    page.go_back()
    expect(app).to_have_attribute("data-mode", "start")
    page.fill("#seed", "7")
    page.click("#start")
    play = page.locator("#play")
    expect(play).to_be_visible()
    page.evaluate("h => { location.hash = h }", "#learn=tie")
    expect(page.locator("#tutorial")).to_have_attribute("data-step", "tie")
    page.go_back()
    expect(app).to_have_attribute("data-mode", re.compile("^(playing|thinking)$"))
    expect(play).not_to_have_attribute("data-phase", "lesson")
    expect(page.locator("#tutorial")).to_be_hidden()


def test_a_game_link_typed_while_the_tutorial_shows_opens_the_linked_game(page: Page) -> None:
    """A game played, the start screen, Learn to play, then another game's link typed into
    the address: the linked game opens, as from the start screen; both games are listed
    among the saved games."""
    boot(page, "/" + link_of(2, seed=7))
    app, play = page.locator("#app"), page.locator("#play")
    expect(play).to_have_attribute("data-moves", "2")
    page.click("#new-game")
    expect(app).to_have_attribute("data-mode", "start")
    expect(page.locator("#saved-list li[data-state=ok]")).to_have_count(1)
    open_tutorial(page)
    page.evaluate("h => { location.hash = h }", link_of(5, seed=9))
    expect(app).to_have_attribute("data-mode", re.compile("^(playing|cover|thinking)$"))
    expect(page.locator("#tutorial")).to_be_hidden()
    expect(play).to_have_attribute("data-moves", "5")
    expect(play).not_to_have_attribute("data-phase", "lesson")
    page.click("#new-game")
    expect(app).to_have_attribute("data-mode", "start")
    expect(page.locator("#saved-list li[data-state=ok]")).to_have_count(2)
