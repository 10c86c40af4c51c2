"""Every shortcut key in every mode of the game page acts only on what is on screen.

The page's mode is ``#app[data-mode]``: start, playing, cover, thinking, watching,
replay, result, series.  In each, every shortcut key is pressed (arrows, N, Shift+N,
1 2 3, R, Shift+R, Enter, Space, P, U, Ctrl+Z, L, B, H, T, Escape) and the test checks what
changed: the live game's moves (``#play[data-moves]`` and its log), the browser's
storage (every ``qin.*`` key), the mode.  A key that does not apply changes nothing;
a replay never touches the live game.  Waits are on the page's state, never sleeps.
"""

from __future__ import annotations

import json

from playwright.sync_api import FilePayload, Locator, Page, expect

from e2e.helpers import boot, series_save
from e2e.test_ai import WORKER_BOOT_MS
from e2e.test_ai import start as start_with
from e2e.test_game import legal_squares, pick, square, start
from e2e.test_replay_series import finished_record

ALL_KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "n", "Shift+N", "1", "2",
            "3", "r", "Shift+R", "Enter", " ", "p", "u", "Control+z", "l", "b", "h", "t",
            "Escape")
GAME_KEYS = ("1", "2", "3", "r", "Shift+R", "Enter", " ", "p", "u", "Control+z")
"""The keys that change a game (pick, turn, place, pass, undo)."""

STORED = ("() => JSON.stringify(Object.keys(localStorage)"
          ".filter(k => k.startsWith('qin.') && k !== 'qin.start')"
          ".sort().map(k => [k, localStorage.getItem(k)]))")


def stored(page: Page) -> str:
    """Every saved game and the page's own keys, as they are in the browser now; not
    ``qin.start``, the start screen's words kept for the next visit, which follow what
    the screen shows (back to the start screen, the game behind is no longer open)."""
    return str(page.evaluate(STORED))


def mode(page: Page, name: str) -> None:
    expect(page.locator("#app")).to_have_attribute("data-mode", name)


def log_moves(page: Page) -> list[str]:
    moves: list[str] = page.locator("#log .turn").evaluate_all(
        "els => els.map(e => e.dataset.move)")
    return moves


def play_moves(page: Page, play: Locator, count: int) -> None:
    """Play ``count`` hot-seat moves by clicking (lifting the cover when it is up)."""
    for _ in range(count):
        done = int(play.get_attribute("data-moves") or 0)
        if play.get_attribute("data-phase") == "cover":
            page.click("#cover-ok")
            expect(play).to_have_attribute("data-phase", "move")
        pick(page)
        square(page, legal_squares(page)[0]).click()
        expect(play).to_have_attribute("data-moves", str(done + 1))


def blur(page: Page) -> None:
    page.evaluate("document.activeElement && document.activeElement.blur()")


def press_all(page: Page, keys: tuple[str, ...], skip: tuple[str, ...] = ()) -> None:
    """Press ``keys`` (but ``skip``), then wait until the page has answered every one:
    a click while the replies are still arriving could land on a panel being redrawn."""
    for key in keys:
        if key not in skip:
            page.keyboard.press(key)
    page.wait_for_function("window.qinIdle")


def import_file(page: Page, name: str, data: object) -> None:
    page.set_input_files("#import-file", files=[FilePayload(
        name=name, mimeType="application/json", buffer=json.dumps(data).encode())])
    expect(page.locator("#setup")).to_have_attribute("data-imported", "ok")


def test_undo_keys_in_a_replay_leave_the_live_game_alone(booted_page: Page) -> None:
    """Four hot-seat moves, Replay, U twice, Back to the game: all four are there, and
    the save in the browser is as it was."""
    page = booted_page
    play = start(page)
    mode(page, "playing")
    play_moves(page, play, 4)
    mode(page, "cover")
    page.click("#cover-ok")
    mode(page, "playing")
    moves, saved = log_moves(page), stored(page)
    assert len(moves) == 4 and saved != "[]"
    page.click("#replay-open")
    mode(page, "replay")
    expect(play).to_have_attribute("data-replay-at", "0")
    page.keyboard.press("u")
    page.keyboard.press("u")
    page.click("#replay-exit")
    mode(page, "playing")
    expect(play).to_have_attribute("data-moves", "4")
    assert log_moves(page) == moves
    assert stored(page) == saved


