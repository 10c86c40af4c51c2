"""The arena's summary of a match: A's wins, shared victories and losses, its mean score
and that score's 95% confidence interval (``qin.arena.summarize``)."""

from __future__ import annotations

import pytest

from qin.arena import Result, summarize


def result(index: int, seat: int, winners: tuple[int, ...]) -> Result:
    return Result(index, 0, seat, winners, 40, 1.0, 20, 2.0, 20)


def test_a_mixed_match_has_the_normal_interval() -> None:
    games = [result(i, 1, (1,) if i % 2 else (2,)) for i in range(100)]
    s = summarize(games)
    assert (s.wins, s.draws, s.losses) == (50, 0, 50)
    assert s.score == 0.5
    half = 1.96 * (0.25 * 100 / 99 / 100) ** 0.5
    assert s.low == pytest.approx(0.5 - half) and s.high == pytest.approx(0.5 + half)
    assert s.time_a == pytest.approx(0.05) and s.time_b == pytest.approx(0.1)


@pytest.mark.parametrize(("winners", "score", "low", "high"), [
    ((2,), 0.0, 0.0, 0.658),  # two losses: a score below 0.66 is all two games can tell
    ((1,), 1.0, 0.342, 1.0),
])
def test_games_that_all_ended_alike_still_leave_room_for_chance(
        winners: tuple[int, ...], score: float, low: float, high: float) -> None:
    """Two games lost are no proof that A never wins: the interval is Wilson's (no
    spread in the results would make the normal approximation's width nothing)."""
    s = summarize([result(0, 1, winners), result(1, 1, winners)])
    assert s.score == score
    assert (round(s.low, 3), round(s.high, 3)) == (low, high)
    assert s.low <= s.score <= s.high


def test_forty_wins_of_forty() -> None:
    s = summarize([result(i, 1, (1,)) for i in range(40)])
    assert s.score == 1.0 and s.high == 1.0
    assert round(s.low, 3) == 0.912
    assert "won 40, shared 0, lost 0" in s.text("emperor", "greedy", 2)
    assert "95% CI 0.912-1.000" in s.text("emperor", "greedy", 2)


def test_no_games() -> None:
    s = summarize([])
    assert (s.games, s.score, s.low, s.high) == (0, 0.0, 0.0, 0.0)


def placed(index: int, seat: int, winners: tuple[int, ...],
           on_board: tuple[int, ...]) -> Result:
    return Result(index, 0, seat, winners, 40, 1.0, 20, 2.0, 20, on_board)


def test_a_game_of_more_players_also_scores_against_each_opponent_one_by_one() -> None:
    """With three or four players, a game lost can still leave A ahead of some of the
    others: one by one, A scores 1 against each opponent it finished ahead of (the
    winner first, then the pagodas placed), 1/2 level with it and 0 behind it, as a
    multi-player rating counts a table's result (an even match scores 1/2 at any table)."""
    second = placed(0, 1, (2,), (5, 6, 3, 2))  # behind the winner, ahead of two
    assert second.score == 0.0
    assert second.pairwise == pytest.approx(2 / 3)
    won = placed(1, 3, (3,), (4, 4, 6, 1))
    assert won.score == 1.0 and won.pairwise == 1.0
    level = placed(2, 2, (1,), (6, 3, 3))  # level with seat 3, behind the winner
    assert level.pairwise == pytest.approx(0.25)
    shared = placed(3, 1, (1, 2), (5, 5))  # a victory shared by two: level
    assert shared.score == 0.5 and shared.pairwise == 0.5
    s = summarize([second, won])
    assert s.pairwise == pytest.approx((2 / 3 + 1) / 2)
    assert s.pairwise_low <= s.pairwise <= s.pairwise_high
    text = s.text("heaven", "emperor", 4)
    assert "one by one" in text and f"{s.pairwise:.3f}" in text
    assert "an even match scores 0.500" in text


def test_two_players_score_one_by_one_as_they_score() -> None:
    """Two players: the score against the one opponent is the score itself, said once."""
    games = [placed(i, 1, (1,) if i % 3 else (2,), (6, 4) if i % 3 else (4, 6))
             for i in range(30)]
    s = summarize(games)
    assert s.pairwise == s.score
    assert "one by one" not in s.text("heaven", "emperor", 2)
