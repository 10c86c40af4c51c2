"""Helpers for the browser tests (import as `from e2e.helpers import boot`).

The boot contract is described in e2e/README.md: web/startup/boot.js sets
`document.body.dataset.boot` to "ready" once every Python script of the page
has run, or to "error" (with the message in #boot-error) if loading failed.
"""

from __future__ import annotations

import stat
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Locator,
    Page,
    Request,
    Route,
    ViewportSize,
    WebError,
    expect,
)

# Chromium flags for this closed network (no other host resolves); used by the
# e2e fixtures (e2e/conftest.py) and bench/boot.py alike.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Nothing but the local server can be reached, whatever the page asks for.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]

# Chromium's own log (the browser's and its renderers': why a renderer died) on stderr.
CHROMIUM_LOG_ARGS = ["--enable-logging=stderr", "--v=0"]


def logging_wrapper(folder: Path, executable: str, log: Path) -> Path:
    """A script in `folder` that runs `executable` with its stderr, and so its renderers',
    appended to `log` (Playwright keeps the browser's stderr to itself); launch it with
    CHROMIUM_LOG_ARGS."""
    script = folder / "chromium-logged"
    script.write_text(f'#!/bin/sh\nexec "{executable}" "$@" 2>>"{log}"\n', encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


# Pyodide boots in about 3 s here; a loaded 2-core CI machine can be much slower.
BOOT_TIMEOUT_MS = 60_000

# URLs that never leave the page: not "another origin".
LOCAL_SCHEMES = ("data:", "blob:", "about:")

BOOT_SETTLED_JS = "() => ['ready', 'error'].includes(document.body?.dataset.boot)"


class BootError(AssertionError):
    """The page reported that it could not start (body[data-boot="error"])."""


def wait_for_boot(page: Page, timeout_ms: float = BOOT_TIMEOUT_MS) -> str:
    """Wait until the page has settled its boot state; return "ready" or "error"."""
    page.wait_for_function(BOOT_SETTLED_JS, timeout=timeout_ms)
    return str(page.evaluate("document.body?.dataset.boot"))


def boot(page: Page, path: str = "/", timeout_ms: float = BOOT_TIMEOUT_MS) -> Page:
    """Open `path` (relative to the site's base URL) and wait until Python is ready.

    Raises BootError with the page's own error message when the page reports a
    failed boot, instead of waiting for the timeout. Returns the page.
    """
    page.goto(path)
    state = wait_for_boot(page, timeout_ms)
    if state != "ready":
        error = page.locator("#boot-error")
        message = error.inner_text() if error.count() else ""
        raise BootError(f"{path} failed to boot: {message.strip() or state}")
    return page


def hot_seat(page: Page) -> None:
    """Every seat of the start screen played by a human (a first visit is set up
    against the computer: the hot-seat tests choose humans, one choice per seat)."""
    seats = page.locator("#seats .seat").count()
    for i in range(seats):
        page.select_option(f"#seat-kind-{i}", "human")
        expect(page.locator(f"#seat-kind-{i}")).to_have_value("human")


def boot_ms(page: Page) -> int:
    """Milliseconds from navigation start until the page settled its boot state."""
    return int(page.evaluate("Number(document.body?.dataset.bootMs)"))


@dataclass
class RendererTally:
    """Page loads and renderer crashes of the whole run, over every guarded context
    (printed at the end of `pytest e2e`: crashes per 100 page loads)."""

    loads: int = 0
    crashes: list[str] = field(default_factory=list)


RENDERERS = RendererTally()


@dataclass
class PageProblems:
    """What the guard saw in the browser context during one test."""

    origin: str
    foreign_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    crashes: list[str] = field(default_factory=list)

    def watch(self, context: BrowserContext) -> None:
        """Guard another context too (the `context` fixture's is watched already)."""
        context.on("request", self.on_request)
        context.on("console", self.on_console)
        context.on("weberror", self.on_web_error)
        context.on("page", self.on_page)
        for page in context.pages:
            self.on_page(page)

    def on_page(self, page: Page) -> None:
        page.on("load", self.on_load)
        page.on("crash", self.on_crash)

    def on_load(self, page: Page) -> None:
        RENDERERS.loads += 1

    def on_crash(self, page: Page) -> None:
        # "Page crashed" as in Playwright's own error: `make e2e` gives such a test one
        # more try (Makefile, E2E_RERUN), even when the crashed page was not awaited.
        note = f"Page crashed (Chromium's renderer died) at {page.url}"
        self.crashes.append(note)
        RENDERERS.crashes.append(note)

    def on_request(self, request: Request) -> None:
        url = request.url
        if url.startswith(LOCAL_SCHEMES):
            return
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.foreign_requests.append(f"{request.method} {url}")

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location.get("url", "") if message.location else ""
            self.console_errors.append(f"{message.text}" + (f"  [{where}]" if where else ""))

    def on_web_error(self, error: WebError) -> None:
        self.page_errors.append(str(error.error))

    def forgive(self, page: Page) -> list[str]:
        """Close `page`, which failed on purpose, and forget its errors; return them.

        Closing comes first: an error the page reports late (PyScript's own report of a
        failed fetch can come after the page's message) would otherwise arrive after
        the forgiving and fail the test. A request to another origin is never forgiven.
        """
        page.close()
        forgiven = self.console_errors + self.page_errors
        self.console_errors.clear()
        self.page_errors.clear()
        return forgiven

    def summary(self) -> str:
        lines: list[str] = []
        for title, items in (
            ("requests to another origin", self.foreign_requests),
            ("console errors", self.console_errors),
            ("uncaught page errors", self.page_errors),
            ("renderer crashes", self.crashes),
        ):
            if items:
                lines.append(f"{title}:")
                lines.extend(f"  {item}" for item in items)
        return "\n".join(lines)


def storage_full_for(page: Page | BrowserContext, *keys: str) -> None:
    """From the next page opened, the browser's storage is full for ``keys``: their
    writes are refused as a full storage refuses them (a ``QuotaExceededError``), the
    others kept."""
    page.add_init_script(f"""(() => {{
      const full = new Set({list(keys)!r});
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {{
        if (full.has(String(key))) {{
          throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        }}
        return setItem.call(this, key, value);
      }};
    }})();""")


RUNTIME = ("**/vendor/pyodide/**", "**/wheels/**")


class HeldRuntime:
    """Holds every request for the runtime's files (or the files of ``patterns``) of a
    page or of a whole context (its workers' requests too) until ``release()``."""

    def __init__(self, page: Page | BrowserContext, patterns: tuple[str, ...] = RUNTIME) -> None:
        self.held: list[Route] = []
        self.released = False
        for pattern in patterns:
            page.route(pattern, self.hold)

    def hold(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.held:
            route.continue_()
        self.held.clear()


def walk_a_list(page: Page, items: Locator, on: str = "ArrowDown", back: str = "ArrowUp") -> None:
    """From a list that is one Tab stop, focused, the keys that move the focus between
    its ``items`` (out of the Tab order), each press checked by where the focus lands:
    ``on`` into the list (its first item), ``on`` again (the second), ``back`` (the first),
    End (the last), Home (the first again).  Then keys pressed faster than the page
    answers: ``on`` three times at once goes three items on (each from where the one
    before put the focus), ``back`` twice, two back.  The focus is left on the first item."""
    for key, landing in ((on, items.first), (on, items.nth(1)), (back, items.first),
                         ("End", items.last), ("Home", items.first)):
        page.keyboard.press(key)
        expect(landing).to_be_focused()
    for _ in range(3):
        page.keyboard.press(on)
    expect(items.nth(3)).to_be_focused()
    page.keyboard.press(back)
    page.keyboard.press(back)
    expect(items.nth(1)).to_be_focused()
    page.keyboard.press("Home")
    expect(items.first).to_be_focused()


def series_save(ident: str, record: dict[str, object]) -> dict[str, object]:
    """A saved game (``qin-save/1``, id ``ident``) of a series of two, the Bird side then
    the Lion side, played at one screen, whose first game is ``record`` (over: the
    series offers its next game when it is imported)."""
    return {"format": "qin-save/1", "id": ident, "created": 1, "updated": 1,
            "record": record,
            "ui": {"kinds": ["human", "human"], "colours": ["green", "white"],
                   "at_screen": 1, "cover": False},
            "series": {"plan": "sides", "boards": ["bird", "lion"], "games": []},
            "mode": "local"}


LAPTOPS: tuple[ViewportSize, ...] = ({"width": 1280, "height": 720},
                                     {"width": 1366, "height": 768})
"""The laptop windows every screen of the game page fits (e2e/test_laptop.py)."""

OUT_OF_THE_WINDOW = r"""(pageScrolls) => {
  const out = [];
  const page = document.scrollingElement;
  if (page.scrollWidth > innerWidth || (!pageScrolls && page.scrollHeight > innerHeight))
    out.push(`the page scrolls: ${page.scrollWidth}x${page.scrollHeight}`);
  const CONTROLS = 'button, a[href], input:not([type=hidden]), select, textarea, summary, '
    + '[tabindex]:not([tabindex="-1"])';
  // (the tutorial's step comes before the players, who scroll in the side panel)
  const SEEN_AT_ONCE = '#board svg, #app:not([data-mode="tutorial"]) #players, #hand .tile-btn';
  const PICTURES = '#review-chart svg, svg.rating-chart';
  const shown = (el) => {
    if (el.closest('[inert], .sr-only')) return false;
    if (!el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }))
      return false;
    const r = el.getBoundingClientRect();
    return r.width >= 2 && r.height >= 2;
  };
  const describe = (el) => {
    let d = el.tagName.toLowerCase();
    if (el.id) d += '#' + el.id;
    else if (el.classList.length) d += '.' + [...el.classList].join('.');
    const parent = el.parentElement && el.parentElement.closest('[id]');
    if (!el.id && parent) d = parent.tagName.toLowerCase() + '#' + parent.id + ' ' + d;
    const text = (el.getAttribute('aria-label') || el.textContent || '')
      .trim().replace(/\s+/g, ' ').slice(0, 30);
    return text ? `${d} "${text}"` : d;
  };
  const spot = (r) => `${Math.round(r.left)},${Math.round(r.top)}..`
    + `${Math.round(r.right)},${Math.round(r.bottom)}`;
  const within = (r, b, x = true, y = true) =>
    (!y || (r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5))
    && (!x || (r.left >= b.left - 0.5 && r.right <= b.right + 0.5));
  const window_ = { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
  if (pageScrolls) [window_.top, window_.bottom] = [-page.scrollTop, page.scrollHeight];
  const scrolls = (v) => /auto|scroll/.test(v);
  const clips = (v) => /hidden|clip/.test(v);
  // Its ancestors' boxes that scroll (reached by their scroll) or clip (cut), inside out.
  const boxes = (el) => {
    const found = [];
    for (let n = el.parentElement; n && n !== document.body; n = n.parentElement) {
      const s = getComputedStyle(n);
      const y = scrolls(s.overflowY) || clips(s.overflowY);
      const x = scrolls(s.overflowX) || clips(s.overflowX);
      if (x || y) found.push({ n, x, y, scroll: scrolls(s.overflowY) || scrolls(s.overflowX) });
    }
    return found;
  };
  const hit = (el, r) => {
    const at = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return !at || el.contains(at) || at.contains(el) ? '' : describe(at);  // or see-through
  };
  const look = (el, atOnce) => {
    const r = el.getBoundingClientRect();
    let inView = within(r, window_);
    const outer = boxes(el).filter((b) => b.scroll).pop();
    for (const b of boxes(el)) {
      const br = b.n.getBoundingClientRect();
      if (!b.scroll && !within(r, br, b.x, b.y)) {
        out.push(`${describe(el)} at ${spot(r)}: cut by ${describe(b.n)} at ${spot(br)}`);
        return;
      }
      if (b.scroll && !within(r, br, b.x, b.y)) inView = false;
    }
    if (outer) {
      const br = outer.n.getBoundingClientRect();
      if (!within(br, window_))
        out.push(`${describe(el)} scrolls in ${describe(outer.n)}, out of view at ${spot(br)}`);
    }
    if (!inView && (atOnce || !outer)) {
      out.push(`${describe(el)} at ${spot(r)}: not in view`);
      return;
    }
    if (inView && !el.matches(PICTURES)) {
      const over = hit(el, r);
      if (over) out.push(`${describe(el)} at ${spot(r)}: under ${over}`);
    }
    if (el.matches('button, a, summary') && el.scrollWidth > el.clientWidth + 1)
      out.push(`${describe(el)}: its words ${el.scrollWidth} px wide in ${el.clientWidth} px`);
  };
  for (const el of document.querySelectorAll(SEEN_AT_ONCE)) if (shown(el)) look(el, true);
  for (const el of document.querySelectorAll(`${CONTROLS}, ${PICTURES}`))
    if (shown(el) && !el.matches(SEEN_AT_ONCE)) look(el, false);
  return out;
}"""
"""What does not fit the window: the page scrolls (or, on a page meant to scroll down,
sideways); the board, the players and the hand's
tiles not all in view at once; a control, the review's or the rating's chart out of the
window (one in a box that scrolls inside the window is reached by that scroll), cut by
a box that clips it, under another element, or its words wider than it."""


def out_of_the_window(page: Page, *, page_scrolls: bool = False) -> list[str]:
    """What does not fit the page's window as it is now, once the page has answered;
    with ``page_scrolls``, on a page that scrolls (it is taller than the window), what
    does not fit its width or the page's scroll."""
    page.wait_for_function("() => window.qinIdle")
    problems: list[str] = page.evaluate(OUT_OF_THE_WINDOW, page_scrolls)
    return problems


def fits_the_laptop(page: Page, what: str) -> None:
    """``what`` on screen fits each laptop window (LAPTOPS); a problem fails the test."""
    for size in LAPTOPS:
        page.set_viewport_size(size)
        problems = out_of_the_window(page)
        assert problems == [], f"{what} at {size['width']}x{size['height']}: {problems}"


def window_context(browser: Browser, base_url: str, problems: PageProblems,
                   width: int, height: int, touch: bool) -> BrowserContext:
    """A new context of a ``width`` x ``height`` window (a touch phone's when ``touch``),
    motion reduced, its pages' problems watched."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=touch, is_mobile=touch, base_url=base_url,
                                  reduced_motion="reduce")
    problems.watch(context)
    return context


SHOWN_JS = """(sentence) => {
  // The innermost elements a person sees holding the sentence (not hidden, not the
  // screen reader's one-pixel regions), each with whether it lies inside the window.
  const holds = (e) => (e.innerText ?? e.textContent).replace(/\\s+/g, ' ').includes(sentence);
  const seen = (e) => {
    const r = e.getBoundingClientRect();
    return e.checkVisibility() && r.width > 2 && r.height > 2 && !e.closest('.sr-only');
  };
  return [...document.querySelectorAll('body *')]
    .filter((e) => seen(e) && holds(e) && ![...e.children].some((c) => seen(c) && holds(c)))
    .map((e) => {
      const r = e.getBoundingClientRect();
      return { id: e.id || e.closest('[id]')?.id || e.tagName,
               inWindow: r.top >= 0 && r.bottom <= innerHeight };
    });
}"""


def shown(page: Page, sentence: str) -> list[dict[str, object]]:
    """Once the page has answered, where a person sees ``sentence``: the innermost
    elements showing it, each as its id and whether it lies inside the window."""
    page.wait_for_function("() => window.qinIdle")
    found: list[dict[str, object]] = page.evaluate(SHOWN_JS, sentence)
    return found
