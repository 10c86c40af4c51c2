"""Game records ``qin-game/1`` and link codes (spec/notation.md, "Game records").

A record replays exactly because the tile draws come from the seed (Q3); every
refusal is a ``RecordError`` whose message says what is wrong and where.
"""

from __future__ import annotations

import base64
import contextlib
import copy
import inspect
import json
import random
import re
import types

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import qin
from qin import records
from qin.board import Board, Layout
from qin.errors import RecordError
from qin.geometry import Geometry

# A game of all 72 tiles (3 players, bird, seed 120): the longest a game can be
# without passes; found by letting each player prefer moves that place no pagoda.
SEVENTY_TWO_TEXT = """
    Be5Yf5 Rh7Yi7 Be7Bf7 Rh5Yi5 Ri4Bj4 Yj5Yj6 Ri8Yi9 Rj8Rk8
    Bd5Bd6 Rb5Yc5 Yg10Rg11 Bh3Yh4 Yf8Yf9 Rf6Rg6 Be11Bf11 Be3Re4
    Rk4Bl4 Rj9Rj10 Be10Bf10 Bj11Yj12 Yb3Bb4 Rd10Rd11 Yl5Bm5 Bb2Rc2
    Yk9Bk10 Ya3Ya4 Bd8Re8 Rg8Rh8 Yc12Bd12 Yk11Bk12 Bd2Bd3 Rk2Bk3
    Rf12Yf13 Ym3Ym4 Rj13Rk13 Yc8Rc9 Bl10Bm10 Ya1Ra2 Ym6Bm7 Bi10Yi11
    Rh9Rh10 Bl2Bl3 Yc1Yd1 Bk7Rl7 Yb13Rc13 Rd13Re13 Rg13Yh13 Yj2Rj3
    Bl13Rm13 Ra12Ra13 Ra10Ba11 Ba9Yb9 Ri1Rj1 Yf2Yf3 Rm11Bm12 Be1Rf1
    Bh11Rh12 Bk5Bk6 Bl11Bl12 Bm8Bm9 Yk1Yl1 Ym1Ym2 Ba7Ya8 Yh6Ri6
    Yb10Yb11 Yc6Yc7 Bd9Be9 Yc3Yc4 Rf4Rg4 Ra5Ra6 Bg1Bh1 Yc10Yc11
"""


def random_game(board: str = "bird", players: int = 2, seed: int = 1, plies: int | None = None,
                **kwargs: object) -> qin.Game:
    """A seeded game played by random legal moves (to the end, or ``plies`` moves)."""
    g = qin.Game.new(board=board, players=players, seed=seed, **kwargs)  # type: ignore[arg-type]
    rng = random.Random(seed)
    while not g.is_over and (plies is None or len(g.moves) < plies):
        g.play(rng.choice(g.legal_moves()))
    return g


def base(**changes: object) -> dict[str, object]:
    record: dict[str, object] = {"format": "qin-game/1", "board": "bird", "players": 2,
                                 "seed": 7, "fair_start": False, "names": ["Green", "White"],
                                 "moves": []}
    record.update(changes)
    return record


def refusal(data: object) -> str:
    with pytest.raises(RecordError) as info:
        records.load(data)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert "\n" not in message
    return message


# -- round trips ---------------------------------------------------------------------
CASES = [("bird", 2, 1), ("bird", 3, 2), ("bird", 4, 3), ("lion", 2, 4), ("lion", 3, 5),
         ("lion", 4, 6), ("bird", 2, 7), ("lion", 2, 8)]


@pytest.mark.parametrize(("board", "players", "seed"), CASES)
def test_record_round_trip_of_a_finished_game(board: str, players: int, seed: int) -> None:
    g = random_game(board, players, seed, fair_start=seed % 2 == 0)
    record = records.record_of(g)
    assert list(record) == ["format", "board", "players", "seed", "fair_start", "names",
                            "moves"]
    assert record["format"] == "qin-game/1" and record["board"] == board
    assert record["players"] == players and record["seed"] == seed
    assert record["fair_start"] is (seed % 2 == 0)
    assert record["moves"] == [str(m) for m in g.moves]
    text = records.dumps(g)
    assert json.loads(text) == record
    again = records.load(text)
    assert again.to_position() == g.to_position()
    assert again.is_over and again.winners == g.winners
    assert [str(m) for m in again.moves] == record["moves"]
    assert records.record_of(again) == record


