"""What a move did, as motion and sound for the shell to play (no DOM, no words).

After a move the page's Python says *what* moved, as data, from the engine's events
and the pagodas on the board before and after it; the shell (``motion.js``,
``sound.js``) only plays it on the elements ``qin.svg`` drew:

- ``settle``: the placed tile (``move``: ``g.tile[data-move]``) settles onto its squares;
- ``travel``: a computer's tile comes from its player's seat (``seat``: the
  ``#players li[data-player]`` row) and settles, a little longer;
- ``rise``: a new pagoda (``player``, ``at``: ``g.pagoda[data-player][data-at]``)
  rises: a founded province, a second pagoda (major), a taken village;
- ``leave``: a pagoda that was on the board before the move (absorbed, or a village
  lost) leaves it: the shell keeps that element of the board it replaces;
- ``village``: a village (``at``) changes hands (``player``, ``from``: 0 when empty).

Each cue has ``ms`` (its length) and ``delay`` (after the move's first cue), scaled
by the player's pace (``PACES``; ``off``: no cue).  Sounds are names (``SOUNDS``) with
a delay.  Reduced motion is the shell's to honour: the system's setting can change
while the page is open.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

import qin
from qin.board import Board
from qin.svg import seat_square

PACE_KEY: Final = "qin.motion"
SOUND_KEY: Final = "qin.sound"
PACES: Final[dict[str, float]] = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "off": 0.0}
"""The pace of the board's motion: each cue's length and delay is multiplied by it."""
DEFAULT_PACE: Final = "normal"
SOUNDS: Final = ("place", "found", "absorb", "village", "turn", "end")
"""The sounds the page has (``sound.js`` makes each in code)."""

SETTLE_MS: Final = 220
TRAVEL_MS: Final = 380  # a computer's move: a little longer, so it cannot be missed
RISE_MS: Final = 260
LEAVE_MS: Final = 280
VILLAGE_MS: Final = 300
SOUND_GAP_MS: Final = 140

Spot = tuple[int, str, int]
"""A pagoda on the board as drawn: (player, square name, pagodas there)."""
Cue = Mapping[str, Any]


def pagoda_spots(board: Board) -> frozenset[Spot]:
    """Every pagoda where ``qin.svg`` draws it: each province's on its seat square
    (two when major), each held village's on the village."""
    names = board.geo.names
    spots = {(g.owner, names[seat_square(board, g)], g.pagodas) for g in board.provinces()}
    spots |= {(board.village_owner[v], names[v], 1) for v in board.layout.villages
              if board.village_owner[v]}
    return frozenset(spots)


def read_pace(text: str | None) -> str:
    """The pace kept in the browser (anything else: the default)."""
    return text if text in PACES else DEFAULT_PACE


def read_sound(text: str | None) -> bool:
    """Sound is on only when the player switched it on."""
    return text == "on"


@dataclass(frozen=True)
class Moved:
    """One move's motion and sounds, with the token that tells it from the last one.
    ``shown``: the cues play on the board already on the page (a hot-seat move's motion
    held until the next player lifts the hand-over cover); else they come with the
    board's redraw."""

    token: int
    cues: tuple[Cue, ...]
    sounds: tuple[tuple[str, int], ...]
    shown: bool = False


def uncovered(cues: Iterable[Cue]) -> tuple[Cue, ...]:
    """The cues of a move that can still play once the board after it is on the page:
    all but ``leave`` (the pagodas that left were on the board before it)."""
    return tuple(c for c in cues if c["cue"] != "leave")


def cues(move: str, events: Iterable[qin.Event], before: frozenset[Spot],
         after: frozenset[Spot], *, seat: int | None, pace: str) -> tuple[Cue, ...]:
    """The motion of one move: the tile (from ``seat``, a computer's, else placed where
    it is), then the pagodas that leave, those that rise and the villages taken."""
    scale = PACES.get(pace, 1.0)
    if scale <= 0 or move == "pass":
        return ()

    def ms(n: float) -> int:
        return round(n * scale)

    out: list[Cue] = []
    if seat is not None:
        out.append({"cue": "travel", "move": move, "seat": seat, "ms": ms(TRAVEL_MS),
                    "delay": 0})
        landed = TRAVEL_MS
    else:
        out.append({"cue": "settle", "move": move, "ms": ms(SETTLE_MS), "delay": 0})
        landed = SETTLE_MS
    staying = {(player, at) for player, at, _ in after}
    for player, at, _ in sorted(before - after):
        if (player, at) not in staying:  # a pagoda that grows (major) only rises anew
            out.append({"cue": "leave", "player": player, "at": at, "ms": ms(LEAVE_MS),
                        "delay": ms(landed * 0.6)})
    for player, at, _ in sorted(after - before):
        out.append({"cue": "rise", "player": player, "at": at, "ms": ms(RISE_MS),
                    "delay": ms(landed)})
    for e in events:
        if e.kind == "village" and e.player is not None and e.squares:
            out.append({"cue": "village", "at": e.squares[0], "player": e.player,
                        "from": e.from_player or 0, "ms": ms(VILLAGE_MS),
                        "delay": ms(landed)})
    return tuple(out)


def sounds(move: str, events: Iterable[qin.Event], *, your_turn: bool,
           over: bool) -> tuple[tuple[str, int], ...]:
    """The sounds of one move, in order, each with its delay: the tile, then the
    largest thing it did (an absorption, a founding or second pagoda, a village), then
    the end of the game or the human's turn that follows a computer's move."""
    kinds = {e.kind for e in events}
    names: list[str] = [] if move == "pass" else ["place"]
    if "absorb" in kinds:
        names.append("absorb")
    elif kinds & {"found", "major"}:
        names.append("found")
    if "village" in kinds:
        names.append("village")
    if over or kinds & {"win", "end"}:
        names.append("end")
    elif your_turn:
        names.append("turn")
    return tuple((name, i * SOUND_GAP_MS) for i, name in enumerate(names))
