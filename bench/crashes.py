"""Chromium renderer crashes per 100 page loads, loading the real site as the e2e tests do.

    python bench/crashes.py                    # 10 rounds, 2 at once (about 5 min on 2 cores)
    python bench/crashes.py --rounds 30        # more page loads
    python bench/crashes.py --busy 2           # plus two busy loops (`yes`-style) on the CPU
    python bench/crashes.py --parallel 3       # three rounds at a time (more interpreters)
    python bench/crashes.py --verbose-log      # Chromium's --v=1 (a large log)
    python bench/crashes.py --reloads 3        # reload / 3 times while its snapshot worker works
    python bench/crashes.py --self-check       # crash one renderer on purpose (chrome://crash)

Drives Chromium with the e2e tests' executable choice and flags (e2e.conftest, e2e.helpers)
headless through Playwright against build/site/ (tools/serve.py's server on 127.0.0.1).
One round is one new browser context (as one e2e test) with, like the tests:

1. cold: `/` with an empty cache (Pyodide from the network); the page's snapshot worker
   (a second Pyodide) is waited for (`body[data-snapshot]` = stored);
2. warm: a second page in the same context while the first stays open (the kept snapshot,
   three interpreters: page 1, page 2 and, once a game of two computers starts, the AI
   worker), which plays until the computers have made a move;
3. the self-test page (`selftest.html`), a third Pyodide page in the context;
4. the embed: `embed/embed.html` with an inline position, drawn and its engine ready.

``--parallel`` rounds run at once (the e2e suite runs one test at a time, but a test keeps
two or three pages open). A crash is Playwright's page "crash" event or an error saying
"Target crashed" / "Page crashed"; a round goes on with its next load after one. Every
other failure (a timeout, say) is counted apart. Chromium's own output (the browser and
its renderers write to one stderr, kept here with --enable-logging=stderr) is saved to a
log file; its lines about crashes, signals, out-of-memory and V8 fatal errors are printed.

Prints crashes per 100 page loads and the machine's load; asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from playwright.async_api import Browser, BrowserContext, Page, async_playwright  # noqa: E402

from e2e.conftest import SYSTEM_CHROMIUM  # noqa: E402
from e2e.helpers import (  # noqa: E402
    BOOT_SETTLED_JS,
    BOOT_TIMEOUT_MS,
    CHROMIUM_ARGS,
    CHROMIUM_LOG_ARGS,
    logging_wrapper,
)
from e2e.test_ai import WORKER_BOOT_MS  # noqa: E402
from e2e.test_startup import SNAPSHOT_TIMEOUT_MS  # noqa: E402
from tools.build_site import DEFAULT_OUT, build_site  # noqa: E402
from tools.serve import serving  # noqa: E402

CRASH_TEXTS = ("Target crashed", "Page crashed")
# Lines of Chromium's log that say something about a renderer's end.
LOG_PATTERN = re.compile(
    r"crash|signal|SIG[A-Z]+|out of memory|OOM|oom|Fatal|FATAL|fatal|exit code|"
    r"exited|terminat|killed|V8 error|Check failed|Allocation failed|"
    r"render_process_host|child_process|bad_message|zygote",
)
EMBED_POSITION = "players: 2\n. . . .\nr . v .\n. . . ."
MAKER_STARTED_JS = ("() => document.body.dataset.snapshot === 'restored' || "
                    "performance.getEntriesByType('resource')"
                    ".some(e => e.name.includes('snapshot_maker'))")
EMBED_READY_JS = "() => document.querySelector('qin-board')?.dataset.state === 'ready'"


# --------------------------------------------------------------------------- browser


def chromium_executable() -> str | None:
    """The e2e tests' choice: $QIN_CHROMIUM, else Debian's, else one on PATH (None:
    Playwright's own)."""
    forced = os.environ.get("QIN_CHROMIUM")
    if forced:
        return forced
    if Path(SYSTEM_CHROMIUM).is_file():
        return SYSTEM_CHROMIUM
    return shutil.which("chromium") or shutil.which("chromium-browser")


def launch_args(executable: str | None, wrapper_dir: Path, log: Path,
                verbose: bool, extra: list[str]) -> dict[str, Any]:
    args: dict[str, Any] = {
        "headless": True,
        "args": [*CHROMIUM_ARGS, *CHROMIUM_LOG_ARGS, *(["--v=1"] if verbose else []), *extra],
    }
    if executable:
        args["executable_path"] = str(logging_wrapper(wrapper_dir, executable, log))
    return args


# --------------------------------------------------------------------------- load


@contextmanager
def busy_loops(count: int) -> Iterator[list[subprocess.Popen[bytes]]]:
    """`count` processes each keeping one core busy (`yes > /dev/null`), ended afterwards."""
    found = shutil.which("yes")
    command = [found] if found else [sys.executable, "-c", "while True: pass"]
    procs = [subprocess.Popen(command, stdout=subprocess.DEVNULL) for _ in range(count)]
    try:
        yield procs
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=10)


