"""Screen classes, the game page's modes reached cheaply, and the reach probe.

Used by ``e2e/test_reach.py`` (every enabled control and list entry within reach, no
page wider than its viewport) and by ``tools/screenshots.py`` (``make screenshots``: a
gallery of every mode at every screen class).

One page per input family (mouse, touch) walks every mode once (``walk``); at each mode
the viewport is resized through the family's screen classes.  The positions are built
here, not played by clicks: a game is opened by link (``#g=``), a finished game and a
series are imported as files, the tutorial's steps are opened by address
(``#learn=<step>``).  The computer's worker is held back while a computer thinks (so
"thinking" stays on screen), then let through for the review.

The probe (``Probe``) brings every element into view as a player would: the mouse wheel
over each scrolling container (the page's and every panel's), and Tab from control to
control; after each wheel step or key it waits for the scroll to come to rest and for
the page's Python to have answered (``window.qinIdle``), then asks
``document.elementFromPoint`` at each element's centre (for one taller or wider than the
window, the centre of its part inside the window).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

from playwright.sync_api import BrowserContext, Locator, Page, expect

import qin
from e2e.helpers import HeldRuntime, boot, series_save
from e2e.test_modes import import_file, mode
from e2e.test_replay_series import finished_record
from qin import records


@dataclass(frozen=True)
class Screen:
    name: str
    width: int
    height: int


MOUSE_SCREENS = (
    Screen("laptop-1280x720", 1280, 720),
    Screen("laptop-1366x768", 1366, 768),
    Screen("desktop-1920x1080", 1920, 1080),
)
TOUCH_SCREENS = (
    Screen("tablet-768x1024", 768, 1024),
    Screen("tablet-1024x768", 1024, 768),
    Screen("phone-360x740", 360, 740),
    Screen("phone-390x844", 390, 844),
    Screen("phone-412x915", 412, 915),
    Screen("phone-landscape-740x360", 740, 360),
)
FAMILIES = {"mouse": MOUSE_SCREENS, "touch": TOUCH_SCREENS}

RULES_PAGES = ("rules/en.html", "rules/de.html", "rules/fr.html", "rules/readings-en.html",
               "rules/readings-de.html", "rules/readings-fr.html")

TUTORIAL_STEPS = ("place", "turn", "hand", "found", "expand", "major", "absorb", "tie",
                  "village", "pass", "win", "end")
AI_WORKER = ("**/ai_worker.py",)  # the computer players' worker's script
REVIEW_MS = 180_000  # the worker's boot plus a judged move per move, on a loaded machine


def link_of(moves: int, seed: int) -> str:
    game = qin.Game.new(board="bird", players=2, seed=seed, names=["Green", "White"])
    for _ in range(moves):
        game.play(game.legal_moves()[len(game.moves) % len(game.legal_moves())])
    return "#g=" + records.to_url(game)


def answered(page: Page) -> None:
    """The page's Python has answered every message sent so far."""
    page.wait_for_function("() => window.qinIdle")


def press(page: Page, target: str | Locator, taps: bool = False) -> None:
    """A click on ``target`` (a selector or a locator), or a finger's tap with ``taps``."""
    where = page.locator(target) if isinstance(target, str) else target
    if taps:
        where.tap()
    else:
        where.click()


def on_square(page: Page, square: Locator, taps: bool = False) -> None:
    """A click on a square of the board; with ``taps`` two taps, as a finger places: the
    first shows the ghost tile there, the second places it (or tries to)."""
    if taps:
        name = square.get_attribute("data-square") or ""
        square.tap()
        expect(page.locator("#play")).to_have_attribute(
            "data-preview", re.compile(rf"(^|\s){re.escape(name)}(\s|$)"))
        answered(page)
    press(page, square, taps)


def start_game(page: Page, kinds: list[str], seed: int, taps: bool = False) -> None:
    press(page, "#new-game", taps)
    mode(page, "start")
    for i, kind in enumerate(kinds):
        page.select_option(f"#seat-kind-{i}", kind)
        expect(page.locator(f"#seat-kind-{i}")).to_have_value(kind)
    page.fill("#seed", str(seed))
    press(page, "#start", taps)


