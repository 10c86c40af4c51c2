"""The game page, played by clicking: start screen, board, placing and turning tiles,
refused placements, the hot-seat cover, undo, a whole game to its result, 4 players
(on a laptop, 1280x720 and 1366x768, the page fits its window while playing and replaying:
no page scroll, the board and the hand wholly in view; the side panel may scroll inside).

The tests read what they may click from the page (the highlighted squares, the hand's
buttons); the engine in the test process only checks the outcome.  They wait for the
page's own state (``#play[data-moves]``, ``data-phase``, ...), never for fixed times.
"""

from __future__ import annotations

import re
import statistics

from playwright.sync_api import Locator, Page, expect

import qin
from e2e.helpers import fits_the_laptop, hot_seat, shown

# Seed 7 on Bird, 2 players: Green's opening hand holds a mixed tile (4 orientations).
SEED = 7


def start(page: Page, *, players: int = 2, seed: int = SEED, board: str = "bird",
          fair_start: bool = False) -> Locator:
    """Fill the start screen and start; returns the game screen (``#play``)."""
    expect(page.locator("#setup")).to_be_visible()
    page.check(f"#players-{players}")
    expect(page.locator("#seats .seat")).to_have_count(players)
    hot_seat(page)
    page.check(f"#board-{board}")
    if fair_start:
        page.check("#fair-start")
    page.fill("#seed", str(seed))
    page.click("#start")
    play = page.locator("#play")
    expect(play).to_be_visible()
    expect(play).to_have_attribute("data-moves", "0")
    return play


def legal_squares(page: Page) -> list[str]:
    """The squares the picked tile may go to, once the board shows them (a key press
    or click is answered by the worker a moment later; read only after the answer)."""
    expect(page.locator("#board rect.sq.legal").first).to_be_attached()
    squares: list[str] = page.eval_on_selector_all(
        "#board rect.sq.legal", "els => els.map(e => e.dataset.square)")
    return squares


def square(page: Page, name: str) -> Locator:
    return page.locator(f'#board rect[data-square="{name}"]')


def pick(page: Page, kind: str | None = None) -> str:
    """Click a tile of the hand (the first playable one, or one of ``kind``)."""
    selector = f'.tile-btn[data-kind="{kind}"]' if kind else ".tile-btn:not([disabled])"
    button = page.locator(selector).first
    picked = button.get_attribute("data-kind") or ""
    button.click()
    expect(page.locator("#play")).to_have_attribute("data-selected", picked)
    return picked


def moves_played(play: Locator) -> int:
    return int(play.get_attribute("data-moves") or 0)


