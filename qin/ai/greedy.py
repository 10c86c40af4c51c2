"""The quick levels: a random mover, the beginner (Apprentice), a one-ply greedy player
and the Governor (greedy with an evaluation that looks at the opponent's best reply).

All of them read only the view they are given: the mover's own hand, the board, the
supplies and how many tiles each hidden hand and the pile hold.  What the others might
hold is reasoned about from ``view.unseen()`` (every tile the seat has not seen).
"""

from __future__ import annotations

import random
from math import comb

from ..game import Game
from ..tiles import KINDS
from .sim import KIND_OF, NKINDS, PASS_CODE, UNLIMITED, Sim, scored, scored_for

WIN = 1000.0


def weights(players: int, me: int) -> list[float]:
    """How much one pagoda of each player is worth to ``me``: +1 mine, and the others
    share -1 (so in two-player games it is the plain difference)."""
    w = [-1.0 / (players - 1)] * (players + 1)
    w[0] = 0.0
    w[me] = 1.0
    return w


def sim_of_view(view: Game) -> Sim:
    """A ``Sim`` of what the view shows: hidden hands empty, no pile (no draws)."""
    sim = Sim.__new__(Sim)
    sim.board = view.board.copy()
    sim.players = view.players
    sim.to_move = view.to_move
    sim.analysis = view.hands is None
    sim.hands = [[0] * NKINDS]
    for p in range(1, view.players + 1):
        counts = [0] * NKINDS
        if view.hands is None:
            counts = [UNLIMITED] * NKINDS
        elif view.hands[p - 1] is not None:
            for t in view.hand(p):
                counts[KINDS.index(t)] += 1
        sim.hands.append(counts)
    sim.pile = []
    sim.over = view.is_over
    sim.winners = view.winners
    sim.passes = 0
    sim.rng = None
    return sim


class HandModel:
    """What a hidden hand may hold: tiles drawn at random from the unseen ones."""

    def __init__(self, view: Game) -> None:
        self.analysis = view.hands is None
        unseen = view.unseen()
        self.counts = [unseen.get(k, 0) for k in KINDS]
        self.total = sum(self.counts)

    def kinds(self) -> list[int]:
        """A count list with every kind the hidden hand might hold."""
        if self.analysis:
            return [UNLIMITED] * NKINDS
        return [1 if n else 0 for n in self.counts]

    def best_of(self, best: list[tuple[float, float]], size: int) -> float:
        """Expected value (second item) of the option the hand's owner takes, when
        ``best[k] = (their value, my value)`` is kind ``k``'s best placement and a hand
        of ``size`` unseen tiles is drawn at random (hypergeometric)."""
        order = sorted((k for k in range(NKINDS) if best[k][0] > -WIN * 10),
                       key=lambda k: -best[k][0])
        if not order:
            return 0.0
        if self.analysis:
            return best[order[0]][1]
        total, size = self.total, min(size, self.total)
        if size <= 0:
            return 0.0
        denom = comb(total, size)
        excluded, none_before, value = 0, 1.0, 0.0
        for k in order:
            excluded += self.counts[k]
            none_after = comb(total - excluded, size) / denom
            value += (none_before - none_after) * best[k][1]
            none_before = none_after
        return value


def next_to_reply(view: Game, me: int) -> int:
    """The player whose reply to ``me``'s move comes first: the next in turn order who
    holds a tile (one who holds none can only pass, leaving the board as ``me`` left
    it), or the next seat when no other hand holds one, or none was dealt (analysis).
    Hands run out only once the pile has: from a position's hands, or at a game's end."""
    n = view.players
    if view.hands is None:
        return me % n + 1
    for step in range(1, n):
        opp = (me - 1 + step) % n + 1
        if view.hand_size(opp):
            return opp
    return me % n + 1


def reply_threat(sim: Sim, player: int, me: int, model: HandModel, size: int) -> float:
    """The expected value, to ``me``, of ``player``'s best immediate reply on ``sim``
    (``player``'s hand is hidden unless ``sim`` holds it)."""
    out = [0] * (sim.players + 1)
    known = any(sim.hands[player])
    hand = sim.hands[player] if known else model.kinds()
    best = [(-WIN * 100, 0.0)] * NKINDS
    for code, win, theirs, mine in scored_for(sim.board, hand, player, out,
                                              weights(sim.players, player),
                                              weights(sim.players, me)):
        if win:
            theirs = WIN if win == player else -WIN
            mine = WIN if win == me else -WIN
        k = KIND_OF[code % 9]
        if theirs > best[k][0]:
            best[k] = (theirs, mine)
    if known:  # a known hand (analysis or full information)
        top = max(range(NKINDS), key=lambda k: best[k][0])
        return best[top][1] if best[top][0] > -WIN * 10 else 0.0
    return model.best_of(best, size)


