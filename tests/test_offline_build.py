"""Offline play at build time: the service worker's precache list and version, the digests
of the runtime's files a first visit's workers check their copies against, the app icons,
the manifest, and the Content-Security-Policy of every page (tools/build_site.py, web/)."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import struct
import zlib
from pathlib import Path

import pytest

from tools.build_site import (
    NODE_MODULES,
    WEB_DIR,
    icon_png,
    precache_entries,
    precache_list,
    pyscript_modules,
    runtime_fetches,
    runtime_files_module,
    service_worker,
    web_file,
    worker_scripts,
)

TEMPLATE = web_file("sw.js").read_text(encoding="utf-8")


def site(tmp_path: Path) -> Path:
    out = tmp_path / "site"
    for rel, text in {"index.html": "<p>", "index.html.gz": "x", "index.html.br": "x",
                      "sw.js": "old",
                      "rules/index.html": "r", "rules/en.html": "e", ".tmp.x": "t",
                      "wheels/qin_board_game-0.1.0-py3-none-any.whl": "w"}.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_text(text)
    return out


def _parts(sw: str) -> tuple[str, list[str]]:
    """The worker's version and every URL its precache keeps."""
    version, entries = _entries(sw)
    return version, sorted(url for url, _, *also in entries for url in (url, *also))


def _entries(sw: str) -> tuple[str, list[list[str]]]:
    version = re.search(r'const VERSION = "([0-9a-f]+)";', sw)
    files = re.search(r"const PRECACHE = (\[.*?\n\]);", sw, re.S)
    assert version and files
    return version.group(1), json.loads(files.group(1))


def test_the_worker_precaches_every_file_once_and_its_folders(tmp_path: Path) -> None:
    out = site(tmp_path)
    assert precache_list(out) == ["./", "index.html", "rules/", "rules/en.html",
                                  "rules/index.html",
                                  "wheels/qin_board_game-0.1.0-py3-none-any.whl"]
    version, files = _parts(service_worker(TEMPLATE, out))
    assert files == precache_list(out) and len(version) == 16


def test_each_file_is_fetched_once_by_the_url_a_visit_loads_and_checked_by_its_digest(
        tmp_path: Path) -> None:
    """A folder's index.html is one download kept under both URLs (the game's "./" is what
    the visit loaded); each entry carries the file's SHA-256, so the worker can take the
    browser's HTTP cache's copy and refuse one of another version."""
    out = site(tmp_path)
    _, entries = _entries(service_worker(TEMPLATE, out))
    assert entries == precache_entries(out)
    urls = [entry[0] for entry in entries]
    assert urls == ["./", "rules/", "rules/en.html",
                    "wheels/qin_board_game-0.1.0-py3-none-any.whl"]
    assert entries[0][2:] == ["index.html"] and entries[1][2:] == ["rules/index.html"]
    for url, check, *also in entries:
        name = also[0] if also else url
        digest = hashlib.sha256((out / name).read_bytes()).digest()
        assert check == "sha256-" + base64.b64encode(digest).decode("ascii")


def test_any_changed_file_is_a_new_version(tmp_path: Path) -> None:
    out = site(tmp_path)
    first, _ = _parts(service_worker(TEMPLATE, out))
    assert _parts(service_worker(TEMPLATE, out))[0] == first  # stable
    (out / "rules" / "en.html").write_text("changed")
    assert _parts(service_worker(TEMPLATE, out))[0] != first
    (out / "index.html.gz").write_text("not precached: no new version")
    (out / "index.html.br").write_text("nor this")
    second = _parts(service_worker(TEMPLATE, out))[0]
    (out / "sw.js").write_text("itself")
    assert _parts(service_worker(TEMPLATE, out))[0] == second


