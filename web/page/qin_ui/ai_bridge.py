"""The message between the page and the computer player's worker (pure Python, no DOM).

The computer thinks in a PyScript worker (``web/worker/ai_worker.py``), so the page stays
responsive.  The page sends one JSON request per move and gets back the move's text:

    text = request_for(game, seat, "minister")   # on the page (main thread)
    move = answer(text)                          # in the worker: "Rc4Yd4" or "pass"

A request holds what the seat's *view* (``game.view(seat)``) holds and nothing more:

``format``      ``"qin-ai-request/2"``
``level``       the computer's level (a key of ``qin.ai.LEVELS``)
``ai_seed``     the computer's own seed (the seat number: never the game's seed, which
                deals every hand and the pile)
``budget_s``    the time cap per move in seconds, or ``null`` (``BUDGETS``)
``kind``        only in a hint's request: ``"hint"`` (the answer is then the move, a
                space and the next best move, ``next_best``)
``view``        ``view.to_view_dict()`` (``qin-view/1``, qin/view_format.py): the board,
                the pagodas, whose turn, the seat's own hand, every hand's size, the
                pile's size (not its order) and the moves so far; the request is only
                made for the player to move

``answer`` rebuilds that view in the worker with ``qin.Game.from_view_dict`` (which
checks every field) and asks ``qin.ai.player(level, ai_seed)`` for its move within the
budget.  The rebuilt view is canonical (hands sorted, provinces numbered in square
order), so the answer depends on the request alone: two games that look the same from
the seat get the same answer.  The page's CPython fallback (``players``' choosers) goes
through the same two functions, so tests check them without a browser.
"""

from __future__ import annotations

import json
from typing import Any

import qin
import qin.ai
from qin.inputs import quote
from qin.json_text import JsonTextError, read_json

FORMAT = "qin-ai-request/2"
HINT = "hint"
"""A request's ``kind`` asking for a hint: the answer is the move and, after a space,
the next best move (when there is one)."""

BUDGETS: dict[str, float | None] = {
    "apprentice": None,  # a few ms
    "governor": None,  # ~0.1 s in the browser
    "minister": 0.6,  # its look-ahead: ~0.1 s in CPython, 2-3x that in the browser
    "emperor": 1.1,  # its wider look-ahead: capped to stay under 1.5 s a move in the page
    "heaven": 1.1,  # the Emperor's search and a learned judgement: the Emperor's cap
}
"""Time cap per move (seconds of thinking in the worker) by level; ``None``: no cap."""


class RequestError(qin.QinError):
    """A request the worker cannot read: its text (``qin.json_text``'s limits), a field,
    its view or its move; the message quotes what is wrong."""


def _read(request: str, what: str) -> Any:
    try:
        return read_json(request)
    except JsonTextError as exc:
        raise RequestError(f"the {what} {exc}") from None


def request_for(game: qin.Game, seat: int, level: str, ai_seed: int | None = None,
                hint: bool = False) -> str:
    """The JSON request asking the computer in ``seat`` (the player to move) for a move
    (``hint``: and for the next best move, ``HINT``).

    Built from ``game.view(seat)`` only, so it cannot carry another hand or the pile."""
    if game.is_over:
        raise ValueError("the game is over: there is no move to ask for")
    if seat != game.to_move:
        raise ValueError(f"player {game.to_move} is to move, not player {seat}")
    data: dict[str, Any] = {
        "format": FORMAT,
        "level": level,
        "ai_seed": seat if ai_seed is None else ai_seed,
        "budget_s": BUDGETS.get(level.partition(":")[0]),
        "view": game.view(seat).to_view_dict(),
    }
    if hint:
        data["kind"] = HINT
    return json.dumps(data, separators=(",", ":"))


