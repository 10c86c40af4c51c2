"""Embedded diagrams on somebody else's page: <qin-board> and the iframe form.

A plain HTML page (e2e/fixtures/thirdparty.html) stands in for a third-party page: it
is served under /thirdparty/, a path of its own, and adds nothing but the one script
tag from our site and three <qin-board> elements. The diagrams must be drawn before
the engine is there, then step, show their events, accept a tried move, and load
everything (once) from the site that serves the script.
"""

from __future__ import annotations

import json
import re
import sys
from contextlib import suppress
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Dialog, Frame, Locator, Page, Request, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from e2e.helpers import PageProblems
from e2e.reader_langs import IDS as READER_IDS
from e2e.reader_langs import READERS, Reader, reader_context

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "thirdparty.html"
ENGINE_TIMEOUT_MS = 90_000
ALL_READY = ("(ids) => ids.every(id => document.getElementById(id)?.dataset.state"
             " === 'ready')")
IDS = ["inline", "fromfile", "tryit"]


def open_third_party(page: Page, site_url: str) -> None:
    html = FIXTURE.read_text(encoding="utf-8").replace("{{SITE}}", site_url)
    page.route("**/thirdparty/**", lambda route: route.fulfill(
        status=200, content_type="text/html; charset=utf-8", body=html))
    page.goto(site_url + "thirdparty/index.html")


def wait_ready(page: Page | Frame, ids: list[str]) -> None:
    page.wait_for_function(ALL_READY, arg=ids, timeout=ENGINE_TIMEOUT_MS)


def events(board: Locator) -> list[str]:
    return board.locator(".events li").all_inner_texts()


def pagodas(board: Locator) -> list[tuple[str, str, str]]:
    """(square, player, count) of every pagoda drawn on the board."""
    found: list[list[str]] = board.locator("svg g.pagoda").evaluate_all(
        "els => els.map(e => [e.dataset.at, e.dataset.player, e.dataset.count])")
    return sorted((a, p, c) for a, p, c in found)


def test_diagrams_are_drawn_before_the_engine_is_loaded(page: Page, site_url: str) -> None:
    """The stamp needs no Python: with the engine held back, all three boards show."""
    held: list[Route] = []
    page.route("**/embed/engine.json", lambda route: held.append(route))
    open_third_party(page, site_url)
    for board_id in IDS:
        board = page.locator(f"#{board_id}")
        expect(board).to_have_attribute("data-state", "drawn")
        expect(board.locator("svg.qin-board")).to_have_count(1)
    fromfile = page.locator("#fromfile")
    # absorb.txt: White's pagoda on a2 and Green's on e2, drawn by the stamp
    assert pagodas(fromfile) == [("a2", "2", "1"), ("e2", "1", "1")]
    expect(fromfile.locator("svg rect.sq.hl")).to_have_count(2)
    expect(fromfile.locator("svg g.coords")).to_have_count(0)  # labels="off"
    expect(page.locator("#inline svg g.coords")).to_have_count(1)
    expect(page.locator("#inline .status")).to_contain_text("Loading")
    stamped = page.locator("#inline svg.qin-board").inner_html()
    # a mark on the stamped drawing tells whether it is replaced
    page.locator("#inline svg.qin-board").evaluate("svg => { svg.dataset.probe = 'stamped'; }")
    for route in held:
        route.continue_()
    page.unroute("**/embed/engine.json")
    wait_ready(page, IDS)
    # The engine would draw the very same board before any move: the stamp stays (no
    # second parse, layout and paint of every diagram of the page).
    expect(page.locator("#inline svg.qin-board")).to_have_attribute("data-probe", "stamped")
    inline = page.locator("#inline")
    inline.locator("button.next").click()
    expect(inline).to_have_attribute("data-step", "1")
    expect(page.locator("#inline svg.qin-board")).not_to_have_attribute("data-probe", "stamped")
    inline.locator("button.start").click()
    expect(inline).to_have_attribute("data-step", "0")
    # the engine's drawing of the same position has the same squares and pieces
    engine = page.locator("#inline svg.qin-board").inner_html()
    for marker in ('data-square="a2"', 'class="half red"', 'class="village"'):
        assert marker in stamped and marker in engine


