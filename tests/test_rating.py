"""The player's rating against the computer (web/page/qin_ui/rating.py): the levels'
ratings fitted from the arena's ladder, known results giving known ratings, damaged
data counting as none, and the rating on the start screen, before Python too (the
progress table that ``qin.start`` keeps)."""

from __future__ import annotations

import json
import math
import re
import sys
from itertools import pairwise
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
    assert html.count("<svg") == len(rating.LAYOUTS) and "<polyline" in html  # one a layout
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


PHONE_CARD_PX = 303
"""The width of the progress card's words on the smallest phone (360 px), where the
phone's chart is drawn at its own size (a unit a CSS px), its 1 px border around it."""
LAPTOP_CARD_PX = 480
"""The width of the progress card's words on a laptop (1366 or 1280 px wide), where the
wide chart is drawn at its own size, its border around it."""
READABLE = 12
"""The least size of the labels' words, in the chart's units: a phone's small print."""
MOST_SCALE = 1.3
"""The most a chart is scaled up to fill its card (up to the next layout's width): its
labels at most 15.6 px, its lines a little thicker."""


def test_each_layout_fills_the_cards_it_is_shown_in() -> None:
    """From the smallest phone's card to a laptop's, the chart shown is the layout drawn
    for about that width: each is shown from where it fits at its own size (a unit a CSS
    px, its border inside the card's words: the style's container query at its width and
    its border) to where the next one fits, scaled up to fill the card there (by at most
    ``MOST_SCALE``: the phones between 400 and 520 px wide); the phone's at the smallest
    phone's card, the wide one at a laptop's."""
    layouts = sorted(rating.LAYOUTS, key=lambda layout: layout.width)
    assert (layouts[0], layouts[-1]) == (rating.PHONE, rating.WIDE)
    assert rating.PHONE.width + 2 <= PHONE_CARD_PX
    assert rating.WIDE.width + 2 <= LAPTOP_CARD_PX
    assert rating.WIDE.width + 2 >= 0.95 * LAPTOP_CARD_PX
    css = (ROOT / "web" / "page" / "keep.css").read_text("utf-8")
    for layout, wider in pairwise(layouts):
        assert f"@container rating (min-width: {wider.width + 2}px)" in css
        assert (wider.width + 2) / (layout.width + 2) <= MOST_SCALE, (layout, wider)
        assert layout.height <= wider.height
    for layout in layouts:
        svg = rating.chart_svg(HISTORIES["every level in range"], views.level_name, layout)
        assert f'viewBox="0 0 {layout.width} {layout.height}"' in svg
        assert f'width="{layout.width}" height="{layout.height}"' in svg
        assert f"rating-chart-{layout.name}" in svg
    assert rating.WIDE.plot_right > 2 * rating.PHONE.plot_right  # the line has the room


@pytest.mark.parametrize("layout", rating.LAYOUTS, ids=lambda layout: layout.name)
def test_the_chart_s_labels_are_readable_in_each_layout(layout: rating.Layout) -> None:
    """The labels are at least ``READABLE`` units, CSS px where each layout is shown
    (e2e/test_progress.py measures), the same size in both."""
    svg = rating.chart_svg(HISTORIES["every level in range"], views.level_name, layout)
    sizes = {float(size) for size in re.findall(r'class="rating-label"[^>]*font-size="([^"]+)"',
                                                 svg)}
    assert sizes == {rating.LABEL_SIZE} and rating.LABEL_SIZE >= READABLE, sizes


def line_points(svg: str) -> list[tuple[float, float]]:
    """The rating line's points, as drawn."""
    line = re.search(r'class="rating-line" points="([^"]+)"', svg)
    assert line is not None
    return [(float(x), float(y)) for x, y in (xy.split(",") for xy in line.group(1).split())]


WIDEST_EM = 0.65
"""A glyph's advance at most, in ems (the widest digits and capitals of a sans-serif or a
serif font are about 0.65 em; the labels' words are mostly narrower, about 0.55 em in
Chromium's default fonts): the labels' widths measured here."""


def label_width(text: str) -> float:
    return len(text) * WIDEST_EM * rating.LABEL_SIZE


HISTORIES = {
    "every level in range": [800.0, 1500.0, 2000.0, 2420.0, 2100.0],
    "the strongest three": [2150.0, 2300.0, 2380.0, 2250.0],
    "near the top": [2380.0, 2392.0, 2400.0],
    "the weakest two": [700.0, 900.0, 1950.0],
    "below the first": [600.0, 640.0],
}
"""Rating histories whose charts show the levels' lines near each other, at the chart's
top and bottom."""


