"""The message between the page and the computer player's worker (pure Python, no DOM).

The computer thinks in a PyScript worker (``web/worker/ai_worker.py``), so the page stays
responsive.  The page sends one JSON request per move and gets back the move's text:

    text = request_for(game, seat, "minister")   # on the page (main thread)
    move = answer(text)                          # in the worker: "Rc4Yd4" or "pass"

A request holds what the seat's *view* (``game.view(seat)``) holds and nothing more:

``format``      ``"qin-ai-request/1"``
``level``       the computer's level (a key of ``qin.ai.LEVELS``)
``ai_seed``     the computer's own seed (the seat number: never the game's seed, which
                deals every hand and the pile)
``budget_s``    the time cap per move in seconds, or ``null`` (``BUDGETS``)
``seat``        the player to move (1-based); the request is only made for that seat
``position``    ``view.to_position()``: the board, the pagodas, whose turn and the
                seat's own hand; the other players' hands are hidden and written empty
``hand_sizes``  how many tiles each player holds (public)
``pile``        how many tiles are left in the pile (public; not their order)
``moves``       every move so far as text (public: tiles placed face up, and passes)

``answer`` rebuilds that view in the worker (from the position text: the same board,
hands, counts and moves) and asks ``qin.ai.player(level, ai_seed)`` for its move within
the budget.  The rebuilt view is canonical (hands sorted, provinces numbered in square
order), so the answer depends on the request alone: two games that look the same from
the seat get the same answer.  The page's CPython fallback (``players``' choosers) goes
through the same two functions, so tests check them without a browser.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import qin
import qin.ai
from qin.tiles import full_set, sort_hand

FORMAT = "qin-ai-request/1"

BUDGETS: dict[str, float | None] = {
    "apprentice": None,  # a few ms
    "governor": None,  # ~0.1 s in the browser
    "minister": 0.6,  # its look-ahead: ~0.1 s in CPython, 2-3x that in the browser
    "emperor": 1.1,  # its wider look-ahead: capped to stay under 1.5 s a move in the page
}
"""Time cap per move (seconds of thinking in the worker) by level; ``None``: no cap."""


def request_for(game: qin.Game, seat: int, level: str, ai_seed: int | None = None) -> str:
    """The JSON request asking the computer in ``seat`` (the player to move) for a move.

    Built from ``game.view(seat)`` only, so it cannot carry another hand or the pile."""
    if game.is_over:
        raise ValueError("the game is over: there is no move to ask for")
    if seat != game.to_move:
        raise ValueError(f"player {game.to_move} is to move, not player {seat}")
    view = game.view(seat)
    data: dict[str, Any] = {
        "format": FORMAT,
        "level": level,
        "ai_seed": seat if ai_seed is None else ai_seed,
        "budget_s": BUDGETS.get(level.partition(":")[0]),
        "seat": seat,
        "position": view.to_position(),
        "hand_sizes": [view.hand_size(p) for p in range(1, view.players + 1)],
        "pile": view.pile_count,
        "moves": [m.text for m in view.moves],
    }
    return json.dumps(data, separators=(",", ":"))


def view_of(request: str | dict[str, Any]) -> qin.Game:
    """The seat's view rebuilt from a request (what ``game.view(seat)`` was)."""
    data = json.loads(request) if isinstance(request, str) else request
    if data.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} message")
    seat = int(data["seat"])
    sizes = [int(n) for n in data["hand_sizes"]]
    moves = [qin.Move.parse(text) for text in data["moves"]]
    played = [m.kind for m in moves if not m.is_pass]
    # The hidden hands get stand-ins of the right size (from the tiles the seat has not
    # seen): ``view`` keeps only their sizes, exactly as the page's view did.
    probe = qin.Game.from_position(data["position"])
    own = probe.hand(seat)
    pool = Counter(full_set())
    pool.subtract(played)
    pool.subtract(own)
    spare = sorted((+pool).elements())
    lines = []
    for line in data["position"].splitlines():
        key, _, _ = line.partition(":")
        if key.startswith("hand-") and key != f"hand-{seat}":
            p = int(key.removeprefix("hand-"))
            stand_in = [spare.pop() for _ in range(sizes[p - 1]) if spare]
            line = f"{key}: {' '.join(sort_hand(stand_in))}".rstrip()
        lines.append(line)
    full = qin.Game.from_position("\n".join(lines) + "\n")
    full.moves = moves
    full.played = played
    full.pile_count = int(data["pile"])
    return full.view(seat)


def answer(request: str) -> str:
    """The computer's move for a request, as text (``"pass"`` when only a pass is
    legal).  The worker's exported function calls this."""
    data = json.loads(request)
    view = view_of(data)
    legal = view.legal_moves()
    if not legal or legal == [qin.PASS]:
        return "pass"
    bot = qin.ai.player(str(data["level"]), int(data["ai_seed"]))
    budget = data.get("budget_s")
    move = bot.choose(view, None if budget is None else float(budget))
    return move.text


__all__ = ["BUDGETS", "FORMAT", "answer", "request_for", "view_of"]
