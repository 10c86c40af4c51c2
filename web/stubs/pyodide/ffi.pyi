"""Typed outline of ``pyodide.ffi`` (Pyodide 314), the part the site's Python uses.

Pyodide's own annotations live in ``_pyodide/_core_docs.py`` inside its
``python_stdlib.zip``; this stub keeps their shape with fewer generics.  A JavaScript
object seen from Python is a ``JsProxy``: its attributes are whatever JavaScript holds,
so they are ``Any``.
"""

from collections.abc import Callable, Iterable
from typing import Any, Literal, final, overload

class JsProxy:
    """A JavaScript object; ``x.new(...)`` calls a JavaScript constructor."""

    typeof: str
    def __getattr__(self, name: str) -> Any: ...
    def __setattr__(self, name: str, value: Any) -> None: ...
    def to_py(self, *, depth: int = -1) -> Any: ...
    def new(self, *args: Any) -> JsProxy: ...

class JsDoubleProxy(JsProxy):
    """A JavaScript handle on a Python object that lives until ``destroy()``."""

    def destroy(self) -> None: ...
    def unwrap(self) -> Any: ...

class JsException(Exception):
    """A JavaScript error raised into Python."""

    name: str
    message: str

@final
class JsNull:
    """The type of ``jsnull``, JavaScript's ``null`` (``undefined`` becomes ``None``)."""

    typeof: Literal["object"]
    def __bool__(self) -> Literal[False]: ...

jsnull: JsNull

def create_proxy(
    obj: object, /, *, capture_this: bool = False, roundtrip: bool = True
) -> JsDoubleProxy: ...

_DictConverter = Callable[[Iterable[Any]], Any]

@overload
def to_js(
    obj: list[Any] | tuple[Any, ...] | dict[Any, Any] | bytes | bytearray | memoryview,
    /,
    *,
    depth: int = -1,
    create_pyproxies: bool = True,
    dict_converter: _DictConverter | None = None,
) -> JsProxy: ...
@overload
def to_js(
    obj: object,
    /,
    *,
    depth: int = -1,
    create_pyproxies: bool = True,
    dict_converter: _DictConverter | None = None,
) -> Any: ...
