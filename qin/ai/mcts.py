"""Minister and Emperor: information-set Monte Carlo tree search (SO-ISMCTS).

One tree of move sequences is grown for the seat to move.  Each iteration draws a
*determinization*: the hidden hands are dealt at random from the tiles this seat has
not seen (``view.unseen()``, the same distribution as ``view.sample``), and every
later draw takes a random one of the tiles left.  The iteration walks down the tree
with the moves that are possible in that deal (a child whose tile is not in its
mover's hand there is skipped; the board after a sequence of placements does not
depend on the hands, so a node's placements are the same in every deal), adds one
node, plays on with a cheap greedy policy to a fixed depth and scores the result by
the pagodas each player has on the board (or the result, if the game ended).

Widening: the root's moves are ordered by the Governor (the move's value, the next
player's best replies); other nodes rank their placements, per tile kind, by their
immediate value once they have been visited a few times (those next to the root at
once) and open them best first, a few more the more they are visited (progressive
widening); a rarely visited node just follows the playout policy.  Each node scores
its move for the player who made it, so three and four players work alike.
"""

from __future__ import annotations

import math
import random
import time

from ..game import Game
from ..tiles import KINDS
from .greedy import WIN, Governor, sim_of_view, weights
from .sim import KIND_OF, NKINDS, PASS_CODE, Sim, random_placement, scored

_ONE_KIND = [[1 if k == j else 0 for k in range(NKINDS)] for j in range(NKINDS)]


class Node:
    __slots__ = ("code", "player", "children", "visits", "avail", "reward", "by_kind")

    def __init__(self, code: int, player: int) -> None:
        self.code = code
        self.player = player  # who made the move that leads here
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        # per tile kind: its placements here as (value, code), best first
        self.by_kind: list[list[tuple[float, int]] | None] | None = None


class Deal:
    """Determinizations of a view: the hidden hands dealt from the unseen tiles."""

    def __init__(self, view: Game) -> None:
        self.base = sim_of_view(view)
        self.pool = [KINDS.index(k) for k in view.unseen().elements()]
        self.hidden: list[tuple[int, int]] = []
        if view.hands is not None:
            self.hidden = [(p, view.hand_size(p)) for p in range(1, view.players + 1)
                           if view.hands[p - 1] is None]
        self.pile_count = view.pile_count

    def sample(self, rng: random.Random) -> Sim:
        sim = self.base.clone()
        pool = self.pool[:]
        rand = rng.random
        for p, size in self.hidden:
            hand = sim.hands[p]
            for _ in range(min(size, len(pool))):
                i = int(rand() * len(pool))
                pool[i], pool[-1] = pool[-1], pool[i]
                hand[pool.pop()] += 1
        if len(pool) > self.pile_count:
            rng.shuffle(pool)
            del pool[self.pile_count:]
        sim.pile = pool  # drawn from at random (``Sim.rng``): a shuffled pile
        sim.rng = rng
        return sim


