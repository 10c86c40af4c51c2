"""The board's art on the game page: what a player reads from it at a glance.

- seats are told apart without colour: the page's board seen in greyscale (the same
  colour matrix as e2e/test_colour_vision.py) gives each player's pagodas a look of
  their own (their crown and glyph), compared pixel by pixel;
- who owns a province is drawn at rest (no pointer on the board, nothing previewed):
  a line of the owner's colour around each province, one per province of the engine,
  and each pagoda on the square where its province was founded;
- the last move stays marked until the next one.
Games are opened by link (``#g=``), played here by seeded computer players.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

from playwright.sync_api import Page, expect

import qin
from e2e.helpers import boot
from e2e.pixels import GREYSCALE, Box, decode_png
from e2e.test_colour_vision import apart, fe_values
from e2e.test_game import legal_squares, pick, square, start
from qin import ai, records
from qin.svg import PAGODA_COLOURS

ARTIFACTS = Path(__file__).resolve().parent.parent / "e2e-artifacts"


def four_seats_on_the_board() -> qin.Game:
    """A 4-player game on Bird played (12 moves or more) until every seat has a
    province with a pagoda."""
    game = qin.Game.new(board="bird", players=4, seed=11)
    bots = [ai.player("greedy", seed=p) for p in range(1, 5)]
    while not game.is_over:
        if len(game.moves) >= 12 and {g.owner for g in game.board.provinces()} == {1, 2, 3, 4}:
            return game
        game.play(bots[game.to_move - 1].choose(game.view(game.to_move)))
    raise AssertionError("the seeded game ended before every seat had a province")


def open_link(page: Page, game: qin.Game) -> None:
    boot(page, "/#g=" + records.to_url(game))
    expect(page.locator("#play")).to_have_attribute("data-moves", str(len(game.moves)))
    page.mouse.move(0, 0)


def test_seats_are_told_apart_in_greyscale(page: Page) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    game = four_seats_on_the_board()
    open_link(page, game)
    page.evaluate("""values => {
        const ns = "http://www.w3.org/2000/svg";
        const svg = document.createElementNS(ns, "svg");
        svg.setAttribute("width", "0"); svg.setAttribute("height", "0");
        svg.style.position = "absolute";
        svg.innerHTML = `<filter id="grey-test" color-interpolation-filters="linearRGB">`
            + `<feColorMatrix type="matrix" values="${values}"/></filter>`;
        document.body.append(svg);
        document.querySelector("#board").style.filter = "url(#grey-test)";
    }""", fe_values(GREYSCALE))
    boxes: dict[str, Box] = page.evaluate("""() => {
        const at = document.querySelector("#board").getBoundingClientRect();
        const out = {};
        for (const g of document.querySelectorAll("#board g.pagoda:not(.village-pagoda)")) {
            const key = "p" + g.dataset.player;
            if (key in out) continue;
            const r = g.getBoundingClientRect();
            out[key] = [r.x - at.x, r.y - at.y, r.width, r.height];
        }
        return out; }""")
    assert sorted(boxes) == ["p1", "p2", "p3", "p4"], boxes
    png = page.locator("#board").screenshot()
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "board-art-greyscale.png").write_bytes(png)
    image = decode_png(png)
    # each pagoda alone: its box less the background's median tone
    seen = {}
    for key, box in boxes.items():
        grid = image.grey_grid(box)
        middle = sorted(grid)[len(grid) // 2]
        seen[key] = [g - middle for g in grid]
    for a, b in combinations(sorted(seen), 2):
        assert apart(seen[a], seen[b]) > 8, (a, b, apart(seen[a], seen[b]))


def test_who_owns_each_province_shows_at_rest(page: Page) -> None:
    game = four_seats_on_the_board()
    open_link(page, game)
    board = page.locator("#board")
    expect(board.locator("g.overlay > *")).to_have_count(0)  # nothing previewed
    provinces = game.board.provinces()
    lines = board.locator("g.provinces path.province-line")
    expect(lines).to_have_count(len(provinces))
    colours = [PAGODA_COLOURS[c] for c in ("green", "white", "purple", "black")]
    drawn = sorted((lines.nth(i).get_attribute("data-player") or "",
                    lines.nth(i).get_attribute("stroke") or "") for i in range(len(provinces)))
    assert drawn == sorted((str(g.owner), colours[g.owner - 1]) for g in provinces)
    for g in provinces:  # the pagoda stands where its province was founded
        name = game.board.geo.names[g.seat]
        expect(board.locator(f'g.pagoda[data-at="{name}"]')).to_have_count(1)
    box = lines.first.bounding_box()
    assert box is not None and box["width"] > 0 and box["height"] > 0  # drawn, not hidden


def test_the_last_move_stays_marked_until_the_next(booted_page: Page) -> None:
    page = booted_page
    play = start(page)
    board = page.locator("#board")
    expect(board.locator("g.last-move")).to_have_count(0)
    pick(page)
    first = legal_squares(page)[0]
    square(page, first).click()
    expect(play).to_have_attribute("data-moves", "1")
    marked = board.locator("rect.sq.last")
    expect(marked).to_have_count(2)
    expect(board.locator("g.last-move")).to_have_count(1)
    mine = sorted(marked.nth(i).get_attribute("data-square") or "" for i in range(2))
    assert first in mine
    # Handing over to the next player does not clear it.
    if play.get_attribute("data-phase") == "cover":
        page.click("#cover-ok")
        expect(play).not_to_have_attribute("data-phase", "cover")
    expect(marked).to_have_count(2)
    assert sorted(marked.nth(i).get_attribute("data-square") or "" for i in range(2)) == mine
    # The next move takes the mark.
    pick(page)
    second = legal_squares(page)[0]
    square(page, second).click()
    expect(play).to_have_attribute("data-moves", "2")
    expect(marked).to_have_count(2)
    theirs = sorted(marked.nth(i).get_attribute("data-square") or "" for i in range(2))
    assert second in theirs and theirs != mine
    expect(board.locator("g.last-move")).to_have_count(1)
