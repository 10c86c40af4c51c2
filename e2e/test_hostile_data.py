"""Hostile data in the browser: names, stored and imported JSON (tests/test_json_text.py
and tests/test_series_save.py hold the rules; these check what the player sees).

- A Start pressed before Python with a name holding a control character brings the start
  screen back saying so, every entry kept; a name with joined emoji starts the game.
- Deep JSON stored under the tutorial's key (``qin.tutorial``) does not stop the page:
  "Learn to play" opens the tutorial.
- A progress file with ``"ended": 1e999`` is refused in words; nothing stored is not
  JSON.
- A game record saved by an editor in Latin-1 (a name "Jürgen") is refused as not UTF-8
  text, nothing stored; the same record saved as UTF-16 (with its byte order mark)
  imports with the name as written.
- The crafted save holding a 160-game series imports and resumes after a reload; the
  page's main thread keeps answering: its long tasks are measured and printed, not
  asserted (the work, once per game, is counted in tests/test_series_save.py).

Waits are on the page's state, never sleeps.
"""

from __future__ import annotations

import json

from playwright.sync_api import FilePayload, Page, expect

import qin
from e2e.helpers import BOOT_TIMEOUT_MS, boot
from e2e.test_instant import booted, opened_without_python, without_python
from e2e.test_modes import mode
from tests.test_series_save import GAMES, crafted_save

FAMILY = "Mum \U0001f468\u200d\U0001f469\u200d\U0001f467"
DEEP = "[" * 60_000 + "]" * 60_000
INFINITE_PROGRESS = ('{"format": "qin-progress/1", "games": [{"id": "g1", "level": '
                     '"apprentice", "players": 2, "result": "won", "ended": 1e999}]}')
STORED_TEXTS = "() => Object.values(localStorage)"


def import_text(page: Page, name: str, text: str) -> None:
    page.set_input_files("#import-file", files=[FilePayload(
        name=name, mimeType="application/json", buffer=text.encode())])


def test_names_and_stored_json_that_once_stopped_the_page(page: Page) -> None:
    held = opened_without_python(page, {"qin.tutorial": DEEP})
    page.fill("#seat-name-0", "Bell\u202eevil")
    page.fill("#seat-name-1", FAMILY)
    page.click("#start")
    without_python(page, "board")
    booted(page, held)
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#setup-problems")).to_contain_text(
        "Seat 1's name holds a control character")
    expect(page.locator("#seat-name-0")).to_have_value("Bell\u202eevil")
    expect(page.locator("#seat-name-1")).to_have_value(FAMILY)

    page.fill("#seat-name-0", "Ann")
    page.click("#start")  # after Python: the joined emoji are a name like any other
    expect(page.locator("#play")).to_be_visible()
    expect(page.locator("#app")).to_contain_text(FAMILY)

    page.click("#new-game")
    import_text(page, "progress.json", INFINITE_PROGRESS)
    expect(page.locator("#setup")).to_have_attribute("data-imported", "refused")
    expect(page.locator("#saved-message")).to_contain_text(
        "holds the number 1e999, which no Qin game has")
    stored = page.evaluate(STORED_TEXTS)
    assert not any("Infinity" in text or "NaN" in text for text in stored)

    page.click("#learn")  # the deep text under qin.tutorial counts as no step done
    mode(page, "tutorial")
    expect(page.locator("#tutorial")).to_be_visible()
    assert page.evaluate("document.body?.dataset.boot") == "ready"


def record_named(first: str) -> str:
    game = qin.Game.new(board="bird", players=2, seed=7, names=[first, "Bob"])
    for _ in range(3):
        game.play(game.legal_moves()[0])
    return json.dumps(game.record(), ensure_ascii=False)


def import_bytes(page: Page, name: str, data: bytes) -> None:
    page.set_input_files("#import-file", files=[FilePayload(
        name=name, mimeType="application/json", buffer=data)])


def test_a_record_that_is_not_utf8_is_refused_not_garbled(page: Page) -> None:
    boot(page)
    text = record_named("J\u00fcrgen")
    import_bytes(page, "latin1.json", text.encode("latin-1"))
    expect(page.locator("#setup")).to_have_attribute("data-imported", "refused")
    expect(page.locator("#saved-message")).to_contain_text(
        "latin1.json was not imported: the file is not UTF-8 text")
    assert not any("\ufffd" in value for value in page.evaluate(STORED_TEXTS))
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('qin.save.'))") == []

    import_bytes(page, "utf16.json", text.encode("utf-16"))
    expect(page.locator("#play")).to_be_visible()
    expect(page.locator("#app")).to_contain_text("J\u00fcrgen")


LONG_TASKS = """
window.qinLong = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.qinLong.push(e.duration);
}).observe({ type: "longtask", buffered: true });
"""


def longest(page: Page) -> float:
    return float(page.evaluate("Math.max(0, ...(window.qinLong || []))"))


def test_a_160_game_series_imports_and_resumes_with_the_page_answering(page: Page) -> None:
    page.add_init_script(LONG_TASKS)
    boot(page)
    page.evaluate("window.qinLong = []")
    text = crafted_save()
    import_text(page, "series.json", text)
    expect(page.locator("#setup")).to_have_attribute("data-imported", "ok",
                                                      timeout=BOOT_TIMEOUT_MS)
    status = page.locator("#series-status")
    expect(status).to_contain_text(f"{GAMES} of {2 * GAMES} games played")
    imported = longest(page)

    page.reload()
    expect(page.locator("body")).to_have_attribute("data-boot", "ready",
                                                   timeout=BOOT_TIMEOUT_MS)
    expect(status).to_contain_text(f"{GAMES} of {2 * GAMES} games played",
                                   timeout=BOOT_TIMEOUT_MS)
    reloaded = longest(page)
    print(f"\n{GAMES}-game series ({len(text) / 1024:.0f} KB): longest main-thread task "
          f"{imported:.0f} ms on import, {reloaded:.0f} ms from the reload until it is "
          "shown (printed, not asserted: tests/test_series_save.py counts the work)")
    saves = [json.loads(v) for v in page.evaluate(STORED_TEXTS) if '"qin-save/2"' in v]
    assert [len(s["series"]["games"]) for s in saves if s.get("series")] == [GAMES]
