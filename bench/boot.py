"""Start-up and interaction speed of the game in the browser, against Pyodide's floor.

    python bench/boot.py              # 5 runs of each, a few minutes on 2 cores
    python bench/boot.py --runs 7     # more runs
    python bench/boot.py --quick      # 2 runs, short engine budgets (smoke test)
    python bench/boot.py --no-build   # measure build/site as it is
    python bench/boot.py --site DIR   # measure another built site (e.g. a copy)
    python bench/boot.py --block-sw   # warm visits through the HTTP cache, no service worker

Drives Debian's Chromium (or Playwright's own, or $QIN_CHROMIUM) headless with
Playwright against build/site/ served by tools/serve.py's handler on 127.0.0.1 (brotli
and gzip negotiation as in `make play`), with the e2e tests' flags (no other host resolves).
Everything is measured in the same run, runs interleaved (floor, game, floor, ...):

- floor: a bare Pyodide boot from the same vendored files, a page generated here (not
  part of the site: served by a second server from a temporary folder that links to
  build/site/vendor/) that imports pyodide.mjs, calls loadPyodide() and runs ``1+1``.
  Cold = a new browser context (empty HTTP cache); warm = a second page in that
  context.
- game cold/warm, the same way, at "/". Warm uses the service worker when the page
  registered one (the bench waits for the server to be quiet first, so its precache is
  done), the HTTP cache otherwise.  Times from navigation start
  (``performance.now()`` in the page), taken by a script injected before the page's
  own: "start screen usable" = the mark qin:prestart-usable (web/page/prestart.js: the
  start screen before Python); the script clicks Start at that moment, as an eager
  player would: "board" = #play shown with the board's SVG, plus one frame (drawn
  before Python); "hand dealt" = Python ready and the hand's tiles shown (the game
  went on by itself).  On a site without that mark: "playable" = body[data-boot=ready]
  AND #start visible and enabled, and the script clicks Start then.  A third visit
  (warm again, saved games cleared) clicks Start 1 s after playable, as a player
  would: the page prepares the board in that second (web/page/main.py's rehearsal).
- bytes and requests of a cold load, counted by the server (everything the page and
  its workers asked for up to the board; the service worker's script and precache,
  which start once Python is ready, are counted apart): transferred (gzip when sent
  so) and decoded; "ours" = everything outside vendor/; the largest files.
- interactions on the warm page (in-page, performance.now() around a dispatched DOM
  event; the handlers run synchronously, then one frame: requestAnimationFrame and a
  task after it): pick a tile, hover a legal square (the preview), hover another
  square, click a legal square (placement to updated board).
- the engine under Pyodide vs CPython (bench/engine_snippet.py, as bench/engine_browser.py
  runs it) in the floor page.

Prints numbers and ratios; asserts nothing about time.  The machine's load average is
printed: other work on it moves every figure.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from e2e.helpers import CHROMIUM_ARGS  # noqa: E402
from tools.serve import SiteHandler, SiteServer, served  # noqa: E402

SITE = ROOT / "build" / "site"
SYSTEM_CHROMIUM = "/usr/bin/chromium"
TIMEOUT_MS = 90_000

# --------------------------------------------------------------------------- pages

FLOOR_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pyodide floor</title>
<link rel="icon" href="data:,">
<script type="module" src="./floor.js"></script>
</head><body data-boot="loading"><p>Bare Pyodide: loadPyodide() and 1+1.</p></body></html>
"""

FLOOR_JS = """import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
try {
  performance.mark("qin:loadPyodide");
  const py = await loadPyodide();
  performance.mark("qin:loaded");
  const two = py.runPython("1+1");
  window.__pyodide = py;
  document.body.dataset.result = String(two);
  document.body.dataset.bootMs = String(Math.round(performance.now()));
  document.body.dataset.boot = "ready";
} catch (e) {
  document.body.dataset.error = String(e);
  document.body.dataset.boot = "error";
}
"""

# The floor with a memory snapshot made beforehand and served with the page (what a
# build-time snapshot would be): the game's own kept snapshot, taken out of its Cache
# Storage by the bench, with the site's standard library it was made with.
SNAP_HTML = FLOOR_HTML.replace("./floor.js", "./snap.js")
SNAP_JS = FLOOR_JS.replace(
    "await loadPyodide()",
    "await loadPyodide({ stdLibURL: './site-stdlib.zip', _loadSnapshot: "
    "fetch('./snapshot.bin').then((r) => r.arrayBuffer()) })")
# The same floor with the site's own standard library (tools/stdlib.py) and no snapshot:
# what the snapshot is weighed against.
SITE_HTML = FLOOR_HTML.replace("./floor.js", "./site.js")
SITE_JS = FLOOR_JS.replace("await loadPyodide()",
                           "await loadPyodide({ stdLibURL: './site-stdlib.zip' })")
SNAPSHOT_BIN = "snapshot.bin"
# Reads the page's kept snapshot (web/startup/snapshot.js's cache) as base64.
KEPT_SNAPSHOT_JS = """async () => {
  const cache = await caches.open("qin.pyodide-snapshot");
  const keys = await cache.keys();
  if (!keys.length) return null;
  const bytes = new Uint8Array(await (await cache.match(keys[0])).arrayBuffer());
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}"""

# The second profile: Chrome DevTools Protocol network emulation on each page (its own
# requests; a worker's are not throttled), as in the issue: 20 Mbit/s, 40 ms latency.
SLOW_NETWORK = {"offline": False, "latency": 40, "downloadThroughput": 20e6 / 8,
                "uploadThroughput": 20e6 / 8}