@pytest.mark.parametrize("plies", [0, 1, 9, 30])
def test_replay_of_an_unfinished_game_reaches_the_same_position_and_pile(plies: int) -> None:
    g = random_game("bird", 3, 11, plies=plies, names=["Ann", "Bo", "Cy"])
    again = qin.Game.from_record(g.record())
    assert again.to_position() == g.to_position()  # hands included
    assert again.pile == g.pile  # Q3: the draws to come are the same too
    assert again.names == ["Ann", "Bo", "Cy"]
    assert not again.is_over and again.legal_moves() == g.legal_moves()


def test_load_accepts_bytes_a_dict_and_fills_in_defaults() -> None:
    g = records.load(b'{"format": "qin-game/1", "board": "bird", "players": 2, "seed": 7}')
    assert g.names == ["Player 1", "Player 2"] and not g.fair_start and not g.moves
    assert records.load(base()).names == ["Green", "White"]
    assert records.load("\ufeff" + json.dumps(base())).seed == 7  # a BOM is fine


def test_moves_keep_the_way_they_were_written() -> None:
    g = qin.Game.new("bird", 2, seed=7)
    move = next(m for m in g.legal_moves() if m.colours[0] != m.colours[1])
    (ca, cb), (a, b) = move.colours, move.squares
    flipped = f"{'RYB'[cb]}{b}{'RYB'[ca]}{a}"
    g.play(flipped)
    assert g.record()["moves"] == [flipped]
    assert records.record_from_url(records.to_url(g))["moves"] == [flipped]


# -- what cannot be saved ------------------------------------------------------------
def test_a_game_from_a_position_has_no_seed_and_no_record() -> None:
    g = qin.Game.from_position(qin.Game.new("bird", 2, seed=3).to_position())
    with pytest.raises(RecordError, match="no seed"):
        records.record_of(g)
    with pytest.raises(RecordError, match="no seed"):
        g.record()


def test_a_view_and_a_sampled_game_cannot_be_saved() -> None:
    g = random_game("bird", 2, 5, plies=6)
    with pytest.raises(RecordError, match="view"):
        records.record_of(g.view(1))
    sampled = g.view(1).sample(random.Random(99))  # other hands and the pile made up
    with pytest.raises(RecordError):
        records.record_of(sampled)


def test_a_game_whose_tiles_are_not_its_seeds_cannot_be_saved() -> None:
    g = random_game("bird", 2, 5, plies=6)
    g.pile.reverse()  # as if the pile had been shuffled again
    with pytest.raises(RecordError, match="not the ones its seed deals"):
        records.record_of(g)


@pytest.fixture
def plays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The number of ``Game.play`` calls made since the test began (one item)."""
    count = [0]
    real = qin.Game.play

    def counted(game: qin.Game, move: str | qin.Move) -> list[qin.Event]:
        count[0] += 1
        return real(game, move)

    monkeypatch.setattr(qin.Game, "play", counted)
    return count


def test_a_record_taken_after_every_move_replays_each_move_once(plays: list[int]) -> None:
    """``record()`` proves the record replays to this game, and keeps that proof: taken
    after every move, it plays each new move once more, not the whole game again (its
    cost does not grow with the game); a game just replayed from a record has its proof."""
    g = qin.Game.new(players=3, seed=11)
    rng = random.Random(11)
    checks = 0
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
        before = plays[0]
        record = g.record()
        checks += plays[0] - before
    assert checks == len(g.moves) > 30
    before = plays[0]
    assert qin.Game.from_record(record).record() == record
    assert plays[0] - before == len(g.moves)  # the replay's own moves, none for its record


def recorded_after_every_move(players: int, seed: int, plies: int) -> qin.Game:
    """A seeded random game of ``plies`` moves, its record taken after each (as the page
    saves after each move)."""
    g = qin.Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        g.play(rng.choice(g.legal_moves()))
        g.record()
    return g


def test_an_undo_keeps_the_proof_of_the_record_before(plays: list[int]) -> None:
    """An undo keeps what the records proved: the game goes back to a state its records
    replayed already, so neither the undo nor the next record plays the game again;
    taken back to its start one move at a time, a record after each undo, the game
    plays fewer moves than one replay of it."""
    g = recorded_after_every_move(3, 12, 40)
    before = plays[0]
    g.undo()
    assert g.record()["moves"] == [str(m) for m in g.moves] and len(g.moves) == 39
    for _ in range(3):  # several in a row (a computer's replies go with the human's move)
        g.undo()
    g.record()
    assert plays[0] - before == 0
    g.play(g.legal_moves()[-1])
    g.record()
    assert plays[0] - before == 2  # the new move, and once more by the record's replay
    before, moves = plays[0], len(g.moves)
    while g.moves:
        g.undo()
        g.record()
    assert g.record()["moves"] == []
    assert plays[0] - before < moves


def test_a_record_asked_again_with_nothing_changed_replays_and_writes_nothing(
        plays: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    """A record asked again before the game changes (the page's save, its address, an
    export, a review link) is the one written before, at almost no cost: no move played,
    no position text written to prove it; each asker gets its own copy to add to.  After
    a move, the proof plays that one move and compares the replay's state with the
    game's, still without writing their position texts."""
    texts = [0]
    real = qin.Game.to_position

    def counted(game: qin.Game) -> str:
        texts[0] += 1
        return real(game)

    monkeypatch.setattr(qin.Game, "to_position", counted)
    g = recorded_after_every_move(3, 14, 20)
    before = plays[0], texts[0]
    first = g.record()
    first["hints"] = [1, 0, 0]  # as the page adds what only it knows
    first["moves"].append("pass")
    again = g.record()
    assert (plays[0], texts[0]) == before
    assert json.dumps(again) == json.dumps(records.record_of(g)) == json.dumps(
        recorded_after_every_move(3, 14, 20).record())
    assert "hints" not in again and len(again["moves"]) == 20
    before = plays[0], texts[0]
    g.play(g.legal_moves()[0])
    g.record()
    assert (plays[0] - before[0], texts[0]) == (2, before[1])  # the move, once more by the proof


