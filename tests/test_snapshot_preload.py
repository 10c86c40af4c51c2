"""The modules imported into Pyodide's kept memory snapshot (web/startup/snapshot.js's
PRELOAD, imported by snapshot_maker.js before the snapshot is taken): they must import
without JavaScript (a snapshot may hold no JavaScript object, and the maker's Pyodide
restricts ``js`` until then), and they must be what the page and the AI worker import
of ours, so that a start from the snapshot finds them imported."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"


def preload() -> list[str]:
    text = (WEB / "startup" / "snapshot.js").read_text(encoding="utf-8")
    found = re.search(r"export const PRELOAD = (\[.*?\]);", text, re.S)
    assert found, "snapshot.js lists no PRELOAD"
    return list(json.loads(re.sub(r",\s*\]$", "]", found.group(1))))


def imported_of_ours(path: Path) -> set[str]:
    """The modules of the engine and the application a script imports at its top."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return {n for n in names if n.split(".")[0] in ("qin", "qin_ui")}


def load_in_cpython(names: list[str]) -> list[str]:
    """Import ``names`` in a fresh CPython with the browser's modules (js, pyscript,
    pyodide) refused; the modules then loaded."""
    script = f"""
import importlib, importlib.abc, json, sys
class NoBrowser(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("js", "pyscript", "pyodide"):
            raise ImportError(f"imported into the snapshot, {{name}} would be JavaScript")
        return None
sys.meta_path.insert(0, NoBrowser())
sys.path[:0] = {[str(WEB / "page"), str(WEB / "startup"), str(WEB / "worker"), str(ROOT)]!r}
for name in {names!r}:
    importlib.import_module(name)
print(json.dumps(sorted(sys.modules)))
"""
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    return list(json.loads(proc.stdout))


def test_the_preloaded_modules_import_without_javascript() -> None:
    loaded = load_in_cpython(preload())
    assert not [m for m in loaded if m.split(".")[0] in ("js", "pyscript", "pyodide")]


def test_the_preload_covers_what_the_page_and_the_ai_worker_import() -> None:
    loaded = load_in_cpython(preload())
    wanted = imported_of_ours(WEB / "page" / "host.py") | imported_of_ours(
        WEB / "worker" / "ai_worker.py")
    assert wanted and not sorted(wanted - set(loaded))
