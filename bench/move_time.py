"""The computer's move time in the browser: the Son of Heaven against the Emperor.

    python bench/move_time.py                 # 4 games, about 8 minutes (builds the site)
    python bench/move_time.py --games 2 --no-build
    python bench/move_time.py --cpython-only  # the same games in CPython alone (seconds)

The same Python source (``SNIPPET``) runs here under CPython and in Debian's Chromium
under Pyodide (bench/boot.py's floor page: the site's vendored Pyodide and the wheel the
site ships, as bench/engine_browser.py uses it).  It plays seeded 2-player games on
board "bird", the Son of Heaven (``heaven``) against the Emperor (``emperor``, the
baseline), seats alternating from game to game, so both levels think on the same kind
of positions at the same moments of the run (the machine's load weighs on both alike).

Each decision goes the way the page's AI worker takes it (``qin_ui.ai_bridge.answer``):
the mover's view sent as data (``to_view_dict``), rebuilt (``Game.from_view_dict``),
then ``qin.ai.player(level, seat).choose`` with the time cap the game gives the level
(``ai_bridge.BUDGETS``: 1.1 s for both).  Only decisions between two or more legal
moves are counted (with a single one, the page answers without thinking).  A hint is
the Son of Heaven's move and then the next best move by the review's judge
(``ai_bridge.next_best``: ``qin.ai.review.judge().values``); that second part is timed
after each of the Son of Heaven's moves ("next best"), and so is each level's first stage
alone on that same view (``level:width=0``, no cap: "1st"), the part of a decision the
cap cannot cut (the search checks the time only while it deepens its candidates).  Printed per
level and runtime: decisions, median, 90th percentile (nearest rank) and maximum in ms,
how many reached the cap; then the Son of Heaven over the Emperor and Pyodide over
CPython.  Wall clock on both sides (Pyodide has no CPU clock).  Numbers and ratios only,
no assertions; the issue's target is a 90th percentile within 1.2 s in the browser.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.engine_snippet import game_budgets  # noqa: E402

LEVELS = ("heaven", "emperor")
"""The level measured, then its baseline."""

FIRST = tuple(f"{level} 1st" for level in LEVELS)
"""Each level's first stage alone (``level:width=0``, no cap), on the same views."""

# Runs unchanged in CPython and in Pyodide: defines play(game_index, seed) -> dict.
# BUDGETS (prepended) are the game's caps per level (web/page/qin_ui/ai_bridge.py).

SNIPPET = (f"BUDGETS = {game_budgets()!r}\nLEVELS = {LEVELS!r}\nFIRST = {FIRST!r}\n"
           + r'''
import random, time
import qin
import qin.ai
from qin.ai.review import judge
from qin.ai.sim import to_code


def play(index, seed):
    """One 2-player game, LEVELS[0] in seat 1 when ``index`` is even; each decision's
    wall ms per level, the hint's second part after each of LEVELS[0]'s (the next best
    move by the review's judge, as ai_bridge.next_best), and who won."""
    game = qin.Game.new("bird", 2, seed=seed + index)
    seats = {1: LEVELS[index % 2], 2: LEVELS[1 - index % 2]}
    times = {level: [] for level in LEVELS + ("next best",) + FIRST}
    while not game.is_over:
        seat = game.to_move
        level = seats[seat]
        start = time.perf_counter()
        view = qin.Game.from_view_dict(game.view(seat).to_view_dict())
        legal = view.legal_moves()
        if len(legal) == 1:
            move = legal[0]
        else:
            move = qin.ai.player(level, seat).choose(view, BUDGETS.get(level))
            times[level].append((time.perf_counter() - start) * 1000)
            if level == LEVELS[0] and not move.is_pass:
                start = time.perf_counter()
                code = to_code(view.board.geo, move)
                judge().values(view, random.Random(f"qin.hint/{seat}"), code)
                times["next best"].append((time.perf_counter() - start) * 1000)
                # each level's first stage alone on the same view, one after the other
                for lv, key in zip(LEVELS, FIRST):
                    start = time.perf_counter()
                    qin.ai.player(lv + ":width=0", seat).choose(view)
                    times[key].append((time.perf_counter() - start) * 1000)
        game.play(move)
    return {"times": times, "winners": [seats[w] for w in game.winners]}
''')

PAGE_JS = """async ([wheelUrl, snippet, index, seed]) => {
  const py = window.__pyodide;
  if (!window.__wheelLoaded) {
    const buffer = await (await fetch(wheelUrl)).arrayBuffer();
    py.unpackArchive(buffer, "wheel");
    py.runPython(snippet);
    window.__wheelLoaded = true;
  }
  return py.runPython(`import json; json.dumps(play(${index}, ${seed}))`);
}"""


