"""The record of a game on screen, and the error of anything kept or read (no DOM here).

``record_of`` makes a game's ``qin-game/1`` record from the moves it holds: the save
(``saves``) and the link (``links``) both start from it.  ``SaveError`` is a save,
import, link or storage operation that failed; its message is for the player.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import qin
from qin import records
from qin.boards import NAMES as BOARD_NAMES

from .i18n import WordedError, words


class SaveError(WordedError):
    """A save, import or storage operation that failed; its reason says why (worded
    when shown: ``WordedError``)."""


def record_of(game: qin.Game, hints: Iterable[int] = ()) -> dict[str, Any]:
    """The ``qin-game/1`` record of a game on screen, made from the moves it holds (and
    ``hints``, the hints asked per seat, when any was): no move is played again
    (``qin.records.record_of`` replays the game to prove that its tiles are its
    seed's; the page's games are dealt by ``Game.new`` and replayed from records, so
    they are)."""
    if game.seat:
        raise SaveError(words("saves.error.view"))
    if game.seed is None:
        raise SaveError(words("saves.error.no_seed"))
    if game.board_name not in BOARD_NAMES:
        raise SaveError(words("saves.error.board"))
    record = {"format": records.FORMAT, "board": game.board_name, "players": game.players,
              "seed": game.seed, "fair_start": bool(game.fair_start),
              "names": list(game.names), "moves": [str(m) for m in game.moves]}
    counts = list(hints)
    if any(counts):
        record["hints"] = counts
    return record
