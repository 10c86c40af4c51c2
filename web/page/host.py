"""The application seen from the JavaScript shell: messages in, one reply out (no DOM;
unit-tested in CPython, run in the page's worker).

``Host.handle(message)`` turns one message of the shell (a DOM event described by
``events``, a file read, another tab's storage write, the AI worker's answer...) into
actions, dispatches them, and returns the one reply the shell applies, in this order:

- ``writes``: ``[[key, value or null], ...]``, the storage writes of this change (the
  shell writes them first: nothing shows a change before it is stored; a failed write
  comes back as ``{"t": "unwritten", ...}``, and the application says so);
- ``changes``: ``{element id: {"text", "html", "hidden", "disabled", "checked",
  "value", "data": {attribute: value or null}, "attrs": {...}, "classes": {name:
  on}, "parts": {"drop": [key, ...], "put": [[key, container, after, html], ...]}}}``,
  only what differs from the screen sent before (``Differ``; ``parts``: the keyed items
  of an element's HTML that changed, ``qin_ui.elements.Parts``);
- ``overlay`` (the board's ``g.overlay``), ``cursor`` (the keyboard cursor's square or
  null), ``motion`` (the last move's cues and sounds, ``qin_ui.motion``: sent once,
  with the board the move redrew; ``shown``: on the board already shown, uncovered by
  this reply), each only when it changed;
- ``flags``: what the shell decides alone, inside an event handler (``Flags``);
- ``effects``: what needs the page (download, focus, address, copy, language, reveal,
  the AI worker, timers: ``{"fx": "timer", "ms", "token"}`` comes back as ``{"t": "timer"}``).
  A message says where the focus was when it left if that was in a list that is one
  Tab stop (``focus``: the list's id or its item's); when the reply draws that list
  anew and moves the focus nowhere, its effects put it back on the same item, or on
  the list if the item is gone (``{"fx": "focus", ..., "lost": true}``: only if the
  drawing left the focus on nothing).

Every reply answers one message: the Python never speaks first, so the same protocol
runs on the main thread (a call each way) and in a worker (an exported function the
shell awaits).

Storage is ``MirrorStorage``: the shell's localStorage as it was sent at start, kept
up to date by the writes made here and by other tabs' (``{"t": "storage"}``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

import events
from qin_ui import actions, handover, keyboard, players, replaying, senses
from qin_ui.actions import Action, Effect
from qin_ui.app import ACCEPTS, App
from qin_ui.elements import Parts
from qin_ui.keyboard import command_for
from qin_ui.modes import Mode
from qin_ui.render import El, Screen, hover_screen
from qin_ui.saves import MAX_TEXT, MemoryStorage, SaveStore, Storage

from qin.errors import QinError
from qin.json_text import read_json

Json = dict[str, Any]
EMPTY: Final = El()
MESSAGE_TEXT: Final = 8 * MAX_TEXT
"""The longest message from the shell read: an imported file of ``MAX_TEXT`` characters
inside it, each escaped in JSON as up to 6 (``\u0001``), fits; nesting and numbers are
the reader's (``qin.json_text``)."""

KEYS: Final = ("ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp", "Home", "End", "Enter", " ",
               "Escape", "1", "2", "3", *"nrupl bhtz".replace(" ", ""), *"NRUPLBHTZ")
"""Every key the key table gives a meaning (as ``KeyboardEvent.key``)."""


def kebab(name: str) -> str:
    """``toMove`` -> ``to-move`` (a dataset key as its attribute's name)."""
    return "".join(f"-{c.lower()}" if c.isupper() else c for c in name)


LIST_AT: Final = {"2": "log", "3": keyboard.review_point_id(1)}
"""A focused element in each kind of list of ``keyboard.LIST_WHERE`` (the keys it takes
are the keys of every list of that kind)."""


def coded_key(code: str) -> actions.Key:
    """The key press a ``key|SCF`` code stands for: shift, ctrl (0 or 1) and where the
    focus is (F: 0 elsewhere, 1 the board, 2 a list that is one Tab stop going down: the
    game's log, the replay's, the review's moves; 3 one going sideways: the review's
    chart, as one of its points, which Enter and Space show; ``keyboard.LIST_WHERE``)."""
    key, bits = code.rsplit("|", 1)
    return actions.Key(key, bits[0] == "1", bits[1] == "1", bits[2] == "1",
                       LIST_AT.get(bits[2], ""))



