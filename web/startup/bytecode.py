"""The page's compiled Python: made at build time and served with the site, or kept in
the browser between visits.

Pyodide compiles every module of ours from source at each start: most of the time our
imports take.  ``restore()``, called before anything of ours is imported, finds their
code objects (``marshal``) and installs an import finder that hands them to Python
instead of compiling the sources:

1. the entry kept in the browser's Cache Storage (``qin.bytecode``, ``./bytecode/<KEY>``),
   if there is one;
2. else the file the build made, ``./bytecode/<KEY>.marshal``: every module compiled by
   Pyodide's own Python under Node (tools/bytecode_pack.mjs, this module's ``pack``;
   the browser's Python version and magic number, its paths under ``/home/pyodide`` so
   tracebacks name the browser's files; docstrings kept, no column tables).  The page
   preloads it; the service worker precaches it, so warm and offline visits have it;
3. else (neither, or neither passes the check) the modules compile from source as
   ever, and ``store()``, after the start screen, compiles them in the background and
   keeps them in Cache Storage for the next visit.

``body[data-bytecode]`` says which (main.py sets it; e2e and bench/boot.py read it):

- ``imported``: nothing to restore: Pyodide started from its kept memory snapshot, which
  holds our modules imported already (web/startup/snapshot.js's ``PRELOAD``; the modules
  that are not in it, such as ``shell``, compile from source: a few milliseconds);
- ``restored``: the kept entry ran; ``served``: the build's file ran (nothing is kept:
  the service worker and the HTTP cache keep that file, and the next start checks it
  the same way, so a copy in Cache Storage would only cost a background compile);
- ``discarded``: the kept entry failed its check and was deleted (and the served file
  was not usable either); ``refused``: the served file failed its check; ``none``:
  neither was there (a 404 or no network); ``off``: not in a browser (or an
  unexpected failure).  Each of these compiles from source, then becomes ``stored``
  (kept) or ``off``.

- The key changes with any source and with the Python: ``tools/build_site.py`` writes
  it into the built copy of this file (a hash of every Python source, the wheel and
  Pyodide's lock file), so a start computes nothing; an unbuilt copy (tests) hashes the
  sources itself.  Another deployment, or another Pyodide, finds no entry and no file
  for its key and compiles as before.
- Every module is checked before it is used, kept or served alike: the build also
  writes the sha256 of every module's source as the page serves it (``SOURCES``) and
  of its code as the build compiled it (``BUILT``, from the served file it wrote); a
  blob holds, per module, the digest of the source it was compiled from.  A module
  whose source digest is not the build's (code from other sources, or an altered
  source) or whose code is not the build's (a corrupted or altered blob, its digests
  recomputed or not) refuses the whole blob: nothing of it runs.  The check is tied to
  the build, shipped with the page, never to a digest stored beside the blob: a script
  on this origin cannot keep its own code across reloads by recompiling it and
  recomputing a digest.  The browser compiles as the build does (snapshot.js starts
  Pyodide with ``PYTHONNODEBUGRANGES``, as tools/bytecode_pack.mjs does), so what
  ``store()`` keeps is the build's code byte for byte; what is not is never kept.
- Everything here is an optimisation: whatever fails (no Cache Storage, a damaged
  entry, a missing file, a full disk) is ignored and the page compiles from source;
  nothing the player has is touched.  One entry is kept; older ones are deleted.

Pure Python apart from ``restore``/``store`` (which reach the browser through ``js``),
so the key, the packing, the choice (``chosen``) and the finder are unit-tested in
CPython.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import marshal
import os
import sys
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from types import CodeType, ModuleType
from typing import Any

KEY = "__QIN_PY_KEY__"  # tools/build_site.py writes the built site's key here
SOURCES: dict[str, str] = {"__QIN_PY_SOURCES__": ""}
"""Each module's path (relative to the page's directory) -> the sha256 of its source:
written by tools/build_site.py; an unbuilt copy (tests) hashes its sources itself."""
BUILT: dict[str, str] = {"__QIN_PY_BUILT__": ""}
"""Each module's path -> the sha256 of its code as the build compiled it (the served
file's): written by tools/build_site.py.  Kept or served, a module runs only if its code
is that code; an unbuilt copy (tests) has none and trusts the digest kept with it."""
CACHE_NAME = "qin.bytecode"  # not "qin-...": the service worker deletes those not its own
SKIP = {"main.py", "ai_worker.py", "selftest.py", "bytecode.py"}  # run, not imported
SKIP_DIRS = {"__pycache__", "pyscript"}  # PyScript's own: imported before ``restore``
CODES: dict[str, bytes] = {}  # source path -> marshalled code, kept or served
SERVED_SUFFIX = ".marshal"  # the build's file: bytecode/<KEY>.marshal (tools/build_site.py)


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


Kept = tuple[str, str, bytes]
"""One kept module: (sha256 of its source, sha256 of its code, its marshalled code)."""


class KeptCodeMismatch(ValueError):
    """A kept module that is not the code of the source the build wrote (or is damaged)."""


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def kept(path: str) -> Kept:
    """The source file at ``path`` compiled, as it is kept: with its digests."""
    with open(path, "rb") as f:
        source = f.read()
    code = marshal.dumps(compile(source, path, "exec", dont_inherit=True))
    return digest(source), digest(code), code


def pack(files: Iterable[str]) -> bytes:
    """Every file compiled, as one ``marshal`` blob: ``{path: kept(path)}``."""
    return marshal.dumps({path: kept(path) for path in files})


def unpack(data: bytes) -> dict[str, Kept]:
    """``pack``'s blob read back; ``ValueError`` if it is not one."""
    codes = marshal.loads(data)
    if not isinstance(codes, dict) or not all(
            isinstance(k, str) and isinstance(v, tuple) and len(v) == 3
            and isinstance(v[0], str) and isinstance(v[1], str) and isinstance(v[2], bytes)
            for k, v in codes.items()):
        raise ValueError("the bytecode cache holds something else")
    return codes


