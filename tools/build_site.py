#!/usr/bin/env python3
"""Build the deployable static site into build/site/ (stdlib only).

Layout of the result (everything the page loads is here, same origin):

    build/site/
        index.html, boot.js, main.py, ...   web/page/, web/startup/, web/worker/ and
                                            web/static/, copied side by side to the root
        embed/, rules/, i18n/               web/embed/, web/rules/, web/i18n/, copied
        pyscript.json                       generated PyScript config (names the wheel),
                                            merged over web/page/pyscript.base.json if present
        vendor/pyscript/...                 @pyscript/core dist/ (from node_modules)
        vendor/pyodide/...                  the Pyodide runtime (from node_modules), but its
                                            python_stdlib.zip packed by tools/stdlib.py (Node
                                            runs Pyodide for that) and its lock file without
                                            packages
        wheels/qin_board_game-<version>-py3-none-any.whl   the engine (distribution qin-board-game,
                                            import name qin)
        bytecode/<KEY>.marshal              the page's modules compiled by Pyodide's Python under
                                            Node (tools/bytecode_pack.mjs), for
                                            web/startup/bytecode.py's restore()
        bytecode/pyscript-<HASH>.pack       PyScript's own Python package compiled the same way
                                            (tools/pyscript_bytecode.mjs; web/startup/pack.js's
                                            format, gzip inside), for web/startup/snapshot.js
        *.gz, *.br                          precompressed copies beside each text/wasm file
                                            > 1 KB (gzip; brotli where smaller, made by Node)

The build is incremental: the wheel is rebuilt only when its inputs (qin/,
boards/, pyproject.toml, README.md) change, the packed standard library and the
compiled modules only when theirs do, files are copied only when they
differ, .gz and .br files are regenerated only when their source changed, and files
that no longer belong to the site are removed. Run `npm ci` first (the
Makefile does) so node_modules/ holds the pinned PyScript and Pyodide.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import marshal
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: only tools/ itself is on the path
    sys.path.insert(0, str(ROOT))

from tools import site_headers, stdlib  # noqa: E402

WEB_DIR = ROOT / "web"
ROOT_GROUPS = ("page", "startup", "worker", "static")
"""web/ is grouped by what things are: the game page, start-up and offline machinery, the
computer players' worker, and static assets.  The site serves these groups side by side at
its root (so the service worker's scope, the page's relative URLs and PyScript's file map
are those of one folder); every other folder of web/ (embed/, rules/, i18n/) keeps its name."""
NOT_SERVED = ("stubs",)
"""Folders of web/ that are not part of the site: stubs/ holds the type checker's outlines
of the browser-only modules (`js`, `pyscript`, `pyodide.ffi`)."""
NODE_MODULES = ROOT / "node_modules"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYODIDE_DIR = NODE_MODULES / "pyodide"
DEFAULT_OUT = ROOT / "build" / "site"
DEFAULT_DIST = ROOT / "build" / "dist"

PYSCRIPT_VERSION = "0.7.31"
PYODIDE_VERSION = "314.0.2"
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Source maps are only fetched by an open DevTools; leaving them out halves vendor/pyscript.
SKIP_SUFFIXES = (".map",)

CONFIG_NAME = "pyscript.json"
# Optional, written by the page's author: merged into the generated config
# (e.g. more "files" for Python modules the page fetches). Not copied itself.
CONFIG_BASE_NAME = "pyscript.base.json"
# PyScript loads Pyodide through web/startup/snapshot.js (Pyodide's memory snapshot,
# kept between visits), which takes the runtime from PYODIDE_URL's folder.
INTERPRETER_URL = "./snapshot.js"
PYODIDE_URL = "./vendor/pyodide/pyodide.mjs"

# Precompress these (when larger than GZIP_MIN_SIZE and gzip makes them smaller).
GZIP_SUFFIXES = frozenset(
    {
        ".html", ".js", ".mjs", ".css", ".json", ".py", ".svg", ".txt", ".toml",
        ".md", ".xml", ".webmanifest", ".wasm", ".ico",
        ".zip",  # the packed standard library: stored, not deflated, so gzip works across files
        ".whl",  # the site's wheel: stored the same way (ensure_site_wheel)
        ".marshal",  # the page's modules compiled at build time (bytecode/<KEY>.marshal)
    }
)  # fmt: skip
GZIP_MIN_SIZE = 1024

# What goes into the wheel: a change to any of these rebuilds it.
WHEEL_INPUTS = ("qin", "boards", "pyproject.toml", "README.md")


class BuildError(RuntimeError):
    """The site cannot be built (missing inputs, failed wheel build)."""


def log(message: str) -> None:
    print(f"build_site: {message}", flush=True)


# --------------------------------------------------------------------------- wheel


def _iter_input_files(root: Path) -> Iterator[Path]:
    for name in WHEEL_INPUTS:
        path = root / name
        if path.is_file():
            yield path
        elif path.is_dir():
            for sub in sorted(path.rglob("*")):
                if sub.is_file() and "__pycache__" not in sub.parts and sub.suffix != ".pyc":
                    yield sub


def wheel_inputs_digest(root: Path = ROOT) -> str:
    """A hash of everything that determines the wheel's content."""
    digest = hashlib.sha256()
    for path in _iter_input_files(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def project_version(root: Path = ROOT) -> str:
    with (root / "pyproject.toml").open("rb") as f:
        return str(tomllib.load(f)["project"]["version"])


def wheel_stem(root: Path = ROOT) -> str:
    """The distribution's name as a wheel's file name writes it (``qin-board-game`` ->
    ``qin_board_game``; the import name stays ``qin``)."""
    with (root / "pyproject.toml").open("rb") as f:
        name = str(tomllib.load(f)["project"]["name"])
    return re.sub(r"[-_.]+", "_", name).lower()


def engine_wheel_name(root: Path = ROOT) -> str:
    """The file name of the engine's wheel: ``qin_board_game-<version>-py3-none-any.whl``."""
    return f"{wheel_stem(root)}-{project_version(root)}-py3-none-any.whl"


def _have_hatchling() -> bool:
    try:
        import hatchling  # noqa: F401
    except ImportError:
        return False
    return True


def build_wheel(out_dir: Path, root: Path = ROOT) -> Path:
    """Build the qin wheel into out_dir (which is created) and return its path.

    Uses the current interpreter's hatchling when available (fast, offline);
    otherwise lets pip fetch hatchling into an isolated build environment.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out_dir, prefix=".wheel-") as tmp:
        cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp, str(root)]
        if _have_hatchling():
            cmd.insert(-1, "--no-build-isolation")
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise BuildError(f"wheel build failed ({' '.join(cmd)}):\n{proc.stdout}{proc.stderr}")
        wheels = list(Path(tmp).glob("*.whl"))
        if len(wheels) != 1:
            raise BuildError(f"expected one wheel from {cmd}, got {wheels}")
        target = out_dir / wheels[0].name
        os.replace(wheels[0], target)
    return target


def ensure_wheel(dist_dir: Path, root: Path = ROOT) -> Path:
    """Return an up-to-date wheel in dist_dir, rebuilding it only if its inputs changed."""
    digest = wheel_inputs_digest(root)
    stamp = dist_dir / ".inputs.sha256"
    expected = dist_dir / engine_wheel_name(root)
    if expected.is_file() and stamp.is_file() and stamp.read_text().strip() == digest:
        return expected
    for old in dist_dir.glob("*.whl"):  # another version, or the old name "qin-<version>"
        if old != expected:  # the same name is replaced atomically
            old.unlink(missing_ok=True)
    log("building the qin wheel")
    wheel = build_wheel(dist_dir, root)
    if wheel != expected:
        raise BuildError(f"the wheel must be the pure-Python {expected.name}, got {wheel.name}")
    stamp.write_text(digest + "\n")
    return wheel


# The site's copy of the wheel: what the browser imports. The wheel in `dist` stays the
# whole distribution (PyPI, pip install); the site's leaves out the modules the site never
# imports (stdlib.NOT_IN_BROWSER: the command line, the arena, the board's parts that
# this build writes to embed/board-parts.json), the console script that names them, and
# METADATA's long description (the README), and stores its files without deflating them,
# like the packed standard library, so the site's gzip and brotli twins compress across
# files (a wheel's own per-file deflate cannot). Same file name: PyScript unpacks it into
# the interpreter's home, and the page and the embedded diagrams' engine name it.
SITE_WHEEL_DIR = "site"


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode()


def _metadata_headers(text: str) -> str:
    """METADATA without its body (the long description) and the header that types it."""
    head = text.split("\n\n", 1)[0]
    kept = [line for line in head.splitlines()
            if not line.startswith("Description-Content-Type:")]
    return "\n".join(kept) + "\n"


def site_wheel_entries(wheel: Path) -> list[tuple[zipfile.ZipInfo, bytes]]:
    """The site wheel's files, in the full wheel's order, RECORD written for them."""
    leave_out = set(stdlib.NOT_IN_BROWSER)
    out: list[tuple[zipfile.ZipInfo, bytes]] = []
    record: zipfile.ZipInfo | None = None
    with zipfile.ZipFile(wheel) as full:
        for info in full.infolist():
            name = info.filename
            dist_info = name.split("/", 1)[0].endswith(".dist-info")
            if name in leave_out or (dist_info and name.endswith("/entry_points.txt")):
                continue
            if dist_info and name.endswith("/RECORD"):
                record = info
                continue
            data = full.read(name)
            if dist_info and name.endswith("/METADATA"):
                data = _metadata_headers(data.decode("utf-8")).encode("utf-8")
            out.append((info, data))
    if record is None:
        raise BuildError(f"{wheel.name} has no RECORD")
    lines = [f"{info.filename},{_record_hash(data)},{len(data)}" for info, data in out]
    lines.append(f"{record.filename},,")
    out.append((record, ("\n".join(lines) + "\n").encode()))
    return out


def ensure_site_wheel(wheel: Path, dist_dir: Path) -> Path:
    """The site's copy of ``wheel`` (same name, in ``dist_dir/site``), rebuilt when the
    wheel changed."""
    target = dist_dir / SITE_WHEEL_DIR / wheel.name
    stamp = target.with_name(".source.sha256")
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if target.is_file() and stamp.is_file() and stamp.read_text().strip() == digest:
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    for old in target.parent.glob("*.whl"):
        if old != target:
            old.unlink(missing_ok=True)
    tmp = target.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as slim:
        for info, data in site_wheel_entries(wheel):
            entry = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            entry.external_attr = info.external_attr
            slim.writestr(entry, data)
    os.replace(tmp, target)
    stamp.write_text(digest + "\n")
    return target


# --------------------------------------------------------------------------- stdlib
# vendor/pyodide/python_stdlib.zip is not Pyodide's: tools/stdlib.py packs the modules of
# tools/stdlib_keep.txt, precompiled by Pyodide's own Python under Node (a first visit
# downloads less and compiles none of them).  Rebuilt only when its inputs change.

STDLIB_NAME = "python_stdlib.zip"


def stdlib_inputs_digest() -> str:
    digest = hashlib.sha256()
    for path in (stdlib.STOCK, stdlib.KEEP, stdlib.GUARD, stdlib.PACK):
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def ensure_stdlib(dist_dir: Path) -> Path:
    """An up-to-date packed standard library in dist_dir (packed only if its inputs changed)."""
    if not stdlib.STOCK.is_file():
        raise BuildError(f"{stdlib.STOCK.relative_to(ROOT)} is missing: run `npm ci`")
    digest = stdlib_inputs_digest()
    target = dist_dir / STDLIB_NAME
    stamp = dist_dir / ".stdlib.sha256"
    if target.is_file() and stamp.is_file() and stamp.read_text().strip() == digest:
        return target
    log("packing the standard library (Pyodide under Node)")
    dist_dir.mkdir(parents=True, exist_ok=True)
    tmp = dist_dir / f".{STDLIB_NAME}.{os.getpid()}.tmp"  # builds may run side by side
    try:
        stdlib.pack(tmp)
        os.replace(tmp, target)
    except stdlib.StdlibError as e:
        raise BuildError(str(e)) from None
    finally:
        tmp.unlink(missing_ok=True)
    stamp.write_text(digest + "\n")
    return target


# bytecode/<KEY>.marshal: the page's modules (page_module_sources) compiled by Pyodide's
# own Python under Node (tools/bytecode_pack.mjs) in web/startup/bytecode.py's format,
# served with the site: a first visit's restore() runs it instead of compiling them.
# Made again only when its inputs change (the modules, bytecode.py, the script, Pyodide).

SERVED_BYTECODE_NAME = "bytecode.marshal"
BYTECODE_PACK = ROOT / "tools" / "bytecode_pack.mjs"


def served_bytecode_digest(modules: dict[str, bytes], template: bytes) -> str:
    digest = hashlib.sha256(PYODIDE_VERSION.encode() + b"\0")
    for name, data in (("bytecode.py", template), (BYTECODE_PACK.name, BYTECODE_PACK.read_bytes()),
                       *sorted(modules.items())):
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.hexdigest()


def ensure_served_bytecode(dist_dir: Path, modules: dict[str, bytes], template: Path) -> bytes:
    """The page's modules compiled by Pyodide's Python (compiled again only if needed)."""
    digest = served_bytecode_digest(modules, template.read_bytes())
    target = dist_dir / SERVED_BYTECODE_NAME
    stamp = dist_dir / ".bytecode.sha256"
    if target.is_file() and stamp.is_file() and stamp.read_text().strip() == digest:
        return target.read_bytes()
    log(f"compiling the page's {len(modules)} modules (Pyodide under Node)")
    dist_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=dist_dir, prefix=".bytecode-") as tmp:
        page = Path(tmp) / "page"
        for rel, data in modules.items():
            (page / rel).parent.mkdir(parents=True, exist_ok=True)
            (page / rel).write_bytes(data)
        blob = Path(tmp) / SERVED_BYTECODE_NAME
        try:
            proc = subprocess.run(["node", str(BYTECODE_PACK), str(page), str(template),
                                   str(blob)], capture_output=True, text=True, cwd=ROOT)
        except FileNotFoundError:
            raise BuildError("node is needed to compile the page's modules (it runs "
                             "Pyodide's own Python)") from None
        if proc.returncode != 0 or not blob.is_file():
            raise BuildError(f"node {BYTECODE_PACK.name} failed:\n{proc.stdout}{proc.stderr}")
        os.replace(blob, target)
    stamp.write_text(digest + "\n")
    return target.read_bytes()


# bytecode/pyscript-<HASH>.pack: PyScript's own Python package (which PyScript writes and
# imports at every start) compiled by Pyodide's Python under Node into checked-hash .pyc
# files (tools/pyscript_bytecode.mjs), gzip-compressed in web/startup/pack.js's format;
# web/startup/snapshot.js writes them beside the sources PyScript writes.  Made again only
# when PyScript, Pyodide or the script change.

PYSCRIPT_BYTECODE_NAME = "pyscript.pack"
PYSCRIPT_BYTECODE_SCRIPT = ROOT / "tools" / "pyscript_bytecode.mjs"
SNAPSHOT_PYSCRIPT_MARK = '"__QIN_PYSCRIPT_BYTECODE__"'


def pyscript_core_map(dist: Path = PYSCRIPT_DIST) -> Path:
    """The source map of PyScript's core chunk: it carries the package's Python."""
    chunks = pyscript_chunks(dist)
    if not chunks:
        raise BuildError(f"{dist}/core.js names no chunk")
    return dist / (chunks[0] + ".map")


def ensure_pyscript_bytecode(dist_dir: Path, core_map: Path | None = None) -> bytes:
    """PyScript's package compiled (gzip-compressed pack; compiled again only if needed)."""
    core_map = core_map or pyscript_core_map()
    digest = hashlib.sha256(PYODIDE_VERSION.encode() + b"\0")
    for data in (core_map.read_bytes(), PYSCRIPT_BYTECODE_SCRIPT.read_bytes()):
        digest.update(hashlib.sha256(data).digest())
    target = dist_dir / PYSCRIPT_BYTECODE_NAME
    stamp = dist_dir / ".pyscript-bytecode.sha256"
    if target.is_file() and stamp.is_file() and stamp.read_text().strip() == digest.hexdigest():
        return target.read_bytes()
    log("compiling PyScript's own Python package (Pyodide under Node)")
    dist_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=dist_dir, prefix=".pyscript-") as tmp:
        raw = Path(tmp) / "pack"
        try:
            proc = subprocess.run(["node", str(PYSCRIPT_BYTECODE_SCRIPT), str(core_map),
                                   str(raw)], capture_output=True, text=True, cwd=ROOT)
        except FileNotFoundError:
            raise BuildError("node is needed to compile PyScript's package") from None
        if proc.returncode != 0 or not raw.is_file():
            raise BuildError(f"node {PYSCRIPT_BYTECODE_SCRIPT.name} failed:\n"
                             f"{proc.stdout}{proc.stderr}")
        packed = gzip.compress(raw.read_bytes(), compresslevel=9, mtime=0)
    _atomic_write(target, packed)
    stamp.write_text(digest.hexdigest() + "\n")
    return packed


