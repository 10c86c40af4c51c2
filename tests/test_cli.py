"""The command line, run as ``python -m qin`` in a subprocess.

Every subcommand prints to stdout and exits 0; bad input (files, positions, moves,
records) gives exactly one line ``qin: ...`` on stderr and exit status 2.
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

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, stdin: str | None = None, cwd: Path | None = None) -> tuple[int, str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    done = subprocess.run([sys.executable, "-m", "qin", *args], input=stdin, text=True,
                          capture_output=True, env=env, cwd=cwd, timeout=60,
                          encoding="utf-8")
    return done.returncode, done.stdout, done.stderr


def ok(*args: str, stdin: str | None = None) -> str:
    code, out, err = run(*args, stdin=stdin)
    assert code == 0, err
    assert err == ""
    return out


def bad(*args: str, stdin: str | None = None) -> str:
    """Run a command that must fail: exit 2, nothing on stdout, one line on stderr."""
    code, out, err = run(*args, stdin=stdin)
    assert code == 2, (code, out, err)
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("qin: ")
    return lines[0]


@pytest.fixture
def start(tmp_path: Path) -> Path:
    """The starting position of bird, 2 players, seed 7 (Player 1 holds YY RY RB)."""
    path = tmp_path / "start.txt"
    path.write_text(qin.Game.new("bird", 2, seed=7).to_position(), encoding="utf-8")
    return path


def finished_record(seed: int = 3) -> dict[str, object]:
    import random

    g = qin.Game.new("bird", 2, seed=seed, names=["Green", "White"])
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    return g.record()


# -- new ---------------------------------------------------------------------------------
def test_new_prints_the_starting_position_with_hands() -> None:
    out = ok("new", "--seed", "7")
    assert out == qin.Game.new("bird", 2, seed=7).to_position()
    assert "hand-1: YY RY RB" in out
    out = ok("new", "--board", "lion", "--players", "4", "--seed", "5", "--fair-start")
    g = qin.Game.new("lion", 4, seed=5, fair_start=True)
    assert out == g.to_position()
    assert "hand-4:" in out and "board: lion" in out


def test_new_without_a_seed_says_which_seed_it_chose() -> None:
    out = ok("new")
    first = out.splitlines()[0]
    assert first.startswith("# seed: ")
    seed = int(first.split(":")[1])
    assert out.split("\n", 1)[1] == qin.Game.new("bird", 2, seed=seed).to_position()
    qin.Game.from_position(out)  # the comment line is part of the position format


def test_new_record_prints_a_loadable_record() -> None:
    out = ok("new", "--seed", "9", "--names", "Ann,Bob", "--record")
    record = json.loads(out)
    assert record == {"format": "qin-game/1", "board": "bird", "players": 2, "seed": 9,
                      "fair_start": False, "names": ["Ann", "Bob"], "moves": []}


def test_new_refuses_bad_options() -> None:
    assert "unknown board 'moon'" in bad("new", "--board", "moon")
    assert bad("new", "--names", "Ann") == "qin: 2 players need 2 names, not 1"
    code, out, err = run("new", "--players", "5")
    assert code == 2 and out == "" and "players must be 2, 3 or 4, not '5'" in err
    code, out, err = run("new", "--seed", "x")
    assert code == 2 and "the seed is a whole number" in err


# -- legal -------------------------------------------------------------------------------
def test_legal_prints_one_move_per_line(start: Path) -> None:
    out = ok("legal", str(start))
    expected = [str(m) for m in qin.Game.new("bird", 2, seed=7).legal_moves()]
    assert out.splitlines() == expected


def test_legal_reads_standard_input_for_a_dash(start: Path) -> None:
    assert ok("legal", "-", stdin=start.read_text()) == ok("legal", str(start))


def test_legal_passes_and_finished_games(tmp_path: Path) -> None:
    path = tmp_path / "pass.txt"
    path.write_text("players: 2\nhand-1:\nhand-2: BB\n. . .\nR . .\n")
    assert ok("legal", str(path)) == "pass\n"  # Q10: no tile to place, so pass
    path.write_text("players: 2\nhand-1: RR\nhand-2: BB\n~ . ~\nR ~ ~\n")
    assert ok("legal", str(path)) == ""  # nobody can place: the game is over (Q18)
    record = tmp_path / "done.json"
    record.write_text(json.dumps(finished_record()))
    assert ok("legal", str(record)) == ""


def test_legal_refuses_missing_files_and_bad_positions(tmp_path: Path) -> None:
    assert "cannot read" in bad("legal", str(tmp_path / "missing.txt"))
    path = tmp_path / "bad.txt"
    path.write_text("players: 2\n. . x\n. . .\n")
    line = bad("legal", str(path))
    assert line.startswith(f"qin: {path}: line 2, column 5:") and "'x' is not a square" in line
    path.write_bytes(b"\xff\xfe. .\n")
    assert "is not UTF-8 text" in bad("legal", str(path))
    assert "<stdin>: line 1" in bad("legal", "-", stdin="players: 9\n. .\n")


# -- play --------------------------------------------------------------------------------
def test_play_prints_events_in_words_then_the_new_position(start: Path) -> None:
    out = ok("play", str(start), "Yf8Yg8")
    g = qin.Game.from_position(start.read_text())  # a position holds no pile: no draw
    g.play("Yf8Yg8")
    lines = out.split("\n\n", 1)
    assert lines[0].splitlines() == [
        "Player 1 places a yellow tile on f8 and g8",
        "Player 1 founds a yellow province of 3 (g7 f8 g8)",
    ]
    assert lines[1] == g.to_position()


def test_play_several_moves_and_halves_given_as_two_words(start: Path) -> None:
    out = ok("play", str(start), "Yf8", "Yg8", "Rf9 Rf10")
    g = qin.Game.from_position(start.read_text())
    g.play("Yf8Yg8")
    g.play("Rf9Rf10")
    assert out.endswith(g.to_position())
    assert "Player 2 places a red tile on f9 and f10" in out


def test_play_json(start: Path) -> None:
    out = ok("play", str(start), "Yf8Yg8", "--json")
    data = json.loads(out)
    assert data["moves"][0]["move"] == "Yf8Yg8" and data["moves"][0]["player"] == 1
    assert [e["kind"] for e in data["moves"][0]["events"]] == ["place", "found"]
    assert data["over"] is False and data["winners"] == []
    assert qin.Game.from_position(data["position"]).to_move == 2


def test_play_refuses_a_bad_move_naming_its_number(start: Path) -> None:
    line = bad("play", str(start), "Yf8Yg8", "Rf9Rg10")
    assert line == ("qin: move 2 'Rf9Rg10': The two halves of a tile go on neighbouring "
                    "squares; f9 and g10 do not share an edge.")
    assert "move 1 'Rf8Rg8': Player 1 has no RR tile" in bad("play", str(start), "Rf8Rg8")
    assert "'Zz9' is not a move" in bad("play", str(start), "Zz9")
    assert "(Q10)" in bad("play", str(start), "pass")


def test_play_speaks_german_and_french(start: Path) -> None:
    """``--lang`` words the events and a refused move from the engine's catalogue."""
    out = ok("play", "--lang", "de", str(start), "Yf8Yg8")
    assert out.split("\n\n", 1)[0].splitlines() == [
        "Spieler 1 legt ein gelbes Plättchen auf f8 und g8",
        "Spieler 1 gründet eine gelbe Provinz aus 3 Feldern (g7 f8 g8)",
    ]
    assert out.endswith(ok("play", str(start), "Yf8Yg8").split("\n\n", 1)[1])
    assert ok("play", str(start), "Yf8Yg8", "--lang", "fr").startswith(
        "Joueur 1 pose une tuile jaune sur f8 et g8\n")
    assert bad("play", "--lang", "de", str(start), "Yf8Yg8", "Rf9Rg10") == (
        "qin: Zug 2 „Rf9Rg10“: Die beiden Hälften eines Plättchens liegen auf "
        "Nachbarfeldern; f9 und g10 haben keine gemeinsame Kante.")
    assert bad("play", "--lang", "fr", str(start), "Rf8Rg8") == (
        "qin: coup 1 « Rf8Rg8 » : Joueur 1 n’a pas de tuile RR (main : YY RY RB).")
    assert "'Zz9' is not a move" in bad("play", "--lang", "de", str(start), "Zz9")