def test_the_page_boots_into_the_start_screen_and_shows_the_board(booted_page: Page) -> None:
    page = booted_page
    expect(page.locator("#boot")).to_be_hidden()
    expect(page.locator("#seats .seat")).to_have_count(2)
    expect(page.locator("#seat-name-0")).to_have_value("Green")
    expect(page.locator("#seat-kind-0 option")).to_have_text(
        ["Human", "Computer: Apprentice", "Computer: Governor", "Computer: Minister",
         "Computer: Emperor", "Computer: Son of Heaven"])
    # Two choices made faster than the page's Python answers (a player quicker than a
    # slow phone): the reply to the first draws the seats again, and keeps the second.
    before = page.locator("#seat-kind-1").input_value()
    other = "human" if before != "human" else "governor"
    shown = page.evaluate("""(other) => new Promise((resolve) => {
        const choose = (id, value) => {
            const field = document.getElementById(id);
            field.value = value;
            field.dispatchEvent(new Event('change', {bubbles: true}));
        };
        new MutationObserver((_, seen) => {
            seen.disconnect();
            resolve(document.getElementById('seat-kind-1').value);
        }).observe(document.getElementById('seats'), {childList: true, subtree: true});
        choose('seat-kind-0', 'emperor');
        choose('seat-kind-1', other);
    })""", other)
    assert shown == other, f"the reply to the first choice undid the second: {shown}"
    page.wait_for_function("window.qinIdle")
    expect(page.locator("#seat-kind-0")).to_have_value("emperor")
    expect(page.locator("#seat-kind-1")).to_have_value(other)
    # The second choice is a level the seats drawn anew lack (one no longer offered):
    # the reply to the first leaves the level it draws, never an empty choice.
    drawn = page.evaluate("""() => new Promise((resolve) => {
        const choose = (id, value) => {
            const field = document.getElementById(id);
            field.value = value;
            field.dispatchEvent(new Event('change', {bubbles: true}));
        };
        document.getElementById('seat-kind-1').add(new Option('Grandmaster', 'grandmaster'));
        new MutationObserver((_, seen) => {
            seen.disconnect();
            const field = document.getElementById('seat-kind-1');
            resolve([field.value, field.selectedIndex >= 0]);
        }).observe(document.getElementById('seats'), {childList: true, subtree: true});
        choose('seat-kind-0', 'human');
        choose('seat-kind-1', 'grandmaster');
    })""")
    assert drawn == [other, True], f"a level the seat lacks was put back: {drawn}"
    page.wait_for_function("window.qinIdle")
    page.select_option("#seat-kind-0", "human")
    page.select_option("#seat-kind-1", before)
    page.wait_for_function("window.qinIdle")
    expect(page.locator("#seat-kind-1")).to_have_value(before)
    start(page)
    board = page.locator("#board svg.qin-board")
    expect(board).to_be_visible()
    expect(page.locator("#board rect.sq[data-square]")).to_have_count(169)
    expect(page.locator("#board rect.sq.village")).to_have_count(12)
    expect(page.locator("#board rect.sq.start")).to_have_count(3)
    # Everything a player needs is on screen: whose turn, pagodas, pile, hand.
    expect(page.locator("#status")).to_contain_text("Green to move")
    players = page.locator("#players .player")
    expect(players).to_have_count(2)
    expect(players.nth(0)).to_have_attribute("data-left", "24")
    expect(players.nth(0)).to_have_attribute("data-on-board", "0")
    expect(page.locator("#players .pile")).to_have_attribute("data-pile", "66")
    expect(page.locator("#hand .tile-btn")).to_have_count(3)
    # The board scales with the window.
    box = board.bounding_box()
    page.set_viewport_size({"width": 1600, "height": 1000})
    bigger = board.bounding_box()
    assert box is not None and bigger is not None and bigger["width"] > box["width"]


