"""The page's compiled modules kept between visits (web/startup/bytecode.py) and the
key the build writes into it (tools/build_site.py).

What a player notices is the second start being quicker; what must never happen is a
start running code compiled from other sources.  So: the key changes with any source,
the finder serves only the files it was given (and compiles the rest as usual), and a
damaged entry is refused rather than run.
"""

from __future__ import annotations

import importlib
import marshal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools import build_site

WEB = Path(__file__).resolve().parent.parent / "web" / "startup"
sys.path.insert(0, str(WEB))

import bytecode  # noqa: E402


@pytest.fixture
def page_dir(tmp_path: Path) -> Iterator[Path]:
    """A page's working directory: two modules, a package, and files never imported."""
    (tmp_path / "alpha.py").write_text("X = 1\n")
    (tmp_path / "beta.py").write_text("Y = 'b'\n")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "gamma.py").write_text("Z = [1, 2]\n")
    (tmp_path / "pkg" / "__pycache__").mkdir()
    (tmp_path / "pkg" / "__pycache__" / "stale.py").write_text("")
    for name in ("main.py", "ai_worker.py", "bytecode.py"):
        (tmp_path / name).write_text("raise SystemExit\n")
    (tmp_path / "pyscript").mkdir()  # PyScript's package: imported before the cache
    (tmp_path / "pyscript" / "__init__.py").write_text("")
    sys.path.insert(0, str(tmp_path))
    yield tmp_path
    sys.path.remove(str(tmp_path))
    for name in ("alpha", "beta", "pkg", "pkg.gamma"):
        sys.modules.pop(name, None)
    bytecode.CODES.clear()
    if bytecode.CachedFinder in sys.meta_path:
        sys.meta_path.remove(bytecode.CachedFinder)
    importlib.invalidate_caches()


def names(root: Path, files: list[str]) -> list[str]:
    return [Path(f).relative_to(root).as_posix() for f in files]


def test_the_sources_are_the_imported_modules_only(page_dir: Path) -> None:
    assert names(page_dir, bytecode.sources(str(page_dir))) == [
        "alpha.py", "beta.py", "pkg/__init__.py", "pkg/gamma.py"]


def test_the_key_changes_with_any_source(page_dir: Path) -> None:
    root = str(page_dir)
    before = bytecode.key_of(root, bytecode.sources(root))
    assert bytecode.key_of(root, bytecode.sources(root)) == before
    (page_dir / "pkg" / "gamma.py").write_text("Z = [1, 3]\n")
    assert bytecode.key_of(root, bytecode.sources(root)) != before


def test_imports_use_the_kept_code_and_compile_the_rest(page_dir: Path) -> None:
    root = str(page_dir)
    kept = bytecode.checked(bytecode.unpack(bytecode.pack([
        str(page_dir / "alpha.py"), str(page_dir / "pkg" / "gamma.py")])),
        bytecode.expected_sources(root), root)
    # The sources change after packing: the kept code wins for the files it holds
    # (which is why the key must change with the sources), the others compile.
    (page_dir / "alpha.py").write_text("X = 'changed'\n")
    (page_dir / "pkg" / "gamma.py").write_text("Z = 'changed'\n")
    (page_dir / "beta.py").write_text("Y = 'changed'\n")
    bytecode.install(kept)
    import alpha  # type: ignore[import-not-found]
    import beta  # type: ignore[import-not-found]
    import pkg.gamma  # type: ignore[import-not-found]

    assert (alpha.X, pkg.gamma.Z, beta.Y) == (1, [1, 2], "changed")
    assert alpha.__file__ == str(page_dir / "alpha.py")
    assert bytecode.CODES == {}  # each kept code is used once
    assert names(page_dir, sorted(kept)) == ["alpha.py", "pkg/gamma.py"]


