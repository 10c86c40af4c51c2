"""The game page's entry point: restores the kept bytecode, opens the application
behind its host (``host.py``) and connects it to the JavaScript shell (``shell.js``).

The order of start-up (bench/boot.py reads the ``qin:*`` marks): lang.js and boot.js
fetch the language's catalogue and prestart.js makes the start screen usable while
Pyodide loads; here the kept bytecode is restored before anything of ours is imported;
then the shell takes over prestart.js's form and intent, binds its listeners and sends
``start`` (the storage, the address, the language), which opens what the page shows
first (a game link, the game left open, the start screen, or the game an early Start or
Resume asked for); boot.js marks the page ready when this script has finished.
Afterwards: a rehearsal draws a game to strings while the start screen waits, and the
bytecode is kept for the next visit.

Every message of the shell is answered by one reply (``Host.handle``).
"""

from __future__ import annotations

import asyncio

import js

js.performance.mark("qin:main")

import bytecode  # noqa: E402

# The bytecode compiled at an earlier visit, so the imports skip the compiler.
BYTECODE = await bytecode.restore()  # noqa: F704 - PyScript allows a top-level await
js.performance.mark("qin:bytecode")

import host  # noqa: E402
from pyscript import document, window  # noqa: E402
from pyscript.ffi import create_proxy  # noqa: E402
from qin_ui import render  # noqa: E402

js.performance.mark("qin:imported")


class Runtime:
    """The host, fed by the shell's messages; each is answered by one reply."""

    def __init__(self) -> None:
        self.host: host.Host | None = None

    def receive(self, text: str) -> None:
        message = host.decode(str(text))
        if self.host is None:
            if message.get("t") != "start":
                return
            self.host = host.Host.open(message.get("storage"))
        reply = host.encode(self.host.handle(message))
        if reply != "{}":
            window.qinShell.receive(reply)


async def rehearse(runtime: Runtime) -> None:
    """While the start screen waits for its click, deal a game on each board once and
    draw it to strings (nothing on the page): the boards' move tables and the drawing
    code's first-use costs are then paid, and Start shows the board sooner."""
    app = runtime.host.app if runtime.host is not None else None
    if app is None:
        return
    first = app.state.start.settings.board
    for board in (first, "lion" if first == "bird" else "bird"):
        await asyncio.sleep(0.3)
        if app.state.game.session is not None:  # a game is on: nothing to prepare for
            return
        try:
            render.warm_up(board)
        except Exception as exc:  # noqa: BLE001 - a rehearsal never stops the page
            js.console.warn(f"warm-up skipped: {exc}")
            return


RUNTIME = Runtime()
RECEIVE = create_proxy(RUNTIME.receive)
await window.qinShell.connect(RECEIVE)  # noqa: F704
js.performance.mark("qin:connected")

REHEARSAL = asyncio.ensure_future(rehearse(RUNTIME))


async def _keep_bytecode() -> None:
    """After the start screen, compile our modules for the next visit (not this one's
    first seconds: a click on Start comes first)."""
    await asyncio.sleep(1.5)
    document.body.dataset.bytecode = await bytecode.store()


# restored | served | discarded | refused | none | off (bytecode.py's docstring; e2e and
# bench read it)
document.body.dataset.bytecode = BYTECODE
if bytecode.worth_keeping(BYTECODE):
    KEEPING = asyncio.ensure_future(_keep_bytecode())
