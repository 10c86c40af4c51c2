"""The engine's exceptions: all are ``ValueError`` subclasses that quote the bad input."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


class QinError(ValueError):
    """Base class of every error the engine raises for bad input."""


class MoveError(QinError):
    """Move text that is not a move (``Move.parse``)."""


class PositionError(QinError):
    """Position text that is not a valid position; the message names line and column."""


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


class RecordError(QinError):
    """A game record (``qin-game/1``) that cannot be loaded or replayed."""


class BoardError(QinError):
    """An unknown board name or an unreadable board file."""


class ViewError(QinError):
    """A player's view as data (``qin-view/1``) that cannot be rebuilt."""


class HiddenInformation(QinError):
    """Asked a per-player view for something that seat cannot see."""


class SetupError(QinError):
    """Bad arguments for a new game (``Game.new``): players, seed or names."""
