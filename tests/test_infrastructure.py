"""Smoke tests of the build and serve tooling (tools/build_site.py, tools/serve.py).

The browser side (the real site booting in Chromium) is tested in e2e/.
"""

from __future__ import annotations

import gzip
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import zipfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tools import build_site, serve

ROOT = Path(__file__).resolve().parent.parent
BOARDS = ROOT / "boards"
SECRET = "not for the browser"


# --------------------------------------------------------------------------- the wheel


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A freshly built qin wheel (the same way `make site` builds it)."""
    return build_site.build_wheel(tmp_path_factory.mktemp("dist"))


def _names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as zf:
        return set(zf.namelist())


def _board_files() -> list[str]:
    if not BOARDS.is_dir():
        return []
    return sorted(
        p.relative_to(BOARDS).as_posix()
        for p in BOARDS.rglob("*")
        if p.is_file() and not p.name.startswith(".") and "__pycache__" not in p.parts
    )


def test_wheel_is_pure_python(wheel: Path) -> None:
    version = build_site.project_version()
    # the distribution is "qin-board-game" ("qin" on the package index is another
    # project); the package inside is imported as qin
    assert wheel.name == f"qin_board_game-{version}-py3-none-any.whl"
    assert build_site.engine_wheel_name() == wheel.name
    with zipfile.ZipFile(wheel) as zf:
        meta = zf.read(f"qin_board_game-{version}.dist-info/WHEEL").decode()
        metadata = zf.read(f"qin_board_game-{version}.dist-info/METADATA").decode()
        entry_points = zf.read(f"qin_board_game-{version}.dist-info/entry_points.txt").decode()
        binaries = [n for n in zf.namelist() if n.endswith((".so", ".pyd", ".dll", ".dylib"))]
    assert "\nName: qin-board-game\n" in metadata
    assert "qin = qin.cli:main" in entry_points  # the command stays "qin"
    assert "Root-Is-Purelib: true" in meta
    assert "Tag: py3-none-any" in meta
    assert not binaries


def test_wheel_contains_the_package(wheel: Path) -> None:
    names = _names(wheel)
    assert "qin/__init__.py" in names
    sources = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "qin").rglob("*.py"))
    missing = [s for s in sources if s not in names]
    assert not missing, f"not in the wheel: {missing}"
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]


def test_wheel_contains_every_board_file(wheel: Path) -> None:
    in_wheel = {n.removeprefix("qin/boards/") for n in _names(wheel) if n.startswith("qin/boards/")}
    assert set(_board_files()) <= in_wheel, f"boards/ files missing from the wheel: {in_wheel}"


def test_the_site_wheel_leaves_out_only_what_the_browser_never_imports(
        wheel: Path, tmp_path: Path) -> None:
    """The site's copy is smaller; the wheel for pip stays whole (the test above)."""
    import base64
    import hashlib

    site = build_site.ensure_site_wheel(wheel, tmp_path)
    assert site.name == wheel.name
    # stored, so that the site's gzip twin compresses across files: smaller than the wheel
    assert len(gzip.compress(site.read_bytes(), 9)) < wheel.stat().st_size
    full, slim = _names(wheel), _names(site)
    version = build_site.project_version()
    info = f"qin_board_game-{version}.dist-info"
    assert full - slim == {"qin/cli.py", "qin/arena.py", "qin/__main__.py", "qin/svg_parts.py",
                           f"{info}/entry_points.txt"}
    assert slim <= full
    with zipfile.ZipFile(site) as zf:
        metadata = zf.read(f"{info}/METADATA").decode()
        record = zf.read(f"{info}/RECORD").decode().splitlines()
        # RECORD names every file with its hash and size: the copy installs as a wheel
        listed = {line.split(",")[0]: line.split(",")[1:] for line in record}
        assert set(listed) == slim
        for name in slim - {f"{info}/RECORD"}:
            data = zf.read(name)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert listed[name] == [f"sha256={digest.decode()}", str(len(data))], name
    assert "\nName: qin-board-game\n" in metadata and f"\nVersion: {version}\n" in metadata
    assert "# Qin in the browser" not in metadata  # the README stays on the package index
    # built again from the same wheel: not rewritten
    stamp = site.stat().st_mtime_ns
    assert build_site.ensure_site_wheel(wheel, tmp_path).stat().st_mtime_ns == stamp


