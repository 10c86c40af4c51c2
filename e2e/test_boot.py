"""The pages boot Python from same-origin files only and say so (e2e/README.md).

These tests rely only on the boot contract (body[data-boot], #boot, #boot-error),
not on what the game's main.py shows; /selftest.html checks the engine itself.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Response, expect

import qin
from e2e.helpers import PageProblems, boot, boot_ms, wait_for_boot

PAGES = ["/", "/selftest.html"]


@pytest.mark.parametrize("path", PAGES)
def test_page_boots_and_says_so(page: Page, path: str) -> None:
    boot(page, path)
    expect(page.locator("body")).to_have_attribute("data-boot", "ready")
    expect(page.locator("#boot")).to_be_hidden()
    expect(page.locator("#boot-error")).to_be_hidden()
    assert page.locator(".py-error").count() == 0
    assert boot_ms(page) > 0
    # PyScript's progress events reached boot.js, and every step that started finished.
    progress = page.locator("#boot-progress")
    assert int(progress.get_attribute("max") or 0) >= 1
    assert progress.get_attribute("value") == progress.get_attribute("max")


def test_loading_state_is_visible_before_python_is_ready(page: Page) -> None:
    page.goto("/", wait_until="commit")
    expect(page.locator("#boot")).to_be_visible()
    expect(page.locator("#boot-step")).to_contain_text(re.compile(r"Load", re.IGNORECASE))
    assert wait_for_boot(page) == "ready"
    expect(page.locator("#boot")).to_be_hidden()


def test_everything_comes_from_the_site_itself(page: Page, site_url: str) -> None:
    responses: list[Response] = []
    page.on("response", lambda response: responses.append(response))
    boot(page, "/")
    # (blob: the page's Python's worker, made by PyScript in the page: the same origin)
    assert all(r.url.startswith((site_url, f"blob:{site_url}")) for r in responses), \
        sorted(r.url for r in responses)
    paths = {r.url.removeprefix(site_url.rstrip("/")): r for r in responses}
    wheel = [p for p in paths if re.fullmatch(r"/wheels/qin_board_game-[^/]+-py3-none-any\.whl", p)]
    assert len(wheel) == 1, sorted(paths)
    for path in (
        "/pyscript.json",
        "/boot.js",
        "/vendor/pyscript/core.js",
        "/vendor/pyodide/pyodide.mjs",
        "/vendor/pyodide/pyodide.asm.wasm",
        "/vendor/pyodide/python_stdlib.zip",
    ):
        assert path in paths, f"{path} was not loaded; loaded: {sorted(paths)}"
        assert paths[path].ok, f"{path}: HTTP {paths[path].status}"
    wasm = paths["/vendor/pyodide/pyodide.asm.wasm"]
    assert wasm.headers["content-type"] == "application/wasm"
    assert wasm.headers.get("content-encoding") == "br"  # the precompressed .br was used


def test_engine_in_the_browser_matches_cpython(page: Page) -> None:
    boot(page, "/selftest.html")
    expect(page.locator("#engine-package")).to_have_attribute("data-package", "qin")
    expected = len(qin.Game.new(board="bird", players=2, seed=1).legal_moves())
    expect(page.locator("#engine-game")).to_have_attribute("data-legal-moves", str(expected))


def test_a_failed_load_shows_a_clear_error(page: Page, page_problems: PageProblems) -> None:
    page.route("**/wheels/*.whl", lambda route: route.fulfill(status=404, body="gone"))
    page.goto("/")
    assert wait_for_boot(page) == "error"
    error = page.locator("#boot-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("could not start")
    expect(error).to_contain_text(".whl")
    expect(page.locator("#boot")).to_be_hidden()
    assert not page_problems.foreign_requests
    # The failure was provoked: its console and page errors are expected.
    assert page_problems.forgive(page)