# --------------------------------------------------------------------------- memory


def descendants(root: int) -> list[int]:
    """Every process below `root` (here: Playwright's driver, Chromium and its children)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: list[int] = []
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def pss_mb(pid: int) -> float:
    """A process's proportional set size (shared pages split between their users), MB."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return 0.0


async def sample_memory(peak: list[float], stop: asyncio.Event) -> None:
    """Keep in peak[0] the largest total PSS of this process's descendants seen."""
    me = os.getpid()
    while not stop.is_set():
        total = await asyncio.to_thread(lambda: sum(pss_mb(p) for p in descendants(me)))
        peak[0] = max(peak[0], total)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=1.0)


# --------------------------------------------------------------------------- counting


@dataclass
class Tally:
    loads: dict[str, int] = field(default_factory=dict)
    crashes: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    crash_notes: list[str] = field(default_factory=list)
    peak_mb: list[float] = field(default_factory=lambda: [0.0])

    def add(self, table: dict[str, int], kind: str) -> None:
        table[kind] = table.get(kind, 0) + 1

    @property
    def total_loads(self) -> int:
        return sum(self.loads.values())

    @property
    def total_crashes(self) -> int:
        return sum(self.crashes.values())


def is_crash(error: BaseException) -> bool:
    return any(text in str(error) for text in CRASH_TEXTS)


class Round:
    """One browser context's visits; every page load goes through `load`."""

    def __init__(self, number: int, context: BrowserContext, origin: str, tally: Tally,
                 reloads: int = 0) -> None:
        self.number = number
        self.reloads = reloads
        self.context = context
        self.origin = origin
        self.tally = tally
        self.crashed: set[int] = set()

    async def page(self, kind: str) -> Page:
        page = await self.context.new_page()

        def on_crash(_: Page) -> None:
            self.crashed.add(id(page))
            self.tally.add(self.tally.crashes, kind)
            self.tally.crash_notes.append(
                f"{time.strftime('%H:%M:%S')} round {self.number}: {kind} crashed")

        page.on("crash", on_crash)
        return page

    async def step(self, kind: str, page: Page, action: Any) -> bool:
        """Run `action` (a coroutine) for one load of `page`; False if it did not finish."""
        self.tally.add(self.tally.loads, kind)
        try:
            await action
            return True
        except Exception as error:  # a crash or any other failure ends this load only
            first = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
            if is_crash(error) or id(page) in self.crashed:
                if id(page) not in self.crashed:  # an error without the event
                    self.crashed.add(id(page))
                    self.tally.add(self.tally.crashes, kind)
                    self.tally.crash_notes.append(
                        f"{time.strftime('%H:%M:%S')} round {self.number}: {kind}: {first}")
            else:
                self.tally.failures.append(f"round {self.number}: {kind}: {first[:200]}")
            return False

    async def boot(self, page: Page, path: str) -> None:
        await page.goto(self.origin + path)
        await page.wait_for_function(BOOT_SETTLED_JS, timeout=BOOT_TIMEOUT_MS)
        state = await page.evaluate("document.body.dataset.boot")
        if state != "ready":
            raise RuntimeError(f"{path} did not boot: {state}")

    async def cold(self, page: Page) -> None:
        await self.boot(page, "/")
        await page.wait_for_selector("body[data-snapshot=stored]", state="attached",
                                     timeout=SNAPSHOT_TIMEOUT_MS)

    async def warm_with_computers(self, page: Page) -> None:
        await page.add_init_script("localStorage.clear()")
        await self.boot(page, "/")
        await page.wait_for_selector("#setup", state="visible")
        await page.check("#players-2")
        for seat in (0, 1):
            await page.select_option(f"#seat-kind-{seat}", "apprentice")
        await page.fill("#seed", str(self.number))
        await page.click("#start")
        await page.wait_for_function(
            "() => Number(document.querySelector('#play')?.dataset.moves) > 0",
            timeout=WORKER_BOOT_MS)

    async def embed(self, page: Page) -> None:
        fragment = f"position={quote(EMBED_POSITION)}&move=Rb2Yb1"
        await page.goto(f"{self.origin}/embed/embed.html#{fragment}")
        await page.wait_for_function(EMBED_READY_JS, timeout=SNAPSHOT_TIMEOUT_MS)

    async def reload_while_snapshotting(self, page: Page, delay_s: float) -> None:
        """Boot `/` in a context without a kept snapshot, wait until the snapshot worker
        has been started, let it work `delay_s`, then reload (a player reloading, or
        closing the tab, while the worker's Pyodide starts or copies its memory)."""
        await self.boot(page, "/")
        await page.wait_for_function(MAKER_STARTED_JS, timeout=SNAPSHOT_TIMEOUT_MS)
        await asyncio.sleep(delay_s)  # a bench aiming at a window, not a test
        await self.boot(page, "/")

    async def run(self) -> None:
        if self.reloads:
            page = await self.page("reload during snapshot worker")
            for i in range(self.reloads):
                delay = ((self.number * 7 + i * 3) % 10) * 0.5  # 0 to 4.5 s, spread
                # two loads each: the first visit and the reload
                self.tally.add(self.tally.loads, "reload during snapshot worker")
                if not await self.step("reload during snapshot worker", page,
                                       self.reload_while_snapshotting(page, delay)):
                    break
            await page.close()
        first = await self.page("game cold + snapshot worker")
        if not await self.step("game cold + snapshot worker", first, self.cold(first)):
            return  # the warm visits need what the cold one keeps
        second = await self.page("game warm + AI worker")
        await self.step("game warm + AI worker", second, self.warm_with_computers(second))
        selftest = await self.page("self-test page")
        await self.step("self-test page", selftest, self.boot(selftest, "/selftest.html"))
        embed = await self.page("embed")
        await self.step("embed", embed, self.embed(embed))


