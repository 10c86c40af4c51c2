"""The computer players' worker, seen from the page: started on first need, asked for
moves and hints; everything it says comes back to the application as an action
(``WorkerReady``, ``ComputerAnswer``, ``HintAnswer``).

The worker (``ai_worker.py``, a PyScript worker with its own Pyodide) takes seconds to
start, so the application asks for it as soon as a computer seat is chosen.  While it
thinks, the page only awaits it: hovering, scrolling and the log keep working.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pyscript import document, window, workers
from qin_ui.actions import Action, ComputerAnswer, HintAnswer, WorkerReady

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

    async def _choose(self, request: str) -> tuple[str, float]:
        """The worker's move for a ``qin-ai-request/2`` ("" if it failed) and the round
        trip's milliseconds."""
        start = float(window.performance.now())
        try:
            text = str(await self.proxy.choose(request))
        except Exception as exc:  # noqa: BLE001 - a failed answer is a stale one
            window.console.warn(f"the computer player failed: {exc}")
            text = ""
        return text, float(window.performance.now()) - start

    async def ask(self, token: int, request: str) -> None:
        """Ask for a computer's move; it comes back as ``ComputerAnswer``."""
        text, took = await self._choose(request)
        self.deliver(ComputerAnswer(token, text, took))

    async def hint(self, token: int, request: str) -> None:
        """Ask for a hint: the same request (the human seat's view, the strongest level),
        answered by the same ``choose``; it comes back as ``HintAnswer``."""
        text, took = await self._choose(request)
        self.deliver(HintAnswer(token, text, took))
