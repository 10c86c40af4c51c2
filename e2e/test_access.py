"""Every player: a whole game with the keyboard only, axe-core on every
screen, a game by taps on a phone, screenshots at phone and desktop sizes.

The keyboard test reads what it may do from the page's accessible state: the board is
an ARIA grid whose cells say in words what is on each square and whether the picked
tile may go there; the cursor is the grid's ``aria-activedescendant``.  Screenshots go
to ``e2e-artifacts/`` (phone-*.png, desktop-*.png).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

import qin
from e2e.conftest import ARTIFACTS
from e2e.helpers import PageProblems, boot, hot_seat, walk_a_list
from e2e.test_rules import ALL_READY, ENGINE_TIMEOUT_MS

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LETTERS = "abcdefghijklmnopqrstuvwxyz"


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """The site's Content-Security-Policy forbids inline scripts: let axe-core in."""
    return {**browser_context_args, "bypass_csp": True}


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True, animations="disabled")


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Serious and critical axe-core violations on the page as it is now, once its
    colour transitions have ended (a switch just pressed fades its background in for
    0.12 s while its words take their new colour at once: mid-way, the pair the player
    sees for a moment is not the one they read)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    page.wait_for_function(
        "() => document.getAnimations().every(a => !(a instanceof CSSTransition)"
        " || a.playState !== 'running')")
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
                .map(v => ({id: v.id, impact: v.impact, help: v.help,
                            nodes: v.nodes.slice(0, 5).map(n => n.target.join(' '))}));
        }""")
    return found


def overflowing(page: Page) -> list[str]:
    """Elements that stick out past the right edge of the window (a sideways scroll)."""
    found: list[str] = page.evaluate(
        """() => { const w = document.documentElement.clientWidth;
            return [...document.querySelectorAll('body *')]
              .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > w + 1)
              .map(e => `${e.tagName.toLowerCase()}#${e.id}.${e.getAttribute('class')}`
                        + ` ${Math.round(e.getBoundingClientRect().right)}`).slice(0, 12); }""")
    return found


def col_row(square: str) -> tuple[int, int]:
    return LETTERS.index(square[0]), int(square[1:]) - 1


def cursor(page: Page) -> str | None:
    active = page.get_attribute("#board-area", "aria-activedescendant")
    return active.removeprefix("cell-") if active else None


def legal_cells(page: Page) -> list[str]:
    """The squares whose grid cell says the picked tile may go there."""
    cells: list[str] = page.eval_on_selector_all(
        "#board-grid [role=gridcell]",
        "els => els.filter(e => e.textContent.includes('legal for the selected tile'))"
        ".map(e => e.dataset.square)")
    return cells


def go_to(page: Page, target: str) -> None:
    """Move the keyboard cursor to ``target`` with the arrow keys."""
    here = cursor(page)
    if here is None:
        page.keyboard.press("ArrowRight")  # the first press shows the cursor
        expect(page.locator("#board-area")).to_have_attribute("aria-activedescendant",
                                                              re.compile(r"^cell-"))
        here = cursor(page)
        assert here is not None
    (x0, y0), (x1, y1) = col_row(here), col_row(target)
    for _ in range(abs(x1 - x0)):
        page.keyboard.press("ArrowRight" if x1 > x0 else "ArrowLeft")
    for _ in range(abs(y1 - y0)):
        page.keyboard.press("ArrowDown" if y1 > y0 else "ArrowUp")
    expect(page.locator("#board-area")).to_have_attribute("aria-activedescendant",
                                                          f"cell-{target}")


NOT_IN_THE_GAME = ("() => { const a = document.activeElement;"
                   " return !a || !a.closest('#play, #setup'); }")


def focused_id(page: Page) -> str:
    return str(page.evaluate("() => document.activeElement && document.activeElement.id"))


def tab_stops(page: Page, within: str = "#log") -> list[str]:
    """Every element Tab stops on, once round the page (from the focus where it is);
    those inside ``within`` (a selector) are said to be "in the list"."""
    seen: list[str] = []
    for _ in range(400):
        page.keyboard.press("Tab")
        here = str(page.evaluate(
            """(within) => { const a = document.activeElement;
                if (!a || a === document.body) return 'body';
                if (!a.dataset.tabStop) a.dataset.tabStop = String(Math.random());
                return (a.closest(within) ? 'in the list: ' : '')
                    + `${a.tagName.toLowerCase()}#${a.id}.${a.getAttribute('class')}`
                    + ` ${a.dataset.tabStop}`; }""", within))
        if here in seen:
            return seen
        seen.append(here)
    raise AssertionError(f"Tab went round no loop in 400 presses: {seen[-5:]}")


def log_by_the_keyboard(page: Page) -> None:
    """A whole game's log is one Tab stop; the arrow keys move between its rules links
    (links still, named as before) and Enter follows the one focused."""
    links = page.locator("#log a.rules-link")
    assert links.count() > 40, "a whole game's log links many events to the rules"
    stops = tab_stops(page)
    in_log = [stop for stop in stops if stop.startswith("in the list: ")]
    assert len(in_log) == 1 and in_log[0].startswith("in the list: ol#log."), in_log
    assert len(stops) < 40, stops
    page.keyboard.press("l")
    log = page.locator("#log")
    expect(log).to_be_focused()
    walk_a_list(page, links)  # the first of its rules links: the newest move's
    page.keyboard.press("ArrowDown")
    focused = links.nth(1)
    expect(focused).to_be_focused()
    assert focused.evaluate("a => a.tagName") == "A"
    expect(focused).to_have_text("Rules")  # its name as before
    href = focused.get_attribute("href") or ""
    assert href.startswith("rules/en.html#"), href
    with page.context.expect_page() as opened:
        page.keyboard.press("Enter")  # follows the link (in a new tab, as a click does)
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url.endswith(href), rules.url
    rules.close()
    page.keyboard.press("Tab")  # and Tab leaves the log at once
    assert page.evaluate("() => !document.activeElement.closest('#log')")


def test_a_whole_game_with_the_keyboard_only_and_axe_on_every_screen(
        booted_page: Page) -> None:
    page = booted_page
    page.set_viewport_size({"width": 1280, "height": 860})
    assert axe_violations(page) == [], "start screen"
    shot(page, "desktop-start")
    page.focus("#seat-kind-1")  # hot seat: the second seat's player type, by the keyboard
    page.keyboard.press("Home")
    expect(page.locator("#seat-kind-1")).to_have_value("human")
    page.focus("#seed")
    page.keyboard.type("2012")
    page.keyboard.press("Enter")  # submits the form
    play = page.locator("#play")
    expect(play).to_have_attribute("data-moves", "0")
    area = page.locator("#board-area")
    expect(area).to_have_attribute("role", "grid")
    expect(page.locator("#board-grid [role=row]")).to_have_count(13)
    expect(page.locator("#board-grid [role=gridcell]")).to_have_count(169)
    page.keyboard.press("b")  # B: to the board (the page's Python answers, then the focus)
    expect(area).to_be_focused()
    # Escape with no tile picked leaves the board (no trap); L opens the moves.
    page.keyboard.press("Escape")
    expect(area).not_to_be_focused()
    page.keyboard.press("l")
    expect(page.locator("#log")).to_be_focused()
    page.keyboard.press("b")

    undone = False
    trapped = False
    for _turn in range(400):
        phase = play.get_attribute("data-phase")
        if phase == "over":
            break
        done = int(play.get_attribute("data-moves") or 0)
        if phase == "cover":
            expect(page.locator("#cover")).to_be_visible()
            assert focused_id(page) == "cover-ok"  # the focus moved into the dialog
            # ... and the game behind it cannot be reached meanwhile (the header's
            # language and contrast switches stay usable for the next player).
            expect(page.locator("#play")).to_have_attribute("inert", "")
            expect(page.locator("header.topbar")).not_to_have_attribute("inert", "")
            if not trapped:
                trapped = True
                for _ in range(6):  # Tab never lands in the game behind the cover
                    page.keyboard.press("Tab")
                    assert page.evaluate(NOT_IN_THE_GAME), focused_id(page)
                page.focus("#cover-ok")  # back where the test left it
            page.keyboard.press("Enter")
            expect(play).not_to_have_attribute("data-phase", "cover")
            expect(area).to_be_focused()  # ... and came back
            if done == 1 and not undone:  # U takes back Green's first move
                undone = True
                page.keyboard.press("u")
                expect(play).to_have_attribute("data-moves", "0")
                expect(play).to_have_attribute("data-phase", "cover")
            continue
        if phase == "pass":
            page.keyboard.press("p")
        else:
            playable = page.eval_on_selector_all(
                "#hand .tile-btn", "els => els.map(e => !e.disabled)")
            index = playable.index(True)
            page.keyboard.press(str(index + 1))
            expect(play).not_to_have_attribute("data-selected", "")
            # the board shows the pick at once (the pick table); the grid's words come
            # with the page's answer
            expect(page.locator("#board-grid [role=gridcell]",
                                has_text="legal for the selected tile").first).to_be_attached()
            if done == 0 and not undone:
                page.keyboard.press("r")  # turning is possible, the cells follow
                expect(play).not_to_have_attribute("data-orientation", "0")
            squares = legal_cells(page)
            assert squares, "a playable tile has somewhere to go"
            here = cursor(page) or squares[0]
            hx, hy = col_row(here)
            target = min(squares, key=lambda n: abs(col_row(n)[0] - hx) + abs(col_row(n)[1] - hy))
            go_to(page, target)
            # The cursor is visible on the board and the preview is shown.
            expect(page.locator(f'#board rect.sq.cursor[data-square="{target}"]')).to_have_count(1)
            expect(page.locator("#board g.overlay g.ghost.ok")).to_have_count(1)
            if done == 0 and undone:
                assert axe_violations(page) == [], "game screen"
                shot(page, "desktop-game")
            page.keyboard.press("Enter")
        expect(play).to_have_attribute("data-moves", str(done + 1))
        if done == 0:
            expect(page.locator("#announce")).to_contain_text("Green")
    expect(play).to_have_attribute("data-phase", "over")
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(result).to_have_attribute("role", "dialog")
    expect(result).to_have_attribute("aria-modal", "true")
    expect(page.locator("header.topbar")).to_have_attribute("inert", "")  # all behind it
    expect(page.locator("#result-title")).to_be_visible()
    assert focused_id(page) == "result-new"
    engine = qin.Game.new(board="bird", players=2, seed=2012)
    for move in (result.get_attribute("data-moves") or "").split():
        engine.play(move)
    assert engine.is_over
    assert axe_violations(page) == [], "result panel"
    shot(page, "desktop-result")
    page.keyboard.press("Escape")  # closes the result; the focus goes back
    expect(result).to_be_hidden()
    expect(area).to_be_focused()
    log_by_the_keyboard(page)
    # The game replayed at its first move: the later moves, drawn as later, still read.
    page.click("#replay-open")
    expect(page.locator("#app")).to_have_attribute("data-mode", "replay")
    page.click("#replay-step")
    expect(play).to_have_attribute("data-replay-at", "1")
    expect(page.locator("#log li[data-future]").first).to_be_visible()
    assert axe_violations(page) == [], "replay"
    shot(page, "desktop-replay")
    # High contrast: a toggle, pressed by the keyboard.
    page.focus("#contrast")
    page.keyboard.press("Enter")
    expect(page.locator("#contrast")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("body")).to_have_class("high-contrast")
    expect(page.locator("#play")).not_to_have_attribute("inert", "")  # no dialog open
    assert axe_violations(page) == [], "replay, high contrast"
    shot(page, "desktop-replay-high-contrast")
    page.click("#replay-exit")
    expect(page.locator("#app")).not_to_have_attribute("data-mode", "replay")
    shot(page, "desktop-high-contrast")
    # The choice is remembered: it is there again after a reload, before Python starts.
    page.reload()
    expect(page.locator("body")).to_have_class("high-contrast")
    expect(page.locator("#contrast")).to_have_attribute("aria-pressed", "true")


def test_high_contrast_follows_the_system_until_the_player_chooses(
        browser: Browser, base_url: str, page_problems: PageProblems) -> None:
    context = browser.new_context(base_url=base_url)
    page_problems.watch(context)
    page = context.new_page()
    try:
        page.emulate_media(contrast="more")
        boot(page)
        expect(page.locator("body")).to_have_class("high-contrast")
        page.click("#contrast")  # the player's choice wins from now on
        expect(page.locator("body")).not_to_have_class("high-contrast")
        page.reload()
        expect(page.locator("#contrast")).to_have_attribute("aria-pressed", "false")
        expect(page.locator("body")).not_to_have_class("high-contrast")
    finally:
        context.close()


def test_the_rules_page_has_no_serious_axe_violation(page: Page) -> None:
    page.goto("/rules/en.html")
    expect(page.locator("h1").first).to_be_visible()
    page.wait_for_function(ALL_READY, timeout=ENGINE_TIMEOUT_MS)  # the diagrams' buttons
    assert axe_violations(page) == []


def test_the_tutorial_has_no_serious_axe_violation(page: Page) -> None:
    """The tutorial's step panel, after two refused tries (the reason and the hint
    showing) and after the step is done."""
    boot(page)
    page.click("#learn")
    expect(page.locator("#app")).to_have_attribute("data-mode", "tutorial")
    page.locator('#hand .tile-btn[data-kind="RB"]').click()
    for tries in ("1", "2"):
        page.locator('#board rect[data-square="a1"]').click()
        expect(page.locator("#tutorial")).to_have_attribute("data-tries", tries)
    expect(page.locator("#tutorial-hint")).to_be_visible()
    assert axe_violations(page) == []
    page.click("#rotate")  # down: red on c1, blue on c2 beside the red territory
    expect(page.locator("#play")).to_have_attribute("data-orientation", "1")
    page.locator('#board rect[data-square="c1"]').click()
    expect(page.locator("#tutorial")).to_have_attribute("data-outcome", "done")
    shot(page, "desktop-tutorial")
    assert axe_violations(page) == []


def test_a_whole_game_by_taps_on_a_phone(browser: Browser, base_url: str,
                                   page_problems: PageProblems) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2, base_url=base_url)
    page_problems.watch(context)
    page = context.new_page()
    try:
        boot(page)
        # Nothing sticks out sideways on the start screen, down to a 360 px phone.
        assert overflowing(page) == []
        page.set_viewport_size({"width": 360, "height": 740})
        assert overflowing(page) == []
        page.set_viewport_size({"width": 390, "height": 844})
        shot(page, "phone-start")
        hot_seat(page)
        page.locator("#seed").fill("7")
        page.locator("#start").tap()
        play = page.locator("#play")
        expect(play).to_have_attribute("data-moves", "0")
        assert overflowing(page) == []
        turned = False
        village_seen = False
        for _turn in range(400):
            phase = play.get_attribute("data-phase")
            if phase == "over":
                break
            done = int(play.get_attribute("data-moves") or 0)
            if phase == "cover":
                if done >= 6 and not village_seen:
                    # Information without hover: a tap on a village says what it is.
                    page.locator("#cover-ok").tap()
                    expect(play).to_have_attribute("data-phase", "move")
                    page.locator("#board rect.sq.village").first.tap()
                    expect(page.locator("#info .info-hover")).to_contain_text("Village")
                    shot(page, "phone-game")
                    village_seen = True
                    continue
                page.locator("#cover-ok").tap()
                expect(play).not_to_have_attribute("data-phase", "cover")
                continue
            if phase == "pass":
                page.locator("#pass").tap()
                expect(play).to_have_attribute("data-moves", str(done + 1))
                continue
            button = page.locator("#hand .tile-btn:not([disabled])").first
            kind = button.get_attribute("data-kind") or ""
            button.tap()
            expect(play).to_have_attribute("data-selected", kind)
            if not turned and kind[0] != kind[1]:
                before = play.get_attribute("data-orientation")
                page.locator("#rotate").tap()  # the turn button
                expect(play).not_to_have_attribute("data-orientation", before or "")
                turned = True
            squares: list[str] = page.eval_on_selector_all(
                "#board rect.sq.legal", "els => els.map(e => e.dataset.square)")
            target = page.locator(f'#board rect[data-square="{squares[len(squares) // 2]}"]')
            target.tap()  # first tap: the ghost and its preview, nothing placed
            expect(page.locator("#board g.overlay g.ghost.ok")).to_have_count(1)
            expect(page.locator("#info .info-preview")).to_be_visible()
            assert int(play.get_attribute("data-moves") or 0) == done
            if done == 0:
                shot(page, "phone-ghost")
                page.set_viewport_size({"width": 360, "height": 740})
                assert overflowing(page) == [], "the game screen at 360 px"
                page.set_viewport_size({"width": 390, "height": 844})
            target.tap()  # second tap: placed
            expect(play).to_have_attribute("data-moves", str(done + 1))
        assert village_seen
        # The game ends by taps, and the result fits the phone's screen.
        expect(play).to_have_attribute("data-phase", "over")
        result = page.locator("#result")
        expect(result).to_be_visible()
        assert overflowing(page) == []
        shot(page, "phone-result")
        engine = qin.Game.new(board="bird", players=2, seed=7)
        for move in (result.get_attribute("data-moves") or "").split():
            engine.play(move)
        assert engine.is_over
        page.locator("#result-new").tap()
        expect(page.locator("#setup")).to_be_visible()
        assert turned
    finally:
        context.close()
