"""The page's settings as the browser keeps them: a value the page does not know (written
by another version of the page, or by hand) shows the setting's default, the same before
and after the page's Python arrives, with no error; a setting changed in the instant
before a reload is kept.

Every wait is for the page's state (``body[data-prestart]``, ``body[data-boot]``,
``window.qinIdle``), never a fixed time.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from e2e.helpers import (
    BOOT_TIMEOUT_MS,
    HeldRuntime,
    PageProblems,
    boot,
    storage_full_for,
    wait_for_boot,
)

ROOT = Path(__file__).resolve().parent.parent

UNKNOWN = {"qin-lang": "xx", "qin.motion": "turbo", "qin.sound": "loud",
           "qin-contrast": "maybe"}
"""Each setting's key holding a value no version of the page wrote."""

SHOWN = """() => ({
  lang: document.getElementById("lang").value, page: document.documentElement.lang,
  motion: document.getElementById("motion").value,
  sound: document.getElementById("sound").getAttribute("aria-pressed"),
  contrast: document.getElementById("contrast").getAttribute("aria-pressed"),
  high: document.body.classList.contains("high-contrast"),
})"""

DEFAULTS = {"lang": "en", "page": "en", "motion": "normal", "sound": "false",
            "contrast": "false", "high": False}


def test_unknown_stored_settings_show_their_defaults_before_and_after_python(
        page: Page) -> None:
    for key, value in UNKNOWN.items():
        page.add_init_script(f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)})")
    page.emulate_media(reduced_motion="no-preference")
    held = HeldRuntime(page)
    page.goto("/")
    expect(page.locator("body")).to_have_attribute("data-prestart", "setup")
    assert page.evaluate(SHOWN) == DEFAULTS
    assert page.locator("#lang").evaluate("s => s.selectedIndex") == 0  # never blank
    expect(page.locator("#start")).to_have_text("Start the game")
    held.release()
    assert wait_for_boot(page, BOOT_TIMEOUT_MS) == "ready"
    page.wait_for_function("() => window.qinIdle")
    assert page.evaluate(SHOWN) == DEFAULTS  # Python decides the same
    assert page.locator("#motion").evaluate("s => s.selectedIndex") >= 0
    expect(page.locator("#seat-kind-0 option[value=human]")).to_have_text("Human")
    # what the player had is not touched; their next choice replaces it
    assert page.evaluate("localStorage.getItem('qin.motion')") == "turbo"
    page.click("#sound")
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("() => window.qinIdle")
    assert page.evaluate("localStorage.getItem('qin.sound')") == "on"


CHANGE_THEN_RELOAD = """([id, value, busy]) => {
  if (busy) document.getElementById("start").click();  // its reply takes a while
  const el = document.getElementById(id);
  if (el.tagName === "SELECT") {
    el.value = value;
    el.dispatchEvent(new Event("change", { bubbles: true }));
  } else {
    el.click();
  }
  const kept = localStorage.getItem(%s);
  location.reload();
  return kept;
}"""


def changed_and_reloaded(page: Page, element: str, value: str, key: str,
                         busy: bool = False) -> str | None:
    """``element`` changed (a select to ``value``, a button clicked; ``busy``: just after
    Start) and the page reloaded in the same task, before any reply of the page's Python;
    what ``key`` held then."""
    kept = page.evaluate(CHANGE_THEN_RELOAD % json.dumps(key), [element, value, busy])
    assert wait_for_boot(page, BOOT_TIMEOUT_MS) == "ready"
    page.wait_for_function("() => window.qinIdle")
    return None if kept is None else str(kept)


