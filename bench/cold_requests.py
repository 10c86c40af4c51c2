"""What a first visit of the game page asks of the network: requests, bodies, bytes.

    python bench/cold_requests.py                          # build/site, 3 cold visits
    python bench/cold_requests.py --before DIR             # and another built site, interleaved
    python bench/cold_requests.py --rate-mbit 1.6 --latency-ms 150 --runs 1   # a slow phone link

A cold visit: a new browser context (empty HTTP cache, no service worker) opens "/" and
lasts until the page's Python is ready, its service worker active (its precache done), the
page's Pyodide snapshot made and the computer's worker (warmed on the start screen) started,
and the server has been quiet for a second. Every answer of the server is counted, whoever
asked (the page, its Python's worker, the computer's worker, the snapshot's maker, the
service worker's script and precache): requests, full answers (200, the body sent) and
revalidations (304, no body), the bodies' bytes as sent (brotli or gzip where the request
accepts it), the headers' bytes both ways (HTTP/1.1 as tools/serve.py speaks it; a host
speaking HTTP/2 compresses them), and the files answered with a body more than once.

Then a second visit: the first tab closed (its workers with it), another opens "/" in the
same context until its snapshots are settled and the server is quiet; its requests and
revalidations are printed too.

``--rate-mbit`` / ``--latency-ms`` put one shared link in front of the server (every client
shares it, workers too, which Chrome's own network emulation does not throttle): its
bandwidth for the bodies and a wait before each request is read. Times are printed, not
asserted: "ready" (data-boot), "offline" (the worker active), "settled" (the end).

Each site's precache is printed too, read from its ``sw.js``: files, bytes as sent (the
brotli twin where there is one) and decoded.

With ``--before DIR`` each run visits both sites, one after the other, and the last lines are
the ratios (this site / DIR) of the medians.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import statistics
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.boot import chromium_launch_args, load_average  # noqa: E402
from tools.serve import SiteHandler, SiteServer, served  # noqa: E402

SITE = ROOT / "build" / "site"
TIMEOUT_MS = 900_000
QUIET_S = 1.0

READY_JS = "() => document.body.dataset.boot === 'ready'"
OFFLINE_JS = "() => ['ready', 'unavailable'].includes(document.body.dataset.offline)"
SETTLED_JS = """() => ["stored", "restored", "off"].includes(document.body.dataset.snapshot)
  && !!document.body.dataset.aiSnapshot"""


@dataclass
class Answer:
    path: str  # the file reached (a folder's URL: its index.html)
    status: int
    body: int  # bytes sent after the headers
    headers: int  # the request's line and headers plus the answer's status line and headers


@dataclass
class Link:
    """One shared link in front of the server: a bandwidth for the bodies (bytes per
    second, 0: unlimited) and a latency before each request is read."""

    rate: float = 0.0
    latency: float = 0.0
    free_at: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def send(self, size: int) -> None:
        """Wait until ``size`` bytes have crossed the link after what is queued on it."""
        if not self.rate:
            return
        with self.lock:
            now = time.monotonic()
            self.free_at = max(now, self.free_at) + size / self.rate
            wait = self.free_at - now
        time.sleep(wait)


@dataclass
class Log:
    answers: list[Answer] = field(default_factory=list)
    last: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, answer: Answer) -> None:
        with self.lock:
            self.answers.append(answer)
            self.last = time.monotonic()

    def take(self) -> list[Answer]:
        with self.lock:
            answers, self.answers = self.answers, []
            return answers

    def wait_quiet(self, quiet_s: float = QUIET_S, limit_s: float = 60.0) -> None:
        deadline = time.monotonic() + limit_s
        while time.monotonic() < deadline:
            with self.lock:
                if time.monotonic() - self.last >= quiet_s:
                    return
            time.sleep(0.1)


class CountingHandler(SiteHandler):
    """tools/serve.py's handler behind ``link``, noting each answer in ``log``."""

    quiet = True
    log: Log
    link: Link
    _status = 0
    _header_bytes = 0
    _body_bytes = 0

    def handle_one_request(self) -> None:
        if self.link.latency:
            time.sleep(self.link.latency)
        super().handle_one_request()

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        self._body_bytes = 0
        super().send_response(code, message)

    def flush_headers(self) -> None:
        buffered = getattr(self, "_headers_buffer", [])
        self._header_bytes = sum(len(chunk) for chunk in buffered)
        super().flush_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        while chunk := source.read(16384):
            self.link.send(len(chunk))
            outputfile.write(chunk)
            self._body_bytes += len(chunk)

    def do_GET(self) -> None:
        self._header_bytes = self._body_bytes = 0
        super().do_GET()
        asked = len(self.requestline) + 2 + len(bytes(self.headers))  # its line, CRLF
        self.log.add(Answer(self.site_path(), self._status, self._body_bytes,
                            asked + self._header_bytes))


@contextlib.contextmanager
def counting_server(site: Path, link: Link) -> Iterator[tuple[str, Log]]:
    log = Log()
    handler = type("ColdHandler", (CountingHandler,), {"log": log, "link": link})
    server = SiteServer(("127.0.0.1", 0), partial(handler, directory=str(site)))
    with served(server, "cold-server") as origin:
        yield origin, log


def summary(answers: list[Answer]) -> dict[str, Any]:
    bodies = Counter(a.path for a in answers if a.status == 200)
    asked = Counter(a.path for a in answers)
    return {
        "requests": len(answers),
        "full": sum(bodies.values()),
        "revalidated": sum(1 for a in answers if a.status == 304),
        "body_bytes": sum(a.body for a in answers),
        "header_bytes": sum(a.headers for a in answers),
        "revalidation_bytes": sum(a.headers for a in answers if a.status == 304),
        "files": len(asked),
        "asked_again": sum(1 for n in asked.values() if n > 1),
        "bodies_again": {path: n for path, n in bodies.items() if n > 1},
        "most_asked": asked.most_common(3),
    }


