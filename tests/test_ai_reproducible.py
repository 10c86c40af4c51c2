"""The computer players" moves, pinned for fixed seeds.

Any change to the engine or to the AI"s simulator that is meant to keep the rules and
the players" judgement as they are must leave these games move for move the same: a
different move here means a player"s strength may have changed.
"""

from __future__ import annotations

import pytest

from qin.ai import player
from qin.game import Game

# board, players, the deal"s seed, the level in each seat, search iterations (the
# searching levels" line budget, kept small for speed), then every move of the game
GAMES: list[tuple[str, int, int, tuple[str, ...], int | None, str]] = [
    ("bird", 2, 3, ("apprentice", "governor"), None,
     "Bf5Yf6 Rg10Rg11 Yh7Yh8 Bd6Ye6 Re4Re5 Yc5Bc6 Bf8Bf9 Yc7Yc8 Rc3Yc4 Bf11Bf12 "
     "Yd11Ye11 Yd2Rd3 Yi6Bi7 Bi8Ri9 Bj6Bk6 Bc1Yd1 Rh10Rh11 Rj9Bk9 Rj4Bj5 Yk7Bk8 "
     "Bj10Bj11 Bh12Bh13 Rl9Rl10 Ri4Yi5 Bk3Bk4 Rk5Rl5"),
    ("lion", 3, 5, ("governor", "apprentice", "greedy"), None,
     "Bg7Yh7 Bf5Rf6 Yd5Ye5 Be9Bf9 Rg9Rh9 Yh10Yh11 Yi7Yj7 Bd6Bd7 Rb6Rc6 Yi9Rj9 Yd8Rd9 "
     "Bk7Bk8 Rl8Rl9 Yf7Rf8 Ya5Yb5 Ym7Ym8 Ym9Ym10 Rh12Rh13 Bi12Bj12 Ba6Ba7 Rm11Rm12 "
     "Rf3Bf4 Rf10Rf11 Rc7Yc8 Re2Re3 Bd1Bd2 Yj6Rk6 Bi5Bj5 Yl5Rl6 Bl3Yl4 Rj3Bk3"),
    ("bird", 2, 8, ("minister", "emperor"), 40,
     "Bg3Bg4 Yh2Yh3 Rf2Rf3 Ye7Yf7 Bg10Bg11 Rf11Rf12 Bh7Bi7 Yh11Yh12 Rh9Yh10 Bf8Bg8 "
     "Be10Be11 Bf9Yf10 Ri8Rj8 Re8Be9 Rd8Bd9 Rk7Bk8 Rl7Ym7 Yc7Yc8 Bk9Yk10 Bc5Yc6 "
     "Ra5Bb5 Ra6Ya7 Ya8Ba9 Yd5Yd6 Ye6Bf6 Rm5Ym6 Bl4Rl5 Be1Bf1 Bd3Be3 Bf13Bg13 Bb9Rc9 "
     "Rc10Bd10 Yj4Bk4 Rj10Rj11 Rh13Ri13 Bj2Yj3 Bk2Bk3 Rj5Rj6 Rl3Rm3"),
    ("lion", 4, 13, ("emperor", "governor", "minister", "apprentice"), 30,
     "Yd7Re7 Bf7Bf8 Yi7Yj7 Rf5Bg5 Yc6Yc7 Bb5Bb6 Rf3Rf4 Bb8Bc8 Bd9Be9 Ya7Ya8 Rd5Re5 "
     "Yf1Yf2 Rh5Ri5 Ya4Ya5 Yi9Bj9 Bj6Bk6 Rd2Re2 Bj8Yk8 Yl8Bl9 Rh9Rh10 Bm9Ym10 "
     "Yg9Yg10 Rg7Yh7 Bh11Bi11 Bm11Bm12 Rl5Bl6 Yl12Yl13 Rm5Bm6 Bh12Rh13 Yi12Ri13 "
     "Rg4Rh4 Yj12Bj13 Bg1Yg2 Bd1Be1 Bh1Ri1 Rj1Bk1 Yf9Rf10 Yl1Yl2 Rm7Rm8"),
    ("bird", 2, 21, ("mcts", "random"), 40,
     "Yg10Yg11 Yf7Bf8 Bf5Yf6 Be4Bf4 Bf2Bf3 Bd5Re5 Bd6Re6 Rh5Yh6 Ri6Rj6 Bg3Yh3 Yi3Bi4 "
     "Rh7Rh8 Rc6Rc7 Yk6Rk7 Yk5Bl5 Bc4Yd4 Rk8Bk9 Yl9Yl10 Bc3Yd3 Bh1Rh2 Rh11Rh12 "
     "Yc8Yc9 Yg4Rh4"),
]


@pytest.mark.parametrize(("board", "count", "seed", "levels", "iterations", "moves"), GAMES,
                         ids=[f"{g[0]}-{g[1]}p-{'-'.join(g[3])}" for g in GAMES])
def test_fixed_seed_games_are_played_move_for_move_the_same(
        board: str, count: int, seed: int, levels: tuple[str, ...], iterations: int | None,
        moves: str) -> None:
    game = Game.new(board=board, players=count, seed=seed)
    bots = [player(level, seed * 10 + seat, iterations=iterations)
            for seat, level in enumerate(levels, 1)]
    while not game.is_over:
        game.play(bots[game.to_move - 1].choose(game.view(game.to_move)))
    assert " ".join(m.text for m in game.moves) == moves