@cache
def handled_keys(mode: Mode) -> tuple[str, ...]:
    """The keys ``mode`` acts on, as ``key|SCF`` (``coded_key``): the shell prevents
    their default action (scrolling, a space's click) at once."""
    taken = []
    for key in KEYS:
        for shift in (False, True):
            for ctrl in (False, True):
                for where in (0, 1, 2, 3):
                    code = f"{key}|{int(shift)}{int(ctrl)}{where}"
                    command = command_for(coded_key(code), mode)
                    if command is not None and command.name in ACCEPTS[mode]:
                        taken.append(code)
    return tuple(taken)


# -- storage ---------------------------------------------------------------------------
class MirrorStorage:
    """``saves.Storage`` over a copy of the shell's localStorage; the writes are kept
    in order until ``take_writes`` (they travel with the reply)."""

    def __init__(self, data: Mapping[str, str]) -> None:
        self.data: dict[str, str] = dict(data)
        self.writes: list[tuple[str, str | None]] = []

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value
        self.writes.append((key, value))

    def remove(self, key: str) -> None:
        self.data.pop(key, None)
        self.writes.append((key, None))

    def all_keys(self) -> list[str]:
        return list(self.data)

    def take_writes(self) -> list[tuple[str, str | None]]:
        writes, self.writes = self.writes, []
        return writes

    def learn(self, key: str, value: str | None) -> None:
        """What the browser holds for ``key`` now (another tab wrote, or our write
        failed): not a write of ours."""
        if value is None:
            self.data.pop(key, None)
        else:
            self.data[key] = value


def open_storage(snapshot: object) -> tuple[Storage, str]:
    """The mirror of the shell's storage, or (``snapshot`` not a dict of texts: the
    browser's storage is blocked) one that lasts as long as the tab, with the catalogue
    key of what is wrong."""
    if isinstance(snapshot, dict) and all(isinstance(k, str) and isinstance(v, str)
                                          for k, v in snapshot.items()):
        return MirrorStorage(snapshot), ""
    return MemoryStorage(), "saved.no_storage"


# -- the screen, as changes ------------------------------------------------------------
PARTS_SHARE: Final = 0.5
"""Keyed items are sent instead of the whole HTML while they are at most this share of
its size (beyond, one write of the whole is quicker to apply than many small ones)."""


def parts_changes(new: Parts, old: Parts, size: int) -> Json | None:
    """The items to drop and to put (``[key, container, after, html]``: replaced where
    ``key`` is, else inserted after the item ``after`` of its container, or first in it
    when ``after`` is null) that turn ``old`` into ``new``; ``None`` where the whole
    HTML must be written (another frame, items moved, or most of them changed)."""
    if new.frame != old.frame:
        return None
    was = {key: (box, html) for box, key, html in old.items}
    now = {key: box for box, key, _ in new.items}
    if len(was) != len(old.items) or len(now) != len(new.items):
        return None  # a key twice: not keyed
    kept_before = [(box, key) for box, key, _ in old.items if now.get(key) == box]
    kept_after = [(box, key) for box, key, _ in new.items
                  if key in was and was[key][0] == box]
    if kept_before != kept_after:  # the items kept are not in the same order
        return None
    drop = [key for box, key, _ in old.items if now.get(key) != box]
    put: list[list[str | None]] = []
    sent = 0
    last: dict[str, str | None] = {}
    for box, key, html in new.items:
        before = was.get(key)
        if before is None or before[0] != box or before[1] != html:
            put.append([key, box, last.get(box), html])
            sent += len(html)
            if sent > PARTS_SHARE * size:
                return None
        last[box] = key
    out: Json = {}
    if drop:
        out["drop"] = drop
    if put:
        out["put"] = put
    return out


def el_changes(new: El, old: El) -> Json:
    """What the shell writes to turn ``old`` into ``new`` (the old applier's rules: a
    field ``None`` is left as it is; a value is written again after its HTML); HTML
    given as keyed items (``El.parts``) is sent as the items that changed where the
    HTML before was of the same frame."""
    out: Json = {}
    wrote_html = new.html is not None and new.html is not old.html and new.html != old.html
    if wrote_html:
        parts = parts_changes(new.parts, old.parts, len(new.html or "")) \
            if new.parts is not None and old.parts is not None else None
        if parts is not None:
            out["parts"] = parts
        else:
            out["html"] = new.html
    for name in ("text", "hidden", "disabled", "checked"):
        value = getattr(new, name)
        if value is not None and value != getattr(old, name):
            out[name] = value
    if new.value is not None and (new.value != old.value or wrote_html):
        out["value"] = new.value
    for key, pairs, before, prefix in (("data", new.data, old.data, "data-"),
                                       ("attrs", new.attrs, old.attrs, "")):
        was = dict(before)
        written = {prefix + kebab(n) if prefix else n: v for n, v in pairs
                   if n not in was or was[n] != v}
        if written:
            out[key] = written
    if new.classes != old.classes:
        was_on = dict(old.classes)
        toggled = {c: on for c, on in new.classes if was_on.get(c) != on}
        if toggled:
            out["classes"] = toggled
    return out


