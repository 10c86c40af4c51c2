"""The page's side of the computer players: starts their worker, asks it for moves,
plays the answers with a short animation, and keeps the status up to date.

``main.py`` makes one ``Computers`` and calls ``update()`` after every redraw.  The
worker (``ai_worker.py``, a PyScript worker) is started only when a game with a
computer seat is set up; until it is ready the status says so.  While it thinks the
main thread only awaits it, so hovering, scrolling and the log keep working.

Page state for styling and tests: ``#status[data-ai]`` is ``loading``, ``thinking``
or ``paused`` while a computer is to move (absent otherwise); ``#status[data-worker]``
is ``starting`` / ``ready``; ``#board[data-dropped]`` is the last computer move
animated and ``#status[data-think-ms]`` how long the worker took for it (ms, round
trip).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pyscript import document, window, workers
from qin_ui import computer
from qin_ui.session import Session

try:  # Pyodide turns JavaScript's null into ``jsnull`` (not None) in new versions
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover - older Pyodide
    jsnull = None

WORKER_NAME = "qin-ai"
WORKER_SRC = "./ai_worker.py"
WORKER_CONFIG = "./pyscript.json"  # the page's own: the wheel and qin_ui


class Worker:
    """The computer players' PyScript worker, started on first need."""

    def __init__(self, on_ready: Callable[[], None]) -> None:
        self.state = "off"  # off | starting | ready
        self.proxy: Any = None
        self._ready: asyncio.Future[Any] | None = None
        self._on_ready = on_ready

    def start(self) -> None:
        if self.state != "off":
            return
        script = document.createElement("script")
        script.type = "py"
        script.src = WORKER_SRC
        script.setAttribute("worker", "")
        script.setAttribute("name", WORKER_NAME)
        script.setAttribute("config", WORKER_CONFIG)
        script.id = "ai-worker"
        document.body.append(script)
        self.state = "starting"
        self._ready = asyncio.ensure_future(self._wait())

    async def _wait(self) -> Any:
        self.proxy = await workers[WORKER_NAME]
        self.state = "ready"
        self._on_ready()
        return self.proxy

    async def ready(self) -> None:
        self.start()
        assert self._ready is not None
        await self._ready

    async def choose(self, request: str) -> str:
        await self.ready()
        return str(await self.proxy.choose(request))


class Computers:
    """Computer turns of the game on screen."""

    def __init__(self, session: Callable[[], Session | None],
                 draw: Callable[[frozenset[str]], None]) -> None:
        self.session = session
        self.draw = draw
        self.worker = Worker(self.update)
        self.speed = computer.DEFAULT_SPEED
        self.turn: object | None = None  # the computer turn under way (a token)

    def el(self, element_id: str) -> Any:
        return document.getElementById(element_id)

    # -- called by main.py ---------------------------------------------------------
    def prepare(self, any_computer: bool) -> None:
        """A computer seat was chosen on the start screen or a game with one set up:
        start the worker now (a Pyodide boot takes seconds)."""
        if any_computer:
            self.worker.start()
            self.el("status").dataset.worker = self.worker.state

    def set_speed(self, speed: str) -> None:
        if speed in computer.SPEEDS:
            self.speed = speed
            self.update()

    def update(self) -> None:
        """After every redraw: show the computer's state, start its turn if due."""
        s = self.session()
        status = self.el("status")
        status.dataset.worker = self.worker.state
        watch = self.el("watch")
        watch.hidden = s is None or not computer.has_computers(s) or not computer.watching(s)
        if s is None or computer.ask(s) is None:
            status.removeAttribute("data-ai")
            status.classList.remove("busy")
            return
        text, state = computer.status(s, self.worker.state, self.speed)
        status.textContent = text
        status.dataset.ai = state
        status.classList.toggle("busy", state != "paused")
        self.worker.start()
        if self.turn is None:
            delay = computer.delay_ms(s, self.speed)
            if delay is not None:
                token = object()
                self.turn = token
                asyncio.ensure_future(self._play(s, token, delay))

    # -- a computer turn -----------------------------------------------------------
    async def _play(self, s: Session, token: object, delay: int) -> None:
        played = False
        try:
            if delay:
                await asyncio.sleep(delay / 1000)
            request = computer.ask(s) if self.session() is s else None
            if request is None or computer.delay_ms(s, self.speed) is None:
                return
            await self.worker.ready()
            self.update()  # the status now says who is thinking (no longer "starting")
            start = window.performance.now()
            text = await self.worker.choose(request)
            took = window.performance.now() - start
            rest = computer.min_think_ms(s) - took
            if rest > 0:  # a quick decision still shows its thinking for a moment
                await asyncio.sleep(rest / 1000)
            if self.session() is not s:
                return
            parts = computer.accept(s, request, text)
            if not parts:
                return
            played = True
            self.turn = None
            status = self.el("status")
            status.dataset.thinkMs = str(round(took))
            self.draw(parts)
            self._animate(text)
        finally:
            if self.turn is token:
                self.turn = None
            if not played:
                self.update()

    def _animate(self, move: str) -> None:
        """The computer's tile drops in (CSS; none with prefers-reduced-motion)."""
        board = self.el("board")
        board.dataset.dropped = move
        if move == "pass":
            return
        for selector, cls in ((f'.tiles [data-move="{move}"]', "dropped"),
                              (".last-move", "fresh")):
            hit = board.querySelector(selector)
            if hit is not None and hit is not jsnull:
                hit.classList.add(cls)