def test_the_runtime_files_a_worker_fetches_carry_their_digests(tmp_path: Path) -> None:
    """Each of the page's workers fetches Pyodide's wasm, standard library and lock file,
    the config and its files, and the compiled modules, and the page fetches each worker's
    script and the config before it starts the worker: the built runtime_files.js holds
    each one's SHA-256, so a page or worker no service worker serves takes the copy the
    visit already loaded only when it is this build's file."""
    config: dict[str, object] = {"files": {"./host.py": "./host.py",
                                           "./wheels/q-1-py3-none-any.whl": "./*"}}
    paths = runtime_fetches(config, "./bytecode/K.marshal", "./bytecode/pyscript-H.pack",
                            scripts=("./main.py", "ai_worker.py"))
    assert paths == ["ai_worker.py", "bytecode/K.marshal", "bytecode/pyscript-H.pack",
                     "host.py", "main.py",
                     "pyscript.json", "vendor/pyodide/pyodide-lock.json",
                     "vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip",
                     "wheels/q-1-py3-none-any.whl"]
    out = tmp_path / "site"
    for rel in paths:
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(rel.encode() * 3)
    module = runtime_files_module(web_file("runtime_files.js").read_text(encoding="utf-8"),
                                  out, paths)
    files = re.search(r"const FILES = (\{.*?\});", module, re.S)
    assert files and "__QIN_" not in module
    digests = json.loads(files.group(1))
    assert sorted(digests) == paths
    for rel, check in digests.items():
        digest = hashlib.sha256((out / rel).read_bytes()).digest()
        assert check == "sha256-" + base64.b64encode(digest).decode("ascii")
    # The interpreter's module of every worker (and the snapshot's maker, which imports
    # it) installs it before Pyodide or PyScript fetches anything.
    snapshot = web_file("snapshot.js").read_text(encoding="utf-8")
    assert 'import { fetchRuntimeFilesOnce, workerName } from "./runtime_files.js";' in snapshot
    assert snapshot.index("\nfetchRuntimeFilesOnce();") < snapshot.index("loadPlain(")
    # The game page installs it before it starts PyScript, which fetches the config and
    # each worker's script on the page's own thread.
    boot = web_file("boot.js").read_text(encoding="utf-8")
    assert 'import("./runtime_files.js")' in boot
    assert boot.index('import("./runtime_files.js")') < boot.index("import(core.href)")


def test_the_worker_scripts_are_the_pages_and_the_worker_folders(tmp_path: Path) -> None:
    """The scripts PyScript fetches on the page's thread to start a worker: each page's
    ``<script type="py" worker src>`` and the Python files of web/worker/ (the computer's
    worker, which the page's shell starts)."""
    page = ('<script type="py" worker name="a" data-app src="./main.py" config="./c.json">'
            '</script><script type="py" src="./inline.py"></script>')
    sources = {"ai_worker.py": WEB_DIR / "worker" / "ai_worker.py",
               "host.py": WEB_DIR / "page" / "host.py"}
    assert worker_scripts(page, sources) == ["./main.py", "ai_worker.py"]


def test_icons_are_valid_pngs() -> None:
    for size in (192, 512):
        png = icon_png(size)
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        width, height = struct.unpack(">II", png[16:24])
        assert (width, height) == (size, size)
        start = png.index(b"IDAT") + 4
        length = struct.unpack(">I", png[start - 8:start - 4])[0]
        raw = zlib.decompress(png[start:start + length])
        assert len(raw) == size * (1 + 3 * size)


