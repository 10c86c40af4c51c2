"""Start time with many saved games: the game page with 0, 50 and 200 finished games
kept in the browser.

    python bench/saves.py                      # 5 rounds of 0, 50 and 200 saves
    python bench/saves.py --runs 3 --counts 0,20,200
    python bench/saves.py --no-build           # measure build/site as it is

The saves are made by the page's own save store (``web/page/qin_ui/saves.py``) from
seeded random games played to their end, so they are in the format the page writes.
For each count a new browser context gets them in its localStorage; the page is visited
once (its service worker, kept bytecode and Pyodide snapshot are then in place, as for a
player who comes back) and measured on the next visit: "ready" is the page's own
``body[data-boot-ms]`` (navigation to every Python script run, the start screen and its
list of saves drawn), checked against ``#saved[data-count]``.  Rounds are interleaved
(0, 50, 200, 0, ...), so the machine's load falls on every count alike.

Prints each count's median and range, and its ratio to the 0-save median of the same
run; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "web" / "page"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

import qin  # noqa: E402
from bench.boot import (  # noqa: E402
    BYTECODE_KEPT_JS,
    OFFLINE_SETTLED_JS,
    SITE,
    SNAPSHOT_KEPT_JS,
    TIMEOUT_MS,
    chromium_launch_args,
    counting_server,
    spread,
)

READY_JS = "() => ['ready', 'error'].includes(document.body?.dataset.boot)"
LISTED_JS = "(n) => document.getElementById('saved')?.dataset.count === String(n)"


def finished_game(seed: int) -> qin.Game:
    """A 2-player game on the Bird side played to its end by seeded random moves."""
    game = qin.Game.new(board="bird", players=2, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


def saved_games(count: int) -> dict[str, str]:
    """localStorage's items holding ``count`` finished games, written by the page's store."""
    from qin_ui import saves

    storage = saves.MemoryStorage()
    clock = iter(range(1_700_000_000_000, 1_800_000_000_000, 60_000))
    store = saves.SaveStore(storage, clock=lambda: float(next(clock)))
    kinds, colours = ["human", "human"], ["green", "white"]
    ui = {"kinds": kinds, "colours": colours, "at_screen": 1, "cover": False}
    for seed in range(count):
        game = finished_game(seed)
        store.create(game, ui, recorder=game.record)
    return dict(storage.data)


def measure(browser: Any, origin: str, items: dict[str, str], count: int) -> float:
    """ms from navigation to the page ready with ``count`` saves listed (second visit)."""
    context = browser.new_context(base_url=origin + "/")
    try:
        page = context.new_page()
        page.goto("/manifest.webmanifest")  # same origin, no Python: fill the storage
        page.evaluate("(items) => { localStorage.clear(); for (const [k, v] of "
                      "Object.entries(items)) localStorage.setItem(k, v); }", items)
        page.goto("/")
        page.wait_for_function(READY_JS, timeout=TIMEOUT_MS)
        for kept in (OFFLINE_SETTLED_JS, BYTECODE_KEPT_JS, SNAPSHOT_KEPT_JS):
            page.wait_for_function(kept, timeout=TIMEOUT_MS)
        page.reload()
        page.wait_for_function(READY_JS, timeout=TIMEOUT_MS)
        if page.evaluate("document.body.dataset.boot") != "ready":
            raise RuntimeError(f"the page did not start with {count} saves: "
                               + str(page.text_content("#boot-error")))
        page.wait_for_function(LISTED_JS, arg=count, timeout=TIMEOUT_MS)
        return float(page.evaluate("Number(document.body.dataset.bootMs)"))
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--counts", default="0,50,200")
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.counts.split(",")]
    if not args.no_build:
        from tools.build_site import build_site

        build_site(SITE)
    print(f"making {max(counts)} finished games ...", flush=True)
    everything = saved_games(max(counts))
    keys = sorted(k for k in everything if k.startswith("qin.save."))
    others = {k: v for k, v in everything.items() if not k.startswith("qin.save.")}

    def items(n: int) -> dict[str, str]:
        # the first n saves (and whatever else the store keeps beside them)
        return {**others, **{k: everything[k] for k in keys[:n]}}

    from playwright.sync_api import sync_playwright

    times: dict[int, list[float]] = {n: [] for n in counts}
    with counting_server(SITE) as (origin, _), sync_playwright() as pw:
        browser = pw.chromium.launch(**chromium_launch_args())
        try:
            for run in range(args.runs):
                for n in counts:
                    times[n].append(measure(browser, origin, items(n), n))
                print(f"run {run + 1}: " + ", ".join(f"{n} saves {times[n][-1]:,.0f} ms"
                                                     for n in counts), flush=True)
        finally:
            browser.close()
    base = statistics.median(times[counts[0]])
    print(f"\nstart (warm visit) with saved games, {args.runs} runs, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'saves':>6}  {'ready ms: median (range)':<26} ratio")
    for n in counts:
        median = statistics.median(times[n])
        print(f"{n:>6}  {spread(times[n]):<26} {median / base:.2f}x")
    print(json.dumps({str(n): times[n] for n in counts}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
