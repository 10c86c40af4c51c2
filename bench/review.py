"""The game review's time: a fixed 72-move 2-player record, in CPython and in Pyodide.

    python bench/review.py                                # ~3 min (builds the site)
    python bench/review.py --baseline /tmp/before-site    # and the page before, same run
    python bench/review.py --quick                        # CPython and the bare Pyodide page

The record is a finished game on board "bird" played by the reference player "random"
(seeds 769 and 869, game seed 769: 72 moves).  Its review (``qin.ai.review.review``,
both seats, seed 0: 72 moves judged) is timed next to two baselines measured in the
same run and the same interpreter: replaying the record (``Game.from_record``), the
Governor choosing each of those 72 moves in the mover's view, and the previous judge
(the Governor's evaluation of the move played and of its shortlist, as the review
judged before it used the Son of Heaven's first stage, ``qin.ai.review.JUDGE``).

The same snippet (``SNIPPET``) runs under CPython here and under Pyodide in a bare
page (bench/boot.py's floor page with our wheel, as bench/engine_browser.py does).
Without ``--quick`` the review is also timed on the real page: the record imported,
Review clicked, until ``#review[data-state=done]`` (the page's AI worker, one request
per move); the first run includes the worker's start, the second (Close, Review again)
does not.  With ``--baseline DIR`` (a site built from the revision before, e.g.
``git worktree add /tmp/before worker-next`` and its ``make site``), the same page
measurement runs on that site too, interleaved, and the ratio is printed.  Wall clock
on every side; numbers and ratios only, no assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

LEVELS, SEEDS, GAME_SEED, LENGTH = ("random", "random"), (769, 869), 769, 72

# Runs unchanged in CPython and in Pyodide: defines bench(record_json) -> dict.
SNIPPET = r'''
import json, time
import qin, qin.ai
from qin.ai import review as rv


def previous_judge(record):
    """The review's judge before: the Governor's value of the move played and of the
    six best by immediate gain, in each mover's view."""
    from qin.ai.greedy import WIN, Governor, HandModel, immediate, sim_of_view
    from qin.ai.sim import to_code

    game = qin.Game.from_record(record)
    moves = list(game.moves)
    while game.moves:
        game.undo()
    gov = Governor()
    for m in moves:
        view = game.view(game.to_move)
        if not m.is_pass:
            sim = sim_of_view(view)
            ranked = sorted(immediate(sim, view.to_move))
            ranked.sort(key=lambda cv: -round(cv[1], 6))
            model = HandModel(view)
            code = to_code(view.board.geo, m)
            gains = dict(ranked)
            for c, gain in [(code, gains[code])] + ranked[:gov.shortlist]:
                if -WIN < gain < WIN:
                    gov.value_of(view, sim, model, c, gain)
        game.play(m)


def bench(record_json):
    record = json.loads(record_json)
    out = {}
    start = time.perf_counter()
    game = qin.Game.from_record(record)
    out["replay_s"] = time.perf_counter() - start
    moves = list(game.moves)
    while game.moves:
        game.undo()
    bot = qin.ai.player("governor", 1)
    start = time.perf_counter()
    for m in moves:
        if not game.is_over:
            bot.choose(game.view(game.to_move))
        game.play(m)
    out["governor_s"] = time.perf_counter() - start
    start = time.perf_counter()
    previous_judge(record)
    out["previous_s"] = time.perf_counter() - start
    start = time.perf_counter()
    result = rv.review(record, seed=0)
    out["review_s"] = time.perf_counter() - start
    out["moves"] = len(result.moves)
    out["marked"] = [[m.ply, m.seat, m.played, m.best, m.loss] for m in result.marked]
    return out
