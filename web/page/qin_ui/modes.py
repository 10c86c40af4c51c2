"""The page's modes, derived from the application's state, and what each accepts.

``state.mode_of(state)`` is the only place that decides the mode; it is never stored.
``ACCEPTS[mode]`` lists the action and command names the mode acts on: anything else
changes nothing (a key that does not apply is at most announced).
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


ALWAYS = frozenset({"boot", "language", "worker-ready", "timer", "computer-answer",
                    "hint-answer",
                    "speed", "copied", "pointer", "drag", "storage-changed",
                    "address-changed", "review-answer"})
"""What every mode takes: the page's own events (a timer acts only on its own turn)."""

LOOK = frozenset({"hover", "board-click", "cursor", "jump", "focus-log", "focus-board",
                  "escape"})
"""Looking at the board: the cursor, the pointer's info (a click places only on a
human's turn, with a tile picked), moving the focus."""

GAME_TOOLS = frozenset({"new-game", "export", "share", "link-copy", "link-play",
                        "replay-open"})
"""The game screen's tools around the board (they never change the game)."""

MOVES = frozenset({"select", "rotate", "place", "wheel", "pass", "undo", "result-show"})
"""What changes the game on screen (a human's turn)."""

HINTS = frozenset({"hint", "hint-take", "hint-dismiss"})
"""A human's turn: ask the strongest computer for a hint, take it or leave it."""

REPLAYING = frozenset({"replay-open", "replay-exit", "replay-step", "replay-back",
                       "replay-start", "replay-end", "replay-jump", "replay-play",
                       "focus-log", "focus-board", "new-game", "export", "share",
                       "link-copy"})

REVIEWING = frozenset({"review-cancel", "review-close", "review-jump", "review-open"})
"""The review beside the replay: cancel it, close it, jump to a reviewed move (where
the better move shows as a ghost tile), review again after a cancel."""

CHOICES = frozenset({"notice-newer", "notice-copy", "notice-link", "notice-keep"})
"""The notice's answers: show the newer game / go on as a copy; open the linked game /
keep this one."""

LESSON = frozenset({"tutorial-next", "tutorial-again", "tutorial-step", "tutorial-exit",
                    "tutorial-apprentice", "new-game"})
"""The tutorial's panel: the next step, the step again, a step of the list, leaving it
(also by New game), the first game against the Apprentice."""

ACCEPTS: dict[Mode, frozenset[str]] = {
    Mode.START: ALWAYS | {"setup-edit", "start", "back-to-game", "resume", "export-save",
                          "export-raw", "delete", "delete-finished", "undelete", "import",
                          "import-refused", "progress-export", "tutorial-open"},
    Mode.PLAYING: ALWAYS | LOOK | GAME_TOOLS | MOVES | HINTS,
    Mode.COVER: ALWAYS | {"cover-ok", "cover-undo", "new-game"},
    Mode.THINKING: ALWAYS | LOOK | GAME_TOOLS | {"undo"},
    Mode.WATCHING: ALWAYS | LOOK | GAME_TOOLS,
    Mode.REPLAY: ALWAYS | REPLAYING | {"review-open"},
    Mode.REVIEW: ALWAYS | REPLAYING | REVIEWING,
    Mode.RESULT: ALWAYS | {"result-close", "result-new", "review-open"},
    Mode.SERIES: ALWAYS | {"result-close", "result-new", "series-next", "review-open"},
    Mode.NOTICE: ALWAYS | (LOOK - {"board-click"}) | CHOICES | {"new-game", "export"},
    Mode.TUTORIAL: ALWAYS | LOOK | LESSON | {"select", "rotate", "place", "wheel", "pass"},
}
