"""The page's DOM events, as the JavaScript shell describes them, turned into actions
(no DOM: unit-tested in CPython, run wherever the application runs).

The shell (``shell.js``) knows no commands: it sends what happened and where.  Where is
the *path*: the element the event happened on and its ancestors up to ``#app``, each as
``{"tag", "id", "cls": [...], "data": {...}}`` (``data`` by the dataset's names:
``data-square`` is ``"square"``).  The start screen's fields come as ``form``
(``read_form``).  Which message says what is ``shell.js``'s docstring and
``docs/architecture.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from qin_ui import actions, setup
from qin_ui.actions import Action, Command, Form
from qin_ui.i18n import LANGS
from qin_ui.keyboard import list_of

CLICKS: Final[dict[str, Command]] = {
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
    "review-share": Command("review-share"), "review-link-copy": Command("review-link-copy"),
    "notice-newer": Command("notice-newer"), "notice-copy": Command("notice-copy"),
    "notice-link": Command("notice-link"), "notice-keep": Command("notice-keep"),
    "undelete": Command("undelete"), "delete-finished": Command("delete-finished"),
    "hint": Command("hint"), "hint-take": Command("hint-take"),
    "hint-dismiss": Command("hint-dismiss"), "progress-export": Command("progress-export"),
    "learn": Command("tutorial-open"), "tutorial-next": Command("tutorial-next"),
    "tutorial-again": Command("tutorial-again"), "tutorial-exit": Command("tutorial-exit"),
    "tutorial-play": Command("tutorial-play"), "sound": Command("sound"),
    "status-why": Command("status-why"),
}
"""Buttons by id and the command each gives."""

MAX_SEATS: Final = 4


def language_asked(message: Mapping[str, Any]) -> str:
    """The language picked in ``#lang`` (empty: the message is not that); at the start,
    the one the player picked on the start screen before the page's Python whose words
    did not come (``chosen``: the page starts in another, ``lang``), unless the start
    screen's script took that choice (it hands something over: it asked for the words
    itself and says why they did not come)."""
    path = path_of(message)
    if message.get("t") == "change" and path and path[0].id == "lang":
        return _str(message.get("value"))
    chosen = _str(message.get("chosen"))
    if message.get("t") == "start" and not message.get("handed") and chosen in LANGS \
            and chosen != message.get("lang"):
        return chosen
    return ""


@dataclass(frozen=True)
class Node:
    """One element of an event's path."""

    tag: str = ""
    id: str = ""
    cls: frozenset[str] = frozenset()
    data: Mapping[str, str] = field(default_factory=dict)


def _str(value: object, default: str = "") -> str:
    return value if isinstance(value, str) else default


def path_of(message: Mapping[str, Any]) -> list[Node]:
    """The message's path (innermost first); anything malformed is left out."""
    raw = message.get("path")
    nodes: list[Node] = []
    if not isinstance(raw, list):
        return nodes
    for item in raw[:32]:
        if not isinstance(item, dict):
            continue
        cls = item.get("cls")
        data = item.get("data")
        nodes.append(Node(
            _str(item.get("tag")).lower(), _str(item.get("id")),
            frozenset(c for c in cls if isinstance(c, str)) if isinstance(cls, list)
            else frozenset(),
            {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}
            if isinstance(data, dict) else {}))
    return nodes


def closest(path: Sequence[Node], *, within: str = "", tag: str = "", data: str = "",
            cls: str = "", has_id: bool = False) -> Node | None:
    """The innermost element of ``path`` with all of the given traits (a tag, a data
    attribute, a class, an id at all), inside the element ``#within`` if given."""
    for i, node in enumerate(path):
        if tag and node.tag != tag or data and data not in node.data \
                or cls and cls not in node.cls or has_id and not node.id:
            continue
        if within and not any(n.id == within for n in path[i + 1:]):
            continue
        return node
    return None


def inside(path: Sequence[Node], element_id: str) -> bool:
    return any(n.id == element_id for n in path)


def read_form(form: object, current: setup.Settings) -> Form:
    """The start screen's fields as the shell read them (``{"fields": {id: value or
    checked}}``; ``current``: the seats drawn, for their count and for a field that is
    not there)."""
    raw = form.get("fields") if isinstance(form, dict) else None
    fields: Mapping[str, Any] = raw if isinstance(raw, dict) else {}

    def text(name: str, default: str = "") -> str:
        return _str(fields.get(name), default)

    seats = current.seats
    count = range(current.players)
    hints = fields.get("hints-on")
    return Form(tuple(text(f"seat-name-{i}", seats[i].name) for i in count),
                tuple(text(f"seat-colour-{i}", seats[i].colour) for i in count),
                tuple(text(f"seat-kind-{i}", seats[i].kind) for i in count),
                "lion" if fields.get("board-lion") is True else "bird",
                fields.get("fair-start") is True, text("seed"),
                text("series-plan") or "single",
                hints if isinstance(hints, bool) else current.hints)


