"""The engine's speed measured by one snippet of Python that runs unchanged under
CPython and under Pyodide (``SNIPPET``): seeded random 2-player games on board "bird"
for a time budget, ``legal_moves()``, the legal-move computation on a board without
cached summaries, ``play()``, and each computer level's decision, timed by the wall
clock on both sides.  ``run_here`` runs it here, ``run_in_page`` in a booted bare
Pyodide page (bench/boot.py's floor page), ``table`` compares the two.  Used by
bench/engine_browser.py and bench/boot.py.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def game_budgets() -> dict[str, float | None]:
    """The time cap per move the game gives each computer level (web/page/qin_ui/ai_bridge)."""
    sys.path.insert(0, str(ROOT / "web" / "page"))
    try:
        from qin_ui.ai_bridge import BUDGETS
    finally:
        sys.path.remove(str(ROOT / "web" / "page"))
    return dict(BUDGETS)


# Runs unchanged in CPython and in Pyodide: defines bench(budget, ai_moves) -> dict.
# GAME_BUDGETS (prepended) are the game's caps per level, timed as "ai_game".
SNIPPET = f"GAME_BUDGETS = {game_budgets()!r}\n" + r'''
import random, time
import qin
from qin import placement


def _clock():
    # Wall clock on both sides: in Pyodide process_time() is the wall clock too (the page
    # has no CPU clock), so the same clock keeps the ratio fair.  Single-threaded work
    # in a page is CPU time as long as the machine has a free core.
    return time.perf_counter()


def bench(budget, ai_moves):
    out = {}
    # Throughput: random 2-player games on bird.
    start = _clock()
    games = plies = 0
    while True:
        game = qin.Game.new("bird", 2, seed=games)
        rng = random.Random(games)
        while True:
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
            plies += 1
        games += 1
        spent = _clock() - start
        if spent >= budget and games >= 2:
            break
    out["games_per_s"] = games / spent
    out["plies_per_game"] = plies / games
    # Per call, plies 0-40 of a few games: legal_moves(), cold computation, play().
    sums = {"legal": [0.0, 0], "cold": [0.0, 0], "play": [0.0, 0]}
    start = _clock()
    seed = 0
    while _clock() - start < budget / 2 or seed < 2:
        game = qin.Game.new("bird", 2, seed=10_000 + seed)
        rng = random.Random(seed)
        for _ in range(41):
            t0 = _clock()
            moves = game.legal_moves()
            t1 = _clock()
            if not moves:
                break
            board = game.board.copy()
            board.summaries = {}
            kinds = game.hand(game.to_move)
            t2 = _clock()
            placement.legal_placements(board, kinds)
            t3 = _clock()
            move = rng.choice(moves)
            t4 = _clock()
            game.play(move)
            t5 = _clock()
            for key, dt in (("legal", t1 - t0), ("cold", t3 - t2), ("play", t5 - t4)):
                sums[key][0] += dt
                sums[key][1] += 1
        seed += 1
    for key, (total, n) in sums.items():
        out[key + "_us"] = total / n * 1e6
    # Computer players: wall ms per decision, the first ai_moves decisions of a game.
    try:
        import qin.ai as ai
        levels = [lv.key for lv in ai.LEVELS]
    except ImportError:
        levels = []
    # "ai": as the level decides with no time cap (reproducible); "ai_game": with the
    # cap the game gives it in the browser (GAME_BUDGETS).
    for key, caps in (("ai", {}), ("ai_game", GAME_BUDGETS)):
        out[key] = {}
        for level in levels:
            game = qin.Game.new("bird", 2, seed=3)
            bot = ai.player(level, seed=1, budget_s=caps.get(level))
            times = []
            for _ in range(ai_moves):
                if game.is_over:
                    break
                move = bot.choose(game.view(game.to_move))
                times.append(bot.last_time * 1000)
                game.play(move)
            out[key][level] = times
    return out
'''


GAME_BUDGETS = game_budgets()


def run_here(budget: float, ai_moves: int) -> dict[str, Any]:
    """The snippet under this CPython."""
    namespace: dict[str, Any] = {}
    exec(compile(SNIPPET, "<engine-bench>", "exec"), namespace)
    result: dict[str, Any] = namespace["bench"](budget, ai_moves)
    return result


# JavaScript run in the floor page (window.__pyodide is its interpreter): unpack the
# wheel once, then run the snippet and hand back its result as JSON.
PAGE_JS = """async ([wheelUrl, snippet, budget, aiMoves]) => {
  const py = window.__pyodide;
  if (!window.__wheelLoaded) {
    const buffer = await (await fetch(wheelUrl)).arrayBuffer();
    py.unpackArchive(buffer, "wheel");
    window.__wheelLoaded = true;
  }
  py.runPython(snippet);
  return py.runPython(`import json; json.dumps(bench(${budget}, ${aiMoves}))`);
}"""


def run_in_page(page: Any, wheel_url: str, budget: float, ai_moves: int) -> dict[str, Any]:
    """The snippet under Pyodide in ``page`` (a booted floor page)."""
    text = page.evaluate(PAGE_JS, [wheel_url, SNIPPET, budget, ai_moves])
    result: dict[str, Any] = json.loads(text)
    return result


def _median(values: list[float]) -> float:
    s = sorted(values)
    n = len(s)
    return (s[n // 2] + s[(n - 1) // 2]) / 2 if n else float("nan")


def table(here: dict[str, Any], page: dict[str, Any]) -> list[str]:
    """Rows comparing the two results (Pyodide / CPython)."""
    lines = [f"{'engine figure (board bird, 2 players)':<44} {'CPython':>10} {'Pyodide':>10} "
             f"{'ratio':>7}"]
    lines.append("-" * len(lines[0]))
    rows = (
        ("random games per second", "games_per_s", "{:.1f}", False),
        ("legal_moves() per call, us (cached)", "legal_us", "{:.1f}", True),
        ("legal-move computation, us (cold)", "cold_us", "{:.0f}", True),
        ("play() per call, us", "play_us", "{:.0f}", True),
    )
    for label, key, fmt, slower_is_more in rows:
        a, b = here[key], page[key]
        ratio = (b / a) if slower_is_more else (a / b)
        lines.append(f"{label:<44} {fmt.format(a):>10} {fmt.format(b):>10} {ratio:>6.2f}x")
    for key, how in (("ai", "no cap"), ("ai_game", "game's cap")):
        for level, times in here.get(key, {}).items():
            other = page.get(key, {}).get(level, [])
            a, b = _median(times), _median(other)
            cap = GAME_BUDGETS.get(level) if key == "ai_game" else None
            label = f"AI {level}, ms per move, {how}" + (f" {cap:g} s" if cap else "")
            lines.append(f"{label:<44} {a:>10.0f} {b:>10.0f} "
                         f"{b / a if a else float('nan'):>6.2f}x")
    lines.append("ratio = how many times slower Pyodide is (for games/s: CPython / Pyodide).")
    if not here.get("ai"):
        lines.append("No computer players (qin.ai) in this tree: AI timings skipped.")
    return lines