def pyscript_bytecode_path(data: bytes) -> str:
    """The site path of PyScript's compiled package: named by its content."""
    return f"bytecode/pyscript-{hashlib.sha256(data).hexdigest()[:16]}.pack"


# web/startup/snapshot.js keeps Pyodide's memory after Python's start-up and the import
# of our modules: it holds the directory of the standard library's zip as read then and
# our code as imported, so a snapshot is only good with the same zip and the same
# Python; its entry is named by these keys, written into the built copy.
SNAPSHOT_NAME = "snapshot.js"
SNAPSHOT_KEY_MARK = '"__QIN_STDLIB_KEY__"'
SNAPSHOT_PY_KEY_MARK = '"__QIN_PY_KEY__"'


def snapshot_module(template: str, stdlib_zip: Path, python: str,
                    pyscript_bytecode: str | None = None) -> str:
    """snapshot.js with its keys and the address of PyScript's compiled package (or null)."""
    for mark in (SNAPSHOT_KEY_MARK, SNAPSHOT_PY_KEY_MARK, SNAPSHOT_PYSCRIPT_MARK):
        if mark not in template:
            raise BuildError(f"web/startup/{SNAPSHOT_NAME} lacks its placeholder {mark}")
    key = hashlib.sha256(stdlib_zip.read_bytes()).hexdigest()[:16]
    return (template.replace(SNAPSHOT_KEY_MARK, json.dumps(key), 1)
            .replace(SNAPSHOT_PY_KEY_MARK, json.dumps(python), 1)
            .replace(SNAPSHOT_PYSCRIPT_MARK, json.dumps(pyscript_bytecode), 1))


