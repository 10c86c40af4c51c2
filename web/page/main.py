"""The page's Python: DOM glue between the HTML in index.html and ``qin_ui``.

All game and UI logic lives in ``qin_ui`` (pure Python, unit-tested); this module only
reads the DOM (form fields, which square or tile an event hit), forwards each
interaction to one ``Session`` method and redraws the parts that method reports
changed, each with one DOM call.  Boot mechanics stay in index.html and boot.js: the
page is marked ready when this script has finished running.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import js  # type: ignore[import-not-found]

js.performance.mark("qin:main")  # bench/boot.py reads these marks: where start-up goes

import bytecode  # noqa: E402

# The bytecode compiled at an earlier visit, so the imports skip the compiler.
BYTECODE = await bytecode.restore()  # noqa: F704 - PyScript allows a top-level await
js.performance.mark("qin:bytecode")

import games_ui  # noqa: E402
from ai_client import Computers  # noqa: E402
from pyscript import document, when, window  # noqa: E402
from qin_ui import a11y, computer, i18n, keyboard, players, setup, views  # noqa: E402
from qin_ui.session import EVERYTHING, Session  # noqa: E402

try:  # Pyodide turns JavaScript's null into ``jsnull`` (not None) in new versions
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover - older Pyodide
    jsnull = None

js.performance.mark("qin:imported")


def found(value: Any) -> bool:
    """Whether a DOM lookup found something (neither None nor JavaScript's null)."""
    return value is not None and value is not jsnull


def el(element_id: str) -> Any:
    return document.getElementById(element_id)


APP = el("app")
SETUP = el("setup")
PLAY = el("play")
BOARD = el("board")
HAND = el("hand")
STATUS = el("status")
PLAYERS = el("players")
INFO = el("info")
LOG = el("log")
COVER = el("cover")
RESULT = el("result")
BOARD_AREA = el("board-area")  # role="grid": the keyboard's place (qin_ui.keyboard)
GRID = el("board-grid")  # the board as text cells, for screen readers (qin_ui.a11y)
ANNOUNCE = el("announce")  # live region: each move's events

STATE: dict[str, Any] = {
    "session": None,  # the Session on screen
    "settings": setup.Settings(),  # the start screen's current choices
    "overlay": None,  # the board's g.overlay element (found after each board redraw)
    "result_closed": False,
    "wheel_at": 0.0,
    "timer": None,
    "keys": keyboard.Keys(),  # the keyboard cursor and a touch screen's armed square
    "pointer": "mouse",  # the last pointer type on the board ("touch": tap twice)
    "focus_back": None,  # where the focus returns when a dialog closes
    "announced": 0,  # moves already announced in the live region
}


def session() -> Session | None:
    s: Session | None = STATE["session"]
    return s


# -- drawing -------------------------------------------------------------------------
def show_screen(name: str) -> None:
    SETUP.hidden = name != "setup"
    PLAY.hidden = name != "play"
    APP.dataset.screen = name
    el("back-to-game").hidden = name != "setup" or session() is None
    el("new-game").hidden = name == "setup"
    if name == "setup":
        games_ui.draw_saved()  # the saved games panel


def draw(parts: frozenset[str]) -> None:
    """Redraw the parts of the game screen that changed."""
    s = session()
    if s is None or not parts or games_ui.replaying():  # a replay owns board and log
        return
    if "board" in parts:
        BOARD.innerHTML = s.board_svg()
        overlay = BOARD.querySelector("g.overlay")
        STATE["overlay"] = overlay if found(overlay) else None
        GRID.innerHTML = a11y.grid_html(s)
    elif "overlay" in parts and STATE["overlay"] is not None:
        STATE["overlay"].innerHTML = s.overlay_svg()
    if "hand" in parts:
        HAND.innerHTML = views.hand_html(s)
        el("rotate").disabled = s.selected_kind is None
        el("pass").hidden = not s.must_pass or s.covered or not s.is_human(s.to_move)
        el("undo").disabled = not s.can_undo
        el("undo").hidden = not s.humans()  # with computers: back to the human's move
        el("show-result").hidden = not s.over
    if "players" in parts:
        PLAYERS.innerHTML = views.players_html(s)
    if "status" in parts:
        STATUS.textContent = s.status()
    if "info" in parts:
        INFO.innerHTML = views.info_html(s)
    if "log" in parts:
        LOG.innerHTML = views.log_html(s)
    if "cover" in parts:
        covered = s.covered
        COVER.hidden = not covered
        if covered and STATE["focus_back"] is None:
            STATE["focus_back"] = document.activeElement
        if covered:
            text, ok, undo = views.cover_text(s)
            el("cover-text").textContent = text
            el("cover-ok").textContent = ok
            el("cover-undo").textContent = undo
            el("cover-undo").hidden = not undo
            el("cover-ok").focus()
        else:
            _restore_focus()
    if "result" in parts:
        if s.over and not STATE["result_closed"]:
            el("result-body").innerHTML = views.result_html(s)
            game = s.game
            data = RESULT.dataset
            data.winners = " ".join(str(w) for w in game.winners)
            data.board = s.settings.board
            data.players = str(game.players)
            data.seed = str(game.seed)
            data.fairStart = "true" if s.settings.fair_start else "false"
            data.moves = " ".join(str(m) for m in game.moves)
            if RESULT.hidden:
                if STATE["focus_back"] is None:
                    STATE["focus_back"] = document.activeElement
                RESULT.hidden = False
                el("result-new").focus()
        elif not RESULT.hidden:
            RESULT.hidden = True
            _restore_focus()
    if "log" in parts and len(s.turns) != STATE["announced"]:
        STATE["announced"] = len(s.turns)
        ANNOUNCE.textContent = a11y.announcement(s)
    _show_cursor(parts)
    # A summary of the state on the game screen, for styling and for the tests.
    data = PLAY.dataset
    data.moves = str(len(s.game.moves))
    data.toMove = str(s.to_move)
    data.phase = ("over" if s.over else "cover" if s.covered else
                  "computer" if s.computer_to_move else "pass" if s.must_pass else "move")
    data.selected = s.selected_kind or ""
    data.orientation = str(s.orientation)
    games_ui.after_draw(s)  # autosave, series, link
    _schedule_computer()


def _restore_focus() -> None:
    """Give the focus back to where it was before a dialog opened."""
    back = STATE["focus_back"]
    STATE["focus_back"] = None
    inert = getattr(window, "qinUpdateInert", None)  # dialogs.js: un-inert the page now,
    if inert is not None and found(inert):  # not after this handler, or focus() fails
        inert()
    if back is not None and found(back) and back.isConnected:
        back.focus()
    elif not PLAY.hidden:
        BOARD_AREA.focus()


def _show_cursor(parts: frozenset[str]) -> None:
    """Mark the keyboard cursor's square on the board and tell the grid which cell is
    active (after a board redraw the mark is set again)."""
    cursor = STATE["keys"].cursor
    if cursor is None or not ({"board", "cursor"} & parts):
        return
    for old in BOARD.querySelectorAll("rect.sq.cursor"):
        old.classList.remove("cursor")
    rect = BOARD.querySelector(f'rect[data-square="{cursor}"]')
    if found(rect):
        rect.classList.add("cursor")
    BOARD_AREA.setAttribute("aria-activedescendant", a11y.cell_id(cursor))


def _schedule_computer() -> None:
    """Computer turns think in a worker (ai_client): never on this thread."""
    COMPUTERS.update()


COMPUTERS = Computers(session, draw)


def start_game(settings: setup.Settings, resumed: Session | None = None) -> None:
    """Start a new game (or show ``resumed``: a saved, imported or linked game)."""
    s = resumed if resumed is not None else Session(settings)
    STATE["session"] = s
    if resumed is None:
        games_ui.started(s)  # a new save (and series)
    STATE["settings"] = settings
    STATE["result_closed"] = False
    STATE["keys"] = keyboard.Keys()
    STATE["announced"] = 0
    BOARD_AREA.removeAttribute("aria-activedescendant")
    el("game-meta").textContent = views.meta_text(s)
    COMPUTERS.prepare(computer.has_computers(s))
    show_screen("play")
    draw(EVERYTHING)


# -- the start screen ----------------------------------------------------------------
def read_settings() -> setup.Settings:
    """The start screen's fields as Settings (the seed is checked by ``start``)."""
    current: setup.Settings = STATE["settings"]
    seats = []
    for i in range(current.players):
        seats.append(setup.Seat(el(f"seat-name-{i}").value,
                                el(f"seat-colour-{i}").value,
                                el(f"seat-kind-{i}").value))
    board = "lion" if el("board-lion").checked else "bird"
    return setup.Settings(tuple(seats), board, bool(el("fair-start").checked), current.seed)


def draw_seats(settings: setup.Settings) -> None:
    STATE["settings"] = settings
    el("seats").innerHTML = views.seats_html(settings)
    for n in (2, 3, 4):
        el(f"players-{n}").checked = n == settings.players


def fill_setup(settings: setup.Settings) -> None:
    draw_seats(settings)
    el("board-lion").checked = settings.board == "lion"
    el("board-bird").checked = settings.board != "lion"
    el("fair-start").checked = settings.fair_start
    el("seed").value = ""  # a new game deals afresh unless a seed is typed again
    el("setup-problems").textContent = ""


@when("change", "#player-count")
def on_player_count(event: Any) -> None:
    draw_seats(setup.with_players(read_settings(), int(event.target.value)))


@when("change", "#seats")
def on_seat_change(event: Any) -> None:
    target = event.target
    if target.id.startswith("seat-colour-"):
        index = int(target.dataset.seat)
        draw_seats(setup.with_colour(_settings_before(index), index, target.value))
    elif target.id.startswith("seat-kind-"):  # the level's description; the worker starts
        chosen = read_settings()
        draw_seats(chosen)
        el(target.id).focus()
        COMPUTERS.prepare(any(players.kind(seat.kind).level for seat in chosen.seats))


@when("change", "#watch")
def on_watch_speed(event: Any) -> None:
    COMPUTERS.set_speed(str(event.target.value))


def _settings_before(index: int) -> setup.Settings:
    """The settings with seat ``index``'s colour as it was before this change (so the
    seat that had the new colour can take the old one)."""
    fresh = read_settings()
    old = STATE["settings"].seats[index].colour
    seats = list(fresh.seats)
    seats[index] = setup.Seat(seats[index].name, old, seats[index].kind)
    return setup.Settings(tuple(seats), fresh.board, fresh.fair_start, fresh.seed)


@when("submit", "#setup-form")
def on_start(event: Any) -> None:
    event.preventDefault()
    settings = read_settings()
    problems = setup.problems(settings)
    try:
        seed = setup.parse_seed(el("seed").value)
    except ValueError as exc:
        problems.append(str(exc))
        seed = None
    if problems:
        el("setup-problems").textContent = " ".join(problems)
        return
    start_game(setup.Settings(settings.seats, settings.board, settings.fair_start, seed))


@when("click", "#back-to-game")
def on_back(event: Any) -> None:
    if session() is not None:
        show_screen("play")


@when("click", "#new-game")
def on_new_game(event: Any) -> None:
    fill_setup(STATE["settings"])
    show_screen("setup")


# -- the game screen -----------------------------------------------------------------
def _closest(event: Any, selector: str) -> Any:
    """The element matching ``selector`` that the event happened in, or None."""
    target = event.target
    if not found(target) or not hasattr(target, "closest"):
        return None
    hit = target.closest(selector)
    return hit if found(hit) else None


def _square_of(event: Any) -> str | None:
    hit = _closest(event, "[data-square]")
    return str(hit.dataset.square) if hit is not None else None


@when("pointerdown", "#board")
def on_board_pointer(event: Any) -> None:
    STATE["pointer"] = str(event.pointerType or "mouse")


@when("mouseover", "#board")
def on_board_hover(event: Any) -> None:
    s = session()
    if s is not None and STATE["pointer"] != "touch":
        draw(s.hover(_square_of(event)))


@when("mouseleave", "#board")
def on_board_leave(event: Any) -> None:
    s = session()
    if s is not None:
        draw(s.hover(None))


@when("click", "#board")
def on_board_click(event: Any) -> None:
    s = session()
    square = _square_of(event)
    if s is not None and square is not None:
        if STATE["pointer"] == "touch":  # first tap: the ghost and preview; second: place
            draw(STATE["keys"].tap(s, square))
        else:
            draw(s.click(square))


@when("contextmenu", "#board")
def on_board_right_click(event: Any) -> None:
    s = session()
    if s is not None and s.selected_kind is not None:
        event.preventDefault()
        draw(s.rotate())


@when("wheel", "#board")
def on_board_wheel(event: Any) -> None:
    s = session()
    if s is None or s.selected_kind is None:
        return
    event.preventDefault()
    now = float(event.timeStamp)
    if now - STATE["wheel_at"] < 150:  # one turn per flick of a trackpad
        return
    STATE["wheel_at"] = now
    draw(s.rotate(1 if event.deltaY > 0 else -1))


@when("click", "#hand")
def on_hand_click(event: Any) -> None:
    s = session()
    button = _closest(event, ".tile-btn")
    if s is not None and button is not None:
        draw(s.select(int(button.dataset.index)))


@when("click", "#rotate")
def on_rotate(event: Any) -> None:
    s = session()
    if s is not None:
        draw(s.rotate())


@when("click", "#pass")
def on_pass(event: Any) -> None:
    s = session()
    if s is not None:
        draw(s.pass_turn())


@when("click", "#undo")
def on_undo(event: Any) -> None:
    s = session()
    if s is not None:
        STATE["result_closed"] = False
        draw(s.undo())


@when("click", "#cover-ok")
def on_cover_ok(event: Any) -> None:
    s = session()
    if s is not None:
        draw(s.confirm())


@when("click", "#cover-undo")
def on_cover_undo(event: Any) -> None:
    s = session()
    if s is not None:
        draw(s.undo())


@when("click", "#result-close")
def on_result_close(event: Any) -> None:
    STATE["result_closed"] = True
    RESULT.hidden = True
    _restore_focus()


@when("click", "#show-result")
def on_show_result(event: Any) -> None:
    STATE["result_closed"] = False
    draw(frozenset({"result"}))


@when("click", "#result-new")
def on_result_new(event: Any) -> None:
    RESULT.hidden = True
    fill_setup(STATE["settings"])
    show_screen("setup")


@when("keydown", "body")
def on_key(event: Any) -> None:
    s = session()
    if s is None or PLAY.hidden or event.metaKey or event.altKey:
        return
    tag = str(event.target.tagName).lower() if found(event.target) else ""
    if tag in ("input", "select", "textarea"):
        return
    key = str(event.key)
    if not RESULT.hidden:  # a dialog: Escape closes it, other keys are its own
        if key == "Escape":
            on_result_close(event)
        return
    if not COVER.hidden:
        return
    on_board = found(event.target) and event.target.id == "board-area"
    done = STATE["keys"].press(s, key, shift=bool(event.shiftKey), ctrl=bool(event.ctrlKey),
                               on_board=bool(on_board))
    if done.handled:
        event.preventDefault()
    if key.lower() == "u" or (key.lower() == "z" and event.ctrlKey):
        STATE["result_closed"] = False
    draw(done.parts)
    if done.command == "log":
        LOG.focus()
    elif done.command == "board":
        BOARD_AREA.focus()
    elif done.command == "leave":
        first = HAND.querySelector("button:not([disabled])")
        (first if found(first) else el("undo")).focus()


# -- languages ------------------------------------------------------------------
async def load_language() -> None:
    """Take the catalogue boot.js fetched for the page's language (while Pyodide
    loaded): every text built here is then in that language."""
    bridge = getattr(window, "qinI18n", None)
    if not found(bridge):  # pragma: no cover - boot.js always sets it
        return
    text = await bridge.ready
    i18n.set_language(str(bridge.lang), json.loads(str(text)))
    APP.dataset.lang = i18n.language()


@when("change", "#lang")
async def on_language(event: Any) -> None:
    """The language switch: boot.js loads the catalogue and relabels the page's static
    texts; everything built here is built again.  The game itself is untouched."""
    old_names = {c: setup.colour_label(c) for c in setup.COLOURS}
    text = await window.qinI18n.use(str(event.target.value))
    i18n.set_language(str(window.qinI18n.lang), json.loads(str(text)))
    seed = el("seed").value
    draw_seats(setup.renamed(read_settings(), old_names))
    el("seed").value = seed
    el("setup-problems").textContent = ""
    games_ui.language_changed()
    s = session()
    if s is not None:
        s.notice = ""
        s.hover_state = s._hover_at(s.hover_state.square)  # noqa: SLF001
        el("game-meta").textContent = views.meta_text(s)
        if s.turns:
            ANNOUNCE.textContent = ""  # not read out again
        draw(EVERYTHING - {"cover"})  # the cover's texts below: the focus stays put
        if s.covered:
            text, ok, undo = views.cover_text(s)
            el("cover-text").textContent = text
            el("cover-ok").textContent = ok
            el("cover-undo").textContent = undo
    APP.dataset.lang = i18n.language()


# -- boot ------------------------------------------------------------------------------
await load_language()  # noqa: F704 - PyScript allows a top-level await here
STATE["settings"] = setup.Settings()  # its seats named in the page's language
fill_setup(STATE["settings"])
games_ui.install(start_game, draw, show_screen, session)
if games_ui.boot() == "setup":  # a game link, or the game left open, else the start screen
    show_screen("setup")
APP.hidden = False
js.performance.mark("qin:ready")


async def _rehearse() -> None:
    """While the start screen waits for its click, deal a game on each board once and
    draw it to strings (nothing on the page): the boards' move tables and the drawing
    code's first-use costs are then paid, and Start shows the board sooner."""
    first = STATE["settings"].board
    for board in (first, "lion" if first == "bird" else "bird"):
        await asyncio.sleep(0.3)
        if session() is not None:  # a game is on: nothing to prepare for
            return
        try:
            s = Session(setup.Settings(board=board))
            s.board_svg()
            a11y.grid_html(s)
            views.hand_html(s)
        except Exception as exc:  # noqa: BLE001 - a rehearsal never stops the page
            js.console.warn(f"warm-up skipped: {exc}")
            return


REHEARSAL = asyncio.ensure_future(_rehearse())


async def _keep_bytecode() -> None:
    """After the start screen, compile our modules for the next visit (not this one's
    first seconds: a click on Start comes first)."""
    await asyncio.sleep(1.5)
    document.body.dataset.bytecode = await bytecode.store()


document.body.dataset.bytecode = BYTECODE  # restored | none | off (e2e and bench read it)
if BYTECODE != "restored":
    KEEPING = asyncio.ensure_future(_keep_bytecode())