def test_a_tile_follows_the_pointer_turns_previews_and_is_refused(booted_page: Page) -> None:
    page = booted_page
    play = start(page)
    mixed = next(k for k in page.locator(".tile-btn").evaluate_all(
        "els => els.map(e => e.dataset.kind)") if k[0] != k[1])
    pick(page, mixed)
    anchor = legal_squares(page)[0]
    square(page, anchor).hover()
    ghost = page.locator("#board g.overlay g.ghost")
    expect(ghost).to_have_count(1)
    expect(ghost).to_have_class(re.compile(r"\bok\b"))
    first = ghost.get_attribute("data-move") or ""
    assert qin.Move.parse(first).squares[0] == anchor or anchor in first
    # The preview says what the tile would do, in words and on the board.
    expect(page.locator("#info .info-preview")).to_contain_text(f"Placing it on {anchor}")

    def turned(expected: int) -> str:
        """The ghost's move once turned to ``expected`` (a ghost partly off the board has
        no move text: said by its turning)."""
        expect(play).to_have_attribute("data-orientation", str(expected))
        return (page.locator("#board g.overlay g.ghost").get_attribute("data-move")
                or f"off the board, turned {expected}")

    start_orientation = int(play.get_attribute("data-orientation") or 0)
    seen = [first]
    page.keyboard.press("r")  # R
    seen.append(turned((start_orientation + 1) % 4))
    square(page, anchor).click(button="right")  # right-click
    seen.append(turned((start_orientation + 2) % 4))
    square(page, anchor).hover()
    page.mouse.wheel(0, 120)  # the wheel
    seen.append(turned((start_orientation + 3) % 4))
    page.click("#rotate")  # the button (the pointer leaves the board: no ghost there)
    expect(page.locator("#board g.overlay g.ghost")).to_have_count(0)
    square(page, anchor).hover()
    seen.append(turned(start_orientation))
    assert seen[-1] == seen[0] and len(set(seen[:4])) == 4
    halves = {qin.Move.parse(m).squares for m in seen[:4] if not m.startswith("off")}
    assert all(anchor in pair for pair in halves)  # turning around the anchor square
    assert moves_played(play) == 0

    def refused(name: str, words: str, reading: str) -> None:
        """The ghost on square ``name`` refused: ``words`` beside the board with a link
        to the reading ``reading`` (its id: "q7"), said on the status line by a click
        there, which plays nothing."""
        expect(ghost).to_have_class(re.compile(r"\bbad\b"))
        expect(page.locator("#info .info-bad")).to_contain_text(words)
        expect(page.locator("#info .info-bad a.reading-link")).to_have_attribute(
            "href", f"rules/readings-en.html#{reading}")
        square(page, name).click()
        expect(page.locator("#status")).to_have_text(words)
        assert moves_played(play) == 0

    # An illegal spot says why, in the engine's words, and links the reading it applies
    # (named in words, never "(Q7)"); a click there is refused.
    square(page, "c3").hover()  # far from every coloured square
    expect(ghost).to_have_class(re.compile(r"\bbad\b"))
    move = ghost.get_attribute("data-move") or ""
    refusal = qin.Game.new(board="bird", players=2, seed=SEED).refusal(move)
    assert refusal is not None
    refused("c3", qin.messages.refusal_text(refusal, rule=False), "q7")

    # A tile turned past the board's edge says which edge, as the tutorial does, and
    # links the reading of Q6; a click there says it on the status line.
    square(page, "m1").hover()
    for turn in range(1, (4 - start_orientation) % 4 + 1):
        page.keyboard.press("r")  # until the second half lies right of the first (0)
        turned((start_orientation + turn) % 4)
    right = qin.messages.catalogue("en")["illegal.outside.right"].replace("{rule}", "")
    refused("m1", right, "q6")
    off_board(page, "m1")

    # Turned up or left from a1 (no square has a text there: "z1", "a0"), the ghost
    # says the top or the left edge, and has no move text either.
    square(page, "a1").hover()
    for turn, edge in ((1, ""), (2, "left"), (3, "top")):  # from right (0): down, left, up
        page.keyboard.press("r")
        expect(play).to_have_attribute("data-orientation", str(turn))
        if edge:
            words = qin.messages.catalogue("en")[f"illegal.outside.{edge}"]
            expect(page.locator("#info .info-bad")).to_contain_text(
                words.replace("{rule}", ""))
            off_board(page, "a1")
    expect(page.locator("#log .turn")).to_have_count(0)

    # A hover and a placement go to the page's Python (in its worker) and come back as
    # changes to the page: timed from the event until the page changed. The times are
    # printed, not asserted: they move with the machine's load; bench/main_thread.py
    # measures them.
    timing = """async ([name, kind]) => {
        const el = document.querySelector(`#board rect[data-square="${name}"]`);
        const app = document.getElementById('app');
        return await new Promise((resolve) => {
            const t0 = performance.now();
            const seen = new MutationObserver(() => {
                seen.disconnect(); resolve(performance.now() - t0); });
            seen.observe(app, {subtree: true, childList: true, attributes: true,
                               characterData: true});
            el.dispatchEvent(new MouseEvent(kind, {bubbles: true}));
            setTimeout(() => { seen.disconnect(); resolve(null); }, 5000);  // no change
        });
    }"""
    squares = legal_squares(page)
    timed = [page.evaluate(timing, [name, "mouseover"]) for name in
             (squares[:4] + ["a1", "c3", "m13", "b7", "k2"]) * 2]
    hovers = [t for t in timed if t is not None]
    placement = page.evaluate(timing, [squares[0], "click"])
    expect(play).to_have_attribute("data-moves", "1")
    print(f"hover preview {statistics.median(hovers):.1f} ms (median of {len(hovers)}), "
          f"placement {placement:.1f} ms")


def off_board(page: Page, square: str) -> None:
    """The ghost partly off the board: drawn on ``square`` alone, with no move text."""
    ghost = page.locator("#board g.overlay g.ghost")
    expect(ghost).to_have_class(re.compile(r"\bbad\b"))
    expect(ghost).not_to_have_attribute("data-move", re.compile(".*"))
    expect(ghost.locator(".half")).to_have_count(1)
    expect(ghost.locator(".half")).to_have_attribute("data-at", square)


# What a pick shows: the legal squares, the tile picked (its button's index and
# aria-pressed) and #play's data-selected.
SHOWN = """() => ({
  legal: [...document.querySelectorAll('#board rect.sq.legal')].map((e) => e.dataset.square),
  pressed: [...document.querySelectorAll('#hand .tile-btn.selected')].map(
    (e) => [e.dataset.index, e.getAttribute('aria-pressed')]),
  selected: document.getElementById('play').dataset.selected,
})"""

