"""Computer players for Qin, from the beginner to the strongest.

    import qin, qin.ai
    game = qin.Game.new(players=2, seed=7)
    bot = qin.ai.player("governor", seed=1)
    move = bot.choose(game.view(game.to_move))       # a qin.Move, legal in that view
    game.play(move)

A player is given only ``game.view(seat)``: its own hand, the board and the public
counts, never the other hands or the order of the pile.  Every decision is
reproducible: it depends on the player's seed and the view alone (not on earlier
calls), unless a time budget cuts a search short.

``LEVELS`` lists the four searching levels, weakest first, with display names and
descriptions; ``player(level, seed)`` builds one.  "random" and "greedy" are extra
reference players for tests and ``python -m qin.arena``; "heaven", the Son of Heaven
(the Emperor's search with an evaluation learned by self-play, ``qin.ai.learned``,
``SON_OF_HEAVEN``), plays in the arena and the ladder, gives the page's hints, judges its
review (``qin.ai.review``), and is offered on the page after the Emperor, as it is
measured stronger than the Emperor (bench/README.md).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ..errors import HiddenInformation
from ..game import Game
from ..moves import Move

if TYPE_CHECKING:
    from .learned import Weights

# The strategies (greedy, lookahead, mcts, sim) are imported when a player is built, so
# that ``LEVELS`` costs the page's start screen almost nothing.


@dataclass(frozen=True)
class Level:
    """One selectable level: its key, display name and a sentence for the player."""

    key: str
    name: str
    description: str


LEVELS: tuple[Level, ...] = (
    Level("apprentice", "Apprentice",
          "A beginner: places tiles where they fit and grabs an easy pagoda now and then."),
    Level("governor", "Governor",
          "Takes the best pagodas on offer each turn and watches your best reply."),
    Level("minister", "Minister",
          "Thinks a few turns ahead, imagining the tiles you might hold."),
    Level("emperor", "Emperor",
          "Searches deepest, weighing many possible futures before every move."),
)
"""The four levels, weakest first."""

EXTRA = ("random", "greedy", "heaven")
"""Players outside ``LEVELS``: two references, and the learned level (offered by the page
after them, ``SON_OF_HEAVEN``)."""

SON_OF_HEAVEN = Level(
    "heaven", "Son of Heaven",
    "Searches as deep as the Emperor, weighs more moves, and judges every position by "
    "what it learned playing against itself.")
"""The learned level's name and sentence, for the page to offer it after ``LEVELS``,
as it is measured stronger than the Emperor (the page's switch:
``qin_ui.players.OFFER_SON_OF_HEAVEN``)."""


class Strategy(Protocol):
    def choose_code(self, view: Game, rng: random.Random,
                    budget_s: float | None) -> int: ...


def _strategy(level: str, iterations: int | None, weights: Weights | None = None
              ) -> Strategy:
    level, _, extra = level.partition(":")  # "emperor:width=8,replies=2" for tuning
    tuning = {k: float(v) for k, v in (kv.split("=") for kv in extra.split(",") if kv)}
    if weights is not None and level != "heaven":
        raise ValueError(f"the level {level!r} takes no learned weights")
    if tuning and level not in ("governor", "minister", "emperor", "heaven", "mcts"):
        raise ValueError(f"the level {level!r} takes no tuning parameters")
    from .greedy import Apprentice, Governor, Greedy, RandomMover
    from .lookahead import Lookahead, int_options
    from .mcts import Search

    if level == "random":
        return RandomMover()
    if level == "greedy":
        return Greedy()
    if level == "apprentice":
        return Apprentice()
    if level == "governor":
        return Governor(**int_options(tuning))  # type: ignore[arg-type]
    if level == "minister":
        return Lookahead.minister(iterations, **tuning)
    if level == "emperor":
        return Lookahead.emperor(iterations, **tuning)
    if level == "heaven":
        from .learned import Learned

        return Learned.son_of_heaven(iterations, tuning, weights)
    if level == "mcts":  # the earlier tree search (qin.ai.mcts), kept for comparison
        return Search.minister(iterations, **tuning)
    known = ", ".join([lv.key for lv in LEVELS] + list(EXTRA))
    raise ValueError(f"unknown level {level!r} (the levels are: {known})")


class Player:
    """A computer player of one level.  ``choose(view)`` returns a legal ``Move``."""

    def __init__(self, level: str, seed: int = 0, iterations: int | None = None,
                 budget_s: float | None = None, weights: Weights | None = None) -> None:
        self.level = level.lower()
        self.seed = seed
        self.budget_s = budget_s
        self.strategy = _strategy(self.level, iterations, weights)
        self.last_time = 0.0  # seconds the last decision took (wall clock)
        self.last_cpu = 0.0  # ... and CPU seconds of this process
        self.moves = 0  # decisions made
        self.total_time = 0.0
        self.total_cpu = 0.0

    def rng_for(self, view: Game) -> random.Random:
        """The decision's random source: from the seed and what the view shows."""
        public = " ".join(m.text for m in view.moves)
        return random.Random(f"qin.ai/{self.level}/{self.seed}/{view.to_position()}/{public}")

    def choose(self, view: Game, budget_s: float | None = None) -> Move:
        """The move to play in ``view`` (the mover's own view, ``game.view(seat)``;
        a whole game is first reduced to the mover's view).

        ``budget_s`` (or the player's own ``budget_s``) caps the thinking time of the
        searching levels; without one they run their fixed number of iterations, so
        the decision is reproducible.
        """
        if view.is_over:
            raise ValueError("the game is over: there is no move to choose")
        if not view.seat:  # given the whole game: look only at what the mover may see
            view = view.view(view.to_move)
        if view.seat != view.to_move:
            raise HiddenInformation(f"this view belongs to player {view.seat}, but player "
                                    f"{view.to_move} is to move")
        start, cpu = time.perf_counter(), _cpu_seconds()
        legal = view.legal_moves()
        if len(legal) == 1:
            move = legal[0]
        else:
            budget = budget_s if budget_s is not None else self.budget_s
            code = self.strategy.choose_code(view, self.rng_for(view), budget)
            from .sim import to_move

            move = to_move(view.board.geo, code)
        self.last_time = time.perf_counter() - start
        self.last_cpu = max(0.0, _cpu_seconds() - cpu)
        self.total_time += self.last_time
        self.total_cpu += self.last_cpu
        self.moves += 1
        return move


def _cpu_seconds() -> float:
    """This process's CPU seconds, or 0.0 where the platform cannot say.

    Under Pyodide the process clock is a 32-bit count of microseconds since the page
    started: after about 36 minutes ``time.process_time()`` raises ``OSError``. The CPU
    figure is only reported (``last_cpu``), so a computer player decides without it.
    """
    try:
        return time.process_time()
    except OSError:
        return 0.0


def player(level: str, seed: int = 0, *, iterations: int | None = None,
           budget_s: float | None = None, weights: Weights | None = None) -> Player:
    """A player of ``level`` ("apprentice", "governor", "minister", "emperor", the
    learned "heaven", or the reference players "random" and "greedy"), seeded for
    reproducible play.

    ``iterations`` overrides a searching level's iteration count; ``budget_s`` sets a
    default time cap per move (seconds); ``weights`` (``qin.ai.learned.read_weights``)
    replaces the shipped learned weights of "heaven" (to measure a candidate)."""
    return Player(level, seed, iterations, budget_s, weights)


__all__ = ["EXTRA", "LEVELS", "SON_OF_HEAVEN", "Level", "Player", "player"]