@dataclass
class Differ:
    """The screen last sent; ``diff`` gives what changed since."""

    last: dict[str, El] = field(default_factory=dict)
    overlay: str = ""
    cursor: str | None = None
    moved: int | None = None  # the token of the last move's motion sent

    def diff(self, screen: Screen) -> Json:
        out: Json = {}
        changes: Json = {}
        for element_id, new in screen.elements.items():
            old = self.last.get(element_id, EMPTY)
            if new == old:
                continue
            written = el_changes(new, old)
            self.last[element_id] = new
            if written:
                changes[element_id] = written
        if changes:
            out["changes"] = changes
        board = changes.get("board", {})
        board_written = "html" in board  # a new board: its overlay is empty
        board_drawn = board_written or "parts" in board  # its squares are new
        if board_written:
            self.overlay = ""
        if screen.overlay != self.overlay:
            out["overlay"] = self.overlay = screen.overlay
        if board_drawn or screen.cursor != self.cursor:
            out["cursor"] = self.cursor = screen.cursor
        moved = screen.moved
        if (moved is not None and (board_drawn or moved.shown)
                and (self.moved is None or moved.token > self.moved)):
            # tokens only grow: a motion shown once (the game's last move, behind a
            # replay or the tutorial) is never played again; it comes with the board it
            # plays on, or plays on the board shown (a move held under the cover)
            self.moved = moved.token
            if moved.cues or moved.sounds:
                out["motion"] = {"cues": list(moved.cues), "sounds": list(moved.sounds)}
                if moved.shown:  # the shell starts it in the frame after the uncovered one
                    out["motion"]["shown"] = True
        return out


@cache
def pick_keys(mode: Mode) -> dict[str, int]:
    """The keys that pick a tile of the hand in ``mode`` (``key|SCF`` -> its index)."""
    out: dict[str, int] = {}
    for code in handled_keys(mode):
        command = command_for(coded_key(code), mode)
        if command is not None and command.name == "select":
            out[code] = int(command.arg)
    return out


def picks(app: App) -> Json | None:
    """What a pick shows at once, before its reply: for the game's board in play, each
    tile of the hand (``Session.picks``: its index, the kind picked or "" (put back),
    the orientation, the legal squares) and the keys that pick it; ``None`` elsewhere."""
    s = app.state.game.session
    if app.mode is not Mode.PLAYING or s is None:
        return None
    table = s.picks()
    if not table:
        return None
    return {"tiles": [[p.index, p.kind, p.orientation, list(p.legal)] for p in table],
            "keys": pick_keys(app.mode)}


# -- what the shell decides alone --------------------------------------------------------
def flags(app: App) -> Json:
    """``keys``: the keys to take from the browser (``handled_keys``); ``picked``: a
    tile is picked (right-click and the wheel turn it); ``pointer``: the kind of pointer
    the application knows (the shell says when another presses the board); ``drop``:
    a file is dragged over the start screen; ``fileMax``: the largest file read;
    ``picks``: what a pick shows at once (``picks``); ``lists``: the lists that are one
    Tab stop (their ids -> the digit the shell puts in a key's code when the focus is
    in one: ``keyboard.LIST_WHERE``); ``settings``: the storage writes a header setting's
    change makes, which the shell writes at once (``senses.kept_at_once``)."""
    st = app.state
    lesson = st.tutorial.lesson if app.mode is Mode.TUTORIAL else None
    s = lesson.session if lesson is not None else st.game.session  # the board on screen
    return {"keys": list(handled_keys(app.mode)),
            "picked": s is not None and s.selected_kind is not None,
            "pointer": st.pointer, "drop": st.start.drop_over, "fileMax": MAX_TEXT,
            "picks": picks(app), "lists": keyboard.LIST_WHERE,
            "settings": senses.kept_at_once()}