def test_every_key_in_replay_playing_cover_and_start(booted_page: Page) -> None:
    page = booted_page
    play = start(page)
    play_moves(page, play, 3)
    # -- cover: only its own buttons act (Enter/Space would press the focused one)
    mode(page, "cover")
    moves, saved = log_moves(page), stored(page)
    press_all(page, ALL_KEYS, skip=("Enter", " "))
    mode(page, "cover")
    assert log_moves(page) == moves and stored(page) == saved
    page.keyboard.press("Enter")  # on "I am White": the cover lifts, and that is saved
    mode(page, "playing")
    assert stored(page) != saved
    moves, saved = log_moves(page), stored(page)

    # -- replay: arrows step it, Escape leaves it, nothing else happens
    page.click("#replay-open")
    mode(page, "replay")
    at = page.locator("#play")
    expect(at).to_have_attribute("data-replay-at", "0")
    page.keyboard.press("ArrowRight")
    expect(at).to_have_attribute("data-replay-at", "1")
    page.keyboard.press("ArrowRight")
    expect(at).to_have_attribute("data-replay-at", "2")
    page.keyboard.press("ArrowLeft")
    expect(at).to_have_attribute("data-replay-at", "1")
    press_all(page, ALL_KEYS, skip=("ArrowLeft", "ArrowRight", "Escape", "Enter", " "))
    blur(page)  # Enter and Space on the page itself, not on a focused button
    press_all(page, ("Enter", " "))
    mode(page, "replay")
    expect(at).to_have_attribute("data-replay-at", "1")
    expect(play).to_have_attribute("data-moves", "3")
    assert stored(page) == saved
    page.keyboard.press("Escape")
    mode(page, "playing")
    assert log_moves(page) == moves and stored(page) == saved

    # -- playing: keys that pick, turn, move the cursor or the focus change no move (H
    # asks for a hint, whose count is saved: e2e/test_hints.py; T takes none unasked)
    page.keyboard.press("b")
    press_all(page, ALL_KEYS, skip=("Enter", " ", "p", "u", "Control+z", "Escape", "h"))
    mode(page, "playing")
    expect(play).to_have_attribute("data-moves", "3")
    assert stored(page) == saved
    # ... Enter places the picked tile on the cursor square, U takes it back: each saved
    page.keyboard.press("b")
    page.keyboard.press("1" if page.locator("#hand .tile-btn").first.is_enabled() else "2")
    target = legal_squares(page)[0]
    square(page, target).hover()
    page.keyboard.press("b")
    page.keyboard.press("n")
    page.keyboard.press("Enter")
    expect(play).to_have_attribute("data-moves", "4")
    after_move = stored(page)
    assert after_move != saved
    mode(page, "cover")
    page.click("#cover-ok")
    page.keyboard.press("b")
    page.keyboard.press("u")
    expect(play).to_have_attribute("data-moves", "3")
    assert log_moves(page) == moves
    assert stored(page) not in (saved, after_move)

    # -- start screen with a game behind it: keys do nothing to that game
    mode(page, "cover")
    page.click("#cover-ok")
    mode(page, "playing")
    saved = stored(page)
    page.click("#new-game")
    mode(page, "start")
    blur(page)
    press_all(page, ALL_KEYS)
    mode(page, "start")
    assert stored(page) == saved
    page.click("#back-to-game")
    expect(play).to_have_attribute("data-moves", "3")
    assert log_moves(page) == moves


def test_every_key_on_a_result_and_between_games_of_a_series(booted_page: Page) -> None:
    page = booted_page
    record = finished_record(31)
    length = len(record["moves"])  # type: ignore[arg-type]
    import_file(page, "game-31.json", record)
    play = page.locator("#play")
    mode(page, "result")
    expect(page.locator("#result")).to_be_visible()
    saved = stored(page)
    press_all(page, ALL_KEYS, skip=("Enter", " ", "Escape"))  # the focus is on a button
    mode(page, "result")
    expect(play).to_have_attribute("data-moves", str(length))
    assert stored(page) == saved
    page.keyboard.press("Escape")  # closes the result: the board, the game over
    mode(page, "playing")
    expect(page.locator("#result")).to_be_hidden()
    expect(play).to_have_attribute("data-phase", "over")
    assert stored(page) == saved

    # A saved series whose first game is over: "next game" is offered.
    page.click("#new-game")
    import_file(page, "series.json", series_save("series-test", record))
    mode(page, "series")
    expect(page.locator("#series-next")).to_be_visible()
    saved = stored(page)
    press_all(page, ALL_KEYS, skip=("Enter", " ", "Escape"))
    mode(page, "series")
    expect(play).to_have_attribute("data-moves", str(length))
    assert stored(page) == saved
    page.click("#series-next")
    mode(page, "playing")
    expect(play).to_have_attribute("data-moves", "0")
    expect(page.locator("#game-meta")).to_contain_text("Lion")


