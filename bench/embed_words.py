"""A diagram's hover preview as the engine's worker answers it (web/embed/qin_embed.py's
``handle``), with the diagram's words attached to every request, kept by the worker, or
none at all (the engine's work alone: the baseline), under Pyodide in the browser and
in CPython, against another revision's qin_embed.py in the same run.

    python bench/embed_words.py                  # against main's qin_embed.py
    python bench/embed_words.py --against none   # this revision only
    python bench/embed_words.py --no-build --cpython-only

The request is the one qin-board.js sends while the pointer crosses the squares of the
rules page's interactive diagram (rules/en.html ``ex-try``, positions/absorb.txt) in
German: ``op: preview`` of each legal move in turn, with the site's German catalogue
(``build/site/i18n/de.json``, what the page fetches) attached, or marked as kept where
the module keeps the words by language (``WORDS_KEPT``).  The page's side is timed in
JavaScript (the request's ``JSON.stringify`` and the call into Python, answer back as a
string) in bench/boot.py's bare Pyodide page with our wheel; the crossing into the
worker is not part of it.  Each figure is the median over rounds of a round's mean per
call, the variants interleaved; the ratio is to "no site words" of this revision.
Numbers and ratios only, no assertions.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import qin  # noqa: E402

SITE = ROOT / "build" / "site"
POSITION_FILE = ROOT / "web" / "rules" / "positions" / "absorb.txt"
LANG = "de"
ROUNDS = 7
CALLS = 40
VARIANTS = (("here", "sent"), ("here", "kept"), ("here", "none"), ("base", "sent"))
LABELS = {"sent": "catalogue attached to each request", "kept": "words kept by the worker",
          "none": "no site words (the engine's work alone)"}


def sources(against: str) -> dict[str, str]:
    """This checkout's qin_embed.py as "here", and ``against``'s as "base" (unless none)."""
    out = {"here": (ROOT / "web" / "embed" / "qin_embed.py").read_text(encoding="utf-8")}
    if against != "none":
        out["base"] = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{against}:web/embed/qin_embed.py"],
            check=True, capture_output=True, text=True).stdout
    return out


def hover_moves(position: str) -> list[str]:
    """The legal moves of the diagram's position, as the pointer would preview them."""
    return [str(m) for m in qin.Game.from_position(position).legal_moves()][:CALLS]


def request(position: str, move: str) -> dict[str, Any]:
    return {"op": "preview", "position": position, "highlight": [], "coords": True,
            "colours": [], "names": [], "label": "", "moves": [], "move": move,
            "lang": LANG}


def words_of(kind: str, catalogue: dict[str, str], kept: bool) -> dict[str, Any]:
    """What a request carries of its words: the catalogue, the mark of kept words, or none."""
    if kind == "sent" or (kind == "kept" and not kept):
        return {"messages": catalogue}
    if kind == "kept":
        return {"words": "kept"}
    return {}


def load_module(name: str, source: str) -> types.ModuleType:
    module = types.ModuleType(f"qin_embed_{name}")
    exec(compile(source, f"<qin_embed {name}>", "exec"), module.__dict__)  # noqa: S102
    return module


def run_here(srcs: dict[str, str], catalogue: dict[str, str], position: str,
             moves: list[str], rounds: int) -> dict[str, list[float]]:
    """Per-call microseconds of each variant, one figure per round (CPython)."""
    modules = {name: load_module(name, src) for name, src in srcs.items()}
    out: dict[str, list[float]] = {}
    for _ in range(rounds):
        for name, kind in VARIANTS:
            module = modules.get(name)
            if module is None or (kind == "kept" and not hasattr(module, "WORDS_KEPT")):
                continue
            if kind == "kept":  # the page's first request of the language carries them
                module.handle(json.dumps({**request(position, moves[0]),
                                          **words_of(kind, catalogue, False)}))
            start = time.perf_counter()
            for move in moves:
                answer = module.handle(json.dumps({**request(position, move),
                                                   **words_of(kind, catalogue, True)}))
            spent = time.perf_counter() - start
            if '"error"' in answer[:12]:
                raise SystemExit(f"{name} {kind}: {answer[:200]}")
            out.setdefault(f"{name} {kind}", []).append(spent / len(moves) * 1e6)
    return out


