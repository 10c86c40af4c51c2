"""The English wording of events (qin.describe), shared by the command line and the
web page's move log."""

from __future__ import annotations

import random

import pytest

import qin
from qin.describe import colour_name, describe, describe_all, player_name
from qin.events import KINDS, Event

NAMES = ["Green", "White", "Black"]


@pytest.mark.parametrize(("event", "text"), [
    (Event("place", 1, ("c4", "d4"), colour="RY"),
     "Green places a red/yellow tile: red on c4, yellow on d4"),
    (Event("place", 2, ("d4", "c4"), colour="BR"),
     "White places a blue/red tile: blue on d4, red on c4"),
    (Event("place", 1, ("c4", "c5"), colour="YY"), "Green places a yellow tile on c4 and c5"),
    # Q11
    (Event("found", 1, ("c4", "d4", "e4"), colour="R", size=3),
     "Green founds a red province of 3 (c4 d4 e4)"),
    # Q11a
    (Event("expand", 2, ("c4", "d4", "e4", "e5"), colour="B", size=4),
     "White's blue province grows to 4 (c4 d4 e4 e5)"),
    # Q12 / Q13
    (Event("absorb", 1, ("a1", "b1", "c1", "d1", "e1", "f1"), colour="Y", size=6,
           losers=(2,)),
     "Green absorbs White's province: a yellow province of 6 (a1 b1 c1 d1 e1 f1)"),
    (Event("absorb", 3, ("a1", "b1", "c1", "d1", "e1", "f1", "g1"), colour="R", size=7,
           losers=(1, 2)),
     "Black absorbs Green's and White's provinces: a red province of 7 "
     "(a1 b1 c1 d1 e1 f1 g1)"),
    (Event("absorb", 1, ("a1", "b1", "c1", "d1", "e1"), colour="R", size=5, losers=()),
     "Green joins their own red provinces into one of 5 (a1 b1 c1 d1 e1)"),
    # Q12 / Q15 returns
    (Event("return", 2, ("a1", "b1"), count=1), "1 pagoda goes back to White's supply (a1 b1)"),
    (Event("return", 2, ("a1", "b1", "c1", "d1", "e1"), count=2),
     "2 pagodas go back to White's supply (a1 b1 c1 d1 e1)"),
    (Event("return", 3, ("f6",), count=1),
     "Black's pagoda on the village f6 goes back to their supply"),
    # Q14
    (Event("major", 1, ("a1", "b1", "c1", "d1", "e1"), colour="B", size=5),
     "Green's blue province of 5 becomes a major province and gets a second pagoda "
     "(a1 b1 c1 d1 e1)"),
    # Q15
    (Event("village", 1, ("f6",), from_player=0), "Green takes the empty village f6"),
    (Event("village", 1, ("f6",), from_player=2), "Green takes the village f6 from White"),
    # Q10, Q16, Q18
    (Event("pass", 3), "Black passes: no tile in hand can be placed"),
    (Event("win", 2), "White places their last pagoda and wins the game"),
    (Event("end", None, winners=(1,)), "The game is over: nobody can place a tile. Green wins"),
    (Event("end", None, winners=(1, 3)),
     "The game is over: nobody can place a tile. Green and Black share the win"),
])
def test_wording(event: Event, text: str) -> None:
    assert describe(event, NAMES) == text


def test_end_with_counts() -> None:
    event = Event("end", None, winners=(2,))
    assert describe(event, NAMES, [10, 12, 3]).endswith("White wins with 12 pagodas on the board")
    assert describe(event, NAMES, {1: 10, 2: 1}).endswith("White wins with 1 pagoda on the board")
    shared = Event("end", None, winners=(1, 2))
    assert describe(shared, NAMES, [9, 9]).endswith(
        "Green and White share the win with 9 pagodas each on the board")
    counted = Event("end", None, winners=(2,), count=14)  # if the engine ever carries it
    assert describe(counted, NAMES).endswith("with 14 pagodas on the board")


def test_default_names_and_helpers() -> None:
    assert describe(Event("pass", 2)) == "Player 2 passes: no tile in hand can be placed"
    assert describe(Event("pass", 4), NAMES).startswith("Player 4 passes")
    assert player_name(None, NAMES) == "Nobody"
    assert colour_name("r") == "red" and colour_name("B") == "blue" and colour_name(None) == "?"


def test_every_event_of_real_games_reads_as_one_line() -> None:
    seen: set[str] = set()
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 2), (5, 3)):
        board = "bird" if seed % 2 else "lion"
        names = NAMES[:players] if players <= 3 else ["A", "B", "C", "D"]
        g = qin.Game.new(board, players, seed=seed, names=names)
        rng = random.Random(seed)
        while not g.is_over:
            events = g.play(rng.choice(g.legal_moves()))
            counts = [g.on_board(p) for p in range(1, players + 1)]
            for event, line in zip(events, describe_all(events, g.names, counts), strict=True):
                seen.add(event.kind)
                assert line and "\n" not in line and "?" not in line and "None" not in line
                if event.player is not None:
                    assert g.names[event.player - 1] in line
                for square in event.squares:
                    assert square in line
    assert {"place", "found", "expand", "village"} <= seen <= set(KINDS)