@pytest.mark.parametrize("data", [b"", b"not marshal", marshal.dumps([1, 2]),
                                  marshal.dumps({"a.py": "text, not bytes"}),
                                  marshal.dumps({"a.py": b"code without digests"}),
                                  marshal.dumps({"a.py": ("x", "y", "not bytes")})])
def test_a_damaged_entry_is_refused(data: bytes) -> None:
    with pytest.raises((ValueError, EOFError, TypeError)):
        bytecode.unpack(data)


def test_the_build_writes_a_key_that_follows_the_python(tmp_path: Path) -> None:
    out = tmp_path / "site"
    (out / "qin_ui").mkdir(parents=True)
    (out / "vendor" / "pyodide").mkdir(parents=True)
    files = {
        "main.py": "print(1)\n", "qin_ui/a.py": "A = 1\n", "style.css": "p {}\n",
        "wheels.whl": "zip", "vendor/pyodide/pyodide-lock.json": '{"python": "3.12"}',
    }
    for rel, text in files.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_text(text)
    paths = [out / rel for rel in files]
    key = build_site.python_key(out, paths)
    (out / "style.css").write_text("p { color: red }\n")
    assert build_site.python_key(out, paths) == key  # not Python
    for rel in ("qin_ui/a.py", "wheels.whl", "vendor/pyodide/pyodide-lock.json"):
        (out / rel).write_text(files[rel] + " ")
        assert build_site.python_key(out, paths) != key, rel
        key = build_site.python_key(out, paths)

    template = (WEB / "bytecode.py").read_text()
    built = build_site.bytecode_module(template, key, {"qin_ui/a.py": "d1"})
    assert f'KEY = "{key}"' in built and "__QIN_PY_KEY__" not in built
    assert build_site.BYTECODE_SOURCES_MARK not in built
    namespace: dict[str, object] = {}
    exec(compile(built, "bytecode.py", "exec"), namespace)  # noqa: S102 - our own module
    assert namespace["SOURCES"] == {"qin_ui/a.py": "d1"}
    with pytest.raises(build_site.BuildError):
        build_site.bytecode_module("KEY = None\n", key, {})


# -- each kept module is checked against the build's source digests --------------------
def kept_blob(page_dir: Path) -> dict[str, bytecode.Kept]:
    return bytecode.unpack(bytecode.pack(bytecode.sources(str(page_dir))))


def test_a_kept_entry_of_these_sources_passes_the_check(page_dir: Path) -> None:
    root = str(page_dir)
    codes = bytecode.checked(kept_blob(page_dir), bytecode.expected_sources(root), root)
    assert names(page_dir, sorted(codes)) == [
        "alpha.py", "beta.py", "pkg/__init__.py", "pkg/gamma.py"]


def test_altered_kept_code_is_refused_and_never_run(page_dir: Path) -> None:
    """A kept module altered to set a marker: the check refuses the entry, the import
    compiles the source, and the marker is never set."""
    root = str(page_dir)
    codes = kept_blob(page_dir)
    alpha = str(page_dir / "alpha.py")
    hostile = marshal.dumps(compile("import builtins\nbuiltins.QIN_TAMPERED = True\nX = 1\n",
                                    alpha, "exec"))
    source_digest, code_digest, _ = codes[alpha]
    codes[alpha] = (source_digest, code_digest, hostile)
    with pytest.raises(bytecode.KeptCodeMismatch, match="alpha.py"):
        bytecode.checked(codes, bytecode.expected_sources(root), root)
    assert bytecode.CODES == {}  # nothing installed
    import alpha as module

    assert module.X == 1 and not hasattr(__import__("builtins"), "QIN_TAMPERED")


