"""Train the Son of Heaven's evaluation by self-play, and write qin/ai/weights.json.

    python tools/train_ai.py                         # the shipped weights (seed 7000)
    python tools/train_ai.py --games 60 20 20 --eval-games 10 --out /tmp/w.json

1. Self-play: the ``--policy`` level (by default "emperor:width=0", the Emperor's
   first stage: a two-player game takes it about 3 s of CPU; any level with tuning as
   in the arena, "governor" about a second) plays itself on deals from
   ``--seed``; after every move it chose among two or more, the features of the
   position it made (``qin.ai.features.base_after_move``, what the search sees) are
   kept with two figures: how much the mover's pagoda margin (``margin``) gained from
   there to the end of the game, and from after the mover's next chosen move to the
   end; with ``--rollouts K``, every ``--rollout-every``-th position also keeps the
   mean gain to the end over K games played out from the mover's view by
   ``--rollout-policy`` (hidden tiles drawn anew each time: the draw's luck averaged
   out, the target "rollouts").  ``--samples FILE`` keeps them, a JSON line per
   game (a run stopped early keeps the games it finished, in order), and ``--reuse``
   fits on them again.
2. Regression: for each player count, a ridge regression (numpy, a dev dependency
   only) of the ``--target``: "end", the gain to the end, "rollouts", its mean over
   the rollouts (the rolled-out positions only), or "beyond", the gain
   beyond the mover's next move (the search's lines already count the next player's
   reply and the mover's answer, so "end" counts that exchange twice), on the
   features with their phased copies (``qin.ai.features.phased``; ``--features
   base``: without them, their weights 0).
3. The learning curve: the two-player weights fitted on the first quarter, half and
   all of the games but the last fifth (held out: their error there), and on all,
   each played by the Son of Heaven against the Emperor (``--eval-games`` two-player
   games, seats alternating): its score with a 95% confidence interval.
4. ``--rounds 2`` plays a second round of self-play with the Son of Heaven itself
   (the first round's weights) and fits on both rounds' positions.

Everything follows from ``--seed``; with ``--workers 2`` the games run in two
processes (the results do not depend on it).  The default run (seed 7000, ``--games
400 150 30`` of the Emperor's first stage, and 40 evaluation games per checkpoint)
writes the shipped weights in one to one and a half hours of CPU: the self-play (the
two-player games some 11 minutes on a quiet machine, the three- and four-player ones up
to some 55 minutes, 2026-11-26) and some 27 minutes of the 160 evaluation games
(``--eval-games 0`` leaves them out; bench/README.md, "The learning curve's strength
column").
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from qin.ai import player  # noqa: E402
from qin.ai.features import BASE, NAMES, base_after_move, phased  # noqa: E402
from qin.ai.greedy import weights  # noqa: E402
from qin.ai.learned import FORMAT, VERSION, Weights, parse_weights  # noqa: E402
from qin.ai.sim import to_code  # noqa: E402
from qin.game import Game  # noqa: E402

OUT = ROOT / "qin" / "ai" / "weights.json"
Sample = tuple[list[float], float, float, float | None]
"""A chosen position's features, the mover's margin gain from there to the end, from
after the mover's next move to the end (what the search's lines leave out), and the
mean gain to the end over rollouts from the mover's view (``None``: not rolled out)."""
Job = tuple[int, int, str, Weights | None, int, int, str]
"""A self-play game: its deal, player count, policy and weights, and the rollouts per
position, every how many positions, and the rollouts' policy (``rollout_gain``)."""


def _bot(level: str, seed: int, weights: Weights | None) -> Any:
    """A player of ``level`` ("emperor:width=0" for tuning); "heaven" judges with
    ``weights`` (the shipped ones when ``None``)."""
    heaven = level.partition(":")[0] == "heaven"
    return player(level, seed, weights=weights if heaven else None)


def margin(game: Game, me: int) -> float:
    """``me``'s pagodas on the board less the others' mean (the search's unit)."""
    w = weights(game.players, me)
    return sum(w[p] * game.on_board(p) for p in range(1, game.players + 1))


def play_out(game: Game, bots: dict[int, Any]) -> Game:
    """Play ``game`` to its end, each seat by its bot (``_bot``); the game, ended."""
    while not game.is_over:
        p = game.to_move
        game.play(bots[p].choose(game.view(p)))
    return game


