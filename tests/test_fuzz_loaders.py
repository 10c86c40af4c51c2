"""Fuzzing the loaders: mutated records, saves, positions, moves and link
fragments go through the engine's and the page's loaders.  Nothing may crash with an
unhandled exception: everything bad is refused with a ``ValueError`` subclass
(``RecordError``, ``PositionError``, ``IllegalMove``, ``SaveError``, ``LinkError``) that
carries a message.  10,000 generated inputs (2,000 a test), most of them through two
loaders or more; well under a minute.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import qin
from qin import records

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
sys.path.insert(0, str(WEB))

from qin_ui import keep, links, saves  # noqa: E402


def _played(seed: int, players: int, board: str, moves: int | None) -> qin.Game:
    game = qin.Game.new(board=board, players=players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and (moves is None or len(game.moves) < moves):
        game.play(rng.choice(game.legal_moves()))
    return game


BASES = [_played(1, 2, "bird", 8), _played(2, 3, "lion", 30), _played(3, 4, "bird", None),
         _played(4, 2, "lion", 0)]
RECORDS = [json.dumps(g.record()) for g in BASES]


def _written(game: qin.Game) -> str:
    """The text the store writes for ``game`` (with its revision and summary), as id1."""
    storage = saves.MemoryStorage()
    store = saves.SaveStore(storage)
    ref = store.create(game, {"kinds": ["human"] * game.players,
                              "colours": keep.default_colours(game.players),
                              "at_screen": 1, "cover": False}, recorder=game.record)
    return storage.data[saves.PREFIX + ref.id].replace(ref.id, "id1")


SAVES = [saves.SavedGame("id1", g.record(), ["human"] * g.players,
                         keep.default_colours(g.players), 1, False, 1.0, 2.0).to_json()
         .replace(saves.FORMAT, saves.OLD_FORMAT) for g in BASES[:2]] + [
    _written(g) for g in BASES]
CODES = [links.fragment(g.record) for g in BASES]
POSITIONS = [g.to_position() for g in BASES[:2]]
MOVES = [str(m) for g in BASES for m in g.moves[:10]] + ["pass", "Rc4Yd4", "Rc4 Yd4"]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=8)

FUZZ = settings(max_examples=2000, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def mutated(draw: st.DrawFn, bases: list[str], alphabet: str | None = None) -> str:
    """One of ``bases`` after 1-3 edits: cut, delete, insert, replace, duplicate."""
    text = draw(st.sampled_from(bases))
    chars = st.sampled_from(alphabet) if alphabet else st.characters()
    for _ in range(draw(st.integers(1, 3))):
        if not text:
            break
        kind = draw(st.sampled_from(["cut", "delete", "insert", "replace", "dup", "swap"]))
        i = draw(st.integers(0, len(text) - 1))
        j = draw(st.integers(i, min(len(text), i + 12)))
        if kind == "cut":
            text = text[:i]
        elif kind == "delete":
            text = text[:i] + text[j:]
        elif kind == "insert":
            text = text[:i] + draw(st.text(chars, min_size=1, max_size=6)) + text[i:]
        elif kind == "replace":
            text = text[:i] + draw(chars) + text[i + 1:]
        elif kind == "dup":
            text = text[:j] + text[i:j] + text[j:]
        else:
            k = draw(st.integers(0, len(text) - 1))
            chars_list = list(text)
            chars_list[i], chars_list[k] = chars_list[k], chars_list[i]
            text = "".join(chars_list)
    return text


@st.composite
def field_swapped(draw: st.DrawFn) -> str:
    """A record or save with one field (at the top or in "record"/"ui") set to junk."""
    data = json.loads(draw(st.sampled_from(RECORDS + SAVES)))
    target = data
    if "record" in data and draw(st.booleans()):
        target = data[draw(st.sampled_from(["record", "ui", "summary"]
                                           if data.get("summary") else ["record", "ui"]))]
    key = draw(st.sampled_from(sorted(target) + ["extra"]))
    if draw(st.booleans()):
        target[key] = draw(JSON_VALUES)
    else:
        target.pop(key, None)
    return json.dumps(data)


def refused_cleanly(load: Callable[[Any], object], value: Any) -> None:
    try:
        load(value)
    except ValueError as exc:  # every loader's error is a ValueError subclass
        assert str(exc).strip(), f"{type(exc).__name__} without a message for {value!r}"


B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_#=g"


@FUZZ
@given(st.one_of(mutated(RECORDS), field_swapped(), st.text(max_size=40)))
def test_records_and_imports(text: str) -> None:
    refused_cleanly(records.load, text)
    refused_cleanly(saves.read_import, text)


@FUZZ
@given(st.one_of(mutated(SAVES), field_swapped()))
def test_saves_and_the_store(text: str) -> None:
    refused_cleanly(lambda t: saves.parse_save(t, ["human"]), text)
    store = saves.SaveStore(saves.MemoryStorage({saves.PREFIX + "id1": text}))
    entries = store.entries()  # never raises: a bad save is listed as damaged
    assert len(entries) == 1
    if not entries[0].ok:
        assert entries[0].state and store.raw("id1") == text
    else:  # listed from its summary: opening it resumes it or says why not
        refused_cleanly(lambda _: keep.restore(store.open("id1").saved), None)
        refused_cleanly(lambda _: keep.restore(store.load("id1")[0]), None)


@FUZZ
@given(st.one_of(mutated(CODES, B64), st.text(B64, max_size=30)))
def test_link_fragments(text: str) -> None:
    refused_cleanly(links.read_link, text)
    refused_cleanly(records.from_url, text)


@settings(max_examples=2000, deadline=None, derandomize=True)
@given(mutated(POSITIONS, ". ~ - v v1 v2 R Y B r y b r1 y2 b3\n:#123456789 players hand-"))
def test_positions(text: str) -> None:
    refused_cleanly(qin.Game.from_position, text)


@settings(max_examples=2000, deadline=None, derandomize=True)
@given(mutated(MOVES, "RYBpasc0123456789abcdefghijklm \t"), st.integers(0, 3))
def test_moves(text: str, which: int) -> None:
    refused_cleanly(qin.Move.parse, text)
    game = BASES[which].clone() if not BASES[which].is_over else BASES[0].clone()
    refused_cleanly(game.play, text)


# -- hostile inputs: found by hand, kept as a corpus for the engine's loaders -----------
def _record_with(**changes: object) -> str:
    data = json.loads(RECORDS[0])
    data.update(changes)
    return json.dumps(data)


ESC = "\x1b[31m\x1b]0;title\x07"
HOSTILE_RECORDS = [
    _record_with(board="/proc/self/environ"), _record_with(board="/dev/zero"),
    _record_with(board="/dev/stdin"), _record_with(board="/dev/urandom"),
    _record_with(board="../../../../etc/passwd"), _record_with(board="boards/bird.txt"),
    _record_with(board=". R\n" * 100), _record_with(board=ESC),
    RECORDS[0].replace('"seed": 1', '"seed": ' + "9" * 5000),
    RECORDS[0].replace('"players": 2', '"players": ' + "2" * 5000),
    _record_with(players=2.0), _record_with(names=["\ud800", "b"]),
    _record_with(names=[ESC, "b"]), _record_with(moves=["Rc٣Rc٤"]),
    _record_with(moves=[ESC * 1000]), _record_with(moves=["x" * 200_000]),
    '{"a":' * 48_000, "[" * 120_000, "{" * 120_000, '{"a": "' + "x" * 300_000 + '"}',
    '{"format": "qin-game/1", "moves": ' + "[" * 100 + "]" * 100 + "}",
]
HOSTILE_POSITIONS = [
    "players: ²\n. R\n. Y\n", "players: ٣\n. R\n. Y\n", "to-move: ١\n. R\n. Y\n",
    "players: " + "2" * 5000 + "\n. R\n", "board: a\ud800\n. R\n", "board: " + ESC + "\n. R\n",
    ". " + "\u202e" * 1000 + "\n", "players: 2\n" + ". " * 13 * 20_000 + "\n",
    ("players: 2\n" + ". " * 13 + "\n") * 10_000, "x" * 1_000_000,
]
HOSTILE_MOVES = ["Rc٣Rc٤", "Rc٣Yc4", "Rc4Yc４", "Rc¹Yc²", ESC, "Q" * 1_000_000, "Rc4\ud800"]
HOSTILE_LINKS = ["A" * 1_000_000, "#g=" + "_" * 100_000, ESC]


def refused_quickly(load: Callable[[Any], object], value: Any) -> None:
    """Refused with a project error whose message is short, escaped and printable (how
    quickly is bench/'s to measure: the readers refuse oversized text before parsing)."""
    try:
        load(value)
    except qin.QinError as exc:
        message = str(exc)
        assert message.strip() and len(message) < 600 and message.isprintable(), message
        message.encode("utf-8")


@pytest.mark.parametrize("text", HOSTILE_RECORDS, ids=range(len(HOSTILE_RECORDS)))
def test_hostile_records(text: str) -> None:
    refused_quickly(records.load, text)
    refused_quickly(records.load, text.encode("utf-8", "surrogatepass"))
    refused_quickly(records.to_url, text)


@pytest.mark.parametrize("text", HOSTILE_POSITIONS, ids=range(len(HOSTILE_POSITIONS)))
def test_hostile_positions(text: str) -> None:
    refused_quickly(qin.Game.from_position, text)
    refused_quickly(lambda t: qin.Game.new(board=t + "\n"), text)


@pytest.mark.parametrize("text", HOSTILE_MOVES + HOSTILE_LINKS,
                         ids=range(len(HOSTILE_MOVES + HOSTILE_LINKS)))
def test_hostile_moves_and_links(text: str) -> None:
    refused_quickly(qin.Move.parse, text)
    refused_quickly(BASES[0].clone().play, text)
    refused_quickly(records.from_url, text)


# -- hostile stored and imported JSON: through every reader of stored data -------------
HOSTILE_STORED = [
    "[" * 60_000 + "]" * 60_000,  # under qin.tutorial: killed Pyodide
    '{"form": ' * 30_000 + "}" * 30_000,  # the start screen's hand-over
    '{"format": "qin-progress/1", "games": [{"id": "g1", "level": "apprentice", '
    '"players": 2, "result": "won", "ended": 1e999}]}',  # was stored as Infinity
    '{"format": "qin-progress/1", "games": [{"id": "g1", "level": "apprentice", '
    '"players": 2, "result": "won", "ended": NaN}]}',
    '{"format": "qin-series/1", "players": 5}', '{"format": "qin-series/1", "players": true}',
    '{"format": "qin-series/1", "players": 1.5}',
    '{"format": "qin-ai-request/2", "level": "apprentice", "ai_seed": ' + "7" * 4_300
    + ', "budget_s": null, "view": {}}',
    '{"format": "qin-ai-request/2", "kind": "review", "ai_seed": 0, "ply": 1, '
    '"played": "Ra1Rc5", "view": ' + "[" * 5_000 + "]" * 5_000 + "}",
    '{"format": "qin-ai-request/2", "level": "apprentice", "ai_seed": 1, "budget_s": '
    'Infinity, "view": {}}',
    '{"t": "key", "key": ' + "[" * 50_000 + "]" * 50_000 + "}",
]


@pytest.mark.parametrize("text", HOSTILE_STORED, ids=range(len(HOSTILE_STORED)))
def test_hostile_stored_json_through_every_reader(text: str) -> None:
    from tests.test_json_text import READERS

    for run in READERS.values():
        run(text)
