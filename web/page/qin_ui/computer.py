"""Computer turns on the page: pacing, the watch mode's speed, what the status says
(pure Python, no DOM; the application (``app.py``) paces the turns with these, the
page's shell (``shell.js``) asks the worker).

A computer's move is asked of the worker with ``ask(session)`` (an ``ai_bridge``
request) and played with ``accept(session, request, text)`` only if the game still
stands where it was asked (an undo or a new game in between makes the answer stale).

Pacing: against a human, a computer answers after a short beat (``BEAT_MS``) plus its
thinking, which the status shows for at least ``MIN_THINK_MS`` (a quick decision is
held back that long, so a human sees who is moving before the tile drops in).  A game
of computers only is *watched*: a speed control sets the pause before each move
(``SPEEDS``), or pauses the game.
"""

from __future__ import annotations

import qin

from . import players, wording
from .ai_bridge import request_for
from .i18n import t
from .session import NOTHING, Session

SPEEDS: dict[str, int | None] = {"pause": None, "slow": 1500, "normal": 600, "fast": 0}
"""Watch mode: milliseconds before each computer move (``None``: paused)."""
DEFAULT_SPEED = "normal"
BEAT_MS = 250
"""Against a human: the pause before a computer starts thinking, so its move does not
land in the same instant as the human's."""
MIN_THINK_MS = 900
"""Against a human: the least time "... is thinking" shows before the move lands."""


def min_think_ms(session: Session) -> int:
    """How long the computer's thinking shows at least (0 when only computers play:
    the watch mode's speed paces those games)."""
    return MIN_THINK_MS if session.humans() else 0


def has_computers(session: Session | None) -> bool:
    return session is not None and any(k.level for k in session.kinds)


def watching(session: Session) -> bool:
    """A game of computers only: the page shows the speed control."""
    return not session.humans()


def delay_ms(session: Session, speed: str) -> int | None:
    """Milliseconds to wait before the computer to move starts; ``None``: paused."""
    if not watching(session):
        return BEAT_MS
    return SPEEDS.get(speed, SPEEDS[DEFAULT_SPEED])


def level_of(session: Session, player: int) -> str:
    return session.kinds[player - 1].level


def ask(session: Session) -> str | None:
    """The request for the computer to move (``None`` when no computer is to move or
    its kind has no level, e.g. a test's robot: ``Session.computer_move`` plays it)."""
    if not session.computer_to_move:
        return None
    level = level_of(session, session.to_move)
    if not level:
        return None
    return request_for(session.game, session.to_move, level)


def accept(session: Session, request: str, text: str) -> frozenset[str]:
    """Play the worker's answer ``text`` to ``request`` if the game still stands where
    it was asked; otherwise (stale, or not a legal move) change nothing."""
    if ask(session) != request:
        return NOTHING
    try:
        move = qin.Move.parse(text)
    except ValueError:
        return NOTHING
    if move not in session.game.legal_moves():
        return NOTHING
    return session.play(move)


def fallback_note(session: Session, moves: int, seat: int) -> tuple[str, str] | None:
    """The words that the computer in ``seat`` did not answer and the page played the
    Apprentice's move for it, while that move (the game's move number ``moves``) is the
    last one: (a few words, for the status before a brief one: a phone's two lines; the
    same in full, for its title), else None."""
    if len(session.game.moves) != moves:
        return None
    who = session.shown_names()[seat - 1]
    return (t("computer.fallback", who=who),
            t("computer.fallback.detail", who=who, level=players.name(session.kinds[seat - 1])))


def status(session: Session, worker: str, speed: str,
           without_worker: bool = False) -> tuple[str, str]:
    """(status line, state) while a computer is to move; state is ``"loading"`` (the
    worker is still starting), ``"paused"`` or ``"thinking"`` (also for a move the page
    plays without the worker, ``without_worker``: one that failed is not said to start)."""
    who = session.shown_names()[session.to_move - 1]
    name = players.name(session.kinds[session.to_move - 1])
    if watching(session) and SPEEDS.get(speed, 0) is None:
        return t("computer.paused", who=who, level=name), "paused"
    if worker not in ("ready", "failed") and not without_worker:
        return t("computer.starting", who=who, level=name), "loading"
    return wording.status(session), "thinking"
