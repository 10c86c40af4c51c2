"""Engine speed on this machine, in CPU time (``time.process_time``), against a baseline.

    python bench/engine.py            # about a minute
    python bench/engine.py --quick    # a few seconds, for a smoke test
    python bench/engine.py --check 20 # only cross-check the reference against qin
    python bench/engine.py --browser  # then the same engine under Pyodide in Chromium,
                                      # next to CPython, and their ratio (
                                      # bench/engine_browser.py, about a minute more)

Random games on board "bird": each ply calls ``legal_moves()`` then ``play()`` of a
seeded random choice.  "ai sim" plays such games on the computer players' simulator
(``qin.ai.sim.Sim``: placement codes, no events, no move checks), which shares the
engine's placement steps; a change to those steps shows in both rows.  The baseline
is ``Reference`` below: a straightforward engine written here from the rules
(decisions.md Q6-Q18) that recomputes every province by flood fill on each call.
Before timing, the bench replays a few games move by move through both engines and
checks that they agree on every legal move list, the supplies and the result, so the
ratio compares engines playing the same game.

qin's ``legal_moves()`` answers from the list ``play()`` already computed for the
Q18 end check, so a call is nearly free and the work shows in ``play()``; the
"legal, cold" column times that computation on a copy of the board with every
cached summary dropped.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import qin  # noqa: E402
from qin import placement  # noqa: E402
from qin.ai.sim import PASS_CODE, Sim  # noqa: E402
from qin.boards import board_text  # noqa: E402

COLOURS = "RYB"
KINDS = ("RR", "YY", "BB", "RY", "RB", "YB")
PAGODAS = {2: 24, 3: 19, 4: 15}
OPENING = range(0, 10)
MIDGAME = range(20, 41)

# A reference move: (square a, colour a, square b, colour b), first half first; None = pass.
RefMove = tuple[int, int, int, int] | None


class Reference:
    """A plain Qin engine: province state is recomputed by flood fill on every call.

    State: the colour of every square, one owner mark per province (square -> owner,
    pagodas), the villages' holders, supplies, hands and the pile.
    """

    def __init__(self, board: str, players: int, seed: int) -> None:
        rows = [line.split() for line in board_text(board).splitlines()
                if line.strip() and not line.lstrip().startswith("#") and ":" not in line]
        self.width, self.height = len(rows[0]), len(rows)
        self.size = self.width * self.height
        tokens = [t for row in rows for t in row]
        self.grass = [t == "." for t in tokens]
        self.village = [t == "v" for t in tokens]
        self.colour = [COLOURS.index(t) if t in COLOURS else -1 for t in tokens]
        self.nbrs: list[list[int]] = []
        for s in range(self.size):
            x, y = s % self.width, s // self.width
            self.nbrs.append([t for t, ok in ((s - self.width, y > 0), (s - 1, x > 0),
                                               (s + 1, x < self.width - 1),
                                               (s + self.width, y < self.height - 1)) if ok])
        self.pairs = [(s, t) for s in range(self.size) for t in self.nbrs[s] if t > s]
        self.names = [f"{'abcdefghijklm'[s % self.width]}{s // self.width + 1}"
                      for s in range(self.size)]
        self.players = players
        self.marks: dict[int, tuple[int, int]] = {}  # a square of each province: owner, pagodas
        self.held = [0] * self.size
        self.supply = [0] + [PAGODAS[players]] * players
        rng = random.Random(seed)  # the same deal as qin.tiles.deal (Q3)
        pile = [k for k in KINDS for _ in range(12)]
        rng.shuffle(pile)
        self.hands = [[pile.pop() for _ in range(3)] for _ in range(players)]
        self.pile = pile
        self.to_move = 1
        self.over = False
        self.winners: tuple[int, ...] = ()

    # -- flood fill --------------------------------------------------------------------
    def provinces(self) -> tuple[list[int], list[tuple[int, list[int], int, int]]]:
        """Label every coloured square's group; groups as (colour, squares, owner, pagodas)."""
        label = [-1] * self.size
        groups: list[tuple[int, list[int], int, int]] = []
        for s in range(self.size):
            c = self.colour[s]
            if c < 0 or label[s] >= 0:
                continue
            label[s] = len(groups)
            stack, squares = [s], [s]
            while stack:
                x = stack.pop()
                for n in self.nbrs[x]:
                    if self.colour[n] == c and label[n] < 0:
                        label[n] = len(groups)
                        stack.append(n)
                        squares.append(n)
            owner, pagodas = next((self.marks[q] for q in squares if q in self.marks), (0, 0))
            groups.append((c, sorted(squares), owner, pagodas))
        return label, groups

    # -- legality (Q6-Q10) -------------------------------------------------------------
    def _join_owner(self, provs: list[tuple[int, list[int], int, int]]) -> int:
        majors = [p for p in provs if len(p[1]) >= 5]
        if len(majors) >= 2:
            return -1  # Q8
        if majors:
            return majors[0][2]  # Q13
        share: dict[int, int] = {}
        for p in provs:
            share[p[2]] = share.get(p[2], 0) + len(p[1])
        best = max(share.values())
        top = [o for o, n in share.items() if n == best]
        return top[0] if len(top) == 1 else -1  # Q9

    def _touching(self, label: list[int], squares: tuple[int, ...], c: int) -> list[int]:
        found: list[int] = []
        for s in squares:
            for n in self.nbrs[s]:
                if self.colour[n] == c and n not in squares and label[n] not in found:
                    found.append(label[n])
        return found

    def _legal_for(self, kinds: set[str], label: list[int],
                   groups: list[tuple[int, list[int], int, int]], first: bool) -> list[RefMove]:
        moves: list[RefMove] = []
        free = [self.grass[s] and self.colour[s] < 0 for s in range(self.size)]
        touch = [any(self.colour[n] >= 0 for n in self.nbrs[s]) for s in range(self.size)]
        for a, b in self.pairs:
            if not (free[a] and free[b] and (touch[a] or touch[b])):
                continue
            for kind in sorted(kinds):
                ca, cb = COLOURS.index(kind[0]), COLOURS.index(kind[1])
                for x, cx, y, cy in {(a, ca, b, cb), (a, cb, b, ca)}:
                    halves = [((x, y), cx)] if cx == cy else [((x,), cx), ((y,), cy)]
                    ok = True
                    for where, c in halves:
                        provs = [groups[g] for g in self._touching(label, where, c)
                                 if groups[g][2]]
                        if len(provs) >= 2 and self._join_owner(provs) < 0:
                            ok = False
                    if ok:
                        moves.append((x, cx, y, cy))
                        if first:
                            return moves
        return moves

    def legal_moves(self) -> list[RefMove]:
        if self.over:
            return []
        label, groups = self.provinces()
        moves = self._legal_for(set(self.hands[self.to_move - 1]), label, groups, False)
        return moves or [None]

    # -- playing (Q11-Q18) -------------------------------------------------------------
    def play(self, move: RefMove) -> None:
        if move is not None:
            try:
                self._place(move)
            except _Win as win:  # Q16
                self.over, self.winners = True, (win.player,)
                return
        self.to_move = self.to_move % self.players + 1
        label, groups = self.provinces()
        for step in range(self.players):
            p = (self.to_move - 1 + step) % self.players + 1
            if self._legal_for(set(self.hands[p - 1]), label, groups, True):
                return
        on_board = self.on_board()
        most = max(on_board[1:])
        self.over = True
        self.winners = tuple(p for p in range(1, self.players + 1) if on_board[p] == most)

    def on_board(self) -> list[int]:
        counts = [0] * (self.players + 1)
        for owner, pagodas in self.marks.values():
            counts[owner] += pagodas
        for s in range(self.size):
            counts[self.held[s]] += 1 if self.held[s] else 0
        return counts

    def _pagoda(self, player: int) -> None:
        self.supply[player] -= 1
        if self.supply[player] == 0:
            raise _Win(player)

    def _place(self, move: tuple[int, int, int, int]) -> None:
        a, ca, b, cb = move
        mover = self.to_move
        kind = "".join(sorted(COLOURS[ca] + COLOURS[cb], key=COLOURS.index))
        self.hands[mover - 1].remove(kind)
        label, groups = self.provinces()
        self.colour[a], self.colour[b] = ca, cb
        steps = [((a, b), ca)] if ca == cb else sorted([((a,), ca), ((b,), cb)])
        changed: list[int] = []
        for where, c in steps:
            joined = [groups[g] for g in self._touching(label, where, c)]
            squares = sorted(set(where) | {s for g in joined for s in g[1]})
            changed += squares
            provs = [g for g in joined if g[2]]
            for g in provs:
                for s in g[1]:
                    self.marks.pop(s, None)
            if len(squares) < 2:
                continue
            if not provs:  # Q11
                owner, pagodas = mover, 1
                self.marks[squares[0]] = (owner, pagodas)
                self._pagoda(mover)
            elif len(provs) == 1:  # Q11a
                owner, pagodas = provs[0][2], provs[0][3]
                self.marks[squares[0]] = (owner, pagodas)
            else:  # Q12, Q13
                owner = self._join_owner(provs)
                mine = [g for g in provs if g[2] == owner]
                kept = next((g for g in mine if len(g[1]) >= 5), mine[0])
                pagodas = kept[3]
                self.marks[squares[0]] = (owner, pagodas)
                for g in provs:
                    if g is not kept:
                        self.supply[g[2]] += g[3]
            if len(squares) >= 5 and pagodas == 1:  # Q14
                self.marks[squares[0]] = (owner, 2)
                self._pagoda(owner)
        label, groups = self.provinces()
        near = sorted({n for s in changed for n in self.nbrs[s] if self.village[n]})
        for v in near:  # Q15
            count: dict[int, int] = {}
            for gi in {label[n] for n in self.nbrs[v] if label[n] >= 0}:
                _, _, owner, pagodas = groups[gi]
                if owner:
                    count[owner] = count.get(owner, 0) + pagodas
            if not count:
                continue
            best = max(count.values())
            top = [p for p, n in count.items() if n == best]
            if len(top) == 1 and top[0] != self.held[v]:
                if self.held[v]:
                    self.supply[self.held[v]] += 1
                self.held[v] = top[0]
                self._pagoda(top[0])
        if self.pile:  # Q17
            self.hands[mover - 1].append(self.pile.pop())

    def text(self, move: RefMove) -> str:
        if move is None:
            return "pass"
        a, ca, b, cb = move
        return f"{COLOURS[ca]}{self.names[a]}{COLOURS[cb]}{self.names[b]}"


