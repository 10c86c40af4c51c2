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
    import alpha as module  # type: ignore[import-not-found]

    assert module.X == 1 and not hasattr(__import__("builtins"), "QIN_TAMPERED")


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
    config = {"files": {"./qin_ui/a.py": "./qin_ui/a.py", "./bytecode.py": "./bytecode.py",
                        "./wheels/q.whl": "./*"}}
    modules = build_site.page_modules(out, config)
    assert modules == {"q/__init__.py": bytecode.digest(b"Q = 1\n"),
                       "qin_ui/a.py": bytecode.digest(b"A = 1\n")}
