"""The start screen as the player left it before Python, taken over by the page (no DOM).

``web/page/prestart.js`` makes the start screen usable while Pyodide loads and keeps what
the player pressed as an *intent*; when the page's Python is up, the shell's ``start`` takes
its JSON once (``window.qinPrestart.take()``, after which the JavaScript listens to
nothing) and dispatches it as ordinary actions:

- the form (seats, board side, fair start, hints, seed, series plan) goes in with the language
  (``LanguageChosen``), before the page draws anything;
- after ``Boot``: "start" -> ``StartGame(form)``, "resume" -> ``Command("resume", id)``,
  "learn" (Learn to play) -> ``Command("tutorial-open")``;
  "open" (a game link or the game left open) and no intent -> nothing more: ``Boot``
  itself opens a link or the unfinished game;
- then a language chosen whose words could not be loaded, while prestart.js says so
  ("failed") -> ``LanguageFailed``: the page's Python says it on.

Text that is not such JSON gives ``None``: the page reads its fields itself, as without
the JavaScript.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from qin.errors import QinError
from qin.json_text import read_json

from .actions import Action, Command, Form, LanguageFailed, StartGame
from .i18n import LANGS

INTENTS: Final = ("", "start", "resume", "open", "learn")
MAX_TEXT: Final = 20_000
MAX_FIELD: Final = 200


@dataclass(frozen=True)
class Handed:
    """What the player did before Python: the form, the intent and the focused field."""

    form: Form
    intent: str = ""
    save_id: str = ""
    focus: str = ""
    failed: str = ""
    """A language chosen whose words could not be loaded (prestart.js says so under the
    header until the player's next action): the page's Python says it on."""


def _texts(value: object, count: int | None = None) -> tuple[str, ...] | None:
    if not isinstance(value, list) or not 2 <= len(value) <= 4 \
            or (count is not None and len(value) != count):
        return None
    if not all(isinstance(v, str) and len(v) <= MAX_FIELD for v in value):
        return None
    return tuple(value)


def _text(data: dict[str, Any], key: str, default: str = "") -> str:
    value = data.get(key, default)
    return value if isinstance(value, str) and len(value) <= MAX_FIELD else default


def read(text: str) -> Handed | None:
    """The hand-over's JSON text -> ``Handed``, or ``None`` (nothing handed, or not read)."""
    if not text or len(text) > MAX_TEXT:
        return None
    try:
        data = read_json(text, MAX_TEXT)
    except QinError:  # damaged, deep or huge: nothing handed
        return None
    if not isinstance(data, dict) or not isinstance(data.get("form"), dict):
        return None
    f = data["form"]
    names = _texts(f.get("names"))
    count = len(names) if names is not None else None
    colours, kinds = _texts(f.get("colours"), count), _texts(f.get("kinds"), count)
    if names is None or colours is None or kinds is None:
        return None
    form = Form(names, colours, kinds, "lion" if f.get("board") == "lion" else "bird",
                f.get("fair_start") is True, _text(f, "seed"), _text(f, "plan", "single"),
                f.get("hints") is not False)
    intent = data.get("intent")
    kind = intent.get("kind") if isinstance(intent, dict) else ""
    kind = kind if kind in INTENTS else ""
    save_id = _text(intent, "id") if isinstance(intent, dict) else ""
    failed = data.get("failed")
    return Handed(form, str(kind), save_id, _text(data, "focus"),
                  failed if failed in LANGS else "")


def after_boot(handed: Handed | None) -> list[Action]:
    """The actions the intent asks for, dispatched after ``Boot`` (once each)."""
    if handed is None:
        return []
    out: list[Action] = []
    if handed.intent == "start":
        out.append(StartGame(handed.form))
    elif handed.intent == "resume" and handed.save_id:
        out.append(Command("resume", handed.save_id))
    elif handed.intent == "learn":
        out.append(Command("tutorial-open"))
    if handed.failed:  # last: prestart.js hands it only while said (an intent after hides it)
        out.append(LanguageFailed(handed.failed))
    return out
