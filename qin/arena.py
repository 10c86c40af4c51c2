"""Play computer players against each other: ``python -m qin.arena A B --games N``.

    python -m qin.arena governor apprentice --games 200 --players 2 --seed 1
    python -m qin.arena emperor governor --games 100 --players 4 --workers 2

Game ``i`` is dealt from ``seed + i // players`` and player A sits in seat
``1 + i % players`` (so each deal is played with A in every seat); the other seats are
B.  A game's score for A is 1 for a win, 1/k for a victory shared by k players and
0 otherwise.  The report gives A's wins, draws (shared victories), losses, A's mean
score with its 95% confidence interval (the normal approximation; Wilson's when every
game ended alike, ``interval``), and each side's mean
thinking time per move (CPU time of the playing process, so a busy machine does not
inflate it).

With three or four players it also gives A's score against the other players one by
one, as a multi-player rating counts a table (Elo as Board Game Arena keeps it, for
one): against each opponent 1 if A finished ahead of it (a winner ahead of the others,
then more pagodas on the board ahead of fewer), 1/2 if level, 0 if behind, the game's
score the mean over the opponents, so an even match scores 1/2 at any table.  With two
players the two scores are one.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .ai import EXTRA, LEVELS, player
from .ai.learned import read_weights
from .game import Game


@dataclass
class Side:
    level: str
    iterations: int | None = None
    budget_s: float | None = None
    weights: str | None = None  # a learned weights file for "heaven" (a candidate)


@dataclass
class Result:
    index: int
    seed: int
    seat: int  # A's seat
    winners: tuple[int, ...]
    plies: int
    time_a: float  # CPU seconds A spent thinking
    moves_a: int
    time_b: float
    moves_b: int
    on_board: tuple[int, ...] = ()  # each seat's pagodas on the board at the end

    @property
    def score(self) -> float:
        return 1.0 / len(self.winners) if self.seat in self.winners else 0.0

    @property
    def pairwise(self) -> float:
        """A's score against the other seats one by one (see the module's text)."""
        seats = len(self.on_board) or max((self.seat, *self.winners))
        others = [p for p in range(1, seats + 1) if p != self.seat]
        return sum(self._against(p) for p in others) / len(others) if others else 0.0

    def _against(self, other: int) -> float:
        mine, theirs = self.seat in self.winners, other in self.winners
        if mine != theirs:
            return 1.0 if mine else 0.0
        if not self.on_board:
            return 0.5
        ahead = self.on_board[self.seat - 1] - self.on_board[other - 1]
        return 1.0 if ahead > 0 else 0.5 if ahead == 0 else 0.0


def play_one(index: int, a: Side, b: Side, players: int, seed: int,
             board: str = "bird") -> Result:
    """Game ``index`` of a match (deal, seats and the players' seeds follow from it)."""
    deal = seed + index // players
    seat_a = 1 + index % players
    game = Game.new(board=board, players=players, seed=deal)
    bots = {}
    for p in range(1, players + 1):
        side = a if p == seat_a else b
        learned = read_weights(side.weights) if side.weights else None
        bots[p] = player(side.level, seed=deal * 10 + p, iterations=side.iterations,
                         budget_s=side.budget_s, weights=learned)
    plies = 0
    while not game.is_over:
        p = game.to_move
        game.play(bots[p].choose(game.view(p)))
        plies += 1
    others = [bots[p] for p in bots if p != seat_a]
    return Result(index, deal, seat_a, game.winners, plies,
                  bots[seat_a].total_cpu, bots[seat_a].moves,
                  sum(x.total_cpu for x in others), sum(x.moves for x in others),
                  tuple(game.on_board(p) for p in range(1, players + 1)))


def _run(job: tuple[int, Side, Side, int, int, str]) -> Result:
    return play_one(*job)


def run(a: Side, b: Side, games: int, players: int, seed: int, board: str = "bird",
        workers: int = 1) -> Iterator[Result]:
    jobs = [(i, a, b, players, seed, board) for i in range(games)]
    if workers <= 1:
        for job in jobs:
            yield _run(job)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap_unordered(_run, jobs)


@dataclass
class Summary:
    games: int
    wins: int
    draws: int
    losses: int
    score: float
    low: float
    high: float
    time_a: float
    time_b: float
    plies: float
    pairwise: float = 0.0
    pairwise_low: float = 0.0
    pairwise_high: float = 0.0

    def text(self, a: str, b: str, players: int) -> str:
        fair = 1.0 / players
        one_by_one = "" if players == 2 else (
            f"; against the others one by one {a}'s score {self.pairwise:.3f} "
            f"(95% CI {self.pairwise_low:.3f}-{self.pairwise_high:.3f}; "
            f"an even match scores 0.500)")
        return (f"{a} vs {b}, {players} players, {self.games} games: "
                f"{a} won {self.wins}, shared {self.draws}, lost {self.losses}; "
                f"{a}'s score {self.score:.3f} (95% CI {self.low:.3f}-{self.high:.3f}; "
                f"an even match scores {fair:.3f}){one_by_one}; "
                f"mean CPU time per move: {a} {self.time_a * 1000:.1f} ms, "
                f"{b} {self.time_b * 1000:.1f} ms; {self.plies:.1f} plies per game")


Z = 1.96
"""The normal quantile of a 95% interval."""


def mean_and_interval(scores: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``scores`` (each 0 to 1) and its 95% confidence interval (no scores:
    all 0): the normal approximation with the scores' own spread; when they do not
    spread (every game won, or every one lost, as a short match may be), Wilson's
    interval for that proportion, which leaves the room for chance that a spread of
    nothing would not."""
    n = len(scores)
    if not n:
        return 0.0, 0.0, 0.0
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / (n - 1) if n > 1 else 0.0
    if var > 0:
        half = Z * math.sqrt(var / n)
        return mean, max(0.0, mean - half), min(1.0, mean + half)
    z2 = Z * Z
    centre = (mean + z2 / (2 * n)) / (1 + z2 / n)
    half = Z * math.sqrt(mean * (1 - mean) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return mean, max(0.0, centre - half), min(1.0, centre + half)


def summarize(results: Sequence[Result]) -> Summary:
    n = len(results)
    scores = [r.score for r in results]
    wins = sum(1 for r in results if r.winners == (r.seat,))
    draws = sum(1 for r in results if r.seat in r.winners and len(r.winners) > 1)
    mean, low, high = mean_and_interval(scores)
    pairwise = mean_and_interval([r.pairwise for r in results])
    moves_a = sum(r.moves_a for r in results) or 1
    moves_b = sum(r.moves_b for r in results) or 1
    return Summary(n, wins, draws, n - wins - draws, mean, low, high,
                   sum(r.time_a for r in results) / moves_a,
                   sum(r.time_b for r in results) / moves_b,
                   sum(r.plies for r in results) / n if n else 0.0, *pairwise)


def main(argv: Sequence[str] | None = None) -> int:
    levels = [lv.key for lv in LEVELS] + list(EXTRA)
    parser = argparse.ArgumentParser(prog="python -m qin.arena", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", help=f"player A: {', '.join(levels)}")
    parser.add_argument("b", help="player B (every other seat)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--board", default="bird")
    parser.add_argument("--budget", type=float, default=None,
                        help="seconds per move for both sides (searching levels)")
    parser.add_argument("--budget-a", type=float, default=None)
    parser.add_argument("--budget-b", type=float, default=None)
    parser.add_argument("--iterations-a", type=int, default=None,
                        help="search iterations per move for A (default: the level's)")
    parser.add_argument("--iterations-b", type=int, default=None)
    parser.add_argument("--weights-a", metavar="FILE", default=None,
                        help="A (heaven) judges with this weights file, not the shipped one")
    parser.add_argument("--weights-b", metavar="FILE", default=None)
    parser.add_argument("--workers", type=int, default=1, choices=(1, 2))
    parser.add_argument("--progress", action="store_true", help="a line per game on stderr")
    parser.add_argument("--json", metavar="FILE", help="also write every game's result")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    a = Side(args.a, args.iterations_a, args.budget_a if args.budget_a is not None
             else args.budget, args.weights_a)
    b = Side(args.b, args.iterations_b, args.budget_b if args.budget_b is not None
             else args.budget, args.weights_b)
    for side in (a, b):
        if side.weights:
            try:
                player(side.level, weights=read_weights(side.weights))
            except ValueError as exc:
                parser.error(str(exc))
    start = time.time()
    results: list[Result] = []
    for r in run(a, b, args.games, args.players, args.seed, args.board, args.workers):
        results.append(r)
        if args.progress:
            s = summarize(results)
            print(f"game {r.index}: A in seat {r.seat}, winners {list(r.winners)}, "
                  f"pagodas on the board {list(r.on_board)}; "
                  f"{len(results)}/{args.games} A {s.score:.3f}"
                  + (f", one by one {s.pairwise:.3f}" if args.players > 2 else ""),
                  file=sys.stderr)
    results.sort(key=lambda r: r.index)
    summary = summarize(results)
    print(summary.text(args.a, args.b, args.players))
    print(f"({time.time() - start:.0f} s wall, seed {args.seed}, board {args.board})")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"a": vars(a), "b": vars(b), "players": args.players,
                       "seed": args.seed, "board": args.board,
                       "summary": vars(summary),
                       "games": [vars(r) | {"winners": list(r.winners),
                                             "on_board": list(r.on_board),
                                             "pairwise": r.pairwise} for r in results]},
                      fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
