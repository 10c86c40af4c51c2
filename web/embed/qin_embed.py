"""The engine side of the embeddable diagrams (``web/embed/qin-board.js``).

One PyScript interpreter serves every ``<qin-board>`` of a page: the script calls
``handle(request_json) -> response_json`` and this module answers from ``qin`` itself:
the board drawn by ``qin.svg`` (the one renderer), the events of each move in the
reader's language (the catalogues in ``web/i18n/``), and why a move is not allowed.

Requests are stateless (the position and the moves so far come with every call), so
any number of diagrams share the interpreter without sharing state.  Everything but
the bottom few lines is plain Python, importable by the unit tests.

    {"op": "messages", "lang": "de", "messages": {...}}        -> {"ok": true}
    {"op": "render", "position": "...", "moves": ["Rc3Yd3"], "step": 1,
     "lang": "en", "names": [...], "colours": [...], "highlight": ["c3"],
     "coords": true}                                           -> see ``render``
    {"op": "preview", ... , "move": "Rc3Yd3"}                   -> see ``preview``
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Mapping, Sequence
from typing import Any

import qin
from qin.events import Event
from qin.svg import DEFAULT_COLOURS, render_overlay, render_svg

MESSAGES: dict[str, dict[str, str]] = {}
"""Catalogues by language, as sent by the script (``web/i18n/<lang>.json``)."""

COLOUR_LETTERS = ("R", "Y", "B")


# --------------------------------------------------------------------------- words


class _Keep(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def text(messages: Mapping[str, str], key: str, **values: Any) -> str:
    """The catalogue's ``key`` with its ``{placeholders}`` filled in (unknown ones stay)."""
    template = messages.get(key, key)
    return string.Formatter().vformat(template, (), _Keep(values))


def player_name(player: int | None, names: Sequence[str] | None,
                messages: Mapping[str, str]) -> str:
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


def default_names(colours: Sequence[str], players: int,
                  messages: Mapping[str, str]) -> list[str]:
    """Players named after their pagoda colours, as the rulebook does ("Green")."""
    chosen = list(colours)
    for c in DEFAULT_COLOURS:
        if len(chosen) >= players:
            break
        if c not in chosen:
            chosen.append(c)
    out = []
    for p, colour in enumerate(chosen[:players], 1):
        key = f"player.{colour.lower()}"
        out.append(text(messages, key) if key in messages else
                   text(messages, "player.default", n=p))
    return out


def _colour(messages: Mapping[str, str], letter: str | None, form: str = "") -> str:
    if not letter or letter.upper() not in COLOUR_LETTERS:
        return letter or "?"
    key = f"colour.{letter.upper()}" + (f".{form}" if form else "")
    return text(messages, key)


def _pagodas(n: int, messages: Mapping[str, str]) -> str:
    return text(messages, "pagodas.one" if n == 1 else "pagodas.many", n=n)


def describe(event: Event, messages: Mapping[str, str], names: Sequence[str] | None = None,
             on_board: Mapping[int, int] | None = None) -> str:
    """One line for an event in the catalogue's language; the English catalogue says
    exactly what ``qin.describe.describe`` says (tests/test_catalogues.py checks it)."""
    who = player_name(event.player, names, messages)
    whose = text(messages, "player.possessive", name=who)
    squares = " ".join(event.squares)
    size = event.size if event.size is not None else len(event.squares)
    common = {"who": who, "whose": whose, "squares": squares, "size": size,
              "colour": _colour(messages, event.colour, "province")}
    kind = event.kind
    if kind == "place":
        pair = event.colour or ""
        if len(pair) == 2 and len(event.squares) == 2:
            a, b = event.squares
            if pair[0] == pair[1]:
                return text(messages, "event.place.single",
                            **{**common, "colour": _colour(messages, pair[0], "tile")},
                            a=a, b=b)
            return text(messages, "event.place.mixed", **common, a=a, b=b,
                        first=_colour(messages, pair[0]), second=_colour(messages, pair[1]))
        return text(messages, "event.place.other", **common)
    if kind in ("found", "expand", "major"):
        return text(messages, f"event.{kind}", **common)
    if kind == "absorb":
        losers = [player_name(p, names, messages) for p in (event.losers or ())]
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
                        **{"from": player_name(event.from_player, names, messages)})
        return text(messages, "event.village.empty", **common, village=village)
    if kind in ("pass", "win"):
        return text(messages, f"event.{kind}", **common)
    if kind == "end":
        winners = list(event.winners or ())
        if not winners:
            return text(messages, "event.end")
        total = event.count
        if total is None and on_board is not None:
            total = on_board.get(winners[0])
        who_won = join_list([player_name(p, names, messages) for p in winners], messages)
        key = "event.end.one" if len(winners) == 1 else "event.end.shared"
        if total is not None:
            return text(messages, key + ".count", winners=who_won,
                        pagodas=_pagodas(total, messages))
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
            values["colour"] = _colour(messages, _COLOUR_WORDS[values["colour"]], "province")
        if key == "illegal.tie":
            tied = [n for n in names if n and n in values["players"]]
            if len(tied) >= 2:
                values["players"] = join_list(tied, messages)
        return text(messages, key, **values)
    return reason


# --------------------------------------------------------------------------- requests


def _messages(lang: str) -> dict[str, str]:
    return MESSAGES.get(lang) or MESSAGES.get("en") or {}


def _setup(req: Mapping[str, Any]) -> tuple[qin.Game, dict[str, str], list[str], list[str]]:
    game = qin.Game.from_position(str(req["position"]))
    messages = _messages(str(req.get("lang", "en")))
    colours = [str(c) for c in req.get("colours") or []][:game.players]
    names = [str(n) for n in req.get("names") or []][:game.players]
    if len(names) < game.players:
        names += default_names(colours, game.players, messages)[len(names):]
    game.names = names
    return game, messages, colours, names


