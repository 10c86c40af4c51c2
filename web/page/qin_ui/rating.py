"""The player's rating against the computer: one Elo-like figure from the games of the
progress record, and its course over time as a small SVG chart (no DOM here).

**The levels' own ratings** (``LEVEL_RATINGS``) are data, derived from the arena's
measured ladder (``LADDER``: the two-player pairings of ``bench/ladder.py``'s run of
2026-11-23, 400 games each, and the Son of Heaven's 1,000 games against the Emperor of
2026-11-26, as the README's table gives them) by ``fit_levels``: a
Bradley-Terry fit (the model behind Elo) by maximum likelihood, each pairing counted with
one extra game split evenly (so the Governor's 400 wins out of 400 against the
Apprentice give a finite gap, about 1,160 points), on Elo's scale (400 points: ten
times the odds), the Apprentice anchored at ``ANCHOR``.  ``tests/test_rating.py`` fits
them again from ``LADDER`` and checks the shipped numbers.

**The player's rating** (``rating``) is the maximum-likelihood rating given every game
counted so far: a game against the levels at a table of *n* players is a result
(won 1, shared 0.5, lost 0) against the strongest computer's rating, expected to be
``1 / (1 + (n - 1) * 10 ** ((level - player) / 400))`` (Elo for two players; for more,
the chance of beating *n - 1* such players at once); one virtual draw against the
Apprentice keeps the figure finite after only wins or only losses.  It depends on the
games, not on their order, and is read from the record each time, so it is kept,
exported and imported with it; a damaged record counts as none (``progress.load``).
``history`` is the rating after each game, oldest first, which ``chart_svg`` draws for a
phone's card, a wider phone's and a laptop's (``LAYOUTS``: the page's style shows the one
that fits, filling the card).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Final, Protocol

from .i18n import plural, t

ANCHOR: Final = ("apprentice", 800.0)
"""The Apprentice's rating: the scale's fixed point (any would do; the gaps are measured)."""

LADDER: Final = (
    ("governor", "apprentice", 400, 0, 0),
    ("minister", "governor", 316, 0, 84),
    ("emperor", "minister", 278, 0, 122),
    ("emperor", "governor", 341, 0, 59),
    ("heaven", "emperor", 654, 0, 346),
)
"""The ladder's two-player pairings: (A, B, A's wins, shared, A's losses)."""

LEVEL_RATINGS: Final = {"apprentice": 800, "governor": 1961, "minister": 2170,
                        "emperor": 2296, "heaven": 2406}
"""``fit_levels(LADDER)``, rounded: what the page rates the player against."""

SCALE: Final = 400.0
PRIOR: Final = 0.5
"""The virtual result against the Apprentice that keeps a rating finite (a draw)."""


class Game(Protocol):
    """A counted game, as ``progress.Counted`` holds it."""

    @property
    def level(self) -> str: ...

    @property
    def players(self) -> int: ...

    @property
    def result(self) -> str: ...

    @property
    def ended(self) -> float: ...


SCORES: Final = {"won": 1.0, "shared": 0.5, "lost": 0.0}


def fit_levels(ladder: Iterable[tuple[str, str, int, int, int]],
               anchor: tuple[str, float] = ANCHOR) -> dict[str, float]:
    """Bradley-Terry ratings of the ladder's levels (Hunter's MM iteration), on Elo's
    scale, ``anchor``'s level at its rating."""
    wins: dict[str, float] = {}
    games: dict[tuple[str, str], float] = {}
    for a, b, won, shared, lost in ladder:
        wins[a] = wins.get(a, 0.0) + won + shared / 2 + 0.5
        wins[b] = wins.get(b, 0.0) + lost + shared / 2 + 0.5
        n = games.get((a, b), 0.0) + won + shared + lost + 1
        games[(a, b)] = games[(b, a)] = n
    strength = dict.fromkeys(wins, 1.0)
    for _ in range(5000):
        new = {i: wins[i] / sum(n / (strength[i] + strength[j])
                                for (k, j), n in games.items() if k == i)
               for i in strength}
        base = new[anchor[0]]
        change = max(abs(new[i] / base - strength[i]) for i in strength)
        strength = {i: v / base for i, v in new.items()}
        if change < 1e-12:
            break
    return {i: anchor[1] + SCALE * math.log10(v) for i, v in strength.items()}


def expected(player: float, level: float, players: int = 2) -> float:
    """The expected score against ``players - 1`` computers rated ``level``."""
    return 1.0 / (1.0 + (players - 1) * 10 ** ((level - player) / SCALE))


def _counted(games: Iterable[Game]) -> list[tuple[float, float, int]]:
    """(score, the level's rating, players) of each game that can be rated."""
    out = []
    for g in games:
        level = LEVEL_RATINGS.get(g.level)
        score = SCORES.get(g.result)
        if level is not None and score is not None and g.players in (2, 3, 4):
            out.append((score, float(level), g.players))
    return out


Kinds = dict[tuple[float, int], int]
"""How many counted games were played against each kind of table: (the level's rating,
players). Games of one kind weigh the same in a rating: a solve weighs each kind once."""