class _Win(Exception):  # noqa: N818
    def __init__(self, player: int) -> None:
        super().__init__(player)
        self.player = player


class SimGame:
    """The AI's simulator (``qin.ai.sim.Sim``) behind the same two calls as ``qin.Game``:
    ``legal_moves()`` lists placement codes (``[PASS_CODE]`` when none fits, ``[]`` at
    the end) and ``play(code)`` applies one, as a search does."""

    def __init__(self, players: int, seed: int) -> None:
        self.sim = Sim.from_game(qin.Game.new("bird", players, seed=seed))

    def legal_moves(self) -> list[int]:
        if self.sim.over:
            return []
        return self.sim.legal() or [PASS_CODE]

    def play(self, code: int) -> None:
        self.sim.apply(code)


# -- drivers -----------------------------------------------------------------------------
def cross_check(games: int, players: int, board: str = "bird") -> int:
    """Replay ``games`` random qin games through the reference; returns the plies compared."""
    plies = 0
    for seed in range(games):
        g = qin.Game.new(board, players, seed=seed)
        ref = Reference(board, players, seed)
        rng = random.Random(seed)
        while True:
            ours = g.legal_moves()
            theirs = [qin.Move.parse(ref.text(m)) for m in ref.legal_moves()]
            if (set(ours) != set(theirs) or len(ours) != len(theirs)
                    or g.is_over != ref.over):
                raise SystemExit(f"the reference disagrees with qin: {players} players, seed "
                                 f"{seed}, ply {plies}: {len(ours)} vs {len(theirs)} moves, "
                                 f"over {g.is_over} vs {ref.over}")
            if g.is_over:
                if g.winners != ref.winners:
                    raise SystemExit(f"winners differ: seed {seed}: {g.winners} {ref.winners}")
                break
            move = rng.choice(g.legal_moves())
            g.play(move)
            ref.play(None if move.is_pass else _ref_move(ref, move))
            if [g.supply(p) for p in range(1, players + 1)] != ref.supply[1:]:
                raise SystemExit(f"supplies differ: {players} players, seed {seed}, after "
                                 f"{move}: {ref.supply[1:]}")
            plies += 1
    return plies


