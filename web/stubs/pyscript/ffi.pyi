"""Typed outline of ``pyscript.ffi`` (PyScript 0.7): Pyodide's FFI behind one name.

Unlike Pyodide's ``to_js``, PyScript's turns a ``dict`` into a plain JavaScript object
(``Object.fromEntries``) unless ``dict_converter`` says otherwise.
"""

from typing import Any

from pyodide.ffi import JsDoubleProxy as JsDoubleProxy
from pyodide.ffi import JsNull as JsNull
from pyodide.ffi import JsProxy as JsProxy
from pyodide.ffi import create_proxy as create_proxy
from pyodide.ffi import jsnull as jsnull
from pyodide.ffi import to_js as to_js

def is_none(value: object) -> bool:
    """True for ``None`` and JavaScript's ``null``."""

def assign(source: JsProxy, *args: JsProxy | dict[str, Any]) -> JsProxy:
    """Copies the properties of ``args`` into ``source`` (``Object.assign``)."""