def same_game(a: qin.Game, b: qin.Game) -> None:
    """``a`` and ``b`` are the same game: position, pile, moves, names, end, legal moves."""
    assert a.to_position() == b.to_position() and a.pile == b.pile
    assert a.pile_count == b.pile_count and a.played == b.played
    assert [str(m) for m in a.moves] == [str(m) for m in b.moves] and a.names == b.names
    assert (a.is_over, a.winners) == (b.is_over, b.winners)
    assert a.legal_moves() == b.legal_moves()


def played_straight(game: qin.Game) -> qin.Game:
    """A new game of ``game``'s deal and names played straight through its moves (it
    keeps nothing: no record taken, no undo)."""
    straight = qin.Game.new(board=game.board_name or "bird", players=game.players,
                            seed=game.seed, fair_start=game.fair_start, names=game.names)
    for move in game.moves:
        straight.play(move)
    return straight


@pytest.mark.parametrize("seed", range(8))
def test_moves_undos_and_records_in_any_order_keep_the_game_and_its_record(seed: int) -> None:
    """A random sequence of moves, undos (one or many in a row, back to the start),
    records taken or not (again with nothing changed, the one before added to as the
    page adds its hints), renamings, clones played on their own way: the game is the
    one the same moves and undos make without any record taken (each undo replayed from
    the start), and each record (the game's, a clone's) is byte for byte the one a new
    game played straight through those moves writes.  Half the games are loaded from a
    record (their proof comes with them)."""
    rng = random.Random(seed)
    board, players = ("bird", "lion")[seed % 2], 2 + seed % 3
    g = qin.Game.new(board=board, players=players, seed=seed)
    if seed % 4 >= 2:
        g = qin.Game.from_record(g.record())
    plain = qin.Game.new(board=board, players=players, seed=seed)
    for _ in range(160):
        roll = rng.random()
        if roll < 0.62 and not g.is_over:
            move = rng.choice(g.legal_moves())
            g.play(move)
            plain.play(move)
        elif roll < 0.64:
            g.names = plain.names = [f"P{rng.randrange(9)}" for _ in range(players)]
        elif g.moves:
            for _ in range(min(len(g.moves), rng.choice((1, 1, 2, 3, 9, 30)))):
                assert str(g.undo()) == str(plain.undo())
        same_game(g, plain)
        if rng.random() < 0.7:
            assert records.dumps(g) == records.dumps(played_straight(g))
            if rng.random() < 0.3:
                g.record()["moves"].append("pass")  # a copy: what was kept is not changed
                assert records.dumps(g) == records.dumps(played_straight(g))
        if rng.random() < 0.1:
            clone = g.clone()
            kept = records.dumps(g)
            assert records.dumps(clone) == kept
            if not clone.is_over:
                clone.play(rng.choice(clone.legal_moves()))
                assert records.dumps(clone) == records.dumps(played_straight(clone))
                if rng.random() < 0.5 and len(clone.moves) > 1:
                    clone.undo()
                    clone.undo()
                    assert records.dumps(clone) == records.dumps(played_straight(clone))
            assert records.dumps(g) == kept