# web/startup/runtime_files.js: in a page or worker no service worker serves (a first
# visit), the runtime's fetches take the HTTP cache's copy when it is this build's file,
# checked by the digests the build writes into the built copy, without asking the server.
RUNTIME_FILES_NAME = "runtime_files.js"
RUNTIME_FILES_MARK = '{ "__QIN_RUNTIME_FILES__": "" }'


def runtime_fetches(config: dict[str, object], *served_bytecode: str,
                    scripts: Iterable[str] = ()) -> list[str]:
    """The site paths each of the page's workers fetches with ``fetch`` (not as a module)
    to start its Python: Pyodide's lock file, wasm and standard library, the config and
    its ``files`` (the page's Python, the wheel), the modules compiled at build time
    (``served_bytecode``, their URLs); and the workers' ``scripts`` (worker_scripts),
    which PyScript fetches on the page's thread."""
    base = PYODIDE_URL.rsplit("/", 1)[0]
    files = config.get("files", {})
    config_files = [str(url) for url in files] if isinstance(files, dict) else []
    urls = [f"{base}/{name}" for name in PRELOAD_RUNTIME + PREFETCH_RUNTIME]
    urls += [f"./{CONFIG_NAME}", *config_files, *served_bytecode, *scripts]
    return sorted({url.removeprefix("./") for url in urls})


def worker_scripts(page: str, sources: dict[str, Path]) -> list[str]:
    """The Python scripts PyScript fetches on the page's thread before it starts a worker
    with them: ``page``'s ``<script type="py" worker src>`` and web/worker/'s Python files
    (the computer's worker, which the page's shell starts)."""
    tags = re.findall(r'<script type="py"[^>]*>', page)
    found = [src for tag in tags if re.search(r"\sworker[\s>=]", tag)
             for src in re.findall(r'\ssrc="([^"]+)"', tag)]
    worker_dir = WEB_DIR / "worker"
    found += sorted(rel for rel, src in sources.items()
                    if rel.endswith(".py") and src.parent == worker_dir)
    return found


def runtime_files_module(template: str, out: Path, paths: Iterable[str]) -> str:
    """runtime_files.js with the integrity of each of ``paths`` (files of ``out``)."""
    if RUNTIME_FILES_MARK not in template:
        raise BuildError(f"web/startup/{RUNTIME_FILES_NAME} lacks its placeholder "
                         f"{RUNTIME_FILES_MARK}")
    digests = {rel: integrity((out / rel).read_bytes()) for rel in sorted(paths)}
    return template.replace(RUNTIME_FILES_MARK, json.dumps(digests, indent=0), 1)


# vendor/pyodide/pyodide-lock.json: Pyodide reads it at every start; the site loads none
# of the 354 packages it lists (no "packages" in the config, no loadPackage, no micropip),
# so it ships the lock's "info" (the Python and ABI versions Pyodide checks) and no
# package: 0.3 KB instead of 111 KB (26 KB compressed).
LOCK_NAME = "pyodide-lock.json"


def lock_file(stock: Path | None = None) -> bytes:
    data = json.loads((stock or PYODIDE_DIR / LOCK_NAME).read_text(encoding="utf-8"))
    return (json.dumps({"info": data["info"], "packages": {}}, indent=1) + "\n").encode()


# --------------------------------------------------------------------------- config


def pyscript_config(wheel_name: str, base: dict[str, object] | None = None) -> dict[str, object]:
    """The PyScript config: vendored Pyodide, wheel unpacked into the home dir (no micropip).

    `base` (web/page/pyscript.base.json, if any) supplies any other settings; it may
    add "files" but must not set "interpreter".
    """
    config = dict(base or {})
    if "interpreter" in config:
        raise BuildError(f"web/{CONFIG_BASE_NAME} must not set 'interpreter' (the build does)")
    files = config.get("files", {})
    if not isinstance(files, dict):
        raise BuildError(f"web/{CONFIG_BASE_NAME}: 'files' must be an object")
    config["interpreter"] = INTERPRETER_URL
    config["files"] = {**files, f"./wheels/{wheel_name}": "./*"}
    return config


def web_file(rel: str, web_dir: Path = WEB_DIR) -> Path:
    """The source in web/ of the site path `rel` (a root file lives in one of
    ROOT_GROUPS; the path of a file in another folder is the same in web/)."""
    for group in ROOT_GROUPS:
        path = web_dir / group / rel
        if path.exists():
            return path
    return web_dir / rel


def web_sources(web_dir: Path = WEB_DIR) -> dict[str, Path]:
    """Each site path (posix, relative to the site) that web/ provides -> its source."""
    sources: dict[str, Path] = {}
    for path in _iter_tree(web_dir):
        parts = path.relative_to(web_dir).parts
        if parts[0] in NOT_SERVED:
            continue
        rel = "/".join(parts[1:] if parts[0] in ROOT_GROUPS else parts)
        if rel == CONFIG_BASE_NAME:
            continue
        if rel in sources:
            raise BuildError(f"{path.relative_to(ROOT)} and "
                             f"{sources[rel].relative_to(ROOT)} would both be the site's {rel}")
        sources[rel] = path
    return sources