def state_of(game: qin.Game) -> dict[str, Any]:
    """What the board holds, for tests and for pages that want the facts."""
    board = game.board
    names = board.geo.names
    provinces = [{"colour": COLOUR_LETTERS[g.colour], "owner": g.owner,
                  "pagodas": g.pagodas, "squares": [names[s] for s in g.squares]}
                 for g in board.provinces()]
    villages = {names[v]: board.village_owner[v] for v in board.layout.villages}
    return {
        "provinces": provinces,
        "villages": villages,
        "supply": [game.supply(p) for p in range(1, game.players + 1)],
        "on_board": [game.on_board(p) for p in range(1, game.players + 1)],
        "to_move": game.to_move,
        "over": game.is_over,
        "winners": list(game.winners),
    }


def _replay(game: qin.Game, moves: Sequence[str], messages: Mapping[str, str],
            names: Sequence[str]) -> tuple[int, list[Event], dict[str, Any] | None]:
    """Play ``moves`` while they are legal: (how many were played, the last one's
    events, what stopped the replay)."""
    events: list[Event] = []
    for i, move in enumerate(moves):
        try:
            reason = game.why_illegal(move)
        except ValueError as exc:  # not a move at all
            return i, events, {"index": i, "move": move, "ghost": None,
                               "reason": text(messages, "illegal.notation", text=move),
                               "engine": str(exc)}
        if reason is not None:
            return i, events, {"index": i, "move": move, "ghost": str(qin.Move.parse(move)),
                               "reason": explain_illegal(reason, messages, names),
                               "engine": reason}
        events = game.play(move)
    return len(moves), events, None


def _on_board(game: qin.Game) -> dict[int, int]:
    return {p: game.on_board(p) for p in range(1, game.players + 1)}


def _last_squares(game: qin.Game) -> list[str]:
    if game.moves and not game.moves[-1].is_pass:
        return list(game.moves[-1].squares)
    return []


def render(req: Mapping[str, Any]) -> dict[str, Any]:
    """The board after ``moves[:step]``: ``svg``, the last move's ``events`` in words,
    ``played`` (how many moves were legal), ``illegal`` (the first illegal move and
    why, drawn as a refused ghost), ``state`` and the hand of the player to move."""
    game, messages, colours, names = _setup(req)
    moves = [str(m) for m in req.get("moves") or []]
    step = int(req.get("step", len(moves)))
    played, events, illegal = _replay(game, moves[:max(0, step)], messages, names)
    ghost = illegal["ghost"] if illegal else None
    svg = render_svg(game, highlight=[str(s) for s in req.get("highlight") or []],
                     coords=bool(req.get("coords", True)), colours=colours or None,
                     names=names, last=_last_squares(game), ghost=ghost,
                     ghost_ok=False if ghost else None,
                     label=req.get("label") or None)
    hand = None
    if not game.analysis and not game.is_over:
        hand = game.hand(game.to_move)
    return {
        "svg": svg,
        "played": played,
        "events": [describe(e, messages, names, _on_board(game)) for e in events],
        "kinds": [e.kind for e in events],
        "illegal": illegal,
        "state": state_of(game),
        "names": names,
        "to_move": player_name(game.to_move, names, messages),
        "hand": hand,
    }


def preview(req: Mapping[str, Any]) -> dict[str, Any]:
    """What ``move`` would do after ``moves``, without playing it: the ``overlay``
    markup (``qin.svg.render_overlay``), its events in words, or why it is illegal."""
    game, messages, colours, names = _setup(req)
    _replay(game, [str(m) for m in req.get("moves") or []], messages, names)
    move = str(req["move"])
    try:
        reason = game.why_illegal(move)
    except ValueError:
        return {"ok": False, "overlay": "", "events": [],
                "reason": text(messages, "illegal.notation", text=move)}
    coords = bool(req.get("coords", True))
    if reason is not None:
        overlay = render_overlay(game, ghost=move, ghost_ok=False, colours=colours or None,
                                 coords=coords)
        return {"ok": False, "overlay": overlay, "events": [],
                "reason": explain_illegal(reason, messages, names)}
    events = game.preview(move)
    overlay = render_overlay(game, ghost=move, ghost_ok=True, preview=events,
                             colours=colours or None, coords=coords)
    return {"ok": True, "overlay": overlay, "reason": None,
            "events": [describe(e, messages, names, _on_board(game)) for e in events]}


def handle(request: str) -> str:
    """The one entry point of the script: a JSON request in, a JSON answer out.  Errors
    come back as ``{"error": ...}`` rather than as exceptions."""
    try:
        req = json.loads(request)
        op = req.get("op")
        if op == "messages":
            MESSAGES[str(req["lang"])] = {str(k): str(v) for k, v in req["messages"].items()}
            return json.dumps({"ok": True})
        if op == "render":
            return json.dumps(render(req))
        if op == "preview":
            return json.dumps(preview(req))
        return json.dumps({"error": f"unknown request {op!r}"})
    except (ValueError, KeyError, TypeError) as exc:
        return json.dumps({"error": str(exc), "type": type(exc).__name__})


# --------------------------------------------------------------------------- in the page

try:  # only under PyScript/Pyodide: hand ``handle`` to qin-board.js
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
except ImportError:
    pass
else:
    _ready = getattr(js, "qinBoardEngineReady", None)
    if _ready is not None:
        _ready(create_proxy(handle), qin.__version__)