def rollout_gain(after: Game, me: int, rollouts: int, policy: str, seed: int) -> float:
    """The mean of what ``me``'s margin gains to the end of ``rollouts`` games played
    out by ``policy`` from ``me``'s view of ``after`` (the hidden hands and the pile
    drawn anew each time from the unseen tiles): the value of the position with the
    luck of the draw averaged out, a less noisy target than the one game's outcome."""
    rng = random.Random(seed)
    view = after.view(me)
    now = margin(after, me)
    total = 0.0
    for _ in range(rollouts):
        game = view.sample(rng)
        bots = {p: _bot(policy, rng.randrange(1 << 30), None)
                for p in range(1, game.players + 1)}
        total += margin(play_out(game, bots), me) - now
    return total / rollouts


def self_play(job: Job) -> list[Sample]:
    """One self-play game (deal ``seed``): every chosen position's features, what the
    mover's pagoda margin (``margin``) gained from there to the end, what it gained
    from after the mover's next chosen move to the end (0 with none), and, for every
    ``every``-th position with ``rollouts``, ``rollout_gain`` (else ``None``)."""
    seed, players, policy, weights, rollouts, every, rollout_policy = job
    game = Game.new(players=players, seed=seed)
    bots = {p: _bot(policy, seed * 10 + p, weights) for p in range(1, players + 1)}
    rows: list[tuple[int, list[float], float, float | None]] = []
    while not game.is_over:
        p = game.to_move
        view = game.view(p)
        move = bots[p].choose(view)
        chosen = not move.is_pass and len(view.legal_moves()) > 1
        row = base_after_move(view, to_code(view.board.geo, move)) if chosen else []
        game.play(move)
        if chosen:
            rolled = None
            if rollouts and len(rows) % every == 0 and not game.is_over:
                rolled = rollout_gain(game, p, rollouts, rollout_policy,
                                      seed * 1000 + len(rows))
            rows.append((p, row, margin(game, p), rolled))
    final = {p: margin(game, p) for p in range(1, players + 1)}
    out: list[Sample] = []
    for i, (p, row, now, rolled) in enumerate(rows):
        later = next((m for q, _, m, _ in rows[i + 1:] if q == p), final[p])
        out.append((row, final[p] - now, final[p] - later, rolled))
    return out


TARGETS = {"end": 1, "beyond": 2, "rollouts": 3}
"""What the model predicts: the gain to the end ("end"), the gain beyond the mover's
next move ("beyond": the search's lines already count the next exchange), or the mean
gain to the end over rollouts ("rollouts": the positions rolled out only)."""


def _figure(sample: Sample, t: int) -> float:
    value = sample[t]
    assert value is not None and not isinstance(value, list)  # ``targeted`` kept it
    return float(value)


def targeted(samples: Sequence[Sample], target: str) -> list[Sample]:
    """The samples that have a figure for ``target`` (all but for "rollouts")."""
    t = TARGETS[target]
    return [s for s in samples if s[t] is not None]


def rows(samples: Sequence[Sample], features: str = "phased") -> list[list[float]]:
    """The samples' feature rows as the model reads them (``NAMES``): the position's
    figures kept by self-play (``BASE``) with their phased copies, or ("base") with
    zeros in their place (a model without them)."""
    if features == "base":
        return [s[0] + [0.0] * (len(NAMES) - len(BASE)) for s in samples]
    return [phased(s[0]) for s in samples]


def fit(samples: Sequence[Sample], l2: float = 1.0, target: str = "end",
        features: str = "phased") -> list[float]:
    """Ridge regression of the gain (``target``) on the features (no penalty on the
    bias; ``features`` as for ``rows``)."""
    t = TARGETS[target]
    samples = targeted(samples, target)
    x = np.array(rows(samples, features), dtype=float)
    y = np.array([_figure(s, t) for s in samples], dtype=float)
    reg = np.full(x.shape[1], l2)
    reg[0] = 0.0
    w = np.linalg.solve(x.T @ x + np.diag(reg) + 1e-9 * np.eye(x.shape[1]), x.T @ y)
    return [round(float(v), 6) for v in w]


