"""The review of a game on the page: one move at a time through the worker (no DOM).

    run = ReviewRun.start(token, record, seats)   # the moves of ``seats`` to judge
    request = run.next_request()                  # an ai_bridge review request, or None
    run.answered(text)                            # the worker's JSON for that move
    run.status, run.done, run.total, run.result   # progress; the marked review at the end

The engine judges each move in its mover's view (``qin.ai.review``); the page asks for
one move at a time and sends the next request when the answer is in, so a cancel stops
the work between two moves (nothing more is asked; the answer under way is dropped).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

import qin
from qin.errors import QinError
from qin.json_text import read_json

from . import explain, i18n
from .ai_bridge import review_request_for
from .i18n import number, plural, t, tile_name
from .icons import icon
from .keyboard import REVIEW_MOVES, REVIEW_POINTS, review_move_id, review_point_id

if TYPE_CHECKING:  # the engine's review (and its players) load with the first review
    from qin.ai.review import Review, Reviewed

STAR = f'<span class="review-mark">{icon("star")}</span>'
"""The list's mark for a move among a player's largest losses (the words name it)."""

SEED = 0
"""The review's seed (ties between equally valued moves): fixed, so a game's review is
the same every time."""
DECIDED = 50.0
"""A value this far from zero holds a won or lost game, or the chance of one (the
evaluation counts a win as 1000 pagodas, ``qin.ai.greedy.WIN``, and a reply that may
win by its chance; no placement gains 50 pagodas): said in words (the engine's
``qin.ai.review.DECIDED``, kept here so the page's start does not load the players)."""


@dataclass
class ReviewRun:
    """A review under way or done: ``status`` "running", "done", "cancelled" or
    "failed"; ``asked`` is the ply whose answer is awaited."""

    token: int
    record: dict[str, Any]
    plies: list[int]
    moves: list[str]
    game: qin.Game
    done: list[Reviewed] = field(default_factory=list)
    status: str = "running"
    asked: int | None = None
    result: Review | None = None
    at: int | None = None  # the reviewed move the replay was jumped to
    wanted: int | None = None  # a review link's move: jumped to once it is judged
    # opened by the player's Review (whose focus went on to Cancel, and so to Close as
    # the review ends); False for one a link opened (the focus left where it is)
    by_player: bool = False

    @classmethod
    def start(cls, token: int, record: Mapping[str, Any],
              seats: Iterable[int] | None = None) -> ReviewRun:
        from qin.ai.review import opening, plies_from

        game, played = opening(record)
        return cls(token, dict(record), plies_from(game, played, seats),
                   [m.text for m in played], game)

    @property
    def total(self) -> int:
        return len(self.plies)

    def next_request(self) -> str | None:
        """The request for the next move to judge (``None``: all judged, or stopped)."""
        if self.status != "running":
            return None
        if len(self.done) >= self.total:
            from qin.ai.review import marked

            self.result = marked(self.done)
            self.status = "done"
            return None
        ply = self.plies[len(self.done)]
        while len(self.game.moves) < ply - 1:
            self.game.play(self.moves[len(self.game.moves)])
        self.asked = ply
        return review_request_for(self.game, self.moves[ply - 1], ply, SEED)

    def answered(self, text: str) -> bool:
        """Take the worker's answer for the move asked; ``False`` if it is not one."""
        if self.status != "running" or self.asked is None:
            return False
        from qin.ai.review import Reviewed

        try:
            got = Reviewed.from_dict(read_json(text))
        except QinError:  # the reader's limits, or a field of the wrong kind
            self.status = "failed"
            return False
        if got.ply != self.asked:
            return False
        self.done.append(got)
        self.asked = None
        return True

    def cancel(self) -> None:
        if self.status == "running":
            self.status = "cancelled"
            self.asked = None

    def fail(self) -> None:
        """The worker did not answer: the review stops, said to have failed (Review
        starts it again); a late answer is dropped."""
        if self.status == "running":
            self.status = "failed"
            self.asked = None

    def entry(self, ply: int) -> Reviewed | None:
        moves = self.result.moves if self.result is not None else self.done
        return next((m for m in moves if m.ply == ply), None)


def figure(value: float) -> str:
    """A value in pagodas ("+1.5 pagodas"), or words for a won or lost game."""
    if value >= DECIDED:
        return t("review.wins")
    if value <= -DECIDED:
        return t("review.loses")
    return plural(value, "review.pagodas", digits=1, sign=True)


def loss_text(m: Reviewed) -> str:
    """How good the move was: the best, or its grade and the pagodas it lost."""
    if m.loss <= 0:
        return t("review.best")
    if m.decisive:
        return t("review.grade.decisive")
    return t(f"review.grade.{m.grade}", loss=plural(m.loss, "review.loss", digits=1))


def _who(names: Sequence[str], seat: int) -> str:
    return names[seat - 1] if 0 < seat <= len(names) else str(seat)


def _moves(run: ReviewRun) -> tuple[Reviewed, ...]:
    return run.result.moves if run.result is not None else tuple(run.done)


def list_html(run: ReviewRun, names: list[str]) -> str:
    """Every reviewed move in words: its number, player, tile and how good it was (no
    move codes); the marked ones flagged; each a button that jumps the replay there
    (out of the Tab order: the list is one Tab stop, the arrow keys move between its
    buttons, ``keyboard.list_step``)."""
    rows = []
    for m in _moves(run):
        attrs = (f' data-ply="{m.ply}" data-loss="{m.loss:.2f}" data-grade="{m.grade}"')
        if m.marked:
            attrs += ' data-marked="1"'
        if run.at == m.ply:
            attrs += ' aria-current="true"'
        who = _who(names, m.seat)
        if m.played == "pass":
            text = t("review.row.pass", n=m.ply, who=who)
        else:
            text = t("review.row", n=m.ply, who=who,
                     tile=tile_name(qin.Move.parse(m.played).kind), loss=loss_text(m))
        mark = (f'{STAR} <span class="sr-only">'
                f'{escape(t("review.marked"))}</span> ') if m.marked else ""
        rows.append(f'<li><button type="button" class="review-jump" '
                    f'id="{review_move_id(m.ply)}" tabindex="-1"{attrs}>{mark}'
                    f'{escape(text)}</button></li>')
    stop = ' tabindex="0"' if rows else ""  # nothing to go to: no Tab stop
    return (f'<ol class="review-moves" id="{REVIEW_MOVES}"{stop} '
            f'aria-label="{escape(t("review.moves_label"))}">{"".join(rows)}</ol>')


def list_moves(run: ReviewRun) -> list[str]:
    """The ids of the review list's buttons, in the list's order (``list_html``)."""
    return [review_move_id(m.ply) for m in _moves(run)]


def chart_points(run: ReviewRun) -> list[str]:
    """The ids of the chart's points, left to right (``chart_svg``)."""
    return [review_point_id(ply) for ply in sorted(m.ply for m in _moves(run))]


def unit_html() -> str:
    """The chart's figures, the grades, the accuracy and the marks explained once, in
    words; the list's star (``list_html``) drawn after the word for it."""
    from qin.ai import review as judge

    return pictured(
        "review.unit", {"star": STAR},
        inaccuracy=plural(judge.INACCURACY, "review.pagodas", digits=None),
        mistake=number(judge.MISTAKE, None), blunder=number(judge.BLUNDER, None),
        marks=judge.MARKS, mark_min=plural(judge.MARK_MIN, "review.pagodas", digits=None))


def pictured(key: str, pictures: Mapping[str, str], **values: object) -> str:
    """The message ``key`` as HTML: its words escaped, each placeholder named in
    ``pictures`` replaced by that picture (SVG, silent: the words say what it means)."""
    words = escape(t(key, **values, **{name: f"\x00{name}\x00" for name in pictures}))
    return re.sub("\x00([a-z]+)\x00", lambda m: pictures[m.group(1)], words)


def summary_html(run: ReviewRun, names: Sequence[str]) -> str:
    """Per reviewed player: the accuracy and the counts of inaccuracies, mistakes and
    blunders (a table)."""
    from qin.ai.review import accuracy, counts

    moves = _moves(run)
    head = "".join(f"<th scope=\"col\">{escape(t(k))}</th>" for k in (
        "review.table.player", "review.table.accuracy", "review.table.inaccuracies",
        "review.table.mistakes", "review.table.blunders"))
    rows = []
    for seat in sorted({m.seat for m in moves}):
        mine = [m for m in moves if m.seat == seat]
        acc = accuracy(mine)
        grades = counts(mine)
        shown = t("review.percent", n=number(acc)) if acc is not None else "–"
        who = escape(_who(names, seat))  # whole in its title, where the column cuts it
        rows.append(f'<tr data-seat="{seat}" data-accuracy="{"" if acc is None else f"{acc:.1f}"}">'
                    f'<th scope="row"><span class="who" title="{who}">{who}</span></th>'
                    f'<td class="accuracy">{escape(shown)}</td>'
                    f'<td>{grades["inaccuracy"]}</td><td>{grades["mistake"]}</td>'
                    f'<td>{grades["blunder"]}</td></tr>')
    return (f'<table class="review-summary"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def detail_text(run: ReviewRun, game: qin.Game, names: Sequence[str] | None = None) -> str:
    """The move jumped to in words: the judge's figures, then a sentence for the move
    played and one for the better move, each from its events (``game``: the replay's
    game before that move)."""
    m = run.entry(run.at) if run.at is not None else None
    if m is None:
        return ""
    names = list(names if names is not None else i18n.player_names(game.names))
    who = _who(names, m.seat)
    played_events = _preview(game, m.played)
    subject = t("review.played", whose=t("player.possessive", name=who))
    played = explain.sentence(subject, played_events, m.seat, names)
    if not better_shown(run):
        head = t("review.detail.best", n=m.ply, who=who, played_value=figure(m.played_value))
        return f"{head} {played}"
    head = t("review.detail", n=m.ply, played_value=figure(m.played_value),
             best_value=figure(m.best_value))
    better = explain.sentence(t("review.better"), _preview(game, m.best), m.seat, names)
    return f"{head} {played} {better}"


def detail_html(run: ReviewRun, game: qin.Game, names: Sequence[str] | None = None) -> str:
    """``detail_text``, then the legend of the board's marks where a better move is
    shown (``legend_html``)."""
    html = escape(detail_text(run, game, names))
    return f"{html} {legend_html()}" if better_shown(run) else html


def better_shown(run: ReviewRun) -> bool:
    """Whether the move jumped to has a better move, shown on the board with it (and
    the legend of their marks, ``legend_html``)."""
    m = run.entry(run.at) if run.at is not None else None
    return m is not None and m.played != "pass" and m.best != m.played


def _preview(game: qin.Game, move: str) -> list[qin.Event]:
    if move == "pass":
        return [qin.Event("pass", game.to_move)]
    try:
        return game.preview(move)
    except qin.QinError:
        return []


CHART_W, CHART_H, PAD = 320, 120, 8
CHART_SPAN = 12.0
"""The chart shows standings up to this many pagodas either side; beyond, at the edge."""
DASHES = ("", "6 3", "2 3", "8 3 2 3")
"""Each player's line has its own dash pattern (not told apart by colour alone)."""
SHAPES = {"inaccuracy": "ring", "mistake": "square", "blunder": "triangle"}
CHART_GROUNDS = ("#fbf8f0", "#ffffff")
"""The chart's background: the page's card colour (``--card`` in style.css, which draws
the chart on it) in the normal and the high-contrast theme, here for the contrast sums
(``chart_casing``); a test holds them equal to every ``--card`` of the page's stylesheets."""
CASING = "#1f1f1f"
"""The dark edge drawn round a light seat colour's line and points on the chart."""
READABLE = 3.0
"""The contrast a line or a point needs against the chart's background (WCAG's for
graphics); a seat colour with less is drawn with a ``CASING``."""
REFUSED = "#555555"
"""The neutral grey a seat's line and points take when its colour is one the board
refuses (``qin.svg.check_colour``: neither a palette name nor ``#rrggbb``) or the
game has none for that seat: it reads on the chart's backgrounds without a casing."""


def _relative_luminance(css: str) -> float | None:
    """WCAG's relative luminance of a ``#rrggbb`` colour (``None`` for anything else)."""
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", css):
        return None
    channels = [int(css[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def chart_casing(colour: str) -> str | None:
    """``CASING`` for a seat colour too light to read on the chart's background on its
    own (White, Orange, Pink) or whose lightness cannot be read (as the board outlines
    a colour it cannot read, ``qin.svg.outline_for``), ``None`` for one that reads."""
    mine = _relative_luminance(colour)
    if mine is None:
        return CASING
    contrast = min(((_relative_luminance(ground) or 0.0) + 0.05) / (mine + 0.05)
                   for ground in CHART_GROUNDS)
    return CASING if contrast < READABLE else None


def seat_stroke(colours: Sequence[str], seat: int) -> str:
    """The colour of ``seat``'s line and points: its colour as the board draws it
    (``qin.svg.player_colour``), or ``REFUSED`` for a colour the board refuses or a seat
    without one."""
    from qin.svg import player_colour

    if not 0 < seat <= len(colours):
        return REFUSED
    try:
        return player_colour(colours[seat - 1])
    except ValueError:  # qin.svg.ColourError: never written into the drawing
        return REFUSED


def casing_dashes(dash: str) -> str:
    """A dashed line's casing's dash pattern: each dash one pixel longer at both ends
    (drawn with ``stroke-dashoffset="1"``), so the casing edges the dashes' ends too."""
    lengths = [float(n) for n in dash.split()]
    return " ".join(f"{n + 2 if i % 2 == 0 else n - 2:g}" for i, n in enumerate(lengths))


def chart_svg(run: ReviewRun, names: Sequence[str], colours: Sequence[str],
              length: int) -> str:
    """The whole game as a chart (SVG): per reviewed player a line through their
    standing after each of their moves; inaccuracies ringed, mistakes as squares,
    blunders as triangles; a seat colour too light for the chart's background drawn
    over a dark casing (``chart_casing``), one the board refuses in a neutral grey
    (``seat_stroke``); each point a button (``review-point``, its
    move's strip of the chart's height the target of a click or a tap) that jumps
    there.  The chart is one Tab stop: its points are out of the Tab order, Right and
    Left move between them (``keyboard.SIDEWAYS``), Enter or Space jumps."""
    moves = list(_moves(run))
    span = max(3.0, *(abs(m.standing) for m in moves)) if moves else 3.0
    span = min(span, CHART_SPAN)  # a won or lost game is drawn at the edge
    inner_w, inner_h = CHART_W - 2 * PAD, CHART_H - 2 * PAD

    def x(ply: int) -> float:
        return PAD + inner_w * (ply - 0.5) / max(1, length)

    def y(value: float) -> float:
        value = max(-span, min(span, value))
        return PAD + inner_h / 2 - inner_h / 2 * value / span

    stop = ' tabindex="0"' if moves else ""  # nothing to go to: no Tab stop
    out = [f'<svg class="review-chart-svg" id="{REVIEW_POINTS}"{stop} '
           f'viewBox="0 0 {CHART_W} {CHART_H}" '
           f'role="group" aria-label="{escape(t("review.chart"), quote=True)}">',
           f'<line class="zero" x1="{PAD}" x2="{CHART_W - PAD}" y1="{y(0):.1f}" '
           f'y2="{y(0):.1f}"/>',
           f'<text class="scale" x="{PAD}" y="{PAD + 6}">{number(span, sign=True)}</text>',
           f'<text class="scale" x="{PAD}" y="{CHART_H - PAD}">{number(-span, sign=True)}</text>']
    if run.at is not None:
        out.append(f'<line class="at" x1="{x(run.at):.1f}" x2="{x(run.at):.1f}" '
                   f'y1="{PAD}" y2="{CHART_H - PAD}"/>')
    strokes: dict[int, str] = {}
    casings: dict[int, str | None] = {}  # per seat, once: its line's and its points'
    for seat in sorted({m.seat for m in moves}):
        mine = [m for m in moves if m.seat == seat]
        stroke = strokes[seat] = seat_stroke(colours, seat)
        points = " ".join(f"{x(m.ply):.1f},{y(m.standing):.1f}" for m in mine)
        dash = DASHES[(seat - 1) % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        casing = casings[seat] = chart_casing(stroke)
        if casing is not None:
            edged = (f' stroke-dasharray="{casing_dashes(dash)}" stroke-dashoffset="1"'
                     if dash else "")
            out.append(f'<polyline class="line-casing" data-seat="{seat}" points="{points}" '
                       f'stroke="{casing}"{edged}/>')
        out.append(f'<polyline class="line" data-seat="{seat}" points="{points}" '
                   f'stroke="{stroke}"{dash_attr}/>')
    step = inner_w / max(1, length)  # one move's strip: the point's target
    for m in sorted(moves, key=lambda m: m.ply):  # over the lines, in the moves' order
        out.append(_point(m, x(m.ply), y(m.standing), strokes[m.seat], casings[m.seat],
                          _who(names, m.seat), run.at == m.ply, step))
    out.append("</svg>")
    return "".join(out)


def _point(m: Reviewed, cx: float, cy: float, stroke: str, casing: str | None, who: str,
           current: bool, step: float) -> str:
    """One move's point on the chart: its grade's shape in its seat's ``stroke``, edged
    with the seat's ``casing`` (``chart_casing``) if it has one."""
    shape = SHAPES.get(m.grade, "dot")
    label = t("review.chart.point", n=m.ply, who=who, standing=figure(m.standing),
              loss=loss_text(m))
    edge = f' stroke="{casing}" stroke-width="1"' if casing is not None else ""
    if shape == "square":
        mark = (f'<rect x="{cx - 4:.1f}" y="{cy - 4:.1f}" width="8" height="8" '
                f'fill="{stroke}"{edge}/>')
    elif shape == "triangle":
        mark = (f'<path d="M{cx:.1f} {cy - 6:.1f}L{cx + 5.5:.1f} {cy + 4:.1f}'
                f'L{cx - 5.5:.1f} {cy + 4:.1f}Z" fill="{stroke}"{edge} '
                f'stroke-linejoin="round"/>')
    elif shape == "ring":
        ring = (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="4" fill="{{fill}}" '
                f'stroke="{{colour}}" stroke-width="{{width}}"/>')
        mark = ring.format(fill="#fff", colour=stroke, width=2)
        if casing is not None:  # a dark edge either side of the light ring
            mark = (ring.format(fill="#fff", colour=casing, width=4)
                    + ring.format(fill="none", colour=stroke, width=2))
    else:
        mark = f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="2.2" fill="{stroke}"{edge}/>'
    current_attr = ' aria-current="true"' if current else ""
    return (f'<g class="review-point" id="{review_point_id(m.ply)}" data-ply="{m.ply}" '
            f'data-grade="{m.grade}" tabindex="-1" role="button"{current_attr} '
            f'aria-label="{escape(label, quote=True)}"><title>{escape(label)}</title>'
            f'<rect class="hit" x="{cx - step / 2:.2f}" y="{PAD / 2}" width="{step:.2f}" '
            f'height="{CHART_H - PAD}"/>{mark}</g>')


def badge(game: qin.Game, move: str, role: str) -> str:
    """The mark between a ghost tile's halves that tells the move played (a ring) from
    the better move (a star) by shape, not colour alone."""
    from qin.svg import Frame

    geo = game.board.geo
    frame = Frame(geo.width, geo.height, True)
    (c1, r1), (c2, r2) = qin.Move.parse(move).coords
    (x1, y1), (x2, y2) = frame.centre(c1, r1), frame.centre(c2, r2)
    shape = _badge_shape((x1 + x2) / 2, (y1 + y2) / 2, role)
    return f'<g class="review-badge" data-role="{role}" aria-hidden="true">{shape}</g>'


def _badge_shape(cx: float, cy: float, role: str) -> str:
    """A ring for the move played, a star for the better move, centred on (cx, cy)."""
    if role == "played":
        return (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="8" fill="#fff" stroke="#1d1d1d" '
                f'stroke-width="2.5"/><circle cx="{cx:.1f}" cy="{cy:.1f}" r="4" '
                f'fill="none" stroke="#1d1d1d" stroke-width="2"/>')
    points = " ".join(
        f"{cx + r * math.sin(math.pi * k / 5):.1f},{cy - r * math.cos(math.pi * k / 5):.1f}"
        for k, r in zip(range(10), [10, 4.2] * 5, strict=True))
    return (f'<polygon points="{points}" fill="#ffd54a" stroke="#1d1d1d" '
            f'stroke-width="1.8"/>')


def legend_mark(role: str) -> str:
    """A board mark of ``badge`` as a picture in the text (the legend's): SVG the size of
    the text, silent (the words before it name it)."""
    return (f'<svg class="icon review-legend-mark" viewBox="-11.5 -11.5 23 23" '
            f'aria-hidden="true" focusable="false">{_badge_shape(0, 0, role)}</svg>')


def legend_html() -> str:
    """What the board's marks of the move jumped to mean: its words, each mark's picture
    after the words that name it (the catalogue's ``{ring}`` and ``{star}``)."""
    return pictured("review.legend",
                    {"ring": legend_mark("played"), "star": legend_mark("better")})
