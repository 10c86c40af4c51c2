"""The headers the site is served with (tools/site_headers.py): the ``_headers`` file
the build writes for a static host and the local server (tools/serve.py) sending the
same, path by path.  The game and rules pages may not be framed by another site; the
iframe form of a diagram may; no page allows inline styles but the drawing's own.
"""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from email.message import Message
from pathlib import Path

import pytest

from qin.svg import STYLE
from tools import build_site, serve, site_headers

PAGES = ("index.html", "selftest.html", "rules/index.html", "rules/en.html",
         "embed/embed.html")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A served copy of a site's pages, a script, and the build's ``_headers``."""
    root = tmp_path_factory.mktemp("site")
    for rel in (*PAGES, "vendor/pyodide/pyodide.mjs", "embed/qin-board.js"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("<!doctype html><title>x</title>\n")
    (root / build_site.HEADERS_NAME).write_text(build_site.static_host_headers())
    with serve.serving(root) as origin:
        yield origin


def get(url: str) -> Message:
    with urllib.request.urlopen(url) as response:
        headers: Message = response.headers
        return headers


@pytest.mark.parametrize("path", ["/", "/index.html", "/selftest.html", "/rules/",
                                  "/rules/en.html", "/rules/index.html?lang=de"])
def test_the_game_and_rules_pages_refuse_to_be_framed(site: str, path: str) -> None:
    headers = get(site + path)
    policy = headers["Content-Security-Policy"]
    assert policy.endswith("frame-ancestors 'none'")
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"


def test_the_iframe_diagram_may_be_framed(site: str) -> None:
    headers = get(site + "/embed/embed.html")
    assert "frame-ancestors" not in headers["Content-Security-Policy"]
    assert headers["X-Frame-Options"] is None
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_scripts_get_no_page_policy_but_nosniff(site: str) -> None:
    for path in ("/embed/qin-board.js", "/vendor/pyodide/pyodide.mjs"):
        headers = get(site + path)
        assert headers["Content-Security-Policy"] is None
        assert headers["X-Content-Type-Options"] == "nosniff"


def test_no_inline_style_is_allowed_but_the_drawings_own() -> None:
    policy = site_headers.policy([STYLE])
    styles = next(d for d in policy.split("; ") if d.startswith("style-src"))
    assert styles == f"style-src 'self' {site_headers.style_hash(STYLE)}"
    assert "unsafe-inline" not in policy
    # every directive of the pages' meta tags is kept (a header may only narrow them)
    meta = (build_site.WEB_DIR / "page" / "index.html").read_text(encoding="utf-8")
    for directive in policy.split("; "):
        if not directive.startswith("style-src"):
            assert directive in meta


def test_every_page_of_the_site_has_a_policy_rule() -> None:
    """A page added to web/ cannot be left without its rule (framed or not)."""
    table = site_headers.rules()
    for rel in build_site.web_sources():
        if not rel.endswith(".html"):
            continue
        headers = site_headers.headers_for("/" + rel, table)
        assert "Content-Security-Policy" in headers, rel
        framed = "frame-ancestors" not in headers["Content-Security-Policy"]
        assert framed == rel.startswith("embed/"), rel


def test_the_headers_file_reads_back_as_written() -> None:
    table = site_headers.rules([STYLE])
    assert site_headers.read_headers_file(site_headers.headers_file(table)) == table


def test_a_directory_without_a_headers_file_gets_the_same_rules(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html>")
    with serve.serving(tmp_path) as origin:
        headers = get(origin + "/")
    assert headers["Content-Security-Policy"].endswith("frame-ancestors 'none'")