def precache_size(site: Path) -> tuple[int, int, int]:
    """The precache that ``site``'s service worker (its ``sw.js``) keeps: files, their
    bytes as the server sends them (the brotli twin where there is one) and decoded."""
    found = re.search(r"const PRECACHE = (\[.*?\n\]);", (site / "sw.js").read_text(), re.S)
    if not found:
        raise SystemExit(f"{site / 'sw.js'} has no precache")
    sent = decoded = 0
    entries = json.loads(found.group(1))
    for url, *_ in entries:
        path = site / (url if not url.endswith("/") else url + "index.html")
        twin = path.with_name(path.name + ".br")
        decoded += path.stat().st_size
        sent += (twin if twin.is_file() else path).stat().st_size
    return len(entries), sent, decoded


def cold_visit(browser: Any, site: Path, link: Link) -> dict[str, Any]:
    """One first visit of ``site``'s game page in a new context, then a second visit in
    another tab of it once the first is closed; the first's figures, with the second's
    requests and revalidations (``second_requests``, ``second_revalidated``)."""
    with counting_server(site, link) as (origin, log):
        context = browser.new_context()
        try:
            page = context.new_page()
            started = time.monotonic()
            page.goto(origin + "/", timeout=TIMEOUT_MS)
            page.wait_for_function(READY_JS, timeout=TIMEOUT_MS)
            ready = time.monotonic() - started
            page.wait_for_function(OFFLINE_JS, timeout=TIMEOUT_MS)
            offline = time.monotonic() - started
            page.wait_for_function(SETTLED_JS, timeout=TIMEOUT_MS)
            log.wait_quiet()
            settled = time.monotonic() - started
            out = summary(log.take())
            out.update(ready=ready, offline=offline, settled=settled)
            page.close()  # with its workers
            page = context.new_page()
            page.goto(origin + "/", timeout=TIMEOUT_MS)
            page.wait_for_function(SETTLED_JS, timeout=TIMEOUT_MS)
            log.wait_quiet()
            second = summary(log.take())
            out.update(second_requests=second["requests"],
                       second_revalidated=second["revalidated"])
            return out
        finally:
            context.close()


def median(runs: list[dict[str, Any]], key: str) -> float:
    return float(statistics.median(run[key] for run in runs))


def report(label: str, site: Path, runs: list[dict[str, Any]]) -> list[str]:
    last = runs[-1]
    files, sent, decoded = precache_size(site)
    lines = [f"{label}: {site} ({len(runs)} cold visits, medians)",
             f"  precache: {files} files, {sent:,} bytes as sent (brotli), {decoded:,} decoded",
             f"  requests {median(runs, 'requests'):,.0f}: full answers "
             f"{median(runs, 'full'):,.0f}, revalidations (304) "
             f"{median(runs, 'revalidated'):,.0f}; files {median(runs, 'files'):,.0f}, "
             f"asked more than once {median(runs, 'asked_again'):,.0f}",
             f"  bytes: bodies {median(runs, 'body_bytes'):,.0f}, headers (HTTP/1.1, both ways) "
             f"{median(runs, 'header_bytes'):,.0f}, total "
             f"{median(runs, 'body_bytes') + median(runs, 'header_bytes'):,.0f}; the "
             f"revalidations' headers {median(runs, 'revalidation_bytes'):,.0f}",
             f"  bodies sent more than once (last visit): {last['bodies_again'] or 'none'}",
             f"  most asked (last visit): {last['most_asked']}",
             f"  s from navigation: ready {median(runs, 'ready'):.1f}, service worker active "
             f"{median(runs, 'offline'):.1f}, settled {median(runs, 'settled'):.1f}",
             f"  a second visit (another tab, the first closed): requests "
             f"{median(runs, 'second_requests'):,.0f}, revalidations (304) "
             f"{median(runs, 'second_revalidated'):,.0f}"]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=SITE, help="the built site to measure")
    parser.add_argument("--before", type=Path, help="another built site, measured alongside")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rate-mbit", type=float, default=0.0, help="the link's bandwidth")
    parser.add_argument("--latency-ms", type=float, default=0.0, help="before each request")
    args = parser.parse_args(argv)
    sites = {"this site": args.site, **({"before": args.before} if args.before else {})}
    for site in sites.values():
        if not (site / "index.html").is_file():
            raise SystemExit(f"{site} has no index.html: run `make site`")
    from playwright.sync_api import sync_playwright

    runs: dict[str, list[dict[str, Any]]] = {label: [] for label in sites}
    print(f"load average before: {load_average()}; link: "
          f"{args.rate_mbit or 'unlimited'} Mbit/s, {args.latency_ms:.0f} ms", flush=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium_launch_args())
        try:
            for _ in range(args.runs):
                for label, site in sites.items():
                    link = Link(rate=args.rate_mbit * 1e6 / 8, latency=args.latency_ms / 1000)
                    runs[label].append(cold_visit(browser, site, link))
        finally:
            browser.close()
    for label, site in sites.items():
        print("\n".join(report(label, site, runs[label])))
    if args.before:
        now, then = runs["this site"], runs["before"]
        for key in ("requests", "revalidated", "body_bytes", "header_bytes", "ready", "offline",
                    "settled"):
            print(f"ratio {key}: {median(now, key) / max(median(then, key), 1e-9):.2f}")
    print(f"load average after: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
