"""web/page/linkcode.js: a game link drawn before Python shows the link's board side with
its tiles where the engine puts them (ownership comes with the engine).

The decoder is the one piece of the page's logic written again in JavaScript (the board is
drawn from the address before Python); a property test holds it to the engine over random
games: any board side, 2-4 players, any seed, custom names or none, passes, played to any
length (to the end too)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import qin
from qin import record_format, records
from qin.boards import NAMES, board_text
from qin.inputs import NAME_CATEGORIES, is_name_text
from tests.conftest import node_json

if TYPE_CHECKING:  # the Unicode categories hypothesis names (a Literal of its own)
    from hypothesis.internal.charmap import CategoryName

ROOT = Path(__file__).resolve().parent.parent
LINKCODE = ROOT / "web" / "page" / "linkcode.js"
SIDES = {name: board_text(name) for name in NAMES}


def link_positions(hashes: list[str]) -> list[Any]:
    """linkPosition(hash) for each hash, in one run of Node."""
    return list(node_json(
        f"import {{ linkPosition }} from {json.dumps(LINKCODE.as_uri())};\n"
        f"const sides = {json.dumps(SIDES)};\n"
        f"console.log(JSON.stringify({json.dumps(hashes)}.map((h) => linkPosition(h, sides))));"))


def link_position(hash_text: str) -> Any:
    return link_positions([hash_text])[0]


def grid(position: str) -> list[list[str]]:
    """The squares of position text, owner marks (provinces, villages) dropped."""
    return [[re.sub(r"[1-4]$", "", token) for token in line.split()]
            for line in position.splitlines()
            if line.strip() and ":" not in line and not line.startswith("#")]


@pytest.mark.parametrize(("board", "players", "names"), [
    ("bird", 2, None), ("lion", 3, ["Mei", "Li", "Wu"]), ("lion", 4, None)])
def test_a_links_tiles_are_where_the_engine_puts_them(board: str, players: int,
                                                      names: list[str] | None) -> None:
    game = qin.Game.new(board=board, players=players, seed=17, names=names)
    for turn in range(9):
        moves = game.legal_moves()
        game.play(moves[(turn * 7) % len(moves)])
    got = link_position("#g=" + records.to_url(game))
    assert (got["board"], got["players"]) == (board, players)
    assert grid(got["text"]) == grid(game.to_position())


def test_a_review_asked_after_the_code_draws_the_same_board() -> None:
    game = qin.Game.new(board="lion", players=2, seed=5)
    for _ in range(7):
        game.play(game.legal_moves()[0])
    plain, review, damaged = link_positions(
        [f"#g={records.to_url(game)}{tail}" for tail in ("", "&review=4", "&review=x")])
    assert plain is not None and review == plain and damaged == plain


def test_a_damaged_code_gives_nothing() -> None:
    assert link_position("#g=") is None
    assert link_position("#g=!!!") is None


NAME = st.text(st.characters(codec="utf-8", exclude_categories=cast(
                   "tuple[CategoryName, ...]", tuple(NAME_CATEGORIES))),
               min_size=1, max_size=12).filter(
    lambda name: bool(name.strip()) and is_name_text(name))


@st.composite
def random_game(draw: st.DrawFn) -> qin.Game:
    board = draw(st.sampled_from(NAMES))
    players = draw(st.integers(2, 4))
    names = draw(st.none() | st.lists(NAME, min_size=players, max_size=players,
                                      unique_by=str.casefold))
    game = qin.Game.new(board=board, players=players, seed=draw(st.integers(0, 2**63 - 1)),
                        fair_start=draw(st.booleans()), names=names)
    plies = draw(st.integers(0, 70))
    picks = draw(st.lists(st.integers(0, 10_000), min_size=plies, max_size=plies))
    for pick in picks:
        if game.is_over:
            break
        moves = game.legal_moves()
        game.play(moves[pick % len(moves)])
    return game


@st.composite
def seats_and_hints(draw: st.DrawFn, players: int) -> dict[str, Any]:
    """A link's optional fields: who plays each seat, the hints each asked (or neither)."""
    extra: dict[str, Any] = {}
    if draw(st.booleans()):
        extra["seats"] = draw(st.lists(st.sampled_from(record_format.SEAT_KINDS),
                                       min_size=players, max_size=players))
    if draw(st.booleans()):
        extra["hints"] = draw(st.lists(st.integers(0, record_format.MAX_HINTS),
                                       min_size=players, max_size=players))
    return extra


@st.composite
def random_link(draw: st.DrawFn) -> tuple[qin.Game, dict[str, Any]]:
    """A random game and its record with or without seats and hints."""
    game = draw(random_game())
    return game, {**game.record(), **draw(seats_and_hints(game.players))}


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(random_link(), min_size=1, max_size=12))
def test_the_decoder_agrees_with_the_engine_over_random_games(
        links: list[tuple[qin.Game, dict[str, Any]]]) -> None:
    got = link_positions(["#g=" + records.link_code(record) for _, record in links])
    for (game, record), position in zip(links, got, strict=True):
        assert records.record_from_url(records.link_code(record)) == records.checked(record)
        assert position is not None, game.moves
        assert (position["board"], position["players"]) == (game.board_name, game.players)
        assert grid(position["text"]) == grid(game.to_position()), game.moves


OLD_LINK = "ASUiA01laQJMaQJXdbIM3gjHBfkE6QSfBs4I-hWbF6sx"
"""A link code written before seats and hints were added (Lion, 3 players, seed 17,
custom names, 9 moves): it still opens, every seat human, no hints."""


def test_a_link_from_before_seats_and_hints_still_opens() -> None:
    record = records.record_from_url(OLD_LINK)
    assert "seats" not in record and "hints" not in record
    assert (record["board"], record["players"], record["seed"], record["names"]) == (
        "lion", 3, 17, ["Mei", "Li", "Wu"])
    assert record["moves"][:2] == ["Rg4Yg5", "Rg3Yh3"] and len(record["moves"]) == 9
    game = qin.Game.new(board="lion", players=3, seed=17, names=["Mei", "Li", "Wu"])
    for move in record["moves"]:
        game.play(move)
    assert records.link_code(game.record()) == OLD_LINK  # the same game, the same code
    assert grid(link_position("#g=" + OLD_LINK)["text"]) == grid(game.to_position())


def test_a_link_keeps_who_is_a_computer_and_the_hints() -> None:
    game = qin.Game.new(board="bird", players=2, seed=5)
    game.play(game.legal_moves()[0])
    record = {**game.record(), "seats": ["human", "minister"], "hints": [2, 0]}
    back = records.record_from_url(records.link_code(record))
    assert back["seats"] == ["human", "minister"] and back["hints"] == [2, 0]
    with pytest.raises(records.RecordError, match="seats"):
        records.checked({**record, "seats": ["human", "grandmaster"]})