class Search:
    """A determinized tree search with a budget of iterations and/or time."""

    def __init__(self, iterations: int, *, horizon: int = 4, samples: int = 12,
                 uct: float = 0.2, rank_at: int = 6, rank_depth: int = 1,
                 widen_base: float = 2.0, widen_exp: float = 0.5, root_base: int = 4,
                 root_widen: float = 1.0,
                 scale: float = 2.5, epsilon: float = 0.1, prior: float = 0.0) -> None:
        self.iterations = iterations
        self.horizon = horizon  # plies from the root where a playout stops
        self.samples = samples  # placements the playout policy draws per ply
        self.uct = uct
        self.rank_at = rank_at  # visits before a deeper node ranks its placements
        self.rank_depth = rank_depth  # nodes this close to the root rank at once
        self.widen_base = widen_base
        self.widen_exp = widen_exp
        self.root_base = root_base  # root moves open at first (the Governor's best)
        self.root_widen = root_widen  # ... and more with the square root of the visits
        self.scale = scale  # a lead of this many pagodas is worth 73% (sigmoid)
        self.epsilon = epsilon  # playout: chance of a random placement
        self.prior = prior  # virtual visits that carry the Governor's value of a root move
        self.root_prior: dict[int, float] = {}
        self.governor = Governor(shortlist=12)  # the policy it was measured with
        self.last_iterations = 0
        self.last_root: Node | None = None

    @classmethod
    def minister(cls, iterations: int | None = None, **tuning: float) -> Search:
        return cls(iterations or 300, **tuning)  # type: ignore[arg-type]

    @classmethod
    def emperor(cls, iterations: int | None = None, **tuning: float) -> Search:
        return cls(iterations or 1500, **tuning)  # type: ignore[arg-type]

    # -- the search --------------------------------------------------------------
    def choose_code(self, view: Game, rng: random.Random, budget_s: float | None) -> int:
        start = time.perf_counter()
        deadline = None if budget_s is None else start + budget_s
        ranked = self.governor.ranked(view, rng)
        if not ranked:
            return PASS_CODE
        if len(ranked) == 1 or ranked[0][1] >= WIN:
            return ranked[0][0]
        me = view.to_move
        root = Node(PASS_CODE, 0)
        mine: list[list[tuple[float, int]]] = [[] for _ in range(NKINDS)]
        for c, v in ranked:  # in the Governor's order
            mine[KIND_OF[c % 9]].append((v, c))
        root.by_kind = list(mine)
        lead = view.on_board(me) - max(view.on_board(p) for p in range(1, view.players + 1)
                                       if p != me)
        self.root_prior = {c: 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, lead + v))
                                                      / self.scale))
                           for c, v in ranked}
        deal = Deal(view)
        done = 0
        while done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self.iterate(root, deal.sample(rng), rng)
            done += 1
        self.last_iterations = done
        self.last_root = root
        best = max(root.children.values(), key=lambda n: (n.visits, n.reward))
        return best.code

    def iterate(self, root: Node, det: Sim, rng: random.Random) -> None:
        path = [root]
        node = root
        depth = 0
        while not det.over:
            code, child = self.select(node, det, rng, depth)
            if child is None:
                child = Node(code, det.to_move)
                node.children[code] = child
                if node is root and self.prior:  # the Governor's opinion, as visits
                    child.visits = int(self.prior)
                    child.reward = self.prior * self.root_prior.get(code, 0.5)
                det.apply(code)
                depth += 1
                path.append(child)
                break
            det.apply(code)
            depth += 1
            path.append(child)
            node = child
        values = self.playout(det, rng, depth)
        root.visits += 1
        for n in path[1:]:
            n.visits += 1
            n.reward += values[n.player]

    def select(self, node: Node, det: Sim, rng: random.Random,
               depth: int) -> tuple[int, Node | None]:
        """The move to take from ``node`` (``depth`` plies below the root) in this
        determinization, and its child (``None``: a new child to add)."""
        mover = det.to_move
        hand = det.hands[mover]
        if node.by_kind is None:
            if node.visits < self.rank_at and depth > self.rank_depth:
                code = self.policy(det, rng)
                return code, node.children.get(code)
            node.by_kind = [None] * NKINDS
        if depth == 0:
            width = int(self.root_base + self.root_widen * math.sqrt(node.visits))
        else:
            width = max(1, int(self.widen_base * node.visits ** self.widen_exp))
        by_kind = node.by_kind
        top: list[tuple[float, int]] = []
        for k in range(NKINDS):
            if hand[k] > 0:
                moves = by_kind[k]
                if moves is None:
                    moves = by_kind[k] = self.rank(det, mover, k)
                top.extend(moves[:width])
        if not top:
            options = [PASS_CODE]
        else:
            top.sort(reverse=True)
            options = [c for _, c in top[:width]]
        children = node.children
        for c in options:
            if c not in children:
                return c, None
        uct = self.uct
        best, best_code = -1.0, options[0]
        for c in options:
            ch = children[c]
            ch.avail += 1
            score = ch.reward / ch.visits + uct * math.sqrt(math.log(ch.avail) / ch.visits)
            if score > best:
                best, best_code = score, c
        return best_code, children[best_code]

    @staticmethod
    def rank(det: Sim, mover: int, kind: int) -> list[tuple[float, int]]:
        """The placements of one tile kind here, best first by immediate value."""
        out = [0] * (det.players + 1)
        moves = scored(det.board, _ONE_KIND[kind], mover, out, weights(det.players, mover))
        ranked = [(WIN if win == mover else (-WIN if win else v), c)
                  for c, win, v in moves]
        ranked.sort(reverse=True)
        return ranked

    def policy(self, sim: Sim, rng: random.Random) -> int:
        """The playout policy: the best of a few random legal placements by immediate
        value (now and then just a random one)."""
        mover = sim.to_move
        hand = sim.hands[mover]
        board = sim.board
        out = [0] * (sim.players + 1)
        w = weights(sim.players, mover)
        frontier = list(board.frontier)
        best_code, best_value = -1, -1e9
        found = 0
        tries = 0
        limit = self.samples * 4
        if frontier and any(hand):
            while found < self.samples and tries < limit:
                tries += 1
                code, win = random_placement(board, hand, mover, out, rng, frontier)
                if code < 0:
                    continue
                found += 1
                if win:
                    if win == mover:
                        return code
                    value = -WIN
                else:
                    value = 0.0
                    for q in range(1, len(out)):
                        if out[q]:
                            value += w[q] * out[q]
                if found == 1 and rng.random() < self.epsilon:
                    return code
                if value > best_value:
                    best_code, best_value = code, value
        if best_code >= 0:
            return best_code
        moves = scored(board, hand, mover, out, w)
        if not moves:
            return PASS_CODE
        return max(moves, key=lambda m: WIN if m[1] == mover else m[2])[0]

    def playout(self, sim: Sim, rng: random.Random, depth: int) -> list[float]:
        while not sim.over and depth < self.horizon:
            sim.apply(self.policy(sim, rng))
            depth += 1
        return self.values(sim)

    def values(self, sim: Sim) -> list[float]:
        """Each player's reward in [0, 1]: the result, or a sigmoid of the lead in
        pagodas on the board over the best other player."""
        n = sim.players
        if sim.over:
            share = 1.0 / len(sim.winners)
            return [0.0] + [share if p in sim.winners else 0.0 for p in range(1, n + 1)]
        supply = sim.board.supply
        vals = [0.0]
        for p in range(1, n + 1):
            lead = min(supply[q] for q in range(1, n + 1) if q != p) - supply[p]
            vals.append(1.0 / (1.0 + math.exp(-lead / self.scale)))
        return vals
