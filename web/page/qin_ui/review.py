"""The review of a game on the page: one move at a time through the worker (no DOM).

    run = ReviewRun.start(token, record, seats)   # the moves of ``seats`` to judge
    request = run.next_request()                  # an ai_bridge review request, or None
    run.answered(text)                            # the worker's JSON for that move
    run.status, run.done, run.total, run.result   # progress; the marked review at the end

The engine judges each move in its mover's view (``qin.ai.review``); the page asks for
one move at a time and sends the next request when the answer is in, so a cancel stops
the work between two moves (nothing more is asked; the answer under way is dropped).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

import qin

from .ai_bridge import review_request_for
from .i18n import t
from .wording import describe

if TYPE_CHECKING:  # the engine's review (and its players) load with the first review
    from qin.ai.review import Review, Reviewed

SEED = 0
"""The review's seed (ties between equally valued moves): fixed, so a game's review is
the same every time."""
DECIDED = 50.0
"""A value this far from zero holds a won or lost game, or the chance of one (the
evaluation counts a win as 1000 pagodas, ``qin.ai.greedy.WIN``, and a reply that may
win by its chance; no placement gains 50 pagodas): said in words."""


@dataclass
class ReviewRun:
    """A review under way or done: ``status`` "running", "done", "cancelled" or
    "failed"; ``asked`` is the ply whose answer is awaited."""

    token: int
    record: dict[str, Any]
    plies: list[int]
    moves: list[str]
    game: qin.Game
    done: list[Reviewed] = field(default_factory=list)
    status: str = "running"
    asked: int | None = None
    result: Review | None = None
    at: int | None = None  # the reviewed move the replay was jumped to

    @classmethod
    def start(cls, token: int, record: Mapping[str, Any],
              seats: Iterable[int] | None = None) -> ReviewRun:
        from qin.ai.review import opening, plies

        game, played = opening(record)
        return cls(token, dict(record), plies(record, seats), [m.text for m in played], game)

    @property
    def total(self) -> int:
        return len(self.plies)

    def next_request(self) -> str | None:
        """The request for the next move to judge (``None``: all judged, or stopped)."""
        if self.status != "running":
            return None
        if len(self.done) >= self.total:
            from qin.ai.review import marked

            self.result = marked(self.done)
            self.status = "done"
            return None
        ply = self.plies[len(self.done)]
        while len(self.game.moves) < ply - 1:
            self.game.play(self.moves[len(self.game.moves)])
        self.asked = ply
        return review_request_for(self.game, self.moves[ply - 1], ply, SEED)

    def answered(self, text: str) -> bool:
        """Take the worker's answer for the move asked; ``False`` if it is not one."""
        if self.status != "running" or self.asked is None:
            return False
        from qin.ai.review import Reviewed

        try:
            got = Reviewed.from_dict(json.loads(text))
        except (ValueError, KeyError, TypeError):
            self.status = "failed"
            return False
        if got.ply != self.asked:
            return False
        self.done.append(got)
        self.asked = None
        return True

    def cancel(self) -> None:
        if self.status == "running":
            self.status = "cancelled"
            self.asked = None

    def entry(self, ply: int) -> Reviewed | None:
        moves = self.result.moves if self.result is not None else self.done
        return next((m for m in moves if m.ply == ply), None)


def figure(value: float) -> str:
    """A value in pagodas, or words for a won or lost game."""
    if value >= DECIDED:
        return t("review.wins")
    if value <= -DECIDED:
        return t("review.loses")
    return t("review.pagodas", n=f"{value:+.1f}")


def loss_text(m: Reviewed) -> str:
    if m.loss <= 0:
        return t("review.best")
    if m.best_value >= DECIDED or m.played_value <= -DECIDED:
        return t("review.decisive")
    return t("review.loss", n=f"{m.loss:.1f}")


def list_html(run: ReviewRun, names: list[str]) -> str:
    """Every reviewed move: its number, player, move played and best, the loss; the
    marked ones flagged; each a button that jumps the replay there."""
    moves = run.result.moves if run.result is not None else tuple(run.done)
    rows = []
    for m in moves:
        attrs = f' data-ply="{m.ply}" data-loss="{m.loss:.2f}"'
        if m.marked:
            attrs += ' data-marked="1"'
        if run.at == m.ply:
            attrs += ' aria-current="true"'
        who = names[m.seat - 1] if 0 < m.seat <= len(names) else str(m.seat)
        text = t("review.row", n=m.ply, who=who, played=m.played, best=m.best,
                 loss=loss_text(m))
        mark = ('<span class="review-mark" aria-hidden="true">★</span> <span class="sr-only">'
                f'{escape(t("review.marked"))}</span> ') if m.marked else ""
        rows.append(f'<li><button type="button" class="review-jump"{attrs}>{mark}'
                    f'{escape(text)}</button></li>')
    return f'<ol class="review-moves">{"".join(rows)}</ol>'


def detail_text(run: ReviewRun, game: qin.Game) -> str:
    """The move jumped to: what was played, the better move and what it would do
    (``game``: the replay's game before that move)."""
    m = run.entry(run.at) if run.at is not None else None
    if m is None:
        return ""
    words = t("review.detail", n=m.ply, played=m.played, played_value=figure(m.played_value),
              best=m.best, best_value=figure(m.best_value))
    if m.best != m.played and m.best != "pass":
        try:
            events = game.preview(m.best)
        except qin.QinError:
            events = []
        lines = [describe(e, game.names) for e in events]
        if lines:
            words += " " + " ".join(lines)
    return words
