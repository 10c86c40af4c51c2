"""The last table started: the start screen's choices of the last game started from it,
kept in the browser (``KEY``) and offered again at the next visit (no DOM).

A player who comes back expects their usual table (the number of players, who plays each
seat and at which level, the names, the board side, fair start, hints, the series), as
Board Game Arena's table options and lichess's "play with the computer" keep theirs.  What
is kept is the table of the last game *started* (``Core.start``), not each change on the
way: a choice tried and left is not a table anyone played.  The seed is not kept (a new
game deals afresh unless a seed is typed again, as on the way back from a game).

The stored text is read with the engine's own rules: a value of the wrong type, a level
the page does not know, a name the engine refuses (``qin.inputs.name_problem``) or the
start screen refuses (``setup.problems``), a table ``qin.Game.new`` refuses, or text that
is not such JSON gives ``None`` (the start screen's defaults), and is left as it is until
the next game started replaces it.  A storage that refuses the write costs nothing else.
Two tabs do not fight: each writes only when a game is started there (the last start
wins).

A seat named after its colour is kept without a name (``null``): it is named after its
colour in the language of the next visit.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from typing import Any, Final

import qin
from qin.errors import QinError
from qin.inputs import name_problem
from qin.json_text import read_json
from qin.messages import is_colour_name

from . import players
from .saves import Storage
from .seriesplan import PLANS
from .setup import COLOURS, Seat, Settings, colour_label, opening, problems

KEY: Final = "qin.table"
"""Storage key: the last table started (``text_of``)."""
FORMAT: Final = "qin-table/1"
MAX_TEXT: Final = 4_000
"""The longest stored text read (a table of four seats is some 400 characters)."""


@dataclass(frozen=True)
class Table:
    """A start screen's choices: the seats, board side, fair start, hints (``settings``,
    no seed) and the series plan."""

    settings: Settings
    plan: str = "single"

    @property
    def is_opening(self) -> bool:
        """Whether it is the start screen of a first visit (nothing to restore)."""
        return self.settings == opening() and self.plan == "single"


def text_of(settings: Settings, plan: str) -> str:
    """The stored text of a table (names stripped as the game has them)."""
    seats = [{"name": None if is_colour_name(seat.name.strip(), seat.colour)
              else seat.name.strip(), "colour": seat.colour, "kind": seat.kind}
             for seat in settings.seats]
    return json.dumps({"format": FORMAT, "seats": seats, "board": settings.board,
                       "fair_start": settings.fair_start, "hints": settings.hints,
                       "plan": plan}, ensure_ascii=False, separators=(",", ":"))


def _seat(value: object, number: int) -> Seat | None:
    if not isinstance(value, dict):
        return None
    name, colour, kind = value.get("name"), value.get("colour"), value.get("kind")
    if not isinstance(colour, str) or colour not in COLOURS \
            or not isinstance(kind, str) or kind not in players.KINDS:
        return None
    if name is None:
        return Seat(colour_label(colour), colour, kind)
    if name_problem(name, number) is not None:  # the engine's rule (text, length, controls)
        return None
    assert isinstance(name, str)
    return Seat(name, colour, kind)


def read(text: object) -> Table | None:
    """The table a stored text describes, or ``None`` if anything in it is refused."""
    if not isinstance(text, str) or not text:
        return None
    try:
        data: Any = read_json(text, MAX_TEXT)
    except QinError:
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    seats_data, board = data.get("seats"), data.get("board")
    fair, hints, plan = data.get("fair_start"), data.get("hints"), data.get("plan")
    if not isinstance(seats_data, list) or not 2 <= len(seats_data) <= 4 \
            or not isinstance(board, str) or not isinstance(fair, bool) \
            or not isinstance(hints, bool) or not isinstance(plan, str) or plan not in PLANS:
        return None
    seats = [_seat(value, number) for number, value in enumerate(seats_data, 1)]
    if any(seat is None for seat in seats):
        return None
    settings = Settings(tuple(s for s in seats if s is not None), board, fair, None, hints)
    if problems(settings):
        return None
    try:  # the engine's own word on the table (players on that board, names)
        qin.Game.new(board=board, players=settings.players, fair_start=fair,
                     names=[s.name.strip() for s in settings.seats])
    except (QinError, ValueError):
        return None
    return Table(settings, plan)


def load(storage: Storage) -> Table | None:
    """The last table started, as stored, or ``None`` (none, refused, storage off)."""
    text = None
    with contextlib.suppress(Exception):
        text = storage.get(KEY)
    return read(text)


def keep(storage: Storage, settings: Settings, plan: str) -> None:
    """A game was started with these choices: kept for the next visit (a storage that
    refuses it: the start goes on)."""
    with contextlib.suppress(Exception):
        storage.set(KEY, text_of(settings, plan))
