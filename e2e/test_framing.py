"""Framing: another site may frame a diagram (embed/embed.html) but not the game or the
rules pages (clickjacking).  The site is served with the headers the build writes for a
static host (build/site/_headers, sent by tools/serve.py); a second local server, on
another port and so another origin, serves a page that frames both.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Frame, Page, expect

from tools.serve import serving

ENGINE_TIMEOUT_MS = 90_000
POSITION = "players: 2\n. . . .\nr . v .\n. . . ."


@pytest.fixture
def other_site(tmp_path: Path, site_url: str) -> Iterator[str]:
    """Another origin whose page frames the game, a rules page and a diagram."""
    fragment = f"position={quote(POSITION)}&move=Rb2Yb1"
    (tmp_path / "host.html").write_text(f"""<!doctype html><html><head>
      <meta charset="utf-8"><link rel="icon" href="data:,"><title>another site</title>
      </head><body>
      <iframe name="game" src="{site_url}" width="600" height="400"></iframe>
      <iframe name="rules" src="{site_url}rules/en.html" width="600" height="400"></iframe>
      <iframe name="diagram" src="{site_url}embed/embed.html#{fragment}"
              width="400" height="400"></iframe></body></html>""", encoding="utf-8")
    with serving(tmp_path) as origin:
        assert origin + "/" != site_url
        yield origin + "/host.html"


def frame(page: Page, name: str) -> Frame:
    found = page.frame(name=name)
    assert found is not None, name
    return found


def test_another_site_may_frame_a_diagram_but_not_the_game(
        browser: Browser, other_site: str, site_url: str) -> None:
    # A context of its own: this page is another origin's on purpose (the guard of the
    # other tests fails any request to another origin).
    context = browser.new_context()
    try:
        page = context.new_page()
        refused: list[str] = []
        page.on("console", lambda m: refused.append(m.text)
                if "frame-ancestors" in m.text else None)
        page.goto(other_site)
        diagram = frame(page, "diagram")
        board = diagram.locator("qin-board")
        expect(board).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT_MS)
        expect(board.locator("svg.qin-board")).to_have_count(1)
        for name in ("game", "rules"):
            blocked = frame(page, name)
            # the browser shows its own error page instead of ours: none of our
            # document is there (no title, no element of the page)
            page.wait_for_function(
                "name => { const f = [...document.querySelectorAll('iframe')]"
                ".find(f => f.name === name); try { return f.contentDocument === null"
                " || f.contentWindow.location.href === 'about:blank'; }"
                " catch { return true; } }", arg=name)
            assert not blocked.url.startswith(site_url), blocked.url
        assert len(refused) >= 2, refused
    finally:
        context.close()


def test_the_game_page_itself_is_served_with_its_policy(page: Page, site_url: str) -> None:
    response = page.goto(site_url)
    assert response is not None
    policy = response.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "unsafe-inline" not in policy
    embed = page.request.get(site_url + "embed/embed.html")
    assert "frame-ancestors" not in embed.headers["content-security-policy"]
