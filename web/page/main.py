"""The game page's Python, run in a PyScript worker (``<script type="py" worker
name="qin-app">`` in index.html): restores the kept bytecode, then answers the shell
(``shell.js``, on the page's main thread): each message, one reply (``host.Host``).

The main thread never waits for this Python: it shows prestart.js's start screen while
Pyodide loads here, then the shell takes over prestart.js's form and intent, binds its
listeners and sends ``start`` (the storage, the address, the language), which opens what
the page shows first (a game link, the game left open, the start screen, or the game an
early Start or Resume asked for).  The worker's ``qin:*`` marks travel in that reply and
the shell marks them on the page's timeline (bench/boot.py reads them).  Afterwards: a
rehearsal draws a game to strings while the start screen waits, and the shell asks for
``keep`` (exported beside ``receive``) to keep the bytecode for the next visit.

The worker needs no DOM and no cross-origin isolation: the shell calls the exported
``receive`` and awaits its answer (PyScript's ``xworker.sync``, main thread to worker).
"""

from __future__ import annotations

import asyncio

import js


def mark(name: str) -> tuple[str, float]:
    """A ``qin:*`` mark as an absolute time (the page's timeline has another origin)."""
    return name, float(js.performance.timeOrigin) + float(js.performance.now())


MARKS = [mark("qin:main")]

import bytecode  # noqa: E402

# The bytecode compiled at an earlier visit, so the imports skip the compiler.
BYTECODE = await bytecode.restore()  # noqa: F704 - PyScript allows a top-level await
MARKS.append(mark("qin:bytecode"))

import host  # noqa: E402
from qin_ui import render  # noqa: E402
from qin_ui.modes import Mode  # noqa: E402

MARKS.append(mark("qin:imported"))
KEEP_AFTER_MS = 1500
"""After the start screen, compile our modules for the next visit (not this one's first
seconds: a click on Start comes first)."""


class Runtime:
    """The host, fed by the shell's messages; each is answered by one reply."""

    def __init__(self) -> None:
        self.host: host.Host | None = None

    def receive(self, text: str) -> str:
        """The reply to one message of the shell (synchronous: no event loop between
        the message and its reply)."""
        message = host.decode(str(text))
        if self.host is None:
            if message.get("t") != "start":
                return "{}"
            self.host = host.Host.open(message.get("storage"))
            reply = self.host.handle(message)
            reply["marks"] = MARKS
            # restored | served | discarded | refused | none | off (bytecode.py's
            # docstring; e2e and bench read it)
            reply["body"] = {"bytecode": BYTECODE}
            if bytecode.worth_keeping(BYTECODE):
                reply.setdefault("effects", []).append({"fx": "keep", "ms": KEEP_AFTER_MS})
            asyncio.ensure_future(rehearse(self.host))
            return host.encode(reply)
        return host.encode(self.host.handle(message))

    async def keep(self) -> str:
        """Compile our modules and keep them for the next visit (seconds; asked by the
        shell a while after the start)."""
        return host.encode({"body": {"bytecode": await bytecode.store()}})


async def rehearse(h: host.Host) -> None:
    """While the start screen waits for its click, deal a game on each board once and
    draw it to strings (nothing on the page), and work out each mode's keys: the
    boards' move tables and the drawing code's first-use costs are then paid, and Start
    shows the board sooner (and the first move's reply comes sooner)."""
    app = h.app
    first = app.state.start.settings.board
    for board in (first, "lion" if first == "bird" else "bird"):
        await asyncio.sleep(0.3)
        if app.state.game.session is not None:  # a game is on: nothing to prepare for
            return
        try:
            render.warm_up(board)
            for mode in Mode:  # each mode's keys, worked out at its first reply
                host.handled_keys(mode)
        except Exception as exc:  # noqa: BLE001 - a rehearsal never stops the page
            js.console.warn(f"warm-up skipped: {exc}")
            return


RUNTIME = Runtime()
receive = RUNTIME.receive
keep = RUNTIME.keep
__export__ = ["receive", "keep"]
