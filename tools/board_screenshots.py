"""Screenshots of the game page's board: start, mid-game and end, normal and high
contrast, on a laptop (1366x768) and a phone (360x740).

The games are played here by two "governor" computer players (seeded, so the same
positions every run) and opened in the built site through a play-by-link address
(``#g=<code>``), so the page draws them exactly as in play.  Run after ``make site``:

    .venv/bin/python -m tools.board_screenshots docs/screenshots/art/after

PNGs are written as ``<position>-<contrast>-<screen>.png`` into the folder given.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

import qin
from e2e.helpers import wait_for_boot
from qin import ai, records
from tools.build_site import DEFAULT_OUT
from tools.serve import serving

SEED = 2012
MID = 24
SCREENS = {"laptop": (1366, 768), "phone": (360, 740)}


def games() -> dict[str, qin.Game]:
    """The three positions: the deal, after ``MID`` moves, and the end of the game."""
    game = qin.Game.new(board="bird", players=2, seed=SEED)
    players = [ai.player("governor", seed=p) for p in (1, 2)]
    out = {"start": game.clone()}
    while not game.is_over:
        if len(game.moves) == MID:
            out["mid"] = game.clone()
        view = game.view(game.to_move)
        game.play(players[game.to_move - 1].choose(view))
    out["end"] = game
    return out


def settle(page: Page, game: qin.Game, contrast: bool) -> None:
    """Wait for the game, close what covers the board, set the contrast mode."""
    wait_for_boot(page)
    expect(page.locator("#play")).to_have_attribute("data-moves", str(len(game.moves)),
                                                    timeout=60_000)
    if game.is_over:
        expect(page.locator("#result")).to_be_visible()
        page.click("#result-close")
        expect(page.locator("#result")).to_be_hidden()
    pressed = page.locator("#contrast").get_attribute("aria-pressed") == "true"
    if pressed != contrast:
        page.click("#contrast")
    page.mouse.move(0, 0)
    page.evaluate("document.activeElement && document.activeElement.blur()")


def main(argv: list[str]) -> int:
    folder = Path(argv[0] if argv else "docs/screenshots/art/after")
    folder.mkdir(parents=True, exist_ok=True)
    positions = games()
    with serving(DEFAULT_OUT, quiet=True) as origin, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium")
        for screen, (w, h) in SCREENS.items():
            for contrast in (False, True):
                for name, game in positions.items():
                    context = browser.new_context(viewport={"width": w, "height": h},
                                                  device_scale_factor=1,
                                                  has_touch=screen == "phone",
                                                  reduced_motion="reduce")
                    page = context.new_page()
                    code = records.to_url(game)
                    page.goto(f"{origin}/index.html#g={code}")
                    settle(page, game, contrast)
                    out = folder / f"{name}-{'contrast' if contrast else 'normal'}-{screen}.png"
                    page.screenshot(path=str(out))
                    print(out)
                    context.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
