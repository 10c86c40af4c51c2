"""Where the frames of a move's motion go: a Chrome trace of one click, read per thread.

    python bench/motion_trace.py                       # a placement, CPU slowed 4x
    python bench/motion_trace.py --click lift          # the next player lifting the cover
    python bench/motion_trace.py --site /tmp/old-site --pace off --keep /tmp/t.json
    python bench/motion_trace.py --click rest --runs 3     # no click: the board at rest
    python bench/motion_trace.py --runs 5 --pace normal,off --before /tmp/main-site

Plays ``--moves`` hot-seat moves (as bench/motion.py does), then traces the next click
(a placement, whose window ends before anyone lifts the cover it puts up; or the
hand-over cover's lift; ``rest``: none, the page left alone) with
Chrome's tracing (devtools.timeline, cc and viz categories) and prints, over the
``--window`` ms after it: the frames the display compositor drew
(``Display::DrawAndSwap``: what the player sees; in software, as every bench runs
Chromium without a GPU) with their median and longest, the raster workers' time, and
the page's main thread by phase (style, layout, pre-paint, paint, layerize, commit,
script).  Open the trace kept with ``--keep`` in chrome://tracing or Perfetto to see
each frame.

**The answer's frame**: the main thread's first commit after the reply changed the
page, and the first frame the display drew after it: when, and what the main thread
did from the click until that commit (style recalculations and the elements styled,
layouts and the objects laid out: counts the load does not move; milliseconds it does;
and the main thread's CPU time in its tasks, thread time: waiting for a core, which the
load makes longer, does not count in it, though a busy machine's caches still move it).

**Frames per second during the motion**: the compositor reports every display frame
(vsync, 60 a second) it was asked for (``PipelineReporter``): presented, dropped (due
and not drawn in time), or nothing to draw.  From the start of the move's first
animation (``Animation`` trace events: motion.js's layers) to the end of its last, the
frames presented per second and the frames dropped; with motion off or at rest (no
animation), the frames dropped in the window.  With ``--runs``, each figure's median.

Several settings (``--pace normal,off``) and ``--before`` (another built site) are traced
in the same runs, interleaved and their order alternated, and printed side by side with
their ratios against the first (``before``, then the first pace).

Prints numbers; asserts nothing.  The machine's load moves the milliseconds.
"""

from __future__ import annotations

