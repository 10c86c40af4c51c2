"""DOM glue for keeping games: autosave and resume, the "Saved games" panel,
export/import, play by link, replay and series.  The logic is in ``qin_ui.saves``,
``keep``, ``links``, ``replay`` and ``seriesplan`` (pure Python, unit-tested); this
module reads the DOM, calls them and writes one element per change.

``main.py`` calls ``install(...)`` once with its drawing functions, ``started(s)`` when
a game starts, ``after_draw(s)`` at the end of every redraw, and ``boot()`` last.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from html import escape
from typing import Any

from pyscript import document, when, window
from pyscript.ffi import create_proxy, to_js
from qin_ui import keep, links, players, saves, views
from qin_ui.i18n import t
from qin_ui.replay import Replay
from qin_ui.seriesplan import PLANS, SeriesPlanError, SeriesState, plan_label
from qin_ui.session import EVERYTHING, Session
from qin_ui.setup import board_label

import qin
from qin.svg import render_svg

try:
    from pyodide.ffi import jsnull
except ImportError:  # pragma: no cover
    jsnull = None

CURRENT_KEY = "qin.current"
"""localStorage key: the id of the game on screen (resumed when the page opens)."""


def _found(value: Any) -> bool:
    return value is not None and value is not jsnull


def el(element_id: str) -> Any:
    return document.getElementById(element_id)


class LocalStorage:
    """``saves.Storage`` over ``window.localStorage``."""

    def __init__(self) -> None:
        self.js = window.localStorage

    def get(self, key: str) -> str | None:
        value = self.js.getItem(key)
        return str(value) if _found(value) else None

    def set(self, key: str, value: str) -> None:
        self.js.setItem(key, value)

    def remove(self, key: str) -> None:
        self.js.removeItem(key)

    def all_keys(self) -> list[str]:
        return [str(self.js.key(i)) for i in range(int(self.js.length))]


def _storage() -> tuple[saves.Storage, str]:
    try:
        storage = LocalStorage()
        storage.all_keys()
        return storage, ""
    except Exception:  # storage blocked: games last as long as the tab
        return saves.MemoryStorage(), "saved.no_storage"


STORAGE, STORAGE_PROBLEM = _storage()
"""STORAGE_PROBLEM: the catalogue key of what is wrong with the storage ("" if nothing)."""
STORE = saves.SaveStore(STORAGE, known_kinds=players.KINDS)

HOOKS: dict[str, Callable[..., Any]] = {}
STATE: dict[str, Any] = {
    "id": None,  # the save id of the game on screen
    "mode": "local",  # "local" or "link"
    "series": None,  # the SeriesState of the game on screen
    "pending_series": None,  # handed to the next started() (next game of a series)
    "saved_key": None,  # what was last saved, so a redraw saves only after a change
    "replay": None,  # the Replay on screen, if any
    "timer": None,
}


def install(start_game: Callable[..., Any], draw: Callable[[frozenset[str]], None],
            show_screen: Callable[[str], None], session: Callable[[], Session | None]) -> None:
    """``start_game(settings, resumed=None)`` shows a new game or ``resumed``."""
    HOOKS.update(start_game=start_game, draw=draw, show_screen=show_screen, session=session)


def replaying() -> bool:
    return STATE["replay"] is not None


def _session() -> Session | None:
    s: Session | None = HOOKS["session"]()
    return s


def message(text: str, where: str = "saved-message") -> None:
    box = el(where)
    if _found(box):
        box.textContent = text
        box.hidden = not text


# -- autosave ----------------------------------------------------------------------------
def started(s: Session) -> None:
    """A new game from the start screen (or the next game of a series)."""
    stop_replay(redraw=False)
    STATE["id"] = None
    STATE["mode"] = "local"
    STATE["saved_key"] = None
    pending = STATE["pending_series"]
    STATE["pending_series"] = None
    if pending is None:
        choice = el("series-plan")
        plan = str(choice.value) if _found(choice) else "single"
        try:
            pending = SeriesState.new(plan, first=s.settings.board)
        except SeriesPlanError:
            pending = None
    STATE["series"] = pending
    _clear_hash()


def after_draw(s: Session) -> None:
    """Save the game when it changed (a move, an undo, the cover) and keep the series,
    the link and the page's notes up to date."""
    if STATE["replay"] is not None:
        return
    if STATE["mode"] == "link" and s.covered:
        s.confirm()  # hands are not hidden in a link game
        HOOKS["draw"](EVERYTHING)
        return
    key = (id(s), len(s.game.moves), s.at_screen, s.covered, s.over)
    if key == STATE["saved_key"]:
        return
    STATE["saved_key"] = key
    series: SeriesState | None = STATE["series"]
    if series is not None and s.over:
        try:
            series.add(s.game)
        except SeriesPlanError as exc:
            message(str(exc), "series-status")
    save(s)
    _draw_extras(s)


