"""The computer levels' strength ladder, as the README's table.

    python bench/ladder.py                      # 400 games a 2-player pairing, 100 in 3 and 4
    python bench/ladder.py --games 100 --multi-games 40 --workers 2
    python bench/ladder.py --only heaven --games 1000 --multi-games 400 --workers 2
    python bench/ladder.py --games 2 --players 2 --workers 2     # a smoke run, minutes

Each pairing is a `python -m qin.arena` match (seeded deals, the first player in
every seat in turn); the table gives the first player's score (a win 1, a shared
win 1/k) with its 95% confidence interval, with three or four players also its score
against the others one by one (ahead of an opponent 1, level 1/2, behind 0: even is
1/2 at any table, as a multi-player rating counts it; the target of the three- and
four-player rows is read on it), the issue's target, and each side's CPU time per
move.  The "greedy" player is the one-ply greedy reference.  Numbers
only: nothing here asserts anything; on this 2-core machine the default run takes
about an hour with --workers 2, and the Son of Heaven's three rows (every seat a
searching level) about as long again.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from qin.arena import Side, run, summarize  # noqa: E402


@dataclass(frozen=True)
class Pairing:
    a: str
    b: str
    players: int
    target: str  # the target for A's score, in words
    low: float  # A's score should be at least this
    above: float  # ... with the 95% lower bound above this (0: no such condition)
    one_by_one: bool = False  # the target is read on the score one by one


PAIRINGS = (
    Pairing("greedy", "apprentice", 2, "the lowest loses >= 80% to greedy", 0.80, 0.0),
    Pairing("governor", "apprentice", 2, ">= 65%, lower bound > 50%", 0.65, 0.50),
    Pairing("minister", "governor", 2, ">= 65%, lower bound > 50%", 0.65, 0.50),
    Pairing("emperor", "minister", 2, ">= 65%, lower bound > 50%", 0.65, 0.50),
    Pairing("emperor", "governor", 2, "top beats greedy level >= 75%", 0.75, 0.0),
    Pairing("emperor", "governor", 3, "(reported)", 0.0, 0.0),
    Pairing("emperor", "governor", 4, "(reported)", 0.0, 0.0),
    # the learned level (qin.ai.learned) against the level below it
    Pairing("heaven", "emperor", 2, ">= 65%, lower bound > 50%", 0.65, 0.50),
    Pairing("heaven", "emperor", 3, ">= 60% one by one against two Emperors", 0.60, 0.0,
            one_by_one=True),
    Pairing("heaven", "emperor", 4, ">= 60% one by one against three Emperors", 0.60, 0.0,
            one_by_one=True),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=400, help="games a 2-player pairing")
    parser.add_argument("--multi-games", type=int, default=100,
                        help="games a 3- or 4-player pairing")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2, choices=(1, 2))
    parser.add_argument("--only", default=None,
                        help="only the pairings whose player A is this level")
    parser.add_argument("--players", type=int, default=None, choices=(2, 3, 4),
                        help="only the pairings of this many players")
    args = parser.parse_args(argv)
    if args.games < 1 or args.multi_games < 1:
        parser.error("--games and --multi-games are at least 1")
    rows = []
    started = time.time()
    for p in PAIRINGS:
        if args.only and p.a != args.only or args.players and p.players != args.players:
            continue
        games = args.games if p.players == 2 else args.multi_games
        t0 = time.time()
        results = list(run(Side(p.a), Side(p.b), games, p.players, args.seed,
                           workers=args.workers))
        s = summarize(results)
        score, low = (s.pairwise, s.pairwise_low) if p.one_by_one else (s.score, s.low)
        met = score >= p.low and low > p.above if p.low else None
        fair = 1 / p.players
        verdict = "-" if met is None else ("met" if met else "NOT met")
        pairs = "" if p.players == 2 else (
            f"{s.pairwise:.3f} ({s.pairwise_low:.3f}-{s.pairwise_high:.3f})")
        rows.append(f"| {p.a} vs {p.b} | {p.players} | {s.games} | {s.wins}-{s.draws}-"
                    f"{s.losses} | {s.score:.3f} ({s.low:.3f}-{s.high:.3f}) | {fair:.2f} | "
                    f"{pairs} | {p.target} | {verdict} | {s.time_a * 1000:.0f} / "
                    f"{s.time_b * 1000:.0f} |")
        print(s.text(p.a, p.b, p.players) + f" [{time.time() - t0:.0f} s]", flush=True)
    print()
    print(f"seed {args.seed}, board bird, seats alternating, {args.workers} workers, "
          f"{time.time() - started:.0f} s in all, load average "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print()
    print("| pairing (A vs B) | players | games | A won-shared-lost | A's score (95% CI) "
          "| even | one by one (95% CI; even 0.50) | target | | CPU ms per move A / B |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
