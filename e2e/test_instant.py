"""The start screen before Python, in a real browser whose runtime is held back.

The runtime's files (``vendor/pyodide/*`` and the wheel) are routed and held until the
test has looked at the page without Python: the start screen is usable (players, names,
board side, seed, series, the saved games and the progress as the page's Python stored
them), **Start** (or Resume, or a ``#g=`` link, or the game left open) draws the board at
once with "Dealing…" where the hand goes; once the files are let through, the game goes
on with exactly what was chosen, once, or the page's Python says what is wrong with it.
Every wait is for the page's state (``body[data-prestart]``, ``body[data-boot]``,
``#play[data-moves]``).
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import qin
from e2e.helpers import BOOT_TIMEOUT_MS, HeldRuntime, wait_for_boot
from e2e.test_offline import play_one
from qin import records

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from qin_ui import actions as A  # noqa: E402
from qin_ui import players, progress  # noqa: E402
from qin_ui.app import App  # noqa: E402
from qin_ui.core import CURRENT_KEY  # noqa: E402
from qin_ui.saves import MemoryStorage, SaveStore  # noqa: E402

from tools.build_site import merged_catalogue  # noqa: E402


def without_python(page: Page, prestart: str) -> None:
    """The page shows ``prestart`` ("setup" or "board") and Python is still held back."""
    expect(page.locator("body")).to_have_attribute("data-prestart", prestart)
    assert page.evaluate("document.body?.dataset.boot") == "loading"


def mark_ms(page: Page, name: str) -> float:
    return float(page.evaluate(
        f"performance.getEntriesByName({name!r})[0]?.startTime ?? NaN"))


def stored_saves(page: Page) -> list[dict[str, object]]:
    return list(page.evaluate("""() => Object.keys(localStorage)
      .filter((k) => k.startsWith("qin.save.")).map((k) => JSON.parse(localStorage[k]))"""))


def opened_without_python(page: Page, stored: dict[str, str] | None = None) -> HeldRuntime:
    """The page opened with ``stored`` in its storage and the runtime held back: the
    start screen is usable without Python."""
    for key, value in (stored or {}).items():
        page.add_init_script(f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)})")
    held = HeldRuntime(page)
    page.goto("/")
    without_python(page, "setup")
    return held


def python_stored(stored: dict[str, str], lang: str = "en") -> dict[str, str]:
    """``stored`` as the page's Python (speaking ``lang``) leaves it after its first
    screen over it (with the start screen's key, ``qin.start``, that prestart.js shows)."""
    storage = MemoryStorage(dict(stored))
    app = App(SaveStore(storage, known_kinds=players.KINDS))
    form = A.Form(("Green", "White"), ("green", "white"), ("human", "human"), "bird", False,
                  "", "single", True)
    app.store(app.dispatch(A.LanguageChosen(lang, json.dumps(merged_catalogue(lang)), form)))
    app.screen()
    app.store(app.dispatch(A.Boot("http://localhost/", "")))
    app.screen()
    return dict(storage.data)


def booted(page: Page, held: HeldRuntime) -> None:
    held.release()
    assert wait_for_boot(page, BOOT_TIMEOUT_MS) == "ready"
    expect(page.locator("body")).to_have_attribute("data-prestart", "handed")


def test_the_start_screen_works_and_start_draws_the_board_before_python(page: Page) -> None:
    held = opened_without_python(page)
    print(f"start screen usable at {mark_ms(page, 'qin:prestart-usable'):.0f} ms")
    expect(page.locator("#boot")).to_be_visible()  # the small "still loading" note
    # the choices: 3 players, a name, the Lion side, a seed, a series
    expect(page.locator("#seat-name-0")).to_have_value("Green")
    page.fill("#seat-name-1", "Li")
    page.check("#players-3")
    expect(page.locator("#seat-name-2")).to_have_value("Purple")
    expect(page.locator("#seat-name-1")).to_have_value("Li")  # a typed name stays
    page.fill("#seat-name-2", "Mei")
    page.check("#board-lion")
    page.fill("#seed", "7")
    expect(page.locator("#series-plan option")).to_have_count(3)
    page.select_option("#series-plan", "sides")
    expect(page.locator("#saved-list li.empty")).to_have_text("No saved games yet.")
    expect(page.locator("#progress-table .progress-empty")).to_be_visible()
    # what the engine's rules decide waits for it: colours (kept distinct), levels,
    # importing a file; Learn to play is kept as an intent (below)
    expect(page.locator("#seat-colour-0")).to_be_disabled()
    expect(page.locator("#seat-kind-1")).to_be_disabled()
    expect(page.locator("#import-file")).to_be_disabled()
    expect(page.locator("#learn")).to_be_enabled()
    without_python(page, "setup")

    page.click("#start")
    without_python(page, "board")
    print(f"board after an early Start at {mark_ms(page, 'qin:prestart-board'):.0f} ms")
    expect(page.locator("#setup")).to_be_hidden()
    expect(page.locator("#hand")).to_have_text("Dealing…")
    board = page.locator("#board svg.qin-board")
    expect(board).to_be_visible()
    expect(board.locator("rect.sq")).not_to_have_count(0)
    assert page.locator("#board .tiles path").count() == 0  # the empty side
    assert page.locator("#side").evaluate("e => e.inert")  # nothing there acts yet
    assert page.locator("#board-area").evaluate("e => e.inert")

    booted(page, held)
    # the board's area takes clicks again from Python's first reply (prestart.js release)
    assert not page.locator("#board-area").evaluate("e => e.inert")
    play = page.locator("#play")
    expect(play).to_have_attribute("data-moves", "0")
    expect(page.locator("#players li.player")).to_have_count(3)
    expect(page.locator("#hand .tile-btn")).not_to_have_count(0)
    expect(page.locator("#import-file")).to_be_enabled()
    expect(page.locator("#learn")).to_be_enabled()
    saves = stored_saves(page)
    assert len(saves) == 1  # Start was applied once
    record = saves[0]["record"]
    assert isinstance(record, dict)
    assert (record["board"], record["players"], record["seed"]) == ("lion", 3, 7)
    assert record["names"] == ["Green", "Li", "Mei"]
    assert saves[0]["series"] is not None
    assert play_one(page) == 1  # the game goes on


def test_learn_to_play_before_python_opens_the_tutorial_when_python_arrives(
        page: Page) -> None:
    """Issue 25: "Learn to play" is not greyed out while the engine loads; the click is
    kept and carried out once, as an early Start is."""
    held = opened_without_python(page)
    learn = page.locator("#learn")
    expect(learn).to_be_enabled()
    learn.click()
    without_python(page, "learn")
    expect(page.locator("#setup")).to_be_hidden()
    expect(page.locator("#hand")).to_have_text("Opening the tutorial…")
    booted(page, held)
    expect(page.locator("#app")).to_have_attribute("data-mode", "tutorial")
    expect(page.locator("#tutorial")).to_have_attribute("data-step", "place")
    expect(page.locator("#tutorial-title")).to_be_focused()
    assert stored_saves(page) == []  # no game was started
    expect(page.locator("#hand .tile-btn")).not_to_have_count(0)  # the step's own hand


COVERED_BY_NOTE = """() => {
  const note = document.getElementById("boot").getBoundingClientRect();
  const shown = [...document.querySelectorAll("#app *")].filter((e) => e.offsetParent !== null
    && (e.matches("button, input, select, a, label, legend, h1, h2, h3, svg, small")
        || [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())));
  return shown.filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > note.top && r.top < note.bottom
      && r.right > note.left && r.left < note.right;
  }).map((e) => e.id || e.textContent.trim().slice(0, 30) || e.tagName);
}"""
"""What of the start screen the loading note lies over, where it shows now."""


SLOW_MS = 20_000
"""After how long the loading note says the load is taking longer than usual (boot.js)."""

NOTE_JS = """() => {
  const note = document.getElementById("boot"), words = document.getElementById("boot-step");
  return { height: note.getBoundingClientRect().height, text: words.textContent,
           cut: words.scrollWidth > words.clientWidth + 0.5 };
}"""
"""The loading note as the player sees it: its height, its words, and whether they are cut."""


def slow_load(page: Page, lang: str) -> None:
    """The page's clock (``page.clock``, installed before it opened) moved past
    ``SLOW_MS``: the loading note says the load is taking longer than usual, whole, in a
    row (or a corner) of the height it had."""
    before = page.evaluate(NOTE_JS)
    page.clock.fast_forward(SLOW_MS + 1000)
    slow = merged_catalogue(lang)["boot.slow"]
    expect(page.locator("#boot-step")).to_have_text(slow)
    after = page.evaluate(NOTE_JS)
    assert not after["cut"], f"{lang}: {slow!r} cut"
    assert after["height"] == before["height"], f"{lang}: {before} -> {after}"


def test_on_a_phone_the_loading_note_hides_nothing_of_the_start_screen(page: Page) -> None:
    """At the first paint (unscrolled) and scrolled to the page's end, on phones of two
    sizes, in English, German and French (and in English on a phone held sideways, a
    tablet and a laptop): the loading note lies over nothing of the start screen, and a
    tap through it would reach the page; on a slow load (past ``SLOW_MS``) it says so in
    words shown whole, its height kept."""
    page.clock.install()
    held = opened_without_python(page)
    others = ((740, 360), (768, 1024), (1024, 768), (1366, 768))
    for lang in ("en", "de", "fr"):
        page.evaluate(f"localStorage.setItem('qin-lang', '{lang}')")
        for width, height in ((360, 740), (390, 844), *(others if lang == "en" else ())):
            page.set_viewport_size({"width": width, "height": height})
            page.reload()
            without_python(page, "setup")
            expect(page.locator("html")).to_have_attribute("lang", lang)
            expect(page.locator("#boot")).to_be_visible()
            where = f"{lang} {width}x{height}"
            assert page.evaluate(COVERED_BY_NOTE) == [], f"{where}, unscrolled"
            slow_load(page, lang)
            assert page.evaluate(COVERED_BY_NOTE) == [], f"{where}, slow, unscrolled"
            page.mouse.move(width / 2, 300)
            for _ in range(12):  # to the end of the page, by the wheel as a player would
                page.mouse.wheel(0, 600)
            page.wait_for_function("() => Math.ceil(scrollY + innerHeight) >= "
                                   "document.documentElement.scrollHeight")
            assert page.evaluate(COVERED_BY_NOTE) == [], f"{where}, at the end"
    catches = page.evaluate("getComputedStyle(document.getElementById('boot')).pointerEvents")
    assert catches == "none"
    booted(page, held)


# Every layout shift of the page that no input of the player's caused, as it happens: its
# score, and whether all that moved was in the side column under the players' list.
LAYOUT_SHIFTS = """
window.qinShifts = [];
const under = (node) => Boolean(
  (node?.nodeType === 1 ? node : node?.parentElement)?.closest("#players ~ *"));
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.qinShifts.push({ value: entry.value, under: entry.sources.every((s) => under(s.node)) });
  }
}).observe({ type: "layout-shift", buffered: true });
"""

HAND_OVER_SHIFT = 0.001
"""The most the page may move when Python takes it over, as a layout-shift score (the
share of the window that moved times how far, as a share of the window's longer side):
about the whole page moving by a single pixel (1/740 on a 360x740 phone, 1/1280 on a
1280x680 window).  The hand-over used to score 0.04 on the start screen (the whole page
26 px up as the loading note went) and 0.19 after an early Start; the note's own bar
moving as the words of each loading step changed, some 0.0002 each."""

WHERE_THE_PLAYER_LOOKS = """() => Object.fromEntries(
  ["#seat-name-0", "#board-lion", "#start", "#board", "#lang", "#contrast"].map((s) => {
    const r = document.querySelector(s)?.getBoundingClientRect();
    return [s, r && r.height ? [Math.round(r.left), Math.round(r.top)] : null];
  }))"""


def reported_shifts(page: Page) -> int:
    """How many shifts are reported once what shows now is painted (a shift is reported
    after the frame that shows it)."""
    return int(page.evaluate("""() => new Promise((done) => requestAnimationFrame(
      () => requestAnimationFrame(() => setTimeout(() => done(qinShifts.length), 0))))"""))


def hand_over_shift(page: Page, held: HeldRuntime, but_the_side: bool = False,
                    since: int | None = None) -> float:
    """Let Python arrive; the layout shift of the page from then (or from the ``since``th
    shift reported) until its first screen is applied (nothing pressed meanwhile);
    ``but_the_side``: of what moved with nothing of the side column under the players'
    list among it."""
    before = reported_shifts(page) if since is None else since
    booted(page, held)
    page.wait_for_function("() => window.qinIdle")
    reported_shifts(page)
    return float(page.evaluate(f"""qinShifts.slice({before})
      .filter((s) => !({str(but_the_side).lower()} && s.under))
      .reduce((a, s) => a + s.value, 0)"""))


@pytest.mark.parametrize(("width", "height"), [(360, 740), (1280, 680), (1366, 768)])
def test_nothing_moves_when_python_takes_the_start_screen_over(
        page: Page, width: int, height: int) -> None:
    """On a phone, a small laptop window (the note a row above the header) and a laptop
    (the note in a corner): the seats, the board side and Start stay where the player
    sees them while the loading note says the game is loading, then (a slow load) that
    it takes longer than usual, and when Python takes the page over; the note lies over
    nothing meanwhile."""
    page.set_viewport_size({"width": width, "height": height})
    page.add_init_script(LAYOUT_SHIFTS)
    page.clock.install()
    held = opened_without_python(page)
    expect(page.locator("#boot-step")).to_have_text("Loading the game…")
    assert page.evaluate(COVERED_BY_NOTE) == []
    seen = page.evaluate(WHERE_THE_PLAYER_LOOKS)
    since = reported_shifts(page)
    slow_load(page, "en")
    assert page.evaluate(COVERED_BY_NOTE) == []
    shift = hand_over_shift(page, held, since=since)
    assert shift < HAND_OVER_SHIFT, f"{width}x{height}: the page moved ({shift:.4f})"
    assert page.evaluate(WHERE_THE_PLAYER_LOOKS) == seen
    expect(page.locator("#seat-kind-1")).to_be_enabled()  # Python has the page


@pytest.mark.parametrize(("width", "height"), [(360, 740), (1280, 680)])
def test_an_early_starts_board_stays_put_when_python_deals(
        page: Page, width: int, height: int) -> None:
    """Start pressed before Python: the board shows at once, from the page's top, and
    stays where it is when Python deals (the page moved up when the loading note went,
    and the board jumped when the game then showed from the page's top), the header's
    buttons too (New game shows where its room was kept).  Beside the board (a laptop),
    the hand's "Dealing…" and what follows it go down as the players are listed above it;
    under the board (a phone) nothing moves."""
    page.set_viewport_size({"width": width, "height": height})
    page.add_init_script(LAYOUT_SHIFTS)
    held = opened_without_python(page)
    page.click("#start")
    without_python(page, "board")
    expect(page.locator("#hand")).to_have_text("Dealing…")
    seen = page.evaluate(WHERE_THE_PLAYER_LOOKS)
    assert page.evaluate("scrollY") == 0
    shift = hand_over_shift(page, held, but_the_side=width > 900)
    assert shift < HAND_OVER_SHIFT, f"{width}x{height}: the page moved ({shift:.4f})"
    expect(page.locator("#hand .tile-btn")).not_to_have_count(0)
    now = page.evaluate(WHERE_THE_PLAYER_LOOKS)
    assert (now["#board"], page.evaluate("scrollY")) == (seen["#board"], 0)


def test_a_seed_in_another_scripts_digits_is_taken_before_python_as_after(page: Page) -> None:
    """One rule for the seed (Python's): decimal digits of any script; "٣" is 3.  The
    start screen before Python used to refuse it, the page's Python to accept it."""
    held = opened_without_python(page)
    page.fill("#seed", "٣")
    page.click("#start")
    without_python(page, "board")
    booted(page, held)
    expect(page.locator("#play")).to_have_attribute("data-moves", "0")
    [saved] = stored_saves(page)
    assert isinstance(saved["record"], dict) and saved["record"]["seed"] == 3


def test_an_early_start_is_judged_by_the_one_rule_when_python_arrives(page: Page) -> None:
    """Names are the same when their casefold is ("Straße", "STRASSE"); nothing judges a
    form before Python: the Start is kept, and the page's Python brings the start screen
    back with what is wrong and every field as the player left it."""
    held = opened_without_python(page)
    page.fill("#seat-name-0", "Straße")
    page.fill("#seat-name-1", "STRASSE")
    page.fill("#seed", "²")
    page.click("#start")
    without_python(page, "board")
    booted(page, held)
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#play")).to_be_hidden()
    problems = page.locator("#setup-problems")
    expect(problems).to_contain_text("The seed is a whole number from 0 to "
                                     "9223372036854775807, not '²'.")
    expect(page.locator("#seat-name-1")).to_have_value("STRASSE")
    page.fill("#seed", "")
    page.click("#start")
    expect(problems).to_have_text("Two seats have the same name.")
    assert stored_saves(page) == []


def test_a_save_too_long_for_the_page_is_not_offered_before_python(page: Page) -> None:
    """The page reads a save of at most 256 KiB (saves.MAX_TEXT); the start screen before
    Python lists only what the page's Python listed (it used to read saves up to a
    million characters itself and offer Resume on one the page then calls damaged)."""
    key, text, _ = saved_game()
    data = json.loads(text)
    data["padding"] = "x" * 300_000
    held = opened_without_python(page, {key: json.dumps(data)})
    expect(page.locator("#saved-list button[data-action=resume]")).to_have_count(0)
    booted(page, held)
    expect(page.locator("#saved-list li[data-state=damaged]")).to_have_count(1)
    expect(page.locator("#saved-list button[data-action=resume]")).to_have_count(0)


def test_the_game_left_open_is_drawn_before_python_then_goes_on(page: Page) -> None:
    key, text, game = saved_game()
    stored = python_stored({key: text, CURRENT_KEY: key.removeprefix("qin.save.")})
    for name, value in stored.items():
        page.add_init_script(f"localStorage.setItem({json.dumps(name)}, {json.dumps(value)})")
    held = HeldRuntime(page)
    page.goto("/")
    without_python(page, "board")
    expect(page.locator("#hand")).to_have_text("Dealing…")
    expect(page.locator("#board .tiles .half")).to_have_count(6)
    booted(page, held)
    expect(page.locator("#play")).to_have_attribute("data-moves", "3")


def saved_game() -> tuple[str, str, qin.Game]:
    """A game on the Lion side after 3 moves, as the page saves it: (key, text, game)."""
    game = qin.Game.new(board="lion", players=2, seed=11)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    storage = MemoryStorage()
    SaveStore(storage).create(game, {"kinds": ["human", "human"],
                                     "colours": ["green", "white"],
                                     "at_screen": game.to_move, "cover": False},
                              recorder=game.record)
    [(key, text)] = storage.data.items()
    return key, text, game


def test_resume_before_python_draws_the_saved_position(page: Page) -> None:
    key, text, game = saved_game()
    held = opened_without_python(page, python_stored({key: text}))
    item = page.locator("#saved-list li[data-state=ok]")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("3 moves")
    expect(item.locator("button[data-action=export-save]")).to_be_disabled()
    item.locator("button[data-action=resume]").click()
    without_python(page, "board")
    expect(page.locator("#hand")).to_have_text("Dealing…")
    # the three tiles placed are drawn (two halves each)
    expect(page.locator("#board .tiles .half")).to_have_count(6)

    booted(page, held)
    play = page.locator("#play")
    expect(play).to_have_attribute("data-moves", "3")
    assert len(stored_saves(page)) == 1  # resumed, not copied
    assert play_one(page) == 4
    [saved] = stored_saves(page)
    assert isinstance(saved["record"], dict)
    assert saved["record"]["moves"][:3] == [str(m) for m in game.moves]


def test_a_save_damaged_after_it_was_listed_is_shown_damaged_before_python(
        page: Page) -> None:
    """The list the page's Python left says the save was fine; its text changed since
    (damaged here): before Python the row is damaged, in Python's words, with no
    Resume; Python then says why, and the text is kept as it is."""
    key, text, _ = saved_game()
    stored = python_stored({key: text})
    damaged = text.replace('"moves": [', '"moves": [{}, ', 1)
    assert damaged != text
    stored[key] = damaged
    held = opened_without_python(page, stored)
    item = page.locator(f'#saved-list li[data-id="{key.removeprefix("qin.save.")}"]')
    expect(item).to_have_attribute("data-state", "damaged")
    expect(item).to_contain_text("Damaged save — it changed after this list was drawn")
    expect(item.locator("button[data-action=resume]")).to_have_count(0)
    booted(page, held)
    expect(item).to_have_attribute("data-state", "damaged")
    assert page.evaluate(f"localStorage.getItem({json.dumps(key)})") == damaged


def test_a_game_link_before_python_shows_its_board_then_opens(page: Page) -> None:
    game = qin.Game.new(board="lion", players=2, seed=5)
    for _ in range(4):
        game.play(game.legal_moves()[0])
    held = HeldRuntime(page)
    page.goto("/#g=" + records.to_url(game))
    without_python(page, "board")
    expect(page.locator("#hand")).to_have_text("Dealing…")
    expect(page.locator("#board svg.qin-board")).to_be_visible()
    # the link's four tiles are drawn where the engine puts them (two halves each)
    expect(page.locator("#board .tiles .half")).to_have_count(8)

    booted(page, held)
    play = page.locator("#play")
    expect(play).to_have_attribute("data-moves", "4")
    expect(page.locator("#link-note")).to_be_visible()
    assert play_one(page) == 5
    assert records.from_url(page.evaluate("location.hash")).moves[:4] == game.moves


def progress_record(*games: tuple[str, int, str]) -> str:
    return json.dumps({"format": "qin-progress/1", "games": [
        {"id": f"g{n}", "level": level, "players": players, "result": result, "ended": n}
        for n, (level, players, result) in enumerate(games)]})


def test_the_progress_table_is_on_the_start_screen_before_python(page: Page) -> None:
    text = progress_record(("governor", 2, "won"), ("governor", 2, "lost"),
                           ("emperor", 3, "shared"))
    held = opened_without_python(page, python_stored({"qin.progress": text}))
    rows = page.locator("#progress-table tbody tr")
    expect(rows).to_have_count(2)
    governor = page.locator("#progress-table tr[data-level=governor]")
    expect(governor).to_have_attribute("data-games", "2")
    expect(governor).to_have_attribute("data-wins", "1")
    expect(governor.locator(".progress-level")).to_have_text("Governor")
    expect(governor.locator("td.last")).to_have_text("W L")
    expect(page.locator("#progress-export")).to_be_disabled()  # exporting waits for Python
    # the rating against the computer and its chart (issue 27), as Python stored them
    from qin_ui import rating
    games = progress.parse(text).games
    now = round(rating.rating(games) or 0)
    shown = page.locator("#progress-table .rating")
    expect(shown).to_have_attribute("data-rating", str(now))
    expect(shown.locator(".rating-now")).to_contain_text(f"{now} (from 3 games)")
    expect(shown.locator("svg.rating-chart:visible polyline")).to_have_count(1)
    without_python(page, "setup")
    before = page.inner_html("#progress-table")

    booted(page, held)
    expect(page.locator("#progress-export")).to_be_enabled()
    assert page.inner_html("#progress-table") == before  # Python draws the same table


def test_the_lists_show_before_python_in_the_language_chosen_there(page: Page) -> None:
    """The saved games and the progress, drawn by the page's Python in English: the next
    visit, German chosen before Python, shows them in German at once (the page's Python
    stored them in each language, worded from start.json's words), as the page's Python
    then draws them; French the same."""
    storage = MemoryStorage()
    game = qin.Game.new(board="lion", players=2, seed=11)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    SaveStore(storage).create(game, {"kinds": ["human", "human"], "colours": ["orange", "white"],
                                     "at_screen": 1, "cover": False}, recorder=game.record)
    storage.set("qin.progress", progress_record(("governor", 2, "won"), ("emperor", 3, "lost")))
    for key, value in storage.data.items():
        page.add_init_script(f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)})")
    page.goto("/")
    assert wait_for_boot(page, BOOT_TIMEOUT_MS) == "ready"
    page.wait_for_function("() => window.qinIdle")
    expect(page.locator("#saved-list button[data-action=resume]")).to_have_text("Resume")
    for lang, resume, governor in (("de", "Weiterspielen", "Statthalter"),
                                   ("fr", "Reprendre", "Gouverneur")):
        held = HeldRuntime(page)
        page.evaluate("localStorage.setItem('qin-lang', 'en')")
        page.reload()
        without_python(page, "setup")
        expect(page.locator("#saved-list button[data-action=resume]")).to_have_text("Resume")
        page.select_option("#lang", lang)  # before Python
        expect(page.locator("#start")).to_have_text(merged_catalogue(lang)["setup.start"])
        expect(page.locator("#saved-list button[data-action=resume]")).to_have_text(resume)
        expect(page.locator("#saved")).to_have_attribute("data-count", "1")
        expect(page.locator("#progress-table tr[data-level=governor] .progress-level")) \
            .to_have_text(governor)
        without_python(page, "setup")
        before = (page.inner_html("#saved-list"), page.inner_html("#progress-table"))
        booted(page, held)
        page.wait_for_function("() => window.qinIdle")
        # Python draws the same lists (what waited for it, exporting and deleting, on now)
        assert (page.inner_html("#saved-list"), page.inner_html("#progress-table")) == \
            tuple(html.replace(' disabled=""', "") for html in before)


