"""The main thread while the game starts, and the interaction latency after it: this
site against a baseline site (e.g. main's build), measured in the same run, interleaved.

    python bench/main_thread.py --baseline /work/main/build/site          # 3 cold runs each
    python bench/main_thread.py --baseline DIR --runs 5 --phone            # CPU slowed 4x, 360x740
    python bench/main_thread.py --baseline A --baseline B --start-after 4  # two baselines

For each site, cold (a new browser context): a script injected before the page's own
observes long tasks (``PerformanceObserver`` "longtask", buffered) and clicks Start at the
start screen's first usable moment (the mark qin:prestart-usable), as an eager player
would; the run ends when the hand is dealt (``body[data-boot=ready]`` and the hand's
tiles shown).  Printed: the longest main-thread task and the sum of the long tasks from
navigation until then.  Then, on that page: pick a tile, hover legal squares and other
squares, place a tile (the hovers and the placement once every reply awaited is
applied, ``SETTLED``), each timed from the dispatched DOM event until the frame showing
the change is painted (a MutationObserver on #app, then the next animation frame: the
round trip to the page's Python, wherever it runs, and the drawing),
printed as median and 75th percentile; then the time from the placement until the
computer's answer shows (its worker's boot included where it was not ready by then).
``--moves N``: the player first places N tiles
(clicks, against the computer of the start screen), so that the interactions are timed
on a fuller board (a placement's reply and its drawing grow with the board).
``--still``: the browser asks for reduced motion, so the board's motion (which a page
from before it lacks; ``bench/motion.py`` measures its own cost) plays nothing.
``--start-after S``: Start is clicked S seconds after the page's Python is ready (a
player who reads the start screen first, while the page may warm the computer's worker)
instead of at the first usable moment.  ``--baseline`` again: several baselines, all
interleaved with this build, each with its ratios.

Prints numbers and ratios; asserts nothing.  The machine's load moves every figure.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from bench.boot import chromium_launch_args, counting_server  # noqa: E402

SITE = ROOT / "build" / "site"
TIMEOUT_MS = 120_000
ANSWER_TIMEOUT_MS = 60_000

OBSERVE = """
window.qinLong = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.qinLong.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
} catch (e) { window.qinLong = null; }
(function clickWhenUsable() {
  const go = () => {
    const start = document.getElementById("start");
    if (start && !start.disabled && start.offsetParent !== null) { start.click(); return; }
    setTimeout(go, 5);
  };
  const watch = () => {
    if (LATE_MS === null && (performance.getEntriesByName("qin:prestart-usable").length
        || document.body?.dataset.boot === "ready")) { go(); return; }
    if (LATE_MS !== null && document.body?.dataset.boot === "ready") {
      setTimeout(go, LATE_MS);
      return;
    }
    setTimeout(watch, 5);
  };
  watch();
})();
"""


def observe(late_ms: int | None) -> str:
    """The injected script: Start clicked at the first usable moment, or (``late_ms``)
    that long after the page's Python is ready (a player reading the start screen)."""
    return "const LATE_MS = " + ("null" if late_ms is None else str(late_ms)) + ";\n" + OBSERVE

DEALT = """() => document.body.dataset.boot === 'ready'
  && document.querySelectorAll('#hand .tile-btn').length > 0"""

# Time from a dispatched event until the frame that shows the change is painted: #app
# changed (the page's reply applied), then the next animation frame and the task after it
# (the paint). Measured alike on a page whose Python answers within the event (on the
# main thread) and on one whose Python answers later (in a worker): what the player sees.
TIMED = """async ([selector, kind]) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  const app = document.getElementById('app');
  const painted = (resolve, t0) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now() - t0);
    channel.port2.postMessage(null);
  });
  return await new Promise((resolve) => {
    const t0 = performance.now();
    const seen = new MutationObserver(() => {
      seen.disconnect();
      painted(resolve, t0);
    });
    seen.observe(app, { subtree: true, childList: true, attributes: true, characterData: true });
    el.dispatchEvent(new MouseEvent(kind, { bubbles: true }));
    setTimeout(() => { seen.disconnect(); resolve(null); }, 5000);
  });
}"""


