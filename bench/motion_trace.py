"""Where the frames of a move's motion go: a Chrome trace of one click, read per thread.

    python bench/motion_trace.py                       # a placement, CPU slowed 4x
    python bench/motion_trace.py --click lift          # the next player lifting the cover
    python bench/motion_trace.py --site /tmp/old-site --pace off --keep /tmp/t.json

Plays ``--moves`` hot-seat moves (as bench/motion.py does), then traces the next click
(a placement, or the hand-over cover's lift) with Chrome's tracing (devtools.timeline,
cc and viz categories) and prints, over the ``--window`` ms after it: the frames the
display compositor drew (``Display::DrawAndSwap``: what the player sees; in software,
as every bench runs Chromium without a GPU) with their median and longest, the raster
workers' time, and the page's main thread by phase (style, layout, pre-paint, paint,
layerize, commit, script).  Open the trace kept with ``--keep`` in chrome://tracing or
Perfetto to see each frame.

Prints numbers; asserts nothing.  The machine's load moves the milliseconds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.boot import chromium_launch_args, counting_server  # noqa: E402
from bench.motion import SITE, hot_seat, pick  # noqa: E402

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline",
              "disabled-by-default-devtools.timeline.frame", "v8.execute", "blink", "cc",
              "viz", "benchmark", "toplevel", "blink.user_timing"]
CLICK = """selector => { performance.mark('qin-click');
  document.querySelector(selector).dispatchEvent(new MouseEvent('click', { bubbles: true })); }"""
MAIN = (("style", "UpdateLayoutTree"), ("layout", "Layout"), ("pre-paint", "PrePaint"),
        ("paint", "Paint"), ("layerize", "Layerize"), ("commit", "Commit"),
        ("script", "FunctionCall"))


def trace(site: Path, pace: str, rate: float, moves: int, click: str, path: Path) -> None:
    """Play ``moves`` moves, then trace the next placement or lift into ``path``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw, counting_server(site) as (origin, _):
        browser = pw.chromium.launch(**chromium_launch_args())
        context, page = hot_seat(browser, origin, pace)
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        phase = "document.querySelector('#play').dataset.phase"
        for n in range(moves + 1):
            last = n == moves
            done = page.get_attribute("#play", "data-moves")
            square = pick(page)
            if last and click == "placement":
                browser.start_tracing(page=page, path=str(path), categories=CATEGORIES)
            page.evaluate(CLICK, square)
            page.wait_for_function(f"document.querySelector('#play').dataset.moves !== '{done}'")
            if last and click == "lift":
                page.wait_for_timeout(1000)  # the placement's own frames are over
                browser.start_tracing(page=page, path=str(path), categories=CATEGORIES)
            if page.evaluate(phase) == "cover":
                if last and click == "lift":
                    page.evaluate(CLICK, "#cover-ok")
                else:
                    page.click("#cover-ok")
                page.wait_for_function(f"{phase} === 'move'")
            if last:
                page.wait_for_timeout(1500)
                browser.stop_tracing()
        browser.close()


def read(path: Path, window_ms: float) -> dict[str, Any]:
    """The trace's figures over ``window_ms`` after the click."""
    events = json.loads(path.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name"}
    t0 = min(e["ts"] for e in events if e.get("name") == "qin-click")

    def spans(thread: str, name: str) -> list[float]:
        return [e.get("dur", 0) / 1000 for e in events
                if e.get("ph") == "X" and e["name"] == name
                and threads.get((e["pid"], e["tid"]), "").startswith(thread)
                and t0 <= e["ts"] < t0 + window_ms * 1000]

    draws = spans("VizCompositorThread", "Display::DrawAndSwap")
    return {"draws": draws, "raster": sum(spans("ThreadPool", "RasterTask")),
            "main": {label: spans("CrRendererMain", name) for label, name in MAIN}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=SITE)
    parser.add_argument("--pace", default="normal", help="the motion setting (off: baseline)")
    parser.add_argument("--rate", type=float, default=4, help="CPU slowed this many times")
    parser.add_argument("--moves", type=int, default=2, help="moves played before the one traced")
    parser.add_argument("--click", choices=("placement", "lift"), default="placement")
    parser.add_argument("--window", type=float, default=1200, help="ms after the click")
    parser.add_argument("--keep", type=Path, default=None, help="keep the trace here")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="qin-trace-") as tmp:
        path = args.keep or Path(tmp) / "trace.json"
        trace(args.site, args.pace, args.rate, args.moves, args.click, path)
        found = read(path, args.window)
    draws = found["draws"]
    print(f"{args.click}, motion {args.pace}, CPU slowed {args.rate:g}x, "
          f"{args.window:.0f} ms after the click")
    if draws:
        print(f"frames drawn        {len(draws):4}   median {statistics.median(draws):6.1f} ms"
              f"   longest {max(draws):6.1f} ms   total {sum(draws):7.1f} ms")
    else:
        print("frames drawn           0")
    print(f"raster workers                                         total {found['raster']:7.1f} ms")
    for label, spans in found["main"].items():
        print(f"main: {label:12} {len(spans):4}   longest {max(spans, default=0):6.1f} ms"
              f"                    total {sum(spans):7.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