def explained(samples: Sequence[Sample], w: Sequence[float], target: str = "end"
              ) -> tuple[float, float]:
    """The fit's mean squared error, and that of always guessing the mean."""
    t = TARGETS[target]
    samples = targeted(samples, target)
    ys = [_figure(s, t) for s in samples]
    mean = sum(ys) / max(1, len(ys))
    err = sum((sum(a * b for a, b in zip(w, x, strict=True)) - y) ** 2
              for x, y in zip(rows(samples), ys, strict=True))
    base = sum((y - mean) ** 2 for y in ys)
    return err / max(1, len(ys)), base / max(1, len(ys))


def evaluate(job: tuple[int, Weights, int]) -> float:
    """Game ``index`` of the Son of Heaven (these weights) against the Emperor, two
    players, seats alternating: its score."""
    index, weights, seed = job
    deal, seat = seed + index // 2, 1 + index % 2
    game = Game.new(players=2, seed=deal)
    bots = {p: _bot("heaven" if p == seat else "emperor", deal * 10 + p, weights)
            for p in (1, 2)}
    play_out(game, bots)
    return 1.0 / len(game.winners) if seat in game.winners else 0.0


def _map(fn: Callable[[Any], Any], jobs: list[Any], workers: int,
         every: int = 0) -> Iterator[Any]:
    """``fn`` over ``jobs`` in order (in ``workers`` processes); with ``every``, a
    line on stderr every that many results."""
    def note(i: int) -> None:
        if every and i % every == 0:
            print(f"    {i}/{len(jobs)}", file=sys.stderr, flush=True)

    if workers <= 1:
        for i, job in enumerate(jobs, 1):
            yield fn(job)
            note(i)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for i, result in enumerate(pool.imap(fn, jobs, chunksize=1), 1):
            yield result
            note(i)


def read_samples(path: Path) -> dict[int, list[list[Sample]]]:
    """The self-play positions kept by ``--samples`` (a JSON line per game)."""
    samples: dict[int, list[list[Sample]]] = {2: [], 3: [], 4: []}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            game = json.loads(line)
            samples[int(game["players"])].append(  # kept before rollouts: 3 figures
                [(s[0], float(s[1]), float(s[2]),
                  None if len(s) < 4 or s[3] is None else float(s[3]))
                 for s in game["samples"]])
    return samples


def weights_of(by_players: dict[int, list[float]], trained: dict[str, Any]) -> Weights:
    return parse_weights(document(by_players, trained))


