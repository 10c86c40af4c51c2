"""The board's motion and sound against their budgets, with baselines from the same run.

    python bench/motion.py                  # 3 runs each way, this checkout's build/site
    python bench/motion.py --runs 5 --base worker-next
    python bench/motion.py --runs 1 --before /tmp/site-of-main   # that build too, interleaved

- **bytes**: what the motion and the sound add to a cold visit, gzip -9 (the build serves
  brotli where smaller, so this is an upper bound): the new files (motion.js, sound.js),
  the growth of the changed ones against ``--base`` (a git revision: the stylesheet, the
  page, the shell, the English catalogue a visit loads), and the page's new Python
  modules as CPython bytecode (the site ships its modules compiled, in one bundle).
- **placement**: a tile placed on a hot-seat game, from the dispatched click until the
  next frame after the page changed (the reply of the page's Python, which runs in a
  worker, applied): with motion at its normal pace against motion off (the setting the
  player can choose; the board is drawn the same way), the runs interleaved.
- **lift**: the same figures for the next player's click that lifts the hand-over cover
  (a hot-seat move's motion plays then, not under the cover's blur).
- **layouts**: Chrome's own count of layouts and style recalculations over the same
  window (``Performance.getMetrics``): not moved by the machine's load.
- **frames**: with the CPU as is and slowed 4x (Chrome DevTools Protocol
  ``Emulation.setCPUThrottlingRate``), the frames of the 900 ms after each click,
  counted with ``requestAnimationFrame``: the frames seen, and the dropped ones (an
  interval of n frame times drops n - 1), motion normal against off.

With ``--before`` (another built site, e.g. main's before a change to the motion), that
site is measured in the same runs, interleaved with this one, and printed beside it.

Prints numbers and ratios; asserts nothing.  The machine's load moves every figure.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import marshal
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.boot import chromium_launch_args, counting_server  # noqa: E402

SITE = ROOT / "build" / "site"
TIMEOUT_MS = 120_000
NEW_FILES = ("web/page/motion.js", "web/page/sound.js")
CHANGED_FILES = ("web/page/style.css", "web/page/index.html", "web/page/shell.js",
                 "web/i18n/en.json")
NEW_MODULES = ("web/page/qin_ui/motion.py", "web/page/qin_ui/senses.py")
FRAME_MS = 1000 / 60
WINDOW_MS = 900

# From a dispatched click until the next frame after #app changed; with ``frames``, the
# requestAnimationFrame times of the WINDOW_MS after the click too.
PLACE = """async ([selector, window_ms]) => {
  const el = document.querySelector(selector);
  const app = document.getElementById('app');
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const times = [];
  const t0 = performance.now();
  const tick = (t) => { times.push(t); if (t - t0 < window_ms) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  const changed = new Promise((resolve) => {
    const seen = new MutationObserver(() => { seen.disconnect(); resolve(); });
    seen.observe(app, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  await changed;
  await frame();
  const took = performance.now() - t0;
  while (performance.now() - t0 < window_ms + 50) await frame();
  return { took, times };
}"""


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9))


def at_base(base: str, path: str) -> bytes:
    try:
        return subprocess.run(["git", "show", f"{base}:{path}"], cwd=ROOT, check=True,
                              capture_output=True).stdout
    except subprocess.CalledProcessError:
        return b""


def bytes_added(base: str) -> list[tuple[str, int, int]]:
    """(file, gzip bytes now, at base) for every file the motion and sound touch."""
    rows = []
    for path in NEW_FILES + CHANGED_FILES:
        rows.append((path, gz((ROOT / path).read_bytes()), gz(at_base(base, path))
                     if at_base(base, path) else 0))
    for path in NEW_MODULES:
        code = compile((ROOT / path).read_text(encoding="utf-8"), path, "exec")
        rows.append((path + " (bytecode)", gz(marshal.dumps(code)), 0))
    return rows


def dropped(times: list[float]) -> tuple[int, int]:
    """(frames seen, frames dropped) in a list of requestAnimationFrame times."""
    lost = 0
    for a, b in zip(times, times[1:], strict=False):
        lost += max(0, round((b - a) / FRAME_MS) - 1)
    return len(times), lost


def layouts(cdp: Any) -> tuple[int, int]:
    """The page's layouts and style recalculations so far (Chrome's own counts: unlike
    the milliseconds, the machine's load does not move them)."""
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return int(metrics.get("LayoutCount", 0)), int(metrics.get("RecalcStyleCount", 0))


def hot_seat(browser: Any, origin: str, pace: str, humans: bool = True) -> tuple[Any, Any]:
    """(context, page): a new hot-seat game on a laptop's screen, motion set to ``pace``
    (``humans`` False: the first visit's game, a human against the Apprentice)."""
    context = browser.new_context(service_workers="block",
                                  viewport={"width": 1366, "height": 768})
    context.add_init_script(f"localStorage.setItem('qin.motion', '{pace}')")
    page = context.new_page()
    page.goto(origin + "/")
    page.wait_for_function("document.body.dataset.boot === 'ready'", timeout=TIMEOUT_MS)
    for i in range(page.locator("#seats .seat").count() if humans else 0):  # hot-seat:
        page.select_option(f"#seat-kind-{i}", "human")  # every move placed here (a first
        page.wait_for_function(  # visit plays the Apprentice: one placement per game)
            f"document.querySelector('#seat-kind-{i}').value === 'human'", timeout=TIMEOUT_MS)
    page.click("#start")
    page.wait_for_function("document.querySelectorAll('#hand .tile-btn').length > 0",
                           timeout=TIMEOUT_MS)
    return context, page


def pick(page: Any) -> str:
    """Pick the first playable tile; the selector of a square it may go to."""
    page.click("#hand .tile-btn:not([disabled])")
    page.wait_for_function("document.querySelectorAll('#board rect.sq.legal').length > 0")
    square = page.eval_on_selector("#board rect.sq.legal", "e => e.dataset.square")
    return f'#board rect[data-square="{square}"]'


def placements(browser: Any, origin: str, pace: str, count: int,
               slow: bool) -> list[dict[str, Any]]:
    """``count`` placements on a new hot-seat game with the motion setting ``pace``."""
    context, page = hot_seat(browser, origin, pace)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    if slow:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    out = []
    play = page.locator("#play")

    def timed(selector: str, what: str) -> None:
        before = layouts(cdp)
        done = page.evaluate(PLACE, [selector, WINDOW_MS])
        after = layouts(cdp)
        out.append({**done, "what": what, "layouts": after[0] - before[0],
                    "styles": after[1] - before[1]})

    for _ in range(count):
        if play.get_attribute("data-phase") != "move":
            break
        done = play.get_attribute("data-moves")
        timed(pick(page), "placement")
        page.wait_for_function(f"document.querySelector('#play').dataset.moves !== '{done}'")
        if play.get_attribute("data-phase") == "cover":  # the next player lifts it
            timed("#cover-ok", "lift")
            page.wait_for_function("document.querySelector('#play').dataset.phase === 'move'")
    context.close()
    return out


WINDOWS = (("placement", "a placement (the click on a square)"),
           ("lift", "the hand-over cover lifted (the click on its button)"))


def report(results: dict[tuple[str, bool], list[dict[str, Any]]], title: str,
           args: argparse.Namespace) -> None:
    """One window's figures, per CPU and motion setting."""
    med = statistics.median
    print(f"{title}: click to the next frame after the reply, ms, median (range), "
          f"{args.runs} runs x {args.placements}")
    cpus = ((False, "CPU as is"), (True, "CPU slowed 4x"))
    for slow, label in cpus:
        took = {pace: [r["took"] for r in results[(pace, slow)]] for pace in ("off", "normal")}
        for pace in ("off", "normal"):
            t = took[pace]
            print(f"  {label:14} motion {pace:7} {med(t):7.1f} "
                  f"({min(t):.1f}-{max(t):.1f})  n={len(t)}")
        print(f"  {label:14} normal / off   {med(took['normal']) / med(took['off']):.2f}x")
    print(f"frames in the {WINDOW_MS} ms after it (requestAnimationFrame), median")
    for slow, label in cpus:
        for pace in ("off", "normal"):
            counted = [dropped(r["times"]) for r in results[(pace, slow)]]
            print(f"  {label:14} motion {pace:7} frames {med(c[0] for c in counted):5.1f}  "
                  f"dropped {med(c[1] for c in counted):5.1f} "
                  f"(max {max(c[1] for c in counted)})")
    print("layouts / style recalculations in that window, median "
          "(Chrome's counts: the load does not move them)")
    for slow, label in cpus:
        for pace in ("off", "normal"):
            rs = results[(pace, slow)]
            print(f"  {label:14} motion {pace:7} layouts {med(r['layouts'] for r in rs):5.1f}"
                  f"  styles {med(r['styles'] for r in rs):5.1f}")


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=SITE)
    parser.add_argument("--base", default="worker-next", help="git revision before the change")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--placements", type=int, default=6)
    parser.add_argument("--before", type=Path, default=None,
                        help="another built site measured in the same runs (the code before)")
    args = parser.parse_args(argv)
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")

    rows = bytes_added(args.base)
    print(f"\nbytes added to a cold visit (gzip -9), against {args.base}")
    print(f"{'file':44} {'now':>7} {'before':>7} {'added':>7}")
    for path, now, before in rows:
        print(f"{path:44} {now:7,} {before:7,} {now - before:7,}")
    total = sum(now - before for _, now, before in rows)
    print(f"{'total':44} {'':7} {'':7} {total:7,}  ({total / 1024:.1f} KB of the 60 KB budget)")

    sites = {"now": args.site} if args.before is None else {"before": args.before,
                                                             "now": args.site}
    results: dict[tuple[str, str, bool], list[dict[str, Any]]] = {}
    with sync_playwright() as pw, contextlib.ExitStack() as stack:
        origins = {name: stack.enter_context(counting_server(path))[0]
                   for name, path in sites.items()}
        browser = pw.chromium.launch(**chromium_launch_args())
        for run in range(args.runs):
            order = ("off", "normal") if run % 2 == 0 else ("normal", "off")
            names = list(sites) if run % 2 == 0 else list(reversed(sites))
            for slow in (False, True):
                for name in names:
                    for pace in order:
                        results.setdefault((name, pace, slow), []).extend(
                            placements(browser, origins[name], pace, args.placements, slow))
        browser.close()

    for name in sites:
        print(f"\n[{name}: {sites[name]}]")
        for what, title in WINDOWS:
            report({key[1:]: [r for r in rs if r["what"] == what]
                    for key, rs in results.items() if key[0] == name}, title, args)
    print(f"\nload average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
