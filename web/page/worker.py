"""The computer players' worker, seen from the page: started on first need, asked for
moves; everything it says comes back to the application as an action
(``WorkerReady``, ``ComputerAnswer``).

The worker (``ai_worker.py``, a PyScript worker with its own Pyodide) takes seconds to
start, so the application asks for it as soon as a computer seat is chosen.  While it
thinks, the page only awaits it: hovering, scrolling and the log keep working.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pyscript import document, window, workers
from qin_ui.actions import Action, ComputerAnswer, ReviewAnswer, WorkerReady

WORKER_NAME = "qin-ai"
WORKER_SRC = "./ai_worker.py"
WORKER_CONFIG = "./pyscript.json"  # the page's own: the wheel and qin_ui


class AIWorker:
    """The PyScript worker; ``deliver`` hands its news to the application."""

    def __init__(self, deliver: Callable[[Action], object]) -> None:
        self.deliver = deliver
        self.proxy: Any = None
        self.started = False

    def start(self) -> None:
        if self.started:
            return
        self.started = True
        script = document.createElement("script")
        script.type = "py"
        script.src = WORKER_SRC
        script.setAttribute("worker", "")
        script.setAttribute("name", WORKER_NAME)
        script.setAttribute("config", WORKER_CONFIG)
        script.id = "ai-worker"
        document.body.append(script)
        asyncio.ensure_future(self._wait())

    async def _wait(self) -> None:
        self.proxy = await workers[WORKER_NAME]
        self.deliver(WorkerReady())

    async def ask(self, token: int, request: str) -> None:
        """Ask for a move; the answer (or "" if the worker failed) and the round trip's
        milliseconds come back as ``ComputerAnswer``."""
        start = float(window.performance.now())
        try:
            text = str(await self.proxy.choose(request))
        except Exception as exc:  # noqa: BLE001 - a failed answer is a stale one
            window.console.warn(f"the computer player failed: {exc}")
            text = ""
        self.deliver(ComputerAnswer(token, text, float(window.performance.now()) - start))

    async def review(self, token: int, request: str) -> None:
        """Have one move of a review judged; the answer (or "" if the worker failed)
        comes back as ``ReviewAnswer``."""
        try:
            text = str(await self.proxy.review_move(request))
        except Exception as exc:  # noqa: BLE001 - a failed answer ends the review
            window.console.warn(f"the review failed: {exc}")
            text = ""
        self.deliver(ReviewAnswer(token, text))