def test_a_record_kept_proven_still_refuses_a_game_changed_since() -> None:
    g = random_game("bird", 2, 5, plies=6)
    before = g.record()
    clone = g.clone()
    g.undo()  # the record follows the moves taken back and played again
    assert g.record()["moves"] == before["moves"][:-1]
    g.play(before["moves"][-1])
    assert g.record() == before == clone.record()
    other = clone.legal_moves()[-1]
    clone.play(other)  # a clone goes its own way; the original's proof is its own
    assert clone.record()["moves"] == before["moves"] + [str(other)]
    assert g.record() == before
    g.pile.reverse()  # as if the pile had been shuffled again after the last record
    with pytest.raises(RecordError, match="not the ones its seed deals"):
        g.record()
    g.pile.reverse()
    g.names = ["Ann", "Bo"]
    assert g.record()["names"] == ["Ann", "Bo"]
    assert qin.Game.from_record(g.record()).to_position() == g.to_position()


def test_a_custom_board_is_recorded_by_its_layout_never_a_path() -> None:
    board = ". . . .\n. R . .\n. . Y .\n. . . .\n"
    g = qin.Game.new(board=board, players=2, seed=4)
    g.play(g.legal_moves()[0])
    record = g.record()
    assert record["board"] == board
    assert records.load(record).to_position() == g.to_position()
    with pytest.raises(RecordError, match="only the shipped boards"):
        records.to_url(g)


def test_a_layout_that_calls_itself_bird_is_not_recorded_as_bird() -> None:
    board = "board: bird\n. . . .\n. R . .\n. . Y .\n. . . .\n"
    g = qin.Game.new(board=board, players=2, seed=4)
    assert g.record()["board"] == board
    assert records.load(g.record()).board.layout.terrain == g.board.layout.terrain


# -- refusals --------------------------------------------------------------------------
def test_refuses_text_that_is_not_json_and_says_where() -> None:
    message = refusal('{"format": "qin-game/1",\n "board": bird}')
    assert "not valid JSON" in message and "line 2, column 11" in message
    assert "not valid JSON" in refusal("")
    assert "not UTF-8" in refusal(b'{"format": "\xff"}')


@pytest.mark.parametrize(("data", "words"), [
    ("[1, 2]", "a JSON object {...}, not a list"),
    ('"qin-game/1"', "not text"),
    ("null", "not null"),
])
def test_refuses_json_that_is_not_an_object(data: str, words: str) -> None:
    assert words in refusal(data)


def test_refuses_a_missing_or_foreign_format() -> None:
    record = base()
    del record["format"]
    assert 'no "format"' in refusal(record)
    assert 'not "qin-game/1"' in refusal(base(format="chess-pgn"))
    assert 'not "qin-game/1"' in refusal(base(format=1))


def test_refuses_an_unknown_version_and_says_so() -> None:
    message = refusal(base(format="qin-game/2"))
    assert "unknown game record version 'qin-game/2'" in message
    assert "qin-game/1" in message


def test_refuses_unknown_and_missing_fields() -> None:
    assert "unknown field 'colour'" in refusal(base(colour="red"))
    for key in ("board", "players", "seed"):
        record = base()
        del record[key]
        assert f'has no "{key}"' in refusal(record)


def test_refuses_an_unknown_board() -> None:
    message = refusal(base(board="moon"))
    assert "unknown board 'moon'" in message and "bird" in message
    assert "unknown board '/nonexistent/board.txt'" in refusal(base(board="/nonexistent/board.txt"))
    assert '"board"' in refusal(base(board=3))


@pytest.mark.parametrize("players", [1, 5, 0, "2", 2.0, True, None])
def test_refuses_a_bad_player_count(players: object) -> None:
    assert '"players" must be 2, 3 or 4' in refusal(base(players=players))


@pytest.mark.parametrize("seed", ["7", 1.5, True, None, 2**63, -2**63 - 1, [7]])
def test_refuses_a_bad_seed(seed: object) -> None:
    assert '"seed" must be a whole number' in refusal(base(seed=seed))


