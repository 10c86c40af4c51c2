"""A lean game state for search, and the immediate effect of a placement.

``Game`` validates every move, writes events and lists the next player's moves after
each placement; a search plays hundreds of thousands of moves it already knows to be
legal, so it works on a ``Sim``: the engine's ``Board`` plus hands as per-kind counts
and the draw pile.  ``Sim.apply`` lays a tile with the engine's own step function
(``qin.lay.lay_tile``, which ``Game.play`` calls too), so it cannot drift from the
rules; ``effect`` *predicts* what a placement would do without touching the board,
deciding each join with the engine's rule functions (``provinces.can_join``,
``provinces.merged``, ``villages.leader``); tests check it against ``Game.play``.

A move is an int ``code = pair * 9 + c_lo * 3 + c_hi``: the engine's pair index of the
two squares (``geo.pairs``) and the colours on the lower and higher square.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import lru_cache

from ..board import Board, Group, LastPagoda, Layout
from ..game import Game
from ..geometry import Geometry
from ..lay import lay_tile
from ..moves import PASS, Move
from ..placement import move_table
from ..provinces import MAJOR, can_join, merged
from ..tiles import KINDS, PAGODAS
from ..villages import leader

PASS_CODE = -1
NKINDS = len(KINDS)
_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
# kind index of a (c_lo, c_hi) colour pair
KIND_OF = tuple(_KIND_INDEX[("RYB"[min(a, b)] + "RYB"[max(a, b)])]
                for a in range(3) for b in range(3))
KIND_COLOURS = tuple(("RYB".index(k[0]), "RYB".index(k[1])) for k in KINDS)
UNLIMITED = 1 << 20  # a hand in analysis mode: any kind, any number of times
GAIN = 8  # more pagodas than one placement ever gains a player (for ``rescored``)


@lru_cache(maxsize=16)
def codec(geo: Geometry) -> tuple[dict[Move, int], tuple[Move, ...]]:
    """``(code_of, move_of)``: engine ``Move`` <-> int code for a grid."""
    table = move_table(geo)
    move_of: list[Move] = []
    code_of: dict[Move, int] = {}
    for p, row in enumerate(table):
        for i, m in enumerate(row):
            move_of.append(m)
            code_of.setdefault(m, p * 9 + i)
    return code_of, tuple(move_of)


def to_move(geo: Geometry, code: int) -> Move:
    return PASS if code < 0 else codec(geo)[1][code]


def to_code(geo: Geometry, move: Move) -> int:
    return PASS_CODE if move.is_pass else codec(geo)[0][move]


# -- villages next to a group, cached by its squares -------------------------------
_NEAR: dict[Layout, dict[tuple[int, ...], tuple[int, ...]]] = {}


def villages_of(board: Board, squares: tuple[int, ...]) -> tuple[int, ...]:
    """The villages next to a group's squares (cached per board layout)."""
    cache = _NEAR.get(board.layout)
    if cache is None:
        cache = _NEAR[board.layout] = {}
    near = cache.get(squares)
    if near is None:
        vn = board.layout.villages_near
        near = tuple({v for s in squares for v in vn[s]})
        if len(cache) > 100_000:
            cache.clear()
        cache[squares] = near
    return near