# Injected before the game page's own scripts (context.add_init_script).  Records in
# window.__bench: playable (ms from navigation start), board (after the click on
# Start, plus a frame) and clicked (when it clicked).
PROBE_JS = """(() => {
  const bench = (window.__bench = {
    playable: null, clicked: null, board: null, resumed: false, steps: [],
    ready: null, usable: null, early: false, dealt: null });
  // The start screen before Python (web/page/prestart.js, where the site has one): the
  // probe clicks Start the moment it is usable, as an eager player would.
  const earlyStart = () => {
    if (bench.clicked !== null || window.__benchNoEarly) return;
    const start = document.getElementById("start");
    if (!start || start.disabled) return;
    bench.clicked = performance.now();
    bench.early = waitingBoard = true;
    start.click();
    check();
  };
  new PerformanceObserver((list) => {
    for (const m of list.getEntries()) {
      if (m.name === "qin:prestart-usable" && bench.usable === null) {
        bench.usable = m.startTime;
        setTimeout(earlyStart, 0);
      }
    }
  }).observe({ type: "mark", buffered: true });
  // PyScript's progress steps ("Loading pyodide", "Loaded files", ...), with their time.
  addEventListener("py:progress", ({ detail }) => {
    bench.steps.push([performance.now(), String(detail ?? "")]);
  });
  addEventListener("py:all-done", () => bench.steps.push([performance.now(), "py:all-done"]));
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const visible = (el) => !!el
    && (el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null);
  function playable() {
    const body = document.body;
    if (!body || body.dataset.boot !== "ready") return false;
    const start = document.getElementById("start");
    return visible(start) && !start.disabled;
  }
  function boardShown() {
    const play = document.getElementById("play");
    return visible(play) && !!document.querySelector("#board svg");
  }
  let waitingBoard = false;
  const observer = new MutationObserver(() => {
    if (bench.ready === null && document.body?.dataset.boot === "ready") {
      bench.ready = performance.now();
    }
    if (bench.early) {
      // After an early Start the game goes on by itself once Python is there: the
      // first moment a player can act is the dealt hand.
      if (bench.dealt === null && document.body?.dataset.boot === "ready"
          && document.querySelector("#hand .tile-btn")) bench.dealt = performance.now();
      check();
      return;
    }
    if (bench.playable === null && document.body?.dataset.boot === "ready" && boardShown()) {
      // A saved game was resumed: the board itself is the first playable screen.
      bench.playable = bench.clicked = performance.now();
      bench.resumed = waitingBoard = true;
    }
    if (bench.playable === null && bench.clicked === null && playable()) {
      bench.playable = performance.now();
      setTimeout(() => {
        bench.clicked = performance.now();
        waitingBoard = true;
        document.getElementById("start").click();
        check();
      }, window.__benchStartDelay || 0);
    }
    check();
  });
  function check() {
    if (waitingBoard && bench.board === null && boardShown()) {
      waitingBoard = false;
      frame().then(() => { bench.board = performance.now(); });
    }
  }
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();"""

# The page's own marks (web/page/main.py: "qin:main" before its imports, "qin:imported",
# "qin:ready" when the start screen is drawn), merged into the steps.
MARKS_JS = ("() => performance.getEntriesByType('mark')"
            ".filter((m) => m.name.startsWith('qin:')).map((m) => [m.startTime, m.name])")
SETTLED_MS = 1000  # a third visit clicks Start this long after the page is playable
PROBE_DONE_JS = ("() => window.__bench && window.__bench.board !== null"
                 " && window.__bench.ready !== null"
                 " && (!window.__bench.early || window.__bench.dealt !== null)")
FLOOR_DONE_JS = "() => ['ready', 'error'].includes(document.body?.dataset.boot)"
# offline.js sets body[data-offline] once its service worker is active.
OFFLINE_SETTLED_JS = ("() => ['ready', 'unavailable'].includes(document.body?.dataset.offline)"
                      " || !('serviceWorker' in navigator)"
                      " || !document.querySelector('script[src$=\"offline.js\"]')")

# web/startup/bytecode.py: the page has kept its compiled modules for the next visit, or
# runs those served with the site (kept by the service worker), or could not; or there is
# no such step.
BYTECODE_KEPT_JS = ("() => ['stored', 'restored', 'served', 'off']"
                    ".includes(document.body?.dataset.bytecode)"
                    " || !document.querySelector('script[src$=\"main.py\"]')")
# web/startup/snapshot.js: Pyodide's memory snapshot is kept for the next visit (or could not
# be; or the site has no snapshot step: no body[data-snapshot]).
SNAPSHOT_KEPT_JS = ("() => ['stored', 'restored', 'off'].includes(document.body?.dataset.snapshot)"
                    " || !document.body?.dataset.snapshot")

# Where each file's fetch started and ended (Resource Timing), ms from navigation.
RESOURCES_JS = """() => performance.getEntriesByType("resource").map((e) => ({
  name: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd,
  transfer: e.transferSize, decoded: e.decodedBodySize }))"""