# Events dispatched and what shows read after each, in the same task: no reply of the
# page's Python (in its worker) can come in between.
PICKED_NOW = f"""(events) => {{
  const shown = {SHOWN};
  return events.map(([kind, what]) => {{
    if (kind === 'click') {{
      document.querySelector(`#hand .tile-btn[data-index="${{what}}"]`).click();
    }} else {{
      document.body.dispatchEvent(new KeyboardEvent('keydown', {{ key: what, bubbles: true }}));
    }}
    return shown();
  }});
}}"""


def test_a_refused_placement_is_said_once(booted_page: Page) -> None:
    """Before the click the box beside the board says why the tile cannot go there; the
    click says it on the status line, and the box does not say it again."""
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    play = start(page)
    pick(page)
    square(page, "c3").hover()  # far from every coloured square
    ghost = page.locator("#board g.overlay g.ghost")
    expect(ghost).to_have_class(re.compile(r"\bbad\b"))
    refusal = qin.Game.new(board="bird", players=2, seed=SEED).refusal(
        ghost.get_attribute("data-move") or "")
    assert refusal is not None
    reason = qin.messages.refusal_text(refusal, rule=False)
    expect(page.locator("#info .info-bad")).to_contain_text(reason)
    square(page, "c3").click()
    expect(page.locator("#status-text")).to_have_text(reason)
    assert shown(page, reason) == [{"id": "status-text", "inWindow": True}]
    assert moves_played(play) == 0


def test_a_pick_shows_at_once_and_its_reply_changes_nothing_shown(booted_page: Page) -> None:
    """A tile picked (a click or its key) shows where it may go before the page's Python
    answers, from the table that Python sent with the screen; the answer then shows the
    same. A second pick made before that answer waits for it (the table was the screen's
    before the first)."""
    page = booted_page
    start(page)

    def answered() -> object:
        page.wait_for_function("() => window.qinIdle")
        return page.evaluate(SHOWN)

    answered()
    playable = page.locator("#hand .tile-btn:not([disabled])").evaluate_all(
        "els => els.map(e => [e.dataset.index, e.dataset.kind])")
    assert len(playable) >= 2
    (first, kind), (second, other) = playable[:2]

    [now] = page.evaluate(PICKED_NOW, [["click", first]])
    assert now["legal"] and now["pressed"] == [[first, "true"]] and now["selected"] == kind
    assert answered() == now  # the reply wrote what the table showed
    # the second tile's key, then its click (put back) before the answer: the key shows
    # at once, the click waits for the answer
    by_key, waiting = page.evaluate(PICKED_NOW, [["key", str(int(second) + 1)],
                                                 ["click", second]])
    assert by_key["pressed"] == [[second, "true"]] and by_key["selected"] == other
    assert by_key["legal"] and waiting == by_key
    assert answered() == {"legal": [], "pressed": [], "selected": ""}  # put back
    [again] = page.evaluate(PICKED_NOW, [["click", first]])
    assert again["legal"] and again["pressed"] == [[first, "true"]]
    assert answered() == again


def test_the_cover_hides_the_hand_between_humans_and_undo(booted_page: Page) -> None:
    page = booted_page
    play = start(page)
    green_hand = page.locator(".tile-btn").evaluate_all("els => els.map(e => e.dataset.kind)")
    pick(page)
    target = legal_squares(page)[0]
    square(page, target).click()
    expect(play).to_have_attribute("data-moves", "1")
    move = page.locator("#log .turn").first.get_attribute("data-move") or ""
    # The last placement stays highlighted and is in the log, in words.
    last = page.locator("#board rect.sq.last").evaluate_all("els => els.map(e => e.dataset.square)")
    assert sorted(last) == sorted(qin.Move.parse(move).squares)
    expect(page.locator("#log .turn").first).to_contain_text("Green places")
    # White's turn: the cover is up and no tile of White's is on the page.
    expect(play).to_have_attribute("data-phase", "cover")
    cover = page.locator("#cover")
    expect(cover).to_be_visible()
    expect(cover).to_contain_text("White")
    expect(page.locator("#hand .tile-btn")).to_have_count(0)
    expect(page.locator("#hand")).to_contain_text("hidden")
    # Undo from the cover: Green, still at the screen, gets the move back.
    page.click("#cover-undo")
    expect(play).to_have_attribute("data-moves", "0")
    expect(cover).to_be_hidden()
    expect(page.locator("#board .tiles [data-move]")).to_have_count(0)
    assert page.locator(".tile-btn").evaluate_all(
        "els => els.map(e => e.dataset.kind)") == green_hand
    # Again, and this time White confirms and sees exactly White's tiles.
    pick(page)
    square(page, legal_squares(page)[0]).click()
    expect(play).to_have_attribute("data-moves", "1")
    page.click("#cover-ok")
    expect(play).to_have_attribute("data-phase", "move")
    expect(page.locator("#status")).to_contain_text("White to move")
    engine = qin.Game.new(board="bird", players=2, seed=SEED)
    engine.play(page.locator("#log .turn").first.get_attribute("data-move") or "")
    assert page.locator(".tile-btn").evaluate_all(
        "els => els.map(e => e.dataset.kind)") == engine.hand(2)
    # Undo by White takes back Green's move: the cover asks for Green.
    page.click("#undo")
    expect(play).to_have_attribute("data-moves", "0")
    expect(play).to_have_attribute("data-phase", "cover")
    expect(cover).to_contain_text("Green")