async def run_rounds(browser: Browser, origin: str, rounds: int, parallel: int,
                     tally: Tally, progress: bool, reloads: int) -> None:
    queue = list(range(1, rounds + 1))

    async def worker() -> None:
        while queue:
            number = queue.pop(0)
            context = await browser.new_context(locale="en-GB")
            try:
                await Round(number, context, origin, tally, reloads).run()
            finally:
                try:
                    await context.close()
                except Exception as error:  # a context whose renderer died may refuse
                    tally.failures.append(f"round {number}: closing: {error}")
            if progress:
                print(f"  round {number}: {tally.total_loads} loads, "
                      f"{tally.total_crashes} crashes so far", flush=True)

    await asyncio.gather(*(worker() for _ in range(parallel)))


async def self_check(browser: Browser, tally: Tally) -> None:
    """Crash one renderer on purpose: the counting and the log must see it."""
    context = await browser.new_context()
    round_ = Round(0, context, "", tally)
    page = await round_.page("self-check (chrome://crash)")
    await round_.step("self-check (chrome://crash)", page, page.goto("chrome://crash"))
    await asyncio.sleep(1)  # let the crash event arrive (a bench, not a test)
    tally.failures.clear()  # the navigation's own error is the crash's
    await context.close()


# --------------------------------------------------------------------------- report


def log_lines(log: Path, limit: int) -> list[str]:
    if not log.is_file():
        return []
    found = [line.rstrip() for line in log.read_text(encoding="utf-8", errors="replace")
             .splitlines() if LOG_PATTERN.search(line)]
    return found[-limit:]


