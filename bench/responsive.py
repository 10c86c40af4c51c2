"""How long the game's page blocks its main thread, on the desktop and on a phone profile.

    python bench/responsive.py                    # 3 runs, both profiles (10-20 min)
    python bench/responsive.py --runs 1 --moments 2 --tries 3   # a smoke test
    python bench/responsive.py --profile desktop  # one profile only (repeatable)
    python bench/responsive.py --site DIR         # another built copy of the site

Drives Chromium with Playwright (bench/boot.py's browser, servers and floor page) against
build/site/ as it is (run `make site` first), cold (a new browser context) and warm (a
second page in that context, after its service worker and kept start-up are done), in
two profiles: "desktop" (1366x768, localhost) and "phone" (360x740 with touch, the CPU
slowed 4x by the DevTools Protocol's Emulation.setCPUThrottlingRate, bench/boot.py's slow
network: 20 Mbit/s, 40 ms). It relies only on what any version of the page has:
body[data-boot], the qin:prestart-usable mark, #start, the buttons of #hand, the board's
[data-square] elements (a legal one has the class "legal"), the hand-over's #cover-ok.

- long tasks: PerformanceObserver "longtask" (buffered, from an injected script) from
  navigation until the hand is dealt; the longest, and the share of the time from
  "usable" (qin:prestart-usable) to "ready" (body[data-boot=ready]) they cover.
- the wait of a click on Start: real input (the DevTools Protocol's mouse or touch
  events), on each visit at another moment of the boot: when the start screen is usable,
  then at 1/N, 2/N, ... of the time from usable to ready (of the run's first visit); from
  the press's timestamp (when the browser got it) to the first click handler, and to the
  next frame after the page's own handlers.
- Python ready and the hand dealt (after that click), against a bare Pyodide started from
  the same files the site serves: a floor page whose vendor/ is the site's own (its packed
  standard library included), loadPyodide() and 1+1, measured in the same run (cold and
  warm, interleaved with the game, its long tasks too).
- interactions after ready (the warm page of the visit that clicked Start at once), real
  input: pick a tile of the hand, hover a legal square (a first tap on the phone: the
  preview), place (click or second tap); from the input's timestamp to the page's first
  change of the DOM after the handler, plus a frame; the 75th percentile over the tries.

Prints numbers and ratios; asserts nothing about time. The load average is printed.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import boot  # noqa: E402

SITE = ROOT / "build" / "site"
TIMEOUT_MS = 180_000
CHANGE_TIMEOUT_MS = 10_000


@dataclass(frozen=True)
class Profile:
    name: str
    width: int
    height: int
    touch: bool
    cpu_rate: float  # Emulation.setCPUThrottlingRate (1: none)
    network: dict[str, Any] | None  # Network.emulateNetworkConditions, None: localhost

    def describe(self) -> str:
        parts = [f"{self.width}x{self.height}" + (" touch" if self.touch else "")]
        parts.append(f"CPU slowed {self.cpu_rate:g}x" if self.cpu_rate > 1 else "CPU as is")
        if self.network:
            parts.append(f"network {self.network['downloadThroughput'] * 8 / 1e6:.0f} Mbit/s, "
                         f"{self.network['latency']} ms")
        else:
            parts.append("localhost")
        return ", ".join(parts)


PROFILES = {
    "desktop": Profile("desktop", 1366, 768, False, 1, None),
    "phone": Profile("phone", 360, 740, True, 4, boot.SLOW_NETWORK),
}

# Injected before the page's own scripts, in the game and the floor alike. window.__resp:
# the long tasks, the moments usable / ready / dealt, and the gesture being measured
# (`cur`, armed by the bench: the kind of event to time, "click" or "mouseover").
PROBE_JS = """(() => {
  if (window.__resp) return;
  const r = (window.__resp = { tasks: [], longtask: true, usable: null, ready: null,
    dealt: null, down: null, cur: null });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) r.tasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) { r.longtask = false; }
  new PerformanceObserver((list) => {
    for (const m of list.getEntries()) {
      if (m.name === "qin:prestart-usable" && r.usable === null) r.usable = m.startTime;
    }
  }).observe({ type: "mark", buffered: true });
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  addEventListener("pointerdown", (e) => {
    if (e.isTrusted && r.down === null) r.down = e.timeStamp;
  }, true);
  const seen = (e) => {
    const c = r.cur;
    if (!e.isTrusted || !c || c.kind !== e.type || c.handled !== null) return;
    c.handled = performance.now();
    c.stamp = e.type === "click" && r.down !== null ? r.down : e.timeStamp;
    c.onStart = !!(e.target && e.target.closest && e.target.closest("#start"));
    c.where = e.target ? (e.target.id ? "#" + e.target.id : String(e.target.nodeName)) : "";
    frame().then(() => { c.frame = performance.now(); });
  };
  addEventListener("click", seen, true);
  addEventListener("mouseover", seen, true);
  new MutationObserver(() => {
    const now = performance.now();
    const boot = document.body ? document.body.dataset.boot : null;
    if (r.ready === null && boot === "ready") r.ready = now;
    if (r.dealt === null && boot === "ready" && document.querySelector("#hand button")) {
      r.dealt = now;
    }
    const c = r.cur;
    if (c && c.handled !== null && c.changed === null) {
      c.changed = now;
      frame().then(() => { c.painted = performance.now(); });
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();"""

# The start screen can take a click: the page's time, the mark and #start's centre.
START_READY_JS = """() => {
  const r = window.__resp, start = document.getElementById("start");
  if (!r || !start || start.disabled) return null;
  // Centred: at the screen's edge the loading status (#boot, fixed) can cover it.
  start.scrollIntoView({ block: "center", inline: "nearest" });
  const box = start.getBoundingClientRect();
  if (!box.width || !box.height || (start.checkVisibility && !start.checkVisibility())) return null;
  arm("click");  // armed now: a later call could wait behind a long task
  return { now: performance.now(), usable: r.usable, x: box.x + box.width / 2,
           y: box.y + box.height / 2 };
}"""
ARM_JS = """(kind) => { const r = window.__resp; r.down = null;
  r.cur = { kind, stamp: null, handled: null, frame: null, changed: null, painted: null,
            onStart: false }; }"""
START_READY_JS = START_READY_JS.replace("() => {", "() => {\n  const arm = " + ARM_JS + ";", 1)
CLICK_SEEN_JS = "() => window.__resp.cur && window.__resp.cur.frame !== null"
CHANGE_SEEN_JS = ("() => { const c = window.__resp.cur; "
                  "return !!c && c.frame !== null && c.painted !== null; }")
DEALT_JS = ("() => window.__resp && window.__resp.dealt !== null"
            " || document.body?.dataset.boot === 'error'")
# The centre of an element of the page (null: none), for real mouse and touch input.
CENTRE_JS = """(selector) => {
  const all = [...document.querySelectorAll(selector)].filter((e) => {
    const b = e.getBoundingClientRect(); return b.width > 0 && b.height > 0; });
  if (!all.length) return null;
  const e = all[Math.floor(all.length / 2)];
  e.scrollIntoView({ block: "center", inline: "nearest" });
  const b = e.getBoundingClientRect();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2,
           square: e.dataset ? e.dataset.square || null : null };
}"""
HAND_TILE = "#hand button:not([disabled])"
LEGAL_SQUARE = "#board [data-square].legal"
COVER_OK = "#cover-ok"  # the hand-over screen's button (its hand hidden until pressed)


# --------------------------------------------------------------------------- figures


def longest_task(tasks: list[list[float]], until: float | None = None) -> float:
    """The longest task (ms) that started before ``until`` (all when None); 0 if none."""
    return max((d for s, d in tasks if until is None or s < until), default=0.0)


def blocked_share(tasks: list[list[float]], start: float, end: float) -> float:
    """The share (0-1) of [start, end] covered by the tasks (start, duration)."""
    if end <= start:
        return 0.0
    covered = 0.0
    for s, d in tasks:
        covered += max(0.0, min(end, s + d) - max(start, s))
    return min(1.0, covered / (end - start))


def percentile(values: list[float], q: float) -> float | None:
    """The q-th percentile (0-100), interpolated between ranks; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def spread(values: list[float], digits: int = 0) -> str:
    """'median (min-max)'; '-' for none."""
    if not values:
        return "-"
    if len(values) == 1:
        return f"{values[0]:,.{digits}f}"
    return (f"{statistics.median(values):,.{digits}f} "
            f"({min(values):,.{digits}f}-{max(values):,.{digits}f})")


def ratio(values: list[float], base: list[float]) -> str:
    """The ratio of the medians, '-' when either is missing."""
    if not values or not base or not statistics.median(base):
        return "-"
    return f"{statistics.median(values) / statistics.median(base):.2f}x"


def paired(values: list[float | None], base: list[float | None]) -> str:
    """Run-by-run ratios (value / base of the same run): median (range)."""
    ratios = [v / b for v, b in zip(values, base, strict=False) if v and b]
    if not ratios:
        return "-"
    return f"{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"


def moment_label(fraction: float) -> str:
    return "when usable" if fraction == 0 else f"at {fraction:.0%} of usable to ready"


def report(profile: Profile, data: dict[str, Any]) -> list[str]:
    """The profile's table: lines of text (data as Bench.profile_runs returns it)."""
    visits: list[dict[str, Any]] = data["visits"]
    floors: list[dict[str, Any]] = data["floors"]
    runs = len(floors)
    lines = [f"{profile.name} ({profile.describe()}), {runs} runs; ms, median (range)"]
    head = f"{'':<52} {'cold':>22} {'warm':>22}"
    lines += [head, "-" * len(head)]

    def of(visit: str, key: str, first_only: bool = False) -> list[float]:
        return [v[key] for v in visits if v["visit"] == visit and v.get(key) is not None
                and (not first_only or v["moment"] == 0)]

    def floor_of(visit: str, key: str) -> list[float]:
        return [f[visit][key] for f in floors if f[visit].get(key) is not None]

    def row(label: str, cold: list[float], warm: list[float], digits: int = 0) -> None:
        lines.append(f"{label:<52} {spread(cold, digits):>22} {spread(warm, digits):>22}")

    row("longest main-thread task, navigation to hand dealt", of("cold", "longest"),
        of("warm", "longest"))
    row("  floor: longest task, navigation to ready", floor_of("cold", "longest"),
        floor_of("warm", "longest"))
    lines.append(f"{'  game / floor (ratio of the medians)':<52} "
                 f"{ratio(of('cold', 'longest'), floor_of('cold', 'longest')):>22} "
                 f"{ratio(of('warm', 'longest'), floor_of('warm', 'longest')):>22}")
    row("share of usable to ready blocked by long tasks, %", of("cold", "share_pct"),
        of("warm", "share_pct"))
    row("long tasks, navigation to hand dealt (count)", of("cold", "tasks"),
        of("warm", "tasks"))
    row("start screen usable (qin:prestart-usable)", of("cold", "usable"),
        of("warm", "usable"))
    row("Python ready (data-boot=ready)", of("cold", "ready", True),
        of("warm", "ready", True))
    row("hand dealt after a Start clicked when usable", of("cold", "dealt", True),
        of("warm", "dealt", True))
    row("floor: bare Pyodide, the site's vendor/, 1+1", floor_of("cold", "ready"),
        floor_of("warm", "ready"))
    for label, key in (("  Python ready / floor, run by run", "ready"),
                       ("  hand dealt / floor, run by run", "dealt")):
        cells = []
        for visit in ("cold", "warm"):
            game = [next((v[key] for v in visits if v["visit"] == visit and v["run"] == run
                          and v["moment"] == 0), None) for run in range(runs)]
            cells.append(paired(game, [f[visit].get("ready") for f in floors]))
        lines.append(f"{label:<52} {cells[0]:>22} {cells[1]:>22}")
    lines.append("")
    lines.append("a click on Start, real input at moments of the boot: ms from the press to "
                 "the first click handler / to the next frame")
    moments = sorted({v["moment"] for v in visits})
    for moment in moments:
        for key, what in (("wait", "to the handler"), ("to_frame", "to a frame")):
            cells = [spread([v[key] for v in visits if v["visit"] == visit
                             and v["moment"] == moment and v.get(key) is not None])
                     for visit in ("cold", "warm")]
            label = f"{moment_label(moment)}, {what}"
            lines.append(f"  {label:<50} {cells[0]:>22} {cells[1]:>22}")
    for visit in ("cold", "warm"):
        waits = [v for v in visits if v["visit"] == visit and v.get("wait") is not None]
        if waits:
            worst = max(waits, key=lambda v: v["wait"])
            lines.append(f"  the longest wait, {visit}: {worst['wait']:,.0f} ms to the handler "
                         f"(clicked at {worst['clicked_at']:,.0f} ms), "
                         f"{max(v['to_frame'] for v in waits):,.0f} ms to a frame at most")
    missed = [v for v in visits if v.get("wait") is not None and not v.get("on_start")]
    if missed:
        lines.append(f"  {len(missed)} of {len(visits)} presses landed elsewhere than #start (on "
                     + ", ".join(sorted({v.get("where") or "?" for v in missed}))
                     + "): the screen moved under it; Start was then clicked by script")
    inter: dict[str, list[list[float]]] = data.get("interactions") or {}
    if inter:
        lines.append("")
        tries = max(len(v) for v in inter.values())
        lines.append(f"interactions after ready (warm page), real input, {tries} tries: ms from "
                     f"the input to its handler / to the screen's change plus a frame")
        lines.append(f"  {'':<50} {'75th percentile':>22} {'median (range)':>22}")
        for key, name in INTERACTIONS:
            timed = inter.get(key) or []
            if not timed:
                lines.append(f"  {name(profile):<50} {'-':>22}")
                continue
            handler = [t[0] for t in timed]
            change = [t[1] for t in timed]
            p75 = f"{percentile(handler, 75) or 0:.1f} / {percentile(change, 75) or 0:.1f}"
            lines.append(f"  {name(profile):<50} {p75:>22} {spread(change, 1):>22}")
    if data.get("errors"):
        lines.append("page errors seen: " + " | ".join(sorted(set(data["errors"])))[:400])
    return lines


INTERACTIONS: tuple[tuple[str, Callable[[Profile], str]], ...] = (
    ("pick", lambda p: "pick a tile (" + ("tap" if p.touch else "click") + " in the hand)"),
    ("hover", lambda p: "first tap on a legal square (preview)" if p.touch
     else "hover a legal square (preview)"),
    ("place", lambda p: "place (" + ("second tap" if p.touch else "click") + " on it)"),
)


# --------------------------------------------------------------------------- the bench


@contextlib.contextmanager
def floor_dir(site: Path) -> Iterator[Path]:
    """A temporary folder with bench/boot.py's floor page and the site's own vendor/ (the
    same Pyodide files the site serves, its packed standard library included)."""
    with tempfile.TemporaryDirectory(prefix="qin-floor-same-") as tmp:
        root = Path(tmp)
        (root / "index.html").write_text(boot.FLOOR_HTML, encoding="utf-8")
        (root / "floor.js").write_text(boot.FLOOR_JS, encoding="utf-8")
        (root / "vendor").symlink_to((site / "vendor").resolve(), target_is_directory=True)
        yield root


class Bench:
    """The servers and the browser (a context manager)."""

    def __init__(self, site: Path) -> None:
        self.site = site
        self._stack = contextlib.ExitStack()

    def __enter__(self) -> Bench:
        from playwright.sync_api import sync_playwright

        if not (self.site / "index.html").is_file():
            raise SystemExit(f"{self.site} has no index.html: run `make site`")
        stack = self._stack
        self.origin, self.hits = stack.enter_context(boot.counting_server(self.site))
        floor = stack.enter_context(floor_dir(self.site))
        self.floor_origin, self.floor_hits = stack.enter_context(boot.counting_server(floor))
        self.playwright = stack.enter_context(sync_playwright())
        self.browser = self.playwright.chromium.launch(**boot.chromium_launch_args())
        stack.callback(self.browser.close)
        return self

    def __exit__(self, *exc: object) -> None:
        self._stack.close()

    def context(self, profile: Profile) -> Any:
        context = self.browser.new_context(
            viewport={"width": profile.width, "height": profile.height},
            device_scale_factor=2 if profile.touch else 1, is_mobile=profile.touch,
            has_touch=profile.touch)
        context.add_init_script(PROBE_JS)
        return context

    def page(self, context: Any, profile: Profile, errors: list[str]) -> Any:
        """A new page with the profile's CPU and network emulation."""
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.on("pageerror", lambda e: errors.append(str(e)))
        cdp = context.new_cdp_session(page)
        if profile.cpu_rate > 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile.cpu_rate})
        if profile.network:
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", profile.network)
        return page

    def press(self, page: Any, profile: Profile, x: float, y: float) -> None:
        if profile.touch:
            page.touchscreen.tap(x, y)
        else:
            page.mouse.click(x, y)

    # -- the floor ----------------------------------------------------------------------
    def floor_run(self, profile: Profile) -> dict[str, Any]:
        context = self.context(profile)
        errors: list[str] = []
        try:
            out: dict[str, Any] = {}
            for visit in ("cold", "warm"):
                page = self.page(context, profile, errors)
                page.goto(self.floor_origin + "/", wait_until="commit")
                page.wait_for_function(boot.FLOOR_DONE_JS)
                if page.evaluate("document.body.dataset.boot") != "ready":
                    raise RuntimeError("the floor page failed: "
                                       + str(page.evaluate("document.body.dataset.error")))
                ready = float(page.evaluate("Number(document.body.dataset.bootMs)"))
                probe = page.evaluate("window.__resp")
                out[visit] = {"ready": ready, "longest": longest_task(probe["tasks"], ready)}
                self.floor_hits.wait_quiet(0.3)
                page.close()
            return out
        finally:
            context.close()

    # -- the game -----------------------------------------------------------------------
    def game_visit(self, page: Any, profile: Profile, moment: float,
                   span: float | None) -> dict[str, Any]:
        """One visit: Start clicked at usable + moment * span; until the hand is dealt."""
        page.goto(self.origin + "/", wait_until="commit")
        seen = None
        deadline = time.monotonic() + TIMEOUT_MS / 1000
        while seen is None and time.monotonic() < deadline:
            seen = page.evaluate(START_READY_JS)
            if seen is None:
                time.sleep(0.01)
        if seen is None:
            raise RuntimeError("the start screen never took a click")
        polled = time.monotonic()
        usable = seen["usable"] if seen["usable"] is not None else seen["now"]
        target = usable + moment * (span or 0)
        wait_s = (target - seen["now"]) / 1000 - (time.monotonic() - polled)
        if wait_s > 0:
            time.sleep(wait_s)
        self.press(page, profile, seen["x"], seen["y"])
        page.wait_for_function(CLICK_SEEN_JS)
        if not page.evaluate("window.__resp.cur.onStart"):  # the screen moved under it
            page.evaluate("document.getElementById('start').click()")
        page.wait_for_function(DEALT_JS)
        if page.evaluate("document.body.dataset.boot") == "error":
            raise RuntimeError("the game failed to boot")
        r = page.evaluate("window.__resp")
        c = r["cur"]
        ready, dealt = r["ready"], r["dealt"]
        start = r["usable"] if r["usable"] is not None else usable
        return {
            "moment": moment, "usable": r["usable"], "ready": ready, "dealt": dealt,
            "longest": longest_task(r["tasks"], dealt),
            "tasks": float(sum(1 for s, _ in r["tasks"] if s < dealt)),
            "share_pct": 100 * blocked_share(r["tasks"], start, ready),
            "clicked_at": c["stamp"], "wait": c["handled"] - c["stamp"],
            "to_frame": c["frame"] - c["stamp"], "on_start": bool(c["onStart"]),
            "where": str(c.get("where") or ""),
            "longtask_api": bool(r["longtask"]),
        }

    def settle(self, page: Any) -> None:
        """After a cold visit: the service worker, the kept bytecode and snapshot done;
        saved games cleared, so that the warm visit starts at the start screen too."""
        for script in (boot.OFFLINE_SETTLED_JS, boot.BYTECODE_KEPT_JS, boot.SNAPSHOT_KEPT_JS):
            with contextlib.suppress(Exception):
                page.wait_for_function(script, timeout=60_000)
        self.hits.wait_quiet(1.0)
        page.evaluate("localStorage.clear()")

    def measure(self, page: Any, profile: Profile, kind: str, x: float,
                y: float) -> list[float] | None:
        """[input to handler, input to the DOM's change plus a frame] of one gesture at
        (x, y): a press (click or tap) for kind "click", a mouse move for "mouseover"."""
        page.evaluate(ARM_JS, kind)
        if kind == "mouseover":
            page.mouse.move(x, y)
        else:
            self.press(page, profile, x, y)
        try:
            page.wait_for_function(CHANGE_SEEN_JS, timeout=CHANGE_TIMEOUT_MS)
        except Exception:
            return None
        c = page.evaluate("window.__resp.cur")
        return [c["handled"] - c["stamp"], c["painted"] - c["stamp"]]

    def interactions(self, page: Any, profile: Profile, tries: int) -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = {key: [] for key, _ in INTERACTIONS}
        for _ in range(tries):
            cover = page.evaluate(CENTRE_JS, COVER_OK)
            if cover is not None:  # the hand-over between two players at one screen
                self.press(page, profile, cover["x"], cover["y"])
            with contextlib.suppress(Exception):
                page.wait_for_function(f"() => !!document.querySelector({HAND_TILE!r})",
                                       timeout=30_000)
            tile = page.evaluate(CENTRE_JS, HAND_TILE)
            if tile is None:
                break
            got = self.measure(page, profile, "click", tile["x"], tile["y"])
            if got is None:
                break
            out["pick"].append(got)
            square = page.evaluate(CENTRE_JS, LEGAL_SQUARE)
            if square is None:
                break
            x, y = square["x"], square["y"]
            # The preview: the pointer over the square, or a first tap on it.
            got = self.measure(page, profile, "click" if profile.touch else "mouseover", x, y)
            if got is not None:
                out["hover"].append(got)
            got = self.measure(page, profile, "click", x, y)
            if got is None:
                break
            out["place"].append(got)
            time.sleep(0.3)  # let the page's after-move work (a computer's turn) begin
        return out

    def game_run(self, profile: Profile, run: int, moment: float, spans: dict[str, float],
                 tries: int, errors: list[str]) -> list[dict[str, Any]]:
        """A cold and a warm visit in a new context, Start clicked at the same moment."""
        context = self.context(profile)
        try:
            out = []
            for visit in ("cold", "warm"):
                page = self.page(context, profile, errors)
                got = self.game_visit(page, profile, moment, spans.get(visit))
                got.update(visit=visit, run=run)
                out.append(got)
                if moment == 0 and visit not in spans and got["usable"] is not None:
                    spans[visit] = max(0.0, got["ready"] - got["usable"])
                if visit == "cold":
                    self.settle(page)
                elif moment == 0 and tries:
                    got["interactions"] = self.interactions(page, profile, tries)
                page.close()
            return out
        finally:
            context.close()

    def profile_runs(self, profile: Profile, runs: int, moments: int,
                     tries: int) -> dict[str, Any]:
        floors: list[dict[str, Any]] = []
        visits: list[dict[str, Any]] = []
        errors: list[str] = []
        inter: dict[str, list[Any]] = {key: [] for key, _ in INTERACTIONS}
        spans: dict[str, float] = {}
        for run in range(runs):
            floors.append(self.floor_run(profile))
            for step in range(moments):
                for got in self.game_run(profile, run, step / moments, spans, tries, errors):
                    visits.append(got)
                    for key, values in (got.pop("interactions", None) or {}).items():
                        inter[key].extend(values)
            first = [v for v in visits if v["run"] == run and v["moment"] == 0]
            print(f"  {profile.name} run {run + 1}/{runs}: floor {floors[-1]['cold']['ready']:,.0f}"
                  f"/{floors[-1]['warm']['ready']:,.0f} ms; game dealt "
                  + "/".join(f"{v['dealt']:,.0f}" for v in first) + " ms, longest task "
                  + "/".join(f"{v['longest']:,.0f}" for v in first) + " ms; Start waited "
                  + ", ".join(f"{v['wait']:,.0f}" for v in visits if v["run"] == run)
                  + " ms", flush=True)
        return {"floors": floors, "visits": visits, "interactions": inter, "errors": errors}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3, help="runs of each (default 3)")
    parser.add_argument("--moments", type=int, default=3,
                        help="moments of the boot at which Start is clicked (default 3: "
                             "when usable, at 1/3 and 2/3 of usable to ready)")
    parser.add_argument("--tries", type=int, default=5,
                        help="placements timed after ready, per run (default 5)")
    parser.add_argument("--profile", choices=sorted(PROFILES), action="append",
                        help="only this profile (repeatable; default both)")
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (build/site)")
    args = parser.parse_args(argv)
    profiles = [PROFILES[name] for name in (args.profile or ["desktop", "phone"])]
    started = time.monotonic()
    print(f"bench/responsive.py: {args.runs} runs, {args.moments} moments, {args.tries} tries; "
          f"load average {boot.load_average()} on {os.cpu_count()} CPUs", flush=True)
    results = {}
    with Bench(args.site.resolve()) as bench:
        version = bench.browser.version
        bench.floor_run(profiles[0])  # warm-up: the OS file cache, the browser's first start
        for profile in profiles:
            results[profile.name] = bench.profile_runs(profile, max(1, args.runs),
                                                       max(1, args.moments), max(0, args.tries))
    print()
    print(f"Chromium {version}, headless; cold = a new browser context, warm = a second page "
          f"in it (service worker, kept start-up)")
    for profile in profiles:
        print()
        print("\n".join(report(profile, results[profile.name])))
    if any(not v["longtask_api"] for r in results.values() for v in r["visits"]):
        print("this Chromium reports no long tasks: the long-task rows are 0")
    print()
    print(f"load average at the end {boot.load_average()}; "
          f"{time.monotonic() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
