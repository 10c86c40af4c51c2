"""How much the Son of Heaven's learned judgement decides: its moves at several scales.

    python bench/judgement.py                      # 3 games, every 3rd decision
    python bench/judgement.py --games 6 --every 2 --scales 0 0.5 1 2

The Son of Heaven (``qin.ai.learned``) is the Emperor's search with a learned value of
the position after each move added, times ``judge`` (``learned.JUDGE`` in the level).
This plays seeded two-player Emperor games (the positions the level meets against the
Emperor) and, at every ``--every``-th decision between two or more legal moves, lets
the Son of Heaven choose with each ``--scales`` value (``judge=k``, the same random
source and no time cap: the same search but for the judgement; 0 is the Emperor's
search alone).  Printed: how many decisions each scale decides differently from scale 0
and from the level's scale, and the CPU time of a decision per scale.  Numbers only, no
assertions: what it says is how often the judgement is the tie-breaker among the
search's best moves, not whether it breaks the ties well (that is ``python -m qin.arena
heaven:judge=k emperor``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import qin.ai  # noqa: E402
from qin.ai.learned import JUDGE, Learned  # noqa: E402
from qin.game import Game  # noqa: E402


def decisions(games: int, every: int, seed: int) -> list[Game]:
    """The views of every ``every``-th decision with two or more legal moves in
    ``games`` two-player Emperor games dealt from ``seed``."""
    views: list[Game] = []
    for g in range(games):
        game = Game.new(players=2, seed=seed + g)
        bots = {p: qin.ai.player("emperor", (seed + g) * 10 + p) for p in (1, 2)}
        count = 0
        while not game.is_over:
            view = game.view(game.to_move)
            if len(view.legal_moves()) > 1:
                if count % every == every - 1:
                    views.append(view)
                count += 1
            game.play(bots[game.to_move].choose(view))
    return views


def table(moves: dict[float, list[str]], cpu: dict[float, float], level: float = JUDGE
          ) -> list[str]:
    """Per scale: how many of its moves differ from scale 0's and from scale ``level``'s
    on the same decisions (both must be among ``moves``), and its mean CPU ms a decision
    (``cpu``: seconds in all)."""
    n = len(moves[0.0])
    lines = [f"{'judge':>6} {'differs from 0':>15} {f'differs from {level:g}':>15} "
             f"{'CPU ms':>8}"]
    for k in sorted(moves):
        from0 = sum(a != b for a, b in zip(moves[k], moves[0.0], strict=True))
        from1 = sum(a != b for a, b in zip(moves[k], moves[level], strict=True))
        lines.append(f"{k:>6g} {from0:>9} ({from0 / max(1, n):.0%}) {from1:>9} "
                     f"({from1 / max(1, n):.0%}) {1000 * cpu[k] / max(1, n):>8.0f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--seed", type=int, default=4242)
    parser.add_argument("--scales", type=float, nargs="+", default=[0, 0.5, 1, 2, 3])
    args = parser.parse_args(argv)
    scales = sorted(set(args.scales) | {0.0, JUDGE})
    views = decisions(args.games, args.every, args.seed)
    moves: dict[float, list[str]] = {k: [] for k in scales}
    cpu: dict[float, float] = dict.fromkeys(scales, 0.0)
    for i, view in enumerate(views):
        for k in scales:
            bot = qin.ai.player("heaven", 1000 + i)  # the same random source for all
            bot.strategy = Learned.son_of_heaven(tuning={"judge": k})
            t0 = time.process_time()
            moves[k].append(str(bot.choose(view)))
            cpu[k] += time.process_time() - t0
    print(f"{len(views)} decisions of {args.games} two-player Emperor games (seed "
          f"{args.seed}, one in {args.every} of the decisions with two or more legal moves)")
    print("\n".join(table(moves, cpu)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
