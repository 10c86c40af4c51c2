"""pytest-playwright fixtures for the browser tests, run against the real built site.

- `site_server` (session): build/site/ served by tools/serve.py on 127.0.0.1,
  on a free port; the site is brought up to date first (incremental build).
- `site_url` (session): that server's root URL, ending in "/". `base_url` is
  set to it too, so `page.goto("/")` works.
- `browser_type_launch_args` (session): Chromium flags for this closed network
  (no other host resolves), using Debian's /usr/bin/chromium when no
  Playwright-managed Chromium is installed.
- `page_problems` (autouse): every test FAILS if a page requests anything from
  another origin, logs a console error, or throws an uncaught error. A test
  that provokes an error on purpose inspects it, then closes the page and
  forgets its errors (`page_problems.forgive(page)`; a request to another
  origin is never forgiven).
- `booted_page`: a `page` already booted at "/" (see e2e.helpers.boot).
- `small_phone`: a page of its own context, the smallest phone (360x740, touch), guarded
  as `page` is.

A failing test leaves a full-page screenshot in e2e-artifacts/.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect

from e2e.helpers import (
    CHROMIUM_ARGS,
    CHROMIUM_LOG_ARGS,
    RENDERERS,
    PageProblems,
    boot,
    logging_wrapper,
)
from tools.build_site import DEFAULT_OUT, NODE_MODULES, BuildError, build_site
from tools.serve import serving

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "e2e-artifacts"
SYSTEM_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_LOG = ARTIFACTS / "chromium.log"

EXPECT_TIMEOUT_MS = 20_000
"""How long an ``expect`` waits for the page to reach a state before failing.  A state
the page reaches is usually there in milliseconds; on a 2-core machine with both cores
busy (CI's, or a colleague's build) the worker's reply to a heavy action (a new game of
a series, a review) has been seen to take over 5 s, Playwright's default.  Waiting
longer never slows a passing test: ``expect`` returns as soon as the state is there."""
expect.set_options(timeout=EXPECT_TIMEOUT_MS)


def pytest_sessionstart(session: pytest.Session) -> None:
    """Screenshots in e2e-artifacts/ are from the latest run only."""
    shutil.rmtree(ARTIFACTS, ignore_errors=True)


# --------------------------------------------------------------------------- the site


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """build/site/, brought up to date when the npm packages are installed."""
    if NODE_MODULES.is_dir():
        try:
            build_site(DEFAULT_OUT)
        except BuildError as e:
            pytest.exit(f"cannot build the site for the e2e tests: {e}", returncode=1)
    elif not (DEFAULT_OUT / "index.html").is_file():
        pytest.exit("build/site/ is missing and node_modules/ too: run `make site`", returncode=1)
    return DEFAULT_OUT


@pytest.fixture(scope="session")
def site_server(site_dir: Path) -> Iterator[str]:
    """Serve the built site on 127.0.0.1 (free port) for the whole session; yield its origin."""
    with serving(site_dir, quiet=True) as origin:
        yield origin


@pytest.fixture(scope="session")
def site_url(site_server: str) -> str:
    """The site's root URL, e.g. http://127.0.0.1:41234/"""
    return site_server + "/"


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    """pytest-playwright gives every context this base URL: page.goto("/") opens the site."""
    return site_url


# --------------------------------------------------------------------------- the browser


def _playwright_chromium(playwright: Playwright) -> bool:
    """Whether a Playwright-managed Chromium (`playwright install chromium`) is present."""
    try:
        return Path(playwright.chromium.executable_path).is_file()
    except Exception:  # any failure means: not usable
        return False


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], playwright: Playwright, browser_name: str,
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, Any]:
    if browser_name != "chromium":
        return browser_type_launch_args
    args = chromium_launch_args(browser_type_launch_args, playwright)
    executable = args.get("executable_path")
    if executable:  # (Playwright's own browser keeps its log to itself)
        # Chromium's own log goes to e2e-artifacts/chromium.log: why a renderer died.
        ARTIFACTS.mkdir(exist_ok=True)
        args["executable_path"] = str(logging_wrapper(
            tmp_path_factory.mktemp("chromium"), executable, CHROMIUM_LOG))
        args["args"] = [*args["args"], *CHROMIUM_LOG_ARGS]
    return args