def test_an_unknown_language_is_refused(start: Path) -> None:
    code, out, err = run("play", "--lang", "xx", str(start), "Yf8Yg8")
    assert code == 2 and out == ""
    assert "--lang" in err and "'xx'" in err and "'de'" in err
    code, out, err = run("replay", "--lang", "es", "-")
    assert code == 2 and out == "" and "'es'" in err


def test_play_needs_a_move(start: Path) -> None:
    code, out, err = run("play", str(start))
    assert code == 2 and out == "" and "required" in err


# -- replay ------------------------------------------------------------------------------
def test_replay_prints_each_move_its_events_and_the_result(tmp_path: Path) -> None:
    record = finished_record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    out = ok("replay", str(path))
    g = records.load(record)
    lines = out.splitlines()
    assert lines[0] == "Bird, 2 players, seed 3: Green, White"
    assert lines[1] == f"1. Green: {record['moves'][0]}"  # type: ignore[index]
    assert lines[2].startswith("   Green places a ")
    result = next(line for line in lines if line.startswith("Result: "))
    winner = g.names[g.winners[0] - 1]
    assert winner in result and "pagodas left" in result
    assert out.endswith("\n\n" + g.to_position())
    numbered = [line for line in lines if line[:1].isdigit()]
    assert len(numbered) == len(record["moves"])  # type: ignore[arg-type]