def test_seeds_may_be_negative_or_large() -> None:
    for seed in (-5, 0, 2**63 - 1, -2**63):
        g = records.load(base(seed=seed))
        assert g.seed == seed
        assert records.from_url(records.to_url(g)).to_position() == g.to_position()


def test_refuses_a_bad_fair_start() -> None:
    assert '"fair_start" must be true or false' in refusal(base(fair_start="yes"))


@pytest.mark.parametrize(("names", "words"), [
    (["Green"], '"names" has 1 names but the game has 2 players'),
    (["A", "B", "C"], "has 3 names"),
    ("Green, White", '"names" must be a list of 2 names, not text'),
    (["Green", 7], "name 2 must be text, not 7"),
    (["Green", None], "name 2 must be text, not null"),
    (["", "White"], "name 1 is empty"),
    (["   ", "White"], "name 1 is empty"),
    (["G" * 41, "White"], "name 1 is 41 characters long; at most 40"),
    (["Gre\nen", "White"], "control character"),
])
def test_refuses_bad_names(names: object, words: str) -> None:
    assert words in refusal(base(names=names))


def test_a_name_of_forty_characters_and_unicode_is_fine() -> None:
    g = records.load(base(names=["G" * 40, "Wéi 白"]))
    assert g.names == ["G" * 40, "Wéi 白"]


def test_refuses_moves_that_are_not_a_list_of_text() -> None:
    assert '"moves" must be a list' in refusal(base(moves="Rc4Yd4"))
    assert 'move 2 is 5, not text like "Rc4Yd4"' in refusal(base(moves=["pass", 5]))
    assert "no game has more than" in refusal(base(moves=["pass"] * 401))


def test_a_bad_move_names_its_number_text_and_the_engines_reason() -> None:
    g = qin.Game.new("bird", 2, seed=7, names=["Green", "White"])  # Green: YY RY RB
    first = g.legal_moves()[0]
    message = refusal(base(moves=[str(first), "Xq99"]))
    assert message.startswith("move 2 'Xq99' cannot be played: ")
    assert "'Xq99' is not a move" in message
    message = refusal(base(moves=["Rf8Rg8"]))
    reason = g.why_illegal("Rf8Rg8")
    assert reason is not None and reason.startswith("Rf8Rg8: ")
    assert message == f"move 1 'Rf8Rg8' cannot be played: {reason[len('Rf8Rg8: '):]}"
    assert "Green has no RR tile" in message
    message = refusal(base(moves=["Ya1Ya2"]))
    assert "move 1 'Ya1Ya2'" in message and "(Q7)" in message
    assert "only when no tile in hand can be placed (Q10)" in refusal(base(moves=["pass"]))


def test_refuses_moves_after_the_end_of_the_game() -> None:
    g = random_game("bird", 2, 3)
    record = g.record()
    n = len(record["moves"])
    record["moves"].append("pass")
    message = refusal(record)
    assert message.startswith(f"move {n + 1} 'pass' comes after the end of the game")
    assert f"after move {n}" in message
    assert "won" in message or "shared the win" in message


def test_loading_a_bad_record_changes_nothing_already_saved() -> None:
    record = base(moves=["Rf8Rg8"])
    frozen = json.dumps(record)
    refusal(record)
    assert json.dumps(record) == frozen


# -- link codes --------------------------------------------------------------------------
@pytest.mark.parametrize(("board", "players", "seed"), CASES)
def test_link_code_round_trip(board: str, players: int, seed: int) -> None:
    names = ["Ann", "Bo 白", "Cy", "Dé"][:players] if seed % 2 else None
    g = random_game(board, players, seed, fair_start=seed % 3 == 0, names=names)
    code = records.to_url(g)
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert records.record_from_url(code) == g.record()
    again = records.from_url(code)
    assert again.to_position() == g.to_position() and again.winners == g.winners
    assert records.to_url(g.record()) == code  # a record encodes the same
    assert records.to_url(json.dumps(g.record())) == code
    assert records.from_url(f"https://example.org/qin/#g={code}").moves == g.moves
    assert records.from_url(f"  {code}\n").moves == g.moves