SETTLED = "() => window.qinIdle !== false"
"""Every reply the page awaits is applied (a page whose Python answers within the event
has no ``qinIdle``): a pick shown at once from the pick table still has its reply on
the way, which the next interaction would otherwise be timed against (its first change
to the page), as a player's next move comes later than a script's."""

ANSWERED = "() => Number(document.getElementById('play').dataset.moves) >= 2"
"""The computer's first move is on the board (the player moved first)."""

READY = """() => {
  const play = document.getElementById('play');
  return play && play.dataset.phase === 'move'
    && document.querySelectorAll('#hand .tile-btn:not([disabled])').length > 0;
}"""


def play_moves(page: Any, moves: int) -> None:
    """The player places ``moves`` tiles (a computer answers each), by clicks."""
    for _ in range(moves):
        page.wait_for_function("() => ['move', 'pass', 'over'].includes("
                               "document.getElementById('play').dataset.phase)",
                               timeout=TIMEOUT_MS)
        phase = page.get_attribute("#play", "data-phase")
        if phase == "over":
            return
        done = page.get_attribute("#play", "data-moves")
        if phase == "pass":
            page.click("#pass")
        else:
            page.wait_for_function(READY, timeout=TIMEOUT_MS)
            page.click("#hand .tile-btn:not([disabled])")
            page.wait_for_function(
                "() => document.querySelectorAll('#board rect.sq.legal').length > 0")
            page.click("#board rect.sq.legal")
        page.wait_for_function(f"() => document.getElementById('play').dataset.moves !== '{done}'")
    page.wait_for_function(READY, timeout=TIMEOUT_MS)


def p75(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.75 * len(ordered)))]


def one_run(browser: Any, origin: str, phone: bool, moves: int = 0,
            still: bool = False, late_ms: int | None = None) -> dict[str, Any]:
    options: dict[str, Any] = {"viewport": {"width": 360, "height": 740}, "has_touch": False} \
        if phone else {"viewport": {"width": 1366, "height": 768}}
    if still:
        options["reduced_motion"] = "reduce"
    context = browser.new_context(service_workers="block", **options)
    page = context.new_page()
    if phone:
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.add_init_script(observe(late_ms))
    page.goto(origin + "/")
    page.wait_for_function(DEALT, timeout=TIMEOUT_MS)
    dealt = float(page.evaluate("performance.now()"))
    long = page.evaluate("window.qinLong") or []
    result: dict[str, Any] = {
        "dealt": dealt, "longest": max((d for _, d in long), default=0.0),
        "blocked": sum(d for _, d in long), "count": len(long)}
    play_moves(page, moves)
    result["board"] = page.evaluate("document.getElementById('board').innerHTML.length")
    # interactions
    pick = page.evaluate(TIMED, ["#hand .tile-btn:not([disabled])", "click"])
    page.wait_for_function("() => document.querySelectorAll('#board rect.sq.legal').length > 0")
    page.wait_for_function(SETTLED)
    squares = page.eval_on_selector_all("#board rect.sq.legal",
                                        "els => els.map(e => e.dataset.square)")
    hovers: list[float] = []
    for name in (squares[:6] + ["a1", "c3", "m13", "b7", "k2"]) * 2:
        took = page.evaluate(TIMED, [f'#board rect[data-square="{name}"]', "mouseover"])
        if took is not None:
            hovers.append(float(took))
    page.wait_for_function(SETTLED)
    before = float(page.evaluate("performance.now()"))
    place = page.evaluate(TIMED, [f'#board rect[data-square="{squares[0]}"]', "click"])
    # the computer's first move shown (its worker booted by then, or booting now); the
    # page with Python on the main thread (no qinIdle) never gets its computer's worker
    # ready here: not waited for
    answer: float | None = None
    if page.evaluate("'qinIdle' in window"):
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(ANSWERED, timeout=ANSWER_TIMEOUT_MS)
            answer = float(page.evaluate("performance.now()")) - before
    result.update(pick=pick, hovers=hovers, place=place, answer=answer)
    context.close()
    return result