def save(s: Session) -> None:
    series: SeriesState | None = STATE["series"]
    try:
        saved = STORE.save_game(s.game, save_id=STATE["id"], mode=STATE["mode"],
                                series=series.to_dict() if series else None,
                                **keep.snapshot(s))
    except saves.SaveError as exc:
        el("save-state").textContent = t("keep.not_saved", error=exc)
        el("save-state").dataset.state = "error"
        return
    STATE["id"] = saved.id
    with contextlib.suppress(Exception):  # the game itself was saved
        STORAGE.set(CURRENT_KEY, saved.id)
    el("save-state").textContent = t("keep.saved")
    el("save-state").dataset.state = "saved"
    el("save-state").dataset.moves = str(len(s.game.moves))


def _draw_extras(s: Session) -> None:
    link_mode = STATE["mode"] == "link"
    el("link-note").hidden = not link_mode
    el("link-note").textContent = links.warning() if link_mode else ""
    if link_mode:
        _update_link(s)
    series: SeriesState | None = STATE["series"]
    status = el("series-status")
    status.hidden = series is None
    status.textContent = series.summary() if series else ""
    nxt = el("series-next")
    nxt.hidden = not (series is not None and s.over and not series.done)
    box = el("result-series")
    if _found(box):
        box.textContent = series.summary() if (series and s.over) else ""
        box.hidden = not (series and s.over)


# -- the saved games panel ---------------------------------------------------------------
def _date(ms: float) -> str:
    if not ms:
        return t("saved.unknown_date")
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(ms / 1000.0))


def draw_saved() -> None:
    try:
        entries = STORE.entries()
    except saves.SaveError as exc:
        el("saved-list").innerHTML = ""
        message(str(exc))
        return
    rows = []
    for e in entries:
        sid = escape(e.id, quote=True)
        delete = (f'<button type="button" data-action="delete" class="quiet">'
                  f'{escape(t("saved.delete"))}</button></li>')
        if e.ok:
            names = escape(f" {t('saved.vs')} ".join(e.names))
            what = t("saved.series" if e.series else "saved.game", board=board_label(e.board),
                     state=e.state, moves=e.moves)
            rows.append(
                f'<li class="saved-game" data-id="{sid}" data-state="ok">'
                f'<span class="saved-what"><strong>{names}</strong> '
                f"{escape(what)} <small>{_date(e.updated)}</small></span> "
                f'<button type="button" data-action="resume">{escape(t("saved.resume"))}'
                f'</button> <button type="button" data-action="export">'
                f'{escape(t("saved.export"))}</button> ' + delete)
        else:
            rows.append(
                f'<li class="saved-game damaged" data-id="{sid}" data-state="damaged">'
                f'<span class="saved-what"><strong>{escape(t("saved.damaged"))}</strong> — '
                f"{escape(e.state)}</span> "
                f'<button type="button" data-action="export-raw">'
                f'{escape(t("saved.export_raw"))}</button> ' + delete)
    el("saved-list").innerHTML = "".join(rows) or \
        f'<li class="empty">{escape(t("saved.none"))}</li>'
    el("saved").dataset.count = str(len(entries))
    if STORAGE_PROBLEM:
        message(t(STORAGE_PROBLEM))


