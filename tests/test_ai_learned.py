"""The Son of Heaven: the learned evaluation's features, its weights file, its play.

What is checked: the features read off known positions, counted by hand (provinces
and majors, Q5 and Q14; villages and who holds them narrowly, Q15; the supply, Q2; the
placements that gain, the hand, the phase), the shipped weights file's format and size
(and that a damaged one is refused with a clear message, a ``ValueError``), that with no
weights the level plays exactly the Emperor's moves, and that a fixed seed gives a fixed
move.  Nothing here pins what the shipped weights make of a position: retraining them
(tools/train_ai.py) changes the level's moves, not these tests.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

import qin
import qin.ai
from qin.ai import review
from qin.ai.features import BASE, NAMES, after_move
from qin.ai.learned import (
    FORMAT,
    MAX_BYTES,
    VERSION,
    WEIGHTS_FILE,
    Learned,
    Weights,
    WeightsError,
    load_weights,
    parse_weights,
    read_weights,
)
from qin.ai.lookahead import Lookahead
from qin.ai.sim import to_code

# Player 1 (to move) has a red province of 4 squares and the village beside it, held by
# one pagoda to none; player 2 a yellow major; player 3 a blue pair.
KNOWN = """players: 3
to-move: 1
hand-1: BB RY
hand-2: RR
hand-3: YY
. r1 r r r v1 .
. . . . . . .
. y2 y y y y .
. . . . . . .
b3 b . . . . .
"""


def test_features_read_a_known_position_after_a_move() -> None:
    game = qin.Game.from_position(KNOWN)
    view = game.view(1)
    move = qin.Move.parse("Bg2Bg3")  # founds a blue province (Q11)
    assert move in game.legal_moves()
    got = dict(zip(NAMES, after_move(view, to_code(view.board.geo, move)), strict=True))
    assert got["bias"] == 1.0
    # on the board: red province + new blue province + the village (tens of pagodas);
    # the others' best is player 2's major (2 pagodas), not player 3's pair
    assert got["pagodas_me"] == pytest.approx(0.3)
    assert got["pagodas_them"] == pytest.approx(0.2)
    assert (got["provinces_me"], got["provinces_them"]) == (2.0, 1.0)
    assert got["area_me"] == pytest.approx(0.6) and got["area_them"] == pytest.approx(0.5)
    assert (got["majors_me"], got["majors_them"]) == (0.0, 1.0)  # 5 squares (Q5)
    assert (got["near_major_me"], got["near_major_them"]) == (1.0, 0.0)  # 4 squares
    assert (got["villages_me"], got["villages_them"]) == (1.0, 0.0)
    # the village's neighbours: player 1's red province, 1 pagoda, none of the others'
    # (Q15 counts the pagodas of the provinces beside it): held 1 to 0
    assert (got["weak_villages_me"], got["weak_villages_them"]) == (1.0, 0.0)
    assert (got["supply_low_me"], got["supply_low_them"]) == (0.0, 0.0)  # 16+ left
    # what comes next: player 1 keeps RY (9 placements gain a pagoda, 1 at best);
    # player 2 may hold any kind: 31 gain, the best +1 for them and -1 for player 1
    assert got["my_gains"] == pytest.approx(0.9) and got["my_best"] == 1.0
    assert got["their_gains"] == pytest.approx(3.1) and got["their_best"] == 1.5
    assert (got["doubles"], got["hand"]) == (0.0, 1.0)  # RY left, nothing drawn
    # 70 of the 72 tiles unseen by player 1 (its two in hand are seen)
    assert got["phase"] == pytest.approx(70 / 72)
    assert got["pagodas_late"] == pytest.approx((2 / 72) * 0.1)
    assert got["supply_late"] == 0.0


# Player 1 (to move, RR and YY in hand) has a red province of 3 squares; player 2 holds
# the village f2 with a blue pair beside it (1 pagoda to none).
TAKING = """players: 2
to-move: 1
hand-1: RR YY
hand-2: BB
. . . . . . .
r1 r r . . v2 .
. . . . . b2 b
"""


def test_features_after_a_move_that_makes_a_major_and_takes_a_village() -> None:
    game = qin.Game.from_position(TAKING)
    view = game.view(1)
    move = qin.Move.parse("Rd2Re2")
    kinds = [e.kind for e in game.preview(move)]
    assert kinds == ["place", "expand", "major", "return", "village"]  # Q11a, Q14, Q15
    got = dict(zip(NAMES, after_move(view, to_code(view.board.geo, move)), strict=True))
    # the red province grows to 5 squares: major, its second pagoda (Q14); beside the
    # village it now counts 2 pagodas against the blue pair's 1, so player 1 takes it
    # and player 2's pagoda goes back (Q15, Q16): 2 + 1 on the board against 1
    assert got["pagodas_me"] == pytest.approx(0.3) and got["pagodas_them"] == pytest.approx(0.1)
    assert (got["provinces_me"], got["provinces_them"]) == (1.0, 1.0)
    assert got["area_me"] == pytest.approx(0.5) and got["area_them"] == pytest.approx(0.2)
    assert (got["majors_me"], got["majors_them"]) == (1.0, 0.0)
    assert (got["near_major_me"], got["near_major_them"]) == (0.0, 0.0)  # a major, a pair
    assert (got["villages_me"], got["villages_them"]) == (1.0, 0.0)
    assert (got["weak_villages_me"], got["weak_villages_them"]) == (1.0, 0.0)  # 2 to 1
    assert (got["supply_low_me"], got["supply_low_them"]) == (0.0, 0.0)  # 21 and 23 left
    assert (got["doubles"], got["hand"]) == (1.0, 1.0)  # YY kept, nothing drawn yet
    # 2 players: 70 of 72 tiles unseen by player 1; the pagoda lead weighed by 2/72
    assert got["phase"] == pytest.approx(70 / 72)
    assert got["pagodas_late"] == pytest.approx((2 / 72) * (0.3 - 0.1))
    assert got["supply_late"] == 0.0


def test_features_count_a_supply_running_low_and_a_safe_village() -> None:
    # player 1 holds the village by 2 pagodas (a major beside it, Q5) and has 3 pagodas
    # left of 15 (4 players, Q2): 2 villages of filler stand for the rest of its board
    text = ("players: 4\nto-move: 1\nhand-1: RR\nhand-2:\nhand-3:\nhand-4:\n"
            ". r1 r r r r v1\n. . . . . . .\n" + "- " * 6 + "-\n"
            + " ".join(["v1"] * 7) + "\n" + " ".join(["v1"] * 2 + ["-"] * 5) + "\n")
    game = qin.Game.from_position(text)
    assert game.supply(1) == 15 - 2 - 1 - 9
    view = game.view(1)
    move = next(m for m in game.legal_moves() if not m.is_pass)
    got = dict(zip(NAMES, after_move(view, to_code(view.board.geo, move)), strict=True))
    # the filler's nine villages have no province beside them (held by 0 to 0: narrow);
    # the one beside the major is held by 2 pagodas to 0
    assert got["villages_me"] == 10.0 and got["weak_villages_me"] == 9.0
    assert got["majors_me"] == 1.0
    after = game.clone()
    after.play(move)
    left = after.supply(1)
    assert left <= 3
    assert got["supply_low_me"] == pytest.approx((6 - left) / 6)


def test_the_shipped_weights_file_is_read_and_small() -> None:
    raw = resources.files("qin.ai").joinpath(WEIGHTS_FILE).read_bytes()
    assert MAX_BYTES <= 300_000 and len(raw) <= MAX_BYTES  # the 300 KB
    data = json.loads(raw)
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert data["features"] == list(NAMES)
    weights = load_weights()
    for count in (2, 3, 4):
        assert len(weights.by_players[count]) == len(NAMES)
    # tools/train_ai.py's defaults: its seed, the self-play policy (the Emperor's first stage)
    assert weights.trained["seed"] == 7000
    assert weights.trained["policy"] == "emperor:width=0"


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(format="qin-record"), "not a weights file"),
    (lambda d: d.update(version=99), "weights version 99"),
    (lambda d: d["features"].pop(), "other features"),
    (lambda d: d["players"]["3"].pop(), "weights for 3 players are not"),
    (lambda d: d["players"]["2"].__setitem__(0, "1.0"), "weights for 2 players are not"),
    (lambda d: d["players"]["4"].__setitem__(1, True), "weights for 4 players are not"),
    (lambda d: d["players"]["2"].__setitem__(1, 1e300), "weights for 2 players are not"),
    (lambda d: d.pop("players"), "no weights per player count"),
    (lambda d: d["players"].pop("4"), "weights for 4 players are not"),
    (lambda d: d["players"]["3"].append(0.5), "weights for 3 players are not"),
    (lambda d: d.pop("version"), "weights version None"),
    (lambda d: d.update(padding="x" * MAX_BYTES), "larger than"),
])
def test_a_damaged_weights_file_is_refused_with_a_clear_message(
        change: object, message: str) -> None:
    data = json.loads(resources.files("qin.ai").joinpath(WEIGHTS_FILE).read_text("utf-8"))
    change(data)  # type: ignore[operator]
    with pytest.raises(WeightsError, match=message):
        parse_weights(json.dumps(data))


@pytest.mark.parametrize(("text", "message"), [
    ("{", "not JSON"),
    ("", "not JSON"),
    ("[1, 2, 3]", "not a weights file"),
    ('"qin-learned-evaluation"', "not a weights file"),
    ("\ufeff{}", "not JSON"),
])
def test_a_file_that_is_no_weights_file_at_all_is_refused(text: str, message: str) -> None:
    with pytest.raises(WeightsError, match=message) as caught:
        parse_weights(text)
    assert isinstance(caught.value, ValueError)  # what callers catch for bad input


def mid_game(players: int, seed: int, plies: int) -> qin.Game:
    game = qin.Game.new(players=players, seed=seed)
    gov = qin.ai.player("governor", 1)
    for _ in range(plies):
        game.play(gov.choose(game.view(game.to_move)))
    return game


@pytest.mark.parametrize(("players", "seed", "plies"), [(2, 4, 6), (3, 5, 9), (4, 6, 12)])
def test_with_no_weights_the_level_plays_the_emperors_moves(
        players: int, seed: int, plies: int) -> None:
    # the learned judgement is all the level adds to the Emperor's search
    view = mid_game(players, seed, plies)
    view = view.view(view.to_move)
    zero = Weights({n: (0.0,) * len(NAMES) for n in (2, 3, 4)}, {})
    plain = qin.ai.player("emperor", 3, iterations=30)
    learned = qin.ai.player("heaven", 3, iterations=30)
    learned.strategy = Learned.son_of_heaven(30, weights=zero)
    learned.level = "emperor"  # the same random source for equal moves
    assert learned.choose(view) == plain.choose(view)


@pytest.mark.parametrize(("players", "seed", "plies"), [(2, 8, 10), (3, 9, 7)])
def test_a_fixed_seed_gives_a_fixed_move(players: int, seed: int, plies: int) -> None:
    # played twice by fresh players, and again by the first after another decision:
    # the move depends on the seed and the view alone (no time budget: the full search)
    game = mid_game(players, seed, plies)
    view = game.view(game.to_move)
    bot = qin.ai.player("heaven", 11)
    first = bot.choose(view)
    assert first in view.legal_moves()
    assert qin.ai.player("heaven", 11).choose(view) == first
    other = mid_game(players, seed + 1, plies)
    bot.choose(other.view(other.to_move))
    assert bot.choose(view) == first
    # the view rebuilt from its data (as the page's worker gets it) decides the same
    rebuilt = qin.Game.from_view_dict(view.to_view_dict())
    assert qin.ai.player("heaven", 11).choose(rebuilt) == first


def test_in_analysis_mode_the_hand_counts_as_full() -> None:
    # no hands: any kind may be placed, and the features stay in their usual range
    game = qin.Game.from_position("players: 2\nto-move: 1\n. . . .\n. r1 r .\n. . . .\n")
    move = game.legal_moves()[0]
    got = dict(zip(NAMES, after_move(game, to_code(game.board.geo, move)), strict=True))
    assert (got["doubles"], got["hand"]) == (3.0, 3.0)
    assert qin.ai.player("heaven", 1, iterations=10).choose(game) in game.legal_moves()


def test_the_phased_copies_are_the_figures_times_the_share_of_tiles_seen() -> None:
    game = qin.Game.from_position(TAKING)
    view = game.view(1)
    got = dict(zip(NAMES, after_move(view, to_code(view.board.geo, qin.Move.parse("Rd2Re2"))),
                   strict=True))
    seen = 2 / 72  # player 1 has seen its own two tiles
    assert got["late_majors_me"] == pytest.approx(seen * 1.0)
    assert got["late_pagodas_me"] == pytest.approx(seen * 0.3)
    assert got["late_doubles"] == pytest.approx(seen * 1.0)
    assert got["late_their_best"] == pytest.approx(seen * got["their_best"])
    assert len(NAMES) == len(BASE) + len(BASE) - 4  # no copy of bias, phase, *_late


def test_a_candidate_weights_file_is_played_by_heaven_alone(tmp_path: Path) -> None:
    # what `python -m qin.arena heaven emperor --weights-a FILE` measures
    zero = {"format": FORMAT, "version": VERSION, "features": list(NAMES),
            "players": {str(n): [0.0] * len(NAMES) for n in (2, 3, 4)}}
    path = tmp_path / "candidate.json"
    path.write_text(json.dumps(zero), encoding="utf-8")
    weights = read_weights(str(path))
    view = mid_game(2, 4, 6)
    view = view.view(view.to_move)
    learned = qin.ai.player("heaven", 3, iterations=30, weights=weights)
    assert isinstance(learned.strategy, Learned) and learned.strategy.weights is weights
    assert learned.choose(view) in view.legal_moves()
    with pytest.raises(ValueError, match="takes no learned weights"):
        qin.ai.player("emperor", 3, weights=weights)
    with pytest.raises(WeightsError, match="cannot read the weights file"):
        read_weights(str(tmp_path / "missing.json"))
    (tmp_path / "old.json").write_text(json.dumps(zero | {"version": 1}), encoding="utf-8")
    with pytest.raises(WeightsError, match="weights version 1"):
        read_weights(str(tmp_path / "old.json"))


def test_the_level_searches_wider_than_the_emperor_and_otherwise_alike() -> None:
    # 14 moves deepened of a shortlist of 24 where the Emperor deepens 10 of 16: the
    # wider search measured 0.654 against the Emperor over 1,000 new deals (bench/README.md)
    emperor = qin.ai.player("emperor", 1).strategy
    heaven = qin.ai.player("heaven", 1).strategy
    assert isinstance(heaven, Learned) and isinstance(emperor, Lookahead)
    assert (heaven.width, heaven.shortlist) == (14, 24)
    assert (emperor.width, emperor.shortlist) == (10, 16)
    for option in ("replies", "guard", "spoil"):
        assert getattr(heaven, option) == getattr(emperor, option), option
    # the review's judge is the level's first stage alone, as before
    judge = review.judge()
    assert (judge.width, judge.shortlist) == (0, 8)
