"""The text formats of spec/notation.md: moves, positions (parse, canonical output,
round trip) and the errors for bad text (line, column, the offending text)."""

from __future__ import annotations

import json
import textwrap

import pytest

import qin
from tests.conftest import game, group, position

# -- moves -----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["Rc4Yd4", "Yc4Yc5", "Ba1Rb1", "Rm13Ym12", "Yd4Rc4", "pass"])
def test_move_text_round_trips(text: str) -> None:
    """spec "Moves": str(Move.parse(t)) == t, first half first."""
    assert str(qin.Move.parse(text)) == text
    assert qin.Move.parse(str(qin.Move.parse(text))) == qin.Move.parse(text)


def test_move_whitespace_between_halves_and_around() -> None:
    """spec "Moves": whitespace between the halves is allowed on input; output has none."""
    assert str(qin.Move.parse("Rc4 Yd4")) == "Rc4Yd4"
    assert str(qin.Move.parse("  Rc4\tYd4 \n")) == "Rc4Yd4"
    assert qin.Move.parse(" pass ") is qin.PASS and qin.PASS.is_pass


def test_both_writings_of_a_placement_are_equal() -> None:
    """spec "engine interface": Rc4Yd4 and Yd4Rc4 are the same placement (equal, same
    hash); the tile kind follows from the colours (YR is RY)."""
    a, b = qin.Move.parse("Rc4Yd4"), qin.Move.parse("Yd4Rc4")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a.kind == b.kind == "RY"
    assert qin.Move.parse("Rc4Rd4") == qin.Move.parse("Rd4Rc4")
    assert qin.Move.parse("Rc4Yd4") != qin.Move.parse("Yc4Rd4")
    assert qin.Move.parse("Rc4Yd4") != qin.PASS
    assert a.halves == (("R", "c4"), ("Y", "d4")) and b.squares == ("d4", "c4")


def test_a_move_written_either_way_plays_the_same() -> None:
    """spec: play accepts either writing; both lead to the same position."""
    grid = """
        . . .
        . R .
        . . .
    """
    one, other = game(grid), game(grid)
    one.play("Rb1Yc1")
    other.play(qin.Move.parse("Yc1 Rb1"))
    assert one.to_position() == other.to_position()


@pytest.mark.parametrize("text", ["", "Rc4", "Xc4Yd4", "Rc4Yd4Bb1", "Rc0Yd4", "rc4yd4",
                                  "c4d4", "pass pass", "Rc4-Yd4", "R4cYd4", "PASS", "Rc4Y"])
def test_bad_move_text_is_refused_quoting_it(text: str) -> None:
    """spec "Moves": bad text raises a ValueError subclass (qin.MoveError) whose message
    quotes the text."""
    with pytest.raises(qin.MoveError) as info:
        qin.Move.parse(text)
    assert isinstance(info.value, ValueError)
    assert f"'{text}'" in str(info.value)


def test_play_of_bad_text_raises_move_error_and_changes_nothing() -> None:
    g = game("""
        . . .
        . R .
    """)
    before = g.to_position()
    with pytest.raises(qin.MoveError, match="'Rb1-Yc1'"):
        g.play("Rb1-Yc1")
    assert g.to_position() == before


def test_non_text_move_is_refused() -> None:
    with pytest.raises(qin.MoveError):
        qin.Move.parse(None)  # type: ignore[arg-type]


# -- positions: reading and canonical writing --------------------------------------------

SPEC_EXAMPLE = """\
players: 2
to-move: 2
. r1 r  v2 .
. R  .  y  .
~ ~  .  .  .
- -  .  .  .
"""


def test_spec_example_reads_and_writes_canonically() -> None:
    """spec "Positions" example: a red province of player 1 beside player 2's village."""
    g = qin.Game.from_position(SPEC_EXAMPLE)
    assert g.players == 2 and g.to_move == 2 and g.analysis
    assert group(g, "b1") == ("R", 1, 1, ("b1", "c1", "b2"))
    assert group(g, "d2") == ("Y", 0, 0, ("d2",))
    assert (g.supply(1), g.supply(2)) == (23, 23)
    assert g.to_position() == textwrap.dedent("""\
        players: 2
        to-move: 2
        . r1 r v2 .
        . R . y .
        ~ ~ . . .
        - - . . .
        """)


