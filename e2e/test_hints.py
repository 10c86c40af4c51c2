"""Hints in the browser: in a game against the Governor, the Hint button asks the
strongest computer (the Son of Heaven, in the AI worker) what it would play from the
human's own view; the answer shows as the ghost tile at a legal square with its events
and one sentence saying why (against the next best move), and
"Take it" (or T) plays it.  The record counts hints per seat (the save in the browser's
storage, the export) and the result dialog shows them.  The option can be switched off
on the start screen: no Hint button, H does nothing.

Waits are on the page's state (``#hint-box[data-state]``, ``#play[data-moves]``), never
sleeps.
"""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

import qin
from e2e.helpers import boot
from e2e.test_ai import WORKER_BOOT_MS, start
from e2e.test_modes import import_file, mode
from e2e.test_replay_series import finished_record

SEED = 7


def saved_records(page: Page) -> list[dict[str, object]]:
    texts: list[str] = page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('qin.save.'))"
        ".map(k => localStorage.getItem(k))")
    return [json.loads(t)["record"] for t in texts]


def test_a_hint_taken_in_a_game_against_the_governor(page: Page) -> None:
    boot(page)
    play = start(page, ["human", "governor"], seed=SEED)
    mode(page, "playing")
    hint = page.locator("#hint")
    expect(hint).to_be_visible()
    expect(hint).to_be_enabled()
    hint.click()
    box = page.locator("#hint-box")
    expect(box).to_be_visible()
    expect(box).to_have_attribute("data-state", "shown", timeout=WORKER_BOOT_MS)
    text = box.get_attribute("data-move") or ""
    game = qin.Game.new(board="bird", players=2, seed=SEED)
    move = qin.Move.parse(text)
    assert move in game.legal_moves()  # a legal move of Green's own hand
    # The ghost tile at its squares, and its events in words.
    ghost = page.locator("#board g.overlay g.ghost")
    expect(ghost).to_have_count(1)
    expect(page.locator("#hint-text")).to_contain_text("The Son of Heaven would play")
    expect(page.locator("#hint-text")).to_contain_text("–".join(move.squares))
    events = [e for e in game.preview(move) if e.kind != "place"]
    lines = (page.locator("#hint-text").text_content() or "").strip().split("\n")
    assert len(lines) == 1 + len(events) + 1  # the events, then why
    assert lines[-1].startswith("This move ") and "; the next best, " in lines[-1]
    expect(hint).to_be_disabled()  # one hint at a time
    assert saved_records(page)[0].get("hints") == [1, 0]

    page.click("#hint-take")
    expect(play).not_to_have_attribute("data-moves", "0")
    expect(box).to_be_hidden()
    expect(page.locator("#log .turn").last).to_have_attribute("data-move", text)
    # The Governor answers; then H asks again and Escape leaves that hint.
    expect(play).to_have_attribute("data-moves", "2", timeout=WORKER_BOOT_MS)
    mode(page, "playing")
    page.focus("#board-area")
    page.keyboard.press("h")
    expect(box).to_have_attribute("data-state", "shown", timeout=WORKER_BOOT_MS)
    page.keyboard.press("Escape")
    expect(box).to_be_hidden()
    expect(play).to_have_attribute("data-moves", "2")
    expect(ghost).to_have_count(0)
    records = saved_records(page)
    assert records[0]["hints"] == [2, 0] and records[0]["moves"][0] == text  # type: ignore[index]

    # The count shows in the result dialog of a finished game that carries it.
    page.click("#new-game")
    import_file(page, "hinted.json", {**finished_record(31), "names": ["Green", "White"],
                                         "hints": [2, 0]})
    mode(page, "result")
    expect(page.locator("#result-hints")).to_have_text("Hints asked: Green 2, White 0.")


def test_hints_switched_off_on_the_start_screen(page: Page) -> None:
    boot(page)
    page.uncheck("#hints-on")
    play = start(page, ["human", "governor"], seed=SEED)
    mode(page, "playing")
    expect(page.locator("#hint")).to_be_hidden()
    page.focus("#board-area")
    page.keyboard.press("h")
    expect(page.locator("#announce")).to_have_text("Hints are off for this game.")
    expect(page.locator("#hint-box")).to_be_hidden()
    expect(play).to_have_attribute("data-moves", "0")
    # The choice is remembered for the next game on the start screen.
    page.click("#new-game")
    expect(page.locator("#hints-on")).not_to_be_checked()
