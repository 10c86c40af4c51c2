"""The player's rating against the computer (web/page/qin_ui/rating.py): the levels'
ratings fitted from the arena's ladder, known results giving known ratings, damaged
data counting as none, and the rating on the start screen, before Python too (the
progress table that ``qin.start`` keeps)."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web" / "page"))

from qin_ui import progress, rating, start_screen, views  # noqa: E402
from qin_ui.progress import Counted, Progress  # noqa: E402
from qin_ui.saves import MemoryStorage  # noqa: E402

APPRENTICE = rating.LEVEL_RATINGS["apprentice"]


def game(level: str, result: str, players: int = 2, n: int = 0) -> Counted:
    return Counted(f"g{n}-{level}-{result}", level, players, result, float(n))


def test_the_levels_ratings_are_the_fit_of_the_measured_ladder() -> None:
    fitted = rating.fit_levels(rating.LADDER)
    assert {k: round(v) for k, v in fitted.items()} == rating.LEVEL_RATINGS
    assert fitted["apprentice"] == pytest.approx(800.0)
    # the README's ladder: the pairings it shows, 400 two-player games each (the Son
    # of Heaven's 1,000 against the Emperor)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for a, b, won, shared, lost in rating.LADDER:
        games = won + shared + lost
        assert games >= 400
        assert f"| {a} vs {b} | 2 | {games:,} | {won}-{shared}-{lost} |" in readme
    # every level has its rating, the weakest to the strongest as the ladder measured
    order = sorted(rating.LEVEL_RATINGS, key=rating.LEVEL_RATINGS.__getitem__)
    assert order == list(progress.LEVEL_ORDER)


def test_a_single_pairing_fits_to_elos_formula() -> None:
    fitted = rating.fit_levels([("b", "a", 299, 0, 99)], anchor=("a", 1000.0))
    # 398 games and the extra one split: 299.5 to 99.5, 400 * log10(299.5 / 99.5)
    assert fitted["b"] == pytest.approx(1000 + 400 * math.log10(299.5 / 99.5), abs=0.01)


def test_no_games_no_rating() -> None:
    assert rating.rating([]) is None
    assert rating.history([]) == []
    assert rating.rating_html([], views.level_name) == ""


def test_known_results_give_known_ratings() -> None:
    # one win against the Apprentice, with the virtual draw: 1.5 of 2 -> +400 log10(3)
    won = rating.rating([game("apprentice", "won")])
    assert won == pytest.approx(APPRENTICE + 400 * math.log10(3), abs=0.01)
    # one loss: 0.5 of 2 -> -400 log10(3)
    lost = rating.rating([game("apprentice", "lost")])
    assert lost == pytest.approx(APPRENTICE - 400 * math.log10(3), abs=0.01)
    # a shared win is a draw: the Apprentice's own rating
    assert rating.rating([game("apprentice", "shared")]) == pytest.approx(APPRENTICE, abs=0.01)
    # two wins: 2.5 of 3 -> +400 log10(5)
    two = rating.rating([game("apprentice", "won", n=1), game("apprentice", "won", n=2)])
    assert two == pytest.approx(APPRENTICE + 400 * math.log10(5), abs=0.01)
    # the order of the games does not matter; the history follows it
    games = [game("governor", "won", n=1), game("apprentice", "lost", n=2)]
    assert rating.rating(games) == pytest.approx(rating.rating(games[::-1]) or 0, abs=1e-6)
    assert len(rating.history(games)) == 2
    assert rating.history(games)[-1] == pytest.approx(rating.rating(games) or 0)


def test_at_a_larger_table_a_win_is_worth_more() -> None:
    two = rating.rating([game("governor", "won", players=2)])
    four = rating.rating([game("governor", "won", players=4)])
    assert two is not None and four is not None and four > two
    # the expected score of an equal player at a table of n is 1/n
    assert rating.expected(1500, 1500, 4) == pytest.approx(0.25)


def test_beating_stronger_levels_rates_higher() -> None:
    values = [rating.rating([game(level, "won")]) or 0 for level in progress.LEVEL_ORDER]
    assert values == sorted(values)
    assert rating.rating([game("emperor", "lost")]) < rating.rating([game("apprentice", "won")])  # type: ignore[operator]


def test_damaged_data_counts_as_none() -> None:
    storage = MemoryStorage()
    storage.set(progress.KEY, '{"format": "qin-progress/1", "games": [{"id": 3}]}')
    record, problem = progress.load(storage, now=1.0)
    assert problem is not None and record.games == []
    assert rating.rating(record.games) is None
    html = progress.table_html(record, views.level_name)
    assert "rating" not in html and "progress-empty" in html
    # a level the page does not know is not rated (nor is an odd result)
    odd = [Counted("x", "oracle", 2, "won"), Counted("y", "apprentice", 2, "maybe")]
    assert rating.rating(odd) is None


def test_the_rating_and_its_chart_are_on_the_progress_table() -> None:
    games = [game("apprentice", "won", n=1), game("apprentice", "won", n=2),
             game("governor", "lost", n=3)]
    html = progress.table_html(Progress(games), views.level_name)
    now = round(rating.rating(games) or 0)
    assert f'data-rating="{now}"' in html and 'data-games="3"' in html
    assert f"Your rating against the computer: {now} (from 3 games)." in html
    assert html.count("<svg") == 1 and "<polyline" in html
    assert "Apprentice 800" in html  # the levels' ratings, said
    one = progress.table_html(Progress(games[:1]), views.level_name)
    assert "(from 1 game)." in one and "<svg" not in one  # one point: no chart


def test_the_rating_travels_with_the_exported_record() -> None:
    games = [game("apprentice", "won", n=1), game("governor", "shared", n=2)]
    text = Progress(games).to_json()
    storage = MemoryStorage()
    merged, added = progress.merge(storage, text)
    assert added == 2
    assert rating.rating(merged.games) == pytest.approx(rating.rating(games) or 0)


def test_the_start_screen_before_python_shows_the_rating() -> None:
    """prestart.js shows the progress table as stored in ``qin.start``: the rating is in it."""
    games = [game("apprentice", "won", n=1), game("apprentice", "lost", n=2)]
    record = Progress(games)
    lists = start_screen.lists_of([], "", record, progress.table_html(record,
                                                                     views.level_name))
    stored = json.loads(start_screen.stored_text("en", lists, None))
    assert f'data-rating="{round(rating.rating(games) or 0)}"' in stored["lists"]["progress"]