def test_canonical_output_moves_the_owner_mark_to_the_first_square() -> None:
    """spec canonical output: each owner mark on its province's first square in reading
    order; squares separated by single spaces; equal positions give equal text."""
    a = game("""
        .  r  .
        r  r3 r
    """, players=3)
    assert a.to_position().splitlines()[-2:] == [". r3 .", "r r r"]
    b = game("""
        .  r3 .
        r  r  r
    """, players=3)
    assert a.to_position() == b.to_position()


def test_canonical_hands_are_sorted_and_yr_reads_as_ry() -> None:
    """spec: tile kinds are written RR YY BB RY RB YB (YR read as RY), hands in that
    order; an empty hand is written 'hand-N:'."""
    g = game("""
        . R .
    """, hands=["YB YR RR", "BY BR", ""], players=3)
    lines = g.to_position().splitlines()
    assert lines[:5] == ["players: 3", "to-move: 1", "hand-1: RR RY YB", "hand-2: RB YB",
                         "hand-3:"]
    assert g.hand(1) == ["RR", "RY", "YB"]


def test_header_order_comments_blank_lines_and_spacing_do_not_matter() -> None:
    """spec: headers are optional key: value lines; '#' lines are comments; blank lines
    are ignored; the canonical text is the same."""
    messy = textwrap.dedent("""\
        # a comment
        to-move: 2

        hand-2:   YY
        Players: 2
        hand-1: BR
          # another
        .    r   r1
        v1   .   .
        """)
    tidy = textwrap.dedent("""\
        players: 2
        to-move: 2
        hand-1: RB
        hand-2: YY
        . r1 r
        v1 . .
        """)
    assert qin.Game.from_position(messy).to_position() == tidy
    assert qin.Game.from_position(tidy).to_position() == tidy


def test_board_header_is_kept() -> None:
    """spec: 'board' names the board a position came from, for display."""
    g = qin.Game.new(board="bird", players=2, seed=1)
    text = g.to_position()
    assert text.startswith("board: bird\nplayers: 2\nto-move: 1\nhand-1: ")
    assert qin.Game.from_position(text).to_position() == text


def test_defaults_two_players_player_one_to_move() -> None:
    g = qin.Game.from_position(". R .\n")
    assert g.players == 2 and g.to_move == 1


def test_analysis_mode_places_any_kind() -> None:
    """spec: without hand lines the player to move may place a tile of any kind; the
    canonical text has no hand lines."""
    g = game("""
        . R .
        . . .
    """)
    assert g.analysis
    assert {m.kind for m in g.legal_moves()} == {"RR", "YY", "BB", "RY", "RB", "YB"}
    g.play("Ba1Ya2")
    assert "hand" not in g.to_position()
    assert {m.kind for m in g.legal_moves()} == {"RR", "YY", "BB", "RY", "RB", "YB"}


def test_positions_round_trip_on_both_boards_through_a_game() -> None:
    """spec: from_position(to_position()) is the same position: same text, same legal
    moves, same supplies (a short random game on each board)."""
    import random

    for board, players in (("bird", 2), ("lion", 4)):
        g = qin.Game.new(board=board, players=players, seed=9)
        rng = random.Random(9)
        for _ in range(25):
            again = qin.Game.from_position(g.to_position())
            assert again.to_position() == g.to_position()
            assert again.legal_moves() == g.legal_moves()
            assert [again.supply(p) for p in range(1, players + 1)] == [
                g.supply(p) for p in range(1, players + 1)]
            g.play(rng.choice(g.legal_moves()))


def test_events_turn_into_json() -> None:
    """spec: each Event has kind, player, squares and turns into JSON with to_dict()."""
    g = game("""
        . . . v
        . B . .
    """)
    events = g.play("Bc1Bc2")
    data = json.loads(json.dumps([e.to_dict() for e in events]))
    assert [d["kind"] for d in data] == ["place", "found", "village"]
    assert all({"kind", "player", "squares"} <= set(d) for d in data)


# -- positions: errors -----------------------------------------------------------------


