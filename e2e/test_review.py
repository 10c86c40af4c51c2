"""The review of a finished game in the browser: Review on the result opens the replay
with the review beside it; the AI worker judges every move (a progress bar), the marked
moves are listed, a click jumps the replay to one, where the better move shows as a
ghost tile; Cancel stops the review and a new one runs to the end.  Waits are on the
page's state (``#review[data-state]``, ``#play[data-replay-at]``), never sleeps."""

from __future__ import annotations

from playwright.sync_api import Page, expect

import qin
import qin.ai
from e2e.test_ai import WORKER_BOOT_MS
from e2e.test_modes import import_file, mode


def played(levels: tuple[str, str], seeds: tuple[int, int], game_seed: int) -> dict[str, object]:
    game = qin.Game.new(board="bird", players=2, seed=game_seed)
    bots = {1: qin.ai.player(levels[0], seeds[0]), 2: qin.ai.player(levels[1], seeds[1])}
    while not game.is_over:
        game.play(bots[game.to_move].choose(game.view(game.to_move)))
    record: dict[str, object] = game.record()
    return record


def test_a_review_lists_the_marked_moves_and_jumps_to_one_with_the_better_move(
        booted_page: Page) -> None:
    page = booted_page
    record = played(("governor", "apprentice"), (1, 2), 3)  # tests/test_review.py's game
    moves = record["moves"]
    assert isinstance(moves, list)
    import_file(page, "reviewed.json", record)
    mode(page, "result")
    page.click("#result-review")
    mode(page, "review")
    review = page.locator("#review")
    expect(review).to_be_visible()
    expect(review).to_have_attribute("data-total", str(len(moves)))
    expect(review).to_have_attribute("data-state", "done", timeout=WORKER_BOOT_MS)
    expect(page.locator("#review-progress")).to_have_attribute("value", str(len(moves)))
    expect(page.locator("#review-status")).to_have_text(
        f"{len(moves)} moves reviewed, 3 marked.")
    expect(page.locator("#review-unit")).to_contain_text("pagodas")
    rows = page.locator("#review-list button.review-jump")
    expect(rows).to_have_count(len(moves))
    marked = page.locator("#review-list button[data-marked]")
    # the Apprentice's three largest losses: CPython's figures for this record and the
    # page's seed 0 (qin.ai.review.review(record, seed=0)), found again in Pyodide
    expect(marked).to_have_count(3)
    assert marked.evaluate_all("els => els.map(e => e.dataset.ply)") == ["12", "20", "22"]
    expect(marked.nth(2)).to_contain_text("Bh9Bi9")
    expect(marked.nth(2)).to_contain_text("Bh1Bh2")
    expect(marked.nth(2)).to_contain_text("2.0 pagodas lost")

    marked.nth(2).click()  # move 22: the board before it, the better move as a ghost
    play = page.locator("#play")
    expect(play).to_have_attribute("data-replay-at", "21")
    expect(review).to_have_attribute("data-at", "22")
    expect(review).to_have_attribute("data-ghost", "Bh1Bh2")
    expect(page.locator("#board g.overlay .ghost")).not_to_have_count(0)
    expect(page.locator("#review-detail")).to_contain_text("Bh1Bh2")
    expect(page.locator("#review-list button[aria-current]")).to_have_attribute(
        "data-ply", "22")
    page.keyboard.press("ArrowRight")  # on to the move played: the ghost goes
    expect(play).to_have_attribute("data-replay-at", "22")
    expect(page.locator("#board g.overlay .ghost")).to_have_count(0)
    mode(page, "review")
    page.click("#review-close")
    mode(page, "replay")
    expect(review).to_be_hidden()
    expect(play).to_have_attribute("data-moves", str(len(moves)))  # the game untouched


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
    expect(review).to_have_attribute("data-state", "running")
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
    expect(review).to_have_attribute("data-state", "done", timeout=WORKER_BOOT_MS)
    expect(review).to_have_attribute("data-done", "72")
    expect(page.locator("#review-list button.review-jump")).to_have_count(72)
