"""The engine and the command line under hostile input.

Every bad input is refused with a ``QinError`` (a ``ValueError`` subclass) whose message
names the input shortened and escaped, so that printing it can neither flood a terminal
nor send it escape codes; a record's board is a board's name or an inline layout, never
a file path; and the loaders limit size, nesting and the digits of numbers before they
parse (spec/notation.md: "Bad text raises a ValueError subclass whose message quotes
the text").
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import qin
from qin import records
from qin.errors import (
    BoardError,
    MoveError,
    PositionError,
    QinError,
    RecordError,
    SetupError,
)
from qin.inputs import MAX_INPUT, quote
from tests.conftest import children_cpu

ROOT = Path(__file__).resolve().parent.parent
ESC = "\x1b[31mRED\x1b]0;title\x07"
HUGE = pytest.param(10**5000, id="5001 digits")  # Python will not print it as text


def clean(message: str) -> None:
    """A message fit for a terminal: no control character, no lone surrogate, short."""
    assert message.strip()
    assert len(message) < 600, len(message)
    assert all(ch.isprintable() for ch in message), repr(message)
    message.encode("utf-8")  # a lone surrogate would raise here


def refused(error: type[QinError], call: object, *args: object, **kwargs: object) -> str:
    assert callable(call)
    with pytest.raises(error) as info:
        call(*args, **kwargs)
    clean(str(info.value))
    return str(info.value)


def base(**changes: object) -> dict[str, object]:
    record: dict[str, object] = {"format": "qin-game/1", "board": "bird", "players": 2,
                                 "seed": 7, "fair_start": False, "names": ["Green", "White"],
                                 "moves": []}
    record.update(changes)
    return record


# -- the quoting helper ---------------------------------------------------------------
def test_quote_escapes_control_characters_and_lone_surrogates() -> None:
    assert quote("Rc4Yd4") == "'Rc4Yd4'"
    assert quote(ESC) == "'\\x1b[31mRED\\x1b]0;title\\x07'"
    assert quote("a\ud800b") == "'a\\ud800b'"
    assert quote("tab\tnew\nline") == "'tab\\tnew\\nline'"
    assert quote("Grüße 王") == "'Grüße 王'"  # printable text stays as it is


def test_quote_shortens_long_input_and_says_how_long_it_was() -> None:
    text = "x" * 30_000_000
    shown = quote(text)
    assert shown == "'" + "x" * 60 + "…' (30,000,000 characters)"
    assert quote(10**5000) == "a number of 5001 digits"
    assert quote(2.5) == "2.5"


# -- Game.new ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2.0, True, "2", None, 5, 1, HUGE])
def test_new_refuses_a_player_count_that_is_not_an_int_from_2_to_4(players: object) -> None:
    message = refused(SetupError, qin.Game.new, players=players)
    assert "players must be a whole number 2, 3 or 4" in message


@pytest.mark.parametrize("seed", [1.5, True, "7", 2**63, -2**63 - 1, HUGE])
def test_new_refuses_a_seed_a_record_cannot_hold(seed: object) -> None:
    assert "seed" in refused(SetupError, qin.Game.new, seed=seed)


def test_new_refuses_a_board_or_fair_start_of_the_wrong_type() -> None:
    assert "not ['bird']" in refused(BoardError, qin.Game.new, board=["bird"])
    assert "fair_start" in refused(SetupError, qin.Game.new, fair_start="yes")


@pytest.mark.parametrize(("names", "words"), [
    (["a\ud800", "b"], "'a\\ud800'"),
    (["\udcff", "b"], "'\\udcff'"),
    ([ESC, "b"], "'\\x1b[31mRED"),
    (["", "b"], "name 1 is empty"),
    (["x" * 41, "b"], "at most 40"),
    ([1, "b"], "name 1 must be text"),
    (["a"], "2 players need 2 names"),
    ("ab", "a list of 2 names"),
])
def test_new_refuses_names_a_record_would_refuse(names: object, words: str) -> None:
    assert words in refused(SetupError, qin.Game.new, names=names)


@pytest.mark.parametrize("board", ["/proc/self/environ", "/dev/zero", "/dev/stdin",
                                   "../boards/bird.txt", "boards/bird.txt", "bird.txt",
                                   "/etc/passwd", ESC])
def test_a_board_is_never_read_from_a_path(board: str) -> None:
    """Q21: a board is a data file in boards/, named; never any file a caller names."""
    message = refused(BoardError, qin.Game.new, board=board)
    assert "unknown board" in message and "bird, lion" in message
    assert "PATH=" not in message and "root:" not in message


def test_a_board_may_be_an_inline_layout_and_its_record_replays() -> None:
    layout = "board: small\n. . . .\n. R . .\n. . Y .\n. B . .\n"
    game = qin.Game.new(board=layout, players=2, seed=4)
    assert game.board_name == "small"
    game.play(game.legal_moves()[0])
    record = game.record()
    assert record["board"] == layout
    assert records.load(json.dumps(record)).to_position() == game.to_position()
    with pytest.raises(RecordError, match="only the shipped boards"):
        records.to_url(game)


def test_an_inline_layout_without_a_name_has_no_board_header() -> None:
    game = qin.Game.new(board=". . . .\n. R . .\n. . Y .\n. B . .\n", players=2, seed=4)
    assert not game.board_name
    assert "board:" not in game.to_position()
    assert records.load(game.record()).to_position() == game.to_position()


def test_a_layout_that_calls_itself_bird_is_recorded_inline() -> None:
    game = qin.Game.new(board="board: bird\n. . . .\n. R . .\n. . Y .\n. B . .\n", seed=4)
    assert game.record()["board"].startswith("board: bird\n")


def test_a_bad_inline_layout_is_a_board_error() -> None:
    message = refused(BoardError, qin.Game.new, board=". . x\n. . .\n")
    assert "line 1, column 5" in message
    refused(BoardError, qin.Game.new, board=". " * 2 * MAX_INPUT + "\n")


# -- records ----------------------------------------------------------------------------
@pytest.mark.parametrize("board", ["/proc/self/environ", "/dev/zero", "/dev/stdin",
                                   "/dev/urandom", "../../etc/passwd", "boards/bird.txt",
                                   "..\\boards\\bird.txt"])
def test_a_records_board_is_never_a_path(board: str) -> None:
    message = refused(RecordError, records.load, base(board=board))
    assert "unknown board" in message and "PATH=" not in message


def test_a_5000_digit_seed_is_a_record_error() -> None:
    text = json.dumps(base()).replace('"seed": 7', '"seed": ' + "9" * 5000)
    assert "5,000 digits" in refused(RecordError, records.load, text)
    assert "seed" in refused(RecordError, records.load, base(seed=10**5000))
    assert "players" in refused(RecordError, records.load, base(players=10**5000))
    text = json.dumps(base()).replace('"moves": []', '"moves": [' + "1" * 5000 + "]")
    refused(RecordError, records.load, text)


@pytest.mark.parametrize("text", [
    "[" * 40_000 + "]" * 40_000,
    '{"a":' * 40_000 + "1" + "}" * 40_000,
    '{"format": "qin-game/1", "moves": ' + "[" * 100 + "]" * 100 + "}",
    "{" * 120_000,  # 240 KB of unclosed objects
    '{"a":' * 48_000,  # 240 KB of nested objects
])
def test_deeply_nested_json_is_refused_before_parsing(text: str) -> None:
    assert "nested" in refused(RecordError, records.load, text)
    assert "nested" in refused(RecordError, records.load, text.encode())


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    game = records.load(json.dumps(base(names=["[" * 40, '{"\\[' * 10])))
    assert game.names == ["[" * 40, '{"\\[' * 10]


def test_a_record_larger_than_any_game_is_refused_before_parsing() -> None:
    text = json.dumps(base(names=["a" * (MAX_INPUT + 1), "b"]))
    assert "larger than any" in refused(RecordError, records.load, text)
    assert "larger than any" in refused(RecordError, records.load, text.encode())


@pytest.mark.parametrize("name", [
    "Mum \U0001f468\u200d\U0001f469\u200d\U0001f467", "\U0001f469\u200d\U0001f4bb",
    "\u2764\ufe0f", "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
    "a\u200cb", "\ufeffBOM"])
def test_joined_emoji_and_other_format_characters_are_ordinary_text_in_a_name(
        name: str) -> None:
    game = qin.Game.new(players=2, seed=1, names=[name, "b"])
    assert game.names[0] == name
    assert records.load(json.dumps(game.record())).names[0] == name


@pytest.mark.parametrize("name", ["a\x00", "a\x1b[31m", "a\u2028b", "\u202eevil", "a\u2066b",
                                  "a\ud800"])
def test_control_characters_turning_marks_and_lone_surrogates_are_refused_in_a_name(
        name: str) -> None:
    assert "control character" in refused(SetupError, qin.Game.new, players=2,
                                          names=[name, "b"])


def test_a_name_with_a_lone_surrogate_is_refused_in_a_record() -> None:
    text = '{"format": "qin-game/1", "board": "bird", "players": 2, "seed": 1, ' \
           '"names": ["\\ud800", "b"]}'
    assert "lone surrogate" in refused(RecordError, records.load, text)  # by the JSON reader


def test_a_bad_move_in_a_record_is_quoted_escaped_and_short() -> None:
    message = refused(RecordError, records.load, base(moves=[ESC * 10_000]))
    assert "\\x1b[31mRED" in message and "characters)" in message
    message = refused(RecordError, records.load, base(moves=["Rc٣Rc٤"]))
    assert "move 1 'Rc٣Rc٤'" in message


def test_a_huge_link_code_is_refused_quickly() -> None:
    refused(RecordError, records.from_url, "A" * 30_000_000)


def test_a_game_made_with_a_surrogate_name_cannot_exist_so_links_never_fail() -> None:
    with pytest.raises(SetupError):
        qin.Game.new(names=["\udcff", "b"])
    code = records.to_url(qin.Game.new(names=["Grüße", "王"], seed=3))
    assert records.from_url(code).names == ["Grüße", "王"]


# -- moves and positions ----------------------------------------------------------------
@pytest.mark.parametrize("text", ["Rc٣Rc٤", "Rc٣Yc4", "Rc4Yc４", "Rc¹Yc²", "R𝟙c Yc2"])
def test_non_ascii_digits_are_not_squares(text: str) -> None:
    assert "is not a move" in refused(MoveError, qin.Move.parse, text)
    game = qin.Game.new(seed=7)
    refused(MoveError, game.play, text)


def test_non_ascii_digits_are_not_square_names() -> None:
    game = qin.Game.new(seed=7)
    refused(MoveError, game.province_at, "c٣")


@pytest.mark.parametrize("header", ["players: ²", "players: ٣", "to-move: ١",
                                    "players: " + "2" * 5000, "to-move: " + "1" * 5000,
                                    "players: 02", "players: -2"])
def test_position_headers_take_ascii_numbers_only(header: str) -> None:
    message = refused(PositionError, qin.Game.from_position, header + "\n. R\n. Y\n")
    assert "line 1" in message


def test_a_bad_move_message_is_escaped_and_short() -> None:
    message = refused(MoveError, qin.Move.parse, ESC + "x" * 30_000_000)
    assert "\\x1b[31m" in message and "30,000,018 characters" in message


@pytest.mark.parametrize("text", [
    "board: a\ud800\n. R\n. Y\n",
    "players: 2\n. R \ud800\n",
    "board: " + ESC + "\n. R\n. Y\n",
    "hand-1: R\ud800\nhand-2:\n. R\n",
])
def test_a_position_with_a_control_character_or_lone_surrogate_is_refused(text: str) -> None:
    refused(PositionError, qin.Game.from_position, text)


def test_a_position_larger_than_any_board_is_refused_before_parsing() -> None:
    text = "players: 2\n" + ". " * (MAX_INPUT // 2) + "\n"
    assert "larger than" in refused(PositionError, qin.Game.from_position, text)
    message = refused(PositionError, qin.Game.from_position, "x" * 10_000_000 + "\n")
    assert "larger than" in message


def test_a_bad_token_is_quoted_escaped_and_short() -> None:
    message = refused(PositionError, qin.Game.from_position, ". \u202e" + "x" * 200_000 + "\n. .\n")
    assert "'\\u202exxx" in message and "(200,001 characters)" in message
    message = refused(PositionError, qin.Game.from_position, ". " + ESC + "\n. .\n")
    assert "'\\x1b'" in message


# -- the command line ------------------------------------------------------------------
def cli(*args: str, stdin: bytes | None = None, timeout: float = 20) -> tuple[int, str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8",
               SECRET_FOR_THE_TEST="do-not-print-me")
    done = subprocess.run([sys.executable, "-m", "qin", *args], input=stdin,
                          capture_output=True, env=env, timeout=timeout)
    return done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8")


def cli_refuses(*args: str, stdin: bytes | None = None) -> str:
    code, out, err = cli(*args, stdin=stdin)
    assert code == 2, (code, out[:200], err[:200])
    assert out == ""
    assert len(err.splitlines()) == 1 and err.startswith("qin: ")
    clean(err.strip())
    return err.strip()


@pytest.mark.parametrize("board", ["/proc/self/environ", "/dev/zero", "/dev/stdin",
                                   "../boards/bird.txt", "../../../../../proc/self/environ"])
def test_replay_never_reads_a_records_board_from_a_path(tmp_path: Path, board: str) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(base(board=board)), encoding="utf-8")
    message = cli_refuses("replay", str(path))
    assert "unknown board" in message and "do-not-print-me" not in message


def test_the_command_line_escapes_and_shortens_what_it_echoes(tmp_path: Path) -> None:
    start = tmp_path / "start.txt"
    start.write_text(qin.Game.new(seed=7).to_position(), encoding="utf-8")
    message = cli_refuses("play", str(start), ESC)
    assert "\\x1b[31mRED" in message
    message = cli_refuses("play", str(start), "Q" * 100_000)
    assert "characters)" in message and len(message) < 600
    message = cli_refuses("svg", str(start), "--move", ESC)
    assert "\\x1b" in message
    message = cli_refuses("legal", ESC)
    assert "\\x1b" in message
    assert "\\x1b" in usage_error("new", "--seed", ESC)
    assert "(5,000 characters)" in usage_error("new", "--seed", "9" * 5000)
    assert "'٣'" in usage_error("new", "--seed", "٣")
    assert "'٣'" in usage_error("new", "--players", "٣")
    assert "\\x1b" in usage_error("svg", str(start), "--size", ESC)
    assert "\\x1b" in usage_error(ESC)


def usage_error(*args: str) -> str:
    """A bad option or argument: the usage, then one line ``qin: ...``; exit 2."""
    code, out, err = cli(*args)
    assert code == 2 and out == ""
    for line in err.splitlines():
        clean(line)
    assert err.splitlines()[-1].startswith("qin: ")
    return err.splitlines()[-1]


def test_the_command_line_limits_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    with big.open("w", encoding="ascii") as out:
        out.write("players: 2\n")
        row = ". " * 13 + "\n"
        out.write(row * (100 * 1024 * 1024 // len(row)))  # 100 MB, far beyond 99 rows
    started = children_cpu()
    message = cli_refuses("legal", str(big))
    assert children_cpu() - started < 10  # Python's start included
    assert "larger than" in message
    assert "larger than" in cli_refuses("legal", "/dev/zero")
    message = cli_refuses("legal", "-", stdin=b"x" * (MAX_INPUT * 4))
    assert "larger than" in message


def test_new_refuses_a_name_that_is_not_utf8_so_every_record_it_writes_replays(
        tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    done = subprocess.run([sys.executable, "-m", "qin", "new", "--names", b"\xff,b",
                           "--record"], capture_output=True, env=env, timeout=20)
    assert done.returncode == 2 and done.stdout == b""
    message = done.stderr.decode("utf-8").strip()
    clean(message)
    assert "'\\udcff'" in message
    code, out, _ = cli("new", "--names", "Grüße,王", "--record", "--seed", "3")
    assert code == 0
    path = tmp_path / "record.json"
    path.write_text(out, encoding="utf-8")
    code, out, err = cli("replay", str(path))
    assert code == 0, err
    assert "Grüße, 王" in out


def test_new_with_a_board_file_records_its_layout_inline(tmp_path: Path) -> None:
    board = tmp_path / "small.txt"
    board.write_text("board: small\n. . . .\n. R . .\n. . Y .\n. B . .", encoding="utf-8")
    code, out, err = cli("new", "--board", str(board), "--seed", "4", "--record")
    assert code == 0, err
    record = json.loads(out)
    assert record["board"] == "board: small\n. . . .\n. R . .\n. . Y .\n. B . .\n"
    path = tmp_path / "record.json"
    path.write_text(out, encoding="utf-8")
    code, out, err = cli("replay", str(path))
    assert code == 0, err
    assert out.startswith("Small, 2 players, seed 4")
    assert "larger than" in cli_refuses("new", "--board", "/dev/zero")


# -- series -----------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    '{"format": "qin-series/1", "games": [' + "[" * 50_000 + "]" * 50_000 + "]}",
    '{"format": "qin-series/1", "players": ' + "9" * 5000 + "}",
    '{"format": "' + ESC + '"}',
    '{"format": "qin-series/1", "games": [{"record": {"format": "qin-game/1", '
    '"board": "/proc/self/environ", "players": 2, "seed": 1}}]}',
])
def test_a_series_is_read_with_the_same_limits(text: str) -> None:
    from qin.series import Series

    with pytest.raises(QinError) as info:
        Series.from_json(text)
    clean(str(info.value))
    with pytest.raises(QinError):
        Series.from_json(text.encode())