def _request(request: str | dict[str, Any]) -> dict[str, Any]:
    """The request's fields, checked; raises ``RequestError`` quoting a bad one."""
    data = _read(request, "request") if isinstance(request, str) else request
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RequestError(f"not a {FORMAT} message: {quote(str(request))}")
    fields = {"format", "level", "ai_seed", "budget_s", "view"}
    if set(data) != fields and (set(data) != fields | {"kind"} or data["kind"] != HINT):
        raise RequestError(f"a {FORMAT} message has the fields format, level, ai_seed, "
                           f"budget_s and view (and kind \"hint\"), not "
                           f"{quote(sorted(data))}")
    level, seed, budget = data["level"], data["ai_seed"], data["budget_s"]
    if not isinstance(level, str):
        raise RequestError(f"the level is text, not {quote(level)}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RequestError(f"the computer's seed is a whole number, not {quote(seed)}")
    if budget is not None and (isinstance(budget, bool)
                               or not isinstance(budget, int | float) or not budget > 0):
        raise RequestError(f"the time budget is a number of seconds or null, not "
                           f"{quote(budget)}")
    return data


def view_of(request: str | dict[str, Any]) -> qin.Game:
    """The seat's view rebuilt from a request (what ``game.view(seat)`` was); raises
    ``RequestError`` quoting what is malformed."""
    try:
        view = qin.Game.from_view_dict(_request(request)["view"])
    except (qin.ViewError, TypeError) as exc:
        raise RequestError(f"the request's view: {exc}") from None
    if view.is_over or view.seat != view.to_move:
        raise RequestError(f"the request is for player {view.seat}, but "
                         + ("the game is over" if view.is_over
                            else f"player {view.to_move} is to move"))
    return view


def answer(request: str) -> str:
    """The computer's move for a request, as text (``"pass"`` when only a pass is
    legal).  The worker's exported function calls this."""
    data = _request(request)
    view = view_of(data)
    legal = view.legal_moves()
    if not legal or legal == [qin.PASS]:
        return "pass"
    bot = qin.ai.player(data["level"], data["ai_seed"])
    budget = data["budget_s"]
    move = bot.choose(view, None if budget is None else float(budget))
    if data.get("kind") == HINT:
        other = next_best(view, move, data["ai_seed"])
        return move.text if other is None else f"{move.text} {other.text}"
    return move.text


def next_best(view: qin.Game, move: qin.Move, seed: int = 0) -> qin.Move | None:
    """The best move other than ``move`` by the review's judge (the Son of Heaven's
    first stage, ``qin.ai.review.judge``), or ``None`` when there is no other."""
    import random

    from qin.ai.review import judge
    from qin.ai.sim import to_code, to_move

    if move.is_pass:
        return None
    geo = view.board.geo
    code = to_code(geo, move)
    _, ranked = judge().values(view, random.Random(f"qin.hint/{seed}"), code)
    other = next((c for c, _ in ranked if c != code), None)
    return None if other is None else to_move(geo, other)


# -- the review of a played move (kind "review") ------------------------------------------
# A review request judges one move already played, in its mover's view just before it:
#
# ``format``   ``"qin-ai-request/2"``
# ``kind``     ``"review"`` (a request without ``kind`` asks for a move, as above)
# ``ai_seed``  the review's seed (ties between equally valued moves)
# ``ply``      the move's number in the game (1 = the first move)
# ``played``   the move played there (text)
# ``view``     ``game.view(seat)`` before that move (``qin-view/1``)
#
# The answer is the JSON of ``qin.ai.review.Reviewed.to_dict()``.  The page sends one
# request per move and waits for its answer before the next, so a review is cancelled
# between two moves by sending no more (the worker holds no review state).
REVIEW_KEYS = frozenset({"format", "kind", "ai_seed", "ply", "played", "view"})


def review_request_for(game: qin.Game, played: str, ply: int, seed: int = 0) -> str:
    """The request judging ``played``, the next move of ``game`` (the game before it),
    in its mover's view."""
    if game.is_over:
        raise ValueError("the game is over: there is no move to review")
    data: dict[str, Any] = {"format": FORMAT, "kind": "review", "ai_seed": seed,
                            "ply": ply, "played": played,
                            "view": game.view(game.to_move).to_view_dict()}
    return json.dumps(data, separators=(",", ":"))


def review_answer(request: str) -> str:
    """The judged move (JSON) for a review request; raises ``RequestError`` quoting a
    malformed field.  The worker's exported ``review_move`` calls this."""
    from qin.ai.review import evaluate

    data = _read(request, "review request")
    if not isinstance(data, dict) or data.get("format") != FORMAT \
            or data.get("kind") != "review" or set(data) != REVIEW_KEYS:
        raise RequestError(f"not a {FORMAT} review message: {quote(request)}")
    seed, ply, played = data["ai_seed"], data["ply"], data["played"]
    for name, value in (("seed", seed), ("ply", ply)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise RequestError(f"the review's {name} is a whole number, not {quote(value)}")
    if not isinstance(played, str):
        raise RequestError(f"the move played is text, not {quote(played)}")
    try:
        judged = evaluate(qin.Game.from_view_dict(data["view"]), played, seed, ply)
    except qin.QinError as exc:
        raise RequestError(f"the review request: {exc}") from None
    return json.dumps(judged.to_dict(), separators=(",", ":"))


__all__ = ["BUDGETS", "FORMAT", "HINT", "RequestError", "answer", "next_best", "request_for",
           "review_answer", "review_request_for", "view_of"]