def read_config_base(web_dir: Path = WEB_DIR) -> dict[str, object] | None:
    path = web_file(CONFIG_BASE_NAME, web_dir)
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as e:
        raise BuildError(f"web/{CONFIG_BASE_NAME} is not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise BuildError(f"web/{CONFIG_BASE_NAME} must hold a JSON object")
    return data


# --------------------------------------------------------------------------- files


def _needs_copy(src: Path, dst: Path) -> bool:
    try:
        s, d = src.stat(), dst.stat()
    except FileNotFoundError:
        return True
    return s.st_size != d.st_size or s.st_mtime_ns != d.st_mtime_ns


def _atomic_write(dst: Path, data: bytes, mtime_ns: int | None = None) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=dst.parent, prefix=f".{dst.name}.")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        if mtime_ns is not None:
            os.utime(tmp, ns=(mtime_ns, mtime_ns))
        os.replace(tmp, dst)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _copy(src: Path, dst: Path) -> bool:
    if not _needs_copy(src, dst):
        return False
    dst.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=dst.parent, prefix=f".{dst.name}.")
    os.close(fd)
    try:
        shutil.copy2(src, tmp)
        os.chmod(tmp, 0o644)
        os.replace(tmp, dst)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return True


def _write_if_changed(dst: Path, data: bytes) -> bool:
    if dst.is_file() and dst.read_bytes() == data:
        return False
    _atomic_write(dst, data)
    return True


def gzip_if_stale(src: Path) -> Path | None:
    """Write src + '.gz' if worthwhile; return its path, or None when src gets no .gz."""
    if src.suffix not in GZIP_SUFFIXES:
        return None
    st = src.stat()
    if st.st_size <= GZIP_MIN_SIZE:
        return None
    gz = src.with_name(src.name + ".gz")
    try:
        if gz.stat().st_mtime_ns == st.st_mtime_ns:
            return gz  # made from this very version of src
    except FileNotFoundError:
        pass
    data = src.read_bytes()
    packed = gzip.compress(data, compresslevel=9, mtime=0)
    if len(packed) >= len(data):
        gz.unlink(missing_ok=True)
        return None
    _atomic_write(gz, packed, mtime_ns=st.st_mtime_ns)
    return gz


BROTLI_SCRIPT = ROOT / "tools" / "brotli.mjs"


def brotli_if_stale(sources: Iterable[Path]) -> list[Path]:
    """Write src + '.br' beside each of ``sources`` that has a .gz (Node's brotli at its
    highest quality: a fifth fewer bytes than gzip for Pyodide's wasm); kept only when
    smaller than the .gz.  Returns the .br files now beside their source.  Stale ones
    are made in one Node run; without Node the site keeps its .gz files only."""
    fresh: list[Path] = []
    todo: list[tuple[Path, Path]] = []
    for src in sources:
        gz = src.with_name(src.name + ".gz")
        if not gz.is_file():
            continue
        br = src.with_name(src.name + ".br")
        mtime = src.stat().st_mtime_ns
        try:
            if br.stat().st_mtime_ns == mtime:
                fresh.append(br)  # made from this very version of src
                continue
        except FileNotFoundError:
            pass
        fd, tmp_name = tempfile.mkstemp(dir=src.parent, prefix=f".{br.name}.")
        os.close(fd)
        todo.append((src, Path(tmp_name)))
    if not todo:
        return fresh
    try:
        try:
            subprocess.run(["node", str(BROTLI_SCRIPT), *(str(p) for pair in todo for p in pair)],
                           check=True, capture_output=True, text=True)
        except FileNotFoundError:
            log("no node: the site gets .gz files but no .br")
            return fresh
        except subprocess.CalledProcessError as e:
            raise BuildError(f"{BROTLI_SCRIPT.name} failed:\n{e.stdout}{e.stderr}") from None
        for src, tmp in todo:
            br = src.with_name(src.name + ".br")
            gz = src.with_name(src.name + ".gz")
            if tmp.stat().st_size >= gz.stat().st_size:
                br.unlink(missing_ok=True)
                continue
            os.chmod(tmp, 0o644)
            mtime = src.stat().st_mtime_ns
            os.utime(tmp, ns=(mtime, mtime))
            os.replace(tmp, br)
            fresh.append(br)
    finally:
        for _, tmp in todo:
            tmp.unlink(missing_ok=True)
    return fresh


def _iter_tree(base: Path) -> Iterable[Path]:
    for path in sorted(base.rglob("*")):
        rel_parts = path.relative_to(base).parts
        if (path.is_file() and "__pycache__" not in rel_parts
                and not any(part.startswith(".") for part in rel_parts)):  # e.g. .mypy_cache/
            yield path


def site_sources(wheel: Path, stdlib_zip: Path | None = None) -> dict[str, Path]:
    """Map each copied site path (posix, relative to build/site) to its source file."""
    missing = [p for p in (WEB_DIR, PYSCRIPT_DIST, PYODIDE_DIR) if not p.is_dir()]
    if missing:
        raise BuildError(
            "missing "
            + ", ".join(str(p.relative_to(ROOT)) for p in missing)
            + " (run `npm ci` in the repo root, or use `make site`)"
        )
    for pkg, want in ((PYSCRIPT_DIST.parent, PYSCRIPT_VERSION), (PYODIDE_DIR, PYODIDE_VERSION)):
        have = json.loads((pkg / "package.json").read_text())["version"]
        if have != want:
            raise BuildError(f"{pkg.relative_to(ROOT)} is {have}, expected {want}: run `npm ci`")

    sources = web_sources()
    for path in _iter_tree(PYSCRIPT_DIST):
        if not path.name.endswith(SKIP_SUFFIXES):
            sources["vendor/pyscript/" + path.relative_to(PYSCRIPT_DIST).as_posix()] = path
    for name in PYODIDE_FILES:
        path = PYODIDE_DIR / name
        if not path.is_file():
            raise BuildError(f"{path.relative_to(ROOT)} is missing: run `npm ci`")
        sources[f"vendor/pyodide/{name}"] = path
    if stdlib_zip is not None:
        sources[f"vendor/pyodide/{STDLIB_NAME}"] = stdlib_zip
    sources.pop(f"vendor/pyodide/{LOCK_NAME}", None)  # written by lock_file()
    sources[f"wheels/{wheel.name}"] = wheel
    return sources


# --------------------------------------------------------------------------- embed
# Files generated for the embeddable diagrams (web/embed/): the pieces of qin.svg's
# drawing that let qin-board.js draw a position before Python is loaded, and where the
# engine's files are, relative to embed/.


def embed_files(wheel_name: str) -> dict[str, bytes]:
    """Generated site files for web/embed/ (path relative to the site -> content)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from qin.boards import NAMES, board_text
    from qin.svg_parts import board_parts_json

    engine = {
        "pyscript": "../vendor/pyscript/core.js",
        "interpreter": "../vendor/pyodide/pyodide.mjs",
        "wheel": f"../wheels/{wheel_name}",
        "module": "./qin_embed.py",
        "i18n": "../i18n/",
    }
    return {
        "embed/board-parts.json": board_parts_json().encode(),
        "embed/engine.json": (json.dumps(engine, indent=2) + "\n").encode(),
        # The empty board sides as position text: the game page draws an early Start's
        # board with them before Python (web/page/prestart.js).
        "embed/board-sides.json": (json.dumps({name: board_text(name) for name in NAMES})
                                   + "\n").encode(),
    }


# --------------------------------------------------------------------------- catalogues
# The site's message catalogues (i18n/<lang>.json, read by boot.js, the embed's script
# and the page's Python) are the site's own words (web/i18n/<lang>.json) merged with the
# engine's (qin/messages/<lang>.json: events and refused moves); each key has one source.

I18N_DIR = WEB_DIR / "i18n"
ENGINE_MESSAGES = ROOT / "qin" / "messages"


def merged_catalogue(lang: str, web_dir: Path = I18N_DIR,
                     engine_dir: Path = ENGINE_MESSAGES) -> dict[str, str]:
    """``web/i18n/<lang>.json`` and ``qin/messages/<lang>.json`` as one catalogue;
    ``BuildError`` when a key is in both."""
    site = json.loads((web_dir / f"{lang}.json").read_text(encoding="utf-8"))
    engine_path = engine_dir / f"{lang}.json"
    if not engine_path.is_file():
        raise BuildError(f"{engine_path} is missing: the engine does not speak {lang!r}")
    engine = json.loads(engine_path.read_text(encoding="utf-8"))
    both = sorted(site.keys() & engine.keys())
    if both:
        raise BuildError(f"i18n/{lang}.json: {', '.join(both)} both in web/i18n/ and in "
                         "qin/messages/ (each key has one source)")
    return {**site, **engine}


START_NAME = "start.json"


def _page_python() -> None:
    """The page's Python importable here (``qin_ui``)."""
    page = str(WEB_DIR / "page")
    if page not in sys.path:
        sys.path.insert(0, page)