def to_an_imported_result(page: Page, taps: bool = False) -> None:
    """From a game on screen: New game, then a finished game (seed 31) imported from the
    start screen, its result on screen."""
    press(page, "#new-game", taps)
    mode(page, "start")
    import_file(page, "game-31.json", finished_record(31))
    mode(page, "result")


def held_worker(context: BrowserContext) -> HeldRuntime:
    """The computer players' worker held back (its script not served) until released."""
    return HeldRuntime(context, AI_WORKER)


def walk(page: Page, held: HeldRuntime, taps: bool = False) -> Iterator[str]:
    """Put the page in each mode in turn (the page is new, in a context whose AI worker
    is ``held``); yields the mode's name for the gallery and the test's report.  Buttons,
    tiles and squares are clicked, or with ``taps`` (a touch context) tapped as a finger
    does: a square twice (the ghost, then the placement), a review closed by its buttons
    (Close the review, then Back to the game) rather than Escape."""
    boot(page)
    mode(page, "start")
    yield "start-first-visit"
    for step in TUTORIAL_STEPS:
        page.evaluate("h => { location.hash = h }", f"#learn={step}")
        expect(page.locator("#tutorial")).to_have_attribute("data-step", step)
        mode(page, "tutorial")
        answered(page)
        yield f"tutorial-{step}"
    # A try that misses twice: the step's words grow (what happened, then the hint).
    page.evaluate("h => { location.hash = h }", "#learn=found")
    expect(page.locator("#tutorial")).to_have_attribute("data-step", "found")
    tile = page.locator(".tile-btn:not([disabled])").first
    kind = tile.get_attribute("data-kind") or ""
    for tries, where in ((1, "b2"), (2, "e4")):  # two tries that miss: the hint comes
        answered(page)
        if page.locator("#play").get_attribute("data-selected") != kind:
            press(page, tile, taps)
            expect(page.locator("#play")).to_have_attribute("data-selected", kind)
        on_square(page, page.locator(f'#board rect[data-square="{where}"]'), taps)
        expect(page.locator("#tutorial")).to_have_attribute("data-tries", str(tries))
    expect(page.locator("#tutorial-hint")).to_be_visible()
    yield "tutorial-found-hint"
    press(page, "#tutorial-exit", taps)
    mode(page, "start")

    # A game half played, opened by link: the log holds 30 moves.
    page.evaluate("h => { location.hash = h }", link_of(30, seed=7))
    expect(page.locator("#play")).to_have_attribute("data-moves", "30")
    mode(page, "playing")
    press(page, page.locator(".tile-btn:not([disabled])").first, taps)
    answered(page)
    yield "playing"
    press(page, "#share-link", taps)
    expect(page.locator("#link-panel")).to_be_visible()
    yield "playing-link-panel"
    press(page, "#replay-open", taps)
    mode(page, "replay")
    press(page, "#replay-step", taps)
    expect(page.locator("#play")).to_have_attribute("data-replay-at", "1")
    yield "replay"
    press(page, "#replay-exit", taps)
    mode(page, "playing")
    page.evaluate("h => { location.hash = h }", link_of(3, seed=8))
    mode(page, "notice")
    yield "notice"
    press(page, "#notice-keep", taps)
    mode(page, "playing")

    # Two humans at one screen: the cover between their turns.
    start_game(page, ["human", "human"], seed=7, taps=taps)
    mode(page, "playing")
    press(page, page.locator(".tile-btn:not([disabled])").first, taps)
    answered(page)
    on_square(page, page.locator("#board rect.sq.legal").first, taps)
    mode(page, "cover")
    yield "cover"
    press(page, "#cover-ok", taps)
    mode(page, "playing")

    # The computer to move first, its worker held back: it thinks for as long as needed.
    start_game(page, ["emperor", "human"], seed=5, taps=taps)
    mode(page, "thinking")
    yield "thinking"
    start_game(page, ["apprentice", "apprentice"], seed=5, taps=taps)
    press(page, "#speed-pause", taps)
    expect(page.locator("#speed-pause")).to_be_checked()
    mode(page, "watching")
    expect(page.locator("#status")).to_have_attribute("data-ai", "paused")
    yield "watching"
    held.release()

    to_an_imported_result(page, taps)
    yield "result"
    press(page, "#result-review", taps)
    mode(page, "review")
    expect(page.locator("#review")).to_have_attribute("data-state", "done", timeout=REVIEW_MS)
    yield "review"
    if taps:  # the review closed, then the replay it leaves open
        press(page, "#review-close", taps)
        mode(page, "replay")
        press(page, "#replay-exit", taps)
    else:
        page.keyboard.press("Escape")
    mode(page, "playing")

    press(page, "#new-game", taps)
    import_file(page, "series.json", series_save("series-gallery", finished_record(31)))
    mode(page, "series")
    yield "series"
    press(page, "#result-new", taps)
    mode(page, "start")
    answered(page)
    yield "start-with-saves"