def test_three_diagrams_render_step_and_take_a_move(page: Page, site_url: str) -> None:
    requests: list[Request] = []
    page.on("request", lambda request: requests.append(request))
    open_third_party(page, site_url)
    wait_ready(page, IDS)

    # One engine for the whole page, and everything from the site of the script.
    wasm = [r for r in requests if r.url.endswith("/pyodide.asm.wasm")]
    wheels = [r for r in requests if re.search(r"/wheels/qin_board_game-[^/]+\.whl$", r.url)]
    assert len(wasm) == 1 and len(wheels) == 1, [r.url for r in requests]
    assert all(r.url.startswith(site_url) for r in requests)

    # size="260": the board is no wider than asked
    box = page.locator("#fromfile .board").bounding_box()
    assert box is not None and box["width"] <= 261

    # Step through the inline diagram's move.
    inline = page.locator("#inline")
    expect(inline.locator(".counter")).to_have_text("Before the move")
    expect(inline.locator("button.back")).to_be_disabled()
    inline.locator("button.next").click()
    expect(inline).to_have_attribute("data-step", "1")
    expect(inline.locator(".counter")).to_have_text("Move 1 of 1")
    lines = events(inline)
    assert lines[1] == "Green founds a red province of 2 (a2 b2)"
    assert lines[2] == "Green takes the empty village c2"
    assert pagodas(inline) == [("a2", "1", "1"), ("c2", "1", "1")]
    expect(inline.locator("button.next")).to_be_disabled()
    inline.locator("button.start").click()
    expect(inline).to_have_attribute("data-step", "0")
    expect(inline.locator(".events li")).to_have_count(0)
    assert pagodas(inline) == []

    # The file diagram's move: Green absorbs White's province; Green's pagoda stays on
    # e2, where it stood (now double: a major province), White's on a2 goes back.
    fromfile = page.locator("#fromfile")
    fromfile.locator("button.next").click()
    expect(fromfile).to_have_attribute("data-step", "1")
    assert pagodas(fromfile) == [("c3", "1", "1"), ("e2", "1", "2")]
    assert any("absorbs White's province" in line for line in events(fromfile))

    # Try a move by typing it: legal, then illegal.
    tryit = page.locator("#tryit")
    tryit.locator("input.move").fill("Rb2Rb3")
    tryit.locator("button.play").click()
    expect(tryit).to_have_attribute("data-played", "1")
    expect(tryit.locator(".events")).to_contain_text("Green founds a red province of 3")
    tryit.locator("input.move").fill("Ra1Ra2")
    tryit.locator("button.play").click()
    expect(tryit.locator(".status")).to_contain_text(  # a1 lies outside the outline
        "Not allowed: The tile would stick out over the top edge of the board")
    # ... in words: the reading it applies is a link named in words, not "(Q6)"
    reading = tryit.locator(".status a.reading")
    expect(reading).to_have_text("Where a tile goes")
    expect(reading).to_have_attribute("href", re.compile(r"/rules/readings-en\.html#q6$"))
    expect(tryit.locator(".status")).not_to_contain_text("(Q")
    expect(tryit).to_have_attribute("data-illegal", "true")
    assert tryit.evaluate("el => el.tried.length") == 1  # the refused move was not kept

    # Try a move by clicking: a yellow tile on d3 and d4 founds and takes the village.
    tryit.locator("button.reset").click()
    expect(tryit).to_have_attribute("data-played", "0")
    tryit.locator('button.kind[data-kind="YY"]').click()
    tryit.locator('svg rect.sq[data-square="d3"]').click()
    expect(tryit.locator(".status")).to_contain_text("First half on d3")
    tryit.locator('svg rect.sq[data-square="d4"]').hover()
    expect(tryit.locator("svg g.overlay g.ghost")).to_have_count(1)
    expect(tryit.locator(".status")).to_contain_text("Yd3Yd4")
    tryit.locator('svg rect.sq[data-square="d4"]').click()
    expect(tryit).to_have_attribute("data-played", "1")
    expect(tryit.locator(".events")).to_contain_text("Green takes the empty village e3")
    state = tryit.evaluate("el => el.engineState")
    assert state["villages"] == {"e3": 1}
    assert state["provinces"] == [{"colour": "Y", "owner": 1, "pagodas": 1,
                                   "squares": ["c3", "d3", "d4"]}]


def test_the_iframe_form(page: Page, site_url: str) -> None:
    position = "players: 2\n. . . .\nr . v .\n. . . ."
    fragment = "&".join(f"{k}={quote(v)}" for k, v in (
        ("position", position), ("move", "Rb2Yb1"), ("caption", "An iframe diagram"),
        ("id", "one"), ("lang", "de")))
    host = f"""<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
      <title>iframe host</title></head><body>
      <iframe id="frame" style="width: 400px; height: 420px; border: 0"
        src="{site_url}embed/embed.html#{fragment}"></iframe></body></html>"""
    page.route("**/thirdparty/**", lambda route: route.fulfill(
        status=200, content_type="text/html; charset=utf-8", body=host))
    page.add_init_script(
        "window.sizes = []; addEventListener('message', e => window.sizes.push(e.data))")
    page.goto(site_url + "thirdparty/iframe.html")
    frame = page.frame_locator("#frame")
    board = frame.locator("qin-board")
    expect(board).to_have_attribute("data-state", "ready", timeout=ENGINE_TIMEOUT_MS)
    expect(board.locator("figcaption")).to_have_text("An iframe diagram")
    expect(board.locator(".counter")).to_have_text("Vor dem Zug")
    board.locator("button.next").click()
    expect(board).to_have_attribute("data-step", "1")
    expect(board.locator(".events")).to_contain_text("Grün gründet eine rote Provinz aus 2 Feldern")
    expect(board.locator(".events")).to_contain_text("Grün nimmt das leere Dorf c2")
    # the iframe tells its host how tall it is
    page.wait_for_function("() => window.sizes.some(m => m.type === 'qin-board-size'"
                           " && m.id === 'one' && m.height > 100)")