def effect(board: Board, lo: int, hi: int, clo: int, chi: int, mover: int,
           out: list[int]) -> int:
    """What placing ``clo`` on square ``lo`` and ``chi`` on ``hi`` would do.

    The squares must be free, adjacent grassland with at least one touching a province
    space.  Returns -1 when the placement makes a forbidden join (Q8, Q9); otherwise
    writes each player's change of pagodas on the board into ``out[1..players]`` and
    returns the player who places their last pagoda (Q16), or 0.  Follows
    ``provinces.resolve`` and ``villages.settle`` step by step, in their order, with
    their rule functions, on the groups the placement would make.

    The search calls this tens of thousands of times a decision, so the groups next to
    the halves are found here (``provinces.neighbour_groups``'s scan, in its order:
    the two squares are free, so neither is among them) and each step's provinces
    are read once.
    """
    colour, gid, groups = board.colour, board.gid, board.groups
    nbrs = board.geo.neighbours
    same = clo == chi
    j0: list[int] = []
    for n in nbrs[lo]:
        if colour[n] == clo:
            g = gid[n]
            if g >= 0 and g not in j0:
                j0.append(g)
    if same:
        for n in nbrs[hi]:
            if colour[n] == clo:
                g = gid[n]
                if g >= 0 and g not in j0:
                    j0.append(g)
        j1 = j0
        steps: tuple[list[int], ...] = (j0,)
    else:
        j1 = []
        for n in nbrs[hi]:
            if colour[n] == chi:
                g = gid[n]
                if g >= 0 and g not in j1:
                    j1.append(g)
        steps = (j0, j1)
    # per step: the new group's size and the provinces it joins
    work: list[tuple[int, list[Group]]] = []
    for joined in steps:
        size = 2 if same else 1
        provs: list[Group] = []
        for g in joined:
            grp = groups[g]
            size += len(grp.squares)
            if grp.owner:
                provs.append(grp)
        if len(provs) > 1 and not can_join(provs):  # Q8, Q9: forbidden joins
            return -1
        work.append((size, provs))

    for i in range(len(out)):
        out[i] = 0
    supply = board.supply
    new: list[tuple[int, int]] = []  # per step: owner, pagodas of the new group
    for size, provs in work:
        if size < 2:
            new.append((0, 0))
            continue
        owner, kept = merged(provs, mover)
        if kept is None:  # Q11 found
            out[owner] += 1
            if out[owner] >= supply[owner]:
                return owner
            pag = 1
        else:  # Q11a expand, Q12/Q13 absorb: the others' pagodas go back first (Q16)
            pag = kept.pagodas
            for prov in provs:
                if prov is not kept:
                    out[prov.owner] -= prov.pagodas
        if size >= MAJOR and pag == 1:  # Q14 major
            pag = 2
            out[owner] += 1
            if out[owner] >= supply[owner]:
                return owner
        new.append((owner, pag))

    # Q15: the villages next to the changed groups, in reading order
    vn = board.layout.villages_near
    near = vn[lo] + vn[hi]
    for g in j0:
        near += villages_of(board, groups[g].squares)
    if not same:
        for g in j1:
            near += villages_of(board, groups[g].squares)
    if not near:
        return 0
    holder = board.village_owner
    own0, pag0 = new[0]
    own1, pag1 = new[-1]
    key1 = -2 if same else -3  # the two halves are one group on a one-coloured tile
    for v in sorted(set(near)) if len(near) > 1 else near:
        counts: dict[int, int] = {}
        seen: list[int] = []
        for n in nbrs[v]:
            if n == lo:
                key, owner, pag = -2, own0, pag0
            elif n == hi:
                key, owner, pag = key1, own1, pag1
            else:
                g = gid[n]
                if g < 0:
                    continue
                if g in j0:
                    key, owner, pag = -2, own0, pag0
                elif g in j1:
                    key, owner, pag = key1, own1, pag1
                else:
                    grp = groups[g]
                    key, owner, pag = g, grp.owner, grp.pagodas
            if owner and key not in seen:
                seen.append(key)
                counts[owner] = counts.get(owner, 0) + pag
        who = leader(counts)
        held = holder[v]
        if who and who != held:
            if held:
                out[held] -= 1
            out[who] += 1
            if out[who] >= supply[who]:
                return who
    return 0