def test_code_whose_kept_digest_was_recomputed_is_refused_against_the_build(
        page_dir: Path) -> None:
    """A script on the origin recompiles a module and recomputes the digest kept beside
    it: consistent with itself, but not the code the build made (``BUILT``)."""
    root = str(page_dir)
    codes = kept_blob(page_dir)
    built = {name: code_digest for name, (_, code_digest, _) in
             zip(names(page_dir, list(codes)), codes.values(), strict=True)}
    assert bytecode.checked(codes, bytecode.expected_sources(root), root, built)
    alpha = str(page_dir / "alpha.py")
    hostile = marshal.dumps(compile("X = 2\n", alpha, "exec"))
    source_digest, _, _ = codes[alpha]
    codes[alpha] = (source_digest, bytecode.digest(hostile), hostile)
    bytecode.checked(codes, bytecode.expected_sources(root), root)  # its own digest: passes
    with pytest.raises(bytecode.KeptCodeMismatch, match="alpha.py"):
        bytecode.checked(codes, bytecode.expected_sources(root), root, built)


def test_the_build_ships_the_digests_of_the_code_it_wrote() -> None:
    blob = marshal.dumps({"/home/pyodide/qin_ui/app.py": ("s", "whatever", b"code")})
    assert build_site.built_code_digests(blob) == {
        "qin_ui/app.py": bytecode.digest(b"code")}
    template = (WEB / "bytecode.py").read_text(encoding="utf-8")
    built = build_site.bytecode_module(template, "k" * 32, {"a.py": "1"}, {"a.py": "2"})
    assert '"a.py": "2"' in built.split("BUILT:", 1)[1].split('"""', 1)[0]


def test_a_corrupted_kept_module_is_refused(page_dir: Path) -> None:
    root = str(page_dir)
    codes = kept_blob(page_dir)
    gamma = str(page_dir / "pkg" / "gamma.py")
    source_digest, code_digest, code = codes[gamma]
    middle = len(code) // 2  # one bit flipped, as a damaged disk would
    codes[gamma] = (source_digest, code_digest,
                    code[:middle] + bytes([code[middle] ^ 1]) + code[middle + 1:])
    with pytest.raises(bytecode.KeptCodeMismatch, match="pkg/gamma.py"):
        bytecode.checked(codes, bytecode.expected_sources(root), root)


def test_code_kept_from_other_sources_is_refused(page_dir: Path) -> None:
    """The build's digests name the sources the page serves: code compiled from anything
    else (an altered source, another deployment's) is refused, whatever its own digests."""
    root = str(page_dir)
    expected = bytecode.expected_sources(root)
    (page_dir / "beta.py").write_text("import builtins\nbuiltins.QIN_TAMPERED = True\n")
    codes = kept_blob(page_dir)  # consistent with itself: compiled from the altered file
    with pytest.raises(bytecode.KeptCodeMismatch, match="beta.py.*another source"):
        bytecode.checked(codes, expected, root)
    stray = str(page_dir / "pkg" / "stray.py")
    (page_dir / "pkg" / "stray.py").write_text("S = 1\n")
    with pytest.raises(bytecode.KeptCodeMismatch, match="stray.py"):
        bytecode.checked({stray: bytecode.kept(stray)}, expected, root)


def test_the_build_digests_the_modules_the_page_imports(tmp_path: Path) -> None:
    """What the built bytecode.py expects: PyScript's files where the config puts them
    and the wheel's modules at the root, not the scripts that are run."""
    import zipfile

    out = tmp_path / "site"
    (out / "qin_ui").mkdir(parents=True)
    (out / "wheels").mkdir()
    (out / "qin_ui" / "a.py").write_text("A = 1\n")
    (out / "bytecode.py").write_text("K = 1\n")
    with zipfile.ZipFile(out / "wheels" / "q.whl", "w") as wheel:
        wheel.writestr("q/__init__.py", "Q = 1\n")
        wheel.writestr("q-1.dist-info/METADATA", "x")
    config: dict[str, object] = {
        "files": {"./qin_ui/a.py": "./qin_ui/a.py", "./bytecode.py": "./bytecode.py",
                  "./wheels/q.whl": "./*"}}
    modules = build_site.page_modules(out, config)
    assert modules == {"q/__init__.py": bytecode.digest(b"Q = 1\n"),
                       "qin_ui/a.py": bytecode.digest(b"A = 1\n")}


