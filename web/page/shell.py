"""The game page's DOM shell: the only Python of the page that touches the document.

- ``Listeners``: ONE listener per DOM event type (``click``, ``change``, ``input``,
  ``submit``, ``keydown``, ``mouseover``, ``mouseleave``, ``pointerdown``,
  ``contextmenu``, ``wheel``, drag and drop; the window's ``storage`` (another tab
  wrote) and ``hashchange`` (a link pasted into this tab)), each turning its event
  into one action.
- ``Page.run(action)``: dispatch it, write the save (before anything shows the change),
  apply the screen, then run the other effects (the worker, timers, downloads, the
  address, the clipboard, the focus).
- ``Applier``: writes a ``render.Screen`` to the DOM, only what changed since the
  last one.  ``#board``, ``#status`` and every other element it names have this one
  writer.  The dialogs' focus and inertness are dialogs.js's (it watches ``hidden``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyodide.ffi import jsnull  # JavaScript's null (not None)
from pyscript import document, window
from pyscript.ffi import create_proxy, to_js
from qin_ui import actions, handover, players, render, setup
from qin_ui.actions import Action, Command, Effect, Form
from qin_ui.app import App
from qin_ui.render import El, Screen
from qin_ui.saves import MAX_TEXT, MemoryStorage, SaveStore, Storage
from worker import AIWorker

EMPTY = El()

CLICKS: dict[str, Command] = {
    "rotate": Command("rotate", "1"), "pass": Command("pass"), "undo": Command("undo"),
    "cover-ok": Command("cover-ok"), "cover-undo": Command("cover-undo"),
    "result-close": Command("result-close"), "show-result": Command("result-show"),
    "result-new": Command("result-new"), "series-next": Command("series-next"),
    "new-game": Command("new-game"), "back-to-game": Command("back-to-game"),
    "export-game": Command("export"), "share-link": Command("share"),
    "link-copy": Command("link-copy"), "link-play": Command("link-play"),
    "replay-open": Command("replay-open"),
    "result-review": Command("review-open"), "review-open": Command("review-open"),
    "review-cancel": Command("review-cancel"), "review-close": Command("review-close"),
    "notice-newer": Command("notice-newer"), "notice-copy": Command("notice-copy"),
    "notice-link": Command("notice-link"), "notice-keep": Command("notice-keep"),
    "undelete": Command("undelete"), "delete-finished": Command("delete-finished"),
    "hint": Command("hint"), "hint-take": Command("hint-take"),
    "hint-dismiss": Command("hint-dismiss"), "progress-export": Command("progress-export"),
    "learn": Command("tutorial-open"), "tutorial-next": Command("tutorial-next"),
    "tutorial-again": Command("tutorial-again"), "tutorial-exit": Command("tutorial-exit"),
    "tutorial-apprentice": Command("tutorial-apprentice"),
}
"""Buttons by id and the command each gives."""


def found(value: Any) -> bool:
    """Whether a DOM lookup found something (neither None nor JavaScript's null)."""
    return value is not None and value is not jsnull


def el(element_id: str) -> Any:
    return document.getElementById(element_id)


def closest(event: Any, selector: str) -> Any:
    """The element matching ``selector`` that the event happened in, or None."""
    target = event.target
    if not found(target) or not hasattr(target, "closest"):
        return None
    hit = target.closest(selector)
    return hit if found(hit) else None


def kebab(name: str) -> str:
    """``toMove`` -> ``to-move`` (a dataset key as its attribute's name)."""
    return "".join(f"-{c.lower()}" if c.isupper() else c for c in name)


# -- storage -----------------------------------------------------------------------------
class LocalStorage:
    """``saves.Storage`` over ``window.localStorage``."""

    def __init__(self) -> None:
        self.js = window.localStorage

    def get(self, key: str) -> str | None:
        value = self.js.getItem(key)
        return str(value) if found(value) else None

    def set(self, key: str, value: str) -> None:
        self.js.setItem(key, value)

    def remove(self, key: str) -> None:
        self.js.removeItem(key)

    def all_keys(self) -> list[str]:
        return [str(self.js.key(i)) for i in range(int(self.js.length))]


def open_storage() -> tuple[Storage, str]:
    """The browser's storage, or (blocked) one that lasts as long as the tab, with the
    catalogue key of what is wrong."""
    try:
        storage = LocalStorage()
        storage.all_keys()
        return storage, ""
    except Exception:  # noqa: BLE001 - storage blocked: games last as long as the tab
        return MemoryStorage(), "saved.no_storage"


# -- the screen applier ------------------------------------------------------------------
class Applier:
    """Writes each ``Screen`` to the DOM: only the fields that changed."""

    def __init__(self) -> None:
        self.last: dict[str, El] = {}
        self.nodes: dict[str, Any] = {}
        self.overlay: Any = None
        self.overlay_html = ""
        self.cursor: str | None = None
        self.dropped: int | None = None

    def node(self, element_id: str) -> Any:
        node = self.nodes.get(element_id)
        if node is None or not node.isConnected:
            node = el(element_id)
            node = node if found(node) else None
            self.nodes[element_id] = node
        return node

    def apply(self, screen: Screen) -> None:
        board_written = False
        for element_id, new in screen.elements.items():
            old = self.last.get(element_id, EMPTY)
            if new == old:
                continue
            node = self.node(element_id)
            if node is None:
                continue
            wrote_html = self.write(node, new, old)
            board_written = board_written or (wrote_html and element_id == "board")
            self.last[element_id] = new
        board = self.node("board")
        if board is None:
            return
        if board_written:
            overlay = board.querySelector("g.overlay")
            self.overlay = overlay if found(overlay) else None
            self.overlay_html = ""
        if self.overlay is not None and screen.overlay != self.overlay_html:
            self.overlay.innerHTML = screen.overlay
            self.overlay_html = screen.overlay
        if board_written or screen.cursor != self.cursor:
            self.mark_cursor(board, screen.cursor)
        if board_written and screen.drop is not None and screen.drop[0] != self.dropped:
            self.dropped = screen.drop[0]
            self.animate(board, screen.drop[1])

    @staticmethod
    def write(node: Any, new: El, old: El) -> bool:
        wrote_html = new.html is not None and new.html is not old.html \
            and new.html != old.html
        if wrote_html:
            node.innerHTML = new.html
        if new.text is not None and new.text != old.text:
            node.textContent = new.text
        if new.hidden is not None and new.hidden != old.hidden:
            node.hidden = new.hidden
        if new.disabled is not None and new.disabled != old.disabled:
            node.disabled = new.disabled
        if new.checked is not None and new.checked != old.checked:
            node.checked = new.checked
        if new.value is not None and (new.value != old.value or wrote_html):
            node.value = new.value
        for pairs, before, prefix in ((new.data, old.data, "data-"), (new.attrs, old.attrs, "")):
            was = dict(before)
            for name, value in pairs:
                if name in was and was[name] == value:
                    continue
                attr = prefix + kebab(name) if prefix else name
                if value is None:
                    node.removeAttribute(attr)
                else:
                    node.setAttribute(attr, value)
        if new.classes != old.classes:
            was_on = dict(old.classes)
            for cls, on in new.classes:
                if was_on.get(cls) != on:
                    node.classList.toggle(cls, on)
        return wrote_html

    def mark_cursor(self, board: Any, cursor: str | None) -> None:
        """Mark the keyboard cursor's square on the board (again after a redraw)."""
        for old in board.querySelectorAll("rect.sq.cursor"):
            old.classList.remove("cursor")
        if cursor is not None:
            rect = board.querySelector(f'rect[data-square="{cursor}"]')
            if found(rect):
                rect.classList.add("cursor")
        self.cursor = cursor

    @staticmethod
    def animate(board: Any, move: str) -> None:
        """The computer's tile drops in (CSS; none with prefers-reduced-motion)."""
        if move == "pass":
            return
        for selector, cls in ((f'.tiles [data-move="{move}"]', "dropped"),
                              (".last-move", "fresh")):
            hit = board.querySelector(selector)
            if found(hit):
                hit.classList.add(cls)


# -- the page ----------------------------------------------------------------------------
class Page:
    """The application, its effects and its listeners."""

    def __init__(self) -> None:
        storage, problem = open_storage()
        store = SaveStore(storage, known_kinds=players.KINDS)
        self.app = App(store, storage_problem=problem)
        self.applier = Applier()
        self.worker = AIWorker(self.run)
        self.proxies: list[Any] = []
        self.catalogue = "{}"

    # -- one change ---------------------------------------------------------------------
    def run(self, action: Action) -> list[Effect]:
        """Dispatch ``action``; save; draw; then run the other effects."""
        effects = self.app.store(self.app.dispatch(action))
        self.applier.apply(self.app.screen())
        for effect in effects:
            self.perform(effect)
        return effects

    def perform(self, effect: Effect) -> None:
        if isinstance(effect, actions.StartWorker):
            self.worker.start()
        elif isinstance(effect, actions.AskComputer):
            asyncio.ensure_future(self.worker.ask(effect.token, effect.request))
        elif isinstance(effect, actions.AskHint):
            asyncio.ensure_future(self.worker.hint(effect.token, effect.request))
        elif isinstance(effect, actions.AskReview):
            asyncio.ensure_future(self.worker.review(effect.token, effect.request))
        elif isinstance(effect, actions.After):
            token = effect.token
            asyncio.get_event_loop().call_later(effect.ms / 1000,
                                                lambda: self.run(actions.Timer(token)))
        elif isinstance(effect, actions.Download):
            download(effect.name, effect.text, effect.mime)
        elif isinstance(effect, actions.Focus):
            focus(effect.target)
        elif isinstance(effect, actions.SetAddress):
            if str(window.location.href) != effect.url:
                window.history.replaceState(jsnull, "", effect.url)
        elif isinstance(effect, actions.Copy):
            asyncio.ensure_future(self.copy(effect.text))

    async def copy(self, text: str) -> None:
        try:
            await window.navigator.clipboard.writeText(text)
            self.run(actions.Copied(ok=True))
        except Exception:  # noqa: BLE001 - no clipboard: the player copies by hand
            el("link-url").select()
            self.run(actions.Copied(ok=False))

    # -- start-up -----------------------------------------------------------------------
    async def load_language(self) -> None:
        """Wait for the catalogue boot.js fetched for the page's language (while Pyodide
        loaded); ``boot`` hands it to the application."""
        bridge: Any = getattr(window, "qinI18n", None)
        if found(bridge):
            self.catalogue = str(await bridge.ready)

    def boot(self) -> None:
        """Take over the start screen from prestart.js (the form and what the player
        pressed, once: it listens to nothing afterwards), then the language, the
        listeners, ``Boot`` and the intent, all in one go (no event comes in between)."""
        prestart: Any = getattr(window, "qinPrestart", None)
        handed = handover.read(str(prestart.take())) if found(prestart) else None
        bridge: Any = getattr(window, "qinI18n", None)
        if found(bridge):
            text = bridge.text
            self.run(actions.LanguageChosen(
                str(bridge.lang), str(text) if found(text) else self.catalogue,
                handed.form if handed is not None else read_form(self.app.state.start.settings)))
        self.bind()
        self.run(actions.Boot(str(window.location.href), str(window.location.hash)))
        for action in handover.after_boot(handed):
            self.run(action)
        if handed is not None and handed.focus:
            node = el(handed.focus)
            if found(node) and not node.hidden and document.activeElement != node:
                node.focus()

    # -- the listeners ----------------------------------------------------------------
    def listen(self, target: Any, kind: str, handler: Any) -> None:
        proxy = create_proxy(handler)
        self.proxies.append(proxy)
        target.addEventListener(kind, proxy)

    def bind(self) -> None:
        app = el("app")
        for kind, handler in (("click", self.on_click), ("change", self.on_change),
                              ("input", self.on_input), ("submit", self.on_submit),
                              ("mouseover", self.on_hover), ("pointerdown", self.on_pointer),
                              ("contextmenu", self.on_context), ("wheel", self.on_wheel),
                              ("dragover", self.on_drag), ("dragleave", self.on_drag),
                              ("drop", self.on_drop)):
            self.listen(app, kind, handler)
        self.listen(el("board"), "mouseleave", lambda event: self.run(actions.Hover(None)))
        self.listen(document, "keydown", self.on_key)
        self.listen(window, "storage", self.on_storage)
        self.listen(window, "hashchange", self.on_hashchange)

    def on_storage(self, event: Any) -> None:
        """Another tab of this site wrote (or removed) a key of the storage."""
        key = event.key
        if found(event.storageArea) and event.storageArea != window.localStorage:
            return
        self.run(actions.StorageChanged(str(key) if found(key) else ""))

    def on_hashchange(self, event: Any) -> None:
        self.run(actions.AddressChanged(str(window.location.hash)))

    def on_click(self, event: Any) -> None:
        square = closest(event, "#board [data-square]")
        if square is not None:
            self.run(actions.BoardClick(str(square.dataset.square)))
            return
        tile = closest(event, "#hand .tile-btn")
        if tile is not None:
            self.run(Command("select", str(tile.dataset.index)))
            return
        replay = closest(event, "#replay-bar button[data-replay]")
        if replay is not None:
            command = actions.command_named(f"replay-{replay.dataset.replay}")
            if command is not None:
                self.run(command)
            return
        reviewed = closest(event, "#review-list button.review-jump[data-ply]")
        if reviewed is not None:
            self.run(Command("review-jump", str(reviewed.dataset.ply)))
            return
        jump = closest(event, "#log button.log-jump[data-move]")
        if jump is not None:
            self.run(Command("replay-jump", str(jump.dataset.move)))
            return
        step = closest(event, "#tutorial-steps button[data-step]")
        if step is not None:
            self.run(Command("tutorial-step", str(step.dataset.step)))
            return
        saved = closest(event, "#saved-list button[data-action]")
        item = closest(event, "#saved-list li[data-id]")
        if saved is not None and item is not None:
            command = actions.command_named(str(saved.dataset.action), str(item.dataset.id))
            if command is not None:
                self.run(command)
            return
        button = closest(event, "button[id]")
        if button is not None and str(button.id) in CLICKS:
            self.run(CLICKS[str(button.id)])

    def on_change(self, event: Any) -> None:
        target = event.target
        ident = str(target.id or "")
        if ident == "lang":
            asyncio.ensure_future(self.switch_language(str(target.value)))
        elif ident == "import-file":
            files = target.files
            if found(files) and int(files.length):
                asyncio.ensure_future(self.import_file(files.item(0)))
            target.value = ""
        elif str(target.name or "") == "speed":
            self.run(Command("speed", str(target.value)))
        elif str(target.name or "") == "players":
            self.run(actions.SetupEdited(self.form(), "players", int(target.value)))
        elif ident.startswith(("seat-colour-", "seat-kind-")):
            field = "colour" if ident.startswith("seat-colour-") else "kind"
            self.run(actions.SetupEdited(self.form(), field, int(target.dataset.seat)))
        elif closest(event, "#setup-form") is not None and not ident.startswith("seat-name-"):
            self.run(actions.SetupEdited(self.form(), ident))

    def on_input(self, event: Any) -> None:
        if str(event.target.id or "") == "replay-pos":
            self.run(Command("replay-jump", str(event.target.value)))

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        self.run(actions.StartGame(self.form()))

    def on_key(self, event: Any) -> None:
        if event.metaKey or event.altKey:
            return
        target = event.target
        tag = str(target.tagName).lower() if found(target) and hasattr(target, "tagName") \
            else ""
        if tag in ("input", "select", "textarea"):
            return
        on_board = found(target) and str(getattr(target, "id", "")) == "board-area"
        key = actions.Key(str(event.key), bool(event.shiftKey), bool(event.ctrlKey),
                          bool(on_board))
        if any(isinstance(e, actions.Handled) for e in self.run(key)):
            event.preventDefault()

    def on_hover(self, event: Any) -> None:
        if closest(event, "#board") is None:
            return
        square = closest(event, "[data-square]")
        self.run(actions.Hover(str(square.dataset.square) if square is not None else None))

    def on_pointer(self, event: Any) -> None:
        if closest(event, "#board") is not None:
            kind = str(event.pointerType or "mouse")
            if kind != self.app.state.pointer:
                self.run(actions.Pointer(kind))

    def tile_picked(self) -> bool:
        s = self.app.state.game.session
        return s is not None and s.selected_kind is not None

    def on_context(self, event: Any) -> None:
        if closest(event, "#board") is not None and self.tile_picked():
            event.preventDefault()
            self.run(Command("rotate", "1"))

    def on_wheel(self, event: Any) -> None:
        if closest(event, "#board") is not None and self.tile_picked():
            event.preventDefault()
            self.run(actions.Wheel(1 if event.deltaY > 0 else -1, float(event.timeStamp)))

    def on_drag(self, event: Any) -> None:
        if closest(event, "#setup") is None:
            return
        over = str(event.type) == "dragover"
        if over:
            event.preventDefault()
        if over != self.app.state.start.drop_over:
            self.run(Command("drag", "over" if over else ""))

    def on_drop(self, event: Any) -> None:
        if closest(event, "#setup") is None:
            return
        event.preventDefault()
        self.run(Command("drag", ""))
        files: Any = event.dataTransfer.files if found(event.dataTransfer) else None
        if found(files) and int(files.length):
            asyncio.ensure_future(self.import_file(files.item(0)))

    # -- reading the start screen, files, languages -------------------------------------
    def form(self) -> Form:
        return read_form(self.app.state.start.settings)

    async def import_file(self, file: Any) -> None:
        name = str(file.name)
        if int(file.size) > MAX_TEXT:
            self.run(actions.ImportRefused(name, "import.too_large"))
            return
        try:
            text = str(await file.text())
        except Exception as exc:  # noqa: BLE001 - the browser could not read it
            self.run(actions.ImportRefused(name, "import.unreadable", str(exc)))
            return
        self.run(actions.Imported(text, name))

    async def switch_language(self, lang: str) -> None:
        """boot.js loads the catalogue and relabels the page's static texts; the
        application says everything it builds again.  The game itself is untouched."""
        form = self.form()
        text = str(await window.qinI18n.use(lang))
        self.run(actions.LanguageChosen(str(window.qinI18n.lang), text, form))


def read_form(current: setup.Settings) -> Form:
    """The start screen's fields (``current``: the seats drawn, for their count)."""
    names, colours, kinds = [], [], []
    for i in range(current.players):
        name, colour, kind = (el(f"seat-{f}-{i}") for f in ("name", "colour", "kind"))
        seat = current.seats[i]
        names.append(str(name.value) if found(name) else seat.name)
        colours.append(str(colour.value) if found(colour) else seat.colour)
        kinds.append(str(kind.value) if found(kind) else seat.kind)
    plan = el("series-plan")
    hints = el("hints-on")
    return Form(tuple(names), tuple(colours), tuple(kinds),
                "lion" if el("board-lion").checked else "bird",
                bool(el("fair-start").checked), str(el("seed").value),
                str(plan.value) if found(plan) and plan.value else "single",
                bool(hints.checked) if found(hints) else current.hints)


def focus(target: str) -> None:
    if target == "hand":
        first = document.querySelector("#hand button:not([disabled])")
        (first if found(first) else el("undo")).focus()
        return
    node = el(target)
    if found(node):
        node.focus()


def download(name: str, text: str, kind: str) -> None:
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
    asyncio.get_event_loop().call_later(1.0, lambda: window.URL.revokeObjectURL(url))


async def rehearse(page: Page) -> None:
    """While the start screen waits for its click, deal a game on each board once and
    draw it to strings (nothing on the page): the boards' move tables and the drawing
    code's first-use costs are then paid, and Start shows the board sooner."""
    first = page.app.state.start.settings.board
    for board in (first, "lion" if first == "bird" else "bird"):
        await asyncio.sleep(0.3)
        if page.app.state.game.session is not None:  # a game is on: nothing to prepare for
            return
        try:
            render.warm_up(board)
        except Exception as exc:  # noqa: BLE001 - a rehearsal never stops the page
            window.console.warn(f"warm-up skipped: {exc}")
            return
