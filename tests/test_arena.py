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