# -- the modules compiled at build time, served with the site ----------------------------
def served_blob(page_dir: Path) -> bytes:
    return bytecode.pack(bytecode.sources(str(page_dir)))


def choose(kept: bytes | None, served: bytes | None, page_dir: Path,
           expected: dict[str, str] | None = None) -> tuple[str, dict[str, bytes], list[str]]:
    """``bytecode.chosen`` with this kept entry and served file; what it chose, the code,
    and what it read or deleted, in order."""
    import asyncio

    root = str(page_dir)
    done: list[str] = []

    async def kept_entry() -> bytes | None:
        done.append("read kept")
        return kept

    async def served_file() -> bytes | None:
        done.append("fetch served")
        return served

    async def discard() -> None:
        done.append("delete kept")

    outcome, codes = asyncio.run(bytecode.chosen(
        kept_entry, served_file, discard,
        bytecode.expected_sources(root) if expected is None else expected, root,
        lambda message: done.append(f"warn {message}")))
    return outcome, codes, done


def test_a_good_kept_entry_is_used_and_the_served_file_not_fetched(page_dir: Path) -> None:
    outcome, codes, done = choose(served_blob(page_dir), b"never read", page_dir)
    assert (outcome, done) == ("restored", ["read kept"])
    assert names(page_dir, sorted(codes)) == [
        "alpha.py", "beta.py", "pkg/__init__.py", "pkg/gamma.py"]


def test_a_first_visit_uses_the_served_file_and_keeps_nothing(page_dir: Path) -> None:
    outcome, codes, done = choose(None, served_blob(page_dir), page_dir)
    assert (outcome, done) == ("served", ["read kept", "fetch served"])
    assert len(codes) == 4
    assert not bytecode.worth_keeping(outcome)  # no background compile: the file stays


@pytest.mark.parametrize("outcome", ["discarded", "refused", "none", "off"])
def test_a_start_that_compiled_keeps_its_modules(outcome: str) -> None:
    assert bytecode.worth_keeping(outcome)


def test_a_start_from_the_snapshot_restores_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # Pyodide's kept snapshot holds our modules imported (web/startup/snapshot.js's
    # PRELOAD): restore() reads nothing, and nothing is compiled to keep.
    import asyncio
    import types

    monkeypatch.setitem(sys.modules, bytecode.IMPORTED_MARK, types.ModuleType("app"))
    assert bytecode.imported_already()
    assert asyncio.run(bytecode.restore("/nowhere")) == "imported"
    assert not bytecode.worth_keeping("imported")
    monkeypatch.delitem(sys.modules, bytecode.IMPORTED_MARK)
    assert not bytecode.imported_already()


def test_the_mark_of_a_start_from_the_snapshot_is_preloaded() -> None:
    from tests.test_snapshot_preload import preload

    assert bytecode.IMPORTED_MARK in preload()


def test_a_damaged_kept_entry_is_deleted_and_the_served_file_used(page_dir: Path) -> None:
    outcome, codes, done = choose(b"not marshal", served_blob(page_dir), page_dir)
    assert outcome == "served" and len(codes) == 4
    assert done[0] == "read kept" and done[1].startswith("warn kept bytecode discarded")
    assert done[2:] == ["delete kept", "fetch served"]


@pytest.mark.parametrize("served", [b"<!doctype html>not found", b"", marshal.dumps([1])])
def test_a_damaged_served_file_is_refused(page_dir: Path, served: bytes) -> None:
    outcome, codes, done = choose(None, served, page_dir)
    assert (outcome, codes) == ("refused", {})  # nothing installed: compiled from source
    assert done[-1].startswith("warn served bytecode refused")