# Interactions on the game screen: n placements (pick a tile, hover a legal square,
# hover an illegal one, click the legal one), each event dispatched in the page.
INTERACT_JS = """async (n) => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const play = document.getElementById("play");
  const out = { pick: [], hoverLegal: [], hoverOther: [], place: [], placed: 0 };
  async function timed(list, el, type) {
    const t0 = performance.now();
    el.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, view: window }));
    const t1 = performance.now();
    await frame();
    list.push([t1 - t0, performance.now() - t0]);
  }
  for (let i = 0; i < n; i++) {
    if (play.dataset.phase === "cover") {
      document.getElementById("cover-ok").click();
      await frame();
    }
    if (play.dataset.phase !== "move") break;
    const tile = document.querySelector(".tile-btn:not([disabled])");
    if (!tile) break;
    await timed(out.pick, tile, "click");
    const legal = [...document.querySelectorAll("#board rect.sq.legal")];
    if (!legal.length) break;
    const other = [...document.querySelectorAll("#board rect.sq:not(.legal)")];
    const target = legal[(i * 7) % legal.length];
    await timed(out.hoverOther, other[(i * 13) % other.length], "mouseover");
    await timed(out.hoverLegal, target, "mouseover");
    const before = play.dataset.moves;
    await timed(out.place, target, "click");
    if (play.dataset.moves === before) break;
    out.placed += 1;
  }
  return out;
}"""

# --------------------------------------------------------------------------- server


@dataclass
class Hit:
    path: str
    status: int
    sent: int  # body bytes on the wire (the .br or .gz when compressed)
    decoded: int  # the file's own size
    encoding: str  # "br", "gzip" or "" (Content-Encoding)
    # The service worker's own requests that carry a Cache-Control header: its script
    # ("max-age=0") and a precache file fetched again because the HTTP cache's copy was
    # not this version's (cache: "reload"). Its precache otherwise asks the server only
    # for files the visit has not loaded (cache: "force-cache"), with no such header,
    # like the page, PyScript, Pyodide and the AI worker: those count with the page.
    worker: bool = False


@dataclass
class Recorder:
    """What a server sent, request by request (thread-safe)."""

    hits: list[Hit] = field(default_factory=list)
    last: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, hit: Hit) -> None:
        with self.lock:
            self.hits.append(hit)
            self.last = time.monotonic()

    def take(self) -> list[Hit]:
        with self.lock:
            hits, self.hits = self.hits, []
            return hits

    def wait_quiet(self, quiet_s: float = 1.0, limit_s: float = 30.0) -> None:
        """Until no request came for ``quiet_s`` (e.g. a service worker's precache)."""
        deadline = time.monotonic() + limit_s
        while time.monotonic() < deadline:
            with self.lock:
                idle = time.monotonic() - self.last
            if idle >= quiet_s:
                return
            time.sleep(0.1)


class CountingHandler(SiteHandler):
    """tools/serve.py's handler, recording each response into ``recorder``."""

    recorder: Recorder
    _status = 0
    _encoding = ""

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        self._encoding = ""
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-encoding":
            self._encoding = value
        super().send_header(keyword, value)

    def send_head(self) -> Any:
        f = super().send_head()
        sent = os.fstat(f.fileno()).st_size if f is not None and hasattr(f, "fileno") else 0
        path = self.path.split("?", 1)[0]
        local = self.translate_path(path)
        if os.path.isdir(local):
            local = os.path.join(local, "index.html")
        decoded = os.path.getsize(local) if os.path.isfile(local) else 0
        self.recorder.add(Hit(path, self._status, sent, decoded if f is not None else 0,
                              self._encoding, worker="Cache-Control" in self.headers))
        return f


@contextlib.contextmanager
def counting_server(directory: Path) -> Iterator[tuple[str, Recorder]]:
    """Serve ``directory`` on 127.0.0.1 (free port) in a thread; yield (origin, recorder)."""
    recorder = Recorder()
    handler_cls = type("BenchHandler", (CountingHandler,), {"quiet": True,
                                                            "recorder": recorder})
    server = SiteServer(("127.0.0.1", 0), partial(handler_cls, directory=str(directory)))
    with served(server, "bench-server") as origin:
        yield origin, recorder


STOCK_PYODIDE = ROOT / "node_modules" / "pyodide"
STDLIB = "python_stdlib.zip"


@contextlib.contextmanager
def floor_dir(site: Path) -> Iterator[Path]:
    """A temporary folder with the floor pages and links to the site's vendor/ files, but
    Pyodide's own standard library (node_modules/pyodide, as the npm package ships it)
    where the site has its packed one (tools/stdlib.py): the floor is bare Pyodide."""
    with tempfile.TemporaryDirectory(prefix="qin-floor-") as tmp:
        root = Path(tmp)
        (root / "index.html").write_text(FLOOR_HTML, encoding="utf-8")
        (root / "floor.js").write_text(FLOOR_JS, encoding="utf-8")
        (root / "snap.html").write_text(SNAP_HTML, encoding="utf-8")
        (root / "snap.js").write_text(SNAP_JS, encoding="utf-8")
        (root / "site.html").write_text(SITE_HTML, encoding="utf-8")
        (root / "site.js").write_text(SITE_JS, encoding="utf-8")
        vendor = root / "vendor"
        vendor.mkdir()
        for folder in (site / "vendor").iterdir():
            if folder.name != "pyodide":
                (vendor / folder.name).symlink_to(folder, target_is_directory=True)
        (vendor / "pyodide").mkdir()
        for path in (site / "vendor" / "pyodide").iterdir():
            if not path.name.startswith(STDLIB):
                (vendor / "pyodide" / path.name).symlink_to(path)
        stock = STOCK_PYODIDE / STDLIB
        (vendor / "pyodide" / STDLIB).symlink_to(
            stock if stock.is_file() else site / "vendor" / "pyodide" / STDLIB)
        for name in (STDLIB, STDLIB + ".gz", STDLIB + ".br"):  # the site's, for the snapshot
            if (site / "vendor" / "pyodide" / name).is_file():
                (root / name.replace("python_stdlib", "site-stdlib")).symlink_to(
                    site / "vendor" / "pyodide" / name)
        wheels = site / "wheels"
        if wheels.is_dir():  # for the engine bench in the floor page
            (root / "wheels").symlink_to(wheels, target_is_directory=True)
        yield root