def immediate(sim: Sim, me: int) -> list[tuple[int, float]]:
    """Every legal move of ``me`` (the mover) with its immediate value to ``me``."""
    out = [0] * (sim.players + 1)
    w = weights(sim.players, me)
    moves = []
    for code, win, value in scored(sim.board, sim.hands[me], me, out, w):
        if win:
            value = WIN if win == me else -WIN
        moves.append((code, value))
    return moves


class RandomMover:
    """Any legal move, uniformly."""

    def choose_code(self, view: Game, rng: random.Random, budget_s: float | None) -> int:
        sim = sim_of_view(view)
        moves = sim.legal()
        return rng.choice(moves) if moves else PASS_CODE


class Greedy:
    """One ply: the move that gains most pagodas now (relative to the others)."""

    def choose_code(self, view: Game, rng: random.Random, budget_s: float | None) -> int:
        sim = sim_of_view(view)
        moves = immediate(sim, sim.to_move)
        if not moves:
            return PASS_CODE
        best = max(v for _, v in moves)
        return rng.choice([c for c, v in moves if v == best])


class Apprentice:
    """A beginner: often just puts a tile somewhere; sometimes grabs a pagoda it sees,
    without a thought for what it gives away."""

    careless = 0.4  # chance of an aimless move

    def choose_code(self, view: Game, rng: random.Random, budget_s: float | None) -> int:
        sim = sim_of_view(view)
        me = sim.to_move
        out = [0] * (sim.players + 1)
        own = [0.0] * (sim.players + 1)
        own[me] = 1.0
        moves = scored(sim.board, sim.hands[me], me, out, own)
        if not moves:
            return PASS_CODE
        if rng.random() < self.careless:
            return rng.choice(moves)[0]
        gains = [c for c, win, v in moves if v > 0 or win == me]
        return rng.choice(gains) if gains else rng.choice(moves)[0]


class Governor:
    """Greedy with a sound evaluation: the pagodas a move places and costs (founding,
    majors, absorbing, villages, for everyone), minus what the next player can do in
    reply with the tiles they may hold (the next holding a tile: ``next_to_reply``),
    and less for the players after them, plus a little for its own follow-up.

    It weighs the replies to its ``shortlist`` best moves by immediate gain (6; the
    rest rank below them).  Measured, 200 games each, the Minister against it: 0.645
    when it looked at 12, 0.780 at 6, 0.860 at 3; it beats the Apprentice either way.
    At 6 the ladder's steps are even (the second level is the one a beginner meets
    after the first) and it thinks half as long."""

    def __init__(self, shortlist: int = 6, reply_weight: float = 0.9,
                 later_weight: float = 0.4, follow_weight: float = 0.25) -> None:
        self.shortlist = shortlist  # candidates whose replies are examined
        self.reply_weight = reply_weight
        self.later_weight = later_weight  # opponents after the next one (3-4 players)
        self.follow_weight = follow_weight

    def ranked(self, view: Game, rng: random.Random) -> list[tuple[int, float]]:
        """My legal moves with the Governor's value, best first (ties in random order)."""
        sim = sim_of_view(view)
        me = sim.to_move
        moves = immediate(sim, me)
        if not moves:
            return []
        rng.shuffle(moves)
        moves.sort(key=lambda cv: -cv[1])
        model = HandModel(view)
        out: list[tuple[int, float]] = []
        for i, (code, value) in enumerate(moves):
            if i >= self.shortlist or value >= WIN or value <= -WIN:
                out.append((code, value - (100.0 if i >= self.shortlist else 0.0)))
                continue
            out.append((code, self.value_of(view, sim, model, code, value)))
        out.sort(key=lambda cv: -cv[1])
        return out

    def value_of(self, view: Game, sim: Sim, model: HandModel, code: int,
                 value: float) -> float:
        """The Governor's value of the mover's move ``code`` (``value``: what it gains
        now): that gain, less the replies the others may make with the tiles they may
        hold (weighted), plus a little for the mover's own follow-up; in pagodas."""
        me = sim.to_move
        after = sim.clone()
        after.apply(code)
        if after.over:
            return value
        total = value
        nxt = next_to_reply(view, me)
        for step in range(1, sim.players):
            opp = (me - 1 + step) % sim.players + 1
            w = self.reply_weight if opp == nxt else self.later_weight
            total += w * reply_threat(after, opp, me, model, view.hand_size(opp))
        if self.follow_weight:
            follow = immediate(after, me)
            if follow:
                total += self.follow_weight * max(0.0, max(v for _, v in follow))
        return total

    def choose_code(self, view: Game, rng: random.Random, budget_s: float | None) -> int:
        ranked = self.ranked(view, rng)
        return ranked[0][0] if ranked else PASS_CODE
