"""The record of a game on screen, and the error of anything kept or read (no DOM here).

``record_of`` is a game's ``qin-game/1`` record as the engine writes it
(``qin.Game.record``), with what only the page knows added: the hints asked per seat.
The save (``saves``), the exported file (``play``) and the link (``links``) all start
from it.  ``SaveError`` is a save, import, link or storage operation that failed; its
message is for the player.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeAlias

import qin
from qin.boards import NAMES as BOARD_NAMES

from .i18n import WordedError, reason, words

Recorder: TypeAlias = Callable[[], dict[str, Any]]
"""What writes the record of the game on screen when asked (``Session.record``: once for
each change of the game), for the save, the links and the export to take instead of
writing it again."""


class SaveError(WordedError):
    """A save, import or storage operation that failed; its reason says why (worded
    when shown: ``WordedError``)."""


def record_of(game: qin.Game, hints: Iterable[int] = ()) -> dict[str, Any]:
    """The engine's record of ``game`` (``qin.Game.record``: proved to replay to it, by
    playing only the moves made since its last record), and ``hints``, the hints asked
    per seat, when any was.  ``SaveError`` with the engine's reason for a game that has
    no record (a player's view, a game set up from a position, a game whose tiles are
    not its seed's), and for a game on a board other than the page's two sides."""
    try:
        record = game.record()
    except qin.RecordError as exc:
        raise SaveError(reason(exc)) from None
    if game.board_name not in BOARD_NAMES:
        raise SaveError(words("saves.error.board"))
    counts = list(hints)
    if any(counts):
        record["hints"] = counts
    return record
