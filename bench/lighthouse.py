"""Lighthouse's performance audit of the built site, headless on Debian's Chromium.

    python bench/lighthouse.py              # 3 runs of each page and preset
    python bench/lighthouse.py --runs 1     # one of each (about 3 min on 2 cores)
    python bench/lighthouse.py --site DIR   # another built copy of the site

Lighthouse is a bench-only npm dev dependency (bench/package.json, its own lock): the
first run installs it into bench/node_modules with `npm ci`; `make deps` and `make test`
never do. The site (build/site/, or --site) is served by tools/serve.py on 127.0.0.1;
each page (the game and a rules page with live diagrams) is audited with the mobile
preset (Lighthouse's default: a slow phone, simulated throttling) and the desktop one.
Printed per page and preset, median (range) over the runs: the performance score, Total
Blocking Time, max potential first input delay and the longest main-thread task (the
"long-tasks" audit); after each run, its structure (`structure`): the LCP element and
when it was painted in the run itself, the scripts run on the main thread, the bytes.
Numbers only: nothing here passes or fails on a time.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.boot import load_average  # noqa: E402
from tools.serve import serving  # noqa: E402

BENCH = ROOT / "bench"
SITE = ROOT / "build" / "site"
LIGHTHOUSE = BENCH / "node_modules" / ".bin" / "lighthouse"
PAGES = (("game", "/"), ("rules", "/rules/en.html"))  # the rules: live diagrams
PRESETS = ("mobile", "desktop")
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-background-networking "
                "--disable-component-update --disable-sync --no-first-run --disable-quic")
RUN_TIMEOUT_S = 300


def chrome_path() -> str:
    """Debian's Chromium, or $CHROME_PATH / $QIN_CHROMIUM when set."""
    for candidate in (os.environ.get("CHROME_PATH"), os.environ.get("QIN_CHROMIUM"),
                      "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).is_file():
            return candidate
    raise SystemExit("no Chromium: install Debian's chromium or set CHROME_PATH")


def ensure_lighthouse() -> Path:
    """bench/node_modules/.bin/lighthouse, installed from bench/package-lock.json once."""
    if not LIGHTHOUSE.is_file():
        print("bench/lighthouse.py: installing Lighthouse (npm ci in bench/) ...", flush=True)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=BENCH, check=True)
    return LIGHTHOUSE


def add_run_options(parser: argparse.ArgumentParser, presets: Sequence[str],
                    reports: str) -> None:
    """What every Lighthouse run here takes: ``--site`` (the built site to serve),
    ``--preset`` (only those of ``presets``, repeatable) and ``--reports`` (a folder for
    the whole JSON reports, ``reports`` saying which)."""
    parser.add_argument("--site", type=Path, default=SITE, help="the built site to serve")
    parser.add_argument("--preset", choices=list(presets), action="append",
                        help="only this preset (repeatable)")
    parser.add_argument("--reports", type=Path, default=None,
                        help=f"write {reports} into this folder")


def ready(site: Path) -> None:
    """``site`` is built (else ``SystemExit`` asks for ``make site``) and Lighthouse is
    installed."""
    if not (site / "index.html").is_file():
        raise SystemExit(f"{site} has no index.html: run `make site`")
    ensure_lighthouse()


def command(url: str, preset: str) -> list[str]:
    """The Lighthouse command line for one audit (the JSON report on stdout)."""
    cmd = [str(LIGHTHOUSE), url, "--only-categories=performance", "--output=json",
           "--output-path=stdout", "--quiet", f"--chrome-flags={CHROME_FLAGS}"]
    if preset == "desktop":
        cmd.append("--preset=desktop")
    return cmd


def figures(report: dict[str, Any]) -> dict[str, float | None]:
    """What the table shows, out of one Lighthouse JSON report (None: not measured)."""
    audits = report.get("audits", {})

    def value(name: str) -> float | None:
        number = audits.get(name, {}).get("numericValue")
        return float(number) if isinstance(number, (int, float)) else None

    score = report.get("categories", {}).get("performance", {}).get("score")
    items = (audits.get("long-tasks", {}).get("details") or {}).get("items") or []
    durations = [float(i["duration"]) for i in items if isinstance(i.get("duration"),
                                                                    (int, float))]
    return {
        "score": round(score * 100) if isinstance(score, (int, float)) else None,
        "tbt": value("total-blocking-time"),
        "fid": value("max-potential-fid"),
        "longest": max(durations) if durations else (0.0 if "long-tasks" in audits else None),
        "lcp": value("largest-contentful-paint"),
    }