# --------------------------------------------------------------------------- figures


def is_ours(path: str) -> bool:
    """Whether a served path is the project's own (not the vendored runtime)."""
    return not path.startswith("/vendor/")


def summarize_hits(hits: list[Hit]) -> dict[str, Any]:
    """Requests and bytes of one load, in total and for our own files."""
    ok = [h for h in hits if h.status < 400]
    ours = [h for h in ok if is_ours(h.path)]
    return {
        "requests": len(hits),
        "errors": len(hits) - len(ok),
        "sent": sum(h.sent for h in ok),
        "decoded": sum(h.decoded for h in ok),
        "ours_requests": len(ours),
        "ours_sent": sum(h.sent for h in ours),
        "ours_decoded": sum(h.decoded for h in ours),
        "not_gzipped": sorted({h.path for h in ok if not h.encoding and h.sent > 1024}),
        "largest": sorted(((h.sent, h.decoded, h.path) for h in ok), reverse=True)[:8],
        "paths": sorted({h.path for h in hits})[:10],
    }


def spread(values: list[float]) -> str:
    """'median (min-max)' of a list of ms values."""
    if not values:
        return "-"
    return f"{statistics.median(values):,.0f} ({min(values):,.0f}-{max(values):,.0f})"


def spread_ms(values: list[float], digits: int = 1) -> str:
    if not values:
        return "-"
    med = statistics.median(values)
    return f"{med:.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"


def load_average() -> str:
    """The machine's load average over 1, 5 and 15 minutes, as the benches print it."""
    load = os.getloadavg()
    return f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"


def kb(n: float) -> str:
    return f"{n / 1024:,.0f} KB"


# --------------------------------------------------------------------------- the bench


def chromium_launch_args() -> dict[str, Any]:
    args: dict[str, Any] = {"headless": True, "args": CHROMIUM_ARGS}
    forced = os.environ.get("QIN_CHROMIUM")
    if forced:
        args["executable_path"] = forced
    elif Path(SYSTEM_CHROMIUM).is_file():
        args["executable_path"] = SYSTEM_CHROMIUM
    else:
        found = shutil.which("chromium") or shutil.which("chromium-browser")
        if found:
            args["executable_path"] = found
    return args


