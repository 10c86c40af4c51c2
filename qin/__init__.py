"""Qin: a pure-Python rules engine for Reiner Knizia's board game (2012).

    import qin
    g = qin.Game.new(board="bird", players=2, seed=7)
    g.play(g.legal_moves()[0])

See spec/notation.md for the formats and the interface.
"""

from . import messages
from .errors import (
    BoardError,
    HiddenInformation,
    IllegalMove,
    MoveError,
    PositionError,
    QinError,
    RecordError,
    SetupError,
    ViewError,
)
from .events import Event
from .game import Game
from .messages import LanguageError
from .moves import PASS, Move

__version__ = "0.1.0"

__all__ = [
    "PASS",
    "BoardError",
    "Event",
    "Game",
    "HiddenInformation",
    "IllegalMove",
    "LanguageError",
    "Move",
    "MoveError",
    "PositionError",
    "QinError",
    "RecordError",
    "SetupError",
    "ViewError",
    "__version__",
    "messages",
]
