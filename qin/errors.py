"""The engine's exceptions: all are ``ValueError`` subclasses that quote the bad input."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


class QinError(ValueError):
    """Base class of every error the engine raises for bad input."""


class MoveError(QinError):
    """Move text that is not a move (``Move.parse``)."""


class IllegalMove(QinError):
    """A well-formed move that the rules forbid here.

    ``code`` says which rule (``CODES``), ``params`` the JSON-ready facts it concerns
    (the ``move`` as text, squares, a colour letter, players as seat numbers, ``n``).
    ``message`` is the English catalogue's wording of both, quoting the move (``Game``
    words it with ``qin.messages.refusal_text``, which says it in other languages
    too; this module imports no other, so that the catalogue can use the errors).
    ``names`` are the players' names the engine had, for the message only.
    """

    CODES = ("not_adjacent", "village", "water", "start_territory", "covered", "outside",
             "same_square", "no_touch", "two_majors", "tie", "not_in_hand", "none_unseen",
             "pass_not_allowed", "game_over", "nothing_to_undo")

    def __init__(self, code: str, params: Mapping[str, Any] | None = None,
                 names: Sequence[str] = (), message: str = "") -> None:
        if code not in self.CODES:
            raise ValueError(f"unknown refusal code {code!r}")
        self.code = code
        self.params: dict[str, Any] = dict(params or {})
        self.names = tuple(names)
        super().__init__(message or f"{code} {self.params}")

    def to_dict(self) -> dict[str, Any]:
        """``{"code": ..., "params": {...}}``, JSON-ready (``refusal_text`` words it)."""
        return {"code": self.code, "params": dict(self.params)}

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.code, self.params, self.names, str(self)))


class CodedError(QinError):
    """An error whose English message comes with the check that raised it: ``code``
    (one of the subclass's ``CODES``; "invalid" when a caller gave none) and ``params``,
    the JSON-ready facts it concerns, which a catalogue words in any language.

    Facts are data, never English: an offending value (``value``, a record's ``move``
    and ``board``, each of a series' ``items``) is held as ``qin.inputs.shown`` holds
    it, ``{"text": ...}`` (escaped; cut, then "…", with its whole ``"length"``),
    ``{"digits": n}`` (a whole number too long to show) or ``{"data": ...}`` (another
    value as written); the English message says the same data (``qin.inputs.said``)."""

    CODES: tuple[str, ...] = ("invalid",)

    def __init__(self, message: str, code: str = "invalid",
                 params: Mapping[str, Any] | None = None) -> None:
        if code not in self.CODES:
            raise ValueError(f"unknown {type(self).__name__} code {code!r}")
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = dict(params or {})

    def to_dict(self) -> dict[str, Any]:
        """``{"code": ..., "params": {...}}``, JSON-ready."""
        return {"code": self.code, "params": dict(self.params)}

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.code, self.params))


class PositionError(CodedError):
    """Position text that is not a valid position (``qin.position``).

    The English message names the line and column and says what is wrong, quoting the
    offending text.  ``code`` says which check refused it (``CODES``; "invalid" when a
    caller gave none), ``params`` the JSON-ready facts: the ``line`` and ``column``, the
    offending ``value`` (as ``CodedError`` holds it), players, counts (``n``, ``most``),
    squares; ``qin.messages.position_error_text`` words both in any language the
    catalogue speaks.
    """

    CODES = ("invalid", "type", "large", "control", "header_twice", "header_after_grid",
             "no_grid", "row_length", "too_wide", "too_high", "header_value",
             "unknown_header", "square", "owner_player", "lone_owner", "second_owner",
             "no_owner", "too_many_pagodas", "two_winners", "hand_missing", "hand_tile",
             "hand_size", "hand_extra")


class RecordError(CodedError):
    """A game record (``qin-game/1``) or a game link that cannot be loaded or replayed.

    The message says what is wrong in English, quoting the offending text.  ``code``
    says which check refused it (``CODES``; "invalid" when a caller gave none),
    ``params`` the JSON-ready facts it concerns (a move's ``number`` and text as
    ``move``, a bad ``value``, as ``CodedError`` holds them; a ``field``'s name, a bad
    move's ``refusal`` as ``IllegalMove.to_dict()``); ``qin.messages.record_error_text``
    words both in any language the catalogue speaks.
    """

    CODES = ("invalid", "text", "type", "no_format", "not_record", "version",
             "unknown_field", "missing_field", "board", "players", "seed", "fair_start",
             "names_list", "names_count", "name_type", "name_empty", "name_long",
             "name_chars", "moves_list", "moves_many", "move_text", "per_seat",
             "seat_kind", "hint_count", "view", "no_seed", "not_dealt", "board_file",
             "setup", "after_end", "move", "move_unreadable", "link_board", "link_type",
             "link_long", "link_chars", "link_cut", "link_version", "link_damaged",
             "link_unknown", "link_name", "link_kind", "link_move", "link_moves",
             "link_number")


class SeriesError(CodedError):
    """A game that cannot join a series (``qin.series``), or series JSON that cannot be
    read.

    As ``RecordError``: the English message quotes the offending text; ``code`` says
    which check refused it (``CODES``), ``params`` the JSON-ready facts (a ``game``'s
    number in the series, ``names`` and the series' ``players`` as lists, a bad
    ``value`` and its names as ``items``, as ``CodedError`` holds them);
    ``qin.messages.series_error_text`` words both.
    """

    CODES = ("invalid", "text", "unfinished", "names", "same_names", "other_players",
             "not_series", "players_list", "games_list", "game_object", "game_names",
             "game_names_count", "game_same_names", "game_left", "game_winners")


class BoardError(QinError):
    """An unknown board name or an unreadable board file; ``position`` is the
    ``PositionError.to_dict()`` of a board that is not a valid position (else ``None``)."""

    position: dict[str, Any] | None = None


class ViewError(CodedError):
    """A player's view as data (``qin-view/1``) that cannot be rebuilt.

    As ``RecordError``: the English message quotes the offending value; ``code`` says
    which check refused it (``CODES``), ``params`` the JSON-ready facts (a bad
    ``value`` as ``CodedError`` holds it, the ``field`` it was in, numbers and bounds).
    A grid that is not a board carries the parser's refusal as ``params["position"]``
    (``position``): a ``PositionError.to_dict()`` whose ``line`` is the grid's row (no
    line and column when the parser refused the text as a whole), which
    ``qin.messages.position_error_text`` words in any language the catalogue speaks.
    No player reads these words: a view is the page's own data, sent to the computer
    players' worker, whose refusals go to the console.
    """

    CODES = ("invalid", "type", "not_view", "unknown_field", "missing_field", "players",
             "player", "board", "names_list", "name", "fair_start", "hand_list",
             "hand_tile", "hand_sizes", "own_hand_size", "sizes_without_hands", "pile",
             "moves_list", "move", "winners", "grid_list", "grid_row", "grid", "kind_count",
             "tile_count", "halves", "winner", "whole_game", "no_winners")

    @property
    def position(self) -> dict[str, Any] | None:
        """The parser's refusal of a grid that is not a board, else ``None``."""
        position = self.params.get("position")
        return position if isinstance(position, dict) else None


class HiddenInformation(QinError):
    """Asked a per-player view for something that seat cannot see."""


class SetupError(QinError):
    """Bad arguments for a new game (``Game.new``): players, seed or names."""