def test_a_whole_two_player_game_by_clicking(booted_page: Page) -> None:
    page = booted_page
    play = start(page, seed=2012)
    result = page.locator("#result")
    for turn in range(400):
        phase = play.get_attribute("data-phase")
        if phase == "over":
            break
        done = moves_played(play)
        if phase == "cover":
            page.click("#cover-ok")
            expect(play).not_to_have_attribute("data-phase", "cover")
            continue
        if phase == "pass":
            expect(page.locator("#status")).to_contain_text("must pass")
            page.click("#pass")
        else:
            pick(page)
            squares = legal_squares(page)
            assert squares, "a playable tile has somewhere to go"
            square(page, squares[(turn * 7) % len(squares)]).click()
        expect(play).to_have_attribute("data-moves", str(done + 1))
    expect(play).to_have_attribute("data-phase", "over")
    expect(result).to_be_visible()
    # The result panel's counts are the engine's, replayed from the page's own record.
    data = {k: result.get_attribute(f"data-{k}") or "" for k in
            ("board", "players", "seed", "moves", "winners")}
    assert (data["board"], data["players"], data["seed"]) == ("bird", "2", "2012")
    engine = qin.Game.new(board="bird", players=2, seed=2012)
    for move in data["moves"].split():
        engine.play(move)
    assert engine.is_over
    assert data["winners"] == " ".join(str(w) for w in engine.winners)
    rows = result.locator("tbody tr")
    expect(rows).to_have_count(2)
    for p in (1, 2):
        row = rows.nth(p - 1)
        assert row.get_attribute("data-on-board") == str(engine.on_board(p))
        assert row.get_attribute("data-left") == str(engine.supply(p))
    seats = ["Green", "White"]
    for w in engine.winners:
        expect(result.locator("#result-title")).to_contain_text(seats[w - 1])
    # It offers a new game.
    page.click("#result-new")
    expect(page.locator("#setup")).to_be_visible()


def test_a_four_player_game_on_the_lion_side(booted_page: Page) -> None:
    page = booted_page
    page.check("#players-4")
    expect(page.locator("#seats .seat")).to_have_count(4)
    names = [page.locator(f"#seat-name-{i}").input_value() for i in range(4)]
    assert names == ["Green", "White", "Purple", "Black"]
    # A colour that another seat has is swapped, never shared.
    page.select_option("#seat-colour-1", "black")
    expect(page.locator("#seat-colour-3")).to_have_value("white")
    expect(page.locator("#seat-name-1")).to_have_value("Black")
    page.fill("#seat-name-0", "Ann")
    page.select_option("#seat-colour-0", "orange")
    expect(page.locator("#seat-name-0")).to_have_value("Ann")
    play = start(page, players=4, seed=5, board="lion", fair_start=True)
    expect(page.locator("#players .player")).to_have_count(4)
    for p in range(4):
        expect(page.locator("#players .player").nth(p)).to_have_attribute("data-left", "15")
    expect(page.locator("#players .name")).to_have_text(["Ann", "Black", "Purple", "White"])
    expect(page.locator("#board rect.sq.water").first).to_be_visible()
    expect(page.locator("#game-meta")).to_contain_text("Lion")
    # Q20: every opening hand holds a single-coloured tile; Ann's is on screen.
    kinds = page.locator(".tile-btn").evaluate_all("els => els.map(e => e.dataset.kind)")
    assert any(k[0] == k[1] for k in kinds)
    expect(page.locator("#hand .tile-btn").first).to_be_visible()
    fits_the_laptop(page, "playing")
    pick(page)
    square(page, legal_squares(page)[0]).click()
    expect(play).to_have_attribute("data-moves", "1")
    expect(page.locator("#cover")).to_contain_text("Black")
    page.click("#cover-ok")
    expect(play).not_to_have_attribute("data-phase", "cover")
    page.click("#replay-open")
    expect(page.locator("#app")).to_have_attribute("data-mode", "replay")
    fits_the_laptop(page, "replaying")


