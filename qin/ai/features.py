"""What the learned evaluation sees of a position: a short list of numbers.

The Son of Heaven (``qin.ai.learned``) values the position after each move it
considers by a weighted sum of these features, the weights fitted offline on the
outcomes of self-play games (``tools/train_ai.py``).  Every feature is read from the
mover's side (``me``, who has just moved) of a search state (``Sim``) as the mover's
view shows it, so the same numbers come out at play time and in training:

* per player (the mover's own figure, then the best of the others'): pagodas on the
  board, pagodas left in the supply, provinces, the squares they cover, major
  provinces, provinces one or two squares short of major, villages held, villages
  held by a margin of one pagoda (a single placement may take them);
* what the next placements can do (the search has these lists at hand): how many of
  the mover's own placements with the tiles it keeps gain a pagoda and the best gain;
  how many of the next player's placements with any kind they might hold gain one and
  their best gain (absorbs and village captures show here);
* the mover's hand (doubles held, tiles held) and the game's phase (the share of the
  tiles still unseen), with the pagoda difference and the supply difference weighed
  again by the phase;
* every figure above again, times the share of the tiles already seen (``phased``):
  what a province or a threat is worth changes as the game runs out.

``NAMES`` lists them in order; ``features`` computes them (``BASE`` and
``base_features``: without the phased copies, as self-play keeps them).
"""

from __future__ import annotations

from ..game import Game
from ..provinces import MAJOR
from ..tiles import HAND_SIZE, TILES_PER_KIND
from .sim import KIND_OF, NKINDS, Sim, scored_for

_PER_PLAYER = ("pagodas", "supply_low", "provinces", "area", "majors", "near_major",
               "villages", "weak_villages")
BASE: tuple[str, ...] = (
    ("bias",)
    + tuple(f"{name}_{side}" for name in _PER_PLAYER for side in ("me", "them"))
    + ("my_gains", "my_best", "their_gains", "their_best",
       "doubles", "hand", "phase", "pagodas_late", "supply_late")
)
"""The features read off the position (``base_features``)."""
_PHASED = BASE[1:BASE.index("phase")]
NAMES: tuple[str, ...] = BASE + tuple(f"late_{name}" for name in _PHASED)
"""The features' names, in the order ``features`` returns them: ``BASE``, then each of
the position's figures (from the pagodas to the hand) again, times the share of the
tiles already seen: a linear model on these weighs them differently early and late."""

ALL_TILES = TILES_PER_KIND * NKINDS
_PHASE = BASE.index("phase")
_CAP = 4.0  # a gain counted at most this (a win counts this much too)

Scores = list[tuple[int, int, float, float]]


def _gains(scores: Scores, hand: list[int] | None, who: int, first: bool
           ) -> tuple[float, float]:
    """How many placements in ``scores`` gain ``who`` at least a pagoda (the first or
    the second valuation), and the best gain (capped; a win counts ``_CAP``).  With
    ``hand``, only the kinds it holds."""
    count, best = 0, 0.0
    for code, win, a, b in scores:
        if hand is not None and hand[KIND_OF[code % 9]] <= 0:
            continue
        value = (_CAP if win == who else -_CAP) if win else (a if first else b)
        if value >= 1.0:
            count += 1
        if value > best:
            best = value
    return count / 10.0, min(best, _CAP)


def features(after: Sim, me: int, unseen: int, mine: Scores, theirs: Scores
             ) -> list[float]:
    """The features of ``after`` (a search state just after ``me`` moved), in
    ``NAMES``' order (the arguments as for ``base_features``)."""
    return phased(base_features(after, me, unseen, mine, theirs))


def phased(base: list[float]) -> list[float]:
    """``base`` (``BASE``' order) with the position's figures again times the game's
    lateness: every feature of ``NAMES``."""
    late = 1.0 - base[_PHASE]
    return base + [late * x for x in base[1:_PHASE]]


