"""The "Learn to play" tutorial's steps, as data (no DOM, no words).

Each step is a small position (a fragment of a board, in the notation of
``shared/spec/notation.md``) with fixed hands, so what the player can do is known, and
a goal over what the engine says: the kinds of event a move must cause (``events``),
or the refusal it must meet (``refused``, a ``qin.IllegalMove`` code: the step that
shows a refused tie).  The words are in the catalogue: ``tutorial.<id>.title``,
``.do`` (what to do), ``.hint`` (after two wrong tries) and ``.done``; a step whose
words speak of the input (clicking, the R key) has ``.do_touch`` / ``.hint_touch`` for a
touch screen.  The last step done, ``next_level`` names the game offered next.

``reached(step, events)`` and ``refusal_reached(step, code)`` check a try against the
goal; ``tests/test_tutorial.py`` checks every step against the engine: the goal is
reachable by a legal move and a wrong try is possible.

The progress (the ids of the steps done) is kept in the browser's storage under
``PROGRESS_KEY`` as a JSON list; ``read_progress`` ignores anything damaged.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import qin
from qin.errors import QinError
from qin.json_text import read_json

from . import players
from .progress import LEVEL_ORDER, Counted

PROGRESS_KEY = "qin.tutorial"
"""Storage key of the steps done (a JSON list of step ids)."""


@dataclass(frozen=True)
class Step:
    id: str
    position: str
    events: tuple[str, ...] = ()
    """Event kinds the move must cause (all of them)."""
    refused: str = ""
    """Or: the refusal code the try must meet (the move itself is never played)."""
    rule: str = ""
    """The rules reference's anchor of the step's rule."""
    squares: tuple[str, ...] = ()
    """And the squares the tile must cover (the step that turns the tile)."""
    pile: tuple[str, ...] = ()
    """The draw pile (a position holds none), drawn from its end (Q17)."""

    def game(self) -> qin.Game:
        game = qin.Game.from_position(self.position)
        if self.pile:
            game.pile = list(self.pile)
            game.pile_count = len(game.pile)
        return game


def _position(rows: str, hand: str, other: str = "YY") -> str:
    return f"players: 2\nhand-1: {hand}\nhand-2: {other}\n{rows}"


_LAST_PAGODA = """r1 r y1 y b1 b r1 r
y1 y b1 b r1 r y1 y
b1 b r1 r y1 y b1 b
r1 r y1 y b1 b r1 r
y1 y b1 b r1 r y1 y
b1 b r1 r y1 y . R
. . . . . . . .
"""
"""Green's 23 provinces hold 23 of its 24 pagodas (Q2): one more wins (Q16)."""

STEPS: tuple[Step, ...] = (
    Step("place", _position(". . . . . .\n. . . . . .\n. . R Y . .\n. . . . . .\n"
                            "v . . . . .\n", "RB"), events=("place",), rule="place"),
    Step("turn", _position(". . . . .\n. . . . .\n. . R . .\n. . . . .\n", "RB"),
         events=("place",), squares=("c1", "c2"), rule="place"),
    Step("hand", _position(". . . . .\n. . Y . .\n. . . . .\n", "YY BB RB"),
         events=("place",), rule="draw", pile=("RY",)),
    Step("found", _position(". . . . .\n. y r . .\n. . . . .\n. . . . .\n", "RY"),
         events=("found",), rule="found"),
    Step("expand", _position(". . . . . .\ny1 y . . . .\n. . . . . .\n", "YB", "RR"),
         events=("expand",), rule="expand"),
    Step("major", _position(". . . . . .\ny1 y y y . .\n. . . . . .\n", "RY", "RR"),
         events=("major",), rule="major"),
    Step("absorb", _position(". . . . . .\nr2 r . r1 r r\n. . . . . .\n", "RY"),
         events=("absorb",), rule="absorb"),
    Step("tie", _position(". . . . .\nr2 r . r1 r\n. . . . .\n", "RY"),
         refused="tie", rule="q9"),
    Step("village", _position(". . . .\nb . v .\n. . . .\n", "BB"), events=("village",),
         rule="villages"),
    Step("pass", _position("r1 r r r r . r2 r r r r\n~ ~ ~ ~ ~ . ~ ~ ~ ~ ~\n", "RR"),
         events=("pass",), rule="pass"),
    Step("win", _position(_LAST_PAGODA, "RB"), events=("win",), rule="end"),
    Step("end", _position("~ . . ~ ~\ny1 y v1 b2 b\n~ ~ ~ ~ ~\n", "YY", "BB"),
         events=("end",), rule="end"),
)
"""From placing a tile to winning: turning it, the hand of three and drawing, each way a
placement changes provinces (found, expand, major, absorb, the refused tie), villages,
passing, and both ends of a game (the last pagoda, Q16; nobody can place, Q18)."""

IDS = tuple(step.id for step in STEPS)


def step(step_id: str) -> Step:
    """The step ``step_id``; ``KeyError`` for an unknown id."""
    for s in STEPS:
        if s.id == step_id:
            return s
    raise KeyError(step_id)


def index(step_id: str) -> int:
    return IDS.index(step_id)


def reached(s: Step, events: Sequence[qin.Event]) -> bool:
    """Whether a move with these events reaches the step's goal."""
    kinds = {e.kind for e in events}
    covered = {q for e in events if e.kind == "place" for q in e.squares}
    return bool(s.events) and all(k in kinds for k in s.events) \
        and covered >= set(s.squares)


def refusal_reached(s: Step, code: str) -> bool:
    """Whether a refused try with this code reaches the step's goal."""
    return bool(s.refused) and code == s.refused


def read_progress(text: str | None) -> frozenset[str]:
    """The steps done, from the stored text; damaged or unknown data counts as none."""
    if not text:
        return frozenset()
    try:
        data = read_json(text)
    except QinError:  # damaged, deep or huge: counts as none
        return frozenset()
    if not isinstance(data, list):
        return frozenset()
    return frozenset(x for x in data if isinstance(x, str) and x in IDS)


def progress_text(done: Iterable[str]) -> str:
    return json.dumps([i for i in IDS if i in set(done)])


def parse_address(fragment: str) -> tuple[str | None, bool]:
    """What an address's fragment asks of the tutorial: ``(step id or None, ok)``.

    ``#learn`` opens the tutorial at the first step not done; ``#learn=<id>`` at that
    step.  ``(None, False)`` for ``#learn=`` with an unknown step (the tutorial opens
    at its first step and says so); ``(None, True)`` with ``ok`` for plain ``#learn``.
    """
    text = fragment.removeprefix("#")
    if text == "learn":
        return None, True
    if text.startswith("learn="):
        wanted = text[len("learn="):]
        return (wanted, True) if wanted in IDS else (None, False)
    return None, True


def next_level(games: Iterable[Counted]) -> str:
    """The level the finished tutorial offers: the weakest one not yet beaten in a
    two-player game (``games``: the progress record's), the strongest when all are."""
    beaten = {g.level for g in games if g.players == 2 and g.result in ("won", "shared")}
    offered = {k.level for k in players.offered()}
    levels = [lv for lv in LEVEL_ORDER if lv in offered]
    return next((lv for lv in levels if lv not in beaten), levels[-1])


def wants_tutorial(fragment: str) -> bool:
    text = fragment.removeprefix("#")
    return text == "learn" or text.startswith("learn=")