def start_file(catalogues: dict[str, bytes]) -> bytes:
    """``start.json``: the start screen's language-dependent parts for each language and
    the storage keys, written by the page's own views (``qin_ui.start_screen.site_file``);
    web/page/prestart.js shows them before Python."""
    _page_python()
    from qin_ui.start_screen import site_file  # the page's Python, run here

    words = {Path(rel).stem: json.loads(data) for rel, data in catalogues.items()}
    return site_file(words).encode()


# web/page/index.html holds the start screen; its parts that come from the page's Python
# are marked (START_MARK with the part's name) and written in by the build, in English (the
# page's language when lang.js finds no other), with the key of the stored start screen.
START_MARK = re.compile(r"<!-- qin:start (\w+) -->")
START_KEY_ATTR = 'data-start-key=""'
WAITING_SELECT = re.compile(r"(<select\b[^>]*)>")


def waiting_selects(html: str) -> str:
    """``html`` with its selects off (``disabled``): at the first paint a seat's colour and
    player wait for the engine, as prestart.js shows them (its LATER_IN)."""
    return WAITING_SELECT.sub(r"\1 disabled>", html)


def with_start_screen(html: str, start: bytes) -> str:
    """`html` with each START_MARK replaced by that part of start.json's English start
    screen (the seats for 2 players, their selects waiting: ``waiting_selects``; the
    series choices) and the storage key of the start
    screen in START_KEY_ATTR, so the first paint shows the start screen (lang.js)."""
    _page_python()
    from qin_ui.start_screen import site_rows  # the page's Python, run here

    data = json.loads(start)
    english = data["langs"]["en"]
    seats = site_rows(data, "en", data["seats"]["2"])
    if seats is None:
        raise BuildError("start.json: the seat rows name a piece it does not hold")
    parts = {"seats": waiting_selects(seats), "plans": english["plans"]}

    def part(match: re.Match[str]) -> str:
        if match[1] not in parts:
            raise BuildError(f"index.html: no start screen part {match[1]!r}")
        return str(parts[match[1]])

    html = START_MARK.sub(part, html)
    return html.replace(START_KEY_ATTR, f'data-start-key="{data["keys"]["start"]}"', 1)


# A module of the page (web/page/, web/startup/: the site's root) imports what exists in the
# source tree, e.g. "../embed/stamp.js"; at the site's root that folder is "./embed/".
ROOT_IMPORT = re.compile(r"""(\bfrom\s*|\bimport\s*\(?\s*)(["'])\.\./""")


def root_module(text: str) -> str:
    """A root module's source as served: its imports of ``../<folder>/`` as ``./<folder>/``."""
    return ROOT_IMPORT.sub(r"\1\2./", text)


# The diagrams' failures that web/embed/qin-board.js says before, or without, the engine:
# when the browser's error says nothing, the script shows the sentence under the key with
# NO_DETAIL after it, written here by the engine's own rule for an empty detail
# (qin.messages.text), never the sentence with a colon before nothing.
EMBED_FAILURES = ("ui.engine_failed", "ui.position_failed", "ui.words_failed")
NO_DETAIL = ".no_detail"


def without_details(catalogue: dict[str, str]) -> dict[str, str]:
    """The sentences of EMBED_FAILURES said with an empty detail, each under its key with
    NO_DETAIL after it."""
    from qin import messages  # the engine's rule, run here

    return {key + NO_DETAIL: messages.text(catalogue, key, error="")
            for key in EMBED_FAILURES if key in catalogue}


# The diagram's script (web/embed/qin-board.js) says its failures without any catalogue
# (its own could not be loaded) in English, and draws its board named in English
# (EMBED_BOARD_WORDS): the build writes those words in (EMBED_FAILURES, with and without
# a detail) from the English catalogue, where the script holds EMBED_ENGLISH_MARK.
EMBED_SCRIPT = "embed/qin-board.js"
EMBED_ENGLISH_MARK = '{"__QIN_EMBED_ENGLISH__": ""}'
EMBED_BOARD_WORDS = ("ui.diagram",)


def embed_script(template: str, english: dict[str, str]) -> str:
    """web/embed/qin-board.js with the diagrams' failures and their board's name in
    English (from ``english``, the site's English catalogue) in place of
    EMBED_ENGLISH_MARK."""
    if EMBED_ENGLISH_MARK not in template:
        raise BuildError(f"web/{EMBED_SCRIPT} lacks its placeholder {EMBED_ENGLISH_MARK}")
    words = {**{key: english[key] for key in EMBED_FAILURES + EMBED_BOARD_WORDS},
             **without_details(english)}
    return template.replace(EMBED_ENGLISH_MARK, json.dumps(words, sort_keys=True), 1)


# The site's languages and the rule that picks a reader's, for every page before Python
# (web/embed/langs.js: the game page, the rules' index and the diagrams load it): the
# build writes the engine's list (qin.messages.LANGS) and default where the script holds
# LANGS_MARK, so a language more is a catalogue more, never an edit of a script.
LANGS_SCRIPT = "embed/langs.js"
LANGS_MARK = '{"__QIN_LANGS__": ""}'


def langs_script(template: str) -> str:
    """web/embed/langs.js with the engine's languages and default in place of
    LANGS_MARK."""
    from qin.messages import DEFAULT, LANGS

    if LANGS_MARK not in template:
        raise BuildError(f"web/{LANGS_SCRIPT} lacks its placeholder {LANGS_MARK}")
    site = {"langs": list(LANGS), "default": DEFAULT}
    return template.replace(LANGS_MARK, json.dumps(site), 1)


def catalogue_files(sources: dict[str, Path]) -> dict[str, bytes]:
    """The merged ``i18n/<lang>.json`` for each language the site has, with the diagrams'
    failures said without a detail (``without_details``)."""
    out = {}
    for rel, src in sources.items():
        if rel.startswith("i18n/") and rel.endswith(".json"):
            merged = merged_catalogue(src.stem, src.parent)
            served = {**merged, **without_details(merged)}
            out[rel] = (json.dumps(served, ensure_ascii=False, indent=2) + "\n").encode()
    return out


# --------------------------------------------------------------------------- offline
# The service worker (web/startup/sw.js is its template) precaches every file of the site; its
# version is a hash of those files, so any change to the site is a new version. The
# app icons' PNGs are drawn here (stdlib only) from the same design as web/static/icons/icon.svg.

SW_NAME = "sw.js"
HEADERS_NAME = "_headers"  # tools/site_headers.py's rules, for Netlify / Cloudflare Pages
# web/startup/bytecode.py keeps the page's compiled modules in the browser under a key
# that changes with any Python source, the wheel or the Pyodide runtime; the built copy
# carries that key, so the page does not hash its sources at every start.
BYTECODE_NAME = "bytecode.py"
BYTECODE_KEY_MARK = '"__QIN_PY_KEY__"'
BYTECODE_SOURCES_MARK = '{"__QIN_PY_SOURCES__": ""}'
BYTECODE_BUILT_MARK = '{"__QIN_PY_BUILT__": ""}'
BYTECODE_SKIP = {"main.py", "ai_worker.py", "selftest.py", "bytecode.py"}  # as bytecode.SKIP
SERVED_BYTECODE_SUFFIX = ".marshal"  # as bytecode.SERVED_SUFFIX
SW_VERSION_MARK = '"__QIN_SW_VERSION__"'
SW_PRECACHE_MARK = '["__QIN_SW_PRECACHE__"]'
ICON_SIZES = (192, 512)
# Never precached: the worker itself, precompressed twins, and dot files.
SW_SKIP_SUFFIXES = (".gz", ".br")


