"""The page's modes (derived from the application's state, never stored).

``state.mode_of(state)`` is the only place that decides the mode.  What each mode
accepts, and the handler each of its actions runs, is the table ``app.ROUTES``
(``app.ACCEPTS`` the names of each mode's table): anything else changes nothing (a key
that does not apply is at most announced).
"""

from __future__ import annotations

from enum import Enum


class Mode(Enum):
    START = "start"  # the start screen (a game may wait behind it)
    PLAYING = "playing"  # a human to move (or a finished game, its result closed)
    COVER = "cover"  # hot seat: the next human confirms they are at the screen
    THINKING = "thinking"  # a computer to move, a human at the table
    WATCHING = "watching"  # computers only: the game is watched at a chosen speed
    REPLAY = "replay"  # the game replayed move by move: the live game is untouched
    RESULT = "result"  # the result of a finished game
    SERIES = "series"  # the result of a game of an unfinished series: next game offered
    NOTICE = "notice"  # another tab's write or a pasted link waits for the player's choice
    REVIEW = "review"  # the replay with the review of the game beside it (running or done)
    TUTORIAL = "tutorial"  # "Learn to play": a step's position on the board
