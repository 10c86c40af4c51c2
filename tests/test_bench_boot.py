"""bench/boot.py, bench/engine_browser.py and bench/engine_snippet.py: they import
without a browser, and their helpers (server-side byte counting, the floor page's
folder, the summaries, the engine snippet) do what the bench relies on.  No timing is
asserted anywhere."""

from __future__ import annotations

import gzip
import urllib.request
from pathlib import Path

from bench import boot, engine_browser, engine_snippet


def test_the_counting_server_records_bytes_sent_and_decoded(tmp_path: Path) -> None:
    data = b"print('hello')\n" * 200
    (tmp_path / "main.py").write_bytes(data)
    (tmp_path / "main.py.gz").write_bytes(gzip.compress(data))
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "x.js").write_bytes(b"x" * 10)
    with boot.counting_server(tmp_path) as (origin, recorder):
        request = urllib.request.Request(origin + "/main.py",
                                         headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request) as response:
            assert gzip.decompress(response.read()) == data
        with urllib.request.urlopen(origin + "/vendor/x.js?v=1") as response:
            assert response.read() == b"x" * 10
        recorder.wait_quiet(0.05, 2)
        hits = recorder.take()
    assert [(h.path, h.status, h.encoding) for h in hits] == [
        ("/main.py", 200, "gzip"), ("/vendor/x.js", 200, "")]
    assert hits[0].sent == (tmp_path / "main.py.gz").stat().st_size
    assert hits[0].decoded == len(data)
    summary = boot.summarize_hits(hits)
    assert summary["requests"] == 2
    assert summary["ours_requests"] == 1
    assert summary["ours_decoded"] == len(data)
    assert summary["decoded"] == len(data) + 10
    assert summary["largest"][0][2] == "/main.py"


def test_the_service_workers_requests_are_told_apart_from_the_page_load(
        tmp_path: Path) -> None:
    # The service worker's script and a precache file fetched again (cache: "reload")
    # carry a Cache-Control header; the page, PyScript and Pyodide send none. The cold
    # load's count leaves the former out.
    (tmp_path / "index.html").write_bytes(b"<p>hi</p>")
    with boot.counting_server(tmp_path) as (origin, recorder):
        with urllib.request.urlopen(origin + "/index.html") as response:
            response.read()
        precache = urllib.request.Request(origin + "/index.html",
                                          headers={"Cache-Control": "max-age=0"})
        with urllib.request.urlopen(precache) as response:
            response.read()
        recorder.wait_quiet(0.05, 2)
        hits = recorder.take()
    assert [h.worker for h in hits] == [False, True]


def test_the_floor_folder_links_the_vendored_runtime(tmp_path: Path) -> None:
    (tmp_path / "vendor" / "pyodide").mkdir(parents=True)
    (tmp_path / "vendor" / "pyodide" / "pyodide.mjs").write_text("export {}")
    with boot.floor_dir(tmp_path) as floor:
        assert (floor / "vendor" / "pyodide" / "pyodide.mjs").is_file()
        page = (floor / "index.html").read_text()
        assert 'src="./floor.js"' in page
        assert "loadPyodide" in (floor / "floor.js").read_text()
    assert not floor.exists()


def test_page_side_scripts_are_functions_of_the_contract() -> None:
    # The probe waits for the boot contract (e2e/README.md) and the start screen.
    assert "dataset.boot" in boot.PROBE_JS and '"start"' in boot.PROBE_JS
    assert "#board svg" in boot.PROBE_JS
    for script in (boot.INTERACT_JS, boot.RESOURCES_JS, boot.PROBE_DONE_JS,
                   boot.FLOOR_DONE_JS, boot.OFFLINE_SETTLED_JS, engine_snippet.PAGE_JS):
        assert script.lstrip().startswith(("(", "async ("))
        assert script.count("(") == script.count(")")
        assert script.count("{") == script.count("}")


def test_summaries_and_the_report_format_numbers() -> None:
    assert boot.spread([3.0, 1.0, 2.0]) == "2 (1-3)"
    assert boot.spread([]) == "-"
    assert boot.is_ours("/wheels/qin_board_game-0.1.0-py3-none-any.whl")
    assert not boot.is_ours("/vendor/pyodide/pyodide.asm.wasm")
    hits = boot.summarize_hits([boot.Hit("/", 200, 100, 300, "br")])
    floor = {"cold": 1000.0, "warm": 800.0, "hits": hits}
    game = {"cold": {"boot": 1100.0, "playable": 1100.0, "board": 1200.0, "start_click": 50.0},
            "warm": {"boot": 900.0, "playable": 900.0, "board": 950.0, "start_click": 40.0},
            "hits": hits, "interactions": {"pick": [[1.0, 5.0]], "hoverLegal": [[2.0, 6.0]],
                                           "hoverOther": [[1.0, 3.0]], "place": [[9.0, 20.0]],
                                           "placed": 1}}
    text = "\n".join(boot.report([floor], [game]))
    assert "1.10 / 1.12" in text  # playable: cold and warm ratios to the floor
    assert "click a legal square" in text