def icon_png(size: int) -> bytes:
    """The app icon as a PNG of size x size pixels: three tile colours and a pagoda."""
    import struct
    import zlib

    green, cream = (0x2F, 0x5D, 0x3A), (0xF4, 0xF1, 0xE8)
    quads = ((0xC8, 0x37, 0x2D), (0xE8, 0xB9, 0x23), (0x2C, 0x6D, 0xB5), (0xC8, 0x37, 0x2D))
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        v = y * 64 / size
        for x in range(size):
            u = x * 64 / size
            colour = green
            if 8 <= u < 56 and 8 <= v < 56:
                iu, iv = int(u >= 32), int(v >= 32)
                lu, lv = u - 8 - 24 * iu, v - 8 - 24 * iv
                if 1 <= lu < 23 and 1 <= lv < 23:
                    colour = quads[iv * 2 + iu]
                # the pagoda on the top-right tile: a roof and a body
                if 34 <= u < 54 and 20 <= v < 28 and abs(u - 44) <= (v - 20) * 1.25:
                    colour = cream
                if 38 <= u < 50 and 28 <= v < 34:
                    colour = cream
            rows += bytes(colour)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


# PyScript's folder (vendor/pyscript/) holds every chunk of its npm build: an editor
# (CodeMirror), a terminal (xterm), a TOML reader, the packages' graph..., 1.2 MB that
# no page of the site loads. The precache keeps PyScript's modules as a page loads them:
# core.js and its static imports, and of the dynamic imports of those modules the ones
# PyScript takes at every start: its plugins' table (the game page turns all but the
# error banner off; the diagrams' loader, qin-board.js, which runs in any host page too,
# leaves them on) and the archive reader that unpacks the wheel (the config's "./*").
# The plugins' own dynamic imports (the editor's TOML reader, the terminal's xterm) load
# only for an editor or a terminal on a page, and the core's others (CodeMirror, TOML,
# the packages' graph) for an editor, a TOML config or packages: the site has none.
# Besides these, a file of the folder that a page links (the self-test's core.css).
PYSCRIPT_SITE_DIR = "vendor/pyscript/"
PYSCRIPT_ENTRY = "core.js"
PYSCRIPT_STATIC_IMPORT = re.compile(r'(?:\bfrom|\bimport)\s*"\./([\w.-]+\.js)"')
PYSCRIPT_PLUGIN_IMPORT = re.compile(r'(?:"[\w-]+"|\b\w+):\(\)=>import\("\./([\w.-]+\.js)"\)')
PYSCRIPT_ARCHIVE_IMPORT = re.compile(r'case"zip":.{0,300}?\bimport\("\./([\w.-]+\.js)"\)',
                                     re.S)
PAGE_LINK = re.compile(r'\s(?:href|src)="([^"#?]+)')


def pyscript_modules(folder: Path) -> set[str]:
    """The names of the modules in PyScript's ``folder`` that a page using it loads
    (see PYSCRIPT_SITE_DIR): empty when the folder has no core.js."""
    found: set[str] = set()
    todo = [PYSCRIPT_ENTRY]
    while todo:
        name = todo.pop()
        path = folder / name
        if name in found or not path.is_file():
            continue
        found.add(name)
        text = path.read_text(encoding="utf-8")
        for pattern in (PYSCRIPT_STATIC_IMPORT, PYSCRIPT_PLUGIN_IMPORT,
                        PYSCRIPT_ARCHIVE_IMPORT):
            todo += pattern.findall(text)
    return found


def page_links(out: Path, rels: Iterable[str]) -> set[str]:
    """The site paths that the HTML pages among ``rels`` (files of ``out``) link or load
    by a relative ``href`` or ``src``."""
    linked: set[str] = set()
    for rel in rels:
        if rel.endswith(".html"):
            folder = posixpath.dirname(rel)
            for url in PAGE_LINK.findall((out / rel).read_text(encoding="utf-8")):
                if "://" not in url and not url.startswith(("/", "data:")):
                    linked.add(posixpath.normpath(posixpath.join(folder, url)))
    return linked


def precache_list(out: Path, files: Iterable[Path] | None = None) -> list[str]:
    """Every file of the built site a visitor may need offline (paths relative to the
    site, sorted), plus the folder URLs ("./", "rules/") that serve an index.html: all
    but the files of PyScript's folder that no page loads (PYSCRIPT_SITE_DIR).
    `files`: the site's files (default: whatever is in `out`)."""
    paths: list[str] = []
    for path in sorted(_iter_tree(out) if files is None else files):
        if path.name.startswith("."):
            continue
        rel = path.relative_to(out).as_posix()
        if rel in (SW_NAME, HEADERS_NAME) or rel.endswith(SW_SKIP_SUFFIXES):
            continue
        paths.append(rel)
    used = {PYSCRIPT_SITE_DIR + name for name in pyscript_modules(out / PYSCRIPT_SITE_DIR)}
    used |= page_links(out, paths)
    paths = [rel for rel in paths if not rel.startswith(PYSCRIPT_SITE_DIR) or rel in used]
    for rel in list(paths):
        path = out / rel
        if path.name == "index.html":
            folder = rel[: -len("index.html")]
            paths.append(folder or "./")
    return sorted(paths)


def integrity(data: bytes) -> str:
    """A file's Subresource Integrity value (its SHA-256), as a fetch's ``integrity``."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode("ascii")


def precache_entries(out: Path, files: Iterable[Path] | None = None) -> list[list[str]]:
    """The service worker's precache, one entry per file: the URL it fetches, the file's
    integrity, then the other URLs it keeps the same response under.  A folder's
    index.html is fetched by the folder's URL ("./", what a visit loads) and kept under
    both: one download, where two URLs would download it twice."""
    paths = precache_list(out, files)
    folders = {path for path in paths if path.endswith("/")}
    entries = []
    for rel in paths:
        if rel in folders:
            continue
        index = rel == "index.html" or rel.endswith("/index.html")
        folder = (rel[: -len("index.html")] or "./") if index else ""
        check = integrity((out / rel).read_bytes())
        entries.append([folder, check, rel] if folder in folders else [rel, check])
    return sorted(entries)


def service_worker(template: str, out: Path, files: Iterable[Path] | None = None) -> str:
    """sw.js for the site in `out`: the template with its version and precache entries."""
    if SW_VERSION_MARK not in template or SW_PRECACHE_MARK not in template:
        raise BuildError(f"web/{SW_NAME} lacks its placeholders {SW_VERSION_MARK} and "
                         f"{SW_PRECACHE_MARK}")
    files = None if files is None else list(files)
    paths = precache_list(out, files)
    digest = hashlib.sha256()
    for rel in paths:
        digest.update(rel.encode() + b"\0")
        if not rel.endswith("/"):
            digest.update(hashlib.sha256((out / rel).read_bytes()).digest())
    version = digest.hexdigest()[:16]
    entries = ",\n".join(json.dumps(entry) for entry in precache_entries(out, files))
    return (template.replace(SW_VERSION_MARK, json.dumps(version))
            .replace(SW_PRECACHE_MARK, f"[\n{entries}\n]"))


def python_key(out: Path, files: Iterable[Path]) -> str:
    """The key of the built site's Python: every ``.py`` (but bytecode.py) and ``.whl``
    file and Pyodide's lock file (its Python version), by path and content."""
    digest = hashlib.sha256()
    for path in sorted(files):
        rel = path.relative_to(out).as_posix()
        if (path.suffix in (".py", ".whl") and rel != BYTECODE_NAME) or (
                path.name == "pyodide-lock.json"):
            digest.update(rel.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:32]