# -- effects for the page ------------------------------------------------------------------
AI_KINDS: Final = {actions.AskComputer: "move", actions.AskHint: "hint",
                   actions.AskReview: "review"}


def effect_message(effect: Effect) -> Json | None:
    """The shell's part of an effect (``None``: not the shell's)."""
    if isinstance(effect, actions.StartWorker):
        return {"fx": "ai-start"}
    if isinstance(effect, actions.RestartWorker):
        return {"fx": "ai-restart"}
    if isinstance(effect, actions.WarmWorker):
        return {"fx": "ai-warm"}
    if isinstance(effect, actions.AskComputer | actions.AskHint | actions.AskReview):
        return {"fx": "ai", "kind": AI_KINDS[type(effect)], "token": effect.token,
                "request": effect.request}
    if isinstance(effect, actions.After):
        return {"fx": "timer", "ms": effect.ms, "token": effect.token}
    if isinstance(effect, actions.Download):
        return {"fx": "download", "name": effect.name, "text": effect.text,
                "mime": effect.mime}
    if isinstance(effect, actions.Focus):
        first = ["#hand button:not([disabled])", "#undo"] if effect.target == "hand" \
            else ["#" + effect.target]
        return {"fx": "focus", "first": first, "lost": True} if effect.lost \
            else {"fx": "focus", "first": first}
    if isinstance(effect, actions.SetAddress):
        return {"fx": "address", "url": effect.url}
    if isinstance(effect, actions.ToTop):
        return {"fx": "top"}
    if isinstance(effect, actions.Reveal):
        return {"fx": "reveal", "ids": list(effect.targets), "inner": True} if effect.inner \
            else {"fx": "reveal", "ids": list(effect.targets)}
    if isinstance(effect, actions.Copy):
        return {"fx": "copy", "text": effect.text, "fallback": effect.field}
    return None


def ai_answer(message: Mapping[str, Any]) -> Action | None:
    """The AI worker's news, relayed by the shell."""
    kind = message.get("kind")
    if kind == "ready":
        return actions.WorkerReady()
    if kind == "failed":
        return actions.WorkerFailed()
    token, text, took = message.get("token"), message.get("text"), message.get("took")
    if not isinstance(token, int) or not isinstance(text, str):
        return None
    ms = float(took) if isinstance(took, int | float) else 0.0
    if kind == "move":
        return actions.ComputerAnswer(token, text, ms)
    if kind == "hint":
        return actions.HintAnswer(token, text, ms)
    if kind == "review":
        return actions.ReviewAnswer(token, text)
    return None