def test_a_served_file_of_other_sources_is_refused(page_dir: Path) -> None:
    """A module compiled from a source that is not the build's (a stale or altered file,
    consistent with itself) is not run: nothing of the file is used."""
    expected = bytecode.expected_sources(str(page_dir))
    (page_dir / "beta.py").write_text("import builtins\nbuiltins.QIN_TAMPERED = True\n")
    outcome, codes, done = choose(None, served_blob(page_dir), page_dir, expected)
    assert (outcome, codes) == ("refused", {})
    assert "beta.py" in done[-1] and "another source" in done[-1]


def test_without_either_the_modules_are_compiled(page_dir: Path) -> None:
    assert choose(None, None, page_dir)[:2] == ("none", {})
    outcome, codes, done = choose(b"damaged", None, page_dir)
    assert (outcome, codes) == ("discarded", {})
    assert "delete kept" in done


MODULES = {
    "a.py": b'"""Module a."""\nA = "compiled"\n',
    "pkg/__init__.py": b"",
    "pkg/b.py": b'def f() -> int:\n    """Function f."""\n    return 2\n',
}
PYODIDE = Path(__file__).resolve().parent.parent / "node_modules" / "pyodide"
IN_PYODIDE = r"""
import { readFileSync } from "node:fs";
import { loadPyodide } from %(module)s;
const py = await loadPyodide({ indexURL: %(index)s });
py.FS.mkdirTree("/home/pyodide/pkg");
py.FS.mkdirTree("/tmp/startup");
py.FS.writeFile("/tmp/startup/bytecode.py", readFileSync(%(bytecode)s));
py.FS.writeFile("/tmp/served.marshal", readFileSync(%(served)s));
py.globals.set("EXPECTED", %(expected)s);
console.log(py.runPython(`
import json, os, sys
sys.path.insert(0, "/tmp/startup")
import bytecode
# the sources on disk are not what was compiled: an import that runs "compiled" used the file
for rel in ("a.py", "pkg/__init__.py", "pkg/b.py"):
    with open(f"/home/pyodide/{rel}", "w") as f:
        f.write("A = 'source'\\n")
os.chdir("/home/pyodide")
codes = bytecode.checked(bytecode.unpack(open("/tmp/served.marshal", "rb").read()),
                         json.loads(EXPECTED), "/home/pyodide")
bytecode.install(codes)
import a, pkg.b
columns = [col for _, _, col, _ in pkg.b.f.__code__.co_positions()]
json.dumps({"paths": sorted(codes), "A": a.A, "doc": a.__doc__, "f_doc": pkg.b.f.__doc__,
            "f_file": pkg.b.f.__code__.co_filename, "f": pkg.b.f(),
            "columns": sorted({str(c) for c in columns})})
`));
"""


def test_the_build_compiles_the_page_modules_as_the_browser_reads_them(tmp_path: Path) -> None:
    """The build's file passes restore's check in Pyodide's own Python, and its modules
    import from it: the browser's file names (tracebacks), docstrings kept, no columns."""
    import json
    import shutil
    import subprocess

    if shutil.which("node") is None or not PYODIDE.is_dir():
        pytest.skip("node and node_modules/pyodide are needed (make deps)")
    served = tmp_path / "served.marshal"
    served.write_bytes(build_site.ensure_served_bytecode(tmp_path / "dist", MODULES,
                                                         WEB / "bytecode.py"))
    expected = {rel: bytecode.digest(data) for rel, data in MODULES.items()}
    script = IN_PYODIDE % {
        "module": json.dumps((PYODIDE / "pyodide.mjs").as_uri()),
        "index": json.dumps(str(PYODIDE) + "/"),
        "bytecode": json.dumps(str(WEB / "bytecode.py")), "served": json.dumps(str(served)),
        "expected": json.dumps(json.dumps(expected))}
    result = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                            text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr[-3000:]  # (Pyodide's error is at the end)
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen == {"paths": [f"/home/pyodide/{rel}" for rel in sorted(MODULES)],
                    "A": "compiled", "doc": "Module a.", "f_doc": "Function f.",
                    "f_file": "/home/pyodide/pkg/b.py", "f": 2, "columns": ["None"]}