def test_wheel_inputs_digest_tracks_boards(tmp_path: Path) -> None:
    (tmp_path / "qin").mkdir()
    (tmp_path / "qin" / "__init__.py").write_text("")
    (tmp_path / "boards").mkdir()
    (tmp_path / "pyproject.toml").write_text("")
    before = build_site.wheel_inputs_digest(tmp_path)
    (tmp_path / "boards" / "new.txt").write_text(". .\n")
    assert build_site.wheel_inputs_digest(tmp_path) != before


# --------------------------------------------------------------------------- the config


def test_pyscript_config_uses_vendored_pyodide_and_unpacks_the_wheel() -> None:
    config = build_site.pyscript_config("qin_board_game-1.2.3-py3-none-any.whl")
    assert config == {
        "interpreter": "./snapshot.js",
        "files": {"./wheels/qin_board_game-1.2.3-py3-none-any.whl": "./*"},
    }
    assert "packages" not in config  # no micropip
    # web/startup/snapshot.js loads the vendored Pyodide (with its kept memory snapshot).
    wrapper = build_site.web_file("snapshot.js").read_text(encoding="utf-8")
    assert 'from "./vendor/pyodide/pyodide.mjs"' in wrapper
    assert build_site.PYODIDE_URL == "./vendor/pyodide/pyodide.mjs"


def test_pyscript_config_merges_the_page_authors_base() -> None:
    base: dict[str, object] = {"files": {"./qin_ui/__init__.py": "./qin_ui/__init__.py"}}
    config = build_site.pyscript_config("qin_board_game-1-py3-none-any.whl", base)
    assert config["files"] == {
        "./qin_ui/__init__.py": "./qin_ui/__init__.py",
        "./wheels/qin_board_game-1-py3-none-any.whl": "./*",
    }
    with pytest.raises(build_site.BuildError):
        build_site.pyscript_config("w.whl", {"interpreter": "https://cdn.example/pyodide.mjs"})