@when("click", "#saved-list")
def on_saved_click(event: Any) -> None:
    target = event.target
    if not _found(target) or not hasattr(target, "closest"):
        return
    button = target.closest("button[data-action]")
    item = target.closest("li[data-id]")
    if not _found(button) or not _found(item):
        return
    save_id, action = str(item.dataset.id), str(button.dataset.action)
    if action == "resume":
        resume(save_id)
    elif action == "export":
        try:
            saved, _ = STORE.load(save_id)
        except saves.SaveError as exc:
            message(str(exc))
            return
        download(saves.export_name(saved.record, saved.updated),
                 saves.export_text(saved.record))
    elif action == "export-raw":
        download(f"qin-damaged-save-{save_id}.txt", STORE.raw(save_id) or "", "text/plain")
    elif action == "delete" and window.confirm(t("saved.confirm_delete")):
        STORE.delete(save_id)
        if STATE["id"] == save_id:
            STATE["id"] = None
        message(t("saved.deleted"))
        draw_saved()


def resume(save_id: str) -> bool:
    try:
        saved, _ = STORE.load(save_id)
        s = keep.restore(saved)
        series = SeriesState.from_dict(saved.series) if saved.series else None
    except (saves.SaveError, SeriesPlanError) as exc:
        message(t("saved.cannot_open", error=exc))
        draw_saved()
        return False
    _show_session(s, save_id, saved.mode, series)
    if saved.notes:
        message(" ".join(saved.notes), "save-state")
    return True


def _show_session(s: Session, save_id: str | None, mode: str,
                  series: SeriesState | None) -> None:
    stop_replay(redraw=False)
    STATE["id"] = save_id
    STATE["mode"] = mode
    STATE["series"] = series
    STATE["saved_key"] = None
    if mode != "link":
        _clear_hash()
    HOOKS["start_game"](s.settings, s)


