"""A gallery of the game page: every mode at every screen class, for a person to look at.

    make screenshots                       # build the site, then write build/screenshots/
    .venv/bin/python -m tools.screenshots [FOLDER] [--lang de]

The modes are reached as e2e/test_reach.py reaches them (``e2e.screens.walk``: one page
per input family, mouse and touch, resized through its screen classes at each mode); the
touch family's page is a phone's (``has_touch``, ``is_mobile``: no scrollbar's strip) and
is tapped, never clicked, so its words speak of tapping as a phone player's do.  The page
is in English, or in the language of ``--lang``;
then the site's other pages a player opens (``PAGES``: the rules reference in English,
German and French, the readings, a diagram of the iframe form with its step played).
Each shot is the window as the player sees it (not the whole page), written as
``<screen>/<mode>.png``, with ``index.html`` showing them all in a table (a row per mode,
a column per screen class).  Nothing here is committed: a few chosen shots are copied
into docs/screenshots/gallery/ by hand.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from e2e.helpers import CHROMIUM_ARGS, HeldRuntime
from e2e.screens import FAMILIES, Screen, held_worker, walk
from tools.build_site import DEFAULT_OUT
from tools.serve import serving

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "screenshots"
SYSTEM_CHROMIUM = "/usr/bin/chromium"
DIAGRAM = ("embed/embed.html#position=" + quote("players: 2\n. r . v\n. . . .")
           + "&move=Rc1Rc2&caption=" + quote("Eine Provinz neben einem Dorf gründen") + "&lang=de")
"""docs/embedding.md's example diagram (a tile founding a province beside a village), in
German, the longest-worded language."""
PAGES = (("rules-en", "rules/en.html"), ("rules-de", "rules/de.html"),
         ("rules-fr", "rules/fr.html"), ("readings-fr", "rules/readings-fr.html"),
         ("diagram-de", DIAGRAM))
"""The other pages shot at each screen class: (name, address)."""


def launch(pw: Playwright) -> Browser:
    """Chromium as the e2e tests pick it: $QIN_CHROMIUM, Playwright's own, or Debian's."""
    forced = os.environ.get("QIN_CHROMIUM")
    if forced:
        return pw.chromium.launch(args=CHROMIUM_ARGS, executable_path=forced)
    try:
        return pw.chromium.launch(args=CHROMIUM_ARGS, channel="chromium")
    except PlaywrightError:
        return pw.chromium.launch(args=CHROMIUM_ARGS, executable_path=SYSTEM_CHROMIUM)


def shots(page: Page, folder: Path, screens: tuple[Screen, ...], name: str) -> None:
    """The page as it is now at each of ``screens``: ``<screen>/<name>.png``."""
    for screen in screens:
        page.set_viewport_size({"width": screen.width, "height": screen.height})
        page.evaluate("() => { document.activeElement?.blur(); scrollTo(0, 0); }")
        path = folder / screen.name / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path))


def family_context(browser: Browser, base_url: str, family: str,
                   lang: str = "en") -> BrowserContext:
    """A context for the input ``family`` ("mouse" or "touch": a phone's, ``has_touch``
    and ``is_mobile``, its scrollbars drawn over the page as a phone's), at the family's
    first screen, motion reduced, the page in ``lang``."""
    first = FAMILIES[family][0]
    touch = family == "touch"
    context = browser.new_context(
        base_url=base_url, has_touch=touch, is_mobile=touch, reduced_motion="reduce",
        viewport={"width": first.width, "height": first.height})
    # the language as a player's choice kept (not in a document without storage: a
    # sandboxed frame's)
    context.add_init_script(
        f"try {{ localStorage.setItem('qin-lang', {json.dumps(lang)}) }} catch {{}}")
    return context


def modes(page: Page, held: HeldRuntime, family: str) -> Iterator[str]:
    """The page put in each mode in turn (``walk``), by clicks, or by taps on a touch
    screen."""
    return walk(page, held, taps=family == "touch")


def shoot(folder: Path, lang: str = "en") -> dict[str, list[str]]:
    """Write the shots, the page in ``lang``; return the modes seen, per family, in order."""
    seen: dict[str, list[str]] = {}
    with serving(DEFAULT_OUT) as origin, sync_playwright() as pw:
        browser = launch(pw)
        for family, screens in FAMILIES.items():
            context = family_context(browser, origin + "/", family, lang)
            held = held_worker(context)
            page = context.new_page()
            seen[family] = []
            for mode in modes(page, held, family):
                seen[family].append(mode)
                shots(page, folder, screens, mode)
            for name, address in PAGES:
                seen[family].append(name)
                page.goto(origin + "/" + address)
                if address.startswith("embed/"):  # the diagram drawn, its move played
                    page.wait_for_function(
                        "() => document.querySelector('qin-board')?.dataset.state === 'ready'")
                shots(page, folder, screens, name)
            context.close()
        browser.close()
    return seen


def index(folder: Path, seen: dict[str, list[str]]) -> None:
    rows = []
    for family, modes in seen.items():
        screens = FAMILIES[family]
        head = "".join(f"<th>{html.escape(s.name)}</th>" for s in screens)
        rows.append(f"<tr><th>{html.escape(family)}</th>{head}</tr>")
        for mode in modes:
            cells = "".join(
                f'<td><a href="{s.name}/{mode}.png"><img loading="lazy" src="{s.name}/{mode}.png"'
                f' alt="{html.escape(mode)} at {s.name}"></a></td>' for s in screens)
            rows.append(f"<tr><th>{html.escape(mode)}</th>{cells}</tr>")
    (folder / "index.html").write_text(
        "<!doctype html><meta charset=utf-8><title>Qin: every mode at every screen</title>"
        "<style>body{font:14px system-ui;margin:1em}td,th{vertical-align:top;padding:4px}"
        "img{max-width:240px;max-height:240px;border:1px solid #ccc}</style>"
        "<h1>Qin: every mode at every screen class</h1>"
        "<p>The window as a player sees it, page unscrolled. Written by <code>make screenshots"
        "</code> (tools/screenshots.py).</p>"
        f"<table>{''.join(rows)}</table>\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.screenshots")
    parser.add_argument("folder", nargs="?", type=Path, default=OUT)
    parser.add_argument("--lang", choices=("en", "de", "fr"), default="en",
                        help="the game page's language (default: en)")
    args = parser.parse_args(argv)
    folder: Path = args.folder
    folder.mkdir(parents=True, exist_ok=True)
    began = time.monotonic()
    seen = shoot(folder, args.lang)
    index(folder, seen)
    shots = sum(len(m) * len(FAMILIES[f]) for f, m in seen.items())
    print(f"screenshots: {shots} in {folder} ({time.monotonic() - began:.0f} s); "
          f"open {folder / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