def describe(name: str, runs: list[dict[str, Any]]) -> list[str]:
    med = statistics.median
    longest = ", ".join(f"{r['longest']:.0f}" for r in runs)
    answers = ", ".join("-" if r["answer"] is None else f"{r['answer']:.0f}" for r in runs)
    answered = [r["answer"] for r in runs if r["answer"] is not None]
    hovers = [h for r in runs for h in r["hovers"]]
    return [
        f"{name}: hand dealt {med(r['dealt'] for r in runs):.0f} ms; longest main-thread task "
        f"{med(r['longest'] for r in runs):.0f} ms (runs: {longest}), long tasks "
        f"{med(r['blocked'] for r in runs):.0f} ms in {med(r['count'] for r in runs):.0f}",
        f"  pick {med(r['pick'] or 0 for r in runs):.1f} ms, hover median "
        f"{med(hovers):.1f} / p75 {p75(hovers):.1f} ms ({len(hovers)}), "
        f"place {med(r['place'] or 0 for r in runs):.1f} ms; the board's HTML "
        f"{med(r['board'] for r in runs) / 1000:.0f} KB",
        f"  the computer's first move shown "
        f"{f'{med(answered):.0f} ms' if answered else '-'} after the placement "
        f"(runs: {answers}; -: not within {ANSWER_TIMEOUT_MS // 1000} s)",
    ]


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=SITE)
    parser.add_argument("--baseline", type=Path, required=True, action="append",
                        help="a built site to compare with (again: several, interleaved)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--phone", action="store_true", help="CPU slowed 4x, 360x740")
    parser.add_argument("--moves", type=int, default=0,
                        help="the player's placements before the interactions are timed")
    parser.add_argument("--still", action="store_true",
                        help="reduced motion asked: the board's motion plays nothing")
    parser.add_argument("--start-after", type=float, default=None, metavar="SECONDS",
                        help="Start clicked this long after the page's Python is ready "
                             "(a player reading the start screen), not at the first usable moment")
    args = parser.parse_args(argv)
    late_ms = None if args.start_after is None else round(args.start_after * 1000)
    print(f"load average {os.getloadavg()[0]:.1f}; {'phone' if args.phone else 'desktop'}"
          + (f"; after {args.moves} placements" if args.moves else "")
          + ("; reduced motion" if args.still else "")
          + (f"; Start {args.start_after:g} s after ready" if late_ms is not None else ""))
    names = [f"baseline {i + 1}" if len(args.baseline) > 1 else "baseline"
             for i in range(len(args.baseline))]
    for name, path in zip(names, args.baseline, strict=True):
        print(f"{name}: {path}")
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in [*names, "site"]}
    with sync_playwright() as pw, contextlib.ExitStack() as stack:
        origins = {name: stack.enter_context(counting_server(path))[0]
                   for name, path in zip([*names, "site"], [*args.baseline, args.site],
                                         strict=True)}
        browser = pw.chromium.launch(**chromium_launch_args())
        for _ in range(args.runs):
            for name, origin in origins.items():
                try:
                    run = one_run(browser, origin, args.phone, args.moves, args.still, late_ms)
                except PlaywrightTimeout as error:  # said, and left out of the figures
                    print(f"{name}: a run timed out ({str(error).splitlines()[0]})", flush=True)
                    continue
                print(f"{name}: longest task {run['longest']:.0f} ms, place "
                      f"{run['place'] or 0:.1f} ms", flush=True)
                results[name].append(run)
        browser.close()
    for name in results:
        print("\n".join(describe(name, results[name])) if results[name] else f"{name}: no run")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    for name in names:
        if not results[name] or not results["site"]:
            continue
        print(f"site / {name}:")
        ratio = statistics.median(r["longest"] for r in results["site"]) / max(
            1.0, statistics.median(r["longest"] for r in results[name]))
        print(f"  longest task {ratio:.2f}x")
        for what in ("pick", "place"):
            site_ms = statistics.median(r[what] or 0 for r in results["site"])
            base_ms = max(0.1, statistics.median(r[what] or 0 for r in results[name]))
            print(f"  {what} {site_ms / base_ms:.2f}x")
        hovers = {n: p75([h for r in results[n] for h in r["hovers"]]) for n in (name, "site")}
        print(f"  hover p75 {hovers['site'] / max(0.1, hovers[name]):.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
