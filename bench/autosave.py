"""What keeping a game costs the page at each move, against another git revision in the
same run (CPython process time).

    python bench/autosave.py                   # against main, 5 rounds
    python bench/autosave.py --against HEAD~1 --rounds 9

Three games played to their end by a seeded random choice (bird 2 players, lion 3,
bird 4; an undo after every tenth move), through the page's own code: each move by
``Session.play`` (the game, its log: the move's own cost, for scale), then what the
page keeps of it, as a game played at one screen does (``SaveStore.write``, the save)
and as a play-by-link game does (the save and ``links.link``, the game's address; both
from the one record ``Session.record`` writes of each change, where the page has it).
An undo's keeping is timed apart (``Session.undo``, then the save).  The other
revision's ``qin``, ``boards`` and ``web/page`` (``git archive``) and this checkout's
each run in a process of their own per round, in alternating order.  Per step: the
milliseconds per move (the median over rounds of the total over the games' moves,
divided by their count) of each side, and the ratio this / other.  Numbers only, no
assertions; the load average is printed before and after.
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

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.decisions import load  # noqa: E402

GAMES = (("bird", 2, 31), ("lion", 3, 32), ("bird", 4, 33))
UNDO_EVERY = 10
STEPS = ("move", "save", "save+link", "undo", "undo's save")

# One round in one revision: plays the games and prints each step's total seconds.
CHILD = r"""
import inspect, json, random, sys, time
sys.path[:0] = [".", "web/page"]
import qin
from qin_ui import keep, links, saves

games, undo_every = json.loads(sys.argv[1])
clock = time.process_time
spent = {"move": 0.0, "save": 0.0, "save+link": 0.0, "undo": 0.0, "undo's save": 0.0}
moves = undos = 0
for board, players, seed in games:
    kinds = ["human"] * players
    colours = keep.default_colours(players)
    record = qin.Game.new(board=board, players=players, seed=seed).record()
    session = keep.session_for(record, kinds, colours)
    ui = keep.snapshot(session)
    local = saves.SaveStore(saves.MemoryStorage(), known_kinds=kinds)
    linked = saves.SaveStore(saves.MemoryStorage(), known_kinds=kinds)
    once = {"recorder": session.record} if hasattr(session, "record") else {}
    if "game" in inspect.signature(links.link).parameters:  # a link from the game given
        def link():
            links.link("https://example.org/", session.game, kinds, session.hints, **once)
    else:
        def link():
            links.link("https://example.org/", session.record, kinds)
    refs = [local.create(session.game, ui, **once),
            linked.create(session.game, ui, mode="link", **once)]
    rng = random.Random(seed)
    while not session.game.is_over:
        move = rng.choice(session.game.legal_moves())
        t0 = clock()
        session.play(move)
        t1 = clock()
        ui = keep.snapshot(session)
        refs[0] = local.write(refs[0], session.game, ui, **once)
        t2 = clock()
        refs[1] = linked.write(refs[1], session.game, ui, **once)
        link()
        t3 = clock()
        spent["move"] += t1 - t0
        spent["save"] += t2 - t1
        spent["save+link"] += t3 - t2
        moves += 1
        if moves % undo_every == 0 and not session.game.is_over:
            t0 = clock()
            session.undo()
            t1 = clock()
            refs[0] = local.write(refs[0], session.game, keep.snapshot(session), **once)
            t2 = clock()
            spent["undo"] += t1 - t0
            spent["undo's save"] += t2 - t1
            undos += 1
print(json.dumps({"spent": spent, "moves": moves, "undos": undos}))
"""


def checkout(ref: str, into: Path) -> Path:
    """``qin/``, ``boards/`` and ``web/page/`` of git revision ``ref`` under ``into``."""
    data = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "qin", "boards",
                           "web/page"], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def one_round(path: Path) -> dict[str, float | int | dict[str, float]]:
    env = dict(os.environ, PYTHONPATH=str(path), PYTHONHASHSEED="0")
    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps([GAMES, UNDO_EVERY])],
                          cwd=path, env=env, check=True, capture_output=True, text=True)
    result: dict[str, float | int | dict[str, float]] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="main", help="git revision (default main)")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"bench/autosave.py: this checkout against {args.against}; {load()}")
    totals: dict[tuple[str, str], list[float]] = {}
    counts: dict[str, tuple[int, int]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        sides = {args.against: checkout(args.against, Path(tmp)), "this": ROOT}
        for r in range(args.rounds):
            order = list(sides) if r % 2 == 0 else list(sides)[::-1]
            for name in order:
                got = one_round(sides[name])
                spent = got["spent"]
                assert isinstance(spent, dict)
                for step in STEPS:
                    totals.setdefault((name, step), []).append(spent[step])
                counts[name] = (int(str(got["moves"])), int(str(got["undos"])))
            print(f"  round {r + 1}/{args.rounds} done; {load()}", flush=True)
    if len(set(counts.values())) != 1:
        raise SystemExit(f"the revisions played different games: {counts}")
    moves, undos = counts["this"]
    print(f"\n{moves} moves and {undos} undos (bird 2p, lion 3p, bird 4p to the end), "
          f"{args.rounds} rounds; ms per move (per undo for the undo's steps)")
    print(f"{'step':<14}{args.against + ' ms':>14}{'this ms':>12}{'this/' + args.against:>14}")
    print("-" * 54)
    for step in STEPS:
        per = undos if step.startswith("undo") else moves
        a = statistics.median(totals[(args.against, step)]) * 1000 / per
        b = statistics.median(totals[("this", step)]) * 1000 / per
        print(f"{step:<14}{a:>14.3f}{b:>12.3f}{b / a:>14.2f}")
    print(f"\n{load()}")


if __name__ == "__main__":
    main()