def test_a_broken_position_says_so(page: Page, site_url: str) -> None:
    html = """<!doctype html><html lang="en"><head><meta charset="utf-8">
      <link rel="icon" href="data:,"><title>broken</title>
      <script type="module" src="{site}embed/qin-board.js"></script></head><body>
      <qin-board id="bad" position="players: 2\n. . .\n. x"></qin-board></body></html>
    """.replace("{site}", site_url)
    page.route("**/thirdparty/**", lambda route: route.fulfill(
        status=200, content_type="text/html; charset=utf-8", body=html))
    page.goto(site_url + "thirdparty/broken.html")
    bad = page.locator("#bad")
    expect(bad).to_have_attribute("data-state", "error")
    expect(bad.locator(".status")).to_contain_text("line")


LONG = "q" * 1234
"""A square of a position too long to be shown whole: cut, and its length said."""


@pytest.mark.parametrize(("lang", "row", "lone", "long"), [
    ("de", "Dieses Diagramm hat eine ungültige Stellung: Zeile 3, Spalte 3: diese Reihe "
           "(„. x“) hat 2 Felder, die erste Reihe aber 3",
     "Zeile 4, Spalte 3: „y2“ auf b3 ist ein einzelnes Feld",
     "Zeile 3, Spalte 1: „" + LONG[:60] + "…“ (1.234 Zeichen)"),
    ("fr", "Ce diagramme a une position invalide\u00a0: ligne 3, colonne 3\u00a0: cette rangée "
           "(«\u00a0. x\u00a0») a 2 cases",
     "ligne 4, colonne 3\u00a0: «\u00a0y2\u00a0» en b3 est une case isolée",
     "ligne 3, colonne 1\u00a0: «\u00a0" + LONG[:60] + "…\u00a0» (1\u202f234\u00a0caractères)"),
])
def test_a_broken_position_is_said_in_the_readers_language(
        page: Page, site_url: str, lang: str, row: str, lone: str, long: str) -> None:
    """A bad row and a square too long to show whole (refused before Python, by the
    diagram's own reading) and a lone square with an owner (refused by the engine) are
    said in the page's language, naming the offending text as that language quotes it
    (and the length of a cut one as it groups thousands). A refused diagram keeps its
    caption, and shows no board of the refused position and no controls: its moves
    cannot be stepped through, nor any tried."""
    html = f"""<!doctype html><html lang="{lang}"><head><meta charset="utf-8">
      <link rel="icon" href="data:,"><title>broken</title>
      <script type="module" src="{site_url}embed/qin-board.js"></script></head><body>
      <qin-board id="row" position="players: 2\n. . .\n. x" move="Ra1Ya2,pass"
                 caption="Eine Reihe zu kurz"></qin-board>
      <qin-board id="lone" position="players: 2\n. . .\n. . .\n. y2 ." move="Ra1Ya2"
                 caption="Un carré seul" interactive></qin-board>
      <qin-board id="long" position="players: 2\n. . .\n{LONG} . ."></qin-board>
      </body></html>"""
    page.route("**/thirdparty/**", lambda route: route.fulfill(
        status=200, content_type="text/html; charset=utf-8", body=html))
    page.goto(site_url + "thirdparty/broken.html")
    for board_id, words in (("row", row), ("lone", lone), ("long", long)):
        board = page.locator(f"#{board_id}")
        expect(board).to_have_attribute("data-state", "error", timeout=60_000)
        expect(board.locator(".status")).to_contain_text(words)
        status = board.locator(".status").inner_text()
        assert "line" not in status and "column" not in status, status
    for board_id, caption in (("row", "Eine Reihe zu kurz"), ("lone", "Un carré seul")):
        board = page.locator(f"#{board_id}")
        expect(board.locator("figcaption")).to_be_visible()
        expect(board.locator("figcaption")).to_have_text(caption)
        expect(board.locator(".bar:visible")).to_have_count(0)  # no steps, no try bar
        expect(board.locator("button:visible, input:visible")).to_have_count(0)
        expect(board.locator(".board svg")).to_have_count(0)


def test_an_engine_that_cannot_load_leaves_the_drawing_and_says_why(
        page: Page, site_url: str, page_problems: PageProblems) -> None:
    page.route("**/wheels/*.whl", lambda route: route.fulfill(status=404, body="gone"))
    open_third_party(page, site_url)
    for board_id in IDS:
        board = page.locator(f"#{board_id}")
        expect(board).to_have_attribute("data-state", "error", timeout=ENGINE_TIMEOUT_MS)
        expect(board.locator("svg.qin-board")).to_have_count(1)  # the stamp stays
        expect(board.locator(".status")).to_contain_text("could not be loaded")
    assert not page_problems.foreign_requests
    page_problems.forgive(page)  # the failure was provoked