def base_features(after: Sim, me: int, unseen: int, mine: Scores, theirs: Scores
                  ) -> list[float]:
    """The features of ``after`` (a search state just after ``me`` moved), in
    ``BASE``' order.

    ``unseen``: how many tiles ``me`` has not seen (the others' hands and the pile);
    ``mine``: ``me``'s placements on ``after`` scored with ``me``'s valuation first
    (``sim.scored_for``, any hand); ``theirs``: the next player's, scored with their
    own valuation first.
    """
    board = after.board
    n = after.players
    pagodas = [0.0] * (n + 1)
    provinces = [0.0] * (n + 1)
    area = [0.0] * (n + 1)
    majors = [0.0] * (n + 1)
    near = [0.0] * (n + 1)
    for grp in board.groups.values():
        p = grp.owner
        if not p:
            continue
        size = len(grp.squares)
        pagodas[p] += grp.pagodas
        provinces[p] += 1
        area[p] += size / 10.0
        if grp.pagodas == 2:
            majors[p] += 1
        elif size >= MAJOR - 2:
            near[p] += 1
    villages = [0.0] * (n + 1)
    weak = [0.0] * (n + 1)
    holder = board.village_owner
    groups, gid, nbrs = board.groups, board.gid, board.geo.neighbours
    for v in board.layout.villages:
        held = holder[v]
        if not held:
            continue
        villages[held] += 1
        pagodas[held] += 1
        counts = [0] * (n + 1)
        seen: list[int] = []
        for s in nbrs[v]:
            g = gid[s]
            if g >= 0 and g not in seen:
                seen.append(g)
                grp = groups[g]
                counts[grp.owner] += grp.pagodas
        rival = max(counts[q] for q in range(1, n + 1) if q != held)
        if counts[held] - rival <= 1:
            weak[held] += 1
    supply = board.supply
    low = [0.0] * (n + 1)
    for p in range(1, n + 1):
        low[p] = max(0.0, 6.0 - supply[p]) / 6.0  # 0 until 6 are left, 1 at the last
    out = [1.0]
    others = [p for p in range(1, n + 1) if p != me]
    for per in (pagodas, low, provinces, area, majors, near, villages, weak):
        out.append(per[me])
        out.append(max(per[p] for p in others))
    out[1] /= 10.0  # pagodas in tens, like the areas
    out[2] /= 10.0
    nxt = me % n + 1
    hand = after.hands[me]
    out.extend(_gains(mine, hand, me, True))
    out.extend(_gains(theirs, None, nxt, True))
    # a hand holds at most 3 tiles (analysis mode's "any kind" counts as 3)
    out.append(float(min(HAND_SIZE, hand[0] + hand[1] + hand[2])))
    out.append(float(min(HAND_SIZE, sum(hand))))
    phase = min(1.0, unseen / ALL_TILES)  # 1 at the start, 0 at the end
    late = 1.0 - phase
    out.append(phase)
    out.append(late * (out[1] - out[2]))
    out.append(late * (out[3] - out[4]))
    return out


def after_move(view: Game, code: int) -> list[float]:
    """``base_after_move``'s features with their phased copies (``NAMES``)."""
    return phased(base_after_move(view, code))


def base_after_move(view: Game, code: int) -> list[float]:
    """The features the Son of Heaven's search sees after the mover plays ``code``
    (a legal placement) in ``view`` (the mover's view): the same search state, the
    same scored placements (as ``qin.ai.lookahead`` works them out)."""
    from .greedy import HandModel, sim_of_view, weights

    sim = sim_of_view(view)
    me = sim.to_move
    nxt = me % sim.players + 1
    model = HandModel(view)
    after = sim.clone()
    after.apply(code)
    wm, wn = weights(sim.players, me), weights(sim.players, nxt)
    out = [0] * (sim.players + 1)
    drawing = view.hands is not None and view.pile_count > 0 and model.total
    my_hand = [1] * NKINDS if drawing else sim.hands[me]
    mine = scored_for(after.board, my_hand, me, out, wm, wn)
    theirs = scored_for(after.board, model.kinds(), nxt, out, wn, wm)
    return base_features(after, me, model.total, mine, theirs)