'''


def fixed_record() -> dict[str, Any]:
    import qin
    import qin.ai

    game = qin.Game.new(board="bird", players=2, seed=GAME_SEED)
    bots = {1: qin.ai.player(LEVELS[0], SEEDS[0]), 2: qin.ai.player(LEVELS[1], SEEDS[1])}
    while not game.is_over:
        game.play(bots[game.to_move].choose(game.view(game.to_move)))
    if len(game.moves) != LENGTH:
        raise SystemExit(f"the fixed game has {len(game.moves)} moves, not {LENGTH}")
    record: dict[str, Any] = game.record()
    return record


def run_here(record: dict[str, Any]) -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    exec(compile(SNIPPET, "<review-bench>", "exec"), namespace)
    result: dict[str, Any] = namespace["bench"](json.dumps(record))
    return result


PAGE_JS = """async ([wheelUrl, snippet, record]) => {
  const py = window.__pyodide;
  const buffer = await (await fetch(wheelUrl)).arrayBuffer();
  py.unpackArchive(buffer, "wheel");
  py.runPython(snippet);
  py.globals.set("record_json", record);
  return py.runPython("import json; json.dumps(bench(record_json))");
}"""


def run_in_pyodide(b: Any, record: dict[str, Any]) -> dict[str, Any]:
    """The snippet in a bare Pyodide page (bench/boot.py's floor page)."""
    with b.floor_page() as (page, wheel_url):
        text = page.evaluate(PAGE_JS, [wheel_url, SNIPPET, json.dumps(record)])
    result: dict[str, Any] = json.loads(text)
    return result


def run_on_the_page(b: Any, record: dict[str, Any], origin: str | None = None
                    ) -> list[float]:
    """Seconds from a click on Review to ``#review[data-state=done]`` on the game page
    (``origin``: another site's server, default the bench's): the first with the
    worker's start, the second with the worker ready."""
    from bench.boot import TIMEOUT_MS

    context = b.browser.new_context()
    times: list[float] = []
    try:
        page = context.new_page()
        page.set_default_timeout(600_000)
        page.goto((origin or b.origin) + "/", timeout=TIMEOUT_MS)
        page.wait_for_function("() => document.body.dataset.boot === 'ready'",
                               timeout=TIMEOUT_MS)
        page.set_input_files("#import-file", files=[{
            "name": "review.json", "mimeType": "application/json",
            "buffer": json.dumps(record).encode()}])
        page.wait_for_selector("#result-review", state="visible")
        done = "() => document.querySelector('#review')?.dataset.state === 'done'"
        for button in ("#result-review", "#review-open"):
            if button == "#review-open":
                page.click("#review-close")
                page.wait_for_selector("#review-open", state="visible")
            start = time.perf_counter()
            page.click(button)
            page.wait_for_function(done, polling=100)
            times.append(time.perf_counter() - start)
        return times
    finally:
        context.close()


def table(here: dict[str, Any], there: dict[str, Any] | None,
          on_page: list[float] | None, before: list[float] | None = None) -> list[str]:
    lines = [f"{'review of a 72-move 2-player game':<46} {'CPython':>9} {'Pyodide':>9} "
             f"{'ratio':>7}"]
    lines.append("-" * len(lines[0]))
    for label, key in (("replaying the record, s (baseline)", "replay_s"),
                       ("the Governor choosing each move, s (baseline)", "governor_s"),
                       ("the previous judge (the Governor), s (baseline)", "previous_s"),
                       ("the review (72 moves judged), s", "review_s")):
        a = here[key]
        b = there[key] if there else float("nan")
        lines.append(f"{label:<46} {a:>9.3f} {b:>9.3f} {b / a:>6.2f}x")
    for name, res in (("CPython", here), ("Pyodide", there)):
        if res:
            lines.append(f"{name}: review / previous judge "
                         f"{res['review_s'] / res['previous_s']:.2f}x, "
                         f"review / Governor {res['review_s'] / res['governor_s']:.2f}x, "
                         f"review / replay {res['review_s'] / res['replay_s']:.0f}x, "
                         f"{1000 * res['review_s'] / res['moves']:.0f} ms per move")
    if there is not None:
        same = "the same" if there["marked"] == here["marked"] else "DIFFERENT"
        lines.append(f"marked moves (ply, seat, played, best, loss): {here['marked']}; "
                     f"Pyodide's are {same}")
    if on_page:
        lines.append(f"on the game page (AI worker, one request per move): "
                     f"{on_page[0]:.1f} s with the worker's start, "
                     f"{on_page[1]:.1f} s with it ready "
                     f"({on_page[1] / here['review_s']:.2f}x CPython's review)")
    if on_page and before:
        lines.append(f"the page before (--baseline, its judge): {before[0]:.1f} s with the "
                     f"worker's start, {before[1]:.1f} s with it ready; now / before "
                     f"{on_page[0] / before[0]:.2f}x and {on_page[1] / before[1]:.2f}x")
    lines.append("ratio = Pyodide / CPython (wall clock).")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="skip the game page")
    parser.add_argument("--no-build", action="store_true", help="use build/site as it is")
    parser.add_argument("--cpython-only", action="store_true", help="no browser at all")
    parser.add_argument("--baseline", type=Path, default=None,
                        help="a site built before (its page's review timed too)")
    args = parser.parse_args(argv)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
          f"{os.cpu_count()} CPUs")
    record = fixed_record()
    there = on_page = before = None
    if not args.cpython_only:
        from bench import boot

        with boot.Bench(build=not args.no_build) as b:
            there = run_in_pyodide(b, record)
            if not args.quick:
                if args.baseline is not None:
                    with boot.counting_server(args.baseline) as (origin, _):
                        before = run_on_the_page(b, record, origin)
                on_page = run_on_the_page(b, record)
    here = run_here(record)
    print("\n".join(table(here, there, on_page, before)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