def test_an_engine_that_fails_without_a_message_says_so_in_a_whole_sentence(
        page: Page, site_url: str, page_problems: PageProblems) -> None:
    """The browser's error of an engine that cannot load may say nothing (an exception
    with an empty message): the diagram then says the catalogue's sentence without the
    detail, as the engine's words say an empty detail (``qin.messages.text``), in the
    reader's language: never "...could not be loaded: " with nothing after the colon."""
    from qin import messages
    from tools.build_site import merged_catalogue

    def config(route: Route) -> None:
        conf = route.fetch().json()
        conf["pyscript"] = "engine-that-fails.mjs"
        route.fulfill(json=conf)

    page.route("**/embed/engine.json", config)
    page.route("**/embed/engine-that-fails.mjs", lambda route: route.fulfill(
        status=200, content_type="text/javascript", body='throw new Error("");'))
    position = SMALL.replace('"', "&quot;")
    third_party(page, site_url, "".join(
        f'<qin-board id="{lang}" lang="{lang}" position="{position}"></qin-board>'
        for lang in ("en", "de", "fr")))
    for lang in ("en", "de", "fr"):
        board = page.locator(f"#{lang}")
        expect(board).to_have_attribute("data-state", "error", timeout=ENGINE_TIMEOUT_MS)
        said = messages.text(merged_catalogue(lang), "ui.engine_failed", error="")
        assert said and not said.endswith(":")
        expect(board.locator(".status")).to_have_text(said)
        expect(board.locator("svg.qin-board")).to_have_count(1)  # the stamp stays
    page_problems.forgive(page)  # the failure was provoked

def test_a_diagram_whose_words_cannot_load_still_draws_its_board(
        page: Page, site_url: str, page_problems: PageProblems) -> None:
    """A diagram's catalogue that cannot be loaded leaves no words of its language: it
    still draws its board, named in English, and says in English (the sentences the
    build wrote into the script from the English catalogue) that its words could not be
    loaded, never a catalogue's key; nothing to step through or try without words."""
    from qin import messages
    from tools.build_site import merged_catalogue

    page.route("**/i18n/de.json", lambda route: route.fulfill(status=404, body="gone"))
    third_party(page, site_url, f'<qin-board id="de" lang="de" position="{SMALL}" '
                                'move="Ra3Rb3" interactive></qin-board>')
    board = page.locator("#de")
    expect(board).to_have_attribute("data-state", "error", timeout=ENGINE_TIMEOUT_MS)
    expect(board.locator(".board svg.qin-board")).to_have_count(1)
    english = merged_catalogue("en")
    expect(board.locator(".board svg.qin-board")).to_have_attribute(
        "aria-label", english["ui.diagram"])
    sentence = messages.text(english, "ui.words_failed", error="")
    expect(board.locator(".status")).to_contain_text(sentence)
    expect(board.locator(".status")).to_contain_text("i18n/de.json")  # what failed
    expect(board.locator(".bar:visible")).to_have_count(0)
    shown = board.evaluate(SHOWN_WORDS)
    assert not [w for w in shown if "ui." in w], shown
    page_problems.forgive(page)  # the failure was provoked


SHOWN_WORDS = """el => {
  const all = [...el.shadowRoot.querySelectorAll('*')];
  return [el.shadowRoot.textContent, ...all.flatMap(e => [...e.attributes]
      .filter(a => ['title', 'aria-label', 'placeholder', 'alt'].includes(a.name))
      .map(a => a.value))];
}"""


def preview_said(lang: str, move: str) -> str:
    """The status line of a hover preview of ``move`` on SMALL, as the engine says it in
    ``lang`` with the site's catalogue (a refusal: its reading's link after it)."""
    from qin import messages
    from tools.build_site import merged_catalogue

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "embed"))
    import qin_embed

    words = merged_catalogue(lang)
    answer = json.loads(qin_embed.handle(json.dumps(
        {"op": "preview", "position": SMALL, "lang": lang, "messages": words, "move": move})))
    if answer["ok"]:
        return f"{move}: {words['ui.would']} {'; '.join(answer['events'][1:])}"
    said = messages.text(words, "ui.illegal", reason=answer["reason"])
    return f"{said} {answer['reading']['title']}" if answer.get("reading") else said


def test_two_diagrams_in_two_languages_keep_their_own_words(page: Page, site_url: str) -> None:
    """Two diagrams of one page, in German and in English, share the engine: each hover
    preview is said in its diagram's language, whichever the other asked for before."""
    third_party(page, site_url,
                f'<qin-board id="de" lang="de" position="{SMALL}" interactive></qin-board>'
                f'<qin-board id="en" lang="en" position="{SMALL}" interactive></qin-board>')
    wait_ready(page, ["de", "en"])
    for board_id in ("de", "en"):
        board = page.locator(f"#{board_id}")
        board.locator('button.kind[data-kind="RR"]').click()
        board.locator('svg rect.sq[data-square="a3"]').click()
    for board_id, square, move in (("de", "b3", "Ra3Rb3"), ("en", "b3", "Ra3Rb3"),
                                   ("de", "a2", "Ra3Ra2"), ("en", "a2", "Ra3Ra2"),
                                   ("de", "b3", "Ra3Rb3")):
        board = page.locator(f"#{board_id}")
        board.locator(f'svg rect.sq[data-square="{square}"]').hover()
        expect(board.locator(".status")).to_have_text(preview_said(board_id, move))


