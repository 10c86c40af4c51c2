"""One reader for JSON text from outside (``qin.json_text``), and every reader of stored or
imported data through it: deep, huge and mistyped JSON is refused with the reader's own
error (a ``ValueError`` subclass that says why) or read as nothing, never
``RecursionError``, ``TypeError``, ``KeyError`` or a number that is not JSON.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qin import records
from qin.errors import QinError
from qin.json_text import MAX_DEPTH, MAX_DIGITS, MAX_TEXT, JsonTextError, read_json
from qin.series import Series

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
sys.path.insert(0, str(WEB))

import host  # noqa: E402
from qin_ui import ai_bridge, handover, progress, saves, tutorial  # noqa: E402

DEEP = "[" * 60_000 + "]" * 60_000
DEEP_OBJECTS = '{"a":' * 40_000 + "1" + "}" * 40_000
HOSTILE = [
    DEEP, DEEP_OBJECTS, '{"ended": 1e999}', '{"ended": -1e999}', '{"ended": NaN}',
    '{"ended": Infinity}', '[-Infinity]', "[" + "9" * 4_300 + "]", "[" + "9" * 5_000 + "]",
    "[1." + "0" * 5_000 + "]", '"' + "x" * (MAX_TEXT + 1) + '"', '"\\ud800"', "\ud800",
    "", "   ", "[1,]", '{"a": 1', "\x00",
]


def code_of(text: object) -> str:
    with pytest.raises(JsonTextError) as info:
        read_json(text)
    assert str(info.value).strip()
    return info.value.code


@pytest.mark.parametrize(("text", "code"), [
    (DEEP, "deep"), (DEEP_OBJECTS, "deep"), ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
                                             "deep"),
    ('{"ended": 1e999}', "number"), ('{"ended": -1e999}', "number"), ("[NaN]", "number"),
    ("[Infinity]", "number"), ("[-Infinity]", "number"),
    ("[" + "9" * 4_300 + "]", "digits"), ("[" + "9" * (MAX_DIGITS + 1) + "]", "digits"),
    ("[1." + "0" * 5_000 + "]", "digits"), ('"' + "x" * (MAX_TEXT + 1) + '"', "large"),
    ('"\\ud800"', "unicode"), ("\ud800", "unicode"), ("", "empty"), ("[1,]", "json"),
    (b"\xff", "utf8"), (5, "text"),
])
def test_the_reader_refuses_what_is_not_plain_json_within_its_limits(text: object,
                                                                     code: str) -> None:
    assert code_of(text) == code


def test_the_reader_reads_what_the_game_writes() -> None:
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert read_json(nested) is not None
    assert read_json('{"seed": 9223372036854775807, "t": 1.5e3, "s": "[[[\\"{"}') == {
        "seed": 2**63 - 1, "t": 1500.0, "s": '[[["{'}
    assert read_json(b'\xef\xbb\xbf{"name": "Mum \xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9"}') \
        == {"name": "Mum 👨\u200d👩"}


def test_every_engine_loader_words_the_readers_refusal() -> None:
    for load in (records.load, Series.from_json):
        for text in HOSTILE:
            with pytest.raises(QinError):
                load(text)


# -- every stored-data reader under deep, huge and mistyped JSON --------------------------
def _raises_its_own(load: Callable[[Any], object], error: type[ValueError]) -> \
        Callable[[Any], None]:
    def run(text: Any) -> None:
        try:
            load(text)
        except error as exc:
            assert str(exc).strip()
    return run


def _never_raises(load: Callable[[Any], object]) -> Callable[[Any], None]:
    def run(text: Any) -> None:
        load(text)
    return run


def _stored_entries(text: Any) -> None:
    saves.SaveStore(saves.MemoryStorage({saves.PREFIX + "a": text})).entries()


def _no_infinity(text: Any) -> None:
    try:
        got = progress.parse(text)
    except progress.ProgressError:
        return
    assert all(math.isfinite(g.ended) for g in got.games)
    json.loads(got.to_json(), parse_constant=lambda c: pytest.fail(c))


READERS: dict[str, Callable[[Any], None]] = {
    "record": _raises_its_own(records.load, QinError),
    "series": _raises_its_own(Series.from_json, QinError),
    "save": _raises_its_own(lambda t: saves.read_save(t, ["human"]), saves.SaveError),
    "import": _raises_its_own(saves.read_import, saves.SaveError),
    "store": _stored_entries,
    "progress": _no_infinity,
    "tutorial": _never_raises(tutorial.read_progress),
    "handover": _never_raises(handover.read),
    "shell message": _never_raises(host.decode),
    "computer request": _raises_its_own(ai_bridge.answer, ai_bridge.RequestError),
    "review request": _raises_its_own(ai_bridge.review_answer, ai_bridge.RequestError),
}


@pytest.mark.parametrize("reader", READERS, ids=list(READERS))
@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_every_reader_survives_the_hostile_texts(reader: str, text: str) -> None:
    READERS[reader](text)


JSON_LEAVES = (st.none() | st.booleans() | st.integers(-2**80, 2**80)
               | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=8))
JSON = st.recursive(JSON_LEAVES, lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=6)
FIELDS = ["format", "players", "games", "record", "names", "moves", "seed", "board", "ended",
          "form", "intent", "view", "level", "ai_seed", "budget_s", "kind", "ply", "played",
          "result", "id", "summary", "series", "ui", "rev"]
FORMATS = ["qin-game/1", "qin-series/1", "qin-save/2", "qin-save/1", progress.FORMAT,
           ai_bridge.FORMAT]


@st.composite
def hostile_json(draw: st.DrawFn) -> str:
    """A JSON object with known field names holding anything, nested deep or not, with
    huge or non-finite numbers written as Python's ``json.dumps`` writes them."""
    data: dict[str, Any] = {"format": draw(st.sampled_from(FORMATS))}
    for key in draw(st.lists(st.sampled_from(FIELDS), max_size=5)):
        data[key] = draw(JSON)
    text = json.dumps(data)
    shape = draw(st.sampled_from(["plain", "deep", "huge", "wrapped"]))
    if shape == "deep":
        depth = draw(st.integers(MAX_DEPTH - 2, 3_000))
        text = text[:-1] + ', "x": ' + "[" * depth + "]" * depth + "}"
    elif shape == "huge":
        text = text[:-1] + ', "x": ' + "9" * draw(st.integers(20, 5_000)) + "}"
    elif shape == "wrapped":
        depth = draw(st.integers(1, 40))
        text = "[" * depth + text + "]" * depth
    return text


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(hostile_json())
def test_every_stored_data_reader_takes_deep_huge_and_mistyped_json(text: str) -> None:
    for run in READERS.values():
        run(text)
