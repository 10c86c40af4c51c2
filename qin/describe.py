"""Events in words, one line each: the move log of the command line and the web page.

    describe(Event("found", 1, ("c4", "d4", "e4"), colour="R", size=3), ["Green", "White"])
    == "Green founds a red province of 3 (c4 d4 e4)"

``describe`` speaks English; ``describe_in`` says the same in the language of a message
catalogue (``web/i18n/<lang>.json``: the English one words events exactly as
``describe`` does, tests/test_catalogues.py checks it), and ``explain_illegal`` turns
the engine's English explanation of an illegal move into the catalogue's language.
Both serve the web page's log and the embeddable diagrams.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from typing import Any

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


# --------------------------------------------------------------------------- catalogues


class _Keep(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def text(messages: Mapping[str, str], key: str, **values: Any) -> str:
    """The catalogue's ``key`` with its ``{placeholders}`` filled in (unknown ones stay;
    a key the catalogue lacks is said as the key itself)."""
    template = messages.get(key, key)
    return string.Formatter().vformat(template, (), _Keep(values))


def player_name_in(player: int | None, names: Sequence[str] | None,
                   messages: Mapping[str, str]) -> str:
    """``player_name`` in the catalogue's words ("Nobody", "Player 3")."""
    if player is None:
        return text(messages, "player.nobody")
    if names and 1 <= player <= len(names):
        return names[player - 1]
    return text(messages, "player.default", n=player)


def join_list(items: Sequence[str], messages: Mapping[str, str]) -> str:
    """``a``; ``a and b``; ``a, b and c`` in the catalogue's words."""
    if len(items) <= 1:
        return "".join(items)
    head = items[0]
    for item in items[1:-1]:
        head = text(messages, "list.comma", first=head, rest=item)
    return text(messages, "list.and", first=head, last=items[-1])


_LETTERS = ("R", "Y", "B")


def colour_in(messages: Mapping[str, str], letter: str | None, form: str = "") -> str:
    """A tile colour's word: ``form`` "" (a tile half), "province" or "tile"."""
    if not letter or letter.upper() not in _LETTERS:
        return letter or "?"
    key = f"colour.{letter.upper()}" + (f".{form}" if form else "")
    return text(messages, key)


def _pagodas_in(n: int, messages: Mapping[str, str]) -> str:
    return text(messages, "pagodas.one" if n == 1 else "pagodas.many", n=n)


def describe_in(event: Event, messages: Mapping[str, str], names: Sequence[str] | None = None,
                on_board: Mapping[int, int] | Sequence[int] | None = None) -> str:
    """``describe`` in the catalogue's language."""
    who = player_name_in(event.player, names, messages)
    whose = text(messages, "player.possessive", name=who)
    squares = " ".join(event.squares)
    size = event.size if event.size is not None else len(event.squares)
    common = {"who": who, "whose": whose, "squares": squares, "size": size,
              "colour": colour_in(messages, event.colour, "province")}
    kind = event.kind
    if kind == "place":
        pair = event.colour or ""
        if len(pair) == 2 and len(event.squares) == 2:
            a, b = event.squares
            if pair[0] == pair[1]:
                return text(messages, "event.place.single",
                            **{**common, "colour": colour_in(messages, pair[0], "tile")},
                            a=a, b=b)
            return text(messages, "event.place.mixed", **common, a=a, b=b,
                        first=colour_in(messages, pair[0]),
                        second=colour_in(messages, pair[1]))
        return text(messages, "event.place.other", **common)
    if kind in ("found", "expand", "major"):
        return text(messages, f"event.{kind}", **common)
    if kind == "absorb":
        losers = [player_name_in(p, names, messages) for p in (event.losers or ())]
        if not losers:
            return text(messages, "event.absorb.own", **common)
        theirs = join_list([text(messages, "player.possessive", name=n) for n in losers],
                           messages)
        key = "event.absorb.one" if len(losers) == 1 else "event.absorb.many"
        return text(messages, key, **common, losers=theirs)
    if kind == "return":
        count = event.count if event.count is not None else 1
        if len(event.squares) == 1:
            return text(messages, "event.return.village", **common, village=squares)
        key = "event.return.one" if count == 1 else "event.return.many"
        return text(messages, key, **common, count=count)
    if kind == "village":
        village = squares or "?"
        if event.from_player:
            return text(messages, "event.village.from", **common, village=village,
                        **{"from": player_name_in(event.from_player, names, messages)})
        return text(messages, "event.village.empty", **common, village=village)
    if kind in ("pass", "win"):
        return text(messages, f"event.{kind}", **common)
    if kind == "end":
        winners = list(event.winners or ())
        if not winners:
            return text(messages, "event.end")
        total = event.count
        if total is None and on_board is not None:
            counts = on_board if isinstance(on_board, Mapping) else dict(enumerate(on_board, 1))
            total = counts.get(winners[0])
        who_won = join_list([player_name_in(p, names, messages) for p in winners], messages)
        key = "event.end.one" if len(winners) == 1 else "event.end.shared"
        if total is not None:
            return text(messages, key + ".count", winners=who_won,
                        pagodas=_pagodas_in(total, messages))
        return text(messages, key, winners=who_won)
    return f"{who}: {kind} ({squares})"


# The engine explains an illegal move in English (qin/placement.py, qin/game.py); these
# patterns recognise each explanation so it can be said in the reader's language.  A
# message that matches none is shown as the engine wrote it.
_ILLEGAL = [
    (re.compile(r"The two halves of a tile go on neighbouring squares; (?P<a>\w+) and "
                r"(?P<b>\w+) do not share an edge"), "illegal.adjacent"),
    (re.compile(r"(?P<square>[a-z]\d+) is a village: "), "illegal.village"),
    (re.compile(r"(?P<square>[a-z]\d+) is water: "), "illegal.water"),
    (re.compile(r"(?P<square>[a-z]\d+) is a starting territory: "), "illegal.start"),
    (re.compile(r"(?P<square>[a-z]\d+) is already covered: "), "illegal.covered"),
    (re.compile(r"(?P<square>[a-z]\d+) is not on the board"), "illegal.outside"),
    (re.compile(r"both halves are on (?P<square>[a-z]\d+)"), "illegal.same"),
    (re.compile(r"A tile must share an edge with a province space"), "illegal.touch"),
    (re.compile(r"join two major (?P<colour>red|yellow|blue) provinces"), "illegal.majors"),
    (re.compile(r"join (?P<colour>red|yellow|blue) provinces in which (?P<players>.+) tie "
                r"for the largest share \((?P<n>\d+) spaces each\)"), "illegal.tie"),
    (re.compile(r"(?P<who>.+) has no (?P<kind>[RYB]{2}) tile \(hand: (?P<hand>.*)\)"),
     "illegal.hand"),
    (re.compile(r"(?P<who>.+) may pass only when"), "illegal.pass"),
    (re.compile(r"The game is over"), "illegal.over"),
]
_COLOUR_WORDS = {"red": "R", "yellow": "Y", "blue": "B"}


def explain_illegal(reason: str, messages: Mapping[str, str],
                    names: Sequence[str] = ()) -> str:
    """The engine's English ``reason`` in the catalogue's language."""
    for pattern, key in _ILLEGAL:
        found = pattern.search(reason)
        if not found:
            continue
        values = dict(found.groupdict())
        if "colour" in values:
            values["colour"] = colour_in(messages, _COLOUR_WORDS[values["colour"]], "province")
        if key == "illegal.tie":
            tied = [n for n in names if n and n in values["players"]]
            if len(tied) >= 2:
                values["players"] = join_list(tied, messages)
        return text(messages, key, **values)
    return reason