def expected_sources(root: str, files: Sequence[str] | None = None) -> dict[str, str]:
    """The sha256 of each module's source, by path relative to ``root``: the build's,
    or (unbuilt) those of the files on disk."""
    if "__QIN_PY_SOURCES__" not in SOURCES:
        return SOURCES
    out: dict[str, str] = {}
    for path in sources(root) if files is None else files:
        with open(path, "rb") as f:
            out[os.path.relpath(path, root).replace(os.sep, "/")] = digest(f.read())
    return out


def built_codes() -> dict[str, str]:
    """The build's digest of each module's code (``BUILT``), or none (an unbuilt copy)."""
    return {} if "__QIN_PY_BUILT__" in BUILT else BUILT


def checked(codes: Mapping[str, Kept], expected: Mapping[str, str],
            root: str, built: Mapping[str, str] | None = None) -> dict[str, bytes]:
    """The kept code of each module, ``{path: marshalled code}``, if every module is
    the code of the source ``expected`` names; ``KeptCodeMismatch`` naming the first
    module that is not (its source's digest is not the expected one, or its code is not
    the code the build made, ``built``: the digest kept beside it proves nothing, a
    script could have recomputed it; without ``built``, an unbuilt copy, its code must
    match the digest kept with it)."""
    out: dict[str, bytes] = {}
    for path, (source_digest, code_digest, code) in codes.items():
        rel = os.path.relpath(path, root).replace(os.sep, "/")
        if expected.get(rel) != source_digest:
            raise KeptCodeMismatch(f"the kept code of {rel!r} was compiled from another source")
        if digest(code) != (built.get(rel) if built else code_digest):
            raise KeptCodeMismatch(f"the kept code of {rel!r} is not the code that was built")
        out[path] = code
    return out


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
    """The kept entry's URL in Cache Storage."""
    return f"./bytecode/{k}"


def served_url(k: str) -> str:
    """The build's compiled modules, a file of the site (tools/build_site.py)."""
    return f"./bytecode/{k}{SERVED_SUFFIX}"


def at_site(url: str, root: object) -> str:
    """A site-relative ``url`` ("./...") from the site's ``root`` when one is known: a
    worker's own address is a blob, against which "./" means nothing."""
    return root + url.removeprefix("./") if isinstance(root, str) and root else url


