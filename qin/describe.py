"""Events in plain English, one line each: the move log of the command line and the web page.

    describe(Event("found", 1, ("c4", "d4", "e4"), colour="R", size=3), ["Green", "White"])
    == "Green founds a red province of 3 (c4 d4 e4)"
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .events import Event
from .tiles import COLOUR_NAMES, COLOURS


def player_name(player: int | None, names: Sequence[str] | None) -> str:
    """``names[player - 1]``, or ``"Player N"`` when there is no such name."""
    if player is None:
        return "Nobody"
    if names and 1 <= player <= len(names):
        return names[player - 1]
    return f"Player {player}"


def colour_name(letter: str | None) -> str:
    """``"R"`` -> ``"red"`` (upper or lower case); anything else unchanged."""
    if letter and len(letter) == 1 and letter.upper() in COLOURS:
        return COLOUR_NAMES[COLOURS.index(letter.upper())]
    return letter or "?"


def _list(items: Sequence[str]) -> str:
    """``a``; ``a and b``; ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _pagodas(n: int) -> str:
    return f"{n} pagoda" if n == 1 else f"{n} pagodas"


def describe(event: Event, names: Sequence[str] | None = None,
             on_board: Mapping[int, int] | Sequence[int] | None = None) -> str:
    """One line of English for an event.

    ``names`` are the players' names in seat order (default "Player 1" ...).
    ``on_board`` (per player, a mapping ``{player: pagodas}`` or a sequence in seat order)
    adds the pagoda counts to the line of an ``end`` event when the event itself does
    not carry them.
    """
    who = player_name(event.player, names)
    squares = " ".join(event.squares)
    where = f" ({squares})" if squares else ""
    colour = colour_name(event.colour)
    size = event.size if event.size is not None else len(event.squares)
    kind = event.kind
    if kind == "place":
        pair = event.colour or ""
        if len(pair) == 2 and len(event.squares) == 2:
            first, second = colour_name(pair[0]), colour_name(pair[1])
            if first == second:
                return f"{who} places a {first} tile on {event.squares[0]} and " \
                       f"{event.squares[1]}"
            return (f"{who} places a {first}/{second} tile: {first} on {event.squares[0]}, "
                    f"{second} on {event.squares[1]}")
        return f"{who} places a tile{where}"
    if kind == "found":
        return f"{who} founds a {colour} province of {size}{where}"
    if kind == "expand":
        return f"{who}'s {colour} province grows to {size}{where}"
    if kind == "absorb":
        losers = [player_name(p, names) for p in (event.losers or ())]
        if not losers:
            return f"{who} joins their own {colour} provinces into one of {size}{where}"
        theirs = _list([f"{name}'s" for name in losers])
        what = "province" if len(losers) == 1 else "provinces"
        return f"{who} absorbs {theirs} {what}: a {colour} province of {size}{where}"
    if kind == "major":
        return (f"{who}'s {colour} province of {size} becomes a major province and gets a "
                f"second pagoda{where}")
    if kind == "return":
        count = event.count if event.count is not None else 1
        if len(event.squares) == 1:
            return f"{who}'s pagoda on the village {squares} goes back to their supply"
        return f"{_pagodas(count)} go{'es' if count == 1 else ''} back to {who}'s supply{where}"
    if kind == "village":
        village = squares or "?"
        if event.from_player:
            return f"{who} takes the village {village} from " \
                   f"{player_name(event.from_player, names)}"
        return f"{who} takes the empty village {village}"
    if kind == "pass":
        return f"{who} passes: no tile in hand can be placed"
    if kind == "win":
        return f"{who} places their last pagoda and wins the game"
    if kind == "end":
        return _end(event, names, on_board)
    return f"{who}: {kind}{where}"


def _end(event: Event, names: Sequence[str] | None,
         on_board: Mapping[int, int] | Sequence[int] | None) -> str:
    winners = list(event.winners or ())
    text = "The game is over: nobody can place a tile"
    if not winners:
        return text
    count = event.count
    if count is None and on_board is not None:
        counts = on_board if isinstance(on_board, Mapping) else dict(enumerate(on_board, 1))
        count = counts.get(winners[0])
    who = _list([player_name(p, names) for p in winners])
    if len(winners) == 1:
        tail = f" with {_pagodas(count)} on the board" if count is not None else ""
        return f"{text}. {who} wins{tail}"
    tail = f" with {_pagodas(count)} each on the board" if count is not None else ""
    return f"{text}. {who} share the win{tail}"


def describe_all(events: Sequence[Event], names: Sequence[str] | None = None,
                 on_board: Mapping[int, int] | Sequence[int] | None = None) -> list[str]:
    """``describe`` for each event, in order."""
    return [describe(e, names, on_board) for e in events]