def _kinds(results: Sequence[tuple[float, float, int]]) -> Kinds:
    kinds: Kinds = {}
    for _, level, players in results:
        kinds[level, players] = kinds.get((level, players), 0) + 1
    return kinds


def _solve_kinds(kinds: Kinds, score: float) -> float:
    """The rating at which the expected scores of games of ``kinds`` (with the prior) add up
    to ``score``, the games' scores."""
    prior = float(LEVEL_RATINGS[ANCHOR[0]])
    target = PRIOR + score
    weighed = list(kinds.items())

    def gap(r: float) -> float:  # grows with r
        return expected(r, prior) + sum(count * expected(r, lv, n)
                                        for (lv, n), count in weighed) - target

    low, high = -2000.0, 6000.0
    for _ in range(100):
        mid = (low + high) / 2
        if gap(mid) < 0:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def _solve(results: Sequence[tuple[float, float, int]]) -> float:
    """The rating at which the expected scores add up to the scores (with the prior)."""
    return _solve_kinds(_kinds(results), sum(s for s, _, _ in results))


def rating(games: Iterable[Game]) -> float | None:
    """The player's rating from the counted games; ``None`` when there are none."""
    results = _counted(games)
    return _solve(results) if results else None


_HISTORY: dict[tuple[tuple[float, float, int], ...], tuple[float, ...]] = {}
"""The last history worked out (``history``), by its games' results: the start screen
draws it, and its key before Python in every language (``start_screen``), from the same
games; each rating solved afresh for each game is what costs."""


def history(games: Sequence[Game]) -> list[float]:
    """The rating after each rated game, oldest first."""
    ordered = sorted(games, key=lambda g: g.ended)
    results = tuple(_counted(ordered))
    known = _HISTORY.get(results)
    if known is None:
        kinds: Kinds = {}
        score = 0.0
        solved = []
        for s, level, players in results:  # each game's kind added to those before it
            kinds[level, players] = kinds.get((level, players), 0) + 1
            score += s
            solved.append(_solve_kinds(kinds, score))
        known = tuple(solved)
        _HISTORY.clear()
        _HISTORY[results] = known
    return list(known)


# -- in words and as a picture -------------------------------------------------------------
PAD: Final = 4
"""Room above the chart's highest value and under its lowest."""
LABEL_SIZE: Final = 12
"""The levels' labels' font size (in the chart's units, so CSS px: a phone's small print,
readable, about the size of the levels' ratings' line under the chart, 0.8 rem)."""
LABEL_ASCENT: Final = 11.5
LABEL_DESCENT: Final = 3.0
"""A label's words reach this far above and under its baseline (the line of a sans-serif
or a serif font as a browser draws it: about 0.93 and 0.24 em, rounded up)."""
LABEL_GAP: Final = 1.0
"""The least room between two labels, one under the other."""
LABEL_ROOM: Final = 158
"""The room right of the lines for the labels: a leader line ties each to its level's line
across the first 8 units, then its words (the longest labels, "Son of Heaven: 2406" and
"Fils du Ciel : 2406", are under 150 units long)."""


@dataclass(frozen=True)
class Layout:
    """A size the chart is drawn at, a unit a CSS px where it is shown: its line and the
    levels' lines widen with it, its labels keep their size and their room at its right."""

    name: str
    width: int
    height: int

    @property
    def plot_right(self) -> int:
        """Where the rating's line and the levels' lines end: the labels stand right of it."""
        return self.width - LABEL_ROOM

    @property
    def label_left(self) -> int:
        """Where the labels begin."""
        return self.plot_right + 8


PHONE: Final = Layout("phone", 300, 80)
"""The chart in a 360 px phone's progress card (its words are 303 px wide there): room for
the five levels' labels one under the other."""
MIDDLE: Final = Layout("middle", 378, 88)
"""The chart in a wider phone's card (from about 430 px wide), between the phone's and the
wide one: each of the three is shown from where it fits at its own size to where the
next one does, scaled up to fill the card meanwhile by at most 1.26 (labels of 12 to 15
px: 302 to 380 px for the phone's, 380 to 478 px for this one)."""
WIDE: Final = Layout("wide", 476, 96)
"""The chart in a laptop's progress card (its words are 480 px wide, the chart's border
around it), a little taller for the longer line; keep.css shows it where it fits (its
container query at this width and the border) and the narrower ones elsewhere."""
LAYOUTS: Final = (PHONE, MIDDLE, WIDE)


@dataclass(frozen=True)
class Label:
    """A level's label on the chart: its words, their baseline, its line's height."""

    level: str
    text: str
    baseline: float
    line: float

    @property
    def middle(self) -> float:
        """The height of the label's middle (where its leader line ends)."""
        return self.baseline - (LABEL_ASCENT - LABEL_DESCENT) / 2


def _on(line: float) -> float:
    """The baseline of a label level with its line."""
    return line + (LABEL_ASCENT - LABEL_DESCENT) / 2