WORKER_BEFORE_KEPT_WORDS = """

# The worker of the site before it kept a language's words: each request is said in the
# words it carries, else in the engine's alone, and no answer says its words are kept.
def words_of(req):
    messages = _messages(str(req.get("lang", "en")), req.get("messages"))
    return Words(messages, colour_letters(messages))


_handle_now = handle


def handle(request):
    answer = json.loads(_handle_now(request))
    answer.pop("words", None)
    return json.dumps(answer)
"""


def test_a_worker_of_another_version_of_the_site_still_gets_the_words(
        page: Page, site_url: str) -> None:
    """A page and a diagram worker of two versions of the site (a host or a cache serving
    the new script and the worker of before): the worker does not say it keeps the words,
    so every request carries them, and each hover is said in the diagram's language with
    its reading's title (never a catalogue's key)."""
    def worker(route: Route) -> None:
        route.fulfill(status=200, content_type="text/x-python; charset=utf-8",
                      body=route.fetch().text() + WORKER_BEFORE_KEPT_WORDS)

    page.route("**/embed/qin_embed.py", worker)
    third_party(page, site_url,
                f'<qin-board id="de" lang="de" position="{SMALL}" interactive></qin-board>')
    wait_ready(page, ["de"])
    board = page.locator("#de")
    board.locator('button.kind[data-kind="RR"]').click()
    board.locator('svg rect.sq[data-square="a3"]').click()
    for square, move in (("a2", "Ra3Ra2"), ("b3", "Ra3Rb3"), ("a2", "Ra3Ra2")):
        board.locator(f'svg rect.sq[data-square="{square}"]').hover()
        expect(board.locator(".status")).to_have_text(preview_said("de", move))


WORKER_REFUSING_WORDS_AGAIN = """

# A worker that refuses a language's words sent again while it holds them.
_handle_now = handle


def handle(request):
    req = json.loads(request)
    if "messages" in req and str(req.get("lang")) in _KEPT:
        return json.dumps({"error": "words sent again for " + str(req.get("lang"))})
    return _handle_now(request)
"""


def test_a_languages_words_cross_into_the_worker_once(page: Page, site_url: str) -> None:
    """Two diagrams of one language, each drawn, stepped and hovered: the worker that
    keeps the words is sent them once (each request after says they are kept)."""
    def worker(route: Route) -> None:
        route.fulfill(status=200, content_type="text/x-python; charset=utf-8",
                      body=route.fetch().text() + WORKER_REFUSING_WORDS_AGAIN)

    page.route("**/embed/qin_embed.py", worker)
    third_party(page, site_url,
                f'<qin-board id="one" lang="de" position="{SMALL}" interactive></qin-board>'
                f'<qin-board id="two" lang="de" position="{SMALL}" move="Ra3Rb3">'
                '</qin-board>')
    wait_ready(page, ["one", "two"])
    two = page.locator("#two")
    two.locator("button.next").click()
    expect(two).to_have_attribute("data-step", "1")
    board = page.locator("#one")
    board.locator('button.kind[data-kind="RR"]').click()
    board.locator('svg rect.sq[data-square="a3"]').click()
    for square, move in (("a2", "Ra3Ra2"), ("b3", "Ra3Rb3")):
        board.locator(f'svg rect.sq[data-square="{square}"]').hover()
        expect(board.locator(".status")).to_have_text(preview_said("de", move))
    expect(page.locator("qin-board[data-state=error]")).to_have_count(0)


def test_a_position_changed_while_the_diagram_loads_is_the_one_drawn(
        page: Page, site_url: str) -> None:
    """A page's script that gives a diagram another position while it is still loading
    (its position read, the board's parts not yet come): the board drawn, stamped and
    then by the engine, is the new position's, not the one read before."""
    held: list[Route] = []
    page.route("**/embed/board-parts.json", lambda route: held.append(route))
    with page.expect_request("**/embed/board-parts.json"):
        third_party(page, site_url, f'<qin-board id="late" position="{SMALL}"></qin-board>')
    board = page.locator("#late")
    expect(board).to_have_attribute("data-state", "loading")
    board.evaluate("(el, text) => el.setAttribute('position', text)",
                   "players: 2\n. . . .\n. . v r\n. . . .")
    for route in held:
        route.continue_()
    page.unroute("**/embed/board-parts.json")
    expect(board).to_have_attribute("data-state", re.compile("drawn|ready"))
    expect(board.locator("svg g.village")).to_have_attribute("data-at", "c2")
    expect(board.locator("svg path.half.red")).to_have_attribute("data-at", "d2")
    wait_ready(page, ["late"])
    expect(board.locator("svg g.village")).to_have_attribute("data-at", "c2")
    expect(board.locator("svg path.half.red")).to_have_attribute("data-at", "d2")