class Bench:
    """The servers and the browser for one bench run (a context manager)."""

    def __init__(self, site: Path = SITE, build: bool = True, block_sw: bool = False) -> None:
        self.site = site
        self.build = build
        self.block_sw = block_sw  # warm visits through the HTTP cache only
        self._stack = contextlib.ExitStack()
        self.results: dict[str, list[Any]] = {}

    def __enter__(self) -> Bench:
        from playwright.sync_api import sync_playwright

        if self.build:
            from tools.build_site import build_site

            build_site(self.site)
        if not (self.site / "index.html").is_file():
            raise SystemExit(f"{self.site} has no index.html: run `make site`")
        stack = self._stack
        self.origin, self.hits = stack.enter_context(counting_server(self.site))
        floor = self.floor_root = stack.enter_context(floor_dir(self.site))
        self.floor_origin, self.floor_hits = stack.enter_context(counting_server(floor))
        self.playwright = stack.enter_context(sync_playwright())
        self.browser = self.playwright.chromium.launch(**chromium_launch_args())
        stack.callback(self.browser.close)
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._stack.close()

    # -- floor ------------------------------------------------------------------------
    def throttle(self, context: Any, page: Any, slow: bool) -> None:
        """The slow-network profile on this page (Chrome DevTools Protocol)."""
        if slow:
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", SLOW_NETWORK)

    def keep_snapshot(self, page: Any) -> int:
        """Take the game's kept memory snapshot out of the page into the floor's folder
        (with its .gz, as the site would serve it); its size in bytes, 0 if none."""
        import base64
        import gzip

        data = page.evaluate(KEPT_SNAPSHOT_JS)
        if not data:
            return 0
        raw = base64.b64decode(data)
        (self.floor_root / SNAPSHOT_BIN).write_bytes(raw)
        (self.floor_root / (SNAPSHOT_BIN + ".gz")).write_bytes(gzip.compress(raw, 9, mtime=0))
        with contextlib.suppress(Exception):  # and its .br, as the build would (Node)
            from tools.build_site import brotli_if_stale

            brotli_if_stale([self.floor_root / SNAPSHOT_BIN])
        return len(raw)

    def floor_run(self, slow: bool = False, variant: str = "") -> dict[str, Any]:
        """One cold and one warm bare-Pyodide boot in a fresh context; a `variant` ("site":
        the site's standard library; "snap": that and a memory snapshot served with the
        page) is visited cold only."""
        context = self.browser.new_context()
        try:
            out: dict[str, Any] = {}
            self.floor_hits.take()
            for visit in ("cold",) if variant else ("cold", "warm"):
                page = context.new_page()
                self.throttle(context, page, slow)
                page.goto(self.floor_origin + (f"/{variant}.html" if variant else "/"),
                          timeout=TIMEOUT_MS)
                page.wait_for_function(FLOOR_DONE_JS, timeout=TIMEOUT_MS)
                state = page.evaluate("document.body.dataset.boot")
                if state != "ready":
                    raise RuntimeError("the floor page failed: "
                                       + str(page.evaluate("document.body.dataset.error")))
                out[visit] = float(page.evaluate("Number(document.body.dataset.bootMs)"))
                out[f"{visit}_steps"] = page.evaluate(MARKS_JS)
                self.floor_hits.wait_quiet(0.3)
                out["hits" if visit == "cold" else "warm_hits"] = summarize_hits(
                    self.floor_hits.take())
                page.close()
            return out
        finally:
            context.close()

    # -- game -------------------------------------------------------------------------
    def game_run(self, interactions: int, slow: bool = False,
                 keep_snapshot: bool = False) -> dict[str, Any]:
        """A cold and a warm visit of the game in a fresh context (and, on localhost, a
        third that clicks Start a second after the page is playable)."""
        context = self.browser.new_context(
            service_workers="block" if self.block_sw else "allow")
        context.add_init_script(PROBE_JS)
        errors: list[str] = []
        warnings: list[str] = []
        context.on("console", lambda m: errors.append(m.text) if m.type == "error"
                   else warnings.append(m.text) if m.type == "warning" else None)
        try:
            out: dict[str, Any] = {"errors": errors, "warnings": warnings}
            self.hits.take()
            for visit in ("cold", "warm") if slow else ("cold", "warm", "settled"):
                page = context.new_page()
                self.throttle(context, page, slow)
                page.on("pageerror", lambda e: errors.append(str(e)))
                if visit == "settled":  # Start clicked a second after the page is playable
                    page.add_init_script("localStorage.clear(); window.__benchNoEarly = true; "
                                         f"window.__benchStartDelay = {SETTLED_MS};")
                page.goto(self.origin + "/", timeout=TIMEOUT_MS)
                page.wait_for_function(f"() => ({PROBE_DONE_JS})() || "
                                       "document.body?.dataset.boot === 'error'",
                                       timeout=TIMEOUT_MS)
                if page.evaluate("document.body.dataset.boot") == "error":
                    raise RuntimeError("the game failed to boot: "
                                       + page.inner_text("#boot-error"))
                probe = page.evaluate("window.__bench")
                probe["steps"] = sorted(probe["steps"] + page.evaluate(MARKS_JS))
                out[visit] = {
                    "boot": float(page.evaluate("Number(document.body.dataset.bootMs)")),
                    "ready": probe["ready"],
                    "usable": probe["usable"],
                    "early": bool(probe["early"]),
                    "playable": probe["playable"],
                    "dealt": probe["dealt"],
                    "board": probe["board"],
                    "start_click": probe["board"] - probe["clicked"],
                    "sw": bool(page.evaluate("!!navigator.serviceWorker?.controller")),
                    "snapshot": str(page.evaluate("document.body.dataset.snapshot || ''")),
                    "resumed": bool(probe["resumed"]),
                }
                if visit == "settled":
                    page.close()
                    continue
                if visit == "cold":
                    out["resources"] = page.evaluate(RESOURCES_JS)
                    out["steps"] = probe["steps"]
                    # What the page loaded up to its board; then what a service worker
                    # precaches (the bench waits for it before the warm visit).
                    # The service worker registers once Python is ready: its first
                    # requests may land before the board; they count as its precache.
                    hits = self.hits.take()
                    out["hits"] = summarize_hits([h for h in hits if not h.worker])
                    early = [h for h in hits if h.worker]
                    with contextlib.suppress(Exception):  # no offline.js: just wait
                        page.wait_for_function(OFFLINE_SETTLED_JS, timeout=30_000)
                    with contextlib.suppress(Exception):  # the page keeps its bytecode
                        page.wait_for_function(BYTECODE_KEPT_JS, timeout=30_000)
                    with contextlib.suppress(Exception):  # and Pyodide's snapshot
                        page.wait_for_function(SNAPSHOT_KEPT_JS, timeout=60_000)
                    self.hits.wait_quiet(1.0)
                    out["precache_hits"] = summarize_hits(early + self.hits.take())
                    if keep_snapshot:
                        out["snapshot_bytes"] = self.keep_snapshot(page)
                    out["sw_registered"] = bool(page.evaluate(
                        "async () => !!(await navigator.serviceWorker?.getRegistration())"))
                    # The warm visit starts from the start screen too, not a resumed game.
                    page.evaluate("localStorage.clear()")
                else:
                    out["warm_steps"] = probe["steps"]
                    out["warm_hits"] = summarize_hits(self.hits.take())
                    if interactions and not slow:
                        out["interactions"] = page.evaluate(INTERACT_JS, interactions)
                    out["computer_kinds"] = page.evaluate(
                        "() => [...document.querySelectorAll('#seat-kind-0 option')]"
                        ".map((o) => o.value).filter((v) => v !== 'human')")
                page.close()
            return out
        finally:
            context.close()

    # -- engine -----------------------------------------------------------------------
    @contextlib.contextmanager
    def floor_page(self, timeout_ms: float = 600_000) -> Iterator[tuple[Any, str]]:
        """A booted bare-Pyodide page in a fresh context, and the address of the wheel
        the site ships (to unpack there); ``timeout_ms``: the page's default timeout
        (a snippet's run)."""
        wheels = sorted((self.site / "wheels").glob("qin_board_game-*.whl"))
        if not wheels:
            raise SystemExit("no wheel in build/site/wheels: run `make site`")
        context = self.browser.new_context()
        try:
            page = context.new_page()
            page.goto(self.floor_origin + "/", timeout=TIMEOUT_MS)
            page.wait_for_function(FLOOR_DONE_JS, timeout=TIMEOUT_MS)
            page.set_default_timeout(timeout_ms)
            yield page, f"/wheels/{wheels[-1].name}"
        finally:
            context.close()

    def engine_in_browser(self, budget: float, ai_moves: int) -> dict[str, Any]:
        from bench.engine_snippet import run_in_page

        with self.floor_page() as (page, wheel_url):
            return run_in_page(page, wheel_url, budget, ai_moves)