def kernel_log() -> list[str]:
    """The kernel's messages (`dmesg`), if this user may read them; [] otherwise."""
    try:
        done = subprocess.run(["dmesg"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return []
    return done.stdout.splitlines() if done.returncode == 0 else []


def kernel_kills(before: list[str]) -> list[str]:
    """New kernel lines about the out-of-memory killer or a killed/segfaulting process."""
    seen = set(before)
    pattern = re.compile(r"oom|Out of memory|Killed process|segfault|traps:", re.IGNORECASE)
    return [line for line in kernel_log() if line not in seen and pattern.search(line)]


def available_mb() -> float:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) / 1024
    return 0.0


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def report(tally: Tally, seconds: float, log: Path, log_limit: int,
           kernel: list[str]) -> list[str]:
    out: list[str] = []
    loads = tally.total_loads
    crashes = tally.total_crashes
    per_100 = 100 * crashes / loads if loads else 0.0
    out.append(f"{'load':<34} {'loads':>6} {'crashes':>8} {'per 100':>8}")
    for kind, n in tally.loads.items():
        c = tally.crashes.get(kind, 0)
        out.append(f"{kind:<34} {n:>6} {c:>8} {100 * c / n:>8.1f}")
    out.append(f"{'all':<34} {loads:>6} {crashes:>8} {per_100:>8.1f}")
    out.append(f"other failures (timeouts, errors): {len(tally.failures)}")
    out.extend(f"  {line}" for line in tally.failures[:20])
    out.extend(f"  crash: {line}" for line in tally.crash_notes)
    out.append(f"Chromium's memory: peak {tally.peak_mb[0]:,.0f} MB PSS (browser, renderers, "
               f"workers' threads included); MemAvailable now {available_mb():,.0f} MB")
    out.append(f"time {seconds:.0f} s; load average now {load_average()} "
               f"({os.cpu_count()} cores)")
    lines = log_lines(log, log_limit)
    out.append(f"Chromium's log: {log} ({len(lines)} lines about crashes shown)")
    out.extend(f"  {line[:300]}" for line in lines)
    out.append(f"kernel (dmesg): {len(kernel)} new lines about OOM kills or segfaults")
    out.extend(f"  {line[:300]}" for line in kernel[-log_limit:])
    return out


# --------------------------------------------------------------------------- main


async def measure(args: argparse.Namespace, origin: str, log: Path, wrapper_dir: Path,
                  tally: Tally) -> None:
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(**launch_args(
            chromium_executable(), wrapper_dir, log, args.verbose_log, args.flag))
        stop = asyncio.Event()
        sampler = asyncio.create_task(sample_memory(tally.peak_mb, stop))
        try:
            if args.self_check:
                await self_check(browser, tally)
            else:
                await run_rounds(browser, origin, args.rounds, args.parallel, tally,
                                 not args.quiet, args.reloads)
        finally:
            stop.set()
            await sampler
            await browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10, help="browser contexts (4 loads each)")
    parser.add_argument("--parallel", type=int, default=2, help="rounds at once")
    parser.add_argument("--reloads", type=int, default=0,
                        help="first, reload /  this many times while its snapshot worker runs")
    parser.add_argument("--busy", type=int, default=0, help="busy loops to start (cores)")
    parser.add_argument("--no-build", action="store_true", help="measure build/site as it is")
    parser.add_argument("--site", type=Path, default=DEFAULT_OUT, help="a built site")
    parser.add_argument("--log", type=Path, help="Chromium's log file (default: a temp file)")
    parser.add_argument("--log-lines", type=int, default=40, help="crash lines to print")
    parser.add_argument("--verbose-log", action="store_true", help="Chromium's --v=1")
    parser.add_argument("--flag", action="append", default=[],
                        help="one more Chromium flag (repeatable), to try one")
    parser.add_argument("--self-check", action="store_true",
                        help="crash one renderer (chrome://crash) and count it")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)

    if not args.no_build and args.site == DEFAULT_OUT:
        build_site(DEFAULT_OUT)
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="qin-crashes-") as tmp:
        log = args.log or Path(tmp) / "chromium.log"
        log.parent.mkdir(parents=True, exist_ok=True)
        log.write_text("", encoding="utf-8")
        flags = " ".join(args.flag) or "none"
        print(f"crashes: {args.rounds} rounds x 4 loads, {args.parallel} at once, "
              f"{args.busy} busy loops, extra flags: {flags}; load {load_average()}",
              flush=True)
        started = time.monotonic()
        kernel_before = kernel_log()
        with busy_loops(args.busy), serving(args.site, quiet=True) as origin:
            try:
                asyncio.run(measure(args, origin, log, Path(tmp), tally))
            except KeyboardInterrupt:  # Ctrl-C: report what was counted so far
                print("interrupted: the figures below are the loads finished so far")
        lines = report(tally, time.monotonic() - started, log, args.log_lines,
                       kernel_kills(kernel_before))
        print("\n".join(lines))
        if args.log is None:
            kept = ROOT / "build" / "crashes-chromium.log"
            kept.parent.mkdir(exist_ok=True)
            shutil.copyfile(log, kept)
            print(f"(log kept as {kept.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