# -- hostile and careless diagram authors ----------------------------------------------
HOSTILE_COLOUR = 'x"/><img/src/onerror=alert(document.domain)>'
SMALL = "players: 2\n. . . .\nr . v .\n. . . ."
INJECTED = """el => {
  const root = el.shadowRoot || el;
  const all = [...root.querySelectorAll('*')];
  return all.filter(e => ['img', 'script', 'iframe', 'foreignobject', 'object', 'embed']
      .includes(e.localName) || [...e.attributes].some(a => /^on/i.test(a.name)))
    .map(e => e.outerHTML.slice(0, 80));
}"""


def third_party(page: Page, site_url: str, body: str) -> None:
    """A page of another author (no policy of its own) with ``body`` and our script."""
    html = f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
      <link rel="icon" href="data:,"><title>another author</title>
      <script type="module" src="{site_url}embed/qin-board.js"></script></head>
      <body>{body}</body></html>"""
    page.route("**/thirdparty/**", lambda route: route.fulfill(
        status=200, content_type="text/html; charset=utf-8", body=html))
    page.goto(site_url + "thirdparty/author.html")


def test_a_hostile_colour_attribute_draws_nothing_and_says_why(
        page: Page, site_url: str) -> None:
    dialogs: list[str] = []

    def dismissed(d: Dialog) -> None:
        dialogs.append(d.message)
        d.dismiss()

    page.on("dialog", dismissed)
    position = SMALL.replace('"', "&quot;")
    third_party(page, site_url, f"""
      <qin-board id="bad" position="{position}" move="Rb2Yb1"
                 colours='{HOSTILE_COLOUR}'></qin-board>
      <qin-board id="good" position="players: 2