# --------------------------------------------------------------------------- the server


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    outside = tmp_path_factory.mktemp("served")
    (outside / "secret.txt").write_text(SECRET)
    site = outside / "site"
    site.mkdir()
    (site / "index.html").write_text("<!doctype html><title>t</title>" + "<p>x</p>" * 200)
    (site / "index.html.gz").write_bytes(gzip.compress((site / "index.html").read_bytes()))
    (site / "sub").mkdir()
    (site / "sub" / "x.txt").write_text("x")
    (site / "app.mjs").write_text("export const x = 1;\n" * 200)
    (site / "app.mjs.gz").write_bytes(gzip.compress((site / "app.mjs").read_bytes()))
    (site / "a.wasm").write_bytes(b"\0asm" + bytes(100))
    (site / "big.wasm").write_bytes(b"\0asm" + bytes(4000))
    (site / "big.wasm.gz").write_bytes(gzip.compress((site / "big.wasm").read_bytes()))
    (site / "big.wasm.br").write_bytes(b"brotli bytes, as the build wrote them")
    (site / "data.json").write_text("{}")
    (site / "pic.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    (site / "site.webmanifest").write_text("{}")
    (site / "main.py").write_text("print('hello')\n")
    (site / "style.css").write_text("p { color: red }\n")
    with serve.serving(site) as origin:
        yield origin, site


def _get(
    origin: str, path: str, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    parts = urlsplit(origin)
    conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10)
    try:
        conn.request("GET", path, headers=headers or {})
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()


def _other_address() -> str | None:
    """An address of this machine that is not loopback (None if it has none)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 9))  # no packet is sent: the route is looked up
        address = str(probe.getsockname()[0])
    except OSError:
        return None
    finally:
        probe.close()
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def test_server_answers_on_loopback_only(served: tuple[str, Path]) -> None:
    origin = served[0]
    assert origin.startswith("http://127.0.0.1:")
    assert _get(origin, "/")[0] == 200
    other = _other_address()
    if other is None:
        pytest.skip("this machine has no address but loopback")
    port = urlsplit(origin).port
    assert port is not None
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(2)
        assert sock.connect_ex((other, port)) != 0, f"the server answers on {other}"


@pytest.mark.parametrize(
    ("path", "mime"),
    [
        ("/", "text/html"),
        ("/app.mjs", "text/javascript"),
        ("/a.wasm", "application/wasm"),
        ("/data.json", "application/json"),
        ("/pic.svg", "image/svg+xml"),
        ("/site.webmanifest", "application/manifest+json"),
        ("/main.py", "text/x-python"),
        ("/style.css", "text/css"),
    ],
)
def test_server_mime_types(served: tuple[str, Path], path: str, mime: str) -> None:
    status, headers, _ = _get(served[0], path)
    assert status == 200
    assert headers["content-type"].split(";")[0] == mime
    assert headers["cache-control"] == "no-cache"


def test_server_sends_precompressed_gzip_when_accepted(served: tuple[str, Path]) -> None:
    origin, site = served
    status, headers, body = _get(origin, "/app.mjs", {"Accept-Encoding": "br, gzip, deflate"})
    assert status == 200
    assert headers["content-encoding"] == "gzip"
    assert headers["content-type"].startswith("text/javascript")
    assert "accept-encoding" in headers["vary"].lower()
    assert gzip.decompress(body) == (site / "app.mjs").read_bytes()

    status, headers, body = _get(origin, "/app.mjs")
    assert "content-encoding" not in headers
    assert body == (site / "app.mjs").read_bytes()

    _, headers, _ = _get(origin, "/app.mjs", {"Accept-Encoding": "gzip;q=0, identity"})
    assert "content-encoding" not in headers


def test_server_prefers_brotli_where_the_build_made_it(served: tuple[str, Path]) -> None:
    # Chromium sends "gzip, deflate, br, zstd", also to http://127.0.0.1.
    origin, site = served
    status, headers, body = _get(origin, "/big.wasm",
                                 {"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert status == 200
    assert headers["content-encoding"] == "br"
    assert headers["content-type"] == "application/wasm"
    assert "accept-encoding" in headers["vary"].lower()
    assert body == (site / "big.wasm.br").read_bytes()
    # br refused, or only gzip accepted: the .gz; nothing accepted: the file itself.
    for accept in ("gzip, br;q=0", "gzip"):
        _, headers, body = _get(origin, "/big.wasm", {"Accept-Encoding": accept})
        assert headers["content-encoding"] == "gzip"
        assert gzip.decompress(body) == (site / "big.wasm").read_bytes()
    _, headers, body = _get(origin, "/big.wasm")
    assert "content-encoding" not in headers and body == (site / "big.wasm").read_bytes()
    # A file without a .br: gzip even when brotli is accepted.
    _, headers, _ = _get(origin, "/app.mjs", {"Accept-Encoding": "br, gzip"})
    assert headers["content-encoding"] == "gzip"


def test_server_revalidates_with_not_modified(served: tuple[str, Path]) -> None:
    origin, _ = served
    _, headers, _ = _get(origin, "/a.wasm")
    status, _, body = _get(origin, "/a.wasm", {"If-Modified-Since": headers["last-modified"]})
    assert status == 304
    assert body == b""


def test_server_sends_the_index_of_a_directory_compressed(served: tuple[str, Path]) -> None:
    origin, site = served
    status, headers, body = _get(origin, "/?v=1", {"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers["content-type"].startswith("text/html")
    assert gzip.decompress(body) == (site / "index.html").read_bytes()


def test_server_404_and_no_listings(served: tuple[str, Path]) -> None:
    origin, _ = served
    assert _get(origin, "/nope.js")[0] == 404
    status, _, body = _get(origin, "/sub/")  # a folder without index.html: no listing
    assert status == 404 and b"x.txt" not in body
    status, headers, _ = _get(origin, "/sub")
    assert status == 301 and headers["location"] == "/sub/"
    assert _get(origin, "/sub/x.txt")[:3:2] == (200, b"x")


@pytest.mark.parametrize("path", [
    "/../secret.txt", "/sub/../../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt",
    "/sub/%2e%2e/%2e%2e/secret.txt", "/../site/../secret.txt",
])
def test_server_refuses_paths_outside_the_site(served: tuple[str, Path], path: str) -> None:
    origin, site = served
    assert (site.parent / "secret.txt").read_text() == SECRET
    status, _, body = _get(origin, path)
    assert status == 404
    assert SECRET.encode() not in body


def test_server_answers_several_requests_on_one_connection(served: tuple[str, Path]) -> None:
    # Keep-alive (the page loads dozens of files): answers that succeed leave the
    # connection open; an error answer closes it (the stdlib's send_error).
    origin, site = served
    parts = urlsplit(origin)
    conn = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10)
    try:
        socks = []
        for path, status, mime in (("/a.wasm", 200, "application/wasm"),
                                   ("/data.json", 200, "application/json"),
                                   ("/app.mjs", 200, "text/javascript"),
                                   ("/nope", 404, "text/html")):
            conn.request("GET", path)
            resp = conn.getresponse()
            body = resp.read()
            socks.append(conn.sock)
            assert resp.status == status, path
            assert (resp.getheader("content-type") or "").split(";")[0] == mime, path
            if status == 200:
                assert body == (site / path[1:]).read_bytes()
                assert not resp.will_close, path
            else:
                assert resp.will_close
        assert socks[0] is not None and socks[0] is socks[1] is socks[2]  # one connection
        assert socks[3] is None  # closed after the 404
        conn.request("GET", "/a.wasm")  # the next request opens a new one
        assert conn.getresponse().read() == (site / "a.wasm").read_bytes()
    finally:
        conn.close()


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, False),
        ("", False),
        ("gzip", True),
        ("deflate, gzip;q=1.0, *;q=0.5", True),
        ("GZIP", True),
        ("gzip;q=0", False),
        ("br", False),
        ("*", True),
        ("*;q=0.5, gzip;q=0", False),
        ("gzip;q=0.001", True),
    ],
)
def test_accepts_gzip(header: str | None, expected: bool) -> None:
    assert serve.accepts_gzip(header) is expected


def test_a_browser_going_away_is_not_reported_as_a_server_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A closed tab or a cancelled prefetch resets its connection: `make play` and the
    # tests' server stay quiet about it, but still report a real failure.
    server = serve.make_server(tmp_path, quiet=True)
    try:
        for error in (ConnectionResetError(104, "reset"), BrokenPipeError(32, "pipe")):
            try:
                raise error
            except OSError:
                server.handle_error(None, ("127.0.0.1", 1))
        assert capsys.readouterr().err == ""
        try:
            raise ValueError("a bug in the handler")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 1))
        assert "a bug in the handler" in capsys.readouterr().err
    finally:
        server.server_close()


# --------------------------------------------------------------------------- precompression


def test_gzip_beside_big_text_files_only(tmp_path: Path) -> None:
    big = tmp_path / "big.js"
    big.write_text("let a = 1;\n" * 500)
    small = tmp_path / "small.js"
    small.write_text("1")
    blob = tmp_path / "lib.zip"
    blob.write_bytes(os.urandom(4096))
    gz = build_site.gzip_if_stale(big)
    assert gz is not None and gz.name == "big.js.gz"
    assert gzip.decompress(gz.read_bytes()) == big.read_bytes()
    assert build_site.gzip_if_stale(small) is None
    assert build_site.gzip_if_stale(blob) is None
    # Unchanged source: the .gz is reused, not rewritten.
    mtime = gz.stat().st_mtime_ns
    assert build_site.gzip_if_stale(big) == gz and gz.stat().st_mtime_ns == mtime


def unbrotli(path: Path) -> bytes:
    return subprocess.run(
        ["node", "-e", "process.stdout.write(require('zlib').brotliDecompressSync("
         "require('fs').readFileSync(process.argv[1])))", str(path)],
        capture_output=True, check=True).stdout


@pytest.mark.skipif(shutil.which("node") is None,
                    reason="the build makes .br files with Node's zlib; no node here")
def test_brotli_beside_what_has_a_gzip_twin_when_smaller(tmp_path: Path) -> None:
    big = tmp_path / "big.js"
    big.write_text("".join(f"let a{i} = {i * i};\n" for i in range(800)))
    blob = tmp_path / "lib.zip"
    blob.write_bytes(os.urandom(4096))
    for path in (big, blob):
        build_site.gzip_if_stale(path)
    made = build_site.brotli_if_stale([big, blob, tmp_path / "big.js.gz"])
    br = tmp_path / "big.js.br"
    assert made == [br]
    assert br.stat().st_size < (tmp_path / "big.js.gz").stat().st_size
    assert unbrotli(br) == big.read_bytes()
    assert not (tmp_path / "lib.zip.br").exists()  # no .gz (random bytes): no .br either
    # Unchanged source: the .br is reused, not rewritten; a changed one is remade.
    mtime = br.stat().st_mtime_ns
    assert build_site.brotli_if_stale([big]) == [br] and br.stat().st_mtime_ns == mtime
    big.write_text("let b = 2;\n" * 900)
    build_site.gzip_if_stale(big)
    build_site.brotli_if_stale([big])
    assert unbrotli(br) == big.read_bytes()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporaries


# --------------------------------------------------------------------------- the checks


def test_every_python_file_of_the_site_is_linted_and_type_checked() -> None:
    # `make lint` and `make typecheck` cover web/ as they cover the engine: no file left
    # out, no module whose errors are ignored (web/stubs/ only outlines browser modules).
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mypy = config["tool"]["mypy"]
    assert "web" in mypy["files"] and mypy["strict"] is True
    assert "exclude" not in mypy
    assert not [o for o in mypy.get("overrides", []) if o.get("ignore_errors")]
    lint_paths = next(line for line in (ROOT / "Makefile").read_text().splitlines()
                      if line.startswith("LINT_PATHS"))
    assert " web)" in lint_paths
    ignores = config["tool"]["ruff"]["lint"].get("per-file-ignores", {})
    assert ignores == {"web/**/*.py": ["F704"]}  # PyScript's top-level await, nothing else


def test_the_type_stubs_are_not_part_of_the_site() -> None:
    stubs = sorted((ROOT / "web" / "stubs").rglob("*.pyi"))
    assert {p.stem for p in stubs} >= {"js", "ffi", "__init__"}
    served = build_site.web_sources()
    assert not [rel for rel in served if rel.endswith(".pyi") or rel.startswith("stubs/")]
    assert not set(stubs) & set(served.values())


# --------------------------------------------------------------------------- JavaScript imports
JS_IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)(["'])(\.{1,2}/[^"']+)\1""")


