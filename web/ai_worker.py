"""The computer players' worker: a PyScript worker that only thinks.

``web/ai_client.py`` starts it (``<script type="py" worker name="qin-ai">``) when a
game has a computer seat, and calls ``choose`` with one ``qin_ui.ai_bridge`` request per
move: the seat's view, never the other hands or the pile.  It answers with the move's
text.  The worker has no DOM access (none is needed, so the page needs no COOP/COEP).
"""

from __future__ import annotations

from qin_ui.ai_bridge import answer

import qin.ai  # noqa: F401  (loaded now, so the first move does not wait for it)


def choose(request: str) -> str:
    """The move (text) for one ``ai_bridge`` request."""
    return answer(str(request))


def ping() -> str:
    return "ready"


__export__ = ["choose", "ping"]
