"""Typed outline of the ``pyscript`` package (PyScript 0.7), the names the site uses.

The real package is ``@pyscript/core``'s ``src/stdlib/pyscript/`` and exists only in
the browser.  ``document`` and ``window`` are the page's own (proxied in a worker).
"""

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from pyodide.ffi import JsProxy

_Handler = TypeVar("_Handler", bound=Callable[..., object])

RUNNING_IN_WORKER: bool
document: JsProxy
window: JsProxy
config: JsProxy

class Event:
    """A Python-side event that ``when`` can listen to."""

    def trigger(self, result: object) -> None: ...
    def add_listener(self, listener: Callable[..., object]) -> None: ...
    def remove_listener(self, *listeners: Callable[..., object]) -> None: ...

def when(
    event_type: str | Event | list[Event],
    selector: str | JsProxy | list[JsProxy] | None = None,
    *,
    capture: bool = ...,
    once: bool = ...,
    passive: bool = ...,
    signal: JsProxy = ...,
) -> Callable[[_Handler], _Handler]:
    """Adds the decorated function as a listener for ``event_type`` on ``selector``'s
    elements; it receives the event if it takes an argument (sync or async)."""

class _Workers:
    """Named workers (``<script type="py" worker name="...">``), ready when awaited."""

    def __getitem__(self, name: str) -> Awaitable[JsProxy]: ...
    def __getattr__(self, name: str) -> Awaitable[JsProxy]: ...

workers: _Workers  # main thread only

async def create_named_worker(
    src: str, name: str, config: str | dict[str, Any] | None = None, type: str = "py"
) -> JsProxy: ...