def document(by_players: dict[int, list[float]], trained: dict[str, Any]) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "features": list(NAMES),
                       "players": {str(k): v for k, v in sorted(by_players.items())},
                       "trained": trained}, indent=1) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--games", type=int, nargs=3, default=[400, 150, 30],
                        metavar=("TWO", "THREE", "FOUR"),
                        help="self-play games with 2, 3 and 4 players")
    parser.add_argument("--policy", default="emperor:width=0",
                        help="the level that plays the first round of self-play")
    parser.add_argument("--rounds", type=int, default=1, choices=(1, 2))
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--target", choices=sorted(TARGETS), default="end",
                        help="fit the gain to the end, or beyond the mover's next move")
    parser.add_argument("--rollouts", type=int, default=0,
                        help="rollouts per rolled-out position (the target \"rollouts\")")
    parser.add_argument("--rollout-every", type=int, default=4,
                        help="roll out every this many self-play positions")
    parser.add_argument("--rollout-policy", default="governor",
                        help="the level that plays the rollouts")
    parser.add_argument("--features", choices=("phased", "base"), default="phased",
                        help="fit the phased copies of the features too, or leave them 0")
    parser.add_argument("--eval-games", type=int, default=40,
                        help="games against the Emperor at each checkpoint (0: none)")
    parser.add_argument("--workers", type=int, default=2, choices=(1, 2))
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--samples", type=Path, default=None,
                        help="also write the self-play positions (a JSON line per "
                             "game), or, with --reuse, read them instead of playing")
    parser.add_argument("--reuse", action="store_true",
                        help="fit on the positions of --samples without self-play")
    args = parser.parse_args(argv)
    started = time.process_time(), time.time()
    samples: dict[int, list[list[Sample]]] = {2: [], 3: [], 4: []}
    by_players: dict[int, list[float]] = {}
    weights: Weights | None = None
    if args.reuse and args.samples is None:
        parser.error("--reuse needs --samples")
    for rnd in range(args.rounds):
        policy = args.policy if rnd == 0 else "heaven"
        if args.reuse:
            samples = read_samples(args.samples)
            args.games = [len(samples[c]) for c in (2, 3, 4)]
        elif args.samples is not None and rnd == 0:
            args.samples.write_text("", encoding="utf-8")
        for count, games in zip((2, 3, 4), args.games, strict=True):
            if args.reuse:
                break
            base = args.seed * 100_000 + rnd * 10_000 + count * 1000
            jobs: list[Job] = [(base + i, count, policy, weights, args.rollouts,
                                max(1, args.rollout_every), args.rollout_policy)
                               for i in range(games)]
            t0 = time.time()
            for game in _map(self_play, jobs, args.workers, every=20):
                samples[count].append(game)
                if args.samples is not None:  # a line per game: a stopped run keeps them
                    with args.samples.open("a", encoding="utf-8") as fh:
                        fh.write(json.dumps({"players": count, "samples": game}) + "\n")
            n = sum(len(g) for g in samples[count])
            print(f"round {rnd + 1}: {games} {count}-player games of {policy} self-play, "
                  f"{n} positions in all [{time.time() - t0:.0f} s]", flush=True)
        for count in (2, 3, 4):
            games = samples[count]
            flat = [s for g in games for s in g]
            if not targeted(flat, args.target):
                parser.error(f"no {count}-player positions to fit on")
            by_players[count] = fit(flat, args.l2, args.target, args.features)
            err, base = explained(flat, by_players[count], args.target)
            print(f"  {count} players: mean squared error {err:.3f} (the mean alone: "
                  f"{base:.3f}) on {len(flat)} positions", flush=True)
        weights = weights_of(by_players, {})
        if args.reuse:
            break
    # the learning curve: the two-player weights fitted on more and more games, their
    # error on the last fifth of the games (held out), and their play against the Emperor
    games2 = samples[2]
    held = games2[len(games2) - len(games2) // 5:]
    rest = games2[:len(games2) - len(held)]
    print("learning curve (2 players; the error on the last "
          f"{len(held)} games' positions, held out; the Son of Heaven against the Emperor):")
    for share in (0.25, 0.5, 1.0, None):  # None: every game (the weights written)
        used = games2 if share is None else rest[:max(1, round(len(rest) * share))]
        w2 = fit([s for g in used for s in g], args.l2, args.target, args.features)
        line = f"  {len(used)} games:"
        if share is not None and held:
            err, base = explained([s for g in held for s in g], w2, args.target)
            line += f" held-out error {err:.3f} (the mean alone {base:.3f})"
        if args.eval_games:
            w = weights_of(by_players | {2: w2}, {})
            t0 = time.time()
            scores = list(_map(evaluate, [(i, w, args.seed) for i in range(args.eval_games)],
                               args.workers))
            mean = sum(scores) / len(scores)
            sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / max(1, len(scores) - 1))
            half = 1.96 * sd / math.sqrt(len(scores))
            line += (f" score {mean:.3f} against the Emperor (95% CI "
                     f"{max(0, mean - half):.3f}-{min(1, mean + half):.3f}, {len(scores)} "
                     f"games) [{time.time() - t0:.0f} s]")
        print(line, flush=True)
    trained = {"seed": args.seed, "games": args.games, "policy": args.policy,
               "rounds": args.rounds, "l2": args.l2, "target": args.target,
               "features": args.features,
               "positions": {str(k): sum(len(g) for g in v) for k, v in samples.items()}}
    if args.rollouts:  # (absent otherwise: the shipped file stays as it was)
        trained["rollouts"] = {"per_position": args.rollouts, "every": args.rollout_every,
                               "policy": args.rollout_policy}
    text = document(by_players, trained)
    parse_weights(text)
    args.out.write_text(text, encoding="utf-8")
    cpu = time.process_time() - started[0]
    print(f"wrote {args.out} ({len(text.encode())} bytes); {time.time() - started[1]:.0f} s "
          f"wall, {cpu:.0f} s CPU in this process")
    return 0


if __name__ == "__main__":
    sys.exit(main())
