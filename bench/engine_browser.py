"""The engine's speed under Pyodide in the browser, next to CPython's, from one snippet.

    python bench/engine_browser.py            # about a minute (builds the site if needed)
    python bench/engine_browser.py --quick    # a smoke test

The same Python source (bench/engine_snippet.py's ``SNIPPET``) runs twice: here under
CPython, and in Debian's Chromium inside a bare Pyodide page (bench/boot.py's floor
page: the vendored Pyodide and our wheel unpacked, no PyScript).  It plays seeded
random 2-player games on board "bird" for a time budget (wall clock,
``time.perf_counter``, on both sides: Pyodide has no CPU clock; the page's Python runs
on one thread, so with a free core its wall time is its CPU time) and times
``legal_moves()`` (the cached answer the UI asks for), the legal-move computation on a
board without cached summaries (what ``play()`` pays for the next player), ``play()``,
and each computer level's decision.  The ratio is Pyodide's figure over CPython's.
Numbers only, no assertions.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import boot  # noqa: E402
from bench.engine_snippet import run_here, table  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="short budgets (smoke test)")
    parser.add_argument("--no-build", action="store_true", help="use build/site as it is")
    args = parser.parse_args(argv)
    budget, ai_moves = (0.5, 2) if args.quick else (4.0, 6)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
          f"{os.cpu_count()} CPUs")
    with boot.Bench(build=not args.no_build) as b:
        page_result = b.engine_in_browser(budget, ai_moves)
    here = run_here(budget, ai_moves)
    print("\n".join(table(here, page_result)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
