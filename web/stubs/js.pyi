"""Typed outline of Pyodide's ``js`` module: JavaScript's ``globalThis``.

Anything the browser (or a worker's global scope) holds is reachable as ``js.<name>``;
the names the site's Python uses are listed, the rest are ``Any``.
"""

from typing import Any

from pyodide.ffi import JsProxy

document: JsProxy  # main thread only
window: JsProxy  # main thread only
console: JsProxy
performance: JsProxy
caches: JsProxy  # CacheStorage
location: JsProxy
localStorage: JsProxy  # main thread only
Object: JsProxy
Array: JsProxy
Response: JsProxy
Promise: JsProxy
JSON: JsProxy

def __getattr__(name: str) -> Any: ...