def test_link_code_of_a_72_move_game() -> None:
    record = base(players=3, seed=120, names=["Player 1", "Player 2", "Player 3"],
                  moves=SEVENTY_TWO_TEXT.split())
    g = records.load(record)
    assert len(g.moves) == 72 and g.is_over
    assert g.pile_count == 0 and all(g.hand_size(p) == 0 for p in (1, 2, 3))
    code = records.to_url(g)
    named = records.to_url(dict(record, names=["Green", "White", "Black"]))
    print(f"\nlink code of a 72-move game: {len(code)} characters "
          f"({len(named)} with three custom names)")
    # version, flags, seed, 72 moves of 2 bytes, check: 150 bytes -> 200 characters
    assert len(code) <= 200
    assert records.from_url(code).to_position() == g.to_position()


def test_a_record_with_a_bad_move_gets_no_link_code() -> None:
    with pytest.raises(RecordError, match="move 1 'Rf8Rg8'"):
        records.to_url(base(moves=["Rf8Rg8"]))


def _code(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _raw(code: str) -> bytes:
    return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))


def _sealed(body: bytes) -> str:
    import zlib

    return _code(body + (zlib.crc32(body) & 0xFFFF).to_bytes(2, "big"))


def test_link_code_refusals() -> None:
    g = random_game("bird", 2, 9)
    code = records.to_url(g)
    raw = _raw(code)
    cases = {
        "": "not a game link code",
        "Qin!": "not a game link code",
        "abc def": "not a game link code",
        "A": "not a game link code",
        "AQQ": "too short",
        code[:-3]: "damaged",  # cut off
        code[:10] + ("A" if code[10] != "A" else "B") + code[11:]: "damaged",
        _sealed(b"\x02" + raw[1:-2]): "unknown game link version 2",
        _sealed(b"\x01\x03\x0e"): "unknown board",
        _sealed(b"\x01\x40\x0e"): "cut off",  # seats announced (bit 6), none there
        _sealed(b"\x01\x40\x0e\x00\x09"): "unknown player type",
        _sealed(b"\x01\x80\x0e\x00\xff\x7f"): "\"hints\" for seat 2",
        _sealed(raw[:-2] + b"\xff\xff\x7f"): "not a placement on the board",
        _sealed(raw[:-2] + b"\x85"): "cut off",
        _sealed(b"\x01\x00" + b"\xff" * 11): "too long",
        _sealed(b"\x01\x20\x0e\x05Gr"): "cut off",
        _sealed(b"\x01\x20\x0e\x01\xff\x01W"): "not UTF-8",
        _sealed(b"\x01\x20\x0e\x00\x01W"): "name 1 is empty",
        _sealed(b"\x01\x00\x0e\x00"): "cannot be played",  # a pass is illegal here
        _sealed(raw[:-2] + b"\x00"): "comes after the end of the game",
    }
    for text, words in cases.items():
        with pytest.raises(RecordError) as info:
            records.from_url(text)
        assert words in str(info.value), (text, str(info.value))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80) | st.binary(max_size=60).map(_code))
def test_garbage_is_refused_with_a_record_error_only(text: str) -> None:
    with contextlib.suppress(RecordError):
        records.from_url(text)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=60))
def test_checked_garbage_is_refused_with_a_record_error_only(body: bytes) -> None:
    with contextlib.suppress(RecordError):
        records.from_url(_sealed(b"\x01" + body))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_load_refuses_any_text_with_a_record_error_only(text: str) -> None:
    with contextlib.suppress(RecordError):
        records.load(text)


# -- the optional "hints" field (a page's count of hints per seat) ------------------------
def test_hints_per_seat_are_kept_and_a_record_without_them_reads_as_before() -> None:
    assert "hints" not in records.check(base())
    checked = records.check(base(hints=[0, 2]))
    assert checked["hints"] == [0, 2]
    assert records.load(base(hints=[3, 0])).moves == records.load(base()).moves


@pytest.mark.parametrize(("hints", "words"), [
    ([1], '"hints" must be a list of 2 counts (one per seat), not [1]'),
    ("2", '"hints" must be a list of 2 counts (one per seat), not \'2\''),
    ([0, -1], '"hints" for seat 2 must be a whole number from 0 to 400, not -1'),
    ([True, 0], '"hints" for seat 1 must be a whole number from 0 to 400, not true'),
    ([0, 1.5], '"hints" for seat 2 must be a whole number from 0 to 400, not 1.5'),
    ([401, 0], '"hints" for seat 1 must be a whole number from 0 to 400, not 401'),
])
def test_refuses_bad_hint_counts_quoting_them(hints: object, words: str) -> None:
    assert words in refusal(base(hints=hints))


