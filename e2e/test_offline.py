"""Offline play in a real browser: the game keeps working offline and never loses a game.

- a game is saved at every move and resumes after the tab is closed, cover included;
- a bad file to import is refused with a message, the saves stay as they were;
- a game link (``#g=...``) opens the game at that point; a move updates the link;
- with the network gone the page boots from its service worker and a saved game is
  played on; a second deployment (a changed copy of the site on the same origin) is
  offered with "A new version is ready — Reload" and taken only on that click;
- a first visit, until its service worker is ready and both workers' Pyodide snapshots
  are settled, downloads each file of the site once, asks the server once for each file
  the runtime fetches (though the page, its Python's worker, the computer's worker and
  the snapshot's maker all load them), the service worker's precache asks the server for
  none of the files the page and its workers already have, and no bar offers a new
  version; without a service worker a worker takes only the build's copies (one that is
  not is asked of the server, and the page starts).

Every wait is for the page's own state (``data-offline``, ``data-moves``, ...).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import threading
from collections import Counter
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, FilePayload, Page, Request, expect

import qin
from e2e.helpers import PageProblems, boot, hot_seat
from qin import records
from tools.build_site import write_service_worker
from tools.serve import SiteHandler, SiteServer, served, serving

SEED = 7
# Which source answered each of the runtime's files (Resource Timing, Chromium 123+).
ROUTED_JS = """() => Object.fromEntries(performance.getEntriesByType("resource")
  .filter((e) => e.name.includes("/vendor/pyodide/"))
  .map((e) => [e.name.split("/").pop(), e.workerMatchedSourceType ?? "unreported"]))"""


def start(page: Page) -> None:
    expect(page.locator("#setup")).to_be_visible()
    hot_seat(page)
    page.fill("#seed", str(SEED))
    page.click("#start")
    expect(page.locator("#play")).to_have_attribute("data-moves", "0")


def play_one(page: Page) -> int:
    """Let the player to move place a tile (lifting the cover first); returns the moves
    played afterwards."""
    play = page.locator("#play")
    before = int(play.get_attribute("data-moves") or 0)
    if play.get_attribute("data-phase") == "cover":
        page.click("#cover-ok")
        expect(play).to_have_attribute("data-phase", "move")
    button = page.locator(".tile-btn:not([disabled])").first
    kind = button.get_attribute("data-kind") or ""
    button.click()
    expect(play).to_have_attribute("data-selected", kind)
    square = page.eval_on_selector("#board rect.sq.legal", "e => e.dataset.square")
    # (dispatched: a hover preview drawn over the square may take a real click's hit)
    page.locator(f'#board rect[data-square="{square}"]').dispatch_event("click")
    expect(play).to_have_attribute("data-moves", str(before + 1))
    expect(page.locator("#save-state")).to_have_attribute("data-moves", str(before + 1))
    return before + 1


def test_a_game_resumes_after_closing_the_tab_with_its_cover(booted_page: Page) -> None:
    page = booted_page
    start(page)
    play_one(page)
    expect(page.locator("#play")).to_have_attribute("data-phase", "cover")
    context = page.context
    page.close()  # the tab is gone
    again = boot(context.new_page(), "/")
    play = again.locator("#play")
    expect(play).to_be_visible()
    expect(play).to_have_attribute("data-moves", "1")
    expect(play).to_have_attribute("data-phase", "cover")  # hands stay hidden
    expect(again.locator("#cover")).to_be_visible()
    assert play_one(again) == 2
    again.click("#cover-ok")
    again.click("#new-game")
    expect(again.locator("#saved-list li[data-state=ok]")).to_have_count(1)
    expect(again.locator("#saved-list")).to_contain_text("2 moves")


def test_a_bad_file_is_refused_and_the_saves_stay(booted_page: Page) -> None:
    """Also: a damaged save is listed as damaged and kept as it is."""
    page = booted_page
    start(page)
    play_one(page)
    page.click("#cover-ok")
    damaged = '{"format": "qin-save/1", "id": "cut", "rec'  # a save cut off
    # Written by another tab of the site (the page keeps a copy of its storage, which
    # the browser's storage event brings up to date; a write by this tab's own console
    # would not be seen until it reloads).
    other = page.context.new_page()
    other.goto("./rules/readings-en.html")  # a page of the site without Python
    other.evaluate("text => localStorage.setItem('qin.save.cut', text)", damaged)
    other.close()
    page.click("#new-game")
    saved = page.locator("#saved-list li[data-state=ok]")
    expect(saved).to_have_count(1)
    expect(page.locator("#saved-list li[data-state=damaged]")).to_contain_text("cut off")
    before = page.evaluate("JSON.stringify(Object.entries(localStorage))")
    bad = b'{"format": "qin-game/1", "board": "moon", "players": 2, "seed": 1}'
    page.set_input_files("#import-file", files=[
        FilePayload(name="broken.json", mimeType="application/json", buffer=bad)])
    expect(page.locator("#setup")).to_have_attribute("data-imported", "refused")
    expect(page.locator("#saved-message")).to_contain_text("broken.json was not imported")
    expect(page.locator("#saved-message")).to_contain_text("moon")
    assert page.evaluate("JSON.stringify(Object.entries(localStorage))") == before
    expect(saved).to_have_count(1)
    assert page.evaluate("localStorage.getItem('qin.save.cut')") == damaged
    # a good record is imported and shown
    good = qin.Game.new(board="lion", players=3, seed=4)
    for _ in range(3):
        good.play(good.legal_moves()[0])
    page.set_input_files("#import-file", files=[
        FilePayload(name="good.json", mimeType="application/json",
                    buffer=records.dumps(good).encode())])
    expect(page.locator("#play")).to_have_attribute("data-moves", "3")


def test_a_game_link_opens_the_game_and_follows_its_moves(page: Page) -> None:
    game = qin.Game.new(board="bird", players=2, seed=SEED)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    boot(page, "/#g=" + records.to_url(game))
    play = page.locator("#play")
    expect(play).to_have_attribute("data-moves", "4")
    expect(page.locator("#link-note")).to_be_visible()
    expect(page.locator("#link-note")).to_contain_text("tiles")
    play_one(page)
    game_after = records.from_url(page.evaluate("location.hash"))
    assert len(game_after.moves) == 5 and game_after.moves[:4] == game.moves
    # a damaged link is refused with a message; the start screen shows
    # (a new tab: going to the same page with another fragment would not reload it)
    other = boot(page.context.new_page(), "/#g=AQAAAAAA")
    expect(other.locator("#setup")).to_be_visible()
    expect(other.locator("#saved-message")).to_contain_text("cannot be opened")
    expect(other.locator("#saved-list li[data-state=ok]")).to_have_count(1)  # the link game


# -- offline and updates (a server of our own on a copy of the site) ----------------------
@pytest.fixture
def site_copy(tmp_path: Path, site_dir: Path) -> Path:
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    return copy


@pytest.fixture
def copy_origin(site_copy: Path) -> Iterator[str]:
    """The copy served on its own free port: its own origin, so its own worker."""
    with serving(site_copy, quiet=True) as origin:
        yield origin


@contextlib.contextmanager
def copy_site(browser: Browser, origin: str) -> Iterator[BrowserContext]:
    """A browser context on the copy's origin, closed afterwards; the test fails if a page
    of it logged an error or asked another origin for anything."""
    context = browser.new_context(base_url=origin + "/")
    problems = PageProblems(origin=origin)
    problems.watch(context)
    try:
        yield context
        assert not problems.summary(), problems.summary()
    finally:
        context.close()


def deploy_second_version(site: Path) -> None:
    """A second deployment on the same origin: a changed page (its title says "v2"), so
    a new service worker."""
    index = site / "index.html"
    index.write_text(index.read_text().replace("<title>Qin</title>", "<title>Qin, v2</title>"))
    write_service_worker(site)
    for changed in ("index.html", "sw.js"):  # their precompressed twins are the old version
        for twin in (".gz", ".br"):
            (site / (changed + twin)).unlink(missing_ok=True)


def two_tabs_and_a_new_version(context: BrowserContext,
                               site: Path) -> tuple[Page, Page]:
    """Two tabs of the site copy ``site`` served by its first worker, a second version
    deployed, and the first tab reloaded: it offers the new version ("A new version is
    ready"). Returns that tab and the other (still on the first version)."""
    first = boot(context.new_page(), "/")
    expect(first.locator("body")).to_have_attribute("data-offline", "ready", timeout=60_000)
    other = boot(context.new_page(), "/")
    expect(other.locator("body")).to_have_attribute("data-offline", "ready", timeout=60_000)
    assert other.evaluate("navigator.serviceWorker.controller !== null")
    deploy_second_version(site)
    first.reload()
    first.wait_for_function("document.body?.dataset.boot === 'ready'", timeout=60_000)
    expect(first.locator("#update")).to_be_visible(timeout=60_000)
    return first, other


def test_offline_after_the_first_load_and_an_update_on_reload(
        browser: Browser, site_copy: Path, copy_origin: str) -> None:
    with copy_site(browser, copy_origin) as context:
        page = boot(context.new_page(), "/")
        expect(page.locator("body")).to_have_attribute("data-offline", "ready",
                                                       timeout=60_000)
        start(page)
        play_one(page)

        context.set_offline(True)
        page.reload()
        boot_state = page.wait_for_function(
            "() => ['ready', 'error'].includes(document.body?.dataset.boot)", timeout=60_000)
        assert boot_state and page.evaluate("document.body?.dataset.boot") == "ready"
        expect(page.locator("#play")).to_have_attribute("data-moves", "1")
        # The worker's static routes answer the runtime's files from its cache
        # without waiting for the worker to start (where Chromium reports the route).
        sources = page.evaluate(ROUTED_JS)
        assert sources, "no runtime files were loaded"
        if "unreported" not in sources.values():
            assert set(sources.values()) == {"cache"}, sources
        assert play_one(page) == 2
        context.set_offline(False)

        deploy_second_version(site_copy)
        page.reload()
        page.wait_for_function("document.body?.dataset.boot === 'ready'", timeout=60_000)
        assert page.title() == "Qin"  # still the old version until the player says so
        expect(page.locator("#update")).to_be_visible(timeout=60_000)
        page.click("#update-reload")
        page.wait_for_function("document.title === 'Qin, v2'", timeout=60_000)
        page.wait_for_function("document.body?.dataset.boot === 'ready'", timeout=60_000)
        expect(page.locator("#play")).to_have_attribute("data-moves", "2")


def test_a_tab_left_on_the_old_version_is_told_to_reload_and_can(
        browser: Browser, site_copy: Path, copy_origin: str) -> None:
    """Two tabs of one site; a new version is deployed and one tab takes it. The other tab
    still shows the old page but is now served by the new worker: it says so, and its
    Reload button works (it used to stay disabled, the tab mixing two versions)."""
    with copy_site(browser, copy_origin) as context:
        first, other = two_tabs_and_a_new_version(context, site_copy)
        first.click("#update-reload")
        first.wait_for_function("document.title === 'Qin, v2'", timeout=60_000)

        expect(other.locator("body")).to_have_attribute("data-update", "elsewhere",
                                                        timeout=60_000)
        expect(other.locator("#update-elsewhere")).to_be_visible()
        expect(other.locator("#update-ready")).to_be_hidden()
        assert other.title() == "Qin"
        expect(other.locator("#update-reload")).to_be_enabled()
        other.click("#update-reload")
        other.wait_for_function("document.title === 'Qin, v2'", timeout=60_000)
        other.wait_for_function("document.body?.dataset.boot === 'ready'", timeout=60_000)


# Another tab loading through the service worker without a pause, as a tab whose computer
# player's worker is starting does (some 60 files, each through the worker): a request
# with a query string reaches the worker's fetch handler (static routes take only URLs
# without one).  Every request is read to its end; the loop stops when the test says so.
LOADING_JS = """() => { let n = 0;
  window.qinTestLoading = setInterval(() => {
    fetch(`./start.json?n=${n++}`).then((r) => r.text()).catch(() => {});
  }, 40); }"""
CLICK_RELOAD_JS = """() => { document.getElementById("update-reload").click();
  return { update: document.body?.dataset.update,
           starting: !document.getElementById("update-starting").hidden,
           ready: !document.getElementById("update-ready").hidden }; }"""


def test_reload_takes_the_new_version_while_another_tab_loads_through_the_old_worker(
        browser: Browser, site_copy: Path, copy_origin: str) -> None:
    """Chromium retires the old worker when the new one skips waiting only once the old one
    is idle, and hurries it only if it is running then: a request of any tab that reaches
    the old worker while it stops starts it again, unhurried, and the new version waited
    (minutes; for ever with DevTools open) while the player's Reload stayed greyed out.
    The Reload says it is starting the new version and takes it within seconds."""
    with copy_site(browser, copy_origin) as context:
        first, other = two_tabs_and_a_new_version(context, site_copy)
        other.evaluate(LOADING_JS)
        try:
            # What the bar says right after the click (the page may reload on the new
            # version a moment later, before a wait in the test could look).
            said = first.evaluate(CLICK_RELOAD_JS)
            assert said == {"update": "starting", "starting": True, "ready": False}, said
            first.wait_for_function("document.title === 'Qin, v2'", timeout=30_000)
        finally:
            other.evaluate("() => clearInterval(window.qinTestLoading)")
        first.wait_for_function("document.body?.dataset.boot === 'ready'", timeout=60_000)
        expect(other.locator("body")).to_have_attribute("data-update", "elsewhere")


class HoldingHandler(SiteHandler):
    """tools/serve.py's handler that holds the answer to one URL (``held``, its query
    string included) until the test releases it (``release``), saying when its request
    has arrived (``arrived``)."""

    quiet = True
    held: str
    arrived: threading.Event
    release: threading.Event

    def send_head(self) -> Any:
        if self.path == self.held:
            self.arrived.set()
            self.release.wait(60)
        return super().send_head()


def test_a_request_outside_the_precache_never_holds_the_old_worker(
        browser: Browser, site_copy: Path) -> None:
    """A file the service worker has not precached is fetched by the browser itself, not
    passed on by the worker (``respondWith(fetch(...))``), which held the old worker busy
    until the server answered: a player's Reload then waited for another tab's request.
    Here the server holds such a request of one tab while the other takes the new version
    (with a query string: the static routes leave it to the worker's fetch handler)."""
    held = "/held.txt?n=1"
    (site_copy / "held.txt").write_text("held\n")  # not in this version's precache
    arrived, release = threading.Event(), threading.Event()
    handler = type("Holding", (HoldingHandler,), {
        "held": held, "arrived": arrived, "release": release})
    server = SiteServer(("127.0.0.1", 0), partial(handler, directory=str(site_copy)))
    with served(server, "holding-server") as origin, copy_site(browser, origin) as context:
        try:
            first, other = two_tabs_and_a_new_version(context, site_copy)

            with other.expect_response(lambda r: r.url.endswith(held), timeout=60_000) as answer:
                other.evaluate(f"() => {{ fetch('.{held}').then((r) => r.text()); }}")
                assert arrived.wait(30), "the held request never reached the server"
                first.click("#update-reload")
                first.wait_for_function("document.title === 'Qin, v2'", timeout=30_000)
                release.set()
            assert not answer.value.from_service_worker  # the network's answer, direct
            first.wait_for_function("document.body?.dataset.boot === 'ready'",
                                    timeout=60_000)
        finally:
            release.set()


# --------------------------------------------------------------------------- a first visit


class CountingHandler(SiteHandler):
    """tools/serve.py's handler, noting for each request the file it reached (a folder's
    URL is its index.html) and whether its body was sent (200) or not (304)."""

    quiet = True
    answers: list[tuple[str, int]]
    lock: threading.Lock
    _status = 0

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def send_head(self) -> Any:
        sent = super().send_head()
        with self.lock:
            self.answers.append((self.site_path(), self._status))
        return sent


@contextlib.contextmanager
def counting(site: Path) -> Iterator[tuple[str, list[tuple[str, int]]]]:
    """``site`` served on a free port by a server that notes every answer; yields the
    origin and the (file, status) list it fills."""
    answers: list[tuple[str, int]] = []
    handler = type("Counting", (CountingHandler,), {"answers": answers,
                                                    "lock": threading.Lock()})
    server = SiteServer(("127.0.0.1", 0), partial(handler, directory=str(site)))
    with served(server, "counting-server") as origin:
        yield origin, answers


def file_of(url: str, site: Path) -> str:
    """The site file a same-origin URL reaches (a folder's URL: its index.html)."""
    path = urlsplit(url).path
    return path + "index.html" if os.path.isdir(site / path.lstrip("/")) else path


# The first visit is over once the service worker is active (its precache done), the page's
# Pyodide snapshot is made (its maker has loaded the runtime again) and the computer's
# worker, warmed on the start screen, has said how its Pyodide started.
SETTLED_JS = """() => document.body?.dataset.offline === "ready"
  && ["stored", "off"].includes(document.body?.dataset.snapshot)
  && ["stored", "restored", "off"].includes(document.body?.dataset.aiSnapshot)"""


def runtime_fetches(site: Path) -> set[str]:
    """The files the runtime loads with ``fetch`` (not as modules) in each of the page's
    workers: Pyodide's wasm, standard library and lock file, the page's Python files and
    the wheel (the config's ``files``), and the modules compiled at build time."""
    config = json.loads((site / "pyscript.json").read_text(encoding="utf-8"))
    pyodide = {f"/vendor/pyodide/{name}" for name in
               ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")}
    compiled = {"/" + path.relative_to(site).as_posix()
                for path in (site / "bytecode").iterdir() if path.suffix in (".marshal", ".pack")}
    return pyodide | compiled | {url.removeprefix(".") for url in config["files"]}


# A first visit's revalidations (304) that remain: the module scripts each worker imports
# (snapshot.js, the two it imports and Pyodide's two modules, in each of the three, less
# the first pack.js, a body: 14) and the config the page's Python's worker and the
# computer's read again before their runtime starts (2): 16 measured, the service
# worker's script perhaps checked again. (When the page's own fetches of each worker's
# script and of the config were revalidated too: 19; when each of the page's three
# workers asked the server again for every runtime file: 110 to 170.)
REVALIDATIONS_AT_MOST = 17


def test_a_first_visit_asks_the_server_once_for_each_file_and_offers_no_new_version(
        browser: Browser, site_dir: Path) -> None:
    """A phone on a slow network pays for every byte and every round trip: the runtime's
    files (the wasm, the standard library, the wheel, the page's Python, the compiled
    modules) are asked of the server once, though the page's worker, the computer's
    worker and the snapshot's maker each load them (each takes the copy the browser
    already holds, the build's digest proving it is this version's); the service worker's
    precache takes what the visit already fetched without asking the server again; and a
    first visit is not a new version: no bar offers one."""
    with counting(site_dir) as (origin, answers), copy_site(browser, origin) as context:
        asked: Counter[str] = Counter()  # by the page and its workers, not the precache
        before_precache: set[str] = set()  # what they asked for before the precache began
        precaching = False

        def note(request: Request) -> None:
            nonlocal precaching
            if not request.url.startswith(origin):
                return
            if request.service_worker is not None:
                precaching = True
                return
            path = file_of(request.url, site_dir)
            asked[path] += 1
            if not precaching:
                before_precache.add(path)

        context.on("request", note)
        page = boot(context.new_page(), "/")
        page.wait_for_function(SETTLED_JS, timeout=120_000)
        page.evaluate("1")  # the request events sent before this answer have arrived
        served = Counter(path for path, _ in answers)
        bodies = Counter(path for path, status in answers if status == 200)

        twice = {path: n for path, n in bodies.items() if n > 1}
        assert not twice, f"downloaded more than once: {twice}"
        runtime = runtime_fetches(site_dir)
        assert runtime <= before_precache, before_precache
        # What every Pyodide loads, the page's worker, the computer's and the maker alike.
        everyone = {"/vendor/pyodide/pyodide.asm.wasm", "/vendor/pyodide/python_stdlib.zip",
                    "/wheels/qin_board_game-0.1.0-py3-none-any.whl"}
        assert everyone <= runtime and "/host.py" in runtime, runtime
        fewer = {path: asked[path] for path in everyone if asked[path] < 3}
        assert not fewer, f"loaded fewer times than by the three workers: {fewer}"
        again = {path: served[path] for path in runtime if served[path] > 1}
        assert not again, f"asked of the server more than once: {again}"
        revalidated = sum(1 for _, status in answers if status == 304)
        assert revalidated <= REVALIDATIONS_AT_MOST, Counter(
            path for path, status in answers if status == 304)
        precached = {path: served[path] - asked[path] for path in before_precache
                     if served[path] > asked[path]}
        assert not precached, f"asked again by the service worker's precache: {precached}"
        # A file the page had not asked for yet: the precache's one request, if first. (The
        # worker's own script, not precached, is checked again when the browser sees fit:
        # a worker started in its scope once it is active. Its body crosses once, above.)
        more = {path: (served[path], asked[path]) for path in served
                if served[path] > asked[path] + 1 and path != "/sw.js"}
        assert not more, f"answered (times, asked by the page and its workers): {more}"
        # The first worker taking the page is not a new version.
        assert page.evaluate("document.body?.dataset.update ?? null") is None
        expect(page.locator("#update")).to_be_hidden()


# Without a service worker a visit is over once both workers' Pyodide snapshots are
# settled (the second visit starts from the one the first kept).
WITHOUT_WORKER_SETTLED_JS = """() => document.body?.dataset.offline === "unavailable"
  && ["stored", "restored", "off"].includes(document.body?.dataset.snapshot)
  && ["stored", "restored", "off"].includes(document.body?.dataset.aiSnapshot)"""


def test_without_a_service_worker_the_workers_take_only_the_builds_copies(
        browser: Browser, site_copy: Path) -> None:
    """Where no service worker ever serves the page (a browser that refuses one), every
    visit is like a first: the workers take the copies the page's prefetch holds, and a
    copy that is not the build's file (here the server's lock file differs from the one
    the build's digest names, as after a deployment) is refused and fetched as asked:
    the page starts, and only that file is asked of the server again by each worker,
    each refusal said in a console warning that names the file."""
    lock = site_copy / "vendor" / "pyodide" / "pyodide-lock.json"
    lock.write_text(lock.read_text() + " \n")  # the same JSON, not the build's bytes
    for twin in (".gz", ".br"):
        lock.with_name(lock.name + twin).unlink(missing_ok=True)
    with counting(site_copy) as (origin, answers):
        context = browser.new_context(base_url=origin + "/", service_workers="block")
        problems = PageProblems(origin=origin)
        problems.watch(context)
        warnings: list[str] = []
        context.on("console", lambda message: warnings.append(message.text)
                   if message.type == "warning" else None)
        try:
            for visit in ("first", "second"):
                page = boot(context.new_page(), "/")
                page.wait_for_function(WITHOUT_WORKER_SETTLED_JS, timeout=120_000)
                page.evaluate("1")
                served = Counter(path for path, _ in answers)
                answers.clear()
                again = {path: served[path] for path in runtime_fetches(site_copy)
                         if served[path] > 1}
                assert set(again) == {"/vendor/pyodide/pyodide-lock.json"}, (visit, again)
                assert again["/vendor/pyodide/pyodide-lock.json"] >= 3, again  # each worker
                refused = [text for text in warnings if "integrity" in text]
                assert refused and all("vendor/pyodide/pyodide-lock.json" in text
                                       and "afresh" in text for text in refused), warnings
                warnings.clear()
                page.close()
            assert not problems.summary(), problems.summary()
        finally:
            context.close()


# A second visit is over once its service worker is ready and both workers' Pyodide have
# started (from the snapshot the first visit kept).
SECOND_VISIT_SETTLED_JS = """() => document.body?.dataset.offline === "ready"
  && ["stored", "restored", "off"].includes(document.body?.dataset.snapshot)
  && ["stored", "restored", "off"].includes(document.body?.dataset.aiSnapshot)"""

# Counts the page's own checks for a new version of its service worker.
COUNT_UPDATES_JS = """(() => {
  if (typeof ServiceWorkerRegistration !== "function") return;
  const update = ServiceWorkerRegistration.prototype.update;
  globalThis.qinUpdateChecks = 0;
  ServiceWorkerRegistration.prototype.update = function () {
    globalThis.qinUpdateChecks += 1;
    return update.call(this);
  };
})();"""


def test_a_second_visit_asks_for_the_service_worker_once(
        browser: Browser, site_dir: Path) -> None:
    """A second visit of a page its service worker serves: the browser checks the worker's
    script for a new version when the page is opened (which offers a new deployment, as
    test_offline_after_the_first_load_and_an_update_on_reload shows); the page asks for no
    second check of its own, so the script is asked of the server once."""
    with counting(site_dir) as (origin, answers), copy_site(browser, origin) as context:
        context.add_init_script(COUNT_UPDATES_JS)
        first = boot(context.new_page(), "/")
        first.wait_for_function(SETTLED_JS, timeout=120_000)
        first.close()
        answers.clear()
        page = boot(context.new_page(), "/")
        page.wait_for_function(SECOND_VISIT_SETTLED_JS, timeout=120_000)
        # The browser's own check, a second after the page's load (the server notes it).
        page.wait_for_function("""async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return !!registration?.active && !registration.installing;
        }""", timeout=60_000)
        deadline = 30.0
        while not any(path == "/sw.js" for path, _ in answers) and deadline > 0:
            page.wait_for_timeout(100)  # polling the server's log, not a fixed wait
            deadline -= 0.1
        assert page.evaluate("globalThis.qinUpdateChecks") == 0
        assert [path for path, _ in answers].count("/sw.js") == 1, answers
