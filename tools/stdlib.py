"""The site's standard library: Pyodide's ``python_stdlib.zip`` cut to what the site imports,
precompiled (stdlib only; the packing runs Pyodide under Node: tools/stdlib_pack.mjs).

Pyodide ships its standard library as source (2.5 MB compressed, 615 files); a first visit
downloads all of it and compiles every module it imports on the way.  The site ships
instead the modules listed in ``tools/stdlib_keep.txt``, compiled to bytecode at build time
by Pyodide's own Python (so the magic number and the bytecode are the browser's), and
``sitecustomize.pyc`` made from ``tools/stdlib_guard.py``: importing a module that was
left out raises a ModuleNotFoundError that names it and this list, instead of a bare
"No module named".

The list is committed and made by ``python tools/stdlib.py trace``:

1. every module named by an import statement (anywhere: also inside functions) in the
   site's Python (``qin/``, ``web/``) and in PyScript's Python (the strings of its
   ``dist/*.js``), and every module ``tools/stdlib_trace_extra.txt`` adds;
2. everything Pyodide's own start-up imports;
3. closed over the import statements of the standard library's own modules, again
   anywhere in them, parsed by Pyodide's Python (tools/stdlib_pack.mjs ``close``).

Step 3 over-approximates on purpose (a module imported inside a function that no test
reaches is still kept); ``python tools/stdlib.py check`` compares the list with what
running code imports (a trace of sys.modules, see bench/README.md).
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEEP = ROOT / "tools" / "stdlib_keep.txt"
EXTRA = ROOT / "tools" / "stdlib_trace_extra.txt"
GUARD = ROOT / "tools" / "stdlib_guard.py"
PACK = ROOT / "tools" / "stdlib_pack.mjs"
STOCK = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
PYSCRIPT_DIST = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
SOURCES = ("qin", "web")
NOT_IN_BROWSER = ("qin/cli.py", "qin/arena.py", "qin/__main__.py", "qin/svg_parts.py")
"""The engine's command line and its arena, and the board's parts for the embed's script
(tools/build_site.py writes them to embed/board-parts.json): never imported by the site."""
UNUSED = frozenset({"tarfile", "gzip"})
"""Named in PyScript's Python but not reached by this site: both unpack a .tar.gz of the
config's "files" (the site has none)."""

_JS_IMPORT = re.compile(r"(?:^|\\n|[\s;\"'`])(?:import\s+([\w.]+(?:\s*,\s*[\w.]+)*)"
                        r"|from\s+([\w.]+)\s+import\b)")


class StdlibError(RuntimeError):
    """The standard library could not be packed (Node missing, Pyodide failing)."""


def python_imports(paths: Iterable[Path]) -> set[str]:
    """Every absolute module name the import statements of these files name."""
    found: set[str] = set()
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def js_imports(paths: Iterable[Path]) -> set[str]:
    """Module names in Python import statements written inside JavaScript files."""
    found: set[str] = set()
    for path in paths:
        for plain, source in _JS_IMPORT.findall(path.read_text(encoding="utf-8")):
            if source:
                found.add(source)
            for name in plain.split(","):
                found.add(name.strip())
    return {name for name in found if name}


def entry_modules() -> set[str]:
    ours = [p for d in SOURCES for p in sorted((ROOT / d).rglob("*.py"))
            if "__pycache__" not in p.parts
            and p.relative_to(ROOT).as_posix() not in NOT_IN_BROWSER]
    names = python_imports(ours) | js_imports(sorted(PYSCRIPT_DIST.glob("*.js")))
    if EXTRA.is_file():
        names |= {line.split("#")[0].strip() for line in EXTRA.read_text().splitlines()}
    return {name for name in names if name and name not in UNUSED}


def node(*args: str) -> str:
    try:
        proc = subprocess.run(["node", str(PACK), *args], capture_output=True, text=True,
                              cwd=ROOT)
    except FileNotFoundError:
        raise StdlibError("node is needed to pack the standard library (it runs "
                          "Pyodide's own Python)") from None
    if proc.returncode != 0:
        raise StdlibError(f"node {PACK.name} {args[0]} failed:\n{proc.stdout}{proc.stderr}")
    return proc.stdout


def keep_list() -> list[str]:
    return [line.strip() for line in KEEP.read_text().splitlines()
            if line.strip() and not line.startswith("#")]


def closure() -> dict[str, str]:
    """Each module the site's imports reach (closed over the imports a module runs when
    loaded) -> the module whose import brought it in ("" for an entry module)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(sorted(entry_modules())) + "\n")
    try:
        out = node("close", str(STOCK), f.name)
    finally:
        Path(f.name).unlink()
    found: dict[str, str] = {}
    for line in out.splitlines():
        name, _, by = line.partition("\t")
        if name.strip():
            found[name.strip()] = by
    return found


def trace() -> list[str]:
    return sorted(closure())


def pack(out: Path, stock: Path = STOCK) -> None:
    """Write the site's standard library to `out`."""
    log = node("pack", str(stock), str(out), str(KEEP), str(GUARD))
    print(log.strip(), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("trace", help=f"rewrite {KEEP.relative_to(ROOT)}")
    check = sub.add_parser("check", help="list modules of a sys.modules dump not kept")
    check.add_argument("dump", type=Path, help="module names, one a line")
    args = parser.parse_args(argv)
    if args.command == "trace":
        names = trace()
        KEEP.write_text("# The standard-library modules the site ships (tools/stdlib.py "
                        "trace writes this list)\n" + "\n".join(names) + "\n")
        print(f"{KEEP.relative_to(ROOT)}: {len(names)} modules")
        return 0
    kept = set(keep_list())
    stock = set(trace_all_stdlib())
    missing = sorted(name for name in args.dump.read_text().split()
                     if name in stock and name not in kept)
    print("\n".join(missing) if missing else "every traced standard-library module is kept")
    return 1 if missing else 0


def trace_all_stdlib() -> list[str]:
    """Every module of Pyodide's stock standard library (dotted names)."""
    import zipfile

    with zipfile.ZipFile(STOCK) as z:
        return [n[:-3].replace("/", ".").removesuffix(".__init__")
                for n in z.namelist() if n.endswith(".py")]


if __name__ == "__main__":
    sys.exit(main())
