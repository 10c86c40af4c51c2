"""The engine's exceptions: all are ``ValueError`` subclasses that quote the bad input."""

from __future__ import annotations


class QinError(ValueError):
    """Base class of every error the engine raises for bad input."""


class MoveError(QinError):
    """Move text that is not a move (``Move.parse``)."""


class PositionError(QinError):
    """Position text that is not a valid position; the message names line and column."""


class IllegalMove(QinError):
    """A well-formed move that the rules forbid here; the message says which rule."""


class RecordError(QinError):
    """A game record (``qin-game/1``) that cannot be loaded or replayed."""


class BoardError(QinError):
    """An unknown board name or an unreadable board file."""


class HiddenInformation(QinError):
    """Asked a per-player view for something that seat cannot see."""


class SetupError(QinError):
    """Bad arguments for a new game (``Game.new``): players, seed or names."""