def static_host_headers() -> str:
    """The ``_headers`` file: tools/site_headers.py's rules, the page policy allowing
    the one inline style of the site, the ``<style>`` qin.svg writes into a drawing."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from qin.svg import STYLE

    return site_headers.headers_file(site_headers.rules([STYLE]))


def page_module_sources(out: Path, config: dict[str, object]) -> dict[str, bytes]:
    """The source of every module the page may import from its working directory (path
    relative to it -> its bytes): PyScript's ``files`` as the config maps them, the
    wheel's modules unpacked at its root; what web/startup/bytecode.py's ``sources()``
    finds there."""
    found: dict[str, bytes] = {}
    files = config.get("files", {})
    assert isinstance(files, dict)
    for url, dest in files.items():
        src = out / str(url).removeprefix("./")
        if dest == "./*" and src.suffix == ".whl":
            with zipfile.ZipFile(src) as wheel:
                for name in wheel.namelist():
                    if name.endswith(".py") and ".dist-info/" not in name:
                        found[name] = wheel.read(name)
        elif str(dest).endswith(".py"):
            rel = str(dest).removeprefix("./")
            if "/" not in rel and rel in BYTECODE_SKIP:
                continue  # never kept (bytecode.py itself is written after this)
            found[rel] = src.read_bytes()
    return {rel: data for rel, data in sorted(found.items())
            if not ("/" not in rel and rel in BYTECODE_SKIP)
            and not any(part in ("__pycache__", "pyscript") or part.startswith(".")
                        for part in rel.split("/")[:-1])}


def source_digests(modules: dict[str, bytes]) -> dict[str, str]:
    """The sha256 of each module's source: what the built bytecode.py expects of a kept
    or served module's source (``SOURCES``)."""
    return {rel: hashlib.sha256(data).hexdigest() for rel, data in modules.items()}


def page_modules(out: Path, config: dict[str, object]) -> dict[str, str]:
    """``source_digests`` of ``page_module_sources``."""
    return source_digests(page_module_sources(out, config))


def served_bytecode_path(key: str) -> str:
    """The site path of the modules compiled at build time: bytecode.py's ``served_url``."""
    return f"bytecode/{key}{SERVED_BYTECODE_SUFFIX}"


def built_code_digests(blob: bytes, home: str = "/home/pyodide/") -> dict[str, str]:
    """The sha256 of each module's code in the served file the build wrote (bytecode.py's
    ``pack`` format: ``{path: (source digest, code digest, code)}``), by its path
    relative to the page's directory: bytecode.py's ``BUILT``."""
    codes = marshal.loads(blob)
    return {path.removeprefix(home): hashlib.sha256(code).hexdigest()
            for path, (_, _, code) in sorted(codes.items())}


def bytecode_module(template: str, key: str, modules: dict[str, str],
                    built: dict[str, str] | None = None) -> str:
    """web/startup/bytecode.py with the site's key, its modules' source digests and the
    digests of their code as the build compiled it."""
    for mark in (BYTECODE_KEY_MARK, BYTECODE_SOURCES_MARK, BYTECODE_BUILT_MARK):
        if mark not in template:
            raise BuildError(f"web/startup/{BYTECODE_NAME} lacks its placeholder {mark}")
    return (template.replace(BYTECODE_KEY_MARK, json.dumps(key), 1)
            .replace(BYTECODE_SOURCES_MARK, json.dumps(modules, indent=0), 1)
            .replace(BYTECODE_BUILT_MARK, json.dumps(built or {}, indent=0), 1))


def write_service_worker(out: Path, web_dir: Path | None = None,
                         files: Iterable[Path] | None = None) -> bool:
    """(Re)write out/sw.js from web/startup/sw.js for the files now in `out`; True if changed.
    Also used by e2e/test_offline.py to make a second deployment of a changed copy."""
    template = web_file(SW_NAME, web_dir or WEB_DIR).read_text(encoding="utf-8")
    return _write_if_changed(out / SW_NAME, service_worker(template, out, files).encode())


def offline_icons() -> dict[str, bytes]:
    """Generated site files: the PNG app icons the manifest names."""
    return {f"icons/icon-{n}.png": icon_png(n) for n in ICON_SIZES}


# --------------------------------------------------------------------------- preloads
# web/page/index.html holds PRELOAD_MARK; the build replaces it with preload links for what
# the page fetches while it boots: the Pyodide runtime (normally requested only after
# core.js, then pyscript.json, then pyodide.mjs have loaded one after the other), the
# config, and the wheel, the config's other files and the page's Python script (normally
# requested only after the runtime has started).  All of it then downloads in parallel
# with core.js.  `as="fetch" crossorigin` matches the plain fetch() of Pyodide and
# PyScript, so each file is still requested once (bench/boot.py counts the requests).

PRELOAD_MARK = "<!-- qin:preload -->"
PRELOAD_PAGES = ("index.html",)
PRELOAD_RUNTIME = ("pyodide-lock.json",)
# The two large runtime files are prefetched instead: a prefetch goes to the HTTP cache
# without passing their 12 MB through the page's main thread (a preload as="fetch"
# does, and delayed PyScript's own start by ~130 ms); Pyodide's fetch then joins it.
# Measured by bench/boot.py: the cold start about 400 ms sooner.
PREFETCH_RUNTIME = ("pyodide.asm.wasm", "python_stdlib.zip")
PRELOAD_MODULES = ("pyodide.mjs", "pyodide.asm.mjs")
# PyScript 0.7.31's chunks that core.js imports on every boot of the game page, after its
# own chunk: the plugins its <py-config> leaves on (the error banner; the editor, terminal,
# game canvas, donkey and deprecation notices are off); the hash in each name is taken
# from dist/.
PYSCRIPT_BOOT_CHUNKS = ("error-",)


# A page whose Python runs in a worker holds the worker's prefetches in a template that
# web/startup/boot.js puts into the page once the first screen is painted: megabytes of
# runtime never compete with the start screen's first paint (its styles, scripts and
# words), and a browser that measures the first paint against what has loaded by then
# (Lighthouse) does not count them in it.
PREFETCH_LATER = ('<template id="qin-prefetch">', "</template>")


def pyscript_chunks(dist: Path = PYSCRIPT_DIST) -> list[str]:
    """core.js's own chunk (its static import), then the chunks it loads at boot."""
    core = dist / "core.js"
    first = re.findall(r'from\s*"\./([\w.-]+\.js)"', core.read_text()) if core.is_file() else []
    later = sorted(p.name for p in dist.glob("*.js")
                   if p.name.startswith(PYSCRIPT_BOOT_CHUNKS) and p.name not in first)
    return first + later


def preload_links(config: dict[str, object], page: str, chunks: Iterable[str] = (),
                  *served_bytecode: str) -> str:
    """The <link> lines (one per line) that replace PRELOAD_MARK in `page`'s HTML, most
    urgent first: `chunks` (PyScript's, in vendor/pyscript/: the first is core.js's
    own), the runtime, the config, then the wheel, the modules compiled at build time
    (`served_bytecode`, their URLs: ours and PyScript's) and the Python files."""
    base = PYODIDE_URL.rsplit("/", 1)[0]
    chunks = list(chunks)
    # A page whose Python runs in a PyScript worker: the worker fetches the runtime and the
    # files, and a worker sees the HTTP cache (prefetch) but not the page's preloads.
    in_worker = re.search(r'<script type="py"[^>]*\sworker[\s>]', page) is not None
    fetch_link = '<link rel="prefetch" href="{}" crossorigin>' if in_worker \
        else '<link rel="preload" href="{}" as="fetch" crossorigin>'
    modules = [f"./vendor/pyscript/{c}" for c in chunks[:1]]
    runtime_modules: list[str] = []
    interpreter = config.get("interpreter")
    if isinstance(interpreter, str) and not interpreter.startswith(base + "/"):
        runtime_modules.append(interpreter)  # web/startup/snapshot.js, imports the runtime
    runtime_modules += [f"{base}/{name}" for name in PRELOAD_MODULES]
    if in_worker:
        links = [f'<link rel="modulepreload" href="{url}">' for url in modules]
        links += [fetch_link.format(url) for url in runtime_modules]
    else:
        links = [f'<link rel="modulepreload" href="{url}">' for url in modules + runtime_modules]
    links += [f'<link rel="prefetch" href="{base}/{name}" crossorigin>'
              for name in PREFETCH_RUNTIME]
    # (In a worker's page PyScript fetches the config on the page's thread the moment it
    # starts, from the HTTP cache when it is there (web/startup/runtime_files.js): a
    # prefetch of it would only race that fetch, and one of the two ask the server again.)
    fetches = [f"{base}/{name}" for name in PRELOAD_RUNTIME]
    fetches += [] if in_worker else [f"./{CONFIG_NAME}"]
    links += [fetch_link.format(url) for url in fetches]
    links += [f'<link rel="modulepreload" href="./vendor/pyscript/{c}">' for c in chunks[1:]]
    files = config.get("files", {})
    wheels = [url for url in files if url.endswith(".whl")] if isinstance(files, dict) else []
    others = [url for url in files if url not in wheels] if isinstance(files, dict) else []
    scripts = re.findall(r'<script type="py"[^>]*\ssrc="([^"]+)"', page)
    served = [url for url in served_bytecode if url]
    links += [fetch_link.format(url) for url in wheels + served + scripts + others]
    if in_worker:  # the worker's files wait for the first paint (PREFETCH_LATER)
        now = [link for link in links if 'rel="prefetch"' not in link]
        later = [link for link in links if 'rel="prefetch"' in link]
        links = [*now, PREFETCH_LATER[0], *(f"  {link}" for link in later), PREFETCH_LATER[1]]
    return "\n  ".join(links)


