"""Issue 7 in a real browser: a second visit starts from what the first one kept.

- Bytecode: the first start compiles our modules from source, shows the start screen,
  then keeps their compiled code in the browser (web/startup/bytecode.py: ``body[data-bytecode]``
  becomes ``stored``); the next start runs that code (``restored``).
- Pyodide's memory snapshot: the first start loads Pyodide as usual
  (``body[data-snapshot]`` is ``none``), then a worker makes a snapshot and keeps it
  (web/startup/snapshot.js: ``stored``); the next start hands it to Pyodide (``restored``), and
  the game plays as ever, the computer players' worker included.
A damaged entry is ignored: the page starts as without it and keeps a good one.
Every wait is for the page's own state.
"""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect

from e2e.helpers import boot
from e2e.test_ai import WORKER_BOOT_MS, moves
from e2e.test_ai import start as start_with
from e2e.test_offline import play_one, start

KEPT_TIMEOUT_MS = 60_000
# The snapshot is made a few seconds after the first screen, by a second Pyodide.
SNAPSHOT_TIMEOUT_MS = 120_000


def kept_by_first_visit(page: Page, what: str, timeout_ms: float) -> None:
    """Boot ``page``; wait until it has kept ``what`` (body[data-<what>] = stored)."""
    boot(page, "/")
    expect(page.locator("body")).to_have_attribute(f"data-{what}", "stored",
                                                   timeout=timeout_ms)


def damage(page: Page, cache: str, body: str) -> None:
    """Overwrite every entry of Cache Storage's ``cache`` with ``body`` (JavaScript)."""
    page.evaluate(f"""async () => {{
      const cache = await caches.open({cache!r});
      for (const request of await cache.keys()) {{
        await cache.put(request, new Response({body}));
      }}
    }}""")


def start_and_place(page: Page) -> None:
    """Start a game and place a tile: the restored modules work."""
    start(page)
    assert play_one(page) == 1


def test_a_second_visit_runs_the_kept_bytecode(page: Page, context: BrowserContext) -> None:
    kept_by_first_visit(page, "bytecode", KEPT_TIMEOUT_MS)
    second = boot(context.new_page(), "/")
    expect(second.locator("body")).to_have_attribute("data-bytecode", "restored")
    start_and_place(second)


def test_a_damaged_entry_is_ignored_and_replaced(page: Page, context: BrowserContext) -> None:
    kept_by_first_visit(page, "bytecode", KEPT_TIMEOUT_MS)
    damage(page, "qin.bytecode", '"not bytecode"')
    second = boot(context.new_page(), "/")
    expect(second.locator("body")).to_have_attribute("data-bytecode", "stored",
                                                     timeout=KEPT_TIMEOUT_MS)
    start_and_place(second)
    third = boot(context.new_page(), "/")
    expect(third.locator("body")).to_have_attribute("data-bytecode", "restored")


def next_visit(context: BrowserContext) -> Page:
    """Another visit, at the start screen (the saved games of the earlier ones cleared,
    or the game left open would be resumed)."""
    page = context.new_page()
    page.add_init_script("localStorage.clear()")
    return boot(page, "/")


def test_a_second_visit_starts_pyodide_from_the_kept_snapshot(
        page: Page, context: BrowserContext) -> None:
    boot(page, "/")
    body = page.locator("body")
    expect(body).to_have_attribute("data-snapshot", "none")
    expect(body).to_have_attribute("data-snapshot", "stored", timeout=SNAPSHOT_TIMEOUT_MS)
    second = boot(context.new_page(), "/")
    expect(second.locator("body")).to_have_attribute("data-snapshot", "restored")
    start_and_place(second)
    # The computer players' worker loads Pyodide the same way: a game against one plays.
    third = next_visit(context)
    expect(third.locator("body")).to_have_attribute("data-snapshot", "restored")
    play = start_with(third, ["apprentice", "apprentice"], seed=3)
    expect(play).not_to_have_attribute("data-moves", "0", timeout=WORKER_BOOT_MS)
    assert moves(play) > 0


def test_a_damaged_snapshot_is_dropped_and_made_again(
        page: Page, context: BrowserContext) -> None:
    kept_by_first_visit(page, "snapshot", SNAPSHOT_TIMEOUT_MS)
    damage(page, "qin.pyodide-snapshot", "new Uint8Array(4096)")
    second = boot(context.new_page(), "/")
    body = second.locator("body")
    expect(body).to_have_attribute("data-snapshot", "none")
    start_and_place(second)
    expect(body).to_have_attribute("data-snapshot", "stored", timeout=SNAPSHOT_TIMEOUT_MS)
    third = next_visit(context)
    expect(third.locator("body")).to_have_attribute("data-snapshot", "restored")
    start_and_place(third)