. . . .
r1 r v2 .
. . . ."
                 colours="purple #12ab34"></qin-board>""")
    bad = page.locator("#bad")
    expect(bad).to_have_attribute("data-state", "error")
    expect(bad.locator(".status")).to_contain_text("is not a player colour")
    expect(bad.locator(".status")).to_contain_text("#rrggbb")
    # the engine, once loaded for the good diagram, draws nothing into the bad one
    wait_ready(page, ["good"])
    good = page.locator("#good svg.qin-board").inner_html()
    assert 'fill="#8a4bb3"' in good and 'fill="#12ab34"' in good  # palette name and hex
    expect(bad).to_have_attribute("data-state", "error")
    assert bad.evaluate(INJECTED) == []
    assert page.locator("#good").evaluate(INJECTED) == []
    assert dialogs == []


def test_a_hostile_colour_in_the_iframe_fragment_draws_nothing(
        page: Page, site_url: str) -> None:
    dialogs: list[str] = []

    def dismissed(d: Dialog) -> None:
        dialogs.append(d.message)
        d.dismiss()

    page.on("dialog", dismissed)
    fragment = "&".join(f"{k}={quote(v)}" for k, v in (
        ("position", SMALL), ("move", "Rb2Yb1"), ("colours", f"green {HOSTILE_COLOUR}"),
        ("lang", "fr")))
    page.goto(f"{site_url}embed/embed.html#{fragment}")
    board = page.locator("qin-board")
    expect(board).to_have_attribute("data-state", "error")
    expect(board.locator(".status")).to_contain_text("n’est pas une couleur de joueur")
    expect(board.locator("svg.qin-board")).to_have_count(0)  # (the buttons' icons are SVG)
    assert board.evaluate(INJECTED) == []
    assert page.evaluate(f"() => ({INJECTED})(document.body)") == []
    assert dialogs == []


LONE_SURROGATE = r"/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/"
"""A UTF-16 unit of half a character (what a cut between an emoji's two units leaves)."""


def test_a_long_bad_colour_and_step_are_cut_in_characters_and_counted(
        page: Page, site_url: str) -> None:
    """A hostile author's very long colour and step, with an emoji and a CJK character
    where the diagram cuts them: the error shows the first characters whole (never half
    an emoji) and says the whole length, as the engine says a bad value, in the page's
    language; on a phone its words wrap within the page (a word of 40 letters too)."""
    page.set_viewport_size({"width": 360, "height": 740})
    colour = "a" * 39 + "\U0001f600" * 2000
    step = "\U0001f600" * 19 + "\u4e2d" * 5000
    position = SMALL.replace('"', "&quot;")
    third_party(page, site_url, f"""
      <qin-board id="colour" lang="de" position="{position}" colours="{colour}"></qin-board>
      <qin-board id="step" position="{position}" move="Rb2Yb1" step="{step}"></qin-board>""")
    for board_id, said in (
            ("colour", "„" + "a" * 39 + "\U0001f600…“ (2.039 Zeichen)"),
            ("step", "'" + "\U0001f600" * 19 + "\u4e2d…' (5,019 characters)")):
        board = page.locator(f"#{board_id}")
        expect(board).to_have_attribute("data-state", "error")
        status = board.locator(".status")
        expect(status).to_contain_text(said)
        assert not status.evaluate(f"el => {LONE_SURROGATE}.test(el.textContent)")
        assert len(status.inner_text()) < 300
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_long_caption_and_name_wrap_within_a_phone_page(page: Page, site_url: str) -> None:
    """An author's caption holding a web address and a player's name longer than a
    phone's width: the caption (drawn before the engine) and the move's events (after it)
    wrap within the page, which never scrolls sideways."""
    page.set_viewport_size({"width": 360, "height": 740})
    address = "https://example.org/" + "diagrams/" * 5 + "founding_next_to_a_village"
    name = "Grossmutter" * 4
    position = SMALL.replace('"', "&quot;")
    third_party(page, site_url, f"""
      <qin-board id="long" position="{position}" move="Rb2Yb1" step="1"
                 names="{name}" caption="See {address}"></qin-board>""")
    board = page.locator("#long")
    expect(board.locator("figcaption")).to_contain_text(address)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    wait_ready(page, ["long"])
    expect(board.locator(".events li").first).to_contain_text(name)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_step_that_is_not_a_number_is_the_diagrams_error(page: Page, site_url: str) -> None:
    fragment = f"position={quote(SMALL)}&move=Rb2Yb1&step=abc"
    page.goto(f"{site_url}embed/embed.html#{fragment}")
    board = page.locator("qin-board")
    expect(board).to_have_attribute("data-state", "error")
    expect(board.locator(".status")).to_contain_text("step 'abc' is not a number from 0 to 1")
    assert "NaN" not in board.evaluate("el => el.shadowRoot.textContent")


def test_a_huge_position_is_refused_at_once_as_the_diagrams_error(
        page: Page, site_url: str) -> None:
    rows = "\n".join([". . . ."] * 5000)
    third_party(page, site_url,
                f'<qin-board id="huge" position="players: 2\n{rows}"></qin-board>')
    huge = page.locator("#huge")
    expect(huge).to_have_attribute("data-state", "error", timeout=5_000)
    expect(huge.locator(".status")).to_contain_text(
        "This diagram is too large to draw: at most 26 columns, 99 rows")
    expect(huge.locator(".status")).not_to_contain_text("engine")
    expect(huge.locator("svg.qin-board")).to_have_count(0)


# -- a page that changes a diagram's language ------------------------------------------
SAME_WORDS = f"""([one, other]) => {{
  const shown = {SHOWN_WORDS};
  const [a, b] = [one, other].map(id => document.getElementById(id));
  return a.dataset.state === b.dataset.state && a.dataset.state !== 'loading' &&
    JSON.stringify(shown(a)) === JSON.stringify(shown(b));
}}"""
ANOTHER_LANGUAGE = f'position="{SMALL}" move="Ra3Rb3,Yc1Yd1" step="2" interactive'
"""A diagram with words of every kind: its board's name, its steps, its last move's
events, the refusal of its second move (the reading's link after it) and the tiles to
try."""


def says_as(page: Page, switched: str, fresh: str) -> None:
    """The diagram ``switched`` shows the same words as ``fresh``, one drawn in its
    language from the start, once it has drawn them."""
    with suppress(PlaywrightTimeout):  # the assertion below shows the difference
        page.wait_for_function(SAME_WORDS, arg=[switched, fresh], timeout=ENGINE_TIMEOUT_MS)
    words = [page.locator(f"#{i}").evaluate(SHOWN_WORDS) for i in (switched, fresh)]
    assert words[0] == words[1]


def test_a_diagram_whose_lang_changes_is_said_in_the_new_language(
        page: Page, site_url: str) -> None:
    """A page's language switcher sets a live diagram's lang: its board, its buttons, its
    events and its refusal are said in the new language as a diagram drawn in it from
    the start says them, no word of the language before left; a language the site has
    no words for falls back as a first drawing does (to the browser's English here)."""
    third_party(page, site_url, "".join(
        f'<qin-board id="{i}" lang="{lang}" {ANOTHER_LANGUAGE}></qin-board>'
        for i, lang in (("switched", "en"), ("de", "de"), ("es", "es"))))
    wait_ready(page, ["switched", "de", "es"])
    switched = page.locator("#switched")
    assert switched.evaluate(SHOWN_WORDS) != page.locator("#de").evaluate(SHOWN_WORDS)
    for lang, fresh, said in (("de", "de", "de"), ("es", "es", "en")):
        switched.evaluate("(el, lang) => el.setAttribute('lang', lang)", lang)
        says_as(page, "switched", fresh)
        expect(switched.locator("figure")).to_have_attribute("lang", said)
        expect(switched).to_have_attribute("lang", lang)  # the page's own attribute kept


def test_the_last_lang_given_wins_over_words_still_coming(page: Page, site_url: str) -> None:
    """A diagram given German, whose words are still on their way, then French: it is
    said in French, and stays so when the German words come after all; until French
    words are there it stays wholly in its English."""
    held: list[Route] = []
    page.route("**/i18n/de.json", lambda route: held.append(route))
    third_party(page, site_url, "".join(
        f'<qin-board id="{i}" lang="{lang}" {ANOTHER_LANGUAGE}></qin-board>'
        for i, lang in (("switched", "en"), ("en", "en"), ("fr", "fr"))))
    wait_ready(page, ["switched", "en", "fr"])
    switched = page.locator("#switched")
    switched.evaluate("""el => { el.toMove = [];
      el.addEventListener('qin-board-update', e => el.toMove.push(e.detail.to_move)) }""")
    with page.expect_request("**/i18n/de.json"):
        switched.evaluate("el => el.setAttribute('lang', 'de')")
    says_as(page, "switched", "en")  # nothing German yet, nothing else either
    switched.evaluate("el => el.setAttribute('lang', 'fr')")
    says_as(page, "switched", "fr")
    for route in held:
        route.continue_()
    page.unroute("**/i18n/de.json")
    page.wait_for_function("""() => performance.getEntriesByType('resource')
        .some(e => e.name.endsWith('/i18n/de.json') && e.responseEnd > 0)""")
    for board in ("switched", "fr"):  # a request after the German words came
        page.locator(f"#{board} button.back").click()
        expect(page.locator(f"#{board}")).to_have_attribute("data-step", "1")
    says_as(page, "switched", "fr")
    french = page.locator("#fr").evaluate("el => el.answer.to_move")
    assert set(switched.evaluate("el => el.toMove")) == {french}


# Counts the observers of a page that watch its elements' lang, before our script loads.
COUNT_LANG_WATCHERS = """(() => {
  window.langWatchers = 0;
  const observe = MutationObserver.prototype.observe;
  MutationObserver.prototype.observe = function (target, options) {
    if (options?.attributeFilter?.includes('lang')) window.langWatchers++;
    return observe.call(this, target, options);
  };
})()"""


def test_a_diagram_without_its_own_lang_follows_its_page(page: Page, site_url: str) -> None:
    """A rules site whose language switcher sets <html lang>: a diagram without a lang of
    its own is said again in the page's new language, as one drawn in it from the start
    (a language the site has no words for falls back as a first drawing does, to the
    browser's English here); a diagram with its own French is left as it was, not even
    drawn again; one watcher of the page serves every diagram."""
    page.add_init_script(COUNT_LANG_WATCHERS)
    third_party(page, site_url, "".join(
        f'<qin-board id="{i}" {lang} {ANOTHER_LANGUAGE}></qin-board>'
        for i, lang in (("host", ""), ("fr", 'lang="fr"'), ("de", 'lang="de"'),
                        ("en", 'lang="en"'))))
    wait_ready(page, ["host", "fr", "de", "en"])
    host, french = page.locator("#host"), page.locator("#fr")
    says_as(page, "host", "en")
    french_words = french.evaluate(SHOWN_WORDS)
    french.evaluate("""el => { el.updates = 0;
      el.addEventListener('qin-board-update', () => el.updates++) }""")
    for lang, fresh in (("de", "de"), ("es", "en")):
        page.evaluate("lang => { document.documentElement.lang = lang }", lang)
        says_as(page, "host", fresh)
        expect(host.locator("figure")).to_have_attribute("lang", fresh)
        assert host.get_attribute("lang") is None  # nothing written on the page's element
    expect(french.locator("figure")).to_have_attribute("lang", "fr")
    assert french.evaluate(SHOWN_WORDS) == french_words
    assert french.evaluate("el => el.updates") == 0
    assert page.evaluate("window.langWatchers") == 1


@pytest.mark.parametrize("reader", READERS, ids=READER_IDS)
def test_a_diagram_reads_the_browser_s_language_as_every_page_does(
        browser: Browser, site_url: str, reader: Reader) -> None:
    """A diagram on a page that names no language speaks the browser's first language
    the site speaks, read by the same rule as the game page and the rules' index
    (e2e/reader_langs.py); a choice kept by the site's own pages is not the diagram's."""
    context = reader_context(browser, site_url, reader)
    try:
        context.route("**/*.wasm", lambda route: route.abort())  # drawn before the engine
        page = context.new_page()
        html = f"""<!doctype html><html><head><meta charset="utf-8">
          <link rel="icon" href="data:,"><title>no language named</title>
          <script type="module" src="{site_url}embed/qin-board.js"></script></head>
          <body><qin-board id="board" position="{SMALL}"></qin-board></body></html>"""
        page.route("**/thirdparty/**", lambda route: route.fulfill(
            status=200, content_type="text/html; charset=utf-8", body=html))
        page.goto(site_url + "thirdparty/reader.html")
        expect(page.locator("#board figure")).to_have_attribute("lang", reader.diagram)
    finally:
        context.close()