def with_preloads(html: str, config: dict[str, object], *served_bytecode: str | None) -> str:
    """`html` with its PRELOAD_MARK line replaced by preload_links (unchanged without it)."""
    if PRELOAD_MARK not in html:
        return html
    return html.replace(PRELOAD_MARK, preload_links(
        config, html, pyscript_chunks(), *(url for url in served_bytecode if url)), 1)


def build_site(out: Path = DEFAULT_OUT, dist: Path = DEFAULT_DIST) -> Path:
    """Build (or bring up to date) the static site in `out`; return `out`."""
    started = time.monotonic()
    wheel = ensure_site_wheel(ensure_wheel(dist), dist)
    stdlib_zip = ensure_stdlib(dist)
    sources = site_sources(wheel, stdlib_zip)
    if CONFIG_NAME in sources:
        raise BuildError(f"web/{CONFIG_NAME} would be overwritten by the generated config")

    out.mkdir(parents=True, exist_ok=True)
    changed = 0
    wanted: set[Path] = set()
    config_data = pyscript_config(wheel.name, read_config_base())
    catalogues = catalogue_files(sources)
    pages: dict[Path, Path] = {}
    for rel, src in sources.items():
        dst = out / rel
        if rel in (SW_NAME, BYTECODE_NAME, SNAPSHOT_NAME, RUNTIME_FILES_NAME):  # generated below
            continue
        if rel in catalogues:  # the site's words and the engine's
            changed += _write_if_changed(dst, catalogues[rel])
        elif rel in PRELOAD_PAGES:  # with its preload links, once the key is known
            pages[dst] = src
        elif rel == EMBED_SCRIPT:  # with its failures in English
            changed += _write_if_changed(dst, embed_script(
                src.read_text(encoding="utf-8"), json.loads(catalogues["i18n/en.json"]))
                .encode("utf-8"))
        elif rel == LANGS_SCRIPT:  # with the engine's languages
            changed += _write_if_changed(dst, langs_script(src.read_text(encoding="utf-8"))
                                         .encode("utf-8"))
        elif "/" not in rel and rel.endswith(".js"):  # a root module: its imports
            changed += _write_if_changed(dst, root_module(src.read_text(encoding="utf-8"))
                                         .encode("utf-8"))
        else:
            changed += _copy(src, dst)
        wanted.add(dst)
    config = json.dumps(config_data, indent=2) + "\n"
    config_path = out / CONFIG_NAME
    changed += _write_if_changed(config_path, config.encode())
    wanted.add(config_path)
    lock_path = out / "vendor" / "pyodide" / LOCK_NAME  # Pyodide's, without its packages
    changed += _write_if_changed(lock_path, lock_file())
    wanted.add(lock_path)
    if START_NAME in sources:
        raise BuildError(f"web/{START_NAME} would be overwritten by a generated file")
    start = start_file(catalogues)
    changed += _write_if_changed(out / START_NAME, start)
    wanted.add(out / START_NAME)
    for rel, data in embed_files(wheel.name).items():  # embedded diagrams
        if rel in sources:
            raise BuildError(f"web/{rel} would be overwritten by a generated file")
        changed += _write_if_changed(out / rel, data)
        wanted.add(out / rel)

    for rel, data in offline_icons().items():  # app icons, then the worker
        if rel in sources:
            raise BuildError(f"web/{rel} would be overwritten by a generated file")
        changed += _write_if_changed(out / rel, data)
        wanted.add(out / rel)
    pyscript_url = None  # PyScript's own package compiled
    if SNAPSHOT_NAME in sources:  # keyed by the standard library and our Python
        pyscript_pack = ensure_pyscript_bytecode(dist)
        pyscript_rel = pyscript_bytecode_path(pyscript_pack)
        changed += _write_if_changed(out / pyscript_rel, pyscript_pack)
        wanted.add(out / pyscript_rel)
        pyscript_url = "./" + pyscript_rel
        changed += _write_if_changed(out / SNAPSHOT_NAME, snapshot_module(
            sources[SNAPSHOT_NAME].read_text(encoding="utf-8"), stdlib_zip,
            python_key(out, wanted), pyscript_url).encode())
        wanted.add(out / SNAPSHOT_NAME)
    served_url = None  # of the modules compiled at build time
    if BYTECODE_NAME in sources:  # with the key of the Python written so far
        key = python_key(out, wanted)
        modules = page_module_sources(out, config_data)
        served = out / served_bytecode_path(key)  # the modules compiled, under that key
        blob = ensure_served_bytecode(dist, modules, sources[BYTECODE_NAME])
        changed += _write_if_changed(served, blob)
        wanted.add(served)
        module = bytecode_module(sources[BYTECODE_NAME].read_text(encoding="utf-8"), key,
                                 source_digests(modules), built_code_digests(blob))
        changed += _write_if_changed(out / BYTECODE_NAME, module.encode())
        wanted.add(out / BYTECODE_NAME)
        served_url = "./" + served_bytecode_path(key)
    if RUNTIME_FILES_NAME in sources:  # the digests of what the runtime fetches, written above
        scripts = [script for src in pages.values()
                   for script in worker_scripts(src.read_text(encoding="utf-8"), sources)]
        module = runtime_files_module(
            sources[RUNTIME_FILES_NAME].read_text(encoding="utf-8"), out,
            runtime_fetches(config_data, *(url for url in (served_url, pyscript_url) if url),
                            scripts=scripts))
        changed += _write_if_changed(out / RUNTIME_FILES_NAME, module.encode())
        wanted.add(out / RUNTIME_FILES_NAME)
    for dst, src in pages.items():  # the page, its preload links with the served bytecode
        html = with_preloads(with_start_screen(src.read_text(encoding="utf-8"), start),
                             config_data, *(url for url in (served_url, pyscript_url) if url))
        changed += _write_if_changed(dst, html.encode("utf-8"))
    if SW_NAME in sources:
        changed += write_service_worker(out, files=set(wanted))
        wanted.add(out / SW_NAME)
    # The static host's headers (after the service worker: a host's file, not the site's).
    if HEADERS_NAME in sources:
        raise BuildError(f"web/{HEADERS_NAME} would be overwritten by a generated file")
    changed += _write_if_changed(out / HEADERS_NAME, static_host_headers().encode())
    wanted.add(out / HEADERS_NAME)

    for path in sorted(wanted):
        gz = gzip_if_stale(path)
        if gz is not None:
            wanted.add(gz)
    wanted.update(brotli_if_stale(sorted(wanted)))

    removed = 0
    for path in sorted(out.rglob("*"), reverse=True):
        if path.is_file() and path not in wanted and not path.name.startswith("."):
            # (dot files are the temporaries of a build running concurrently)
            path.unlink(missing_ok=True)
            removed += 1
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()

    elapsed = time.monotonic() - started
    log(
        f"{out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: "
        f"{len(wanted)} files, {changed} updated, {removed} removed, {elapsed:.1f} s"
    )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="site directory")
    parser.add_argument("--dist", type=Path, default=DEFAULT_DIST, help="wheel directory")
    args = parser.parse_args(argv)
    try:
        build_site(args.out.resolve(), args.dist.resolve())
    except BuildError as e:
        print(f"build_site: error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