# --------------------------------------------------------------------------- report


def report(floors: list[dict[str, Any]], games: list[dict[str, Any]]) -> list[str]:
    """The table of start-up figures (lines of text)."""
    lines: list[str] = []
    fc = [f["cold"] for f in floors]
    fw = [f["warm"] for f in floors]
    floor_cold, floor_warm = statistics.median(fc), statistics.median(fw)
    sw = any(g.get("sw_registered") for g in games)
    warm_how = "service worker" if sw else "HTTP cache (no service worker)"
    lines.append(f"{'ms from navigation, median (range)':<46} {'cold':>20} {'warm':>20}"
                 f" {'x floor':>13}")
    lines.append("-" * len(lines[0]))

    def row(label: str, cold: list[float], warm: list[float], ratio: bool = True) -> None:
        r = ""
        if ratio and cold and warm:
            r = (f"{statistics.median(cold) / floor_cold:.2f} / "
                 f"{statistics.median(warm) / floor_warm:.2f}")
        lines.append(f"{label:<46} {spread(cold):>20} {spread(warm):>20} {r:>13}")

    def got(visit: str, key: str, early: bool | None = None) -> list[float]:
        return [g[visit][key] for g in games if g[visit].get(key) is not None
                and (early is None or g[visit].get("early") == early)]

    row("floor: bare Pyodide, loadPyodide() + 1+1", fc, fw)
    row("game: start screen usable (before Python)", got("cold", "usable"),
        got("warm", "usable"))
    row("game: board shown after an early Start", got("cold", "board", True),
        got("warm", "board", True))
    row("game: Python ready (data-boot=ready)", got("cold", "boot"), got("warm", "boot"))
    row("game: hand dealt after the early Start", got("cold", "dealt"), got("warm", "dealt"))
    if got("cold", "playable") or got("warm", "playable"):  # a site without the early Start
        row("game: playable (Start enabled, Python ready)", got("cold", "playable"),
            got("warm", "playable"))
        row("game: board shown after clicking Start", got("cold", "board", False),
            got("warm", "board", False))
        row("  of which Start click to board, ms", got("cold", "start_click", False),
            got("warm", "start_click", False), ratio=False)
    sent = ([g["hits"]["sent"] / 1024 for g in games],
            [g["warm_hits"]["sent"] / 1024 for g in games if "warm_hits" in g])
    floor_sent = ([f["hits"]["sent"] / 1024 for f in floors],
                  [f["warm_hits"]["sent"] / 1024 for f in floors if "warm_hits" in f])
    lines.append(f"{'floor: KB transferred (server count)':<46} {spread(floor_sent[0]):>20} "
                 f"{spread(floor_sent[1]):>20}")
    ratio = ""
    if sent[0] and floor_sent[0] and statistics.median(floor_sent[0]):
        ratio = f"{statistics.median(sent[0]) / statistics.median(floor_sent[0]):.2f} / -"
    lines.append(f"{'game: KB transferred up to the board':<46} {spread(sent[0]):>20} "
                 f"{spread(sent[1]):>20} {ratio:>13}")
    if len(games) == len(floors):
        # Runs are interleaved (floor, game, floor, ...): each run's own ratio cancels
        # the machine's slower and faster spells; their median, next to the ratio of
        # the medians above.
        def paired(key: str, visit: str) -> str:
            ratios = [g[visit][key] / f[visit] for g, f in zip(games, floors, strict=True)]
            return f"{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"

        lines.append(f"{'  Python ready / floor, run by run: median':<46} "
                     f"{paired('boot', 'cold'):>20} {paired('boot', 'warm'):>20}")
    settled = [g["settled"]["start_click"] for g in games if "settled" in g]
    if settled:
        lines.append(f"{'  the same, Start clicked 1 s after playable':<46} {'':>20} "
                     f"{spread(settled):>20}")
    restored = sum(g["warm"].get("snapshot") == "restored" for g in games)
    if any(g["warm"].get("snapshot") for g in games):
        lines.append(f"warm visits started Pyodide from its kept memory snapshot "
                     f"(web/startup/snapshot.js) in {restored} of {len(games)} runs; the floor "
                     f"never does")
    if any(g["cold"].get("usable") is None for g in games):
        lines.append("-: the site has no start screen before Python (no qin:prestart-usable "
                     "mark), so no early Start either")
    lines.append(f"warm = second page in the same browser context, via the {warm_how}; "
                 f"x floor = cold / warm ratio to the floor's median.")
    lines.append("")

    h = games[0]["hits"]
    fh = floors[0]["hits"]
    lines.append("cold load, counted by the server (first run):")
    lines.append(f"  game:  {h['requests']} requests, {kb(h['sent'])} transferred, "
                 f"{kb(h['decoded'])} decoded")
    lines.append(f"  ours (all but vendor/): {h['ours_requests']} requests, "
                 f"{kb(h['ours_sent'])} transferred, {kb(h['ours_decoded'])} decoded")
    lines.append(f"  floor: {fh['requests']} requests, {kb(fh['sent'])} transferred, "
                 f"{kb(fh['decoded'])} decoded")
    ph = games[0].get("precache_hits")
    if ph and ph["requests"]:
        lines.append(f"  then the service worker (registered once Python is ready), its "
                     f"script and precache: {ph['requests']} requests, "
                     f"{kb(ph['sent'])} transferred ({ph['errors']} failed)")
    wh = games[0].get("warm_hits")
    if wh:
        lines.append(f"  game warm visit: {wh['requests']} requests to the server, "
                     f"{kb(wh['sent'])} transferred"
                     + (": " + ", ".join(wh["paths"]) if wh["requests"] else ""))
    if h["not_gzipped"]:
        lines.append("  sent uncompressed (> 1 KB): " + ", ".join(h["not_gzipped"]))
    if h["errors"]:
        lines.append(f"  {h['errors']} requests failed (HTTP >= 400)")
    lines.append("  largest files (transferred / decoded):")
    for sent, decoded, path in h["largest"]:
        lines.append(f"    {kb(sent):>9} {kb(decoded):>9}  {path}")
    lines.append("")
    lines.extend(waterfall(games[0].get("resources", [])))
    for key, which in (("steps", "cold"), ("warm_steps", "warm")):
        steps = games[0].get(key) or []
        if steps:
            lines.append(f"PyScript's steps on the first {which} load, ms from navigation:")
            lines.extend(f"  {t:>7.0f}  {name}" for t, name in steps)
        marks = floors[0].get(f"{which}_steps") or []
        if marks:
            lines.append(f"  the floor's first {which} load: " + ", ".join(
                f"{name.removeprefix('qin:')} {t:.0f}" for t, name in marks))
    lines.append("")

    inter = [g["interactions"] for g in games if g.get("interactions")]
    if inter:
        lines.append(f"interactions on the warm page, ms: handler / to next frame, median "
                     f"(range), {sum(i['placed'] for i in inter)} placements")

        def irow(label: str, key: str) -> None:
            values = [v for i in inter for v in i[key]]
            lines.append(f"  {label:<38} {spread_ms([v[0] for v in values]):>20} "
                         f"{spread_ms([v[1] for v in values]):>22}")

        irow("pick a tile (click in the hand)", "pick")
        irow("hover preview, legal square", "hoverLegal")
        irow("hover, another square", "hoverOther")
        irow("click a legal square: placed", "place")
    kinds = games[-1].get("computer_kinds") or []
    if kinds:
        lines.append(f"computer players offered on the start screen: {', '.join(kinds)} "
                     "(their time per move in Pyodide: see the engine table)")
    else:
        lines.append("no computer player on the start screen yet: AI timed only in the "
                     "engine table (Pyodide without the UI)")
    errors = sorted({e for g in games for e in g.get("errors", [])})
    if errors:
        lines.append("page errors seen: " + " | ".join(errors)[:500])
    warnings = sorted({w for g in games for w in g.get("warnings", [])})
    if warnings:
        lines.append("console warnings seen: " + " | ".join(warnings)[:500])
    return lines


