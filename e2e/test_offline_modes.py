"""Every part of the site works offline after one visit of the game page.

A first visit of the game page ("/") lasts until its service worker is active (the
precache done); then the network is off and, in the same browser, each mode is used:
the start screen, the tutorial, a game against the Governor (the computer's worker
starts), a hint taken, the review of an imported finished game, a rules page whose
diagrams load the engine and take a move, and the embeddable diagram of
``embed/embed.html``.  No request of theirs may fail: whatever the service worker does
not keep (PyScript's editor, terminal, TOML reader...) must be what no page loads.

Every wait is for the page's own state, never a sleep.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import Browser, Page, Request, expect

from e2e.helpers import boot
from e2e.test_ai import WORKER_BOOT_MS
from e2e.test_ai import start as start_with
from e2e.test_embed import ENGINE_TIMEOUT_MS
from e2e.test_modes import import_file, mode
from e2e.test_offline import copy_site
from e2e.test_replay_series import finished_record
from e2e.test_rules import ALL_DRAWN, ALL_READY
from tools.serve import serving

SEED = 7
EMBED = "&".join(f"{k}={quote(v)}" for k, v in (
    ("position", "players: 2\n. . . .\nr . v .\n. . . ."), ("move", "Rb2Yb1"),
    ("caption", "Offline"), ("lang", "en")))


def offline_failures(failed: list[Request]) -> list[str]:
    return [f"{r.method} {r.url}: {r.failure}" for r in failed]


def the_tutorial(page: Page) -> None:
    page.click("#learn")
    mode(page, "tutorial")
    expect(page.locator("#tutorial-title")).not_to_be_empty()
    expect(page.locator("#board svg")).to_be_visible()
    page.click("#tutorial-exit")
    mode(page, "start")


def a_game_against_the_governor_with_a_hint(page: Page) -> None:
    play = start_with(page, ["human", "governor"], seed=SEED)
    mode(page, "playing")
    page.click("#hint")
    box = page.locator("#hint-box")
    expect(box).to_have_attribute("data-state", "shown", timeout=WORKER_BOOT_MS)
    page.click("#hint-take")
    expect(play).to_have_attribute("data-moves", "2", timeout=WORKER_BOOT_MS)
    page.click("#new-game")
    mode(page, "start")


def the_review_of_a_finished_game(page: Page) -> None:
    record = finished_record(SEED)
    moves = record["moves"]
    assert isinstance(moves, list)
    import_file(page, "finished.json", record)
    mode(page, "result")
    page.click("#result-review")
    review = page.locator("#review")
    expect(review).to_have_attribute("data-total", str(len(moves)), timeout=WORKER_BOOT_MS)
    expect(review).to_have_attribute("data-state", "done", timeout=2 * WORKER_BOOT_MS)


def a_rules_page_with_its_diagrams(page: Page) -> None:
    page.goto("/rules/en.html#try")
    page.wait_for_function(ALL_DRAWN, timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_function(ALL_READY, timeout=ENGINE_TIMEOUT_MS)
    board = page.locator("#ex-try")
    board.locator("input.move").fill("Rc2Yc1")
    board.locator("button.play").click()
    expect(board).to_have_attribute("data-played", "1")
    expect(board.locator(".events")).to_contain_text("Green absorbs White's province")


def the_embedded_diagram(page: Page) -> None:
    page.goto(f"/embed/embed.html#{EMBED}")
    board = page.locator("qin-board")
    expect(board).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT_MS)
    expect(board.locator("figcaption")).to_have_text("Offline")
    board.locator("button.next").click()
    expect(board).to_have_attribute("data-step", "1")
    expect(board.locator(".events")).to_contain_text("Green founds a red province of 2")


def test_every_mode_works_offline_after_the_first_visit(
        browser: Browser, site_dir: Path) -> None:
    """On a server of its own: a new origin, so a first visit."""
    with serving(site_dir, quiet=True) as origin, copy_site(browser, origin) as context:
        page = boot(context.new_page(), "/")
        expect(page.locator("body")).to_have_attribute("data-offline", "ready",
                                                       timeout=60_000)
        failed: list[Request] = []
        context.on("requestfailed", lambda request: failed.append(request))
        context.set_offline(True)
        page.reload()
        page.wait_for_function("document.body?.dataset.boot === 'ready'", timeout=60_000)
        mode(page, "start")
        the_tutorial(page)
        a_game_against_the_governor_with_a_hint(page)
        the_review_of_a_finished_game(page)
        a_rules_page_with_its_diagrams(page)
        the_embedded_diagram(page)
        assert not offline_failures(failed), offline_failures(failed)