import argparse
import json
import os
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
  const seen = new MutationObserver(() => { seen.disconnect(); performance.mark('qin-changed'); });
  seen.observe(document.getElementById('app'),
    { subtree: true, childList: true, attributes: true, characterData: true });
  document.querySelector(selector).dispatchEvent(new MouseEvent('click', { bubbles: true })); }"""
MAIN = (("style", "UpdateLayoutTree"), ("layout", "Layout"), ("pre-paint", "PrePaint"),
        ("paint", "Paint"), ("layerize", "Layerize"), ("commit", "Commit"),
        ("script", "FunctionCall"))


def trace(site: Path, pace: str, rate: float, moves: int, click: str, path: Path,
          humans: bool = True) -> None:
    """Play ``moves`` moves, then trace the next placement or lift (or, ``rest``, the
    page left alone after them) into ``path``; ``humans`` False: against the Apprentice
    (no cover: the placement's motion plays with its reply)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw, counting_server(site) as (origin, _):
        browser = pw.chromium.launch(**chromium_launch_args())
        context, page = hot_seat(browser, origin, pace, humans)
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        phase = "document.querySelector('#play').dataset.phase"
        for n in range(moves + 1):
            last = n == moves
            page.wait_for_function("document.querySelector('#app').dataset.mode === 'playing'"
                                   " && !document.querySelector('.motion-layer')")
            done = page.get_attribute("#play", "data-moves")
            square = pick(page)
            if last and click == "placement":
                browser.start_tracing(page=page, path=str(path), categories=CATEGORIES)
            page.evaluate(CLICK, square)
            page.wait_for_function(f"document.querySelector('#play').dataset.moves !== '{done}'")
            if last and click == "placement":  # the window is the placement's alone:
                page.wait_for_timeout(1500)  # the cover stays up, as the next player
                browser.stop_tracing()  # reaches the screen
                break
            if last and click == "lift":
                page.wait_for_timeout(1000)  # the placement's own frames are over
                browser.start_tracing(page=page, path=str(path), categories=CATEGORIES)
            if page.evaluate(phase) == "cover":
                if last and click == "lift":
                    page.evaluate(CLICK, "#cover-ok")
                else:
                    page.click("#cover-ok")
                page.wait_for_function(f"{phase} === 'move'")
            if last and click == "rest":
                page.wait_for_timeout(1500)  # the last move's motion is over
                browser.start_tracing(page=page, path=str(path), categories=CATEGORIES)
                page.evaluate("performance.mark('qin-click')")  # nothing clicked
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
    return {"draws": draws, "answer": answer(events, threads, t0),
            "raster": sum(spans("ThreadPool", "RasterTask")),
            "main": {label: spans("CrRendererMain", name) for label, name in MAIN},
            **display_frames(events, t0, window_ms)}


def answer(events: list[dict[str, Any]], threads: dict[tuple[int, int], str],
           t0: float) -> dict[str, Any] | None:
    """The frame that answers the click: the main thread's first commit after the page
    changed (``qin-changed``: the reply applied), and the display's first frame drawn
    after it.  Until that commit, from the click: the main thread's style
    recalculations (elements styled), layouts (objects laid out), paint and script."""
    marks = [e["ts"] for e in events if e.get("name") == "qin-changed"]
    if not marks:
        return None

    def on(e: dict[str, Any], thread: str) -> bool:
        return e.get("ph") == "X" and threads.get((e["pid"], e["tid"]), "").startswith(thread)

    commits = sorted(e["ts"] + e.get("dur", 0) for e in events
                     if e.get("name") == "Commit" and on(e, "CrRendererMain")
                     and e["ts"] >= marks[0])
    if not commits:
        return None
    drawn = sorted(e["ts"] for e in events if e.get("name") == "Display::DrawAndSwap"
                   and on(e, "VizCompositorThread") and e["ts"] >= commits[0])
    before = [e for e in events if on(e, "CrRendererMain") and t0 <= e["ts"] < commits[0]]

    def of(name: str) -> list[dict[str, Any]]:
        return [e for e in before if e["name"] == name]

    def total(name: str) -> float:
        return float(sum(e.get("dur", 0) for e in of(name))) / 1000

    # the main thread's CPU time (thread time, which waiting for a core does not add to)
    # in the click's task and in the tasks from the one that applied the reply (whose
    # microtasks marked qin-changed) to that commit; not the frames and hovers while the
    # page's Python, in its worker, answered, which take as long as the worker does
    tasks = [e for e in events if on(e, "CrRendererMain")
             and e["name"] == "ThreadControllerImpl::RunTask"]
    cpu = sum(e.get("tdur", 0) for e in tasks
              if e["ts"] <= t0 <= e["ts"] + e.get("dur", 0)
              or marks[0] <= e["ts"] + e.get("dur", 0) and e["ts"] < commits[0])
    styled = sum(int(e.get("args", {}).get("elementCount", 0) or 0)
                 for e in of("UpdateLayoutTree"))
    laid = sum(int(e.get("args", {}).get("beginData", {}).get("dirtyObjects", 0) or 0)
               for e in of("Layout"))
    return {"committed": (commits[0] - t0) / 1000,
            "drawn": (drawn[0] - t0) / 1000 if drawn else None,
            "styles": len(of("UpdateLayoutTree")), "styled": styled,
            "layouts": len(of("Layout")), "laid": laid, "style_ms": total("UpdateLayoutTree"),
            "layout_ms": total("Layout"), "paint_ms": total("Paint"),
            "script_ms": total("FunctionCall"), "cpu_ms": cpu / 1000}


PRESENTED = ("STATE_PRESENTED_ALL", "STATE_PRESENTED_PARTIAL")


def display_frames(events: list[dict[str, Any]], t0: float,
                   window_ms: float) -> dict[str, Any]:
    """The display frames (vsyncs) of the window, from the compositor's reports
    (``PipelineReporter``, one or more per frame: a frame is presented if one of them
    says so, dropped if one says so and none presented), and the motion's span: from the
    first animation's start to the last one's end (motion.js's ``Animation`` events)."""
    def layer(e: dict[str, Any]) -> bool:  # motion.js's, not a CSS animation of the page
        return "motion-layer" in str(e.get("args", {}).get("data", {}).get("nodeName", ""))

    moving = sorted((e for e in events if e.get("name") == "Animation"
                     and e.get("ph") in ("b", "e") and t0 <= e["ts"] < t0 + window_ms * 1000),
                    key=lambda e: e["ts"])
    # an id is Chrome's while the animation lives, then used again (the cover's button's
    # hover transition, then a motion layer): each end is its id's last begin's
    opened: dict[str, float | None] = {}
    pairs = []
    for e in moving:
        ident = str(e.get("id2", e.get("id")))
        if e["ph"] == "b":
            opened[ident] = e["ts"] if layer(e) else None
        elif (began := opened.pop(ident, None)) is not None:
            pairs.append((began, e["ts"]))
    # the first move's motion: its animations, started together, and any begun before
    # the others ended (not the computer's move answering it, later in the window)
    span = None
    for began, ended in sorted(pairs):
        if span is None:
            span = (began, ended)
        elif began <= span[1]:
            span = (span[0], max(span[1], ended))
    states: dict[int, tuple[float, set[str]]] = {}
    for e in events:
        if e.get("name") != "PipelineReporter" or e.get("ph") != "b":
            continue
        report = e.get("args", {}).get("frame_reporter") or e.get("args", {}).get(
            "chrome_frame_reporter") or {}
        seq = report.get("frame_sequence")
        if seq is None or not t0 <= e["ts"] < t0 + window_ms * 1000:
            continue
        states.setdefault(seq, (e["ts"], set()))[1].add(str(report.get("state")))

    def count(lo: float, hi: float) -> tuple[int, int]:
        frames = [st for ts, st in states.values() if lo <= ts <= hi]
        shown = sum(1 for st in frames if st & set(PRESENTED))
        dropped = sum(1 for st in frames if "STATE_DROPPED" in st and not st & set(PRESENTED))
        return shown, dropped

    window = count(t0, t0 + window_ms * 1000)
    out: dict[str, Any] = {"presented": window[0], "dropped": window[1], "motion": None}
    if span is not None:
        shown, dropped = count(*span)
        ms = (span[1] - span[0]) / 1000
        out["motion"] = {"ms": ms, "start": (span[0] - t0) / 1000, "presented": shown,
                         "dropped": dropped, "fps": shown * 1000 / ms if ms else 0.0}
    return out


ANSWER = (("styles", "style recalculations", "{:.0f}"),
          ("styled", "elements styled", "{:.0f}"), ("layouts", "layouts", "{:.0f}"),
          ("laid", "objects laid out", "{:.0f}"), ("cpu_ms", "main thread CPU ms", "{:.1f}"),
          ("drawn", "drawn, ms after the click", "{:.0f}"))


def run_line(label: str, found: dict[str, Any]) -> str:
    """One trace's figures in a line."""
    frame, motion = found["answer"], found["motion"]
    out = f"{label}: "
    if frame:
        drawn = f"{frame['drawn']:.0f}" if frame["drawn"] is not None else "-"
        out += (f"the answer's frame committed {frame['committed']:.0f} ms, drawn {drawn} ms "
                f"after the click; before it {frame['styles']} style recalculations "
                f"({frame['styled']} elements, {frame['style_ms']:.1f} ms), {frame['layouts']} "
                f"layouts ({frame['laid']} objects, {frame['layout_ms']:.1f} ms), paint "
                f"{frame['paint_ms']:.1f} ms, script {frame['script_ms']:.1f} ms, main thread "
                f"CPU {frame['cpu_ms']:.1f} ms; ")
    out += (f"display frames in the window: {found['presented']} presented, "
            f"{found['dropped']} dropped")
    if motion:
        out += (f"; the motion: from {motion['start']:.0f} ms, {motion['ms']:.0f} ms long, "
                f"{motion['presented']} presented, {motion['dropped']} dropped, "
                f"{motion['fps']:.1f} frames per second")
    else:
        out += "; no motion"
    return out


def phases(found: dict[str, Any]) -> None:
    """The last trace's frames drawn, raster and main thread by phase."""
    draws = found["draws"]
    if draws:
        print(f"frames drawn        {len(draws):4}   median {statistics.median(draws):6.1f} ms"
              f"   longest {max(draws):6.1f} ms   total {sum(draws):7.1f} ms")
    else:
        print("frames drawn           0")
    print(f"raster workers                                         total {found['raster']:7.1f} ms")
    for label, spans in found["main"].items():
        print(f"main: {label:12} {len(spans):4}   longest {max(spans, default=0):6.1f} ms"
              f"                    total {sum(spans):7.1f} ms")


def medians(runs: list[dict[str, Any]]) -> dict[str, float | None]:
    """Each figure's median over the runs (None where no run has it)."""
    med = statistics.median
    frames = [r["answer"] for r in runs if r["answer"] and r["answer"]["drawn"] is not None]
    moving = [r["motion"] for r in runs if r["motion"]]
    out: dict[str, float | None] = {key: med(f[key] for f in frames) if frames else None
                                    for key, _, _ in ANSWER}
    out["dropped"] = med(r["dropped"] for r in runs)
    for key in ("fps", "presented", "start", "ms"):
        out["motion_" + key] = med(m[key] for m in moving) if moving else None
    out["motion_dropped"] = med(m["dropped"] for m in moving) if moving else None
    out["moved"] = len(moving)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=SITE)
    parser.add_argument("--before", type=Path, default=None,
                        help="another built site traced in the same runs, interleaved")
    parser.add_argument("--pace", default="normal",
                        help="the motion setting, or several (normal,off: off is the baseline)")
    parser.add_argument("--rate", type=float, default=4, help="CPU slowed this many times")
    parser.add_argument("--moves", type=int, default=2, help="moves played before the one traced")
    parser.add_argument("--click", choices=("placement", "lift", "rest"), default="placement")
    parser.add_argument("--against", choices=("human", "computer"), default="human",
                        help="hot seat (the cover between moves), or the Apprentice")
    parser.add_argument("--runs", type=int, default=1, help="traces of each (medians printed)")
    parser.add_argument("--window", type=float, default=1200, help="ms after the click")
    parser.add_argument("--keep", type=Path, default=None, help="keep the last trace here")
    args = parser.parse_args(argv)
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    sites = {"now": args.site} if args.before is None else {"before": args.before, "now": args.site}
    configs = [(name, pace) for name in sites for pace in args.pace.split(",")]
    found: dict[tuple[str, str], list[dict[str, Any]]] = {c: [] for c in configs}
    for run in range(args.runs):
        for name, pace in configs if run % 2 == 0 else list(reversed(configs)):
            with tempfile.TemporaryDirectory(prefix="qin-trace-") as tmp:
                path = args.keep if args.keep else Path(tmp) / "trace.json"
                trace(sites[name], pace, args.rate, args.moves, args.click, path,
                      args.against == "human")
                found[(name, pace)].append(read(path, args.window))
            load = " ".join(f"{x:.1f}" for x in os.getloadavg())
            print(run_line(f"run {run + 1}, {name}, motion {pace} (load {load})",
                           found[(name, pace)][-1]))
    if len(configs) == 1:
        print(f"{args.click}, motion {args.pace}, CPU slowed {args.rate:g}x, "
              f"{args.window:.0f} ms after the click, last run of {args.runs}")
        phases(found[configs[0]][-1])
    print(f"\n{args.click} against a {args.against}, CPU slowed {args.rate:g}x, medians of "
          f"{args.runs} runs; the ratio "
          f"against {configs[0][0]}, motion {configs[0][1]} (the first column)")
    meds = {c: medians(rs) for c, rs in found.items()}
    names = [f"{n}, {p}" for n, p in configs]
    print(f"{'':34}" + "".join(f"{n:>22}" for n in names))
    base = meds[configs[0]]

    def row(label: str, key: str, fmt: str) -> None:
        cells = []
        for c in configs:
            v, b = meds[c][key], base[key]
            text = "-" if v is None else fmt.format(v)
            if c != configs[0] and v is not None and b:
                text += f" ({v / b:.2f}x)"
            cells.append(f"{text:>22}")
        print(f"{label:34}" + "".join(cells))

    print("the answer's frame, before it:")
    for key, label, fmt in ANSWER:
        row(f"  {label}", key, fmt)
    row("display frames dropped (window)", "dropped", "{:.1f}")
    row("motion: frames per second", "motion_fps", "{:.1f}")
    row("motion: presented", "motion_presented", "{:.1f}")
    row("motion: dropped", "motion_dropped", "{:.1f}")
    row("motion: starts, ms after the click", "motion_start", "{:.0f}")
    row("motion: ms long", "motion_ms", "{:.0f}")
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