# -- the host ------------------------------------------------------------------------------
class Host:
    """The application and what the shell last showed of it."""

    def __init__(self, app: App, storage: Storage) -> None:
        self.app = app
        self.storage = storage
        self.differ = Differ()
        self.sent_flags: Json = {}
        self.catalogue = "{}"

    @classmethod
    def open(cls, snapshot: object) -> Host:
        storage, problem = open_storage(snapshot)
        store = SaveStore(storage, known_kinds=players.KINDS)
        return cls(App(store, storage_problem=problem), storage)

    # -- one message, one reply ------------------------------------------------------------
    def handle(self, message: Mapping[str, Any]) -> Json:
        """The reply to one message of the shell."""
        effects: list[Effect] = []
        taken = self.actions_for(message)
        for action in taken:
            effects += self.app.store(self.app.dispatch(action))
        hovered = bool(taken) and all(isinstance(a, actions.Hover) for a in taken)
        reply = self.reply(effects, hover_screen(self.app.state) if hovered else None,
                           events.list_focus(message))
        lang = events.language_asked(message)
        if lang:  # the shell loads the catalogue, then says ``language``
            reply.setdefault("effects", []).append({"fx": "language", "lang": lang})
        return reply

    def actions_for(self, message: Mapping[str, Any]) -> list[Action]:
        kind = message.get("t")
        if kind == "start":
            return self.start(message)
        if kind == "language":
            return [actions.LanguageChosen(
                str(message.get("lang", "en")), str(message.get("text") or "{}"),
                events.read_form(message.get("form"), self.app.state.start.settings))]
        if kind == "language-failed":
            return [actions.LanguageFailed(str(message.get("lang") or ""))]
        if kind == "storage":
            return self.stored_elsewhere(message)
        if kind == "unwritten":
            return self.unwritten(message)
        if kind == "ai":
            answer = ai_answer(message)
            return [answer] if answer is not None else []
        if kind == "timer":
            token = message.get("token")
            return [actions.Timer(token)] if isinstance(token, int) else []
        action = events.to_action(message, self.app.state.start.settings)
        return [action] if action is not None else []

    def start(self, message: Mapping[str, Any]) -> list[Action]:
        """The start, in one go: the start screen as prestart.js leaves it (its form and
        what the player pressed), the language, ``Boot``, then that intent."""
        self.catalogue = str(message.get("catalogue") or "{}")
        self.app.start_key.read_words(str(message.get("words") or ""))
        handed = handover.read(str(message.get("handed") or ""))
        form = handed.form if handed is not None else \
            events.read_form(message.get("form"), self.app.state.start.settings)
        out: list[Action] = [
            actions.LanguageChosen(str(message.get("lang") or "en"), self.catalogue, form),
            actions.Boot(str(message.get("href") or ""), str(message.get("hash") or ""),
                         restore=handed is None)]
        out += handover.after_boot(handed)
        self.focus_after_start = handed.focus if handed is not None else ""
        return out

    focus_after_start = ""

    def stored_elsewhere(self, message: Mapping[str, Any]) -> list[Action]:
        """Another tab wrote ``key`` (its new value comes along; ``all``: the storage
        was cleared, the whole of it)."""
        key, value = message.get("key"), message.get("value")
        everything = message.get("all")
        if isinstance(self.storage, MirrorStorage):
            if isinstance(everything, dict):
                self.storage.data = {k: v for k, v in everything.items()
                                     if isinstance(k, str) and isinstance(v, str)}
            elif isinstance(key, str):
                self.storage.learn(key, value if isinstance(value, str) else None)
        return [actions.StorageChanged(key if isinstance(key, str) else "")]

    def unwritten(self, message: Mapping[str, Any]) -> list[Action]:
        """Writes the browser refused (storage full or blocked): the mirror learns what
        is stored, and the application says what was not saved."""
        failed = message.get("failed")
        out: list[Action] = []
        for item in failed if isinstance(failed, list) else []:
            if not isinstance(item, dict) or not isinstance(item.get("key"), str):
                continue
            value = item.get("value")
            if isinstance(self.storage, MirrorStorage):
                self.storage.learn(item["key"], value if isinstance(value, str) else None)
            out.append(actions.StorageFailed(item["key"], str(item.get("error") or "")))
        return out

    def reply(self, effects: Iterable[Effect], screen: Screen | None = None,
              focused: str = "") -> Json:
        """The reply: the writes, the screen's changes (``screen``: the part of it that
        changed, e.g. ``render.hover_screen``; else the whole screen drawn), the flags
        and the effects; ``focused``: the list (one Tab stop) or its item that had the
        focus when the message left: the focus goes to the list if the changes draw
        it anew without that item and no effect moves the focus but where the drawing
        lost it (``replaying.focus_kept``; the list before those: the player was in it)."""
        out: Json = {}
        if isinstance(self.storage, MirrorStorage):
            writes = self.storage.take_writes()
            if writes:
                out["writes"] = [[k, v] for k, v in writes]
        out |= self.differ.diff(screen if screen is not None else self.app.screen())
        effects = list(effects)
        if focused and not any(isinstance(e, actions.Focus) and not e.lost
                               for e in effects):
            drawn = [k for k, v in out.get("changes", {}).items() if "html" in v or "parts" in v]
            kept = replaying.focus_kept(self.app, focused, drawn)
            if kept is not None:
                effects.insert(0, kept)
        now = flags(self.app)
        changed = {k: v for k, v in now.items() if self.sent_flags.get(k) != v}
        if changed:
            out["flags"] = changed
            self.sent_flags = now
        shell: list[Json] = []
        for effect in effects:
            message = effect_message(effect)
            if message is not None:
                shell.append(message)
        if self.focus_after_start:
            shell.append({"fx": "focus", "first": ["#" + self.focus_after_start],
                          "visible": True})
            self.focus_after_start = ""
        if shell:
            out["effects"] = shell
        return out


def encode(reply: Json) -> str:
    """The reply as the shell's JSON."""
    return json.dumps(reply, separators=(",", ":"), ensure_ascii=False)


def decode(text: str) -> Json:
    """A shell message; anything else is an empty one."""
    try:
        message = read_json(text, MESSAGE_TEXT)
    except QinError:
        return {}
    return message if isinstance(message, dict) else {}

