"""The computer players' worker: a PyScript worker that only thinks.

``web/page/shell.js`` starts it (``<script type="py" worker name="qin-ai">``) when a
game has a computer seat, and calls ``choose`` with one ``qin_ui.ai_bridge`` request per
move: the seat's view, never the other hands or the pile.  It answers with the move's
text.  ``review_move`` judges one move of a game review (an ``ai_bridge`` request of
kind "review": the mover's view before the move and the move played) and answers with
the figures as JSON.  The worker has no DOM access (none is needed, so the page needs
no COOP/COEP).
"""

from __future__ import annotations

import bytecode

# The modules compiled at an earlier visit (web/startup/bytecode.py), if the page kept
# them: the worker then starts without compiling the engine and the players.
await bytecode.restore()  # PyScript runs a main script with top-level await

from qin_ui.ai_bridge import answer, review_answer  # noqa: E402

# loaded now, so that the first move does not wait for them
from qin.ai import greedy, learned, lookahead, review  # noqa: E402, F401


def choose(request: str) -> str:
    """The move (text) for one ``ai_bridge`` request."""
    return answer(str(request))


def review_move(request: str) -> str:
    """One played move judged (JSON) for an ``ai_bridge`` review request."""
    return review_answer(str(request))


def ping() -> str:
    return "ready"


__export__ = ["choose", "ping", "review_move"]
