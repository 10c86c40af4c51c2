"""Our imports on a first visit: two built sites, cold visits alternating between them.

    python bench/cold_imports.py BEFORE_SITE AFTER_SITE [--runs 8]

e.g. a copy of main's build/site and one of a branch's.  Each visit is a new browser
context (empty HTTP cache, no service worker, no kept bytecode or snapshot) at "/",
served by tools/serve.py (brotli/gzip negotiated) with the e2e tests' Chromium flags;
the order alternates (A B, B A, ...) so that the machine's slower spells fall on both.
Printed per site: what web/startup/bytecode.py did (``body[data-bytecode]``) and, from
the page's marks (web/page/main.py), restoring the compiled modules
(``qin:main``->``qin:bytecode``), importing ours (``qin:bytecode``->``qin:imported``),
both, and the start screen ready with Python (``qin:ready``): median and every run.
bench/boot.py measures the whole start against Pyodide's floor; this isolates the imports.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.boot import chromium_launch_args  # noqa: E402
from tools.serve import serving  # noqa: E402

MARKS_JS = ("() => Object.fromEntries(performance.getEntriesByType('mark')"
            ".filter((m) => m.name.startsWith('qin:')).map((m) => [m.name, m.startTime]))")
BOOTED_JS = "() => ['ready', 'error'].includes(document.body?.dataset.boot)"
SPANS = (("restore (qin:main->qin:bytecode)", "qin:main", "qin:bytecode"),
         ("imports (qin:bytecode->qin:imported)", "qin:bytecode", "qin:imported"),
         ("both (qin:main->qin:imported)", "qin:main", "qin:imported"),
         ("Python ready (qin:ready)", "", "qin:ready"))


def visits(sites: list[Path], runs: int) -> dict[Path, list[tuple[dict[str, float], str]]]:
    """Each site's cold visits: its marks and body[data-bytecode]."""
    from playwright.sync_api import sync_playwright

    seen: dict[Path, list[tuple[dict[str, float], str]]] = {site: [] for site in sites}
    with ExitStack() as stack, sync_playwright() as pw:
        origins = {site: stack.enter_context(serving(site)) for site in sites}
        browser = pw.chromium.launch(**chromium_launch_args())
        for run in range(runs):
            for site in sites if run % 2 == 0 else sites[::-1]:
                context = browser.new_context()
                page = context.new_page()
                page.goto(origins[site] + "/")
                page.wait_for_function(BOOTED_JS, timeout=120_000)
                seen[site].append((page.evaluate(MARKS_JS),
                                   str(page.evaluate("document.body.dataset.bytecode"))))
                context.close()
        browser.close()
    return seen


def report(seen: dict[Path, list[tuple[dict[str, float], str]]]) -> list[str]:
    lines = []
    for site, rows in seen.items():
        states = sorted({state for _, state in rows})
        lines.append(f"{site}: {len(rows)} cold visits, data-bytecode {', '.join(states)}")
        for label, start, end in SPANS:
            values = [marks[end] - (marks[start] if start else 0.0) for marks, _ in rows]
            lines.append(f"  {label:38} {statistics.median(values):7,.0f} ms   runs "
                         + " ".join(f"{v:.0f}" for v in values))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("sites", type=Path, nargs=2, help="two built sites")
    parser.add_argument("--runs", type=int, default=8, help="cold visits of each (default 8)")
    args = parser.parse_args(argv)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} CPUs", flush=True)
    for line in report(visits([site.resolve() for site in args.sites], args.runs)):
        print(line)
    print(f"load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