def chromium_launch_args(launch_args: dict[str, Any], playwright: Playwright) -> dict[str, Any]:
    """pytest-playwright's launch arguments with our flags and Chromium."""
    args = {**launch_args}
    args["args"] = [*args.get("args", []), *CHROMIUM_ARGS]
    forced = os.environ.get("QIN_CHROMIUM")
    if forced:
        args["executable_path"] = forced
    elif "channel" in args or _playwright_chromium(playwright):
        pass  # Playwright's own browser
    elif Path(SYSTEM_CHROMIUM).is_file():
        args["executable_path"] = SYSTEM_CHROMIUM
    else:
        found = shutil.which("chromium") or shutil.which("chromium-browser")
        if not found:
            pytest.exit(
                "no Chromium for the e2e tests: `apt-get install -y chromium` "
                "(or `playwright install chromium`, or set QIN_CHROMIUM)",
                returncode=1,
            )
        args["executable_path"] = found
    return args


# --------------------------------------------------------------------------- the guard


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Renderer crashes per 100 page loads of this run (bench/crashes.py measures it alone)."""
    if not RENDERERS.loads:
        return
    crashes = len(RENDERERS.crashes)
    terminalreporter.write_line(
        f"Chromium: {RENDERERS.loads} page loads, {crashes} renderer crashes "
        f"({100 * crashes / RENDERERS.loads:.1f} per 100); its log: "
        f"{CHROMIUM_LOG.relative_to(ROOT)}")
    for note in RENDERERS.crashes:
        terminalreporter.write_line(f"  {note}")


@pytest.fixture(autouse=True)
def page_problems(context: BrowserContext, site_server: str) -> Iterator[PageProblems]:
    """Record foreign requests, console errors and page errors; checked after each test."""
    problems = PageProblems(origin=site_server)
    problems.watch(context)
    yield problems


def _fixture_value(item: pytest.Item, name: str) -> object:
    funcargs: dict[str, object] = getattr(item, "funcargs", {})
    return funcargs.get(name)


def _flush_events(item: pytest.Item) -> None:
    """One round trip to the browser so events it already sent are dispatched."""
    context = _fixture_value(item, "context")
    if isinstance(context, BrowserContext):
        with contextlib.suppress(Exception):  # a closed context has nothing more to say
            context.cookies()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    problems = _fixture_value(item, "page_problems")
    try:
        result = yield
    except BaseException:
        if isinstance(problems, PageProblems) and problems.summary():
            item.add_report_section("call", "browser", problems.summary())
        raise
    if isinstance(problems, PageProblems):
        _flush_events(item)
        if problems.summary():
            pytest.fail("the page misbehaved:\n" + problems.summary(), pytrace=False)
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call" and report.failed:
        page = _fixture_value(item, "page")
        if isinstance(page, Page) and not page.is_closed():
            ARTIFACTS.mkdir(exist_ok=True)
            name = re.sub(r"[^A-Za-z0-9_.-]+", "_", item.nodeid)[-150:]
            path = ARTIFACTS / f"{name}.png"
            try:
                page.screenshot(path=str(path), full_page=True, timeout=10_000)
                report.sections.append(("screenshot", str(path.relative_to(ROOT))))
            except Exception:  # a screenshot is a bonus, never the failure
                pass
    return report


# --------------------------------------------------------------------------- pages


@pytest.fixture
def booted_page(page: Page) -> Page:
    """The site's start page, booted (Python ready)."""
    return boot(page, "/")


@pytest.fixture
def small_phone(browser: Browser, base_url: str, page_problems: PageProblems) -> Iterator[Page]:
    """The smallest phone (360x740) alone: what fits there fits the larger ones."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2, base_url=base_url)
    page_problems.watch(context)
    yield context.new_page()
    context.close()
