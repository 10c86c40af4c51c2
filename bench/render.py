"""The board drawing's time and size: ``qin.svg.render_svg`` on the start, a mid-game
and the end of a fixed game, against the renderer of another git revision measured in
the same run.

    python bench/render.py                 # against main's qin/svg.py
    python bench/render.py --against HEAD~3
    python bench/render.py --against none  # this renderer only

The game is bird, 2 players, seed 2012, two "governor" players (as
tools/board_screenshots.py: the positions of the screenshots).  Each drawing is what
the game page asks for after a placement (``legal`` squares of the next tile, the
last move marked, ``style=False``).  The other revision's ``qin/svg.py`` is loaded as
a module of this checkout's ``qin`` (its engine is this one), so only the drawing
differs.  CPU time per drawing (best of 5 rounds), the SVG's size in bytes and
gzipped; numbers and ratios only, no assertions.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import inspect
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import qin  # noqa: E402
from qin import svg  # noqa: E402
from tools.board_screenshots import games  # noqa: E402

ROUNDS = 5


def other_renderer(ref: str) -> ModuleType | None:
    """``qin/svg.py`` of git revision ``ref``, loaded as ``qin.svg_<ref>``."""
    if ref == "none":
        return None
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{ref}:qin/svg.py"],
                          check=True, capture_output=True, text=True).stdout
    folder = Path(qin.__file__).parent
    name = "qin.svg_bench_base"
    spec = importlib.util.spec_from_loader(name, loader=None, origin=str(folder / "svg.py"))
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "qin"
    sys.modules[name] = module
    exec(compile(text, f"{ref}:qin/svg.py", "exec"), module.__dict__)  # noqa: S102
    return module


def drawing(renderer: ModuleType, game: qin.Game) -> Callable[[], str]:
    """What the page draws after a placement: legal squares and the last move, drawn by
    ``renderer`` (a ``qin/svg.py``: its ``render_svg`` takes a ``BoardOptions``, or, in
    a revision before it did, the same options as keywords)."""
    legal = sorted({sq for m in game.legal_moves() if not m.is_pass for sq in m.squares})
    last = tuple(game.moves[-1].squares) if game.moves else ()
    options = {"legal": legal, "last": last, "style": False}
    render: Callable[..., str] = renderer.render_svg
    if "options" in inspect.signature(render).parameters:
        chosen = renderer.BoardOptions(**options)
        return lambda: render(game, chosen)
    return lambda: render(game, **options)


def timed(fn: Callable[[], str]) -> float:
    """CPU seconds per call, best of ``ROUNDS`` rounds of enough calls for ~0.2 s."""
    fn()
    n = 1
    while True:
        start = time.process_time()
        for _ in range(n):
            fn()
        spent = time.process_time() - start
        if spent > 0.2:
            break
        n *= 2
    best = spent / n
    for _ in range(ROUNDS - 1):
        start = time.process_time()
        for _ in range(n):
            fn()
        best = min(best, (time.process_time() - start) / n)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="main", help="git revision, or none")
    args = parser.parse_args()
    base = other_renderer(args.against)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    head = (f"{'position':10} {'moves':>5} {'ms':>7} {'bytes':>7} {'gzip':>6}"
            + (f" {'base ms':>8} {'base gz':>8} {'time':>6} {'gzip':>6}" if base else ""))
    print(head)
    print("-" * len(head))
    for name, game in games().items():
        fn = drawing(svg, game)
        text = fn()
        ms = timed(fn) * 1000
        gz = len(gzip.compress(text.encode()))
        row = f"{name:10} {len(game.moves):5} {ms:7.2f} {len(text):7} {gz:6}"
        if base is not None:
            bfn = drawing(base, game)
            bms = timed(bfn) * 1000
            bgz = len(gzip.compress(bfn().encode()))
            row += f" {bms:8.2f} {bgz:8} {ms / bms:5.2f}x {gz / bgz:5.2f}x"
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