def slow_report(floors: list[dict[str, Any]], games: list[dict[str, Any]]) -> list[str]:
    """The second profile's rows: the emulated slow network."""
    if not floors or not games:
        return []
    lines = [f"slow network (Chrome DevTools Protocol emulation: "
             f"{SLOW_NETWORK['downloadThroughput'] * 8 / 1e6:.0f} Mbit/s, "
             f"{SLOW_NETWORK['latency']} ms), {len(games)} runs"]
    lines.extend(report(floors, games)[:12])
    return [line for line in lines if not line.startswith(("warm visits", "warm = ", "-:"))]


def snapshot_report(floors: list[dict[str, Any]], snaps: list[dict[str, Any]],
                    slow_floors: list[dict[str, Any]], slow_snaps: list[dict[str, Any]],
                    size: int, gz_size: int) -> list[str]:
    """A memory snapshot made beforehand and served with the page, against the floor."""
    if not snaps:
        return ["build-time snapshot: not measured (the game kept no snapshot)"]
    lines = [f"a snapshot made beforehand and served with the page (the floor page plus "
             f"_loadSnapshot): {size / 1024:,.0f} KB, {gz_size / 1024:,.0f} KB compressed (brotli) "
             f"added to the cold load"]
    for label, fl, sn in (("localhost", floors, snaps), ("slow network", slow_floors,
                                                          slow_snaps)):
        if not sn or not fl:
            continue
        base = statistics.median([f["cold"] for f in fl])
        with_it = [x["cold"] for x in sn]
        lines.append(f"  {label + ', cold, ms':<30} without {spread([f['cold'] for f in fl]):>20}"
                     f"   with the snapshot {spread(with_it):>20}"
                     f"   {statistics.median(with_it) / base:.2f}x")
    lines.append("  both: the floor page with the site's standard library (the snapshot is "
                 "made with it); a snapshot adds its bytes to every cold load")
    return lines


