"""What the "Saved games" list and a move's autosave cost with many saves, CPython.

    python bench/save_store.py            # a few seconds
    python bench/save_store.py --runs 50

Times, with 0, 50 and 200 other saved games in a ``MemoryStorage`` (the page's is
``localStorage``): ``SaveStore.entries()`` (the list the page reads at start); the
start's whole save work (``entries()``, then ``open`` and ``keep.restore`` of the game
left open, 60 moves); and ``write`` after one move of that game.  Medians of ``--runs``
runs, in milliseconds and as ratios to the 0-save case.  Half the saves are finished
games, half games under way; one in ten is of the previous format (``qin-save/1``,
listed from its record).  Nothing here asserts a time: the numbers move with the
machine's load (printed too).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web" / "page"))

from qin_ui import keep, saves  # noqa: E402

import qin  # noqa: E402

COUNTS = (0, 50, 200)


def played(seed: int, moves: int | None) -> qin.Game:
    game = qin.Game.new(board="bird" if seed % 2 else "lion", players=2 + seed % 3,
                        seed=seed)
    rng = random.Random(seed)
    while not game.is_over and (moves is None or len(game.moves) < moves):
        game.play(rng.choice(game.legal_moves()))
    return game


def ui_for(game: qin.Game) -> dict[str, object]:
    return {"kinds": ["human"] * game.players, "colours": keep.default_colours(game.players),
            "at_screen": 0, "cover": False}


def filled(count: int, games: list[qin.Game]) -> saves.SaveStore:
    """A store of ``count`` saves of ``games`` (every tenth in the previous format)."""
    storage = saves.MemoryStorage()
    store = saves.SaveStore(storage, known_kinds=["human"])
    for n in range(count):
        game = games[n % len(games)]
        ref = store.create(game, ui_for(game), recorder=game.record)
        if n % 10 == 9:
            saved = store.open(ref.id).saved
            old = saved.to_dict()
            old.update(format=saves.OLD_FORMAT)
            del old["rev"], old["summary"]
            storage.set(saves.PREFIX + ref.id, json.dumps(old))
    return store


def median_ms(action: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args(argv)
    games = [played(seed, None if seed % 2 else 30 + seed) for seed in range(20)]
    print(f"load average {os.getloadavg()[0]:.2f}; median of {args.runs} runs; CPython "
          f"{sys.version.split()[0]}")
    print(f"{'saves':>6} {'entries() ms':>13} {'ratio':>7} {'start ms':>9} {'ratio':>6} "
          f"{'write ms':>9} {'ratio':>6}")
    base: tuple[float, float, float] | None = None
    for count in COUNTS:
        store = filled(count, games)
        game = played(1000, 60)
        refs = [store.create(game, ui_for(game), recorder=game.record)]
        listed = median_ms(store.entries, args.runs)

        def start(store: saves.SaveStore = store, ref: saves.SaveRef = refs[0]) -> None:
            store.entries()
            keep.restore(store.open(ref.id).saved)

        def one_write(store: saves.SaveStore = store, game: qin.Game = game,
                      refs: list[saves.SaveRef] = refs) -> None:
            refs[0] = store.write(refs[0], game, ui_for(game), recorder=game.record)

        started = median_ms(start, args.runs)
        written = median_ms(one_write, args.runs)
        base = base or (listed, started, written)
        print(f"{count:>6} {listed:>13.3f} {listed / base[0]:>7.1f} {started:>9.3f} "
              f"{started / base[1]:>6.2f} {written:>9.3f} {written / base[2]:>6.2f}")

if __name__ == "__main__":
    main()