def test_the_stored_start_screen_is_read_up_to_its_length_in_characters(page: Page) -> None:
    """prestart.js reads the stored start screen up to ``MAX_START`` characters, counted
    as Python counts them (an emoji one character, not two UTF-16 units): one of exactly
    that many characters, most of them emoji, shows its progress table before Python;
    one character more shows nothing of it."""
    from qin_ui.start_screen import KEY, MAX_START

    stored = python_stored({"qin.progress": progress_record(("governor", 2, "won"))})
    head = stored[KEY][:-1] + ',"pad":"'
    emoji = MAX_START - len(head) - len('"}')
    for extra, rows in ((0, 1), (1, 0)):  # at the edge, then one character beyond it
        page.add_init_script(f"""localStorage.setItem({json.dumps(KEY)},
          {json.dumps(head)} + "\\u{{1F600}}".repeat({emoji + extra}) + '"}}')""")
        if extra == 0:
            held = opened_without_python(page, {"qin.progress": stored["qin.progress"]})
            assert page.evaluate(f"localStorage.getItem({json.dumps(KEY)}).length") > MAX_START
        else:
            page.reload()
            without_python(page, "setup")
        expect(page.locator("#progress-table tr[data-level=governor]")).to_have_count(rows)
    booted(page, held)
    expect(page.locator("#progress-table tr[data-level=governor]")).to_have_count(1)


