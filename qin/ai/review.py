"""A review of a played game: every move of the chosen seats against the computer's best.

    import qin.ai.review as rv
    result = rv.review(record, seats=[1], seed=0)      # a qin-game/1 record (or a Game)
    for m in result.moves: m.ply, m.seat, m.played, m.best, m.loss, m.marked
    for m in rv.moves_of(record, seats=[1]): ...       # the same, one move at a time

Each move is judged in the mover's own view just before it (``game.view(seat)``: the
board, the pagodas, its own hand and how many tiles the others hold, never their hands
or the pile) by the strongest level's judgement, the Son of Heaven's first stage
(``qin.ai.learned.Learned`` with ``JUDGE``: ``Lookahead.values``):

    the pagodas the move places (for a player, less the others' share of theirs), less
    what the next player may expect to gain in reply with the tiles they may hold,
    plus a quarter of the mover's own best follow-up, plus what the learned model
    expects the mover to gain on the others from the position after it to the end.

So the figures are pagodas, seen from the mover: a loss of 2.0 means the best move was
worth two pagodas more to its player than the move played.  A move that ends the game
with a win is worth ``WIN`` (1000; it is shown in words, not as a number).  The best
move is the best of the shortlist (the 8 best by what they gain now) and the move
played (which is always valued in full), so the loss is never below zero.

The first stage alone (no replies to replies: ``width`` 0, no guards, a shortlist of
8) keeps a 72-move game's review within seconds on the page (bench/review.py measures
it against the Governor's, the judge before); the full search would take a second a
move.

``lead`` is the mover's pagodas on the board less the average of the others', before
the move: the mover's standing after it, as the judge sees it, is ``lead`` plus the
value of the move played (``standing``), which the page draws as a chart.

Accuracy: a move's is ``100 * exp(-loss / ACCURACY_SCALE)`` per cent (the best move
100, a pagoda lost about 72, three about 37, a game thrown away 0); a player's is the
average over their moves (passes left out).  ``grade`` sorts a loss: an inaccuracy
from ``INACCURACY``, a mistake from ``MISTAKE``, a blunder from ``BLUNDER`` pagodas (or
a won game missed or a lost one allowed).

Marks: per seat, the ``MARKS`` largest losses of at least ``MARK_MIN`` pagodas (ties:
the earlier move first) are marked, so a good game has no marks and a weak one points
at the few moves most worth looking at again.

Reproducible: ties between equally valued moves are broken by a random source seeded
from ``seed`` and what the view shows, so the same record and seed give the same
figures, here, in the page's worker or on another machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any, Literal

from .. import record_format
from ..errors import QinError
from ..game import Game
from ..inputs import quote
from ..moves import Move
from .greedy import WIN
from .lookahead import Lookahead
from .sim import to_code, to_move

MARKS = 3
"""How many of a seat's largest losses are marked."""
MARK_MIN = 1.0
"""The smallest loss (pagodas) that is marked."""
JUDGE = {"width": 0, "guard": 0, "shortlist": 8, "judge": 1.0}
"""The Son of Heaven's tuning that judges: its first stage alone (see above), with the
learned value at its fitted size (the level plays it at half: ``learned.JUDGE``)."""
INACCURACY, MISTAKE, BLUNDER = 0.5, 1.5, 3.0
"""The smallest loss (pagodas) of an inaccuracy, a mistake, a blunder."""
ACCURACY_SCALE = 3.0
"""A move's accuracy is ``100 * exp(-loss / ACCURACY_SCALE)`` per cent."""
DECIDED = 50.0
"""A value this far from zero holds a won or lost game, or the chance of one (a win
counts ``WIN``, 1000 pagodas; no placement gains 50)."""

Grade = Literal["best", "good", "inaccuracy", "mistake", "blunder"]


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
    lead: float = 0.0

    @property
    def loss(self) -> float:
        return round(self.best_value - self.played_value, 2)

    @property
    def decisive(self) -> bool:
        """A won game missed or a lost one allowed (or the chance of either)."""
        return self.loss > 0 and (self.best_value >= DECIDED
                                  or self.played_value <= -DECIDED)

    @property
    def grade(self) -> Grade:
        loss = self.loss
        if loss <= 0:
            return "best"
        if self.decisive or loss >= BLUNDER:
            return "blunder"
        if loss >= MISTAKE:
            return "mistake"
        return "inaccuracy" if loss >= INACCURACY else "good"

    @property
    def accuracy(self) -> float:
        """This move's accuracy in per cent."""
        if self.decisive:
            return 0.0
        return 100.0 * math.exp(-max(0.0, self.loss) / ACCURACY_SCALE)

    @property
    def standing(self) -> float:
        """The mover's standing after the move, as the judge sees it: pagodas ahead of
        the others' average on the board, plus what the move played is worth (a won or
        lost game held at ``DECIDED``)."""
        value = max(-DECIDED, min(DECIDED, self.played_value))
        return round(self.lead + value, 2)

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "loss": self.loss}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reviewed:
        """Read ``to_dict``'s output; ``ReviewError`` quotes a missing or mistyped field."""
        if not isinstance(data, Mapping):
            raise ReviewError(f"a reviewed move is an object, not {quote(data)}")

        def field(name: str, kind: type, default: Any = None) -> Any:
            value = data.get(name, default)
            if kind is float and type(value) is int:
                value = float(value)
            if type(value) is not kind or (isinstance(value, float)
                                           and not math.isfinite(value)):
                raise ReviewError(f"a reviewed move's {name!r} is not a {kind.__name__}: "
                                  f"{quote(value)}")
            return value

        return cls(field("ply", int), field("seat", int), field("played", str),
                   field("best", str), field("played_value", float),
                   field("best_value", float), field("marked", bool, False),
                   field("lead", float, 0.0))


