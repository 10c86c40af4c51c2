"""Issue 7 in a real browser: a second visit starts from the bytecode the first one kept.

The first start compiles our modules from source, shows the start screen, then keeps
their compiled code in the browser (web/bytecode.py: ``body[data-bytecode]`` becomes
``stored``); the next start runs that code (``restored``) and the game plays as ever.
A damaged entry is ignored: the page compiles from source and keeps a good one.
Every wait is for the page's own state.
"""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect

from e2e.helpers import boot
from e2e.test_offline import play_one, start

KEPT_TIMEOUT_MS = 60_000


def start_and_place(page: Page) -> None:
    """Start a game and place a tile: the restored modules work."""
    start(page)
    assert play_one(page) == 1


def test_a_second_visit_runs_the_kept_bytecode(page: Page, context: BrowserContext) -> None:
    boot(page, "/")
    expect(page.locator("body")).to_have_attribute("data-bytecode", "stored",
                                                   timeout=KEPT_TIMEOUT_MS)
    second = boot(context.new_page(), "/")
    expect(second.locator("body")).to_have_attribute("data-bytecode", "restored")
    start_and_place(second)


def test_a_damaged_entry_is_ignored_and_replaced(page: Page, context: BrowserContext) -> None:
    boot(page, "/")
    expect(page.locator("body")).to_have_attribute("data-bytecode", "stored",
                                                   timeout=KEPT_TIMEOUT_MS)
    page.evaluate("""async () => {
      const cache = await caches.open("qin.bytecode");
      for (const request of await cache.keys()) {
        await cache.put(request, new Response("not bytecode"));
      }
    }""")
    second = boot(context.new_page(), "/")
    expect(second.locator("body")).to_have_attribute("data-bytecode", "stored",
                                                     timeout=KEPT_TIMEOUT_MS)
    start_and_place(second)
    third = boot(context.new_page(), "/")
    expect(third.locator("body")).to_have_attribute("data-bytecode", "restored")
