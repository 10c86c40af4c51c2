"""A turn played with Tab, Shift+Tab, the arrow keys and Enter alone (no letter keys):
the focus is never left on nothing, so a screen reader keeps its place and the next Tab
goes on from the control just used.
"""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from e2e.screens import answered, link_of
from e2e.test_access import go_to, legal_cells
from e2e.test_modes import mode

ACTIVE = """() => { const a = document.activeElement;
    return !a || a === document.body ? 'nothing'
        : a.id || a.getAttribute('aria-label') || a.tagName; }"""


def tab_to(page: Page, target: Locator, back: bool = False) -> None:
    """Tab (or Shift+Tab) until ``target`` has the focus (at most once round the page)."""
    for _ in range(60):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if target.evaluate("el => el === document.activeElement"):
            return
    raise AssertionError(f"Tab never reached {target}: at {page.evaluate(ACTIVE)}")


def test_a_turn_by_tab_and_enter_keeps_the_focus_on_what_was_used(booted_page: Page) -> None:
    page = booted_page
    mode(page, "start")
    page.focus("#seat-kind-1")
    page.keyboard.press("Home")  # the second seat: a human too
    expect(page.locator("#seat-kind-1")).to_have_value("human")
    page.focus("#seed")
    page.keyboard.type("7")
    page.keyboard.press("Enter")
    mode(page, "playing")
    area = page.locator("#board-area")
    expect(area).to_be_focused()  # the game started: the focus on its board, not lost
    play = page.locator("#play")

    tile = page.locator("#hand .tile-btn:not([disabled])").first
    tab_to(page, tile)
    page.keyboard.press("Enter")
    expect(play).not_to_have_attribute("data-selected", "")
    picked = page.locator('#hand .tile-btn[aria-pressed="true"]')
    expect(picked).to_be_focused()  # the hand drawn anew: the focus on the tile picked
    answered(page)
    assert page.evaluate(ACTIVE) != "nothing"

    turn = page.locator("#rotate")
    tab_to(page, turn)
    page.keyboard.press("Enter")
    expect(play).to_have_attribute("data-orientation", "1")
    expect(turn).to_be_focused()

    tab_to(page, area, back=True)
    squares = legal_cells(page)
    assert squares, "the tile picked has somewhere to go"
    go_to(page, squares[0])  # by the arrow keys
    expect(page.locator("#board g.overlay g.ghost.ok")).to_have_count(1)
    answered(page)
    page.keyboard.press("Enter")
    expect(play).to_have_attribute("data-moves", "1")
    mode(page, "cover")
    expect(page.locator("#cover-ok")).to_be_focused()
    page.keyboard.press("Enter")
    mode(page, "playing")
    expect(area).to_be_focused()

    undo = page.locator("#undo")
    tab_to(page, undo)
    page.keyboard.press("Enter")
    expect(play).to_have_attribute("data-moves", "0")


def test_a_tile_picked_by_its_button_in_the_tutorial_keeps_the_focus(booted_page: Page) -> None:
    page = booted_page
    page.evaluate("h => { location.hash = h }", "#learn=place")
    expect(page.locator("#tutorial")).to_have_attribute("data-step", "place")
    mode(page, "tutorial")
    answered(page)
    tile = page.locator("#hand .tile-btn:not([disabled])").first
    tab_to(page, tile)
    page.keyboard.press("Enter")
    picked = page.locator('#hand .tile-btn[aria-pressed="true"]')
    expect(picked).to_be_focused()
    page.keyboard.press("Enter")  # picked again: put back, the focus still on it
    expect(page.locator('#hand .tile-btn[aria-pressed="true"]')).to_have_count(0)
    expect(page.locator("#hand .tile-btn:not([disabled])").first).to_be_focused()


def test_the_hint_and_new_game_by_the_keyboard_leave_the_focus_on_what_follows(
        booted_page: Page) -> None:
    """Hint by Enter: the focus on the hint's box ("No thanks", while it thinks and
    after); No thanks: back on Hint; New game: on the start screen's title."""
    page = booted_page
    page.evaluate("h => { location.hash = h }", link_of(12, seed=7))
    mode(page, "playing")
    answered(page)
    hint = page.locator("#hint")
    tab_to(page, hint)
    page.keyboard.press("Enter")
    expect(page.locator("#hint-box")).to_be_visible()
    expect(page.locator("#hint-dismiss")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#hint-box")).to_be_hidden()
    expect(hint).to_be_focused()
    new_game = page.locator("#new-game")
    tab_to(page, new_game)
    page.keyboard.press("Enter")
    mode(page, "start")
    expect(page.locator("#setup-title")).to_be_focused()
    page.keyboard.press("Tab")  # and Tab goes on into the form
    assert page.evaluate("() => !!document.activeElement.closest('#setup-form')")


def test_leaving_the_tutorial_by_the_keyboard_leaves_the_focus_on_the_start_screen(
        booted_page: Page) -> None:
    """Learn to play by Enter: the focus on the step's title; Leave the tutorial, and
    New game from the tutorial, by Enter: on the start screen's title (never on the
    page's body), from where Tab goes on into the form."""
    page = booted_page
    mode(page, "start")
    for way_back in ("#tutorial-exit", "#new-game"):
        learn = page.locator("#learn")
        tab_to(page, learn)
        page.keyboard.press("Enter")
        mode(page, "tutorial")
        expect(page.locator("#tutorial-title")).to_be_focused()
        tab_to(page, page.locator(way_back))
        page.keyboard.press("Enter")
        mode(page, "start")
        expect(page.locator("#setup-title")).to_be_focused()
        page.keyboard.press("Tab")
        assert page.evaluate("() => !!document.activeElement.closest('#setup-form')")


def test_back_from_the_tutorial_the_address_opened_leaves_the_focus_where_the_player_is(
        booted_page: Page) -> None:
    """``#learn`` typed into the address, the tutorial used by the keyboard, then the
    browser's Back: the focus on the start screen's title, as the tutorial's own Leave
    puts it (never on the page's body), from where Tab goes on to the first of the start
    screen's controls; over a game, Back leaves it on the game's board."""
    page = booted_page
    mode(page, "start")
    for hash_ in ("#learn", "#learn=tie"):
        page.evaluate("h => { location.hash = h }", hash_)
        mode(page, "tutorial")
        page.wait_for_function("() => location.hash === ''")
        tab_to(page, page.locator("#tutorial-again"))  # a control of the step, gone after Back
        page.go_back()
        if hash_ == "#learn":
            mode(page, "start")
            expect(page.locator("#setup-title")).to_be_focused()
            page.keyboard.press("Tab")
            expect(page.locator("#players-2")).to_be_focused()
            page.fill("#seed", "7")
            page.click("#start")
            mode(page, "playing")
        else:
            mode(page, "playing")
            expect(page.locator("#board-area")).to_be_focused()