# ----------------------------------------------------------------------------- the probe

PROBE_JS = r"""
() => {
  if (window.qinReach) return;
  const CONTROLS = 'button, a[href], input:not([type=hidden]), select, textarea, summary, '
    + '[tabindex]:not([tabindex="-1"])';
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const shown = (el) => {
    if (el.closest('[inert], .sr-only')) return false;
    const seen = { contentVisibilityAuto: true, visibilityProperty: true };
    if (!el.checkVisibility(seen)) return false;
    const r = el.getBoundingClientRect();
    return r.width >= 2 && r.height >= 2;
  };
  // Reached: the element (or what shows of it) at its centre; one taller or wider than
  // the window (a whole game's list of moves, focused by Tab) at the centre of its part
  // inside the window, which no focus scroll can show whole.
  const hit = (el) => {
    const r = el.getBoundingClientRect();
    const [top, bottom] = r.height > innerHeight
      ? [Math.max(r.top, 0), Math.min(r.bottom, innerHeight)] : [r.top, r.bottom];
    const [left, right] = r.width > innerWidth
      ? [Math.max(r.left, 0), Math.min(r.right, innerWidth)] : [r.left, r.right];
    const x = (left + right) / 2, y = (top + bottom) / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
    const at = document.elementFromPoint(x, y);
    return !!at && (at === el || el.contains(at));
  };
  const describe = (el) => {
    let d = el.tagName.toLowerCase();
    if (el.id) d += '#' + el.id;
    else if (el.classList.length) d += '.' + [...el.classList].join('.');
    const parent = el.closest('[id]');
    if (!el.id && parent) d = parent.tagName.toLowerCase() + '#' + parent.id + ' ' + d;
    const text = (el.getAttribute('aria-label') || el.textContent || el.value || '')
      .trim().replace(/\s+/g, ' ').slice(0, 40);
    return text ? `${d} "${text}"` : d;
  };
  const page = () => document.scrollingElement;
  const atEnd = (el) => el.scrollTop >= el.scrollHeight - el.clientHeight - 1;
  const onBoard = (el) => !!el?.closest('#board-area');
  const pinned = (el) => {
    for (let n = el; n && n !== document.body; n = n.parentElement) {
      if (/fixed|sticky/.test(getComputedStyle(n).position)) return true;
    }
    return false;
  };
  // Inside panel p, held by a sticky block of it (one of its own children, which stays
  // at an edge while the rest scrolls by).
  const stuck = (el, p) => {
    for (let n = el; n && n !== p; n = n.parentElement) {
      if (n.parentElement === p && getComputedStyle(n).position === 'sticky') return true;
    }
    return false;
  };
  addEventListener('keydown', (e) => {
    if (e.key === 'Tab' && window.qinReach.tabbing) window.qinReach.focused();
  }, true);
  window.qinReach = {
    els: [], wheel: new Set(), keys: new Set(), sc: [],
    collect() {
      this.els = [...document.querySelectorAll(CONTROLS + ', li')].filter(shown);
      this.wheel = new Set(); this.keys = new Set();
      return this.els.length;
    },
    mark() {
      this.els.forEach((el, i) => {
        if (!this.wheel.has(i) && el.isConnected && hit(el)) this.wheel.add(i);
      });
    },
    // The element Tab focused counts when it is under its centre: looked at when the next
    // Tab is pressed (its keydown, before the focus moves on), the last one at the end.
    focused() {
      const a = document.activeElement;
      if (!a || a === document.body) return;  // between the page's end and its start
      // Once round when the first comes again (the last may be seen twice: focus
      // leaving the page for the browser's own controls leaves it the active one).
      if (this.first === null) this.first = a;
      else if (a === this.first) this.cycle = true;
      const i = this.els.indexOf(a);
      if (i >= 0 && hit(a)) this.keys.add(i);
    },
    tabbing: false, cycle: false, first: null,
    scrollers() {
      this.sc = [...document.querySelectorAll('body *')].filter((el) =>
        el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(el).overflowY)
        && shown(el));
      return this.sc.length;
    },
    top() {
      for (const el of this.sc) el.scrollTop = 0;
      page().scrollTop = 0;
      page().scrollLeft = 0;
    },
    // The open band of scroller el down the line x through its visible box: the longest
    // run of rows where it shows (for the page: no fixed or sticky panel over it; for a
    // panel: nothing else over it; ``moving``: nor a sticky part of its own, which stays
    // while the rest scrolls under it). A wheel step is shorter than that band (the
    // moving one where it is wide enough), so every entry passes through it, as it does
    // before a player's eyes.
    band(el, box, x, moving = false) {
      let best = [0, 0], start = null;
      for (let y = box.top + 2; ; y += 8) {
        const at = y < box.bottom - 1 ? document.elementFromPoint(x, y) : null;
        const open = !!at && (el === page() ? !pinned(at)
          : el.contains(at) && !(moving && stuck(at, el)));
        if (open && start === null) start = y;
        if (!open && start !== null) {
          if (y - start > best[1] - best[0]) best = [start, y];
          start = null;
        }
        if (y >= box.bottom - 1) return best;
      }
    },
    // A point over scroller i (-1: the page) where a wheel reaches it, and the step; none
    // at its end, or while too little of it shows (the page is scrolled further first).
    point(i) {
      const el = i < 0 ? page() : this.sc[i];
      if (atEnd(el)) return null;
      let box = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
      if (i >= 0) {
        const r = el.getBoundingClientRect();
        box = { left: Math.max(r.left, 0), top: Math.max(r.top, 0),
                right: Math.min(r.right, innerWidth), bottom: Math.min(r.bottom, innerHeight) };
      }
      const h = box.bottom - box.top, w = box.right - box.left;
      if (h < 8 || w < 8) return null;
      // A panel that fits in the window is wheeled once the page shows all of it.
      const r = el.getBoundingClientRect();
      if (i >= 0 && r.height <= innerHeight && (r.top < 0 || r.bottom > innerHeight)) return null;
      const enough = i < 0 ? 40 : Math.min(0.9 * el.clientHeight, 100);
      for (const fx of [0.5, 0.1, 0.9, 0.3, 0.7]) {
        const x = box.left + w * fx;
        const [y0, y1] = this.band(el, box, x);
        if (y1 - y0 < enough) continue;
        for (const fy of [0.5, 0.25, 0.75, 0.9, 0.1]) {
          const y = y0 + (y1 - y0) * fy;
          const at = document.elementFromPoint(x, y);
          if (!at || onBoard(at)) continue;
          const inner = this.sc.find((s) => s.contains(at) && !atEnd(s));
          if (i < 0 ? inner : inner && inner !== el) continue;
          // the page by half its open band: a panel that fits shows whole at some step
          const [m0, m1] = i < 0 ? [y0, y1] : this.band(el, box, x, true);
          const open = m1 - m0 >= enough ? m1 - m0 : y1 - y0;
          const step = Math.max(20, Math.round(open * (i < 0 ? 0.45 : 0.8)));
          return { x, y, top: el.scrollTop, step };
        }
      }
      return null;
    },
    // After a wheel: wait for scroller i to come to rest, then look again.
    async settle(i) {
      const el = i < 0 ? page() : this.sc[i];
      let last = el.scrollTop, still = 0, moved = false;
      for (let f = 0; f < 120; f++) {
        await frame();
        if (el.scrollTop !== last) { moved = true; still = 0; last = el.scrollTop; }
        else if (++still >= (moved ? 2 : 3)) break;
      }
      this.mark();
      return el.scrollTop;
    },
    report(keyboard) {
      const groups = new Set();
      this.els.forEach((el, i) => {
        if (this.keys.has(i) && el.type === 'radio') groups.add(el.name);
      });
      const missing = [];
      this.els.forEach((el, i) => {
        const how = [];
        if (!this.wheel.has(i)) how.push('the wheel');
        const control = el.matches(CONTROLS) && !el.matches(':disabled');
        const grouped = (el.type === 'radio' && groups.has(el.name))  // arrows within
          // one Tab stop, arrows within: the log's rules links, the replay's and the review's moves
          || el.matches('#log a.rules-link[tabindex="-1"], #log button.log-jump[tabindex="-1"], '
                        + '#review-moves button.review-jump[tabindex="-1"]');
        if (keyboard && control && !this.keys.has(i) && !grouped) how.push('Tab');
        if (el.matches(':disabled') && !el.matches('li')) return;
        if (how.length) missing.push(`${describe(el)} not reached by ${how.join(' or ')}`);
      });
      return missing;
    },
    wide() {
      const w = page().scrollWidth, c = page().clientWidth;
      return w > c ? `the page is ${w} px wide in a ${c} px window` : '';
    },
  };
}
"""