class Sim:
    """A full game state for search: board, hands (counts per kind), pile, turn."""

    __slots__ = ("board", "players", "to_move", "hands", "pile", "over", "winners",
                 "passes", "analysis", "rng")

    board: Board
    players: int
    to_move: int
    hands: list[list[int]]
    """``hands[p]``: player p's tiles, a count per kind (``hands[0]`` unused)."""
    pile: list[int]
    over: bool
    winners: tuple[int, ...]
    passes: int
    analysis: bool
    rng: random.Random | None
    """``None``: draws take the pile's last tile; otherwise a random tile of the pile
    (a pile of unseen tiles in a determinization need not be shuffled then)."""

    @classmethod
    def from_game(cls, game: Game) -> Sim:
        """From a full game (``Game.sample`` of a view, or a game with every hand known)."""
        sim = cls.__new__(cls)
        sim.board = game.board.copy()
        sim.players = game.players
        sim.to_move = game.to_move
        sim.analysis = game.hands is None
        if game.hands is None:
            sim.hands = [[UNLIMITED] * NKINDS for _ in range(game.players + 1)]
        else:
            sim.hands = [[0] * NKINDS]
            for hand in game.hands:
                if hand is None:
                    raise ValueError("Sim.from_game needs every hand (use view.sample)")
                counts = [0] * NKINDS
                for t in hand:
                    counts[_KIND_INDEX[t]] += 1
                sim.hands.append(counts)
        sim.pile = [_KIND_INDEX[t] for t in game.pile]
        sim.over = game.is_over
        sim.winners = game.winners
        sim.passes = 0
        sim.rng = None
        return sim

    def clone(self) -> Sim:
        other = Sim.__new__(Sim)
        other.board = self.board.copy()
        other.players = self.players
        other.to_move = self.to_move
        other.hands = [h[:] for h in self.hands]
        other.pile = self.pile[:]
        other.over = self.over
        other.winners = self.winners
        other.passes = self.passes
        other.analysis = self.analysis
        other.rng = self.rng
        return other

    def on_board(self, player: int) -> int:
        return PAGODAS[self.players] - self.board.supply[player]

    def legal(self, player: int | None = None) -> list[int]:
        """Every legal placement code of ``player`` (default: the mover) from their hand."""
        p = self.to_move if player is None else player
        hand = self.hands[p]
        out = [0] * (self.players + 1)
        return [c for c, _w in placements(self.board, hand, p, out)]

    def apply(self, code: int) -> None:
        """Play a placement known to be legal (or ``PASS_CODE``), with the engine's rules."""
        mover = self.to_move
        if code < 0:
            self.passes += 1
            if self.passes >= self.players:  # Q18: nobody can place
                self._finish()
            else:
                self.to_move = mover % self.players + 1
            return
        self.passes = 0
        board = self.board
        pair, cc = divmod(code, 9)
        clo, chi = divmod(cc, 3)
        lo, hi = board.geo.pairs[pair]
        self.hands[mover][KIND_OF[cc]] -= 1
        try:
            lay_tile(board, lo, clo, hi, chi, mover, [])
        except LastPagoda as win:  # Q16
            self.over, self.winners = True, (win.player,)
            return
        pile = self.pile
        if pile:  # Q17
            if self.rng is not None:
                i = int(self.rng.random() * len(pile))
                pile[i], pile[-1] = pile[-1], pile[i]
            self.hands[mover][pile.pop()] += 1
        self.to_move = mover % self.players + 1

    def _finish(self) -> None:
        most = max(self.on_board(p) for p in range(1, self.players + 1))
        self.over = True
        self.winners = tuple(p for p in range(1, self.players + 1) if self.on_board(p) == most)


def placements(board: Board, hand: list[int], mover: int,
               out: list[int]) -> list[tuple[int, int]]:
    """Every legal placement of the kinds in ``hand`` (counts): ``[(code, winner)]``."""
    return [(code, win) for code, win, _, _ in scored_for(board, hand, mover, out,
                                                          ZERO, ZERO)]


ZERO = [0.0] * 5


def scored(board: Board, hand: list[int], mover: int, out: list[int],
           score: list[float] | None) -> list[tuple[int, int, float]]:
    """Every legal placement of the kinds in ``hand``: ``(code, winner, value)``, where
    ``value`` is ``sum(score[p] * out[p])`` over the placement's pagoda changes (0 when
    ``score`` is None).  Same set as ``placement.legal_placements``."""
    w = ZERO if score is None else score
    return [(code, win, a) for code, win, a, _ in scored_for(board, hand, mover, out, w, w)]


