"""Minister and Emperor: a selective look-ahead over the hidden hands.

The Governor values a move by what it gains now and by the next player's best
immediate reply.  That reply is judged greedily: a capture that hands the mover a
bigger capture back looks as good to it as a safe one.  The look-ahead plays the
exchange one step further, in expectation over what the hidden hand may hold:

1. the best ``shortlist`` moves by immediate gain are valued as the Governor does
   (the gain now, the next player's best reply with a hand drawn from the unseen
   tiles, the mover's follow-up) and the best ``width`` of them go on;
2. for each of them and each tile kind the next player might hold, their ``replies``
   best placements of that kind (by what they gain now) and a quiet move are played
   out: after each, the mover's best answer is found (with the hand it will hold: its
   tiles left and, if the pile is not empty, one drawn from the unseen tiles);
3. the next player takes, per kind, the line best for them, and takes the best kind
   they hold (the expectation over hands is exact: ``HandModel.best_of``).

Ranked by what they gain now, quiet moves (most moves, most turns) reach the
shortlist only by chance; a defence would too.  With ``guard``, up to that many more
moves are valued in stage 1: those covering, then touching, the squares of the next
player's ``threats`` best placements now.  And the next player's best replies by
gain are not the only ones to fear: one that blocks the mover's follow-up is a
"quiet" move that changes a lot.  With ``spoil``, stage 2 also plays, per kind, that
many of their placements on or next to the squares of the mover's ``threats`` best
follow-ups (with the tiles it keeps).

The Minister deepens 6 moves with 2 replies per kind; the Emperor 10 of 16 (and 8
guards) with 3 replies and 1 spoiler per kind.
``deep=1`` also counts the next player's best reply to the mover's answer (four
plies); measured, it gained nothing, so neither level uses it.

Most of a decision's time goes into working out the mover's placements after each
reply (``sim.effect``), so that work is kept small without changing a value: the
placements after a reply are re-scored only near what the reply changed
(``sim.rescored``); of those it leaves as they were, the answer keeps only each
kind's first best (``sim.rescored_firsts``); and the same reply examined after another
candidate takes the placements worked out after the first one wherever the two boards
do not differ around them (``sim.memo_for``).  ``tests/test_ai_reproducible.py`` pins
each level's moves and the lines it examined.

A line's value is the pagodas it moves (relative to the other players), a win or a
loss (a last pagoda placed) counting ``WIN``.  Nothing random is involved except the
order of equal moves, so a decision depends on the view and the seed alone; a time
budget only stops the deepening early (then the best move deepened so far is played,
or the Governor's choice if none was).  ``last_iterations`` counts the reply lines
examined; an ``iterations`` limit caps them (a line budget, reproducible).
"""

from __future__ import annotations

import random
import time

from ..board import Board
from ..game import Game
from .greedy import (
    WIN,
    HandModel,
    immediate,
    next_to_reply,
    reply_threat,
    sim_of_view,
    weights,
)
from .sim import KIND_OF, NKINDS, PASS_CODE, Sim, memo_for, rescored, rescored_firsts, scored_for

NONE = -WIN * 100  # "no placement of this kind"


def _by_kind(moves: list[tuple[int, int, float, float]], mover: int, me: int
             ) -> list[list[tuple[float, float, int]]]:
    """Placements grouped by tile kind, best first for their maker: ``(theirs, mine,
    code)`` with wins and losses as ``WIN``."""
    kinds: list[list[tuple[float, float, int]]] = [[] for _ in range(NKINDS)]
    for code, win, theirs, mine in moves:
        if win:
            theirs = WIN if win == mover else -WIN
            mine = WIN if win == me else -WIN
        kinds[KIND_OF[code % 9]].append((theirs, mine, code))
    for k in kinds:
        k.sort(key=lambda t: -t[0])
    return kinds


