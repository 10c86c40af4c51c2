"""The computer levels' time per decision, against another git revision in the same run.

    python bench/decisions.py                  # against main, 3 rounds
    python bench/decisions.py --against HEAD~2 --rounds 5
    python bench/decisions.py --levels emperor,heaven --quick

Positions: three Governor self-play games (bird 2 players, lion 3, bird 4; fixed
seeds), each cut at a quarter, a half and three quarters of its length; every level
decides as the mover there (its own view, a fixed seed, no time budget).  The other
revision's ``qin`` (``git archive``) and this checkout's each run in a process of
their own, kept for the whole run; each round asks both, in alternating order, for
the same decisions, so both sides meet the same load.  Per level: CPU milliseconds
per decision (``time.process_time`` in the deciding process; the median over the
rounds of each position's time, summed over positions, divided by their count),
the ratio this / other, and whether every move chosen was the same.  Numbers and
ratios only, no assertions; the load average is printed before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ("apprentice", "governor", "minister", "emperor", "heaven")
GAMES = (("bird", 2, 2026), ("lion", 3, 2027), ("bird", 4, 2028))
CUTS = (0.25, 0.5, 0.75)

# The deciding process: reads one JSON request a line, answers one JSON line.
CHILD = r"""
import json, sys, time
from qin.ai import player
from qin.game import Game

def view_of(board, players, seed, moves):
    game = Game.new(board=board, players=players, seed=seed)
    for m in moves:
        game.play(m)
    return game.view(game.to_move)

cache = {}
for line in sys.stdin:
    req = json.loads(line)
    if req.get("do") == "games":  # Governor self-play: the positions' moves
        out = []
        for board, players, seed in req["games"]:
            game = Game.new(board=board, players=players, seed=seed)
            bots = [player("governor", seed * 10 + s) for s in range(players)]
            while not game.is_over:
                game.play(bots[game.to_move - 1].choose(game.view(game.to_move)))
            out.append([m.text for m in game.moves])
        print(json.dumps(out), flush=True)
        continue
    key = json.dumps(req["position"])
    view = cache.get(key)
    if view is None:
        view = cache[key] = view_of(*req["position"])
    bot = player(req["level"], 7)
    start = time.process_time()
    move = bot.choose(view)
    spent = time.process_time() - start
    print(json.dumps({"ms": spent * 1000, "move": move.text}), flush=True)
"""


class Side:
    """One revision's ``qin`` in a process of its own."""

    def __init__(self, name: str, path: Path) -> None:
        self.name = name
        env = dict(os.environ, PYTHONPATH=str(path), PYTHONHASHSEED="0")
        self.proc = subprocess.Popen([sys.executable, "-c", CHILD], cwd=path, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)

    def ask(self, request: dict[str, Any]) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"the {self.name} process stopped")
        return json.loads(line)

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def checkout(ref: str, into: Path) -> Path:
    """``qin/`` and ``boards/`` of git revision ``ref`` unpacked under ``into``."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "qin", "boards"], check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="main", help="git revision (default main)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--quick", action="store_true", help="one cut per game, 1 round")
    args = parser.parse_args()
    levels = [lv for lv in args.levels.split(",") if lv]
    cuts = (0.5,) if args.quick else CUTS
    rounds = 1 if args.quick else args.rounds
    print(f"bench/decisions.py: this checkout against {args.against}; {load()}")
    with tempfile.TemporaryDirectory() as tmp:
        other = Side(args.against, checkout(args.against, Path(tmp)))
        this = Side("this checkout", ROOT)
        games = this.ask({"do": "games", "games": GAMES})
        positions = [[board, players, seed, moves[:int(len(moves) * cut)]]
                     for (board, players, seed), moves in zip(GAMES, games, strict=True)
                     for cut in cuts]
        times: dict[tuple[str, str, int], list[float]] = {}
        moves_of: dict[tuple[str, str, int], set[str]] = {}
        for r in range(rounds):
            sides = (other, this) if r % 2 == 0 else (this, other)
            for level in levels:
                for i, pos in enumerate(positions):
                    for side in sides:
                        got = side.ask({"level": level, "position": pos})
                        times.setdefault((side.name, level, i), []).append(got["ms"])
                        moves_of.setdefault(("", level, i), set()).add(got["move"])
            print(f"  round {r + 1}/{rounds} done; {load()}", flush=True)
        other.close()
        this.close()
    print(f"\n{len(positions)} positions (bird 2p, lion 3p, bird 4p at "
          f"{', '.join(f'{c:.0%}' for c in cuts)} of a Governor game), {rounds} rounds")
    print(f"{'level':<12}{args.against + ' ms':>14}{'this ms':>12}{'this/' + args.against:>14}"
          f"{'x faster':>10}  same moves")
    print("-" * 74)
    for level in levels:
        per = {name: statistics.mean(statistics.median(times[(name, level, i)])
                                     for i in range(len(positions)))
               for name in (args.against, "this checkout")}
        a, b = per[args.against], per["this checkout"]
        same = all(len(moves_of[("", level, i)]) == 1 for i in range(len(positions)))
        print(f"{level:<12}{a:>14.1f}{b:>12.1f}{b / a:>14.2f}{a / b:>10.2f}  "
              f"{'yes' if same else 'NO'}")
    print(f"\n{load()}")


if __name__ == "__main__":
    main()
