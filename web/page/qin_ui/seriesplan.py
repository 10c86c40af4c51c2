"""A series of games (Q19) as the page plays it: which boards, the games finished so far,
running totals of pagodas left over, and the series winner (no DOM here).

The state is a plain dict kept in each game's save (``to_dict`` / ``from_dict``), so a
series survives closing the tab like the game does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import qin
from qin.errors import QinError
from qin.series import Series

from .i18n import WordedError, join, t, words

PLANS: Final = {
    "single": ("One game", ()),
    "sides": ("A series: one game on each board side", ("bird", "lion")),
    "four": ("A series of four games, alternating board sides", ("bird", "lion", "bird",
                                                                  "lion")),
}
"""Setup choices: key -> (English label, boards in order; () for a single game); the
page shows ``plan_label(key)``, in its language."""


def plan_label(plan: str) -> str:
    return t(f"series.plan.{plan}")


class SeriesPlanError(WordedError):
    """A series state that cannot be read, or a game that cannot count in it; its note
    says why (``WordedError``)."""


@dataclass
class SeriesState:
    """The series being played.  Each finished game is replayed at most once, when it is
    read (``from_dict``); the totals and the winners come from the engine's ``Series``
    kept beside the records, which ``add`` extends without replaying anything."""

    plan: str
    boards: tuple[str, ...]
    games: list[dict[str, Any]] = field(default_factory=list)
    """The finished games' qin-game/1 records, in order."""
    scored: Series = field(default_factory=Series, compare=False, repr=False)
    """The same games scored (Q19), built as they are added."""

    @classmethod
    def new(cls, plan: str, first: str | None = None) -> SeriesState | None:
        """A new series (``None`` for a single game); ``first``: the board side chosen
        for the first game (the plan's sides are swapped to start with it)."""
        if plan not in PLANS:
            raise SeriesPlanError(words("series.error.unknown", plan=str(plan)[:40]))
        boards = PLANS[plan][1]
        if first is not None and boards and boards[0] != first and first in boards:
            other = boards[0]
            boards = tuple(first if b == other else other if b == first else b
                           for b in boards)
        return cls(plan, tuple(boards)) if boards else None

    @property
    def label(self) -> str:
        return plan_label(self.plan)

    @property
    def number(self) -> int:
        """The number of the game being played (1-based)."""
        return min(len(self.games) + 1, len(self.boards))

    @property
    def done(self) -> bool:
        return len(self.games) >= len(self.boards)

    @property
    def next_board(self) -> str | None:
        return None if self.done else self.boards[len(self.games)]

    def add(self, game: qin.Game) -> None:
        """Count a finished game (once: the same game again is ignored)."""
        moves = [str(m) for m in game.moves]
        if self.done or any(r["seed"] == game.seed and r["moves"] == moves
                            and r["names"] == list(game.names) for r in self.games):
            return
        self.count(game)

    def count(self, game: qin.Game | dict[str, Any]) -> None:
        """Score a game (a record is replayed, once) and keep its record; ``add`` first
        skips a game already counted."""
        try:
            entry = self.scored.add(game)
        except QinError as exc:
            raise SeriesPlanError(words("series.error.count", error=exc)) from None
        if entry.record is None:  # pragma: no cover - the page deals every game it plays
            raise SeriesPlanError(words("series.error.no_record"))
        self.games.append(entry.record)

    def totals(self) -> dict[str, int]:
        return self.scored.totals()

    def winners(self) -> list[str]:
        return self.scored.winners() if self.done else []

    def summary(self) -> str:
        """Where the series stands: the game being played or the games played, the
        running totals of pagodas left over, and at the end the series winner."""
        total = len(self.boards)
        if not self.games:
            return t("series.game", plan=self.label, n=self.number, total=total)
        totals = ", ".join(f"{n} {left}" for n, left in self.totals().items())
        if self.done:
            wins = self.winners()
            key = "series.won" if len(wins) == 1 else "series.shared"
            return t(key, plan=self.label, totals=totals, who=join(wins))
        return t("series.progress", plan=self.label, played=len(self.games), total=total,
                 totals=totals)

    def to_dict(self) -> dict[str, Any]:
        return {"plan": self.plan, "boards": list(self.boards), "games": list(self.games)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeriesState:
        if not isinstance(data, Mapping):
            raise SeriesPlanError(words("series.error.not_object"))
        plan, boards, games = data.get("plan"), data.get("boards"), data.get("games", [])
        if not isinstance(plan, str) or plan not in PLANS:
            raise SeriesPlanError(words("series.error.unknown", plan=str(plan)[:40]))
        if not isinstance(boards, list) or not boards or \
                not all(isinstance(b, str) for b in boards):
            raise SeriesPlanError(words("series.error.boards"))
        if not isinstance(games, list) or len(games) > len(boards):
            raise SeriesPlanError(words("series.error.games"))
        state = cls(plan, tuple(boards))
        for number, record in enumerate(games, start=1):  # each replayed once, here
            if not isinstance(record, dict):
                raise SeriesPlanError(words("series.error.not_record", n=number))
            if record in state.games or state.done:
                continue
            try:
                state.count(record)
            except (QinError, ValueError) as exc:
                raise SeriesPlanError(words("series.error.game", n=number, error=exc)) from None
        return state
