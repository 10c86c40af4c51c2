"""The page's Python: DOM glue between the HTML in index.html and ``qin_ui``.

All game and UI logic lives in ``qin_ui`` (pure Python, unit-tested); this module only
reads the DOM (form fields, which square or tile an event hit), forwards each
interaction to one ``Session`` method and redraws the parts that method reports
changed, each with one DOM call.  Boot mechanics stay in index.html and boot.js: the
page is marked ready when this script has finished running.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, when, window
from pyscript.ffi import create_proxy
from qin_ui import setup, views
from qin_ui.session import EVERYTHING, Session

import qin

try:  # Pyodide turns JavaScript's null into ``jsnull`` (not None) in new versions
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover - older Pyodide
    jsnull = None


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

STATE: dict[str, Any] = {
    "session": None,  # the Session on screen
    "settings": setup.Settings(),  # the start screen's current choices
    "overlay": None,  # the board's g.overlay element (found after each board redraw)
    "result_closed": False,
    "wheel_at": 0.0,
    "timer": None,
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


def draw(parts: frozenset[str]) -> None:
    """Redraw the parts of the game screen that changed."""
    s = session()
    if s is None or not parts:
        return
    if "board" in parts:
        BOARD.innerHTML = s.board_svg()
        overlay = BOARD.querySelector("g.overlay")
        STATE["overlay"] = overlay if found(overlay) else None
    elif "overlay" in parts and STATE["overlay"] is not None:
        STATE["overlay"].innerHTML = s.overlay_svg()
    if "hand" in parts:
        HAND.innerHTML = views.hand_html(s)
        el("rotate").disabled = s.selected_kind is None
        el("pass").hidden = not s.must_pass or s.covered or not s.is_human(s.to_move)
        el("undo").disabled = not s.can_undo
        el("undo").hidden = not s.all_human
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
        if covered:
            text, ok, undo = views.cover_text(s)
            el("cover-text").textContent = text
            el("cover-ok").textContent = ok
            el("cover-undo").textContent = undo
            el("cover-undo").hidden = not undo
            el("cover-ok").focus()
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
            RESULT.hidden = False
        else:
            RESULT.hidden = True
    # A summary of the state on the game screen, for styling and for the tests.
    data = PLAY.dataset
    data.moves = str(len(s.game.moves))
    data.toMove = str(s.to_move)
    data.phase = ("over" if s.over else "cover" if s.covered else
                  "computer" if s.computer_to_move else "pass" if s.must_pass else "move")
    data.selected = s.selected_kind or ""
    data.orientation = str(s.orientation)
    _schedule_computer()


def _schedule_computer() -> None:
    s = session()
    if s is None or not s.computer_to_move or STATE["timer"] is not None:
        return

    def step() -> None:
        STATE["timer"] = None
        current = session()
        if current is s:
            draw(s.computer_move())

    STATE["timer"] = window.setTimeout(create_proxy(step), 450)


def start_game(settings: setup.Settings) -> None:
    s = Session(settings)
    STATE["session"] = s
    STATE["settings"] = settings
    STATE["result_closed"] = False
    el("game-meta").textContent = views.meta_text(s)
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


@when("mouseover", "#board")
def on_board_hover(event: Any) -> None:
    s = session()
    if s is not None:
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
    if s is None or PLAY.hidden or event.ctrlKey or event.metaKey or event.altKey:
        return
    tag = str(event.target.tagName).lower() if found(event.target) else ""
    if tag in ("input", "select", "textarea"):
        return
    key = str(event.key)
    if key in ("r", "R"):
        draw(s.rotate(-1 if event.shiftKey else 1))
    elif key == "Escape":
        draw(s.select(None))
    elif key in ("1", "2", "3"):
        draw(s.select(int(key) - 1))


# -- boot ------------------------------------------------------------------------------
def diagnostics() -> None:
    """Facts about the engine in the browser, for the boot tests (hidden)."""
    el("engine-package").textContent = f"Python is ready: the {qin.__name__} package is loaded."
    game = qin.Game.new(board="bird", players=2, seed=1)
    line = el("engine-game")
    line.textContent = f"A new 2-player game on the bird board has {len(game.legal_moves())} " \
                       "legal moves."
    line.dataset.legalMoves = str(len(game.legal_moves()))


diagnostics()
fill_setup(STATE["settings"])
show_screen("setup")
APP.hidden = False