def test_the_engine_snippet_runs_under_cpython() -> None:
    result = engine_snippet.run_here(0.05, 1)
    assert result["games_per_s"] > 0
    assert {"legal_us", "cold_us", "play_us", "ai"} <= set(result)
    lines = engine_snippet.table(result, result)
    assert any("1.00x" in line for line in lines)
    assert callable(engine_browser.main)  # the command imports without a browser


def test_the_build_puts_preload_links_where_the_page_marks_them() -> None:
    from tools import build_site

    config: dict[str, object] = {"interpreter": "./vendor/pyodide/pyodide.mjs",
              "files": {"./qin_ui/session.py": "./qin_ui/session.py",
                        "./wheels/qin_board_game-9-py3-none-any.whl": "./*"}}
    page = ('<head>\n  <script type="module" src="./vendor/pyscript/core.js"></script>\n'
            f'  {build_site.PRELOAD_MARK}\n</head>\n'
            '<script type="py" src="./main.py" config="./pyscript.json"></script>')
    html = build_site.with_preloads(page, config)
    assert build_site.PRELOAD_MARK not in html
    links = [line.strip() for line in html.splitlines() if line.strip().startswith("<link")]
    hrefs = [link.split('href="')[1].split('"')[0] for link in links]
    runtime = [h for h in hrefs if h.startswith("./vendor/pyodide/")]
    assert runtime[:2] == ["./vendor/pyodide/pyodide.mjs", "./vendor/pyodide/pyodide.asm.mjs"]
    # The runtime's two large files are prefetched (off the page's main thread), with
    # the credentials mode of Pyodide's own fetch; nothing else is.
    prefetched = [h for h, link in zip(hrefs, links, strict=True) if 'rel="prefetch"' in link]
    assert prefetched == ["./vendor/pyodide/pyodide.asm.wasm",
                          "./vendor/pyodide/python_stdlib.zip"]
    assert all(link.endswith("crossorigin>") for link in links if 'rel="prefetch"' in link)
    # The runtime before our files; the wheel, then main.py, then the config's files.
    assert hrefs[-3:] == ["./wheels/qin_board_game-9-py3-none-any.whl", "./main.py",
                          "./qin_ui/session.py"]
    assert all('as="fetch" crossorigin' in link for link in links
               if 'rel="preload"' in link)
    assert len(set(hrefs)) == len(hrefs)
    assert build_site.with_preloads("<p>no mark</p>", config) == "<p>no mark</p>"


def test_a_page_whose_python_runs_in_a_worker_prefetches_what_the_worker_loads() -> None:
    """A worker sees the HTTP cache (prefetch), never the page's preloads (Chromium then
    warns that each was unused); PyScript's own chunks stay the page's modules."""
    from tools import build_site

    config: dict[str, object] = {"interpreter": "./snapshot.js",
              "files": {"./host.py": "./host.py",
                        "./wheels/qin_board_game-9-py3-none-any.whl": "./*"}}
    page = ('<head>\n  <script type="module" src="./vendor/pyscript/core.js"></script>\n'
            f'  {build_site.PRELOAD_MARK}\n</head>\n'
            '<script type="py" worker name="qin-app" data-app src="./main.py"></script>')
    links = [line.strip() for line in build_site.with_preloads(page, config).splitlines()
             if line.strip().startswith("<link")]
    by_href = {link.split('href="')[1].split('"')[0]: link for link in links}
    for url in ("./snapshot.js", "./vendor/pyodide/pyodide.mjs",
                "./wheels/qin_board_game-9-py3-none-any.whl", "./main.py", "./host.py"):
        assert by_href[url] == f'<link rel="prefetch" href="{url}" crossorigin>'
    # The config is fetched by PyScript on the page's thread the moment it starts (the
    # HTTP cache's copy when there is one: web/startup/runtime_files.js): a prefetch of it
    # would only race that fetch, one of the two then asking the server again.
    assert "./pyscript.json" not in by_href
    assert not [link for link in links if 'rel="preload"' in link]
    assert all(link.startswith('<link rel="modulepreload" href="./vendor/pyscript/')
               for link in links if "modulepreload" in link)
    # The worker's prefetches wait in a template that boot.js puts into the page once the
    # first screen is painted; PyScript's modules are the page's own, asked for at once.
    html = build_site.with_preloads(page, config)
    start, end = build_site.PREFETCH_LATER
    held = html[html.index(start):html.index(end)]
    assert held.count('rel="prefetch"') == len([link for link in links if "prefetch" in link])
    assert "modulepreload" not in held and "modulepreload" in html
