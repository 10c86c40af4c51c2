"""web/page/progress_table.js: the start screen's progress table drawn before Python is
the table the page's Python draws (qin_ui.progress.table_html), byte for byte, in every
language; a record Python would not read is not drawn (Python then keeps it aside and
says why)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web" / "page"
sys.path.insert(0, str(WEB))

from qin_ui import i18n, progress  # noqa: E402
from qin_ui.render import _level_name  # noqa: E402

from tests.conftest import node_json  # noqa: E402

TABLE = WEB / "progress_table.js"


def catalogue(lang: str) -> dict[str, str]:
    data = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}


@pytest.fixture
def language() -> Iterator[None]:
    yield
    i18n.set_language("en", catalogue("en"))


def drawn_in_js(texts: list[str | None], lang: str) -> list[Any]:
    """progressTable(text) for each text, with prestart.js's catalogue look-ups."""
    return list(node_json(
        f"import {{ progressTable }} from {json.dumps(TABLE.as_uri())};\n"
        f"const messages = {json.dumps(catalogue(lang))};\n"
        "const say = (key) => messages[key] ?? key;\n"
        "const levelName = (k) => messages[`ai.${k}.name`] ?? k[0].toUpperCase() + k.slice(1);\n"
        f"const texts = {json.dumps(texts)};\n"
        "console.log(JSON.stringify(texts.map((t) => progressTable(t, say, levelName))));"))


def record(*games: tuple[str, str, int, str]) -> str:
    return json.dumps({"format": progress.FORMAT, "games": [
        {"id": game_id, "level": level, "players": players, "result": result,
         "ended": 1_700_000_000_000 + n}
        for n, (game_id, level, players, result) in enumerate(games)]})


RECORDS = [
    record(),
    record(("a", "governor", 2, "won")),
    record(("a", "emperor", 3, "lost"), ("b", "apprentice", 2, "won"),
           ("c", "emperor", 2, "shared"), ("d", "apprentice", 2, "lost"),
           ("e", "emperor", 3, "won"), ("a", "emperor", 3, "won"),  # "a" again: counted once
           *[(f"m{n}", "minister", 4, ("won", "lost", "shared")[n % 3]) for n in range(9)]),
]


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_table_before_python_is_the_one_python_draws(lang: str, language: None) -> None:
    i18n.set_language(lang, catalogue(lang))
    drawn = drawn_in_js([None, *RECORDS], lang)
    for text, js in zip([None, *RECORDS], drawn, strict=True):
        expected = progress.parse(text) if text is not None else progress.Progress()
        assert js is not None
        assert js["html"] == progress.table_html(expected, _level_name)
        assert js["games"] == len(expected.games)


@pytest.mark.parametrize("text", [
    "{not json", "[]", json.dumps({"format": "qin-progress/2", "games": []}),
    json.dumps({"format": progress.FORMAT, "games": {}}),
    record(("a", "grandmaster", 2, "won")), record(("a", "governor", 5, "won")),
    record(("a", "governor", 2, "drawn")), record(("", "governor", 2, "won")),
    record(("x" * 65, "governor", 2, "won")),
    json.dumps({"format": progress.FORMAT, "games": [
        {"id": "a", "level": "governor", "players": 2, "result": "won", "ended": "soon"}]}),
    json.dumps({"format": progress.FORMAT, "games": [
        {"id": "a", "level": "governor", "players": True, "result": "won"}]}),
])
def test_a_record_python_would_not_read_is_not_drawn(text: str) -> None:
    with pytest.raises(progress.ProgressError):
        progress.parse(text)
    assert drawn_in_js([text], "en") == [None]


def test_hostile_text_in_the_catalogue_is_escaped() -> None:
    """The words come from the catalogue: a tag in them is shown, never run."""
    html = node_json(
        f"import {{ progressTable }} from {json.dumps(TABLE.as_uri())};\n"
        "const say = () => '<img src=x onerror=alert(1)>';\n"
        f"console.log(JSON.stringify(progressTable({json.dumps(RECORDS[1])}, say, say).html));")
    assert "<img" not in html and "&lt;img" in html
