"""Game records ``qin-game/1`` (spec/notation.md, "Game records") and play-by-link codes.

A record is JSON::

    {"format": "qin-game/1", "board": "bird", "players": 2, "seed": 7,
     "fair_start": false, "names": ["Green", "White"], "moves": ["Rc4Yd4", "pass"]}

It replays exactly because the tile draws come from the seed (Q3).  ``load`` refuses,
with a ``RecordError`` that says what and where, anything that does not replay.

A *link code* (``to_url`` / ``from_url``) packs the same record into a short base64url
token for play-by-link; see ``qin.record_format.link_code`` for the byte layout.

The record as data (reading and checking it, the link code's bytes) is
``qin.record_format``, which ``Game`` builds on; this module adds what takes or gives
a ``Game`` and is the one to import.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .errors import RecordError
from .game import Game
from .inputs import MAX_NAME
from .record_format import (
    FORMAT,
    KEYS,
    MAX_MOVES,
    MAX_SEED,
    URL_VERSION,
    Played,
    check,
    checked,
    link_code,
    move_reason,
    parse,
    record_from_url,
)

__all__ = ["FORMAT", "KEYS", "MAX_MOVES", "MAX_NAME", "MAX_SEED", "URL_VERSION", "Played",
           "RecordError", "check", "checked", "dumps", "from_url", "link_code", "load",
           "move_reason", "parse", "record_from_url", "record_of", "replay", "to_url"]


def record_of(game: Game) -> dict[str, Any]:
    """The ``qin-game/1`` record of a game made by ``Game.new`` (and played on).

    Raises ``RecordError`` for a game that has no seed (one loaded from a position: its
    tiles do not come from a seeded deal), for a player's view, and for a game whose
    hands are not those of its seed (e.g. one made by ``Game.sample``).
    """
    return game.record()


def dumps(game: Game, indent: int | None = None) -> str:
    """The record of ``game`` as JSON text (keys in the order of spec/notation.md)."""
    return json.dumps(game.record(), indent=indent, ensure_ascii=False)


def load(data: str | bytes | Mapping[str, Any]) -> Game:
    """Replay a record (JSON text, UTF-8 bytes or an already parsed dict) into a ``Game``.

    Raises ``RecordError`` naming what is wrong: JSON syntax (line and column), the
    format, the board, players, seed, names, or the first bad move (its number, its
    text and the engine's reason).
    """
    return Game.from_record(data)


def replay(data: str | bytes | Mapping[str, Any]) -> tuple[Game, list[Played]]:
    """Like ``load``, and also each move's ``(text, player, events)`` in order."""
    log: list[Played] = []
    game = Game.from_record(data, log)
    return game, log


def to_url(game_or_record: Game | str | bytes | Mapping[str, Any]) -> str:
    """A short URL-safe code (base64url, no padding) for a game on a shipped board
    (``qin.record_format.link_code`` has the byte layout).  A record (dict or JSON) is
    replayed first, so only valid games get a code."""
    if isinstance(game_or_record, Game):
        record = game_or_record.record()
    else:
        record = check(game_or_record)
        Game.from_record(record)
    return link_code(record)


def from_url(text: str) -> Game:
    """The game a link code (``to_url``) holds, replayed; raises ``RecordError``."""
    return Game.from_record(record_from_url(text))