class Lookahead:
    """The searching levels: the Governor's valuation deepened by the replies to replies."""

    def __init__(self, iterations: int | None = None, *, width: int = 6,
                 replies: int = 2, shortlist: int = 12, counter: float = 0.7,
                 reply_weight: float = 0.9, later_weight: float = 0.4,
                 follow_weight: float = 0.25, quiet: float = 1.0, deep: int = 0,
                 deep_weight: float = 0.6, guard: int = 0, threats: int = 6,
                 spoil: int = 0) -> None:
        self.iterations = iterations
        self.width = width  # moves deepened
        self.replies = replies  # the next player's placements per kind examined
        self.shortlist = shortlist  # moves valued like the Governor
        self.counter = counter  # weight of the mover's answer
        self.reply_weight = reply_weight
        self.later_weight = later_weight
        self.follow_weight = follow_weight
        self.quiet = quiet  # 1: the next player may also make a quiet move
        self.deep = deep  # 1: the next player's reply to the mover's answer too
        self.deep_weight = deep_weight
        self.guard = guard  # moves near the next player's best threats also valued
        self.threats = threats  # ... that many of their best placements now
        self.spoil = spoil  # the next player's placements per kind that may spoil
        # the mover's best follow-ups, examined beyond the ``replies`` best
        self.last_iterations = 0

    @classmethod
    def minister(cls, iterations: int | None = None, **tuning: float) -> Lookahead:
        return cls(iterations, **int_options(tuning))  # type: ignore[arg-type]

    @classmethod
    def emperor(cls, iterations: int | None = None, **tuning: float) -> Lookahead:
        # wider, guarding against the next player's threats and weighing the replies
        # that spoil its own (measured: the four-ply ``deep`` line gained nothing)
        options: dict[str, float] = {"width": 10, "replies": 3, "shortlist": 16,
                                     "guard": 8, "spoil": 1}
        options.update(tuning)
        return cls(iterations, **int_options(options))  # type: ignore[arg-type]

    def positional(self, after: Sim, me: int, unseen: int,
                   mine: list[tuple[int, int, float, float]],
                   theirs: list[tuple[int, int, float, float]]) -> float:
        """What the position after a move is worth to ``me`` beyond the pagodas the
        lines count (pagoda units): nothing here; a learned level says more."""
        return 0.0

    # -- the mover's answer ----------------------------------------------------------
    def answer(self, scores: list[tuple[int, int, float, float]], known: list[int],
               me: int, nxt: int, draw: list[float] | None) -> tuple[float, float, int]:
        """The mover's best answer among ``scores`` (its placements, scored for it and
        for the next player): ``(mine, theirs, code)``, in expectation over the drawn
        tile (``draw``: the chance of each kind, or ``None``); ``known``: its hand."""
        best: list[tuple[float, float, int]] = [(NONE, 0.0, PASS_CODE)] * NKINDS
        for code, win, mine, theirs in scores:
            if win:
                mine = WIN if win == me else -WIN
                theirs = WIN if win == nxt else -WIN
            k = KIND_OF[code % 9]
            if mine > best[k][0]:
                best[k] = (mine, theirs, code)
        top = (0.0, 0.0, PASS_CODE)
        for k in range(NKINDS):
            if known[k] > 0 and best[k][2] != PASS_CODE and (
                    top[2] == PASS_CODE or best[k][0] > top[0]):
                top = best[k]
        if draw is None:
            return top
        mine_e = theirs_e = 0.0
        for k in range(NKINDS):
            if draw[k]:
                pick = best[k] if best[k][2] != PASS_CODE and (
                    top[2] == PASS_CODE or best[k][0] > top[0]) else top
                mine_e += draw[k] * pick[0]
                theirs_e += draw[k] * pick[1]
        return mine_e, theirs_e, top[2]

    # -- the search ------------------------------------------------------------------
    def choose_code(self, view: Game, rng: random.Random, budget_s: float | None) -> int:
        deadline = None if budget_s is None else time.perf_counter() + budget_s
        self.last_iterations = 0
        found = self._candidates(view, rng)
        if isinstance(found, int):
            return found
        cands, ctx = found
        # 2. the exchange played one step further for the best few
        best_code, best_value = cands[0].code, -1e18
        for cand in cands[:self.width]:
            total = self._deepened(cand, ctx, self.iterations, deadline)
            if total is None:
                break
            if total > best_value:
                best_code, best_value = cand.code, total
        return best_code

    def values(self, view: Game, rng: random.Random, played: int
               ) -> tuple[float, list[tuple[int, float]]]:
        """A judge's figures (the review): the value of ``played`` (a legal move's code
        in ``view``) and of the best moves the search looks at, in the same unit: the
        pagodas a move is worth to the mover against the others, its lines of play
        counted.  ``played`` is always examined in full, whatever its rank; the others
        as ``choose_code`` examines them (``width`` of them, ``iterations`` lines at
        most: a stopped one is left out).  Returns ``(played's value, [(code, value),
        ...])``, the list best first, ``played`` in it."""
        self.last_iterations = 0
        found = self._candidates(view, rng, played)
        if isinstance(found, int):  # a single move, or a win on offer: what they gain now
            gains = dict(immediate(sim_of_view(view), view.to_move))
            ranked = sorted(gains.items(), key=lambda cv: -cv[1])
            return gains.get(played, 0.0), ranked[:max(1, self.width)]
        cands, ctx = found
        mine = next(c for c in cands if c.code == played)
        if not self.width:  # the first stage's figures alone
            seen = [(c.code, c.gov) for c in cands
                    if c.after is not None or c.gov == c.value or c is mine]
            return mine.gov, seen
        own = self._deepened(mine, ctx, None, None)
        assert own is not None  # no limit: never stopped
        out = [(played, own)]
        for cand in cands[:self.width]:
            if cand.code == played:
                continue
            total = self._deepened(cand, ctx, self.iterations, None)
            if total is None:
                break
            out.append((cand.code, total))
        out.sort(key=lambda cv: -cv[1])
        return own, out

    def _candidates(self, view: Game, rng: random.Random, force: int | None = None
                    ) -> tuple[list[_Candidate], _Context] | int:
        """Stage 1: the mover's moves valued as the Governor does (the shortlist, the
        guards and ``force``), best first; or the move to play at once (a code) when
        there is one move or a win."""
        sim = sim_of_view(view)
        me = sim.to_move
        n = sim.players
        moves = immediate(sim, me)
        if not moves:
            return PASS_CODE
        if force is not None:  # a judge: the same order for the same view, however built
            moves.sort()
        rng.shuffle(moves)
        moves.sort(key=lambda cv: -cv[1])
        if moves[0][1] >= WIN or len(moves) == 1:
            return moves[0][0]
        model = HandModel(view)
        nxt = next_to_reply(view, me)
        ctx = _Context(self, sim, me, nxt, model, view.hand_size(nxt))
        if view.hands is not None and view.pile_count > 0 and model.total:
            ctx.draw = [c / model.total for c in model.counts]
            ctx.my_hand = [1] * NKINDS  # the answer may use the drawn tile
        else:
            ctx.my_hand = sim.hands[me]  # after the move: its tiles left, nothing drawn
        # the mover's placements now, for every kind it may hold at its next turn
        out = [0] * (n + 1)
        ctx.mine_now = scored_for(sim.board, ctx.my_hand, me, out, ctx.wm, ctx.wn)

        # 1. the Governor's valuation, keeping the next player's replies per kind
        cands: list[_Candidate] = []
        theirs_now: list[tuple[int, int, float, float]] | None = None
        extra: set[int] = set()
        if self.guard and len(moves) > self.shortlist:
            theirs_now = scored_for(sim.board, ctx.opp_hand, nxt, out, ctx.wn, ctx.wm)
            extra = _guards(sim, moves, theirs_now, nxt, self.shortlist, self.guard,
                            self.threats)
        if force is not None:
            extra.add(force)
        for i, (code, value) in enumerate(moves):
            if ((i >= self.shortlist and code not in extra) or value <= -WIN) \
                    and code != force:
                cands.append(_Candidate(value - 100.0, code, value))
                continue
            after = sim.clone()
            after.apply(code)
            if after.over:
                cands.append(_Candidate(value, code, value))
                continue
            if theirs_now is None:
                theirs_now = scored_for(sim.board, ctx.opp_hand, nxt, out, ctx.wn, ctx.wm)
            theirs = rescored(sim.board, theirs_now, after.board, ctx.opp_hand, nxt,
                              ctx.wn, ctx.wm)
            replies = _by_kind(theirs, nxt, me)
            threat = model.best_of([(r[0][0], r[0][1]) if r else (NONE, 0.0)
                                    for r in replies], ctx.size)
            later = 0.0
            for step in range(1, n):
                opp = (me - 1 + step) % n + 1
                if opp != nxt:
                    later += self.later_weight * reply_threat(after, opp, me, model,
                                                              view.hand_size(opp))
            mine = rescored(sim.board, ctx.mine_now, after.board, ctx.my_hand, me,
                            ctx.wm, ctx.wn)
            known = after.hands[me]
            follow = max(((WIN if w == me else -WIN) if w else m
                          for c, w, m, _ in mine if known[KIND_OF[c % 9]] > 0),
                         default=0.0)
            judged = self.positional(after, me, model.total, mine, theirs)
            gov = (value + self.reply_weight * threat + later
                   + self.follow_weight * max(0.0, follow) + judged)
            cand = _Candidate(gov, code, value, later, after, theirs, replies, mine,
                              judged)
            cands.append(cand)
        cands.sort(key=lambda c: -c.gov)
        return cands, ctx

    def _deepened(self, cand: _Candidate, ctx: _Context, limit: int | None,
                  deadline: float | None) -> float | None:
        """Stage 2 for one candidate: its value with the next player's replies and the
        mover's answers played out (``None``: ``limit`` lines or ``deadline`` reached
        first); a candidate not examined in stage 1 keeps its stage-1 value."""
        if cand.after is None:
            return cand.gov
        sim, me, model = ctx.sim, ctx.me, ctx.model
        per_kind: list[tuple[float, float]] = []
        quiet = None
        if self.quiet:
            quiet = ctx.line(cand, None, 0.0, 0.0)
        spots = (_spots(sim, cand.mine, cand.after.hands[me], me, self.threats)
                 if self.spoil else None)
        for k in range(NKINDS):
            lines = cand.replies[k][:self.replies]
            if spots:
                lines = lines + [t for t in cand.replies[k][self.replies:]
                                 if _touches(sim, t[2], spots)][:self.spoil]
            if not lines:
                per_kind.append((NONE, 0.0))
                continue
            best_line = quiet if quiet is not None else (NONE, 0.0)
            for theirs_v, mine_v, rcode in lines:
                if (limit is not None and self.last_iterations >= limit) or (
                        deadline is not None and time.perf_counter() >= deadline):
                    return None
                self.last_iterations += 1
                if theirs_v >= WIN or mine_v <= -WIN:
                    line = (theirs_v, mine_v)
                else:
                    line = ctx.line(cand, rcode, theirs_v, mine_v)
                if line[0] > best_line[0]:
                    best_line = line
            per_kind.append(best_line)
        return (cand.value + model.best_of(per_kind, ctx.size) + cand.later
                + cand.judged)