def _bad_records() -> list[object]:
    """Records that are refused, one of each kind the checks know."""
    good = json.dumps(base())
    return [
        good[:-3], "[1]", b"\xff", "", json.dumps({"board": "bird"}),
        json.dumps({"format": "x"}), json.dumps(base(format="qin-game/9")),
        base(colour="red"), {"format": "qin-game/1"}, base(board=3), base(players=5),
        base(seed="7"), base(fair_start="no"), base(names="Ann"), base(names=["Ann"]),
        base(names=[1, "B"]), base(names=["", "B"]), base(names=["A" * 99, "B"]),
        base(names=["A\x00", "B"]), base(moves="Rc4Yd4"), base(moves=["pass"] * 401),
        base(moves=[3]), base(seats=["human"]), base(seats=["human", "god"]),
        base(hints=[0, -1]), base(moves=["Xq99"]), base(moves=["Rf8Rg8"]),
        base(board="nowhere"),
    ]


def _bad_links() -> list[str]:
    g = random_game("bird", 2, 9)
    code = records.to_url(g)
    raw = _raw(code)
    return ["Qin!", "AQQ", code[:-3], code[:6], "A" * 9000,
            code[:10] + ("A" if code[10] != "A" else "B") + code[11:],
            _sealed(b"\x02" + raw[1:-2]), _sealed(b"\x01\x03\x0e"),
            _sealed(b"\x01\x40\x0e\x00\x09"), _sealed(raw[:-2] + b"\xff\xff\x7f"),
            _sealed(b"\x01\x00" + b"\xff" * 11), _sealed(b"\x01\x20\x0e\x01\xff\x01W"),
            _sealed(raw[:-2] + b"\x00"), _sealed(b"\x01\x00\x0e\x00"),
            _sealed(b"\x01\x00\x0e" + b"\x01" * 402)]


def _record_errors() -> list[RecordError]:
    found: list[RecordError] = []
    for data in _bad_records():
        with pytest.raises(RecordError) as info:
            records.load(data)  # type: ignore[arg-type]
        found.append(info.value)
    for text in _bad_links():
        with pytest.raises(RecordError) as info:
            records.from_url(text)
        found.append(info.value)
    with pytest.raises(RecordError) as info:
        qin.Game.from_position(random_game("bird", 2, 3, plies=2).to_position()).record()
    found.append(info.value)
    return found


def test_a_record_error_has_a_code_and_values_and_keeps_its_english_message() -> None:
    """Every refusal of a record or link says which (``code``, one of ``CODES``) and
    the facts it concerns (``params``, JSON-ready), and still says it in English with the
    offending text; it pickles with all three."""
    import pickle

    for error in _record_errors():
        assert error.code in RecordError.CODES, (error.code, str(error))
        assert json.loads(json.dumps(error.to_dict())) == error.to_dict()
        assert error.to_dict()["code"] == error.code
        again = pickle.loads(pickle.dumps(error))
        assert (again.code, again.params, str(again)) == (error.code, error.params, str(error))
    damaged = records.to_url(random_game("bird", 2, 9))
    with pytest.raises(RecordError, match="damaged") as info:
        records.from_url(damaged[:-3])
    assert info.value.code == "link_damaged"
    with pytest.raises(RecordError, match="cut off") as info:
        records.from_url(damaged[:6])
    assert info.value.code == "link_cut"
    with pytest.raises(RecordError, match="move 1 'Rf8Rg8'") as info:
        records.load(base(moves=["Rf8Rg8"]))
    assert info.value.code == "move" and info.value.params["number"] == 1
    assert info.value.params["refusal"]["code"] == "not_in_hand"


QUOTES = {"de": re.compile(r"[\"'«»”]|„[^“]*$"),
          "fr": re.compile(r"[\"'„“”]|«(?!\u00a0)|(?<!\u00a0)»")}