def _ref_move(ref: Reference, move: qin.Move) -> tuple[int, int, int, int]:
    (xa, ya), (xb, yb) = move.coords
    ca, cb = move.colours
    return ya * ref.width + xa, ca, yb * ref.width + xb, cb


def throughput(make: Callable[[int], Any], budget: float) -> tuple[float, int, float]:
    """Random games until ``budget`` CPU seconds pass: (games per CPU second, games,
    mean plies)."""
    start = time.process_time()
    games = plies = 0
    while True:
        game = make(games)
        rng = random.Random(games)
        while True:
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
            plies += 1
        games += 1
        spent = time.process_time() - start
        if spent >= budget and games >= 2:
            return games / spent, games, plies / games


def phases(make: Callable[[int], Any], budget: float, cold: bool) -> dict[str, float]:
    """Mean microseconds per call of ``legal_moves()`` and ``play()`` in the opening
    (plies 0-9) and the midgame (plies 20-40); with ``cold``, also qin's legal move
    computation on a board copy without cached summaries."""
    clock = time.process_time
    sums: dict[str, list[float]] = {}

    def add(key: str, value: float) -> None:
        entry = sums.setdefault(key, [0.0, 0])
        entry[0] += value
        entry[1] += 1

    start = clock()
    seed = 0
    while clock() - start < budget or seed < 2:
        game = make(10_000 + seed)
        rng = random.Random(seed)
        ply = 0
        while ply <= MIDGAME.stop:
            phase = "open" if ply in OPENING else "mid" if ply in MIDGAME else ""
            t0 = clock()
            moves = game.legal_moves()
            t1 = clock()
            if not moves:
                break
            if phase and cold:
                board = game.board.copy()
                board.summaries = {}
                kinds = game.hand(game.to_move)
                t2 = clock()
                placement.legal_placements(board, kinds)
                add(f"cold {phase}", clock() - t2)
            move = rng.choice(moves)
            t2 = clock()
            game.play(move)
            t3 = clock()
            if phase:
                add(f"legal {phase}", t1 - t0)
                add(f"play {phase}", t3 - t2)
            ply += 1
        seed += 1
    return {k: total / n * 1e6 for k, (total, n) in sums.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="short budgets (smoke test)")
    parser.add_argument("--check", type=int, default=None, metavar="GAMES",
                        help="only cross-check the reference against qin")
    parser.add_argument("--browser", action="store_true",
                        help="then the engine under Pyodide in Chromium vs CPython "
                             "(bench/engine_browser.py; builds the site if needed)")
    args = parser.parse_args()
    if args.check is not None:
        for players in (2, 3, 4):
            for board in ("bird", "lion"):
                n = cross_check(args.check, players, board)
                print(f"{board}, {players} players: the reference agrees with qin on "
                      f"{args.check} games, {n} plies")
        return
    scale = 0.1 if args.quick else 1.0
    checked = sum(cross_check(1 if args.quick else 3, p) for p in (2, 4))
    print(f"Board bird, CPU time (process_time), Python {sys.version.split()[0]}. "
          f"Reference cross-checked against qin on {checked} plies.")
    engines: dict[str, Callable[[int], Callable[[int], Any]]] = {
        "qin": lambda players: lambda seed: qin.Game.new("bird", players, seed=seed),
        "ai sim": lambda players: lambda seed: SimGame(players, seed),
        "reference": lambda players: lambda seed: Reference("bird", players, seed),
    }
    budgets = {"qin": (6.0, 3.0), "ai sim": (6.0, 3.0), "reference": (7.0, 4.0)}
    header = (f"{'engine':<10} {'players':>7} {'games/s':>9} {'plies':>6} "
              f"{'legal open':>11} {'legal mid':>10} {'play open':>10} {'play mid':>9} "
              f"{'cold open':>10} {'cold mid':>9}")
    print()
    print(header)
    print("-" * len(header))
    rates: dict[tuple[str, int], float] = {}
    for name, factory in engines.items():
        for players in (2, 4):
            make = factory(players)
            rate, _, plies = throughput(make, budgets[name][0] * scale)
            rates[name, players] = rate
            t = phases(make, budgets[name][1] * scale, cold=name == "qin")

            def cell(key: str, width: int, t: dict[str, float] = t) -> str:
                return f"{t[key]:>{width}.0f}" if key in t else f"{'-':>{width}}"

            print(f"{name:<10} {players:>7} {rate:>9.1f} {plies:>6.1f} "
                  f"{cell('legal open', 11)} {cell('legal mid', 10)} {cell('play open', 10)} "
                  f"{cell('play mid', 9)} {cell('cold open', 10)} {cell('cold mid', 9)}")
    print()
    print("Times in microseconds per call; opening = plies 0-9, midgame = plies 20-40.")
    print("qin's play() includes computing the next player's legal moves (Q18 end check);")
    print("'cold' = qin's legal-move computation on a board with no cached summaries.")
    for players in (2, 4):
        ratio = rates["qin", players] / rates["reference", players]
        print(f"qin / reference, {players} players: {ratio:.1f}x the games per CPU second")
    for players in (2, 4):
        ratio = rates["ai sim", players] / rates["qin", players]
        print(f"AI simulator / qin, {players} players: {ratio:.1f}x the games per CPU second")
    if args.browser:
        from bench import engine_browser

        print()
        print("The engine under Pyodide in the browser (wall clock, both sides):")
        engine_browser.main(["--quick"] if args.quick else [])


if __name__ == "__main__":
    main()