def test_a_language_chosen_just_before_a_reload_is_kept(
        page: Page, page_problems: PageProblems) -> None:
    """Then a language whose words cannot be loaded (offline, not kept by the browser):
    the page says so in its own language and stays as it was (the switch too), the
    choice is kept for the next visit, and nothing is left unhandled."""
    boot(page)
    page.wait_for_function("() => window.qinIdle")
    assert changed_and_reloaded(page, "lang", "de", "qin-lang") == "de"
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#lang")).to_have_value("de")
    expect(page.locator("#start")).to_have_text("Spiel starten")
    page.fill("#seed", "42")
    page.route("**/i18n/fr.json", lambda route: route.fulfill(status=503, body=""))
    page.select_option("#lang", "fr")
    note = page.locator("#lang-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("Français")
    expect(note).to_contain_text("Deutsch")  # the page stays in German, and says so
    page.wait_for_function("() => window.qinIdle")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#lang")).to_have_value("de")
    expect(page.locator("#start")).to_have_text("Spiel starten")
    expect(page.locator("#seed")).to_have_value("42")  # nothing lost
    assert page.evaluate("localStorage.getItem('qin-lang')") == "fr"  # kept for next time
    page.unroute("**/i18n/fr.json")
    page.select_option("#lang", "en")  # a language that loads: the note goes
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(note).to_be_hidden()
    # the failed request's own report (the browser's), and nothing else
    page_problems.console_errors[:] = [e for e in page_problems.console_errors
                                       if "503" not in e]


def test_a_language_chosen_before_python_just_before_a_reload_is_kept(
        page: Page, page_problems: PageProblems) -> None:
    """First a language whose words cannot be loaded, chosen before Python: the page says
    so in its own language, as it does after Python (and still when Python arrives), stays
    as it was with what the player typed, and keeps the choice for the next visit."""
    held = HeldRuntime(page)
    page.goto("/")
    expect(page.locator("body")).to_have_attribute("data-prestart", "setup")
    page.fill("#seat-name-1", "Li")
    page.fill("#seed", "42")
    page.route("**/i18n/fr.json", lambda route: route.fulfill(status=503, body=""))
    page.select_option("#lang", "fr")
    note = page.locator("#lang-note")
    english = json.loads(ROOT.joinpath("web/i18n/en.json").read_text(encoding="utf-8"))
    said = english["lang.failed"].replace("{chosen}", english["lang.fr"])
    expect(note).to_have_text(said)
    expect(note).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#lang")).to_have_value("en")
    expect(page.locator("#seat-name-1")).to_have_value("Li")  # nothing lost
    expect(page.locator("#seed")).to_have_value("42")
    assert page.evaluate("localStorage.getItem('qin-lang')") == "fr"  # kept for next time
    expect(page.locator("body")).to_have_attribute("data-prestart", "setup")
    held.release()  # the page's Python says it too, until the player's next action
    assert wait_for_boot(page, BOOT_TIMEOUT_MS) == "ready"
    page.wait_for_function("() => window.qinIdle")
    expect(note).to_have_text(said)
    expect(page.locator("#seed")).to_have_value("42")
    expect(page.locator("#lang")).to_have_value("en")
    page_problems.console_errors[:] = [e for e in page_problems.console_errors
                                       if "503" not in e]
    page.unroute("**/i18n/fr.json")
    page.check("#players-3")  # the player's next action: the note goes
    expect(note).to_be_hidden()
    held = HeldRuntime(page)
    page.evaluate("localStorage.setItem('qin-lang', 'en')")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-prestart", "setup")
    kept = page.evaluate(CHANGE_THEN_RELOAD % json.dumps("qin-lang"), ["lang", "fr", False])
    assert kept == "fr"
    held.release()
    assert wait_for_boot(page, BOOT_TIMEOUT_MS) == "ready"
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#lang")).to_have_value("fr")


NOTE_GONE = "() => document.getElementById('lang-note').getBoundingClientRect().height === 0"
"""The note on a language takes no room on the page."""


def click_after_typing(page: Page, field: str, value: str, target: str) -> None:
    """Type ``value`` into ``field``, then click ``target`` with the mouse as a player does:
    the press leaves the field, whose change is the player's next action and ends the note
    on a language (at once before Python, at Python's reply after it), while the button is
    still down; the release must land on ``target`` all the same (the page does not move
    under a pressed pointer)."""
    page.fill(field, value)
    box = page.locator(target).bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    expect(page.locator("#lang-note")).to_be_hidden()  # said gone while the button is down
    page.mouse.up()


def test_a_language_that_cannot_be_reached_is_said_until_the_next_change(
        page: Page, page_problems: PageProblems) -> None:
    """A language whose words cannot be fetched at all (the network fails): the page says
    so until the player's next action: a name typed ends the note (at its first letter),
    and so does a change of the form (the seed, left by a click elsewhere), the same before
    Python and after it, with the click landing where the player pressed."""
    held = HeldRuntime(page)
    page.route("**/i18n/fr.json", lambda route: route.abort("internetdisconnected"))
    page.goto("/")
    expect(page.locator("body")).to_have_attribute("data-prestart", "setup")
    note = page.locator("#lang-note")
    english = json.loads(ROOT.joinpath("web/i18n/en.json").read_text(encoding="utf-8"))
    said = english["lang.failed"].replace("{chosen}", english["lang.fr"])
    for name, seat, seed in (("Li", "#seat-name-0", "42"), ("Bo", "#seat-name-1", "7")):
        page.select_option("#lang", "fr")
        expect(note).to_have_text(said)
        expect(note).to_be_visible()
        expect(page.locator("#lang")).to_have_value("en")
        page.fill(seat, name)  # a name typed: the next action
        expect(note).to_be_hidden()
        page.wait_for_function(NOTE_GONE)
        expect(page.locator(seat)).to_have_value(name)  # the name typed stays as typed
        page.press(seat, "Tab")
        page.select_option("#lang", "fr")
        expect(note).to_have_text(said)
        expect(note).to_be_visible()
        fair = page.locator("#fair-start").is_checked()
        click_after_typing(page, "#seed", seed, "#fair-start")
        expect(page.locator("#fair-start")).to_be_checked(checked=not fair)
        expect(note).to_be_hidden()
        page.wait_for_function(NOTE_GONE)  # its room given back once the click is done
        expect(page.locator(seat)).to_have_value(name)
        if held.released:
            break
        held.release()
        assert wait_for_boot(page, BOOT_TIMEOUT_MS) == "ready"
        page.wait_for_function("() => window.qinIdle")
        expect(page.locator("#seat-name-0")).to_have_value("Li")
        expect(page.locator("#seed")).to_have_value("42")
    page.wait_for_function("() => window.qinIdle")
    expect(note).to_be_hidden()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    # the failed requests' own reports (the browser's), and nothing else
    page_problems.console_errors[:] = [e for e in page_problems.console_errors
                                       if "ERR_INTERNET_DISCONNECTED" not in e]


def test_the_contrast_switched_just_before_a_reload_is_kept(page: Page) -> None:
    boot(page)
    assert changed_and_reloaded(page, "contrast", "", "qin-contrast") == "on"
    expect(page.locator("#contrast")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("body")).to_have_class("high-contrast")


def test_the_sound_and_the_motion_changed_just_before_a_reload_are_kept(page: Page) -> None:
    """The page's Python writes them with its reply; the shell writes them at once from
    the table it sent (``flags.settings``): a reload before the reply (the page busy
    with a Start, or not) keeps them (they used to be lost)."""
    boot(page)
    page.wait_for_function("() => window.qinIdle")
    for busy, sound, pace in ((False, "on", "slow"), (True, "off", "fast")):
        assert changed_and_reloaded(page, "sound", "", "qin.sound", busy) == sound
        expect(page.locator("#sound")).to_have_attribute("aria-pressed", str(sound == "on").lower())
        assert changed_and_reloaded(page, "motion", pace, "qin.motion", busy) == pace
        expect(page.locator("#motion")).to_have_value(pace)
        expect(page.locator("#sound")).to_have_attribute("aria-pressed", str(sound == "on").lower())


WRITES_OF_SOUND = """
window.qinSoundWrites = [];
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (key === "qin.sound") window.qinSoundWrites.push(String(value));
  return setItem.call(this, key, value);
};
"""
"""Every write of the sound setting, in order (``window.qinSoundWrites``)."""


def test_the_sound_switched_twice_faster_than_python_answers_keeps_the_last(
        page: Page) -> None:
    """Two clicks on the sound switch in one instant: the setting kept is the last
    click's at once, and stays so while the replies come (the first click's reply
    used to write its own value back, until the second's came: a reload between them
    kept the first); the switch never shows the first click's state again."""
    page.add_init_script(WRITES_OF_SOUND)
    boot(page)
    page.wait_for_function("() => window.qinIdle")
    shown = page.evaluate("""() => {
      const sound = document.getElementById("sound");
      const pressed = [];
      new MutationObserver(() => pressed.push(sound.getAttribute("aria-pressed")))
        .observe(sound, { attributes: true, attributeFilter: ["aria-pressed"] });
      window.qinSoundPressed = pressed;
      window.qinSoundWrites.length = 0;
      sound.click();
      sound.click();
      return [localStorage.getItem("qin.sound"), sound.getAttribute("aria-pressed")];
    }""")
    assert shown == ["off", "false"]
    page.wait_for_function("() => window.qinIdle")
    writes = page.evaluate("window.qinSoundWrites")
    assert writes[:2] == ["on", "off"] and "on" not in writes[2:], writes
    pressed = page.evaluate("window.qinSoundPressed")
    assert "true" not in pressed[2:], pressed
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("localStorage.getItem('qin.sound')") == "off"


TABLE = """() => {
  const seats = [...document.querySelectorAll("#seats .seat")];
  return {
    players: document.querySelector("input[name=players]:checked")?.value,
    names: seats.map((_, i) => document.getElementById(`seat-name-${i}`).value),
    kinds: seats.map((_, i) => document.getElementById(`seat-kind-${i}`).value),
    colours: seats.map((_, i) => document.getElementById(`seat-colour-${i}`).value),
    lion: document.getElementById("board-lion").checked,
    hints: document.getElementById("hints-on").checked,
    plan: document.getElementById("series-plan").value,
  };
}"""
"""The start screen's choices as the player sees them."""

PLAYED = {"players": "3", "names": ["Mei", "White", "Purple"],
          "kinds": ["human", "governor", "apprentice"], "colours": ["green", "white", "purple"],
          "lion": True, "hints": False, "plan": "single"}
FIRST_VISIT = {"players": "2", "names": ["Green", "White"], "kinds": ["human", "apprentice"],
               "colours": ["green", "white"], "lion": False, "hints": True, "plan": "single"}


def left_for_the_start_screen(page: Page) -> str:
    """From the game on screen back to the start screen, the game deleted (else the next
    visit reopens it); the saved games' line of the game."""
    page.click("#new-game")
    expect(page.locator("#setup")).to_be_visible()
    page.wait_for_function("() => window.qinIdle")
    line = page.locator("#saved-list li[data-id]").first.inner_text()
    page.locator("#saved-list button[data-action=delete]").first.click()
    expect(page.locator("#saved")).to_have_attribute("data-count", "0")
    page.wait_for_function("() => window.qinIdle")
    return line


def table_played_and_left(page: Page) -> None:
    """A table chosen on the start screen (three seats, the first named Mei, the second
    the Governor, the lion's side, no hints), started, and left for the start screen."""
    page.check("#players-3")
    expect(page.locator("#seat-name-2")).to_have_value("Purple")
    page.fill("#seat-name-0", "Mei")
    page.select_option("#seat-kind-1", "governor")
    page.wait_for_function("() => window.qinIdle")
    page.check("#board-lion")
    page.uncheck("#hints-on")
    page.wait_for_function("() => window.qinIdle")
    page.click("#start")
    expect(page.locator("#play")).to_be_visible()
    page.wait_for_function("() => window.qinIdle")
    left_for_the_start_screen(page)


FIRST_PAINTS = """
window.qinFirstPaints = [];
new MutationObserver((records) => {
  for (const r of records) window.qinFirstPaints.push(r.target.getAttribute("data-first"));
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-first"] });
"""
"""What lang.js chose for the first paint (``window.qinFirstPaints``: "start", index.html's
English start screen at once; "wait", the start screen waits for prestart.js)."""


def test_the_last_table_started_is_the_start_screen_of_the_next_visit(page: Page) -> None:
    """A game of three started, a name typed and a computer seat: the next visit shows the
    same choices before Python (the first paint, index.html's first visit's, waits for
    them), the page's Python draws none of them again, and an early Start starts that
    table; a stored table that the page refuses (a level it does not know) shows the first
    visit's choices, before and after Python."""
    page.add_init_script(FIRST_PAINTS)
    boot(page)
    page.wait_for_function("() => window.qinIdle")
    assert page.evaluate(TABLE) == FIRST_VISIT
    assert page.evaluate("window.qinFirstPaints") == ["start", None]
    table_played_and_left(page)

    held = HeldRuntime(page)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-prestart", "setup")
    assert page.evaluate("window.qinFirstPaints") == ["wait", None]
    assert page.evaluate(TABLE) == PLAYED  # before Python
    page.evaluate("() => { for (const el of document.querySelectorAll('#seats *'))"
                  " el.qinBeforePython = true; }")
    held.release()
    assert wait_for_boot(page, BOOT_TIMEOUT_MS) == "ready"
    page.wait_for_function("() => window.qinIdle")
    assert page.evaluate(TABLE) == PLAYED  # after Python, as before it
    assert page.evaluate("() => [...document.querySelectorAll('#seats *')]"
                         ".every((el) => el.qinBeforePython)")  # none drawn again

    held = HeldRuntime(page)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-prestart", "setup")
    page.click("#start")  # an early Start: the table shown
    expect(page.locator("body")).to_have_attribute("data-prestart", "board")
    held.release()
    assert wait_for_boot(page, BOOT_TIMEOUT_MS) == "ready"
    page.wait_for_function("() => window.qinIdle")
    expect(page.locator("#players .name")).to_have_text(["Mei", "White", "Purple"])
    expect(page.locator("#players .kind").nth(1)).to_contain_text("Governor")
    assert "Lion" in left_for_the_start_screen(page)
    assert page.evaluate(TABLE) == PLAYED  # the game's own

    kept = page.evaluate("localStorage.getItem('qin.table')")
    spoiled = kept.replace('"governor"', '"grandmaster"', 1)
    assert spoiled != kept
    page.evaluate("t => localStorage.setItem('qin.table', t)", spoiled)
    held = HeldRuntime(page)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-prestart", "setup")
    assert page.evaluate(TABLE) == FIRST_VISIT  # before Python
    held.release()
    assert wait_for_boot(page, BOOT_TIMEOUT_MS) == "ready"
    page.wait_for_function("() => window.qinIdle")
    assert page.evaluate(TABLE) == FIRST_VISIT  # after Python
    expect(page.locator("#setup-problems")).to_have_text("")
    assert page.evaluate("localStorage.getItem('qin.table')") == spoiled  # left as it was


def test_the_last_table_started_follows_a_language_chosen_before_and_after_python(
        page: Page) -> None:
    """The table of the next visit (three seats, a name typed, a computer seat) stays the
    table when the player chooses another language, before Python and after it: the
    seats named after their colours are named in the language chosen, the name typed and
    the rest as they were; the next visit, in that language, shows it too."""
    boot(page)
    page.wait_for_function("() => window.qinIdle")
    table_played_and_left(page)
    german = {**PLAYED, "names": ["Mei", "Weiß", "Lila"]}
    french = {**PLAYED, "names": ["Mei", "Blanc", "Violet"]}

    held = HeldRuntime(page)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-prestart", "setup")
    assert page.evaluate(TABLE) == PLAYED
    page.select_option("#lang", "de")  # before Python
    expect(page.locator("#start")).to_have_text("Spiel starten")
    assert page.evaluate(TABLE) == german
    expect(page.locator("#seat-kind-1 option:checked")).to_have_text("Computer: Statthalter")
    held.release()
    assert wait_for_boot(page, BOOT_TIMEOUT_MS) == "ready"
    page.wait_for_function("() => window.qinIdle")
    assert page.evaluate(TABLE) == german  # Python takes the table shown
    page.select_option("#lang", "fr")  # after Python
    expect(page.locator("#start")).to_have_text("Commencer la partie")
    page.wait_for_function("() => window.qinIdle")
    assert page.evaluate(TABLE) == french

    held = HeldRuntime(page)
    page.reload()  # the next visit, in French
    expect(page.locator("body")).to_have_attribute("data-prestart", "setup")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    assert page.evaluate(TABLE) == french
    page.fill("#seat-name-2", "Bo")  # typed before Python: kept through the switch
    page.select_option("#lang", "en")
    expect(page.locator("#start")).to_have_text("Start the game")
    assert page.evaluate(TABLE) == {**PLAYED, "names": ["Mei", "White", "Bo"]}
    held.release()
    assert wait_for_boot(page, BOOT_TIMEOUT_MS) == "ready"
    page.wait_for_function("() => window.qinIdle")
    assert page.evaluate(TABLE) == {**PLAYED, "names": ["Mei", "White", "Bo"]}


def test_a_storage_full_for_the_table_starts_and_saves_the_game_and_says_nothing(
        page: Page) -> None:
    """The browser's storage is full for the table started and the start screen before
    Python: the page comes to rest, the game starts and is saved, and nothing is said of
    those keys (nothing the player had is lost); the next visit shows the first visit's
    table.  (The saved games' note said the storage was full, and each refusal drew the
    saved games again, written again and refused again: the page never came to rest.)"""
    storage_full_for(page, "qin.table", "qin.start")
    boot(page)
    page.wait_for_function("() => window.qinIdle")
    page.fill("#seat-name-0", "Mei")
    page.click("#start")
    expect(page.locator("#play")).to_be_visible()
    page.wait_for_function("() => window.qinIdle")
    expect(page.locator("#save-state")).to_have_text("Saved in this browser.")
    page.click("#new-game")
    expect(page.locator("#setup")).to_be_visible()
    page.wait_for_function("() => window.qinIdle")
    expect(page.locator("#saved")).to_have_attribute("data-count", "1")
    expect(page.locator("#saved-message")).to_be_hidden()
    assert page.evaluate("[localStorage.getItem('qin.table'), localStorage.getItem('qin.start')]"
                         ) == [None, None]
    page.locator("#saved-list button[data-action=delete]").first.click()
    expect(page.locator("#saved")).to_have_attribute("data-count", "0")
    page.wait_for_function("() => window.qinIdle")
    page.reload()
    assert wait_for_boot(page, BOOT_TIMEOUT_MS) == "ready"
    page.wait_for_function("() => window.qinIdle")
    assert page.evaluate(TABLE) == FIRST_VISIT
    expect(page.locator("#saved-message")).to_be_hidden()