def click(path: Sequence[Node]) -> Action | None:
    square = closest(path, within="board", data="square")
    if square is not None:
        return actions.BoardClick(square.data["square"])
    tile = closest(path, within="hand", cls="tile-btn")
    if tile is not None and "index" in tile.data:
        return Command("select", tile.data["index"])
    replay = closest(path, within="replay-bar", tag="button", data="replay")
    if replay is not None:
        return actions.command_named(f"replay-{replay.data['replay']}")
    reviewed = closest(path, within="review-list", tag="button", cls="review-jump", data="ply")
    if reviewed is None:  # or a point of the review's chart
        reviewed = closest(path, within="review-chart", cls="review-point", data="ply")
    if reviewed is not None:
        # from the list, the focus stays on the move's button (drawn anew)
        listed = " list" if "review-jump" in reviewed.cls else ""
        return Command("review-jump", reviewed.data["ply"] + listed)
    jump = closest(path, within="log", tag="button", cls="log-jump", data="move")
    if jump is not None:
        return Command("replay-jump", jump.data["move"] + " list")
    step = closest(path, within="tutorial-steps", tag="button", data="step")
    if step is not None:
        return Command("tutorial-step", step.data["step"])
    saved = closest(path, within="saved-list", tag="button", data="action")
    item = closest(path, within="saved-list", tag="li", data="id")
    if saved is not None and item is not None:
        return actions.command_named(saved.data["action"], item.data["id"])
    button = closest(path, tag="button", has_id=True)
    if button is not None and button.id in CLICKS:
        return CLICKS[button.id]
    return None


def change(message: Mapping[str, Any], settings: setup.Settings) -> Action | None:
    """A field changed (a file chosen is the shell's ``file`` message; the language is
    ``language``, the shell's answer to ``Host``'s request)."""
    path = path_of(message)
    target = path[0] if path else Node()
    ident, name, value = target.id, _str(message.get("name")), _str(message.get("value"))
    if ident == "lang":
        return None
    if name == "speed":
        return Command("speed", value)
    if ident == "motion":
        return Command("motion", value)
    form = read_form(message.get("form"), settings)
    if name == "players":
        return actions.SetupEdited(form, "players", _int(value, settings.players))
    if ident.startswith(("seat-colour-", "seat-kind-")):
        field = "colour" if ident.startswith("seat-colour-") else "kind"
        seat = _int(target.data.get("seat", ""), -1)
        return actions.SetupEdited(form, field, seat) if 0 <= seat < MAX_SEATS else None
    if inside(path, "setup-form") and not ident.startswith("seat-name-"):
        return actions.SetupEdited(form, ident)
    return None


def _int(text: str, default: int) -> int:
    return int(text) if text.isascii() and text.isdigit() and len(text) < 4 else default


def list_focus(message: Mapping[str, Any]) -> str:
    """The id of the element that had the focus when the shell sent ``message``, a list
    that is one Tab stop or one of its items ("": the focus was in no such list)."""
    at = _str(message.get("focus"))
    return at if len(at) < 40 and list_of(at) else ""


def key(message: Mapping[str, Any]) -> actions.Key | Command | None:
    name = _str(message.get("key"))
    if not name or len(name) > 32:
        return None
    target = _str(message.get("target"))
    in_list = bool(list_of(target)) and len(target) < 40
    return actions.Key(name, message.get("shift") is True, message.get("ctrl") is True,
                       target == "board-area", target if in_list else "")


def hover(path: Sequence[Node]) -> actions.Hover | None:
    if not inside(path, "board"):
        return None
    square = closest(path, data="square")
    return actions.Hover(square.data["square"] if square is not None else None)


def to_action(message: Mapping[str, Any], settings: setup.Settings) -> Action | None:
    """The action a DOM event's message stands for (``None``: nothing)."""
    kind = message.get("t")
    if kind == "click":
        return click(path_of(message))
    if kind == "change":
        return change(message, settings)
    if kind == "input":
        path = path_of(message)
        if path and path[0].id == "replay-pos":
            return Command("replay-jump", _str(message.get("value")))
        if path and path[0].id.startswith("seat-name-") and inside(path, "setup-form"):
            return actions.NameTyped()
        return None
    if kind == "submit":
        return actions.StartGame(read_form(message.get("form"), settings))
    if kind == "key":
        return key(message)
    if kind == "hover":
        return hover(path_of(message))
    if kind == "leave":
        return actions.Hover(None)
    if kind == "pointer":  # a press anywhere on the page: the input in use
        return actions.Pointer(_str(message.get("kind"), "mouse") or "mouse")
    if kind == "context":
        return Command("rotate", "1") if inside(path_of(message), "board") else None
    if kind == "wheel":
        at = message.get("at")
        return actions.Wheel(1 if message.get("down") is True else -1,
                             float(at) if isinstance(at, int | float) else 0.0) \
            if inside(path_of(message), "board") else None
    if kind == "drag":
        return Command("drag", "over" if message.get("over") is True else "")
    if kind == "hash":
        return actions.AddressChanged(_str(message.get("hash")))
    if kind == "copied":
        return actions.Copied(ok=message.get("ok") is True,
                              field=_str(message.get("field"), "link-url"))
    if kind == "file":
        return _file(message)
    return None


REFUSED_FILE: Final = {"too_large": "import.too_large", "not_text": "import.not_text"}
"""The shell's reasons for a file it did not read (``refused``), as catalogue keys; any
other is ``import.unreadable``."""


def _file(message: Mapping[str, Any]) -> Action:
    name = _str(message.get("name"))
    why = _str(message.get("refused"))
    if why:
        return actions.ImportRefused(name, REFUSED_FILE.get(why, "import.unreadable"),
                                     _str(message.get("error")))
    return actions.Imported(_str(message.get("text")), name)