def test_the_manifest_names_icons_that_exist() -> None:
    manifest = json.loads(web_file("manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        src = icon["src"]
        assert web_file(src).is_file() or re.fullmatch(r"icons/icon-(192|512)\.png", src)


def test_the_manifest_says_which_language_its_words_are_in() -> None:
    """One manifest serves every language (a browser reads it once, when the app is
    installed; the page's language switch cannot change it): its words are English and
    it says so (``lang``), so that a browser neither guesses nor mislabels them."""
    manifest = json.loads(web_file("manifest.webmanifest").read_text())
    assert manifest["lang"] == "en" and manifest["dir"] == "ltr"
    assert manifest["description"].isascii()


def test_every_page_has_the_csp_and_no_inline_script() -> None:
    pages = [web_file("index.html"), web_file("selftest.html"), WEB_DIR / "embed" /
             "embed.html", *sorted((WEB_DIR / "rules").glob("*.html"))]
    for page in pages:
        html = page.read_text(encoding="utf-8")
        csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
        assert csp, f"{page.name} has no CSP"
        assert "default-src 'self'" in csp.group(1) and "'wasm-unsafe-eval'" in csp.group(1)
        for script in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in script, f"inline script in {page.name}: {script}"
        assert not re.search(r"\son[a-z]+=\"", html), f"inline handler in {page.name}"


PYSCRIPT_FILES = {
    # core.js re-exports its chunk; the chunk loads its plugins from a table, the archive
    # reader for a wheel unpacked by the config, and the editor's pieces only when asked.
    "core.js": 'export{a as b}from"./core-C1.js";',
    "core-C1.js": ('var N={codemirror:()=>Promise.resolve(),"py-editor":()=>import("./py-edit'
                   'or-E1.js"),error:()=>import("./error-R1.js")};switch(c){case"whl":case"zi'
                   'p":{const e=new Blob([n],{type:"application/zip"});return import("./zip-Z1'
                   '.js").then(f)}}const T=async e=>(await import("./toml-T1.js")).parse(e);'
                   'var $={get core(){return import("./codemirror-M1.js")}};'),
    "py-editor-E1.js": 'import{x}from"./core-C1.js";import{n}from"./error-R1.js";'
                       'const t=()=>import("./toml-B1.js");',
    "error-R1.js": 'import{x}from"./core-C1.js";',
    "zip-Z1.js": "export{}",
    "toml-T1.js": "export{}",
    "toml-B1.js": "export{}",
    "codemirror-M1.js": 'import"./codemirror_view-V1.js";',
    "codemirror_view-V1.js": "export{}",
    "core.css": "p{}",
    "storage.js": "export{}",
}


def pyscript_site(tmp_path: Path) -> Path:
    out = site(tmp_path)
    for name, text in PYSCRIPT_FILES.items():
        (out / "vendor" / "pyscript").mkdir(parents=True, exist_ok=True)
        (out / "vendor" / "pyscript" / name).write_text(text)
    return out


def test_the_worker_keeps_only_the_pyscript_modules_a_page_loads(tmp_path: Path) -> None:
    """PyScript's folder holds an editor, a terminal, a TOML reader and more that no page
    of the site loads: the precache keeps core.js, what it imports, the plugins its chunk
    loads at start and the archive reader that unpacks the wheel, and none of the rest."""
    out = pyscript_site(tmp_path)
    kept = {rel.removeprefix("vendor/pyscript/") for rel in precache_list(out)
            if rel.startswith("vendor/pyscript/")}
    assert kept == {"core.js", "core-C1.js", "py-editor-E1.js", "error-R1.js", "zip-Z1.js"}


def test_a_pyscript_file_a_page_links_is_kept(tmp_path: Path) -> None:
    """The self-test page links PyScript's stylesheet: kept with the page."""
    out = pyscript_site(tmp_path)
    (out / "selftest.html").write_text(
        '<link rel="stylesheet" href="./vendor/pyscript/core.css">')
    assert "vendor/pyscript/core.css" in precache_list(out)
    assert "vendor/pyscript/storage.js" not in precache_list(out)


def test_pyscripts_own_modules_that_no_page_loads() -> None:
    """In the vendored PyScript: its editor (CodeMirror), terminal (xterm), TOML reader,
    package graph and storage are not kept; its core, the plugins and the zip reader are."""
    dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    if not (dist / "core.js").is_file():
        pytest.skip("node_modules/@pyscript/core is not installed")
    loaded = pyscript_modules(dist)
    names = {re.sub(r"-[\w-]{8}\.js$", "", name) for name in loaded}
    assert names == {"core.js", "core", "deprecations-manager", "donkey", "error",
                     "py-editor", "py-game", "py-terminal", "zip"}, sorted(loaded)
    assert all((dist / name).is_file() for name in loaded)