DRAWN = """() => {
  const board = document.querySelector('#board svg').cloneNode(true);
  board.removeAttribute('data-motion');  // what motion.js played last (none: reduced)
  return { board: board.outerHTML, log: document.getElementById('log').innerHTML,
           grid: document.getElementById('board-grid').innerHTML };
}"""


def test_a_placement_redraws_only_what_it_changed_and_the_board_stays_right(
        booted_page: Page) -> None:
    """A placement writes the new tile, the squares whose state changed and the log's new
    line, and leaves the rest of the board as it was; after many moves, undo and a
    replay, the board, the log and the screen reader's grid are what a new page draws
    of the same game."""
    page = booted_page
    page.emulate_media(reduced_motion="reduce")  # the board at rest after each move
    play = start(page)

    def place(done: int) -> None:
        if play.get_attribute("data-phase") == "cover":
            page.click("#cover-ok")
            expect(play).to_have_attribute("data-phase", "move")
        pick(page)
        squares = legal_squares(page)
        square(page, squares[(done * 5) % len(squares)]).click()
        expect(play).to_have_attribute("data-moves", str(done + 1))

    for done in range(8):
        place(done)
    tiles = page.locator("#board .tiles .tile")
    expect(tiles).to_have_count(8)
    page.evaluate("""() => { for (const el of document.querySelectorAll(
        '#board .tiles .tile, #board rect.sq, #log .turn')) el.qinSeen = true; }""")
    place(8)
    expect(tiles).to_have_count(9)
    seen = page.evaluate("""() => Object.fromEntries(['#board .tiles .tile', '#board rect.sq',
        '#log .turn'].map((s) => [s, [...document.querySelectorAll(s)].filter(
            (el) => !el.qinSeen).length]))""")
    # the new tile and the log's new line are the only new ones; of the squares, those
    # whose state changed (the tile's two, the last move's two, the picked tile's legal
    # squares), never the whole board
    assert seen["#board .tiles .tile"] == 1 and seen["#log .turn"] == 1
    assert 2 <= seen["#board rect.sq"] < page.locator("#board rect.sq").count() / 2
    # undo twice (each by the player at the screen), a replay stepped through and left
    for moves in ("8", "7"):
        if play.get_attribute("data-phase") == "cover":
            page.click("#cover-ok")
            expect(play).to_have_attribute("data-phase", "move")
        page.click("#undo")
        expect(play).to_have_attribute("data-moves", moves)
    place(7)
    page.click("#cover-ok")
    expect(play).to_have_attribute("data-phase", "move")
    page.click("#replay-open")
    expect(page.locator("#app")).to_have_attribute("data-mode", "replay")
    expect(play).to_have_attribute("data-replay-at", "0")
    for step in ("#replay-step", "#replay-step", "#replay-step", "#replay-back"):
        page.click(step)
    expect(play).to_have_attribute("data-replay-at", "2")
    expect(tiles).to_have_count(2)
    page.keyboard.press("Escape")
    expect(page.locator("#app")).not_to_have_attribute("data-mode", "replay")
    page.mouse.move(0, 0)
    expect(page.locator("#board g.overlay")).to_be_empty()
    page.wait_for_function("() => window.qinIdle")
    expect(tiles).to_have_count(8)
    drawn = page.evaluate(DRAWN)
    # a new page draws the game left open whole
    page.reload()
    page.wait_for_function("document.body?.dataset.boot === 'ready'")
    expect(play).to_have_attribute("data-moves", "8")
    page.wait_for_function("() => window.qinIdle")
    assert page.evaluate(DRAWN) == drawn