def refused(text: str, line: int, column: int, *words: str) -> str:
    """The text is refused with a PositionError naming the line, column and words."""
    with pytest.raises(qin.PositionError) as info:
        qin.Game.from_position(text)
    message = str(info.value)
    assert isinstance(info.value, ValueError)
    assert message.startswith(f"line {line}, column {column}: "), message
    for word in words:
        assert word in message, message
    return message


def test_unknown_square_token() -> None:
    refused("players: 2\n. r1 r\n.  x .\n", 3, 4, "'x'")
    refused(". R5\n", 1, 3, "'R5'")
    refused(". v0\n", 1, 3, "'v0'")


def test_ragged_rows() -> None:
    refused(". . .\n. .\n", 2, 3, "'. .'", "same length")


def test_province_without_owner() -> None:
    refused("players: 2\n. . .\n. r r\n", 3, 3, "no owner", "b2 c2")


def test_province_with_two_owners() -> None:
    refused(". r1 .\n. r2 .\n", 2, 3, "'r2'", "owner mark")


def test_owner_mark_on_a_lone_square() -> None:
    refused(". . .\n. y2 .\n", 2, 3, "'y2'", "on b2 is a lone square, not a province")


def test_owner_beyond_the_player_count() -> None:
    refused("players: 3\nr4 r\n", 2, 1, "'r4'", "3 players")
    refused(". . v3\n", 1, 5, "'v3'", "2 players")


def test_bad_player_count() -> None:
    refused("players: 5\n. R\n", 1, 10, "'players: 5'")
    refused("players: 1\n. R\n", 1, 10, "'players: 1'")


def test_player_to_move_beyond_the_count() -> None:
    refused("players: 2\nto-move: 3\n. R\n", 2, 10, "'to-move: 3'")


def test_hand_with_four_tiles() -> None:
    refused("hand-1: RR YY BB RY\nhand-2:\n. R\n", 1, 9, "hand-1", "'RR YY BB RY'",
            "at most 3")


def test_bad_tile_in_a_hand() -> None:
    refused("hand-1: RR\nhand-2: YY RX\n. R\n", 2, 12, "'RX'", "hand-2")


@pytest.mark.parametrize(("text", "line", "missing"), [
    ("hand-1: RR\n. R\n", 1, "hand-2"),
    ("hand-2: RR\n. R\n", 1, "hand-1"),
    ("players: 3\nhand-1: RR\nhand-3:\n. R\n", 2, "hand-2"),
])
def test_missing_hand_line(text: str, line: int, missing: str) -> None:
    """spec: with hand lines, every player has one."""
    refused(text, line, 1, missing, "missing")


def test_hand_of_a_player_who_is_not_playing() -> None:
    refused("hand-1:\nhand-2:\nhand-3: RR\n. R\n", 3, 1, "hand-3")


def test_more_pagodas_than_the_player_has() -> None:
    """spec: a position that would need a negative supply is invalid; the error points
    at the mark that goes over the count."""
    text = position("r r1 . r2 r", filler={1: 24})
    message = refused(text, 6, 34, "'v1'", "player 1 has 25 pagodas")
    assert "24" in message


def test_two_players_with_no_pagodas_left() -> None:
    """spec + Q16: a supply of exactly 0 is a finished game won by that player; two such
    players cannot be."""
    text = position("r r1 . r2 r", filler={1: 23, 2: 23})
    refused(text, 8, 28, "'v2'", "players 1 and 2", "no pagodas left")


def test_empty_text() -> None:
    refused("", 1, 1, "no grid")
    refused("# only a comment\n\n", 1, 1, "no grid")
    refused("players: 2\n", 1, 1, "no grid")


def test_unknown_header() -> None:
    refused("players: 2\ncolour: red\n. R\n", 2, 1, "'colour'")


def test_header_after_the_grid() -> None:
    refused(". R\nplayers: 2\n", 2, 1, "players: 2", "after the grid")


def test_header_given_twice() -> None:
    refused("players: 2\nplayers: 3\n. R\n", 2, 1, "'players'", "twice")


def test_position_error_is_a_value_error_and_not_a_string_is_refused() -> None:
    assert issubclass(qin.PositionError, ValueError)
    with pytest.raises(qin.PositionError):
        qin.Game.from_position(None)  # type: ignore[arg-type]
