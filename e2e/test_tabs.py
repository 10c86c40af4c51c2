"""Nothing lost in the browser: two tabs on one game, a newer link pasted into the open
tab, finished games deleted with an undo, damaged saves that never stop the page.

Two pages of one browser context share ``localStorage``: a write in one fires the
``storage`` event in the other.  Waits are on the page's state, never sleeps.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from playwright.sync_api import FilePayload, Page, expect

import qin
from e2e.helpers import boot
from e2e.test_game import legal_squares, pick, square
from qin import records

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "page"))
from qin_ui.saves import MemoryStorage, SaveRef, SaveStore  # noqa: E402

STORAGE = "() => JSON.stringify(Object.entries(localStorage).sort())"
UI = {"kinds": ["human", "human"], "colours": ["green", "white"], "at_screen": 0,
      "cover": False}


def link_of(n: int, seed: int = 7) -> str:
    game = qin.Game.new(board="bird", players=2, seed=seed, names=["Green", "White"])
    for _ in range(n):
        game.play(game.legal_moves()[0])
    return "#g=" + records.to_url(game)


def moves_of(page: Page) -> int:
    return int(page.locator("#play").get_attribute("data-moves") or 0)


def play_one(page: Page, last: bool = False) -> None:
    done = moves_of(page)
    pick(page)
    squares = legal_squares(page)
    square(page, squares[-1 if last else 0]).click()
    expect(page.locator("#play")).to_have_attribute("data-moves", str(done + 1))


def logged(page: Page) -> list[str]:
    moves: list[str] = page.locator("#log .turn").evaluate_all(
        "els => els.map(e => e.dataset.move)")
    return moves


def test_two_tabs_on_one_game_never_overwrite_each_other(page: Page) -> None:
    a = boot(page, "/" + link_of(2))  # played by link: no hands hidden in either tab
    expect(a.locator("#play")).to_have_attribute("data-moves", "2")
    b = boot(page.context.new_page(), "/")  # the site again: it resumes the same game
    expect(b.locator("#play")).to_have_attribute("data-moves", "2")
    notice = b.locator("#tab-notice")
    expect(notice).to_be_hidden()
    play_one(a)
    expect(notice).to_be_visible()  # at once, without any click in tab B
    expect(notice).to_have_attribute("role", "alert")
    expect(b.locator("#tab-notice-text")).to_contain_text("Another tab continued this game")
    expect(b.locator("#app")).to_have_attribute("data-mode", "notice")
    # A move tried in B writes nothing over A's game.
    stored = b.evaluate(STORAGE)
    b.locator("#hand .tile-btn:not([disabled])").first.click()
    b.keyboard.press("Enter")
    assert b.evaluate(STORAGE) == stored and moves_of(b) == 2
    b.click("#notice-newer")
    expect(notice).to_be_hidden()
    expect(b.locator("#play")).to_have_attribute("data-moves", "3")
    assert logged(b) == logged(a)  # A's move shows in B
    # The copy: A moves again; B keeps its own game as a copy, A's save stays A's.
    play_one(a)
    expect(notice).to_be_visible()
    b.click("#notice-copy")
    expect(notice).to_be_hidden()
    expect(b.locator("#play")).to_have_attribute("data-moves", "3")
    play_one(b, last=True)
    expect(b.locator("#save-state")).to_have_attribute("data-state", "saved")
    b.click("#new-game")
    games = b.locator("#saved-list li[data-state=ok]")
    expect(games).to_have_count(2)
    expect(games.filter(has_text="4 moves")).to_have_count(2)  # A's 4 and B's 4, apart
    saves = [json.loads(v) for k, v in json.loads(b.evaluate(STORAGE))
             if k.startswith("qin.save.")]
    assert len({tuple(s["record"]["moves"]) for s in saves}) == 2


CLICK_AT = """([name, at]) => new Promise((done) => setTimeout(() => {
  document.querySelector(`#board rect[data-square="${name}"]`)
    .dispatchEvent(new MouseEvent("click", {bubbles: true}));
  done();
}, at - Date.now()))"""


def agreed(a: Page, b: Page) -> str:
    """The storage both tabs see, once they see the same (each page's storage is a copy
    the browser brings up to date a moment after another tab wrote)."""
    for _ in range(200):
        stored: str = b.evaluate(STORAGE)
        if a.evaluate(STORAGE) == stored:
            return stored
        a.wait_for_timeout(25)  # a poll of the state, as expect() does
    raise AssertionError("the two tabs never saw the same storage")


def test_two_tabs_moving_in_the_same_instant_lose_no_move(page: Page) -> None:
    """Both tabs click a square 4 ms apart, before either can hear of the other's
    move: the browser keeps one write, and the other tab is told (its move refused, or
    made and still on its screen); "Continue here as a copy" keeps what it shows.  The
    tab whose move stands is not told.  Nothing is lost silently."""
    a = boot(page, "/" + link_of(2))
    b = boot(page.context.new_page(), "/")
    expect(b.locator("#play")).to_have_attribute("data-moves", "2")
    targets = []
    for tab, last in ((a, False), (b, True)):
        pick(tab)
        squares = legal_squares(tab)
        targets.append(squares[-1 if last else 0])
    at = a.evaluate("Date.now()") + 400
    clicks = [tab.evaluate_handle(CLICK_AT, [name, at + gap])
              for tab, name, gap in ((a, targets[0], 0), (b, targets[1], 4))]
    for tab, click in zip((a, b), clicks, strict=True):
        click.evaluate("p => p")
        moved = tab.locator("#play[data-moves='3']")
        expect(moved.or_(tab.locator("#tab-notice")).first).to_be_visible()
        tab.wait_for_function("() => window.qinIdle")
    stored = agreed(a, b)
    [kept] = [json.loads(v)["record"]["moves"] for k, v in json.loads(stored)
              if k.startswith("qin.save.")]
    shown = {tab: logged(tab)[::-1] for tab in (a, b)}  # the log is newest first
    assert len(kept) == 3 and kept in (shown[a], shown[b])
    stands, lost = (a, b) if kept == shown[a] else (b, a)
    expect(lost.locator("#tab-notice")).to_be_visible()
    expect(lost.locator("#tab-notice-text")).to_contain_text("Another tab continued this game")
    expect(stands.locator("#tab-notice")).to_be_hidden()
    lost.click("#notice-copy")
    expect(lost.locator("#save-state")).to_have_attribute("data-state", "saved")
    games = {tuple(json.loads(v)["record"]["moves"]) for k, v in json.loads(lost.evaluate(STORAGE))
             if k.startswith("qin.save.")}
    assert games == {tuple(shown[a]), tuple(shown[b])}


def test_a_newer_link_pasted_into_the_open_tab_is_taken_up(page: Page) -> None:
    boot(page, "/" + link_of(4))
    play = page.locator("#play")
    expect(play).to_have_attribute("data-moves", "4")
    page.evaluate("h => { location.hash = h }", link_of(5))  # the opponent's reply
    expect(play).to_have_attribute("data-moves", "5")
    play_one(page)  # the reply: the address holds the opponent's move and this one
    after = records.from_url(page.evaluate("location.hash"))
    assert len(after.moves) == 6
    assert after.moves[:5] == records.from_url(link_of(5)).moves
    # An older link is never applied silently: the player is asked.
    page.evaluate("h => { location.hash = h }", link_of(3))
    expect(page.locator("#tab-notice")).to_be_visible()
    expect(page.locator("#notice-link")).to_have_text("Open the linked game")
    expect(play).to_have_attribute("data-moves", "6")
    page.click("#notice-keep")
    expect(page.locator("#tab-notice")).to_be_hidden()
    page.wait_for_function("() => location.hash.length > 20")
    assert len(records.from_url(page.evaluate("location.hash")).moves) == 6
    # A broken link pasted over the game is said where the player looks (the Share
    # panel is closed), and the game stays as it was; the next move clears the word.
    problem = page.locator("#link-problem")
    page.evaluate("h => { location.hash = h }", "#g=2.bird.7.broken")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text("The game in this link cannot be opened")
    expect(problem).to_contain_text("Your saved games are untouched.")
    expect(play).to_have_attribute("data-moves", "6")
    expect(page.locator("#link-panel")).to_be_hidden()
    play_one(page)
    expect(play).to_have_attribute("data-moves", "7")
    expect(problem).to_be_hidden()
    # Another game's link, opened when the player says so; the kept game stays saved.
    page.evaluate("h => { location.hash = h }", link_of(2, seed=8))
    page.click("#notice-link")
    expect(play).to_have_attribute("data-moves", "2")
    page.click("#new-game")
    expect(page.locator("#saved-list li[data-state=ok]")).to_have_count(2)


def test_a_refused_link_and_an_import_the_page_could_never_save(page: Page) -> None:
    """A link whose move the seat could not play says why once, without the seat's
    hidden tiles; a game on a board of its own is refused at import, in words, and
    nothing is stored."""
    from tests.test_save_store import SMALL, link_holding

    boot(page, "/" + link_holding("Bf6Bf7"))  # seat 2 holds RR RR YY
    message = page.locator("#saved-message")
    expect(message).to_contain_text("The game in this link cannot be opened: its move 4 "
                                    "breaks the rules: Player 2 plays a tile not in their "
                                    "hand. Your saved games are untouched.")
    said = message.inner_text()
    assert said.count("cannot be") == 1 and ".." not in said and "RR" not in said
    game = qin.Game.new(board=SMALL, players=2, seed=4)
    game.play(game.legal_moves()[0])
    before = page.evaluate(STORAGE)
    page.set_input_files("#import-file", files=[FilePayload(
        name="small.json", mimeType="application/json",
        buffer=json.dumps(game.record()).encode())])
    expect(page.locator("#setup")).to_have_attribute("data-imported", "refused")
    expect(message).to_contain_text("holds a game on a board of its own: this page plays "
                                    "and keeps games on the Bird and Lion sides only")
    assert page.evaluate(STORAGE) == before


def finished_game(seed: int) -> qin.Game:
    game = qin.Game.new(board="bird", players=2, seed=seed)
    while not game.is_over:
        game.play(game.legal_moves()[len(game.moves) % len(game.legal_moves())])
    return game


def saved(store: SaveStore, game: qin.Game) -> SaveRef:
    """``game`` saved in ``store`` (its own record) with ``UI``."""
    return store.create(game, UI, recorder=game.record)


def put(page: Page, data: dict[str, str]) -> None:
    """Store ``data`` in the browser and open the page again."""
    page.evaluate("d => { for (const [k, v] of Object.entries(d)) localStorage.setItem(k, v) }",
                  data)
    boot(page, "/")


def test_finished_games_are_deleted_with_an_undo(page: Page) -> None:
    memory = MemoryStorage()
    store = SaveStore(memory)
    for seed in (31, 32):
        saved(store, finished_game(seed))
    saved(store, qin.Game.new(board="bird", players=2, seed=5))
    boot(page, "/")
    expect(page.locator("#delete-finished")).to_be_hidden()
    put(page, memory.data)
    before = page.evaluate(STORAGE)
    games = page.locator("#saved-list li[data-state=ok]")
    expect(games).to_have_count(3)
    page.click("#delete-finished")
    expect(games).to_have_count(1)
    expect(page.locator("#delete-finished")).to_be_hidden()
    expect(page.locator("#undelete")).to_be_visible()
    expect(page.locator("#saved-message")).to_contain_text("2")
    page.click("#undelete")
    expect(games).to_have_count(3)
    expect(page.locator("#undelete")).to_be_hidden()
    assert page.evaluate(STORAGE) == before  # restored exactly
    # One game, deleted without a question, and back by its undo.
    games.first.locator("button[data-action=delete]").click()
    expect(games).to_have_count(2)
    page.click("#undelete")
    expect(games).to_have_count(3)
    assert page.evaluate(STORAGE) == before


def test_damaged_saves_never_stop_the_page(page: Page) -> None:
    memory = MemoryStorage()
    ref = saved(SaveStore(memory), qin.Game.new(board="bird", players=2, seed=5))
    text = memory.data["qin.save." + ref.id]
    huge = text[:text.index('"created": ')] + '"created": ' + "9" * 5000 + \
        text[text.index(', "updated"'):]
    deep = '{"format": "qin-save/2", "id": "deep", "x": ' + "[" * 40000 + "]" * 40000 + "}"
    boot(page, "/")
    put(page, {"qin.save.huge": huge.replace(ref.id, "huge"), "qin.save.deep": deep})
    damaged = page.locator("#saved-list li[data-state=damaged]")
    expect(damaged).to_have_count(2)
    for save_id, stored in (("huge", huge.replace(ref.id, "huge")), ("deep", deep)):
        with page.expect_download() as done:
            page.locator(f'#saved-list li[data-id="{save_id}"] button[data-action=export-raw]'
                         ).click()
        path = done.value.path()
        assert Path(path).read_text(encoding="utf-8") == stored