def scored_for(board: Board, hand: list[int], mover: int, out: list[int],
               first: list[float], second: list[float]
               ) -> list[tuple[int, int, float, float]]:
    """Like ``scored``, valuing every placement with two weightings at once
    (say, for the mover and for an onlooker): ``(code, winner, first, second)``."""
    return scored_pairs(board, hand, mover, out, first, second, board.frontier)


Memo = tuple[set[int] | None, dict[int, tuple[int, int, float, float] | None], list[int]]
"""For ``scored_pairs``: the squares where this board differs from the board the
placements were worked out on (``None``: this is that board, write them down), those
placements by code (``None``: refused) and that board's colours (``memo_for``)."""


def memo_for(known: tuple[Board, dict[int, tuple[int, int, float, float] | None]] | None,
             board: Board) -> Memo | None:
    """What ``scored_pairs`` on ``board`` may take from the placements ``known`` (a
    board of the same game and what was worked out there, under the same hand, mover
    and weightings), or write into it when ``known`` is ``board``'s own; ``None``
    near the end when their supplies differ: a placement may win on one board and
    not on the other."""
    if known is None:
        return None
    other, placements = known
    if other.supply != board.supply and min(min(other.supply[1:]),
                                            min(board.supply[1:])) <= GAIN:
        return None
    if other is board:
        return None, placements, board.colour
    return _differences(other, board), placements, other.colour


def _differences(one: Board, two: Board) -> set[int]:
    """The squares around which two boards of one game may differ for a placement:
    those of every group not on both alike (either board's), and around each village
    held by another player or next to one of them, its neighbours and the squares of
    their groups on either board.  (When ``two`` is ``one`` and some placements, the
    squares go in as ``two``'s, in the same order: ``changed_around``'s set and its
    order of iteration stay as they were.)"""
    nbrs = one.geo.neighbours
    vnear = one.layout.villages_near
    dirty: set[int] = set()
    g1, g2 = one.groups, two.groups
    for g, grp in g2.items():
        old = g1.get(g)
        if old is not grp and old != grp:
            dirty.update(grp.squares)
            if old is not None:
                dirty.update(old.squares)
    for g, grp in g1.items():
        if g not in g2:
            dirty.update(grp.squares)
    villages = {v for v in one.layout.villages
                if one.village_owner[v] != two.village_owner[v]}
    for s in list(dirty):
        villages.update(vnear[s])
    for v in villages:
        for n in nbrs[v]:
            for board in (two, one):
                g = board.gid[n]
                if g >= 0:
                    dirty.update(board.groups[g].squares)
            dirty.add(n)
    return dirty


def _untouched(board: Board, other: list[int], differ: set[int], s: int, c: int) -> bool:
    """Whether a half of colour ``c`` on the free square ``s`` has the same effect on
    ``board`` as on the board whose colours are ``other``, given where they differ: its
    square is not among those squares (nor next to a village that differs) and no
    neighbour among them holds its colour on either board."""
    if s in differ:
        return False
    colour = board.colour
    return not any(n in differ and (colour[n] == c or other[n] == c)
                   for n in board.geo.neighbours[s])


