"""The game page's entry point: restores the kept bytecode, builds the page (the
application and its DOM shell, ``shell.py``), loads the language and boots.

The order of start-up (bench/boot.py reads the ``qin:*`` marks): lang.js and boot.js
fetch the language's catalogue and prestart.js makes the start screen usable while
Pyodide loads; here the kept bytecode is restored before anything of ours is imported;
the shell takes over prestart.js's form and intent, binds its listeners and opens what
the page shows first (a game link, the game left open, the start screen, or the game an
early Start or Resume asked for); boot.js marks the page ready when this script has
finished.  Afterwards: a rehearsal draws a game to
strings while the start screen waits, and the bytecode is kept for the next visit.
"""

from __future__ import annotations

import asyncio

import js

js.performance.mark("qin:main")

import bytecode  # noqa: E402

# The bytecode compiled at an earlier visit, so the imports skip the compiler.
BYTECODE = await bytecode.restore()  # noqa: F704 - PyScript allows a top-level await
js.performance.mark("qin:bytecode")

import shell  # noqa: E402
from pyscript import document  # noqa: E402

js.performance.mark("qin:imported")

PAGE = shell.Page()
await PAGE.load_language()  # noqa: F704
PAGE.boot()
js.performance.mark("qin:ready")

REHEARSAL = asyncio.ensure_future(shell.rehearse(PAGE))


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
