"""The site's packed standard library (tools/stdlib.py) and the build's other cuts of
Pyodide's files (tools/build_site.py): what is kept, and the message when something is not."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import pytest

from tools import build_site, stdlib

HAVE_PYODIDE = stdlib.STOCK.is_file()
needs_pyodide = pytest.mark.skipif(not HAVE_PYODIDE,
                                   reason="node_modules/pyodide missing: run `npm ci`")


def test_imports_are_found_also_inside_functions(tmp_path: Path) -> None:
    source = tmp_path / "m.py"
    source.write_text("import json\nfrom os import path\n"
                      "def later():\n    import fractions\n    from . import sibling\n")
    assert stdlib.python_imports([source]) >= {"json", "os", "os.path", "fractions"}


def test_imports_written_in_javascript_strings_are_found(tmp_path: Path) -> None:
    js = tmp_path / "core.js"
    js.write_text('e.runPython(`\\n    import os, json\\n    from base64 import b64decode\\n`)')
    assert stdlib.js_imports([js]) >= {"os", "json", "base64"}


def test_the_command_line_is_not_part_of_the_site_trace() -> None:
    entries = stdlib.entry_modules()
    assert "argparse" not in entries  # only qin.cli and qin.arena import it
    assert "html" in entries and "json" in entries


@needs_pyodide
def test_every_standard_module_the_site_imports_is_kept() -> None:
    """A new import of a standard-library module in qin/ or web/ needs
    `python tools/stdlib.py trace` (the page would otherwise stop with the guard's error)."""
    stock = set(stdlib.trace_all_stdlib())
    kept = set(stdlib.keep_list())
    missing = sorted(name for name in stdlib.entry_modules() if name in stock and name not in kept)
    assert missing == []
    assert kept <= stock


def test_a_left_out_module_is_refused_by_name() -> None:
    source = stdlib.GUARD.read_text(encoding="utf-8").replace(
        "LEFT_OUT = frozenset()", "LEFT_OUT = frozenset({'qin_not_a_module'})", 1)
    namespace: dict[str, object] = {"__name__": "sitecustomize"}
    before = list(sys.meta_path)
    try:
        exec(compile(source, "sitecustomize.py", "exec"), namespace)
        with pytest.raises(ModuleNotFoundError, match="qin_not_a_module.*stdlib_keep.txt"):
            importlib.import_module("qin_not_a_module")
        with pytest.raises(ModuleNotFoundError, match="No module named"):
            importlib.import_module("qin_not_a_module_either")  # not a trimmed name
    finally:
        sys.meta_path[:] = before


@needs_pyodide
def test_the_lock_file_keeps_pyodides_versions_and_no_package() -> None:
    lock = json.loads(build_site.lock_file())
    stock = json.loads((stdlib.STOCK.parent / "pyodide-lock.json").read_text())
    assert lock == {"info": stock["info"], "packages": {}}


def test_the_snapshot_is_keyed_by_the_standard_library_and_our_python(tmp_path: Path) -> None:
    one, two = tmp_path / "a.zip", tmp_path / "b.zip"
    one.write_bytes(b"one")
    two.write_bytes(b"two")
    template = ('const STDLIB = "__QIN_STDLIB_KEY__"; const PYTHON = "__QIN_PY_KEY__"; '
                'const PYSCRIPT_BYTECODE = "__QIN_PYSCRIPT_BYTECODE__";')
    module = build_site.snapshot_module
    assert module(template, one, "k1") != module(template, two, "k1")
    assert module(template, one, "k1") != module(template, one, "k2")
    assert "__QIN_" not in module(template, one, "k1")
    assert '"./bytecode/pyscript-x.pack"' in module(template, one, "k1",
                                                   "./bytecode/pyscript-x.pack")
    with pytest.raises(build_site.BuildError, match="placeholder"):
        module('const STDLIB = "__QIN_STDLIB_KEY__";', one, "k1")