@pytest.mark.parametrize("what", list(HISTORIES))
def test_every_layout_draws_the_same_points(what: str) -> None:
    """A wider chart is the phone's stretched sideways (and a little taller): the same
    games, evenly spaced, each as high or low on its chart as on the other."""
    points = HISTORIES[what]
    phone = line_points(rating.chart_svg(points, views.level_name, rating.PHONE))
    for layout in rating.LAYOUTS:
        drawn = line_points(rating.chart_svg(points, views.level_name, layout))
        assert len(drawn) == len(points)
        xs = [x for x, _ in drawn]
        steps = {round(b - a, 1) for a, b in pairwise(xs)}
        assert max(steps) - min(steps) <= 0.2, (layout.name, steps)
        assert xs[0] == rating.PAD and xs[-1] == pytest.approx(layout.plot_right - rating.PAD,
                                                               abs=0.2)
        for (_, py), (_, y) in zip(phone, drawn, strict=True):
            assert (py - rating.PAD) / (rating.PHONE.height - 2 * rating.PAD) == pytest.approx(
                (y - rating.PAD) / (layout.height - 2 * rating.PAD), abs=0.01)


@pytest.mark.parametrize("layout", rating.LAYOUTS, ids=lambda layout: layout.name)
@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_chart_s_level_labels_never_cover_each_other(lang: str,
                                                         layout: rating.Layout) -> None:
    """Each level's label ("Kaiser (2296)") stands clear of every other, of the rating's
    line and inside the chart, however close the levels' lines lie (at the chart's
    scale, the Minister's, the Emperor's and the Son of Heaven's are a few units apart):
    right of the lines, in their order, each tied to its line by a leader line."""
    from qin_ui import i18n
    catalogue = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
    try:
        i18n.set_language(lang, catalogue)
        for what, points in HISTORIES.items():
            labels = rating.chart_labels(points, views.level_name, layout)
            svg = rating.chart_svg(points, views.level_name, layout)
            shown = [k for k, v in rating.LEVEL_RATINGS.items()
                     if min(points) - 150 <= v <= max(points) + 150]
            assert [label.level for label in labels] == shown, what
            line_right = max(x for x, _ in line_points(svg))
            boxes = []
            for label in labels:
                assert f">{label.text}</text>" in svg.replace("&#x27;", "'"), what
                top = label.baseline - rating.LABEL_ASCENT
                bottom = label.baseline + rating.LABEL_DESCENT
                left = layout.label_left
                right = left + label_width(label.text)
                assert line_right < left and right <= layout.width, (what, label)
                assert top >= 0 and bottom <= layout.height, (what, label)
                boxes.append((top, bottom, label))
            boxes.sort(key=lambda b: b[0])
            for (_, bottom, upper), (top, _, lower) in pairwise(boxes):
                assert top >= bottom, (what, upper, lower)  # one under the other
                assert upper.line <= lower.line, (what, upper, lower)  # leaders never cross
            assert svg.count('class="rating-leader"') == len(labels)
    finally:
        i18n.set_language("en", json.loads((ROOT / "web" / "i18n" / "en.json")
                                           .read_text("utf-8")))


def test_a_long_history_is_worked_out_in_work_that_grows_with_its_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A player with a thousand counted games: the progress table's chart is the rating
    # after each of them. Solved afresh from every game so far, that was some 50 million
    # expected scores (36 s in CPython, minutes in the browser); games at the same level and
    # table size weigh the same, so each solve weighs the few kinds of game seen so far.
    levels = list(rating.LEVEL_RATINGS)
    games = [game(levels[n % len(levels)], ("won", "lost", "shared")[n % 3], 2 + n % 3, n)
             for n in range(1000)]
    calls = 0
    real = rating.expected

    def counted(player: float, level: float, players: int = 2) -> float:
        nonlocal calls
        calls += 1
        return real(player, level, players)

    rating._HISTORY.clear()
    monkeypatch.setattr(rating, "expected", counted)
    points = rating.history(games)
    assert len(points) == 1000
    assert calls < 3_000_000
    # the same ratings as each solved from its games one by one
    for n in (1, 2, 17, 500, 1000):
        assert points[n - 1] == pytest.approx(rating.rating(games[:n]) or 0, abs=1e-6)