MAX_STEPS = 80  # wheel steps per scroller: far more than any list needs


@dataclass
class Probe:
    """What is out of reach on the page as it is now (see the module's docstring)."""

    page: Page
    keyboard: bool = True
    seconds: dict[str, float] = field(default_factory=lambda: {"wheel": 0.0, "tab": 0.0})

    def wider(self) -> str:
        self.page.evaluate(PROBE_JS)
        return str(self.page.evaluate("qinReach.wide()"))

    def out_of_reach(self) -> list[str]:
        page = self.page
        # The pointer off the board first: the info box's hover words go, as they do when
        # a player's pointer leaves the board for the wheel.
        page.mouse.move(1, 1)
        answered(page)
        page.evaluate(PROBE_JS)
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.evaluate("qinReach.collect()")
        began = time.monotonic()
        count = int(page.evaluate("qinReach.scrollers()"))
        page.evaluate("qinReach.top()")
        page.evaluate("qinReach.mark()")
        scanned: set[int] = set()
        hidden = page.evaluate("qinReach.wheel.size < qinReach.els.length")
        for _ in range(MAX_STEPS if hidden else 0):
            more = False  # a panel wheeled to its end may bring another into view
            for i in range(count):
                if i not in scanned and self._scan(i):
                    scanned.add(i)
                    more = True
            if not self._wheel(-1) and not more:
                break
        self.seconds["wheel"] += time.monotonic() - began
        began = time.monotonic()
        if self.keyboard:
            self._tab_through(int(page.evaluate("qinReach.els.length")))
        self.seconds["tab"] += time.monotonic() - began
        missing: list[str] = page.evaluate(f"qinReach.report({json.dumps(self.keyboard)})")
        return missing

    def _wheel(self, index: int) -> bool:
        """One wheel step over scroller ``index`` (-1: the page); False at its end."""
        point = self.page.evaluate("i => qinReach.point(i)", index)
        if point is None:
            return False
        self.page.mouse.move(point["x"], point["y"])
        self.page.mouse.wheel(0, point["step"])
        return bool(self.page.evaluate("i => qinReach.settle(i)", index) != point["top"])

    def _scan(self, index: int) -> bool:
        """Wheel scroller ``index`` to its end, if it shows now; True when it was."""
        if self.page.evaluate("i => qinReach.point(i)", index) is None:
            return False
        for _ in range(MAX_STEPS):
            if not self._wheel(index):
                break
        return True

    def _tab_through(self, count: int) -> None:
        """Tab through the page once round (the shell keeps Tab from the page's Python:
        nothing to wait for but the browser's own focus move)."""
        self.page.evaluate("qinReach.tabbing = true; qinReach.cycle = false; qinReach.first = null")
        for n in range(3 * count + 10):
            self.page.keyboard.press("Tab")
            if n % 8 == 7 and self.page.evaluate("qinReach.cycle"):
                break
        self.page.evaluate("qinReach.focused(); qinReach.tabbing = false")
