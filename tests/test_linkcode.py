"""web/page/linkcode.js: a game link drawn before Python shows the link's board side with
its tiles where the engine puts them (ownership comes with the engine)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import qin
from qin import records
from qin.boards import NAMES, board_text
from tests.conftest import node_json

ROOT = Path(__file__).resolve().parent.parent
LINKCODE = ROOT / "web" / "page" / "linkcode.js"
SIDES = {name: board_text(name) for name in NAMES}


def link_position(hash_text: str) -> Any:
    return node_json(f"import {{ linkPosition }} from {json.dumps(LINKCODE.as_uri())};\n"
                     f"console.log(JSON.stringify(linkPosition({json.dumps(hash_text)}, "
                     f"{json.dumps(SIDES)})));")


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
