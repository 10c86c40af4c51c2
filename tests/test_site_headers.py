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


def assert_unframeable(headers: Message, path: str) -> None:
    """The headers of a page that no other site may frame."""
    assert headers["Content-Security-Policy"].endswith("frame-ancestors 'none'"), path
    assert headers["X-Frame-Options"] == "DENY", path
    assert headers["X-Content-Type-Options"] == "nosniff", path


@pytest.mark.parametrize("path", ["/", "/index.html", "/selftest.html", "/rules/",
                                  "/rules/en.html", "/rules/index.html?lang=de"])
def test_the_game_and_rules_pages_refuse_to_be_framed(site: str, path: str) -> None:
    headers = get(site + path)
    assert_unframeable(headers, path)
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


@pytest.mark.parametrize("path", ["/embed%2F..%2Findex.html", "/x%2F..%2Findex.html",
                                  "/./index.html", "/%2e/index.html", "/embed/../index.html",
                                  "//index.html", "/rules/%2e%2e/selftest.html",
                                  "/embed%2Fembed.html%2F..%2F..%2Findex.html"])
def test_a_page_reached_through_an_encoded_path_keeps_its_headers(site: str, path: str) -> None:
    """The headers are those of the file served, whatever spelling of its path reached
    it: the game page is never served frameable (no policy, no ``frame-ancestors``)."""
    with urllib.request.urlopen(site + path) as response:
        assert response.status == 200
        headers = response.headers
    assert_unframeable(headers, path)


def test_the_diagram_reached_through_an_encoded_path_may_still_be_framed(site: str) -> None:
    headers = get(site + "/rules%2F..%2Fembed/./embed.html")
    assert "frame-ancestors" not in headers["Content-Security-Policy"]
    assert headers["X-Frame-Options"] is None


@pytest.mark.parametrize("path", ["/index.html%00", "/%00", "/embed/%00/../index.html"])
def test_a_path_with_a_null_byte_is_answered_cleanly(site: str, path: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A clean client error, on a connection that stays usable, and no traceback."""
    import http.client
    from urllib.parse import urlsplit

    where = urlsplit(site)
    connection = http.client.HTTPConnection(where.hostname or "", where.port, timeout=10)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        assert response.status in (400, 404)
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        connection.request("GET", "/index.html")  # the same connection, still open
        again = connection.getresponse()
        again.read()
        assert again.status == 200
    finally:
        connection.close()
    assert "Traceback" not in capsys.readouterr().err