def test_every_key_while_a_computer_thinks_and_while_watching(page: Page) -> None:
    boot(page)
    play = start_with(page, ["human", "apprentice"], seed=7)
    mode(page, "playing")
    pick(page)
    square(page, legal_squares(page)[0]).click()
    expect(play).to_have_attribute("data-moves", "1")
    mode(page, "thinking")
    first = log_moves(page)
    page.keyboard.press("b")
    press_all(page, ALL_KEYS, skip=("u", "Control+z"))
    # The computer may answer meanwhile; the human's move is never undone or joined.
    assert log_moves(page)[-1:] == first
    assert int(play.get_attribute("data-moves") or 0) in (1, 2)
    expect(play).to_have_attribute("data-moves", "2", timeout=WORKER_BOOT_MS)
    mode(page, "playing")

    # Computers only, paused: the game stands still whatever is pressed.
    page.click("#new-game")
    play = start_with(page, ["apprentice", "apprentice"], seed=5, speed="pause")
    mode(page, "watching")
    expect(page.locator("#status")).to_have_attribute("data-ai", "paused")
    moves, saved = log_moves(page), stored(page)
    page.focus("#board-area")  # not the speed control: its arrows would change the speed
    press_all(page, ALL_KEYS)
    blur(page)
    press_all(page, GAME_KEYS)
    mode(page, "watching")
    assert log_moves(page) == moves and stored(page) == saved
    expect(page.locator("#undo")).to_be_hidden()
    page.check("#speed-fast")
    expect(play).not_to_have_attribute("data-moves", str(len(moves)),
                                       timeout=WORKER_BOOT_MS)


def test_every_key_in_a_review(booted_page: Page) -> None:
    """Beside the replay, the review: arrows step the replay, Escape leaves it (and the
    review), nothing else happens to the game or its save."""
    page = booted_page
    record = finished_record(31)
    length = len(record["moves"])  # type: ignore[arg-type]
    import_file(page, "game-31.json", record)
    mode(page, "result")
    saved = stored(page)
    page.click("#result-review")
    mode(page, "review")
    play = page.locator("#play")
    expect(play).to_have_attribute("data-replay-at", "0")
    page.keyboard.press("ArrowRight")
    expect(play).to_have_attribute("data-replay-at", "1")
    press_all(page, ALL_KEYS, skip=("ArrowLeft", "ArrowRight", "Escape", "Enter", " "))
    blur(page)
    press_all(page, ("Enter", " "))
    mode(page, "review")
    expect(play).to_have_attribute("data-replay-at", "1")
    expect(play).to_have_attribute("data-moves", str(length))
    assert stored(page) == saved
    page.keyboard.press("Escape")
    mode(page, "playing")
    expect(page.locator("#review")).to_be_hidden()
    assert stored(page) == saved


def test_every_key_in_the_tutorial_acts_on_its_board_only(booted_page: Page) -> None:
    """The tutorial (mode "tutorial") over a game left behind the start screen: keys
    look, pick and turn on the tutorial's board; Enter places there and the step is
    done; nothing of the game behind or its save changes, only the tutorial's progress
    (``qin.tutorial``) is written."""
    page = booted_page
    play = start(page)
    play_moves(page, play, 2)
    mode(page, "cover")
    page.click("#cover-ok")
    mode(page, "playing")
    moves, saved = log_moves(page), stored(page)

    def saves_only() -> list[list[str]]:
        kept: list[list[str]] = json.loads(stored(page))
        return [pair for pair in kept if pair[0] != "qin.tutorial"]

    page.click("#new-game")
    mode(page, "start")
    page.click("#learn")
    mode(page, "tutorial")
    panel = page.locator("#tutorial")
    expect(panel).to_have_attribute("data-step", "place")
    expect(play).to_have_attribute("data-moves", "0")  # the tutorial's own board
    page.keyboard.press("b")
    press_all(page, ALL_KEYS, skip=("Enter", " ", "Escape"))
    mode(page, "tutorial")
    expect(play).to_have_attribute("data-moves", "0")
    expect(panel).not_to_have_attribute("data-outcome", "done")
    assert stored(page) == saved
    blur(page)
    press_all(page, GAME_KEYS, skip=("Enter", " "))
    mode(page, "tutorial")
    assert stored(page) == saved
    # Enter on the board places the picked tile on the cursor square: the step is done.
    page.keyboard.press("b")
    if not play.get_attribute("data-selected"):
        page.keyboard.press("1")
    expect(play).to_have_attribute("data-selected", "RB")
    page.keyboard.press("n")
    page.keyboard.press("Enter")
    expect(panel).to_have_attribute("data-outcome", "done")
    expect(play).to_have_attribute("data-moves", "1")
    assert saves_only() == json.loads(saved)
    # Once done, the step's board is only looked at: no key changes it.
    press_all(page, ALL_KEYS, skip=("Escape",))
    mode(page, "tutorial")
    expect(play).to_have_attribute("data-moves", "1")
    assert saves_only() == json.loads(saved)
    page.click("#tutorial-exit")
    mode(page, "start")
    page.click("#back-to-game")
    mode(page, "playing")
    expect(play).to_have_attribute("data-moves", "2")
    assert log_moves(page) == moves
    assert saves_only() == json.loads(saved)