def _site_root(js: Any) -> str:
    """The site's root as web/startup/snapshot.js found it (``globalThis.qinSite``)."""
    root = getattr(js, "qinSite", None)
    return str(root) if root is not None else ""


Fetch = Callable[[], Awaitable[bytes | None]]
"""Reads one source of compiled modules: its bytes, or None when there are none."""


async def chosen(kept_entry: Fetch, served_file: Fetch, discard: Callable[[], Awaitable[None]],
                 expected: Mapping[str, str], root: str,
                 warn: Callable[[str], None],
                 built: Mapping[str, str] | None = None) -> tuple[str, dict[str, bytes]]:
    """Where this start's compiled modules come from, and their code: the kept entry
    (``"restored"``) if it passes the check, else the build's file (``"served"``) if it
    passes it; else no code and why (``"discarded"``: the kept entry failed its check
    and was deleted, ``"refused"``: the served file failed it, ``"none"``: neither was
    there).  Each candidate is read only when the one before it is not used."""
    problem = "none"
    for outcome, read, failure in (("restored", kept_entry, "kept bytecode discarded"),
                                   ("served", served_file, "served bytecode refused")):
        data = await read()
        if data is None:
            continue
        try:
            return outcome, checked(unpack(data), expected, root, built)
        except (ValueError, EOFError, TypeError) as exc:
            warn(f"{failure}: {exc}")
        if outcome == "restored":  # a damaged kept entry goes
            await discard()
            problem = "discarded"
        elif problem != "discarded":
            problem = "refused"
    return problem, {}


def worth_keeping(outcome: str) -> bool:
    """Whether a start that restored its modules so (``restore``'s word) should compile
    and keep them for the next visit: not when it ran kept or served code (the served
    file stays with the site's files, and the next start checks it the same way)."""
    return outcome not in ("imported", "restored", "served")


IMPORTED_MARK = "qin_ui.app"
"""A module of web/startup/snapshot.js's PRELOAD: in ``sys.modules`` before our first import
only when Pyodide's snapshot brought it."""


def imported_already() -> bool:
    """Whether our modules came imported with Pyodide's kept snapshot."""
    return IMPORTED_MARK in sys.modules


async def restore(root: str | None = None) -> str:
    """Before the imports: the compiled modules for these sources, kept or served, each
    module checked (``chosen``, ``checked``) and installed.  Returns what happened:
    ``chosen``'s word (without Cache Storage, the served file alone), or ``"off"``
    (not in a browser); ``"imported"`` when Pyodide's snapshot brought our modules."""
    if imported_already():
        return "imported"
    try:
        import js

        root = root or os.getcwd()
        k = current_key(root)
        site = _site_root(js)
        kept_url, served = at_site(_url(k), site), at_site(served_url(k), site)
        try:
            cache = await js.caches.open(CACHE_NAME)
        except Exception:  # noqa: BLE001 - no Cache Storage (e.g. a private window)
            cache = None

        async def kept_entry() -> bytes | None:
            hit = await cache.match(kept_url) if cache is not None else None
            return (await hit.arrayBuffer()).to_bytes() if hit else None

        async def served_file() -> bytes | None:
            try:
                response = await js.fetch(served)
                if not response.ok:
                    return None
                return bytes((await response.arrayBuffer()).to_bytes())
            except Exception:  # noqa: BLE001 - offline without it: compile instead
                return None

        async def discard() -> None:
            if cache is not None:
                await cache.delete(kept_url)

        outcome, codes = await chosen(kept_entry, served_file, discard,
                                      expected_sources(root), root, js.console.warn,
                                      built_codes())
        if codes:
            install(codes)
        return outcome
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
        codes: dict[str, Kept] = {}
        for path in files:
            codes[path] = kept(path)
            await asyncio.sleep(0)
        checked(codes, expected_sources(root, files), root, built_codes())  # else not kept
        data = marshal.dumps(codes)
        cache = await js.caches.open(CACHE_NAME)
        for old in await cache.keys():
            await cache.delete(old)
        await cache.put(at_site(_url(k), _site_root(js)), js.Response.new(to_js(data)))
        return "stored"
    except Exception:  # noqa: BLE001 - an optimisation: nothing is lost without it
        return "off"
