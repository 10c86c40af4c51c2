"""A review of a played game: every move of the chosen seats against the computer's best.

    import qin.ai.review as rv
    result = rv.review(record, seats=[1], seed=0)      # a qin-game/1 record (or a Game)
    for m in result.moves: m.ply, m.seat, m.played, m.best, m.loss, m.marked
    for m in rv.moves_of(record, seats=[1]): ...       # the same, one move at a time

Each move is judged in the mover's own view just before it (``game.view(seat)``: the
board, the pagodas, its own hand and how many tiles the others hold, never their hands
or the pile), by the Governor's evaluation (``qin.ai.greedy.Governor.value_of``):

    the pagodas the move places (for a player, less the others' share of theirs), less
    what the next player may expect to gain in reply with the tiles they may hold,
    plus a quarter of the mover's own best follow-up.

So the figures are pagodas, seen from the mover: a loss of 2.0 means the best move was
worth two pagodas more to its player than the move played, counting the reply it
allows.  A move that ends the game with a win is worth ``WIN`` (1000; it is shown in
words, not as a number).  The best move is the best of the Governor's shortlist and the
move played (which is always valued in full), so the loss is never below zero.

The Governor was picked over the searching levels because it is fast enough (the
review of a 72-move game takes seconds, bench/review.py) and its figure has a unit a
player can read; the Minister's and Emperor's searches add lines of play, not a unit.

Marks: per seat, the ``MARKS`` largest losses of at least ``MARK_MIN`` pagodas (ties:
the earlier move first) are marked, so a good game has no marks and a weak one points
at the few moves most worth looking at again.

Reproducible: ties between equally valued moves are broken by a random source seeded
from ``seed`` and what the view shows, so the same record and seed give the same
figures, here, in the page's worker or on another machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from ..game import Game
from ..moves import Move
from .greedy import WIN, Governor, HandModel, immediate, sim_of_view
from .sim import to_code, to_move

MARKS = 3
"""How many of a seat's largest losses are marked."""
MARK_MIN = 1.0
"""The smallest loss (pagodas) that is marked."""


@dataclass(frozen=True)
class Reviewed:
    """One move reviewed: ``ply`` is its number in the game (1 = the first move)."""

    ply: int
    seat: int
    played: str
    best: str
    played_value: float
    best_value: float
    marked: bool = False

    @property
    def loss(self) -> float:
        return round(self.best_value - self.played_value, 2)

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "loss": self.loss}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reviewed:
        return cls(int(data["ply"]), int(data["seat"]), str(data["played"]),
                   str(data["best"]), float(data["played_value"]),
                   float(data["best_value"]), bool(data.get("marked", False)))


@dataclass(frozen=True)
class Review:
    """A whole review: the moves in game order, the largest losses marked."""

    moves: tuple[Reviewed, ...]

    @property
    def marked(self) -> tuple[Reviewed, ...]:
        return tuple(m for m in self.moves if m.marked)

    def to_dict(self) -> dict[str, Any]:
        return {"moves": [m.to_dict() for m in self.moves]}


def evaluate(view: Game, played: Move | str, seed: int = 0, ply: int = 0) -> Reviewed:
    """The move ``played`` judged in ``view`` (the mover's own view, before the move)
    against the Governor's best move there."""
    move = played if isinstance(played, Move) else Move.parse(played)
    if not view.seat or view.seat != view.to_move:
        raise ValueError("a move is reviewed in its mover's own view (game.view(seat))")
    seat = view.to_move
    if move.is_pass:  # passing is only legal when no tile fits (Q10): nothing to judge
        return Reviewed(ply, seat, move.text, move.text, 0.0, 0.0)
    public = " ".join(m.text for m in view.moves)
    rng = random.Random(f"qin.review/{seed}/{view.to_position()}/{public}")
    sim = sim_of_view(view)
    gov = Governor()
    moves = sorted(immediate(sim, seat))  # in code order: the same for the same view
    rng.shuffle(moves)
    moves.sort(key=lambda cv: -round(cv[1], 6))
    model = HandModel(view)
    geo = view.board.geo
    code = to_code(geo, move)
    gains = dict(moves)
    if code not in gains:
        raise ValueError(f"{move.text} is not a legal move of player {seat} here")

    def value(c: int, gain: float) -> float:  # rounded: sums in another order agree
        if gain >= WIN or gain <= -WIN:
            return gain
        return round(gov.value_of(view, sim, model, c, gain), 6)

    played_value = value(code, gains[code])
    best_code, best_value = code, played_value
    for c, gain in moves[:gov.shortlist]:
        if c == code:
            continue
        v = value(c, gain)
        if v > best_value:
            best_code, best_value = c, v
    return Reviewed(ply, seat, move.text, to_move(geo, best_code).text,
                    round(played_value, 2), round(best_value, 2))


def _game_of(record: Game | str | bytes | Mapping[str, Any]) -> Game:
    if isinstance(record, Game):
        return Game.from_record(record.record())
    return Game.from_record(record)


def opening(record: Game | str | bytes | Mapping[str, Any]) -> tuple[Game, list[Move]]:
    """The game's first position, dealt again from its seed, and its moves (one replay:
    taking the moves back one by one would replay the game once per move)."""
    game = _game_of(record)
    return Game.from_record({**game.record(), "moves": []}), list(game.moves)


def plies(record: Game | str | bytes | Mapping[str, Any],
          seats: Iterable[int] | None = None) -> list[int]:
    """The numbers of the moves a review of ``seats`` (default: every seat) looks at."""
    game, moves = opening(record)
    chosen = set(seats) if seats is not None else set(range(1, game.players + 1))
    out = []
    for i, m in enumerate(moves, start=1):
        if game.to_move in chosen:
            out.append(i)
        game.play(m)
    return out


def moves_of(record: Game | str | bytes | Mapping[str, Any],
             seats: Iterable[int] | None = None, seed: int = 0) -> Iterator[Reviewed]:
    """Each move of ``seats`` judged, in game order, one at a time (unmarked: marking
    needs them all, ``marked``)."""
    game, moves = opening(record)
    chosen = set(seats) if seats is not None else set(range(1, game.players + 1))
    for i, m in enumerate(moves, start=1):
        if game.to_move in chosen:
            yield evaluate(game.view(game.to_move), m, seed, i)
        game.play(m)


def marked(moves: Sequence[Reviewed]) -> Review:
    """The moves with each seat's ``MARKS`` largest losses of at least ``MARK_MIN``
    marked."""
    keep: set[int] = set()
    for seat in {m.seat for m in moves}:
        big = sorted((m for m in moves if m.seat == seat and m.loss >= MARK_MIN),
                     key=lambda m: (-m.loss, m.ply))
        keep.update(m.ply for m in big[:MARKS])
    return Review(tuple(replace(m, marked=m.ply in keep) for m in moves))


def review(record: Game | str | bytes | Mapping[str, Any],
           seats: Iterable[int] | None = None, seed: int = 0) -> Review:
    """Every move of ``seats`` (default: every seat) judged, the largest losses marked."""
    return marked(list(moves_of(record, seats, seed)))


__all__ = ["MARKS", "MARK_MIN", "Review", "Reviewed", "evaluate", "marked", "moves_of",
           "plies", "review"]