# -- export / import ---------------------------------------------------------------------
def download(name: str, text: str, kind: str = "application/json") -> None:
    blob = window.Blob.new(to_js([text]), to_js({"type": kind},
                                                dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href = url
    a.download = name
    a.hidden = True
    document.body.appendChild(a)
    a.click()
    a.remove()
    window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)


@when("click", "#export-game")
def on_export(event: Any) -> None:
    s = _session()
    if s is None:
        return
    try:
        record = s.game.record()
    except qin.QinError as exc:
        message(str(exc), "save-state")
        return
    download(saves.export_name(record), saves.export_text(record))


async def import_file(file: Any) -> None:
    name = str(file.name)
    if int(file.size) > saves.MAX_TEXT:
        _refuse(name, t("import.too_large"))
        return
    try:
        text = str(await file.text())
    except Exception as exc:
        _refuse(name, t("import.unreadable", error=exc))
        return
    import_text(text, name)


def import_text(text: str, name: str = "") -> bool:
    name = name or t("saves.the_file")
    try:
        imported = saves.read_import(text, players.KINDS)
        if imported.saved is not None:
            s = keep.restore(imported.saved)
            series = (SeriesState.from_dict(imported.saved.series)
                      if imported.saved.series else None)
        else:
            count = imported.record["players"]
            s = keep.session_for(imported.record, ["human"] * count,
                                 keep.default_colours(count))
            series = None
    except (saves.SaveError, SeriesPlanError) as exc:
        _refuse(name, str(exc))
        return False
    el("setup").dataset.imported = "ok"
    message(t("import.done", name=name, names=f" {t('saved.vs')} ".join(s.names),
              moves=len(s.game.moves)))
    _show_session(s, None, "local", series)
    return True


def _refuse(name: str, why: str) -> None:
    el("setup").dataset.imported = "refused"
    message(t("import.refused", name=name, error=why))


@when("change", "#import-file")
async def on_import(event: Any) -> None:
    files = event.target.files
    if _found(files) and int(files.length):
        await import_file(files.item(0))
    event.target.value = ""


@when("dragover", "#setup")
def on_dragover(event: Any) -> None:
    event.preventDefault()
    el("setup").dataset.drop = "over"


@when("dragleave", "#setup")
def on_dragleave(event: Any) -> None:
    el("setup").dataset.drop = ""


@when("drop", "#setup")
async def on_drop(event: Any) -> None:
    event.preventDefault()
    el("setup").dataset.drop = ""
    files = event.dataTransfer.files if _found(event.dataTransfer) else None
    if _found(files) and int(files.length):
        await import_file(files.item(0))


# -- play by link ------------------------------------------------------------------------
def _clear_hash() -> None:
    if links.has_game(str(window.location.hash)):
        window.history.replaceState(jsnull, "", str(window.location.href).split("#")[0])


def _update_link(s: Session) -> None:
    try:
        url = links.link(str(window.location.href), s.game)
    except links.LinkError as exc:
        el("link-url").value = ""
        message(str(exc), "link-message")
        return
    el("link-url").value = url
    if STATE["mode"] == "link":
        window.history.replaceState(jsnull, "", url)


def open_link(hash_text: str) -> bool:
    try:
        game, record = links.read_link(hash_text)
        s = keep.link_session(record)
    except (links.LinkError, saves.SaveError) as exc:
        message(t("link.cannot_open", error=exc))
        el("setup").dataset.link = "refused"
        return False
    _show_session(s, None, "link", None)
    el("play").dataset.link = "open"
    return True


@when("click", "#share-link")
def on_share(event: Any) -> None:
    s = _session()
    if s is None:
        return
    panel = el("link-panel")
    panel.hidden = not panel.hidden
    message("", "link-message")
    if not panel.hidden:
        _update_link(s)


@when("click", "#link-copy")
async def on_copy(event: Any) -> None:
    url = str(el("link-url").value)
    try:
        await window.navigator.clipboard.writeText(url)
        message(t("link.copied"), "link-message")
    except Exception:
        el("link-url").select()
        message(t("link.copy_by_hand"), "link-message")


@when("click", "#link-play")
def on_link_play(event: Any) -> None:
    """Turn the game on screen into a correspondence game (its link follows each move)."""
    s = _session()
    if s is None:
        return
    STATE["mode"] = "link"
    STATE["saved_key"] = None
    HOOKS["draw"](EVERYTHING)


# -- replay ------------------------------------------------------------------------------
def start_replay() -> None:
    s = _session()
    if s is None:
        return
    try:
        replay = Replay(s.game.record())
    except qin.QinError as exc:
        message(str(exc), "save-state")
        return
    STATE["replay"] = replay
    s.selected = None
    el("play").classList.add("replaying")
    replay.jump(0)
    el("replay-bar").hidden = False
    el("replay-pos").max = str(replay.length)
    el("play").dataset.phase = "replay"
    draw_replay()


def draw_replay() -> None:
    r: Replay | None = STATE["replay"]
    s = _session()
    if r is None or s is None:
        return
    el("board").innerHTML = render_svg(r.game, last=r.last_squares, colours=s.colours,
                                       names=s.names, style=False)
    el("log").innerHTML = views.replay_log_html(r)
    el("replay-caption").textContent = r.caption()
    el("replay-pos").value = str(r.cursor)
    el("replay-play").textContent = t("replay.pause" if r.playing else "replay.play")
    data = el("play").dataset
    data.replayAt = str(r.cursor)
    data.phase = "replay"


def stop_replay(redraw: bool = True) -> None:
    if STATE["timer"] is not None:
        window.clearTimeout(STATE["timer"])
        STATE["timer"] = None
    if STATE["replay"] is None:
        return
    STATE["replay"] = None
    el("replay-bar").hidden = True
    el("play").classList.remove("replaying")
    del el("play").dataset.replayAt
    if redraw:
        HOOKS["draw"](EVERYTHING)


def _autoplay() -> None:
    STATE["timer"] = None
    r: Replay | None = STATE["replay"]
    if r is None:
        return
    going = r.tick()
    draw_replay()
    if going:
        STATE["timer"] = window.setTimeout(create_proxy(_autoplay), 700)


def replay_action(action: str, to: int | None = None) -> None:
    r: Replay | None = STATE["replay"]
    if r is None:
        return
    if action == "start":
        r.start()
    elif action == "back":
        r.back()
    elif action == "step":
        r.playing = False
        r.step()
    elif action == "end":
        r.end()
    elif action == "jump" and to is not None:
        r.playing = False
        r.jump(to)
    elif action == "play":
        r.toggle()
        if r.playing and STATE["timer"] is None:
            STATE["timer"] = window.setTimeout(create_proxy(_autoplay), 700)
    draw_replay()


@when("click", "#replay-open")
def on_replay_open(event: Any) -> None:
    if STATE["replay"] is None:
        start_replay()
    else:
        stop_replay()


@when("click", "#replay-bar")
def on_replay_bar(event: Any) -> None:
    target = event.target
    button = target.closest("button[data-replay]") if _found(target) else None
    if _found(button):
        action = str(button.dataset.replay)
        if action == "exit":
            stop_replay()
        else:
            replay_action(action)


@when("input", "#replay-pos")
def on_replay_pos(event: Any) -> None:
    replay_action("jump", int(event.target.value))


@when("click", "#log")
def on_log_jump(event: Any) -> None:
    if STATE["replay"] is None:
        return
    target = event.target
    hit = target.closest("[data-move]") if _found(target) else None
    if _found(hit):
        replay_action("jump", int(hit.dataset.move))


@when("keydown", "body")
def on_replay_keys(event: Any) -> None:
    if STATE["replay"] is None:
        return
    key = str(event.key)
    if key == "ArrowRight":
        replay_action("step")
    elif key == "ArrowLeft":
        replay_action("back")


# -- series ------------------------------------------------------------------------------
@when("click", "#series-next")
def on_series_next(event: Any) -> None:
    s = _session()
    series: SeriesState | None = STATE["series"]
    if s is None or series is None or series.next_board is None:
        return
    STATE["pending_series"] = series
    settings = s.settings
    board = series.next_board
    from qin_ui.setup import Settings

    el("result").hidden = True
    HOOKS["start_game"](Settings(settings.seats, board, settings.fair_start, None))


def fill_series_choices() -> None:
    """The series choices in the page's language (the chosen one stays chosen)."""
    select = el("series-plan")
    chosen = str(select.value) if _found(select) and select.value else "single"
    select.innerHTML = "".join(
        f'<option value="{key}"{" selected" if key == chosen else ""}>'
        f"{escape(plan_label(key))}</option>" for key in PLANS)


# -- languages ---------------------------------------------------------------------------
def language_changed() -> None:
    """Say this module's texts again in the page's new language."""
    fill_series_choices()
    draw_saved()
    s = _session()
    state = el("save-state")
    if s is not None:
        if str(state.dataset.state or "") == "saved":
            state.textContent = t("keep.saved")
        STATE["saved_key"] = None
        _draw_extras(s)
    if STATE["replay"] is not None:
        draw_replay()


# -- boot --------------------------------------------------------------------------------
def boot() -> str:
    """Open what the page should show first: a game link, the game left open, or the
    start screen.  Returns ``"link"``, ``"resumed"`` or ``"setup"``."""
    fill_series_choices()
    draw_saved()
    hash_text = str(window.location.hash)
    if links.has_game(hash_text):
        if open_link(hash_text):
            return "link"
        return "setup"
    try:
        current = STORAGE.get(CURRENT_KEY)
    except Exception:
        current = None
    if current:
        try:
            saved, game = STORE.load(current)
        except saves.SaveError:
            return "setup"  # listed as damaged in the panel
        if not game.is_over and resume(current):
            return "resumed"
    return "setup"


def debug_state() -> str:
    """The module's state as JSON (for the browser tests' diagnostics)."""
    return json.dumps({"id": STATE["id"], "mode": STATE["mode"],
                       "series": STATE["series"].to_dict() if STATE["series"] else None})