# In the bare Pyodide page (window.__pyodide): the wheel unpacked once, each module
# loaded from its source, then the same interleaved rounds, timed in JavaScript.
PAGE_JS = """async ([wheelUrl, srcs, catalogue, position, moves, rounds, variants]) => {
  const py = window.__pyodide;
  if (!window.__wheelLoaded) {
    const buffer = await (await fetch(wheelUrl)).arrayBuffer();
    py.unpackArchive(buffer, "wheel");
    window.__wheelLoaded = true;
  }
  py.runPython(`
import types
MODULES = {}
def load(name, source):
    module = types.ModuleType("qin_embed_" + name)
    exec(compile(source, "<qin_embed " + name + ">", "exec"), module.__dict__)
    MODULES[name] = module
    return hasattr(module, "WORDS_KEPT")
`);
  const load = py.globals.get("load");
  const keeps = {}, handles = {};
  for (const [name, src] of Object.entries(srcs)) {
    keeps[name] = load(name, src);
    handles[name] = py.globals.get("MODULES").get(name).handle;
  }
  const request = (move) => ({ op: "preview", position, highlight: [], coords: true,
    colours: [], names: [], label: "", moves: [], move, lang: "de" });
  const words = (kind, kept) => (kind === "sent" || (kind === "kept" && !kept)
    ? { messages: catalogue } : kind === "kept" ? { words: "kept" } : {});
  const out = {};
  for (let r = 0; r < rounds; r++) {
    for (const [name, kind] of variants) {
      if (!handles[name] || (kind === "kept" && !keeps[name])) continue;
      const call = (move, kept) =>
        handles[name](JSON.stringify({ ...request(move), ...words(kind, kept) }));
      if (kind === "kept") call(moves[0], false);
      let answer = "";
      const t0 = performance.now();
      for (const move of moves) answer = call(move, true);
      const spent = performance.now() - t0;
      if (answer.startsWith('{"error"')) throw new Error(`${name} ${kind}: ${answer}`);
      (out[name + " " + kind] ??= []).push(spent / moves.length * 1000);
    }
  }
  return JSON.stringify(out);
}"""


def table(results: dict[str, dict[str, list[float]]], sizes: dict[str, int],
          against: str) -> list[str]:
    where = list(results)
    head = f"{'one hover preview, us per request (median of rounds)':<62}"
    head += "".join(f"{w:>12} {'x base':>7}" for w in where)
    lines = [head, "-" * len(head)]
    for name, kind in VARIANTS:
        key = f"{name} {kind}"
        if not any(key in r for r in results.values()):
            continue
        who = "this revision" if name == "here" else against
        row = f"{who + ': ' + LABELS[kind]:<62}"
        for w in where:
            figures, floor = results[w].get(key), results[w].get("here none")
            if not figures or not floor:
                row += f"{'-':>12} {'':>7}"
                continue
            med = statistics.median(figures)
            row += f"{med:>12,.0f} {med / statistics.median(floor):>6.2f}x"
        lines.append(row)
    lines.append("x base = over this revision's 'no site words' in the same run.")
    lines.append("request bytes: " + ", ".join(f"{k} {v:,}" for k, v in sizes.items()))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--against", default="main", help="git revision, or none")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--no-build", action="store_true", help="use build/site as it is")
    parser.add_argument("--cpython-only", action="store_true")
    args = parser.parse_args(argv)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
          f"{os.cpu_count()} CPUs")
    if not args.no_build and not args.cpython_only:
        from tools.build_site import build_site

        build_site(SITE)
    catalogue = json.loads((SITE / "i18n" / f"{LANG}.json").read_text(encoding="utf-8"))
    position = POSITION_FILE.read_text(encoding="utf-8")
    moves = hover_moves(position)
    srcs = sources(args.against)
    sizes = {kind: len(json.dumps({**request(position, moves[0]),
                                   **words_of(kind, catalogue, True)}).encode())
             for kind in ("sent", "kept", "none")}
    results = {"CPython": run_here(srcs, catalogue, position, moves, args.rounds)}
    if not args.cpython_only:
        from bench import boot

        with boot.Bench(build=False) as b, b.floor_page() as (page, wheel_url):
            text = page.evaluate(PAGE_JS, [wheel_url, srcs, catalogue, position, moves,
                                           args.rounds, [list(v) for v in VARIANTS]])
            results["Pyodide"] = json.loads(text)
    print(f"{len(moves)} previews of {POSITION_FILE.name} in {LANG!r}, {args.rounds} rounds")
    print("\n".join(table(results, sizes, args.against)))
    print(f"load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