def _spread(wanted: Sequence[float], height: float) -> list[float]:
    """Baselines, in ``wanted``'s (ascending) order, each label ``LABEL_GAP`` under the
    one before it and all inside a chart ``height`` high, as near ``wanted`` as that allows
    (labels that would touch move as one block, centred on where they want to be)."""
    step = LABEL_ASCENT + LABEL_DESCENT + LABEL_GAP
    first, last = LABEL_ASCENT, height - LABEL_DESCENT
    blocks: list[list[int]] = []  # runs of labels one under the other: [start, count]
    bases: list[float] = []

    def placed(start: int, count: int) -> float:
        base = sum(wanted[j] - (j - start) * step for j in range(start, start + count)) / count
        return min(max(base, first), last - (count - 1) * step)

    for i in range(len(wanted)):
        blocks.append([i, 1])
        bases.append(placed(i, 1))
        while len(blocks) > 1 and bases[-2] + blocks[-2][1] * step > bases[-1]:
            start, count = blocks[-2][0], blocks[-2][1] + blocks[-1][1]
            del blocks[-1], bases[-1]
            blocks[-1] = [start, count]
            bases[-1] = placed(start, count)
    return [base + k * step
            for (_, count), base in zip(blocks, bases, strict=True) for k in range(count)]


def _scale(points: Sequence[float],
           height: float) -> tuple[list[tuple[str, int]], Callable[[float], float]]:
    """The levels in the chart's range, and the height of a rating on a chart ``height``
    high."""
    low, high = min(points), max(points)
    levels = [(k, v) for k, v in LEVEL_RATINGS.items() if low - 150 <= v <= high + 150]
    low = min([low, *(v for _, v in levels)]) - 20
    high = max([high, *(v for _, v in levels)]) + 20

    def y(v: float) -> float:
        return round(PAD + (high - v) / (high - low) * (height - 2 * PAD), 1)

    return levels, y


def chart_labels(points: Sequence[float], level_name: Callable[[str], str],
                 layout: Layout) -> list[Label]:
    """The labels of the levels' lines on the chart of ``points``, weakest first, right of
    the lines: each level with its line where there is room, else moved up or down off
    the others, in the lines' order (the Minister's, the Emperor's and the Son of
    Heaven's lines can lie a few units apart)."""
    levels, y = _scale(points, layout.height)
    lines = [y(v) for _, v in levels]
    order = sorted(range(len(levels)), key=lambda i: lines[i])
    baselines = dict(zip(order, _spread([_on(lines[i]) for i in order], layout.height),
                         strict=True))
    return [Label(k, t("rating.level", level=level_name(k), rating=v),
                  round(baselines[i], 1), lines[i])
            for i, (k, v) in enumerate(levels)]


def chart_svg(points: Sequence[float], level_name: Callable[[str], str],
              layout: Layout) -> str:
    """The rating over the games as a small line chart (an SVG element) at ``layout``'s
    size, the levels' ratings in its range as faint lines, each labelled right of the
    lines (``level_name`` names them; ``chart_labels`` places the labels); "" for fewer
    than two points."""
    if len(points) < 2:
        return ""
    _, y = _scale(points, layout.height)
    right, left = layout.plot_right, layout.label_left
    step = (right - 2 * PAD) / (len(points) - 1)
    line = " ".join(f"{PAD + i * step:.1f},{y(v):.1f}" for i, v in enumerate(points))
    marks = "".join(
        f'<line class="rating-level" x1="0" x2="{right}" y1="{label.line:.1f}" '
        f'y2="{label.line:.1f}"/>'
        f'<path class="rating-leader" d="M{right},{label.line:.1f}H{right + 2}'
        f'L{left - 2},{label.middle:.1f}" fill="none"/>'
        f'<text class="rating-label" x="{left}" y="{label.baseline:.1f}" '
        f'font-size="{LABEL_SIZE}">{escape(label.text)}</text>'
        for label in chart_labels(points, level_name, layout))
    label = t("rating.chart", first=round(points[0]), last=round(points[-1]))
    return (f'<svg class="rating-chart rating-chart-{layout.name}" '
            f'viewBox="0 0 {layout.width} {layout.height}" width="{layout.width}" '
            f'height="{layout.height}" role="img" aria-label="{escape(label)}">'
            f"<title>{escape(label)}</title>{marks}"
            f'<polyline class="rating-line" points="{line}" fill="none"/></svg>')


def rating_html(games: Sequence[Game], level_name: Callable[[str], str]) -> str:
    """The start screen's line: the rating, the games it rests on, its chart and the
    levels' ratings (``level_name`` names a level in the page's language)."""
    points = history(games)
    if not points:
        return ""
    now = round(points[-1])
    text = plural(len(points), "rating.now", rating=now)
    scale = t("rating.scale", levels=", ".join(
        f"{level_name(k)} {v}" for k, v in LEVEL_RATINGS.items()))
    charts = "".join(chart_svg(points, level_name, layout) for layout in LAYOUTS)
    return (f'<div class="rating" data-rating="{now}" data-games="{len(points)}">'
            f'<p class="rating-now">{escape(text)}</p>{charts}'
            f'<p class="rating-scale">{escape(scale)}</p></div>')