"""A value quoted otherwise than as the language quotes: German „…“, French « … » with
no-break spaces inside (what the rest of each catalogue does)."""


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_record_error_is_worded_in_every_language(lang: str) -> None:
    """``qin.messages.record_error_text`` says each refusal in German and French from its
    code and values: every placeholder filled, no English sentence left, French with a
    no-break space before a colon, the offending values quoted as the language quotes;
    a bad move's reason is the refusal in that language."""
    from qin.messages import catalogue, record_error_text

    errors = _record_errors()
    assert {e.code for e in errors} >= set(RecordError.CODES) - {"invalid", "setup", "view",
                                                                 "not_dealt", "link_type",
                                                                 "link_board", "type",
                                                                 "board_file"}
    for error in errors:
        key = f"record.{error.code}"
        if error.code == "text":
            key += "." + error.params["problem"]
        for each in ("en", "de", "fr"):
            assert key in catalogue(each), key
        said = record_error_text(error, lang)
        english = record_error_text(error)
        assert said and "{" not in said.replace("{\"format\"", ""), (error.code, said)
        assert said != english, (error.code, said)
        assert "record." not in said
        if lang == "fr":
            assert " :" not in said.replace("\u00a0:", ""), said
        assert not QUOTES[lang].search(said), (error.code, said)
    with pytest.raises(RecordError) as info:
        records.load(base(moves=["Rf8Rg8"]))
    assert qin.messages.refusal_text(info.value.params["refusal"], lang, ["Green", "White"],
                                     rule=False) in record_error_text(info.value, lang)


# -- the record's proof: what a position text is written from --------------------------
class SeenThrough:
    """``target`` seen through: each attribute read of it is noted in ``reads`` by its
    path (``board.layout.terrain``); the board, its layout and its geometry are seen
    through in turn, and a method runs with this in place of ``target``."""

    SEEN = (Board, Layout, Geometry)

    def __init__(self, target: object, path: tuple[str, ...], reads: set[tuple[str, ...]]
                 ) -> None:
        self.__dict__.update(target=target, path=path, reads=reads)

    def __getattr__(self, name: str) -> object:
        target = self.__dict__["target"]
        value = getattr(target, name)
        if inspect.ismethod(value) and value.__self__ is target:
            return types.MethodType(value.__func__, self)
        path = (*self.__dict__["path"], name)
        if isinstance(value, self.SEEN):
            return SeenThrough(value, path, self.__dict__["reads"])
        self.__dict__["reads"].add(path)
        return value


def position_reads() -> set[tuple[str, ...]]:
    """The paths of the values ``Game.to_position`` reads (``hands``, ``board.colour``)."""
    reads: set[tuple[str, ...]] = set()
    qin.Game.to_position(SeenThrough(random_game("bird", 3, 2, plies=9), (), reads))  # type: ignore[arg-type]
    return reads


def with_value_of(game: qin.Game, other: qin.Game, path: tuple[str, ...]) -> qin.Game:
    """A clone of ``game`` with ``other``'s value at ``path`` (the objects on the way
    copied, so ``game`` keeps its own)."""
    hybrid = game.clone()
    holder: object = hybrid
    source: object = other
    for name in path[:-1]:
        part = copy.copy(getattr(holder, name))
        setattr(holder, name, part)
        holder, source = part, getattr(source, name)
    setattr(holder, path[-1], copy.deepcopy(getattr(source, path[-1])))
    return hybrid


def positions_to_tell_apart() -> list[qin.Game]:
    """Games on both board sides and on small boards of other shapes, 2 to 4 players,
    at their start, played on, and some moves taken back."""
    games = []
    for n, board in enumerate(("bird", "lion", ". . . .\n. R . .\n. . Y .\n",
                               ". . .\n. R .\nv . .\n. B .\n", ". R . . Y .\n. . . v . .\n")):
        for players in (2, 3, 4) if n < 2 else (2,):
            for plies in (0, 9):
                g = random_game(board, players, n * 10 + players, plies=plies)
                games.append(g)
                if g.moves:
                    undone = g.clone()
                    undone.undo()
                    games.append(undone)
    return games


def test_a_record_is_proved_on_every_value_its_position_text_is_written_from() -> None:
    """``record()`` proves its replay reaches the game by comparing the values the
    position text is written from, not the texts: for each value ``to_position`` reads
    (found by watching it), a game whose text that value alone changes is never taken
    for the replay of the game it was changed from."""
    from qin.game import _proves

    games = positions_to_tell_apart()
    reads = position_reads()
    assert {("hands",), ("to_move",), ("board", "colour")} <= reads
    for path in sorted(reads):
        told_apart = 0
        for game in games:
            for other in games:
                try:
                    changed = with_value_of(game, other, path)
                    text = changed.to_position()
                except (IndexError, KeyError, ValueError):
                    continue  # that value alone makes no board (a grid's width alone)
                if text != game.to_position():
                    told_apart += 1
                    assert not _proves(changed, game), path
                    assert not _proves(game, changed), path
        assert told_apart, f"no two test games differ in {'.'.join(path)}"