def _guards(sim: Sim, moves: list[tuple[int, float]],
            theirs: list[tuple[int, int, float, float]], nxt: int, shortlist: int,
            count: int, threats: int) -> set[int]:
    """Up to ``count`` of the mover's moves beyond the shortlist that may spoil the
    next player's best ``threats`` placements now: first those covering one of their
    squares, then those next to one, each group best first by what they gain now."""
    pairs = sim.board.geo.pairs
    nbrs = sim.board.geo.neighbours
    best = sorted((t for t in theirs if t[2] > 0 or t[1] == nxt), key=lambda t: -t[2])
    cover: set[int] = set()
    for t in best[:threats]:
        cover.update(pairs[t[0] // 9])
    if not cover:
        return set()
    near = {n for s in cover for n in nbrs[s]} - cover
    ranked: list[tuple[int, int]] = []
    for i in range(shortlist, len(moves)):
        code = moves[i][0]
        lo, hi = pairs[code // 9]
        if lo in cover or hi in cover:
            ranked.append((0, i))
        elif lo in near or hi in near:
            ranked.append((1, i))
    ranked.sort()
    return {moves[i][0] for _, i in ranked[:count]}


def _spots(sim: Sim, mine: list[tuple[int, int, float, float]], hand: list[int],
           me: int, count: int) -> set[int]:
    """The squares of the mover's ``count`` best gaining placements (with ``hand``),
    and their neighbours: where a reply may spoil them."""
    pairs = sim.board.geo.pairs
    nbrs = sim.board.geo.neighbours
    best = sorted((t for t in mine if (t[2] > 0 or t[1] == me)
                   and hand[KIND_OF[t[0] % 9]] > 0), key=lambda t: -t[2])
    spots: set[int] = set()
    for t in best[:count]:
        for sq in pairs[t[0] // 9]:
            spots.add(sq)
            spots.update(nbrs[sq])
    return spots


def _touches(sim: Sim, code: int, spots: set[int]) -> bool:
    lo, hi = sim.board.geo.pairs[code // 9]
    return lo in spots or hi in spots


class _Candidate:
    """A move of the mover with what stage 1 found out about it."""

    __slots__ = ("gov", "code", "value", "later", "after", "theirs", "replies", "mine",
                 "judged", "ranked")

    def __init__(self, gov: float, code: int, value: float, later: float = 0.0,
                 after: Sim | None = None,
                 theirs: list[tuple[int, int, float, float]] | None = None,
                 replies: list[list[tuple[float, float, int]]] | None = None,
                 mine: list[tuple[int, int, float, float]] | None = None,
                 judged: float = 0.0) -> None:
        self.gov = gov
        self.code = code
        self.value = value  # what it gains now
        self.later = later  # the later players' threats (3-4 players)
        self.after = after  # the state after it (None: not examined, or the end)
        self.theirs = theirs or []  # the next player's placements there, scored
        self.replies = replies or []  # ... by kind, best first for them
        self.mine = mine or []  # the mover's placements there, scored
        self.judged = judged  # the position's worth beyond its pagodas (``positional``)
        self.ranked: list[list[int]] | None = None  # ``mine`` per kind, as ``answer`` ranks

    def ranked_for(self, me: int) -> list[list[int]]:
        """Per tile kind, the indices into ``mine`` of that kind's placements, best first
        for the mover as ``Lookahead.answer`` values them (a win ``WIN``, a loss
        ``-WIN``), equal ones in list order (worked out once)."""
        if self.ranked is None:
            kinds: list[list[tuple[float, int]]] = [[] for _ in range(NKINDS)]
            for i, (code, win, mine, _) in enumerate(self.mine):
                if win:
                    mine = WIN if win == me else -WIN
                kinds[KIND_OF[code % 9]].append((-mine, i))
            self.ranked = [[i for _, i in sorted(k)] for k in kinds]
        return self.ranked


class _Context:
    """One decision's fixed facts, and the lines of play it examines."""

    def __init__(self, search: Lookahead, sim: Sim, me: int, nxt: int,
                 model: HandModel, size: int) -> None:
        self.search = search
        self.sim = sim
        self.me = me
        self.nxt = nxt
        self.model = model
        self.size = size  # the next player's hand size
        self.wm = weights(sim.players, me)
        self.wn = weights(sim.players, nxt)
        self.opp_hand = model.kinds()
        self.draw: list[float] | None = None
        self.my_hand: list[int] = []
        self.mine_now: list[tuple[int, int, float, float]] = []
        # per reply: the first board it was examined on, and the mover's placements
        # worked out there (the same reply after another candidate often meets the
        # same squares around it: ``sim.memo_for``)
        self.answers: dict[int, tuple[Board, dict[int, tuple[int, int, float, float]
                                                    | None]]] = {}

    def line(self, cand: _Candidate, rcode: int | None, theirs: float, mine: float
             ) -> tuple[float, float]:
        """The next player's reply ``rcode`` to the candidate (``None``: a quiet move,
        taken to change nothing) and the mover's answer: (their value, my value)."""
        search, me, nxt = self.search, self.me, self.nxt
        after = cand.after
        assert after is not None
        board = after
        scores = cand.mine
        if rcode is not None:
            board = after.clone()
            board.apply(rcode)
            if board.over:
                return theirs, mine
            # the answer takes each kind's first best placement: of those the reply
            # leaves as they were, only that one matters
            known = self.answers.get(rcode)
            if known is None:
                known = self.answers[rcode] = (board.board, {})
            scores = rescored_firsts(after.board, cand.mine, cand.ranked_for(me),
                                     board.board, self.my_hand, me, self.wm, self.wn,
                                     memo_for(known, board.board))
        a_mine, a_theirs, a_code = search.answer(scores, board.hands[me], me, nxt,
                                                 self.draw)
        if search.deep and a_code != PASS_CODE and -WIN < a_mine < WIN:
            again = board.clone()
            again.apply(a_code)
            if not again.over:
                replies = _by_kind(rescored(after.board, cand.theirs, again.board,
                                            self.opp_hand, nxt, self.wn, self.wm),
                                   nxt, me)
                threat = self.model.best_of([(r[0][0], r[0][1]) if r else (NONE, 0.0)
                                             for r in replies], self.size)
                # two players: a reply's value to me is minus its value to them
                a_mine += search.deep_weight * threat
                a_theirs -= search.deep_weight * threat
        cw = search.counter
        return theirs + cw * a_theirs, mine + cw * a_mine


def int_options(tuning: dict[str, float]) -> dict[str, float | int]:
    """Tuning options as given ("width=8"), the counts among them made whole numbers."""
    whole = {"width", "replies", "shortlist", "deep", "guard", "threats", "spoil"}
    return {k: int(v) if k in whole else v for k, v in tuning.items()}