def run_here(games: int, seed: int) -> list[dict[str, Any]]:
    namespace: dict[str, Any] = {}
    exec(compile(SNIPPET, "<move-time>", "exec"), namespace)
    out = []
    for i in range(games):
        out.append(namespace["play"](i, seed))
        print(f"  CPython game {i + 1}/{games}", flush=True)
    return out


def run_in_browser(games: int, seed: int, build: bool) -> list[dict[str, Any]]:
    from bench import boot

    out = []
    # one game a page call: a few minutes on a loaded machine
    with boot.Bench(build=build) as b, b.floor_page(timeout_ms=1_800_000) as (page, wheel):
        for i in range(games):
            out.append(json.loads(page.evaluate(PAGE_JS, [wheel, SNIPPET, i, seed])))
            print(f"  Pyodide game {i + 1}/{games}", flush=True)
    return out


def p90(values: list[float]) -> float:
    """The 90th percentile, nearest rank (a value that was measured)."""
    s = sorted(values)
    return s[max(0, math.ceil(0.9 * len(s)) - 1)] if s else float("nan")


def median(values: list[float]) -> float:
    s = sorted(values)
    n = len(s)
    return (s[n // 2] + s[(n - 1) // 2]) / 2 if n else float("nan")


def times_of(results: list[dict[str, Any]], level: str) -> list[float]:
    return [t for r in results for t in r["times"][level]]


def table(runs: dict[str, list[dict[str, Any]]]) -> list[str]:
    """The figures per runtime and level, and the ratios (lines of text)."""
    budgets = game_budgets()
    head = (f"{'runtime':<9} {'level':<12} {'moves':>6} {'median':>8} {'p90':>8} {'max':>8} "
            f"{'at cap':>7}")
    lines = [head, "-" * len(head)]
    stats: dict[tuple[str, str], tuple[float, float]] = {}
    for runtime, results in runs.items():
        for level in (*LEVELS, "next best", *FIRST):
            ts = times_of(results, level)
            cap = budgets.get(level)
            at_cap = sum(t >= cap * 1000 * 0.98 for t in ts) if cap else 0
            stats[runtime, level] = (median(ts), p90(ts))
            lines.append(f"{runtime:<9} {level:<12} {len(ts):>6} {median(ts):>8.0f} "
                         f"{p90(ts):>8.0f} {max(ts, default=float('nan')):>8.0f} "
                         f"{at_cap:>7}")
    lines.append("ms per decision (wall clock, the view's rebuild included), the game's cap "
                 + ", ".join(f"{lv} {budgets.get(lv)} s" for lv in LEVELS)
                 + f"; 'next best': a hint's second part after each {LEVELS[0]} move "
                 "(the hint: both); '1st': a level's first stage alone (no cap), which "
                 f"the cap does not cut, on the views where {LEVELS[0]} moved")
    a, b = LEVELS
    for runtime in runs:
        for x, y in ((a, b), FIRST):
            (ma, pa), (mb, pb) = stats[runtime, x], stats[runtime, y]
            lines.append(f"{runtime}: {x} / {y}: median {ma / mb:.2f}x, p90 {pa / pb:.2f}x")
    if len(runs) == 2:
        for level in (*LEVELS, *FIRST):
            (mc, pc), (mp, pp) = stats["CPython", level], stats["Pyodide", level]
            lines.append(f"{level}: Pyodide / CPython: median {mp / mc:.2f}x, "
                         f"p90 {pp / pc:.2f}x")
    for runtime, results in runs.items():
        wins = {lv: sum(lv in r["winners"] for r in results) for lv in LEVELS}
        lines.append(f"{runtime}: games won (a shared win counts for both): "
                     + ", ".join(f"{lv} {n}" for lv, n in wins.items())
                     + f" of {len(results)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=4, help="2-player games per runtime")
    parser.add_argument("--seed", type=int, default=2026, help="the first game's deal")
    parser.add_argument("--no-build", action="store_true", help="use build/site as it is")
    parser.add_argument("--cpython-only", action="store_true", help="no browser")
    args = parser.parse_args(argv)

    def load() -> str:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())

    print(f"load average {load()}, {os.cpu_count()} CPUs", flush=True)
    runs: dict[str, list[dict[str, Any]]] = {}
    runs["CPython"] = run_here(args.games, args.seed)
    if not args.cpython_only:
        runs["Pyodide"] = run_in_browser(args.games, args.seed, not args.no_build)
    print(f"load average {load()} at the end; {args.games} games a runtime, seed {args.seed}")
    print("\n".join(table(runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
