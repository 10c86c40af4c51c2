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
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import qin
from qin import records
from qin.boards import NAMES, board_text
from qin.inputs import NAME_CATEGORIES
from tests.conftest import node_json

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


def test_a_damaged_code_gives_nothing() -> None:
    assert link_position("#g=") is None
    assert link_position("#g=!!!") is None


NAME = st.text(st.characters(codec="utf-8", exclude_categories=tuple(NAME_CATEGORIES)),
               min_size=1, max_size=12).filter(lambda name: bool(name.strip()))


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


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(random_game(), min_size=1, max_size=12))
def test_the_decoder_agrees_with_the_engine_over_random_games(games: list[qin.Game]) -> None:
    got = link_positions(["#g=" + records.to_url(game) for game in games])
    for game, position in zip(games, got, strict=True):
        assert position is not None, game.moves
        assert (position["board"], position["players"]) == (game.board_name, game.players)
        assert grid(position["text"]) == grid(game.to_position()), game.moves
