"""The page's compiled Python, kept in the browser between visits.

Pyodide compiles every module of ours from source at each start: most of the time our
imports take.  After a start without it, ``store()`` compiles them in the background
and keeps the code objects (``marshal``) in the browser's Cache Storage; the next start
calls ``restore()`` before importing anything, and an import finder hands Python
those code objects instead of compiling the sources again.

- The entry is found by a key that changes with any source and with the Python:
  ``tools/build_site.py`` writes it into the built copy of this file (a hash of every
  Python source, the wheel and Pyodide's lock file), so a start computes nothing; an
  unbuilt copy (tests) hashes the sources itself.  Another deployment, or another
  Pyodide, finds no entry for its key and compiles as before.
- Everything here is an optimisation: whatever fails (no Cache Storage, a damaged
  entry, a full disk) is ignored and the page compiles from source; nothing the player
  has is touched.  One entry is kept; older ones are deleted.

Pure Python apart from ``restore``/``store`` (which reach the browser through ``js``),
so the key, the packing and the finder are unit-tested in CPython.
"""

from __future__ import annotations

import importlib.machinery
import marshal
import os
import sys
from collections.abc import Iterable, Sequence
from types import CodeType, ModuleType
from typing import Any

KEY = "__QIN_PY_KEY__"  # tools/build_site.py writes the built site's key here
CACHE_NAME = "qin.bytecode"  # not "qin-...": the service worker deletes those not its own
SKIP = {"main.py", "ai_worker.py", "selftest.py", "bytecode.py"}  # run, not imported
SKIP_DIRS = {"__pycache__", "pyscript"}  # PyScript's own: imported before ``restore``
CODES: dict[str, bytes] = {}  # source path -> marshalled code, from the cache


def sources(root: str) -> list[str]:
    """Our importable source files under ``root`` (the page's working directory)."""
    found: list[str] = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS
                             and not d.startswith("."))
        found.extend(os.path.join(dirpath, f) for f in sorted(filenames)
                     if f.endswith(".py") and not (dirpath == root and f in SKIP))
    return found


def key_of(root: str, files: Iterable[str]) -> str:
    """The key of an unbuilt copy: the Python and every source, hashed."""
    import hashlib

    digest = hashlib.sha256(sys.version.encode())
    for path in files:
        digest.update(os.path.relpath(path, root).encode() + b"\0")
        with open(path, "rb") as f:
            digest.update(f.read() + b"\0")
    return digest.hexdigest()[:32]


def current_key(root: str, files: Sequence[str] | None = None) -> str:
    if not KEY.startswith("__"):
        return KEY
    return key_of(root, sources(root) if files is None else files)


def compiled(path: str) -> bytes:
    """The source file at ``path`` compiled, marshalled."""
    with open(path, "rb") as f:
        return marshal.dumps(compile(f.read(), path, "exec", dont_inherit=True))


def pack(files: Iterable[str]) -> bytes:
    """Every file compiled, as one ``marshal`` blob: ``{path: marshalled code}``."""
    return marshal.dumps({path: compiled(path) for path in files})


def unpack(data: bytes) -> dict[str, bytes]:
    """``pack``'s blob read back; ``ValueError`` if it is not one."""
    codes = marshal.loads(data)
    if not isinstance(codes, dict) or not all(
            isinstance(k, str) and isinstance(v, bytes) for k, v in codes.items()):
        raise ValueError("the bytecode cache holds something else")
    return codes


class CachedLoader(importlib.machinery.SourceFileLoader):
    """A source file's loader that takes its code from ``CODES`` when it is there."""

    def get_code(self, fullname: str) -> CodeType:
        data = CODES.pop(self.path, None)
        if data is not None:
            try:
                code = marshal.loads(data)
                if isinstance(code, CodeType):
                    return code
            except (ValueError, EOFError, TypeError):
                pass
        code = super().get_code(fullname)
        assert code is not None
        return code


class CachedFinder:
    """Finds modules as the path finder does, with ``CachedLoader`` for our sources."""

    @classmethod
    def find_spec(cls, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> Any:
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if (spec is not None and spec.origin in CODES
                and isinstance(spec.loader, importlib.machinery.SourceFileLoader)):
            spec.loader = CachedLoader(spec.loader.name, spec.loader.path)
        return spec


def install(codes: dict[str, bytes]) -> None:
    """Serve ``codes`` to the imports that follow (just before the path finder)."""
    CODES.update(codes)
    if CachedFinder not in sys.meta_path:
        at = sys.meta_path.index(importlib.machinery.PathFinder)
        sys.meta_path.insert(at, CachedFinder)


# -- the browser ---------------------------------------------------------------------
def _url(k: str) -> str:
    return f"./bytecode/{k}"


async def restore(root: str | None = None) -> str:
    """Before the imports: the cached code for these sources, if any.  Returns what
    happened: ``"restored"``, ``"none"`` (nothing for this key) or ``"off"``."""
    try:
        import js

        root = root or os.getcwd()
        cache = await js.caches.open(CACHE_NAME)
        hit = await cache.match(_url(current_key(root)))
        if not hit:
            return "none"
        install(unpack((await hit.arrayBuffer()).to_bytes()))
        return "restored"
    except Exception:  # noqa: BLE001 - an optimisation: compile from source instead
        return "off"


async def store(root: str | None = None) -> str:
    """After the start screen: compile our modules (one per event-loop turn, so the
    page stays responsive) and keep them for the next visit.  Returns ``"stored"`` or
    ``"off"``."""
    try:
        import asyncio

        import js
        from pyodide.ffi import to_js

        root = root or os.getcwd()
        files = sources(root)
        k = current_key(root, files)
        codes: dict[str, bytes] = {}
        for path in files:
            codes[path] = compiled(path)
            await asyncio.sleep(0)
        data = marshal.dumps(codes)
        cache = await js.caches.open(CACHE_NAME)
        for old in await cache.keys():
            await cache.delete(old)
        await cache.put(_url(k), js.Response.new(to_js(data)))
        return "stored"
    except Exception:  # noqa: BLE001 - an optimisation: nothing is lost without it
        return "off"