def test_a_damaged_progress_record_waits_for_python_which_keeps_it(page: Page) -> None:
    held = opened_without_python(page, {"qin.progress": "{broken"})
    expect(page.locator("#progress-table")).to_be_empty()  # nothing drawn from it
    booted(page, held)
    expect(page.locator("#progress-message")).to_contain_text("could not be read")
    expect(page.locator("#progress-table .progress-empty")).to_be_visible()
    kept = page.evaluate("""() => Object.keys(localStorage)
      .filter((k) => k.startsWith('qin.progress.damaged.')).map((k) => localStorage[k])""")
    assert kept == ["{broken"]


def test_a_language_chosen_as_python_arrives_becomes_the_pages_language(page: Page) -> None:
    """The German catalogue is still on its way when the page's Python takes over in
    English: when it arrives, the page's Python speaks German too."""
    catalogue = HeldRuntime(page, ("**/i18n/de.json",))
    held = opened_without_python(page)
    page.select_option("#lang", "de")
    booted(page, held)
    human = page.locator("#seat-kind-0 option[value=human]")
    expect(human).to_have_text("Human")  # Python took over in English
    catalogue.release()
    expect(human).to_have_text("Mensch")
    expect(page.locator("#saved-list li.empty")).to_have_text("Noch keine gespeicherten Spiele.")
    expect(page.locator("#seat-name-0")).to_have_value("Grün")  # a colour's name follows
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#lang")).to_have_value("de")