def structure(report: dict[str, Any]) -> list[str]:
    """What one report says of the page's shape, not its speed: the element taken as the
    largest contentful paint and when it was painted in the run itself (observed, before
    the simulation) next to the first paint, and the scripts that ran on the main thread
    (the "bootup-time" audit: script evaluation, ms) with the bytes sent."""
    audits = report.get("audits", {})
    metrics = ((audits.get("metrics", {}).get("details") or {}).get("items") or [{}])[0]
    tables = (audits.get("largest-contentful-paint-element", {}).get("details") or {})
    node: dict[str, Any] = {}
    for table in tables.get("items") or []:
        for item in table.get("items") or []:
            node = item.get("node") or node
            break
        if node:
            break
    lines = [f"    LCP element {node.get('selector', '-')}, painted at "
             f"{metrics.get('observedLargestContentfulPaint', 0):,.0f} ms (first paint "
             f"{metrics.get('observedFirstContentfulPaint', 0):,.0f} ms, DOMContentLoaded "
             f"{metrics.get('observedDomContentLoaded', 0):,.0f} ms) in the run itself"]
    scripts = (audits.get("bootup-time", {}).get("details") or {}).get("items") or []
    named = [f"{str(i.get('url', '')).rsplit('/', 1)[-1] or '(document)'} "
             f"{float(i.get('scripting', 0)):,.0f}" for i in scripts]
    lines.append("    main-thread scripts (evaluation ms): " + ", ".join(named))
    weight = audits.get("total-byte-weight", {}).get("numericValue")
    if isinstance(weight, (int, float)):
        lines.append(f"    bytes sent {weight / 1024:,.0f} KB")
    return lines


def spread(values: list[float | None]) -> str:
    """'median (min-max)' of the measured values; '-' when none was."""
    got = [v for v in values if v is not None]
    if not got:
        return "-"
    if len(got) == 1:
        return f"{got[0]:,.0f}"
    return f"{statistics.median(got):,.0f} ({min(got):,.0f}-{max(got):,.0f})"


COLUMNS = (("score", "score"), ("tbt", "TBT ms"), ("fid", "max FID ms"),
           ("longest", "longest task ms"), ("lcp", "LCP ms"))


def table(results: dict[tuple[str, str], list[dict[str, float | None]]]) -> list[str]:
    """One line per page and preset: median (range) of each figure over the runs."""
    head = f"{'page':<18} {'preset':<8} {'runs':>4}" + "".join(
        f" {label:>22}" for _, label in COLUMNS)
    lines = [head, "-" * len(head)]
    for (page, preset), runs in results.items():
        lines.append(f"{page:<18} {preset:<8} {len(runs):>4}" + "".join(
            f" {spread([r[key] for r in runs]):>22}" for key, _ in COLUMNS))
    return lines


def audit(url: str, preset: str, keep: Path | None = None) -> dict[str, float | None]:
    """One Lighthouse run; its figures (a failed run raises with Lighthouse's message).

    `keep`: also write the whole JSON report there (every audit, for reading what
    loses points)."""
    env = dict(os.environ, CHROME_PATH=chrome_path())
    done = subprocess.run(command(url, preset), capture_output=True, text=True, env=env,
                          timeout=RUN_TIMEOUT_S, check=False)
    if done.returncode != 0 or not done.stdout.strip():
        raise RuntimeError(f"lighthouse failed on {url} ({preset}): "
                           f"{done.stderr.strip()[-800:]}")
    report = json.loads(done.stdout)
    print("\n".join(structure(report)), flush=True)
    if keep is not None:
        keep.parent.mkdir(parents=True, exist_ok=True)
        keep.write_text(done.stdout, encoding="utf-8")
    if report.get("runtimeError"):
        raise RuntimeError(f"lighthouse on {url} ({preset}): {report['runtimeError']}")
    return figures(report)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: ``--runs``, ``--page`` and the options of every run here
    (``add_run_options``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3, help="runs of each (default 3)")
    parser.add_argument("--page", choices=[name for name, _ in PAGES], action="append",
                        help="only this page (repeatable)")
    add_run_options(parser, PRESETS, "each run's whole JSON report")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    ready(args.site)
    version = subprocess.run([str(LIGHTHOUSE), "--version"], capture_output=True, text=True,
                             check=False).stdout.strip()
    started = time.monotonic()
    print(f"bench/lighthouse.py: Lighthouse {version} on {chrome_path()}, {args.runs} runs "
          f"each; load average {load_average()} on {os.cpu_count()} CPUs", flush=True)
    pages = [(n, p) for n, p in PAGES if not args.page or n in args.page]
    presets = [p for p in PRESETS if not args.preset or p in args.preset]
    results: dict[tuple[str, str], list[dict[str, float | None]]] = {
        (name, preset): [] for name, _ in pages for preset in presets}
    with serving(args.site) as origin:
        for i in range(max(1, args.runs)):  # interleaved: each run goes through them all
            for name, path in pages:
                for preset in presets:
                    keep = (args.reports / f"{name}-{preset}-{i + 1}.json"
                            if args.reports else None)
                    got = audit(origin + path, preset, keep)
                    results[(name, preset)].append(got)
                    print(f"  run {i + 1}: {name}, {preset}: score {got['score']}, TBT "
                          f"{got['tbt'] or 0:,.0f} ms, longest task {got['longest'] or 0:,.0f}"
                          " ms", flush=True)
    print()
    print("\n".join(table(results)))
    print(f"load average at the end {load_average()}; "
          f"{time.monotonic() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