def test_replay_in_german(tmp_path: Path) -> None:
    record = finished_record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    lines = ok("replay", str(path), "--lang", "de").splitlines()
    assert lines[0] == "Bird, 2 Spieler, Startwert 3: Green, White"
    assert lines[2].startswith("   Green legt ein")
    result = next(line for line in lines if line.startswith("Ergebnis: "))
    assert "Pagoden übrig" in result
    assert any("setzt die letzte Pagode und gewinnt das Spiel" in line for line in lines)


def test_replay_json_and_stdin(tmp_path: Path) -> None:
    record = finished_record(5)
    data = json.loads(ok("replay", "-", "--json", stdin=json.dumps(record)))
    assert data["record"] == record
    assert len(data["moves"]) == len(record["moves"])  # type: ignore[arg-type]
    assert data["over"] is True and data["winners"]
    assert data["position"] == records.load(record).to_position()


def test_replay_refuses_bad_records(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format": "qin-game/2", "board": "bird", "players": 2, "seed": 1}')
    assert "unknown game record version 'qin-game/2'" in bad("replay", str(path))
    path.write_text("{not json")
    assert "not valid JSON" in bad("replay", str(path)) and "line 1, column 2" in bad(
        "replay", str(path))
    path.write_text(json.dumps({"format": "qin-game/1", "board": "bird", "players": 2,
                                "seed": 7, "moves": ["Yf8Yg8", "Rf8Rg8"]}))
    line = bad("replay", str(path))
    assert line.startswith(f"qin: {path}: move 2 'Rf8Rg8' cannot be played: ")
    record = finished_record()
    record["moves"].append("pass")  # type: ignore[attr-defined]
    path.write_text(json.dumps(record))
    assert "comes after the end of the game" in bad("replay", str(path))


# -- render ------------------------------------------------------------------------------
def test_render_draws_the_board_with_edges_and_a_status(start: Path) -> None:
    out = ok("render", str(start))
    lines = out.splitlines()
    assert lines[0].split() == list("abcdefghijklm")
    assert lines[1].split()[0] == "1" and lines[13].split()[0] == "13"
    assert lines[5].split()[7] == "B"  # g5, the printed blue territory
    assert "Player 1 to move" in out and "Hands: Player 1 YY RY RB" in out
    bare = ok("render", str(start), "--no-legend")
    assert len(bare.splitlines()) == 14
    assert "\x1b[" in ok("render", str(start), "--colour")


def test_render_refuses_a_bad_position(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(". r1 r1\n")
    assert "owner mark" in bad("render", str(path))


# -- svg ---------------------------------------------------------------------------------
def test_svg_draws_the_board(start: Path) -> None:
    out = ok("svg", str(start))
    assert out.startswith("<svg") and out.rstrip().endswith("</svg>")
    assert 'width="300"' in ok("svg", str(start), "--size", "300")
    assert ok("svg", str(start), "--move", "Yf8Yg8").startswith("<svg")
    assert "--move" in bad("svg", str(start), "--move", "Rf8Rg8")
    assert bad("svg", str(start), "--lang", "de", "--move", "Rf8Rg8") == (
        "qin: --move: Rf8Rg8: Spieler 1 hat kein Plättchen RR (Hand: YY RY RB).")
    code, _, err = run("svg", str(start), "--size", "0")
    assert code == 2 and "must be above 0" in err


# -- usage -------------------------------------------------------------------------------
def test_usage_errors_exit_2() -> None:
    for args in ((), ("bogus",), ("legal",), ("render", "a", "b")):
        code, out, err = run(*args)
        assert code == 2 and out == "" and err


def test_version_and_help() -> None:
    assert ok("--version").strip() == f"qin {qin.__version__}"
    out = ok("--help")
    for command in ("legal", "play", "replay", "render", "new", "svg"):
        assert command in out