@dataclass(frozen=True)
class Review:
    """A whole review: the moves in game order, the largest losses marked."""

    moves: tuple[Reviewed, ...]

    @property
    def marked(self) -> tuple[Reviewed, ...]:
        return tuple(m for m in self.moves if m.marked)

    def to_dict(self) -> dict[str, Any]:
        return {"moves": [m.to_dict() for m in self.moves]}


def accuracy(moves: Iterable[Reviewed]) -> float | None:
    """The average accuracy (per cent) of ``moves`` (passes left out; ``None``: none)."""
    judged = [m.accuracy for m in moves if m.played != "pass"]
    return sum(judged) / len(judged) if judged else None


def counts(moves: Iterable[Reviewed]) -> dict[Grade, int]:
    """How many of ``moves`` are of each grade."""
    out: dict[Grade, int] = dict.fromkeys(("best", "good", "inaccuracy", "mistake",
                                           "blunder"), 0)
    for m in moves:
        if m.played != "pass":
            out[m.grade] += 1
    return out


def judge() -> Lookahead:
    """The review's judge: the Son of Heaven's first stage (``JUDGE``)."""
    from .learned import Learned

    return Learned.son_of_heaven(tuning=JUDGE)


class ReviewError(QinError):
    """A move or a view that cannot be reviewed; the message quotes it."""


def evaluate(view: Game, played: Move | str, seed: int = 0, ply: int = 0) -> Reviewed:
    """The move ``played`` judged in ``view`` (the mover's own view, before the move)
    against the judge's best move there."""
    move = played if isinstance(played, Move) else Move.parse(played)
    if not view.seat or view.seat != view.to_move:
        raise ReviewError("a move is reviewed in its mover's own view (game.view(seat))")
    seat = view.to_move
    others = [view.on_board(p) for p in range(1, view.players + 1) if p != seat]
    lead = round(view.on_board(seat) - sum(others) / max(1, len(others)), 2)
    if move.is_pass:  # passing is only legal when no tile fits (Q10): nothing to judge
        return Reviewed(ply, seat, move.text, move.text, 0.0, 0.0, lead=lead)
    if move not in view.legal_moves():
        raise ReviewError(f"{move.text} is not a legal move of player {seat} here")
    public = " ".join(m.text for m in view.moves)
    rng = random.Random(f"qin.review/{seed}/{view.to_position()}/{public}")
    geo = view.board.geo
    try:
        code = to_code(geo, move)
    except KeyError:  # a move the simulator's board cannot hold
        raise ReviewError(f"{move.text} is not a move on this board") from None
    own, ranked = judge().values(view, rng, code)

    def rounded(v: float) -> float:  # sums in another order agree
        return v if v >= WIN or v <= -WIN else round(v, 6)

    played_value = rounded(own)
    best_code, best_value = code, played_value
    for c, v in ranked:
        if rounded(v) > best_value:
            best_code, best_value = c, rounded(v)
    return Reviewed(ply, seat, move.text, to_move(geo, best_code).text,
                    round(played_value, 2), round(best_value, 2), lead=lead)


def _game_of(record: Game | str | bytes | Mapping[str, Any]) -> tuple[Game, dict[str, Any]]:
    """The game of ``record`` (a record replayed: its moves checked), and its record."""
    if isinstance(record, Game):
        return record, record.record()
    data = record_format.check(record)
    return Game.from_record(data), data


def opening(record: Game | str | bytes | Mapping[str, Any]) -> tuple[Game, list[Move]]:
    """The game's first position, dealt again from its seed, and its moves (one replay:
    taking the moves back one by one would replay the game once per move)."""
    game, data = _game_of(record)
    return Game.from_record({**data, "moves": []}), list(game.moves)


def plies(record: Game | str | bytes | Mapping[str, Any],
          seats: Iterable[int] | None = None) -> list[int]:
    """The numbers of the moves a review of ``seats`` (default: every seat) looks at."""
    return plies_from(*opening(record), seats)


def plies_from(start: Game, moves: Sequence[Move], seats: Iterable[int] | None = None
               ) -> list[int]:
    """``plies`` from the game's first position and its moves (``opening``; ``start``
    is left as it is)."""
    game = start.clone()
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


__all__ = ["ACCURACY_SCALE", "BLUNDER", "DECIDED", "INACCURACY", "JUDGE", "MARKS",
           "MARK_MIN", "MISTAKE", "Grade", "Review", "Reviewed", "accuracy", "counts",
           "evaluate", "judge", "marked", "moves_of", "opening", "plies", "review"]