# Every largest-contentful-paint entry of the page, with its element (what Lighthouse
# takes as the page's LCP is the last of them).
LARGEST_PAINTS = """
window.qinPaints = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.qinPaints.push(entry.element);
}).observe({ type: "largest-contentful-paint", buffered: true });
"""


def test_the_start_screen_is_painted_before_any_script_and_python_redraws_none_of_it(
        page: Page) -> None:
    """On a phone, with prestart.js and the runtime held back: the start screen is in the
    page itself and shows at the first paint; its largest paint (the page's LCP) is one
    of its elements, and it stays that element, painted once, when prestart.js and then
    the page's Python arrive (nothing of it is drawn again)."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.add_init_script(LARGEST_PAINTS)
    prestart = HeldRuntime(page, ("**/prestart.js",))
    held = HeldRuntime(page)
    page.goto("/", wait_until="commit")  # prestart.js held: no "load"
    expect(page.locator("#start")).to_have_text("Start the game")
    expect(page.locator("#seat-name-1")).to_have_value("White")  # the build wrote the seats
    expect(page.locator("#series-plan option")).to_have_count(3)
    # A paint is reported a frame after it shows, and the parser may paint a part of the
    # page (its title) before the rest: wait for the start screen's paint to be reported
    # (if it never is, the assertion below says what was painted instead).
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function("""() => document.readyState !== 'loading'
          && qinPaints.at(-1)?.closest('#setup')""")
    assert page.evaluate("() => !document.body?.dataset.prestart")  # no script showed it
    painted = page.evaluate("""() => {
      for (const el of document.querySelectorAll("#app *")) el.qinFromPage = true;
      return qinPaints.map((el) => el?.closest("#setup") ? "setup" : el?.id ?? null);
    }""")
    assert painted[-1] == "setup", painted
    prestart.release()
    without_python(page, "setup")
    booted(page, held)
    expect(page.locator("#app")).to_have_attribute("data-mode", "start")
    page.wait_for_function("() => window.qinIdle")  # every reply so far applied
    drawn_again = page.evaluate("""() => qinPaints
      .filter((el) => !el?.isConnected || !el.qinFromPage).map((el) => el?.outerHTML ?? null)""")
    assert drawn_again == []
    assert page.evaluate("() => [...document.querySelectorAll('#seats *, #series-plan *')]"
                         ".every((el) => el.qinFromPage)")


def test_a_start_pressed_before_the_start_screens_script_is_kept_for_it(page: Page) -> None:
    """Start on the start screen of the first paint, before prestart.js listens: the form
    is not sent away (the address stays), and the Start is carried out once."""
    prestart = HeldRuntime(page, ("**/prestart.js",))
    held = HeldRuntime(page)
    page.goto("/", wait_until="commit")  # prestart.js held: no "load"
    page.fill("#seed", "7")
    page.click("#start")
    prestart.release()
    without_python(page, "board")
    assert urlsplit(page.url).query == "" and urlsplit(page.url).path == "/"
    booted(page, held)
    expect(page.locator("#play")).to_have_attribute("data-moves", "0")
    [saved] = stored_saves(page)
    assert isinstance(saved["record"], dict) and saved["record"]["seed"] == 7


def test_a_page_in_another_language_shows_no_english_start_screen_first(page: Page) -> None:
    """index.html's start screen is English: a German reader sees the loading screen
    until prestart.js shows the start screen in German."""
    page.add_init_script("localStorage.setItem('qin-lang', 'de')")
    prestart = HeldRuntime(page, ("**/prestart.js",))
    HeldRuntime(page)
    page.goto("/", wait_until="commit")  # prestart.js held: no "load"
    expect(page.locator("#boot")).to_be_visible()
    page.wait_for_function("() => document.readyState !== 'loading'")
    expect(page.locator("#app")).to_be_hidden()
    prestart.release()
    without_python(page, "setup")
    expect(page.locator("#start")).to_have_text("Spiel starten")


def test_a_language_chosen_on_the_first_paint_is_the_pages_language(page: Page) -> None:
    """The language on the start screen of the first paint, chosen before prestart.js
    listens: the page then speaks it (it used to show "Deutsch" over an English page,
    and the page's Python stayed in English)."""
    prestart = HeldRuntime(page, ("**/prestart.js",))
    held = HeldRuntime(page)
    page.goto("/", wait_until="commit")  # prestart.js held: no "load"
    expect(page.locator("#lang")).to_be_enabled()
    page.select_option("#lang", "de")
    prestart.release()
    without_python(page, "setup")
    expect(page.locator("#start")).to_have_text("Spiel starten")
    expect(page.locator("#lang")).to_have_value("de")
    booted(page, held)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#seat-kind-0 option[value=human]")).to_have_text("Mensch")
    expect(page.locator("#lang")).to_have_value("de")


def test_the_seats_colour_and_player_wait_for_the_engine_from_the_first_paint(
        page: Page) -> None:
    """A seat's colour and player follow the engine's rules (a colour taken is swapped):
    they wait for it, visibly, from the first paint on, as they do once prestart.js
    shows the start screen (they used to take a choice at the first paint that the
    rules never saw: two seats could both be White)."""
    prestart = HeldRuntime(page, ("**/prestart.js",))
    held = HeldRuntime(page)
    page.goto("/", wait_until="commit")  # prestart.js held: no "load"
    expect(page.locator("#seat-name-1")).to_have_value("White")
    waiting = page.locator("#seats select")
    expect(waiting).to_have_count(4)
    for i in range(4):
        expect(waiting.nth(i)).to_be_disabled()
    expect(page.locator("#seat-name-0")).to_be_enabled()
    prestart.release()
    without_python(page, "setup")
    for i in range(4):
        expect(waiting.nth(i)).to_be_disabled()
    booted(page, held)
    for i in range(4):
        expect(waiting.nth(i)).to_be_enabled()
    page.select_option("#seat-colour-0", "white")
    expect(page.locator("#seat-colour-1")).to_have_value("green")  # the engine's swap