def test_the_served_file_is_compiled_again_only_when_its_inputs_change(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runs: list[list[str]] = []

    def node(cmd: list[str], **_: object) -> object:
        runs.append(cmd)
        Path(cmd[-1]).write_bytes(f"blob {len(runs)}".encode())
        return type("Done", (), {"returncode": 0, "stdout": "", "stderr": ""})()

    monkeypatch.setattr(subprocess, "run", node)  # build_site runs node through it
    template = WEB / "bytecode.py"
    dist = tmp_path / "dist"
    assert build_site.ensure_served_bytecode(dist, MODULES, template) == b"blob 1"
    assert build_site.ensure_served_bytecode(dist, dict(MODULES), template) == b"blob 1"
    changed = {**MODULES, "a.py": b"A = 2\n"}
    assert build_site.ensure_served_bytecode(dist, changed, template) == b"blob 2"
    assert [Path(cmd[1]).name for cmd in runs] == ["bytecode_pack.mjs"] * 2


def test_the_served_file_is_named_by_the_key_restore_asks_for(tmp_path: Path) -> None:
    """At the URL restore() fetches, compressed, and precached for offline visits."""
    key = "0123456789abcdef0123456789abcdef"
    rel = build_site.served_bytecode_path(key)
    assert "./" + rel == bytecode.served_url(key)
    served = tmp_path / rel
    served.parent.mkdir()
    served.write_bytes(bytes(range(256)) * 2 + b"\0" * 4096)
    gz = build_site.gzip_if_stale(served)
    assert gz is not None and gz.name == f"{key}.marshal.gz"
    assert build_site.precache_list(tmp_path) == [rel]


def test_the_page_preloads_the_served_file_with_the_wheel() -> None:
    """Its download overlaps Pyodide's start, as the wheel's does (the fetch of restore()
    then finds it), with the credentials mode of that plain fetch()."""
    config: dict[str, object] = {
        "files": {"./qin_ui/a.py": "./qin_ui/a.py", "./wheels/q-9-py3-none-any.whl": "./*"}}
    page = (f"<head>\n  {build_site.PRELOAD_MARK}\n</head>\n"
            '<script type="py" src="./main.py" config="./pyscript.json"></script>')
    served = "./" + build_site.served_bytecode_path("k" * 32)
    html = build_site.with_preloads(page, config, served)
    links = [line.strip() for line in html.splitlines() if line.strip().startswith("<link")]
    assert links[-4:] == [
        f'<link rel="preload" href="{url}" as="fetch" crossorigin>'
        for url in ("./wheels/q-9-py3-none-any.whl", served, "./main.py", "./qin_ui/a.py")]


def test_the_cold_imports_bench_reports_each_span_of_the_marks() -> None:
    from bench import cold_imports

    marks = {"qin:main": 1000.0, "qin:bytecode": 1050.0, "qin:imported": 1200.0,
             "qin:ready": 1250.0}
    lines = cold_imports.report({Path("after"): [(marks, "served"), (marks, "served")]})
    assert lines[0] == "after: 2 cold visits, data-bytecode served"
    assert [line.split()[-3:] for line in lines[1:]] == [
        ["runs", "50", "50"], ["runs", "150", "150"], ["runs", "200", "200"],
        ["runs", "1250", "1250"]]


def test_site_addresses_resolve_from_the_site_root_in_a_worker() -> None:
    """In a worker (its own address a blob), "./bytecode/..." is taken from the site's
    root that snapshot.js found; on the page, as it is."""
    assert bytecode.at_site("./bytecode/k", "http://h/qin/") == "http://h/qin/bytecode/k"
    assert bytecode.at_site("./bytecode/k", "") == "./bytecode/k"