def scored_pairs(board: Board, hand: list[int], mover: int, out: list[int],
                 first: list[float], second: list[float], squares: Iterable[int],
                 extra: Iterable[int] = (), memo: Memo | None = None
                 ) -> list[tuple[int, int, float, float]]:
    """``scored_for`` limited to the placements with a square in ``squares`` (which
    must hold a square of the frontier of every legal placement wanted), and those
    on the pairs of squares ``extra`` (pair indices of legal placements).

    ``memo``: placements worked out on another board of the same game, with the same
    hand, mover and weightings (``Memo``); a placement both of whose halves are
    untouched by what differs takes its entry from there."""
    geo = board.geo
    colour, grass, adj = board.colour, board.layout.grass, geo.adjacent_pairs
    pairs = geo.pairs
    colours = [(cc, cc // 3, cc % 3) for cc in range(9) if hand[KIND_OF[cc]] > 0]
    result: list[tuple[int, int, float, float]] = []
    if not colours:
        return result
    players = range(1, len(out))
    nbrs = geo.neighbours
    vnear = board.layout.villages_near
    supply = board.supply
    frontier = board.frontier
    found_a, found_b = first[mover], second[mover]
    todo: list[int] = []
    done: set[int] = set()
    for s in squares:
        if colour[s] >= 0 or not grass[s]:
            continue
        edge = s in frontier
        for t, p in adj[s]:
            if colour[t] >= 0 or not grass[t] or p in done:
                continue
            if not edge and t not in frontier:
                continue
            done.add(p)
            todo.append(p)
    for p in extra:
        if p not in done:
            done.add(p)
            todo.append(p)
    around: dict[int, set[int]] = {}  # the colours next to a square
    if memo is not None:
        differ, known, other = memo
        untouched: dict[int, bool] = {}  # by square * 3 + colour
    for p in todo:
        lo, hi = pairs[p]
        base = p * 9
        # the colours next to each square: a half with no neighbour of its colour
        # stays alone and changes nothing (a same-coloured tile alone founds)
        near_lo = around.get(lo)
        if near_lo is None:
            near_lo = around[lo] = {colour[n] for n in nbrs[lo]}
        near_hi = around.get(hi)
        if near_hi is None:
            near_hi = around[hi] = {colour[n] for n in nbrs[hi]}
        quiet = not vnear[lo] and not vnear[hi]
        for cc, clo, chi in colours:
            if clo not in near_lo and chi not in near_hi:
                if clo != chi:
                    result.append((base + cc, 0, 0.0, 0.0))
                    continue
                if quiet and supply[mover] > 1:
                    result.append((base + cc, 0, found_a, found_b))
                    continue
            if memo is not None and differ is not None:
                ok = untouched.get(lo * 3 + clo)
                if ok is None:
                    ok = untouched[lo * 3 + clo] = _untouched(board, other, differ, lo,
                                                             clo)
                if ok:
                    ok = untouched.get(hi * 3 + chi)
                    if ok is None:
                        ok = untouched[hi * 3 + chi] = _untouched(board, other, differ,
                                                                 hi, chi)
                if ok and base + cc in known:  # the same there as here
                    entry = known[base + cc]
                    if entry is not None:
                        result.append(entry)
                    continue
            win = effect(board, lo, hi, clo, chi, mover, out)
            if win < 0:
                if memo is not None and differ is None:
                    known[base + cc] = None
                continue
            a = b = 0.0
            for q in players:
                n = out[q]
                if n:
                    a += first[q] * n
                    b += second[q] * n
            entry = (base + cc, win, a, b)
            if memo is not None and differ is None:
                known[base + cc] = entry
            result.append(entry)
    return result


def changed_around(before: Board, after: Board) -> set[int]:
    """The squares where a placement's effect on ``after`` may differ from its effect
    on ``before`` (``after`` being ``before`` and some placements): a placement with
    neither square in the set is legal on both and changes the same pagodas (though
    with other supplies, it may end the game on one and not on the other)."""
    dirty = _differences(before, after)
    nbrs = before.geo.neighbours
    around = set(dirty)
    for s in dirty:
        around.update(nbrs[s])
    return around


Scores = list[tuple[int, int, float, float]]
"""``scored_for``'s placements: ``(code, winner, first value, second value)``."""


def _to_redo(before: Board, scores: Scores, after: Board) -> tuple[set[int], list[int]]:
    """For ``rescored``: the squares around what changed (``changed_around``), and the
    pairs of the placements outside them that are worked out again all the same."""
    region = changed_around(before, after)
    # Near the end a placement that gains pagodas may win on one board and not on
    # the other: then those are worked out again too (a gain that leaves the
    # weighted values at 0, as equal gains for two players, is not noticed).
    again: list[int] = []
    if before.supply != after.supply and min(min(before.supply[1:]),
                                             min(after.supply[1:])) <= GAIN:
        pairs = after.geo.pairs
        for entry in scores:
            if entry[1] or entry[2] or entry[3]:
                p = entry[0] // 9
                lo, hi = pairs[p]
                if lo not in region and hi not in region:
                    again.append(p)
    return region, again


def _pairs_at(board: Board, squares: set[int], again: list[int]) -> set[int]:
    """The pairs with a square in ``squares``, and those of ``again``."""
    found = set(again)
    adj = board.geo.adjacent_pairs
    for s in squares:
        for _, p in adj[s]:
            found.add(p)
    return found


def rescored(before: Board, scores: Scores, after: Board, hand: list[int], mover: int,
             first: list[float], second: list[float]) -> Scores:
    """``scored_for(after, hand, mover, ...)``, given ``scores``, the same call's result
    on ``before``: only the placements near what changed are worked out again (those
    kept first, in their order, then the others)."""
    out = [0] * (after.players + 1)
    region, again = _to_redo(before, scores, after)
    redo = _pairs_at(after, region, again)
    kept = [e for e in scores if e[0] // 9 not in redo]
    return kept + scored_pairs(after, hand, mover, out, first, second, region, again)


def rescored_firsts(before: Board, scores: Scores, ranked: list[list[int]], after: Board,
                    hand: list[int], mover: int, first: list[float], second: list[float],
                    memo: Memo | None = None) -> Scores:
    """``rescored``'s list cut to what a caller that looks for each kind's first best
    placement sees: ``ranked[k]`` holds the indices into ``scores`` of kind ``k``'s
    placements, best first by the caller's measure, equal ones in list order.  Of the
    placements ``rescored`` keeps, only each kind's first in ``ranked`` stays (in list
    order), then the placements worked out again: the first best of each kind is the
    same placement in both lists.  ``memo``: as for ``scored_pairs``."""
    out = [0] * (after.players + 1)
    region, again = _to_redo(before, scores, after)
    redo = _pairs_at(after, region, again)
    firsts: list[int] = []
    for order in ranked:
        for i in order:
            if scores[i][0] // 9 not in redo:
                firsts.append(i)
                break
    firsts.sort()
    return ([scores[i] for i in firsts]
            + scored_pairs(after, hand, mover, out, first, second, region, again,
                           memo))


def random_placement(board: Board, hand: list[int], mover: int, out: list[int],
                     rng: random.Random, frontier: list[int]) -> tuple[int, int]:
    """One placement drawn at random (a frontier square, a free neighbour, a tile of
    the hand, an orientation): ``(code, winner)``, or ``(-1, 0)`` when the draw found
    no free neighbour or made a forbidden join.  ``hand`` must not be empty."""
    geo = board.geo
    colour, grass = board.colour, board.layout.grass
    rand = rng.random
    s = frontier[int(rand() * len(frontier))]
    options = [tp for tp in geo.adjacent_pairs[s] if colour[tp[0]] < 0 and grass[tp[0]]]
    if not options:
        return -1, 0
    t, p = options[int(rand() * len(options))]
    r = int(rand() * (hand[0] + hand[1] + hand[2] + hand[3] + hand[4] + hand[5]))
    kind = 0
    while r >= hand[kind]:
        r -= hand[kind]
        kind += 1
    ca, cb = KIND_COLOURS[kind]
    if ca != cb and rand() < 0.5:
        ca, cb = cb, ca
    lo, hi = geo.pairs[p]
    clo, chi = (ca, cb) if s == lo else (cb, ca)
    if clo != chi:  # two lone halves change nothing: no need to work it out
        nbrs = geo.neighbours
        for n in nbrs[lo]:
            if colour[n] == clo:
                break
        else:
            for n in nbrs[hi]:
                if colour[n] == chi:
                    break
            else:
                for i in range(len(out)):
                    out[i] = 0
                return p * 9 + clo * 3 + chi, 0
    win = effect(board, lo, hi, clo, chi, mover, out)
    if win < 0:
        return -1, 0
    return p * 9 + clo * 3 + chi, win
