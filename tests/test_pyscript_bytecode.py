"""PyScript's own Python package, compiled at build time (tools/pyscript_bytecode.mjs,
``build_site.ensure_pyscript_bytecode``) and written by web/startup/snapshot.js beside the
sources PyScript writes at every start: Python's import then runs the compiled modules
instead of compiling them, and compiles a module whose source is not the one they were
made from, as before.  Checked under Pyodide (Node), whose Python the browser runs."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tools import build_site

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"

# Writes the pack's files and PyScript's sources (as src/stdlib.js writes them: each
# string of the package is a file, written by Python), optionally one source altered,
# then imports pyscript with a stand-in for the `polyscript` JavaScript module and
# reports which of PyScript's modules Python compiled from source.
SCRIPT = r"""
import { loadPyodide } from %(pyodide)s;
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

const map = JSON.parse(readFileSync(%(map)s, "utf8"));
const source = map.sourcesContent[map.sources.indexOf("../src/stdlib/pyscript.js")];
const tree = (await import("data:text/javascript;base64," +
  Buffer.from(source).toString("base64"))).default;
const data = gunzipSync(readFileSync(%(pack)s));
const size = data.readUInt32LE(0);
const index = JSON.parse(data.subarray(4, 4 + size).toString());
const pyodide = await loadPyodide();
let at = 4 + size;
for (const [path, length] of index) {
  const target = pyodide.FS.cwd() + "/" + path;
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, data.subarray(at, at + length));
  at += length;
}
pyodide.registerJsModule("polyscript", {
  config: {}, js_modules: {}, lazy_py_modules: () => null, storage: {}, workers: {},
  target: null, xworker: { window: { document: {}, Function }, sync: {} },
});
pyodide.globals.set("SOURCES", JSON.stringify(tree.pyscript));
pyodide.globals.set("ALTERED", %(altered)s);
console.log(pyodide.runPython(`
import importlib._bootstrap_external as external, json, os

compiled = []
plain = external.SourceLoader.source_to_code
def counting(self, data, path, **kw):
    compiled.append(os.path.basename(path))
    return plain(self, data, path, **kw)
external.SourceLoader.source_to_code = counting
os.makedirs("pyscript", exist_ok=True)
for name, text in json.loads(SOURCES).items():
    if name == ALTERED:
        text += "\\nALTERED = True\\n"
    with open("pyscript/" + name, "w", encoding="utf-8") as f:
        f.write(text)
import pyscript
json.dumps({"compiled": sorted(compiled), "display": hasattr(pyscript, "display"),
            "altered": getattr(pyscript.util, "ALTERED", False)})
`));
"""


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A build's folder holding the pack (made once for this module)."""
    if shutil.which("node") is None or not PYODIDE.is_file():
        pytest.fail("node and node_modules/pyodide are needed (make deps)")
    folder = tmp_path_factory.mktemp("dist")
    build_site.ensure_pyscript_bytecode(folder)
    return folder


def run(tmp_path: Path, altered: str | None) -> dict[str, object]:
    pack = build_site.ensure_pyscript_bytecode(tmp_path)  # made already: read again
    (tmp_path / "p.gz").write_bytes(pack)
    script = SCRIPT % {"pyodide": json.dumps(PYODIDE.as_uri()),
                       "map": json.dumps(str(build_site.pyscript_core_map())),
                       "pack": json.dumps(str(tmp_path / "p.gz")),
                       "altered": json.dumps(altered)}
    result = subprocess.run(["node", "--input-type=module", "-e", script],
                            capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert result.returncode == 0, result.stderr
    answer: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
    return answer


def test_pyscript_starts_from_its_compiled_package_and_compiles_a_changed_module(
        made: Path) -> None:
    answer = run(made, None)
    assert answer == {"compiled": [], "display": True, "altered": False}
    answer = run(made, "util.py")
    assert answer == {"compiled": ["util.py"], "display": True, "altered": True}


def test_the_pack_holds_checked_hash_pycs_named_for_the_browsers_python(made: Path) -> None:
    data = gzip.decompress(build_site.ensure_pyscript_bytecode(made))
    size = int.from_bytes(data[:4], "little")
    index = json.loads(data[4:4 + size])
    assert 4 + size + sum(length for _, length in index) == len(data)
    names = [path for path, _ in index]
    assert "pyscript/__pycache__/context.cpython-314.pyc" in names
    at = 4 + size
    for _, length in index:
        flags = int.from_bytes(data[at + 4:at + 8], "little")
        assert flags == 0b11  # hash-based, checked against the source (PEP 552)
        at += length
    path = build_site.pyscript_bytecode_path(build_site.ensure_pyscript_bytecode(made))
    assert path.startswith("bytecode/pyscript-") and path.endswith(".pack")