def _relative_imports(path: Path) -> list[str]:
    return [m.group(2) for m in JS_IMPORT.finditer(path.read_text(encoding="utf-8"))]


def test_every_module_of_the_source_tree_imports_what_exists_there() -> None:
    """A module of web/ imports files of the source tree ("../embed/stamp.js" from
    web/page/), never a path that exists only in the built site; what the build vendors
    (vendor/) is the one exception."""
    web = ROOT / "web"
    missing = [f"{path.relative_to(ROOT)}: {target}"
               for path in sorted(web.rglob("*.js")) for target in _relative_imports(path)
               if not (path.parent / target).resolve().is_file()
               and "/vendor/" not in f"/{target}"]
    assert missing == []


def test_the_diagrams_script_is_served_with_its_failures_in_english() -> None:
    """What a diagram says when its own catalogue cannot be loaded: the English
    catalogue's sentences, with and without a detail, written in by the build."""
    english = build_site.merged_catalogue("en")
    source = (ROOT / "web" / "embed" / "qin-board.js").read_text(encoding="utf-8")
    served = build_site.embed_script(source, english)
    assert build_site.EMBED_ENGLISH_MARK not in served
    said = {**english, **build_site.without_details(english)}
    for key in build_site.EMBED_FAILURES:
        for form in (key, key + build_site.NO_DETAIL):
            assert f"{json.dumps(form)}: {json.dumps(said[form])}" in served, form


def test_the_diagrams_script_is_served_with_its_board_s_words_in_english() -> None:
    """A diagram whose catalogue cannot be loaded still draws its board, named in
    English, and says in English that its words could not be loaded."""
    english = build_site.merged_catalogue("en")
    source = (ROOT / "web" / "embed" / "qin-board.js").read_text(encoding="utf-8")
    served = build_site.embed_script(source, english)
    said = {**english, **build_site.without_details(english)}
    for form in ("ui.diagram", "ui.words_failed", "ui.words_failed" + build_site.NO_DETAIL):
        assert f"{json.dumps(form)}: {json.dumps(said[form])}" in served, form


def test_a_root_module_is_served_with_its_imports_at_the_sites_root() -> None:
    source = 'import { stamp } from "../embed/stamp.js";\nimport("../embed/x.js");\n' \
             'import { a } from "./linkcode.js";\n'
    assert build_site.root_module(source) == (
        'import { stamp } from "./embed/stamp.js";\nimport("./embed/x.js");\n'
        'import { a } from "./linkcode.js";\n')
