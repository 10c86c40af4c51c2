"""Records in the browser: import a game record, replay it move by move with
the board and the log in step, export it again unchanged; and a series of games
(Q19) chosen at setup, played by computers, with running totals and a series winner.

Every wait is for the page's state (``#play[data-replay-at]``, ``#play[data-phase]``,
``#result`` shown), never a sleep.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import FilePayload, Page, expect

import qin
from e2e.test_ai import WORKER_BOOT_MS, start


def finished_record(seed: int) -> dict[str, object]:
    game = qin.Game.new(board="bird", players=2, seed=seed)
    while not game.is_over:
        game.play(game.legal_moves()[len(game.moves) % len(game.legal_moves())])
    record: dict[str, object] = game.record()
    return record


def halves_after(record: dict[str, object], moves: int) -> int:
    """Tile halves on the board after the first ``moves`` moves of ``record``."""
    texts = record["moves"]
    assert isinstance(texts, list)
    return 2 * sum(1 for m in texts[:moves] if m != "pass")


def test_import_replay_step_jump_autoplay_and_export(booted_page: Page) -> None:
    page = booted_page
    record = finished_record(31)
    length = len(record["moves"])  # type: ignore[arg-type]
    page.set_input_files("#import-file", files=[FilePayload(
        name="game-31.json", mimeType="application/json",
        buffer=json.dumps(record).encode())])
    expect(page.locator("#setup")).to_have_attribute("data-imported", "ok")
    play = page.locator("#play")
    expect(play).to_be_visible()
    expect(play).to_have_attribute("data-moves", str(length))
    halves = page.locator("#board path.half")
    expect(halves).to_have_count(halves_after(record, length))
    result = page.locator("#result")  # a finished game opens on its result
    expect(result).to_be_visible()
    expect(result).to_have_attribute("data-moves", " ".join(record["moves"]))  # type: ignore[arg-type]
    page.click("#result-close")
    expect(result).to_be_hidden()

    page.click("#replay-open")
    bar = page.locator("#replay-bar")
    expect(bar).to_be_visible()
    expect(play).to_have_attribute("data-phase", "replay")
    expect(play).to_have_attribute("data-replay-at", "0")
    expect(halves).to_have_count(0)

    def at(n: int) -> None:
        """The board, the log's current entry and the slider all stand at move n."""
        expect(play).to_have_attribute("data-replay-at", str(n))
        expect(halves).to_have_count(halves_after(record, n))
        if n:
            expect(page.locator("#log li.current")).to_have_attribute("data-move", str(n))
        expect(page.locator("#replay-pos")).to_have_value(str(n))

    bar.locator("[data-replay=step]").click()
    at(1)
    bar.locator("[data-replay=step]").click()
    at(2)
    bar.locator("[data-replay=back]").click()
    at(1)
    page.keyboard.press("ArrowRight")
    at(2)
    page.locator("#replay-pos").fill("10")  # the slider
    at(10)
    page.locator('#log button.log-jump[data-move="5"]').click()  # a move in the log
    at(5)
    # The log says in words what each move up to the board's did, none after it.
    expect(page.locator("#log li.current > ul > li").first).to_be_visible()
    expect(page.locator("#log li[data-move] > ul")).to_have_count(5)
    bar.locator("[data-replay=end]").click()
    at(length)
    bar.locator("[data-replay=start]").click()
    at(0)
    page.locator("#replay-pos").fill(str(length - 3))
    bar.locator("[data-replay=play]").click()  # autoplay to the end
    at(length)
    bar.locator("[data-replay=exit]").click()
    expect(bar).to_be_hidden()
    expect(play).not_to_have_attribute("data-phase", "replay")
    expect(halves).to_have_count(halves_after(record, length))

    with page.expect_download() as info:
        page.click("#export-game")
    download = info.value
    assert download.suggested_filename.endswith(".json")
    exported = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert exported["moves"] == record["moves"]
    assert exported["seed"] == record["seed"] and exported["board"] == record["board"]
    again = qin.Game.from_record(exported)
    assert again.to_position() == qin.Game.from_record(record).to_position()


def test_a_series_on_each_board_side_names_its_winner(page: Page) -> None:
    from e2e.helpers import boot

    boot(page)
    page.select_option("#series-plan", "sides")
    play = start(page, ["apprentice", "apprentice"], seed=3, speed="fast")
    series = page.locator("#series-status")
    expect(series).to_be_visible()
    expect(play).to_have_attribute("data-phase", "over", timeout=WORKER_BOOT_MS)
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(page.locator("#result-series")).to_be_visible()
    first_board = page.locator("#board svg").get_attribute("data-width")
    assert first_board == "13"
    page.click("#series-next")  # the second game, on the other board side
    expect(result).to_be_hidden()
    expect(page.locator("#game-meta")).to_contain_text(re.compile("Lion", re.I))
    expect(play).to_have_attribute("data-phase", "over", timeout=WORKER_BOOT_MS)
    expect(result).to_be_visible()
    totals = page.locator("#result-series")
    expect(totals).to_be_visible()
    expect(page.locator("#series-next")).to_be_hidden()  # the series is complete
    # The totals name each player's pagodas left over and the series winner(s).
    text = totals.inner_text()
    assert "Green" in text and "White" in text and re.search(r"\d", text), text