def waterfall(resources: list[dict[str, Any]]) -> list[str]:
    """When the key files were fetched on the cold load (first run)."""
    if not resources:
        return []
    picks = ("core.js", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
             "python_stdlib.zip", "pyodide-lock.json", "pyscript.json", ".whl", "main.py")
    lines = ["cold load waterfall (first run), ms from navigation: fetch start - end"]
    seen: set[str] = set()
    for r in sorted(resources, key=lambda r: r["start"]):
        name = r["name"]
        if name in seen:
            continue
        if any(name.endswith(p) for p in picks) or "/qin_ui/" in name:
            seen.add(name)
            lines.append(f"  {r['start']:>7.0f} - {r['end']:>7.0f}  {name}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="runs of each (default 5)")
    parser.add_argument("--quick", action="store_true", help="2 runs, short engine budget")
    parser.add_argument("--no-build", action="store_true", help="use build/site as it is")
    parser.add_argument("--site", type=Path, default=None,
                        help="measure this built site (e.g. a copy of build/site); no build")
    parser.add_argument("--block-sw", action="store_true",
                        help="no service worker: the warm visit uses the HTTP cache")
    parser.add_argument("--no-engine", action="store_true", help="skip the engine table")
    parser.add_argument("--slow-runs", type=int, default=None,
                        help="runs on the emulated slow network (default: as --runs; 0: none)")
    parser.add_argument("--no-snapshot", action="store_true",
                        help="skip the measurement of a snapshot served with the page")
    args = parser.parse_args(argv)
    runs = 2 if args.quick else max(1, args.runs)
    started = time.monotonic()
    print(f"bench/boot.py: {runs} runs each; load average {load_average()} on "
          f"{os.cpu_count()} CPUs", flush=True)
    floors: list[dict[str, Any]] = []
    games: list[dict[str, Any]] = []
    site = args.site.resolve() if args.site else SITE
    with Bench(site, build=not args.no_build and args.site is None,
               block_sw=args.block_sw) as bench:
        version = bench.browser.version
        bench.floor_run()  # warm-up: the OS file cache, the browser's first start
        snap_size = 0
        snaps: list[dict[str, Any]] = []
        site_floors: list[dict[str, Any]] = []
        slow_site_floors: list[dict[str, Any]] = []
        for i in range(runs):
            floors.append(bench.floor_run())
            games.append(bench.game_run(interactions=8,
                                        keep_snapshot=i == 0 and not args.no_snapshot))
            snap_size = snap_size or games[-1].get("snapshot_bytes", 0)
            if snap_size and i > 0:
                snaps.append(bench.floor_run(variant="snap"))
                site_floors.append(bench.floor_run(variant="site"))
            print(f"  run {i + 1}/{runs}: floor {floors[-1]['cold']:.0f}/"
                  f"{floors[-1]['warm']:.0f} ms, game Python ready "
                  f"{games[-1]['cold']['boot']:.0f}/{games[-1]['warm']['boot']:.0f} ms"
                  + (f", floor with a snapshot {snaps[-1]['cold']:.0f} ms" if snaps and i else ""),
                  flush=True)
        slow_runs = runs if args.slow_runs is None else args.slow_runs
        slow_floors: list[dict[str, Any]] = []
        slow_games: list[dict[str, Any]] = []
        slow_snaps: list[dict[str, Any]] = []
        for i in range(slow_runs):
            slow_floors.append(bench.floor_run(slow=True))
            slow_games.append(bench.game_run(interactions=0, slow=True))
            if snap_size:
                slow_snaps.append(bench.floor_run(slow=True, variant="snap"))
                slow_site_floors.append(bench.floor_run(slow=True, variant="site"))
            print(f"  slow network run {i + 1}/{slow_runs}: floor {slow_floors[-1]['cold']:.0f}"
                  f"/{slow_floors[-1]['warm']:.0f} ms, game Python ready "
                  f"{slow_games[-1]['cold']['boot']:.0f}/{slow_games[-1]['warm']['boot']:.0f} ms"
                  + (f", floor with a snapshot {slow_snaps[-1]['cold']:.0f} ms"
                     if slow_snaps else ""), flush=True)
        snap_gz_size = 0  # what a browser is sent: the .br where there is one
        for twin in (".br", ".gz"):
            snap_twin = bench.floor_root / (SNAPSHOT_BIN + twin)
            if snap_twin.is_file():
                snap_gz_size = snap_twin.stat().st_size
                break
        engine = None
        if not args.no_engine:
            budget, ai_moves = (0.5, 2) if args.quick else (3.0, 4)
            engine = bench.engine_in_browser(budget, ai_moves)
    print()
    print(f"Chromium {version}, headless; site served brotli/gzip-negotiated from 127.0.0.1")
    print("\n".join(report(floors, games)))
    print()
    print("\n".join(slow_report(slow_floors, slow_games)))
    print()
    print("\n".join(snapshot_report(site_floors, snaps, slow_site_floors, slow_snaps,
                                    snap_size, snap_gz_size)))
    if engine is not None:
        from bench.engine_snippet import run_here, table

        budget, ai_moves = (0.5, 2) if args.quick else (3.0, 4)
        print()
        print("\n".join(table(run_here(budget, ai_moves), engine)))
    print()
    print(f"load average at the end {load_average()}; "
          f"{time.monotonic() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
