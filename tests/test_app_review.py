# The mode (app.mode) changes through each action dispatched; mypy would keep what an
# assert said of it across the calls between (and call the next assert's mode
# impossible): no "non-overlapping" check of those asserts here.
# mypy: disable-error-code="comparison-overlap"
"""The game review on the page, as actions (web/page/qin_ui/app.py, review.py, render.py):
Review from a finished game's result opens the replay with the review beside it (mode
REVIEW); the worker judges one move per request (ai_bridge's review kind, answered here
as the worker would); progress, the marked moves, a jump to one with the better move as
a ghost tile; cancel stops asking.  CPython, no browser."""

from __future__ import annotations

import json
import re
import sys
from html import unescape
from pathlib import Path

import pytest

import qin
from qin.ai import review as rv

WEB = Path(__file__).resolve().parent.parent / "web"
sys.path.insert(0, str(WEB / "page"))

from qin_ui import actions as A  # noqa: E402
from qin_ui import i18n, review  # noqa: E402
from qin_ui.ai_bridge import review_answer, review_request_for  # noqa: E402
from qin_ui.app import App  # noqa: E402
from qin_ui.modes import Mode  # noqa: E402
from qin_ui.review import ReviewRun  # noqa: E402

from tests.test_app import KEYS, finished, form, moves, new_app, run, stored  # noqa: E402


def catalogue(lang: str) -> str:
    return (WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8")


def asked(effects: list[A.Effect]) -> A.AskReview:
    found = [e for e in effects if isinstance(e, A.AskReview)]
    assert len(found) == 1, effects
    return found[0]


def starred(html: str | None) -> str:
    """The words of a line that begins with the list's star (drawn, not a character)."""
    assert html is not None and html.startswith(review.STAR + " ")
    words = html[len(review.STAR) + 1:]
    assert "<" not in words
    return unescape(words)


def imported(seed: int = 31) -> App:
    app = new_app()
    run(app, A.Imported(json.dumps(finished(seed).record()), "game.json"))
    assert app.mode is Mode.RESULT
    return app


def test_a_review_runs_move_by_move_marks_the_losses_and_jumps_to_one() -> None:
    app = imported()
    record = finished().record()
    before, saved = moves(app), stored(app)
    effects = run(app, A.Command("review-open"))
    assert app.mode is Mode.REVIEW and A.StartWorker() in effects
    run_ = app.state.game.review
    assert run_ is not None and run_.total == len(before)  # imported: every seat human
    ask = asked(run(app, A.WorkerReady()))
    panel = app.screen().elements["review"]
    assert ("state", "running") in panel.data and ("done", "0") in panel.data
    answered = 0
    while True:
        effects = run(app, A.ReviewAnswer(ask.token, review_answer(ask.request)))
        answered += 1
        if run_.status == "done":
            assert not any(isinstance(e, A.AskReview) for e in effects)
            break
        ask = asked(effects)
        assert ("done", str(answered)) in app.screen().elements["review"].data
    assert answered == len(before)
    # the page's figures are the engine's for the same record and seed
    assert run_.result == rv.review(record, seed=0)
    marked = run_.result.marked
    assert marked
    screen = app.screen()
    # a short headline, and what is marked in words under it: each player's largest
    # losses, not a count that reads against the table's blunders
    assert screen.elements["review-status"].text == f"{len(before)} moves reviewed."
    marks = screen.elements["review-marks"]
    assert not marks.hidden
    assert starred(marks.html) == f"Each player's largest losses, up to {rv.MARKS}."
    html = screen.elements["review-list"].html or ""
    assert html.count('data-marked="1"') == len(marked)  # on the moves' buttons alone
    assert ("state", "done") in screen.elements["review"].data
    assert "marked" not in dict(screen.elements["review"].data)
    # jump to the largest loss: the replay shows the position before it, the better
    # move as a ghost tile
    worst = max(marked, key=lambda m: m.loss)
    run(app, A.Command("review-jump", str(worst.ply)))
    assert app.state.game.replay is not None and app.state.game.replay.cursor == worst.ply - 1
    screen = app.screen()
    assert "ghost" in screen.overlay
    assert ("ghost", worst.best) in screen.elements["review"].data
    # both moves drawn, told apart by their marks (a ring, a star); words, never codes
    assert 'class="review-played"' in screen.overlay and 'data-role="played"' in screen.overlay
    assert 'class="review-better"' in screen.overlay and 'data-role="better"' in screen.overlay
    shown = screen.elements["review-detail"].html or ""
    assert review.legend_mark("played") in shown and review.legend_mark("better") in shown
    detail = unescape(re.sub(r"<svg\b.*?</svg>", "", shown, flags=re.S))
    assert detail.startswith(f"Move {worst.ply}: ") and "The better move " in detail
    for m in run_.result.moves:
        assert m.played not in detail and m.best not in detail
        assert m.played not in html and m.best not in html
    # the chart: a point per move judged, each jumping there; the accuracies per player
    chart = screen.elements["review-chart"].html or ""
    assert chart.startswith("<svg") and chart.count('class="review-point"') == len(before)
    assert f'id="review-point-{worst.ply}"' in chart
    summary = screen.elements["review-summary"].html or ""
    assert summary.count('<tr data-seat="') == 2 and "%</td>" in summary
    run(app, A.Key("ArrowRight"))  # stepping on: the ghost goes, the review stays
    assert app.mode is Mode.REVIEW and app.screen().overlay == ""
    assert moves(app) == before and stored(app) == saved  # the game is untouched


@pytest.mark.parametrize("lang, headline, marks", [
    ("en", "{n} moves reviewed.", "Each player's largest losses, up to {marks}."),
    ("de", "{n} Züge bewertet.", "Die größten Verluste jedes Spielers, bis zu {marks}."),
    ("fr", "{n} coups analysés.", "Les plus grosses pertes par joueur, {marks} au plus.")])
def test_the_reviews_outcome_reads_at_a_glance(lang: str, headline: str, marks: str) -> None:
    """A review done says so in a short headline (beside the review's heading on a
    laptop's side panel and a phone's width), and what its stars mark in a line of its
    own; while it runs, or once it is cancelled, nothing is marked and that line is
    hidden."""
    app = imported()
    run(app, A.Command("review-open"))
    ask = asked(run(app, A.WorkerReady()))
    run_ = app.state.game.review
    assert run_ is not None
    assert app.screen().elements["review-marks"].hidden  # running
    while run_.status == "running":
        effects = run(app, A.ReviewAnswer(ask.token, review_answer(ask.request)))
        if run_.status == "running":
            ask = asked(effects)
    try:
        i18n.set_language(lang, json.loads(catalogue(lang)))
        els = app.screen().elements
    finally:
        i18n.set_language("en", json.loads(catalogue("en")))
    assert els["review-status"].text == headline.format(n=run_.total)
    assert starred(els["review-marks"].html) == marks.format(marks=rv.MARKS)
    assert not els["review-marks"].hidden
    assert len(els["review-status"].text or "") <= 24  # "Review" and it on one line
    run(app, A.Command("review-open"))  # no review to open: it is done
    run(app, A.Command("review-close"))
    run(app, A.Command("review-open"))
    run(app, A.Command("review-cancel"))
    els = app.screen().elements
    assert els["review-status"].text and els["review-marks"].hidden


def test_the_status_line_says_the_position_the_replay_shows() -> None:
    """The review (and the replay) of a finished game: the status line describes the
    position on the board, the start at move 0, whose move it is at each step, and the
    result only at the end, never the result above the starting position."""
    app = imported()
    run(app, A.Command("review-open"))
    r = app.state.game.replay
    assert app.mode is Mode.REVIEW and r is not None and r.cursor == 0

    def status() -> str:
        return app.screen().elements["status-text"].text or ""

    assert status() == "The start of the game: Player 1 to move."
    run(app, A.Command("replay-step"))
    assert status() == "Player 2 to move."
    run(app, A.Command("replay-end"))
    assert status() == "The game is over: Player 2 wins!"
    run(app, A.Command("review-close"))  # the replay alone says the same
    assert app.mode is Mode.REPLAY
    assert status() == "The game is over: Player 2 wins!"
    run(app, A.Command("replay-start"))
    assert status() == "The start of the game: Player 1 to move."
    run(app, A.Command("replay-exit"))  # back to the finished game: its result
    assert app.mode is not Mode.REPLAY
    assert status() == "The game is over: Player 2 wins!"
    run(app, A.Command("replay-open"))
    try:  # the record names nobody: the seats are "Player N" in the page's language
        for lang, words, seat in (("de", "Der Anfang des Spiels: Spieler 1 ist am Zug.",
                                   "Spieler"),
                                  ("fr", "Le début de la partie\u00a0: à Joueur 1 de jouer.",
                                   "Joueur")):
            run(app, A.LanguageChosen(lang, catalogue(lang), form()))
            assert status() == words
            run(app, A.Command("replay-end"))
            shown = app.screen().elements
            said = " ".join(unescape(shown[key].html or "") for key in ("log", "players"))
            assert f"{seat} 1" in said and f"{seat} 2" in said and "Player" not in said
            run(app, A.Command("replay-start"))
    finally:
        i18n.set_language("en", json.loads(catalogue("en")))


def test_cancel_stops_asking_and_a_late_answer_changes_nothing() -> None:
    app = imported()
    run(app, A.Command("review-open"))
    ask = asked(run(app, A.WorkerReady()))
    effects = run(app, A.ReviewAnswer(ask.token, review_answer(ask.request)))
    second = asked(effects)
    run(app, A.Command("review-cancel"))
    review = app.state.game.review
    assert review is not None and review.status == "cancelled"
    assert run(app, A.ReviewAnswer(second.token, review_answer(second.request))) == []
    assert len(review.done) == 1
    assert ("state", "cancelled") in app.screen().elements["review"].data
    assert app.screen().elements["review-cancel"].hidden
    # Review again: a new run (a new token), the old answers are stale
    effects = run(app, A.Command("review-open"))
    again = asked(effects)
    assert again.token != ask.token and app.state.game.review is not review
    assert run(app, A.ReviewAnswer(ask.token, review_answer(ask.request))) == []
    # closing the review keeps the replay; leaving the replay ends it
    run(app, A.Command("review-close"))
    assert app.mode is Mode.REPLAY and app.state.game.review is None
    run(app, A.Command("review-open"))
    assert app.mode is Mode.REVIEW
    run(app, A.Key("Escape"))
    assert app.mode is Mode.PLAYING and app.state.game.review is None


def test_the_focus_goes_on_as_the_review_s_buttons_hide() -> None:
    """A keyboard's focus never stays on a button that hides (the browser would leave it
    on nothing): Review (the result's, or the replay's bar's) opens the review and goes
    on to its first button, Cancel while it runs; Cancel, hidden as the review stops
    (cancelled, done), to Close the review beside it; Close the review back to Review in
    the replay's bar.  Each only if the focus was lost (``Focus.lost``: a player who put
    it elsewhere keeps it there), and each on a button then shown."""
    app = imported()

    def lands(effects: list[A.Effect], target: str) -> None:
        assert A.Focus(target, lost=True) in effects, effects
        els = app.screen().elements  # Close the review: shown with the review
        assert not els[target if target in els else "review"].hidden

    lands(run(app, A.Command("review-open")), "review-cancel")  # the result's Review
    assert app.mode is Mode.REVIEW
    run(app, A.WorkerReady())
    lands(run(app, A.Command("review-cancel")), "review-close")
    effects = run(app, A.Command("review-open"))  # the replay's bar's
    lands(effects, "review-cancel")
    ask = asked(effects)  # the worker is ready
    run_ = app.state.game.review
    assert run_ is not None
    while True:
        effects = run(app, A.ReviewAnswer(ask.token, review_answer(ask.request)))
        if run_.status == "done":
            lands(effects, "review-close")
            break
        assert not any(isinstance(e, A.Focus) for e in effects)
        ask = asked(effects)
    lands(run(app, A.Command("review-close")), "review-open")
    assert app.mode is Mode.REPLAY
    lands(run(app, A.Command("review-open")), "review-cancel")


def test_every_key_in_a_review_steps_the_replay_or_does_nothing() -> None:
    app = imported()
    before, saved = moves(app), stored(app)
    run(app, A.Command("review-open"))
    run(app, A.WorkerReady())
    replay = app.state.game.replay
    assert replay is not None
    for key in KEYS:
        cursor = replay.cursor
        effects = run(app, key)
        if key.key == "Escape":
            assert app.mode is Mode.PLAYING
            break
        assert app.mode is Mode.REVIEW
        step = {"ArrowRight": 1, "ArrowLeft": -1}.get(key.key, 0)
        assert replay.cursor == max(0, cursor + step)
        assert all(not isinstance(e, (A.Save, A.AskComputer)) for e in effects)
    assert moves(app) == before and stored(app) == saved


def test_a_failed_worker_answer_ends_the_review_with_a_message() -> None:
    app = imported()
    run(app, A.Command("review-open"))
    ask = asked(run(app, A.WorkerReady()))
    # Cancel hides: a keyboard's focus on it goes on to Close the review
    assert run(app, A.ReviewAnswer(ask.token, "")) == [A.Focus("review-close", lost=True)]
    review = app.state.game.review
    assert review is not None and review.status == "failed"
    assert app.screen().elements["review-status"].text == (
        "The review could not be finished: the computer player did not answer. "
        "Review starts it again.")
    assert not app.screen().elements["review-open"].hidden  # it can be asked again


def test_a_review_request_carries_the_movers_view_only() -> None:
    game = qin.Game.new(board="bird", players=2, seed=7)
    move = game.legal_moves()[0].text
    data = json.loads(review_request_for(game, move, 1))
    assert data["kind"] == "review" and data["view"] == game.view(1).to_view_dict()
    hands = qin.Game.from_view_dict(data["view"]).hands
    assert hands is not None and hands[1] is None  # no other hand in it
    assert json.loads(review_answer(json.dumps(data))) == rv.evaluate(
        game.view(1), move, 0, 1).to_dict()
    for bad in ({**data, "ply": "1"}, {**data, "kind": "move"}, {**data, "extra": 1}):
        try:
            review_answer(json.dumps(bad))
        except ValueError as exc:
            assert "review" in str(exc) or "ply" in str(exc)
        else:
            raise AssertionError(f"accepted {bad}")


def test_every_seat_colour_reads_on_the_chart() -> None:
    """A seat whose colour is light (White, Orange, Pink) on the chart's light
    background: its line is drawn over a dark casing and its points outlined dark, so
    each seat's line reads in the normal and the high-contrast theme; a dark colour
    needs none."""
    from qin_ui import review

    from qin.svg import PAGODA_COLOURS

    run_ = review.ReviewRun.start(1, finished(31).record())
    run_.result = rv.marked([
        rv.Reviewed(ply, 2 - ply % 2, "pass", "pass", v, v + loss)
        for ply, v, loss in ((1, 0.0, 0.0), (2, -1.0, 0.6), (3, 1.0, 1.6), (4, 0.5, 4.0),
                             (5, 2.0, 0.0))])
    for light, dark in (("white", "black"), ("orange", "purple"), ("pink", "green")):
        chart = review.chart_svg(run_, ["A", "B"], [dark, light], 5)
        casings = re.findall(r'<polyline class="line-casing" data-seat="(\d)"[^>]*'
                             r'stroke="(#[0-9a-f]{6})"', chart)
        assert casings == [("2", "#1f1f1f")], (light, chart)
        # the casing lies under the line it outlines
        assert chart.index('class="line-casing"') < chart.index('class="line" data-seat="2"')
        for ply in (2, 4):  # the light seat's points: a dark outline round each mark
            point = chart.split(f'id="review-point-{ply}"')[1].split("</g>")[0]
            assert 'stroke="#1f1f1f"' in point, (light, point)
        for ply in (1, 3, 5):  # the dark seat's: as before
            point = chart.split(f'id="review-point-{ply}"')[1].split("</g>")[0]
            assert "#1f1f1f" not in point
        assert PAGODA_COLOURS[light] in chart and PAGODA_COLOURS[dark] in chart


HOSTILE_COLOURS = ('"><script>alert(1)</script>', "javascript:alert(1)", "#fff", "ivory",
                   "rgb(255, 255, 255)", "white ", "\u202ewhite", "#ffffff\" onload=\"x")
"""Seat colours a saved game or a link might carry that the board refuses
(``qin.svg.check_colour``: neither a palette name nor ``#rrggbb``)."""


def test_a_seat_colour_the_board_refuses_is_refused_on_the_chart_and_never_written() -> None:
    """A seat colour the board refuses is not drawn on the chart either: that seat's line
    and points take the neutral grey (which reads on both themes' grounds without a
    casing); a colour the board takes but that is none of the game's (a near-white
    ``#rrggbb``) is drawn as the board draws it, cased.  Nothing of a refused colour, nor
    a name's markup, reaches the SVG: it parses, every attribute is escaped."""
    import xml.etree.ElementTree as ET

    from qin_ui import review

    from qin.svg import ColourError, check_colour

    run_ = review.ReviewRun.start(1, finished(31).record())
    run_.result = rv.marked([
        rv.Reviewed(ply, 2 - ply % 2, "pass", "pass", v, v + loss)
        for ply, v, loss in ((1, 0.0, 0.0), (2, -1.0, 0.6), (3, 1.0, 1.6), (4, 0.5, 4.0))])
    names = ['<b onmouseover="x">Anna</b>', "Ben & \"Co\""]
    assert review.chart_casing(review.REFUSED) is None  # the grey reads on its own
    for colour in HOSTILE_COLOURS:
        with pytest.raises(ColourError):
            check_colour(colour)
        chart = review.chart_svg(run_, names, ["black", colour], 4)
        ET.fromstring(chart)  # well-formed: no attribute or element broken out of
        assert "<script" not in chart and "javascript" not in chart and "onload" not in chart
        assert "<b" not in chart and 'onmouseover="' not in chart
        lines = re.findall(r'<polyline class="(line[-a-z]*)" data-seat="2"[^>]*stroke="([^"]*)"',
                           chart)
        assert lines == [("line", review.REFUSED)], (colour, lines)
        point = chart.split('id="review-point-2"')[1].split("</g>")[0]
        assert review.REFUSED in point, (colour, point)
    chart = review.chart_svg(run_, names, ["black", "#FFFFF0"], 4)  # taken, and light
    assert re.findall(r'<polyline class="(line[-a-z]*)" data-seat="2"[^>]*stroke="([^"]*)"',
                      chart) == [("line-casing", review.CASING), ("line", "#FFFFF0")]
    # a colour whose lightness cannot be read is cased, as the board outlines it
    assert review.chart_casing("rgb(255, 255, 255)") == review.CASING


def test_a_dashed_line_s_casing_edges_the_ends_of_its_dashes() -> None:
    """A light seat's dashed line: its casing's dashes reach one pixel beyond each end
    of the line's (a dark edge all round each dash, as along its sides)."""
    from qin_ui import review

    run_ = review.ReviewRun.start(1, finished(31).record())
    run_.result = rv.marked([rv.Reviewed(ply, (ply - 1) % 4 + 1, "pass", "pass", 0.0, 0.0)
                             for ply in range(1, 9)])
    chart = review.chart_svg(run_, ["A", "B", "C", "D"], ["black", "white", "orange", "pink"],
                             8)
    for seat, line, casing in ((2, "6 3", "8 1"), (3, "2 3", "4 1"), (4, "8 3 2 3", "10 1 4 1")):
        assert f'class="line" data-seat="{seat}"' in chart
        drawn = chart.split(f'class="line" data-seat="{seat}"')[1].split("/>")[0]
        cased = chart.split(f'class="line-casing" data-seat="{seat}"')[1].split("/>")[0]
        assert f'stroke-dasharray="{line}"' in drawn
        assert f'stroke-dasharray="{casing}" stroke-dashoffset="1"' in cased


def page_css() -> str:
    """The game page's own stylesheets, as index.html links them (not the vendored)."""
    index = (WEB / "page" / "index.html").read_text(encoding="utf-8")
    names = re.findall(r'<link rel="stylesheet" href="\./([\w-]+\.css)"', index)
    assert "style.css" in names, names
    found = [path for name in names for path in WEB.glob(f"*/{name}")]
    assert len(found) == len(names), (names, found)
    return "".join(path.read_text(encoding="utf-8") for path in found)


def test_the_chart_is_judged_against_the_card_colours_the_page_draws_it_on() -> None:
    """The chart lies on the card colour (``--card``), and the grounds its seat colours
    are read against (``review.CHART_GROUNDS``) are every ``--card`` of the page's
    stylesheets, the normal and the high-contrast theme's: a change to one and not the
    other fails here."""
    from qin_ui import review

    css = page_css()

    def full(colour: str) -> str:  # "#fff" -> "#ffffff"
        colour = colour.strip().lower()
        return "#" + "".join(c * 2 for c in colour[1:]) if len(colour) == 4 else colour

    chart = re.search(r"\.review-chart-svg \{([^}]*)\}", css)
    assert chart is not None and "background: var(--card)" in chart.group(1)
    cards = [full(c) for c in re.findall(r"--card:\s*([^;]+);", css)]
    assert len(cards) >= 2, cards  # the normal theme's and the high-contrast theme's
    assert all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in cards), cards
    assert sorted(set(cards)) == sorted(review.CHART_GROUNDS)


def reviewed(app: App) -> None:
    """The review of ``app``'s finished game run to its end (answered as the worker would)."""
    run(app, A.Command("review-open"))
    ask = asked(run(app, A.WorkerReady()))
    run_ = app.state.game.review
    assert run_ is not None
    while run_.status == "running":
        effects = run(app, A.ReviewAnswer(ask.token, review_answer(ask.request)))
        if run_.status == "running":
            ask = asked(effects)
    assert run_.status == "done"


def test_a_jump_in_the_review_is_spoken_once() -> None:
    """A jump to a reviewed move is said by the review's detail (the judge's figures and
    both moves in words): the replay's caption, which says the same move in fewer
    words, is silent then; a step in the replay is said by the caption alone."""
    app = imported()
    reviewed(app)
    run_ = app.state.game.review
    assert run_ is not None and run_.result is not None

    def live() -> dict[str, str | None]:
        els = app.screen().elements
        return {name: None if els[name].hidden else dict(els[name].attrs).get("aria-live")
                for name in ("replay-caption", "review-detail")}

    assert live() == {"replay-caption": "polite", "review-detail": None}
    worst = max(run_.result.marked, key=lambda m: m.loss)
    run(app, A.Command("review-jump", str(worst.ply)))
    assert live() == {"replay-caption": "off", "review-detail": "polite"}
    run(app, A.Key("ArrowRight"))  # a step on: the detail goes, the caption says it
    assert live() == {"replay-caption": "polite", "review-detail": None}
    run(app, A.Command("review-close"))  # the replay alone: its caption speaks
    assert app.mode is Mode.REPLAY
    assert dict(app.screen().elements["replay-caption"].attrs).get("aria-live") == "polite"


def test_a_jump_in_the_review_brings_the_replay_s_log_along() -> None:
    """A move chosen in the review's list or chart moves the replay, and its log follows
    as it does each step of the replay (the move shown with its events, within the log's
    own box: ``Reveal.inner``), beside what the review shows of the jump."""
    app = imported()
    reviewed(app)
    run_ = app.state.game.review
    assert run_ is not None and run_.result is not None
    worst = max(run_.result.marked, key=lambda m: m.loss)
    shown = worst.ply - 1  # the replay shows the position the move was chosen in
    followed = A.Reveal((f"log-said-{shown}", f"log-move-{shown}"), inner=True) if shown \
        else A.Reveal(("log-move-1",), inner=True)
    for source in ("", " list", " chart"):
        effects = run(app, A.Command("review-jump", f"{worst.ply}{source}"))
        assert app.state.game.replay is not None
        assert app.state.game.replay.cursor == shown
        reveals = [e for e in effects if isinstance(e, A.Reveal)]
        assert followed in reveals, effects
        assert any(not e.inner and "review-detail" in e.targets for e in reveals), effects
    first = min(run_.plies)
    effects = run(app, A.Command("review-jump", f"{first} chart"))
    replay = app.state.game.replay
    assert replay is not None and replay.cursor == first - 1
    start = A.Reveal(("log-move-1",), inner=True) if first == 1 else \
        A.Reveal((f"log-said-{first - 1}", f"log-move-{first - 1}"), inner=True)
    assert start in effects, effects


def log_at(ply: int) -> A.Reveal:
    """The replay's log following it to the position move ``ply`` was chosen in, within
    the log's own box (as ``test_a_jump_in_the_review_brings_the_replay_s_log_along``)."""
    shown = ply - 1
    return A.Reveal((f"log-said-{shown}", f"log-move-{shown}"), inner=True) if shown \
        else A.Reveal(("log-move-1",), inner=True)


def test_the_review_link_is_made_from_the_record_the_game_keeps(
        records_written: list[int]) -> None:
    """The review's link, which follows each move chosen while its Share panel is open,
    holds the game's record as the game keeps it (``Session.record``: with the hints
    asked, the one its save and its address take): choosing moves and copying the link
    write no record (``qin.Game.record``) of their own."""
    from qin_ui import links

    from qin import records

    app = imported()
    reviewed(app)
    s = app.state.game.session
    assert s is not None
    run(app, A.Command("review-share"))
    written = records_written
    written.clear()
    for at in (3, 7, 1):
        run(app, A.Command("review-jump", str(at)))
        url = app.state.link.review_url
        assert url.endswith(f"&review={at}") and links.review_asked(url, len(s.game.moves)).at == at
        assert records.from_url(links.game_part(url).split("#g=", 1)[1]).moves == s.game.moves
        kinds = [seat.kind for seat in s.settings.seats]
        assert "#" + url.split("#", 1)[1] == links.review_fragment(
            s.record, kinds, at)
    run(app, A.Command("review-link-copy"))
    assert written == []

def test_a_review_link_brings_the_replay_s_log_along() -> None:
    """A review link moves the replay to its move, and the log follows as at a jump in
    the review: opened at page load, once the move is judged (the answer that judges it
    brings the log along, the focus taken nowhere, nothing scrolled but the log's own
    box); pasted over the game whose review is done, at once, for each move asked."""
    from qin_ui import links

    from tests.test_review_link import game_of
    from tests.test_tabs import BASE

    game = game_of()
    app = new_app()
    address = BASE + links.review_fragment(game.record, at=4)
    effects = run(app, A.Boot(address, address[len(BASE):]))
    assert app.mode is Mode.REVIEW
    effects += run(app, A.WorkerReady())
    following: list[A.Effect] = []
    while asks := [e for e in effects if isinstance(e, A.AskReview)]:
        effects = run(app, A.ReviewAnswer(asks[0].token, review_answer(asks[0].request)))
        run_ = app.state.game.review
        assert run_ is not None
        if run_.at == 4 and not following:
            following = effects
            assert log_at(4) in effects, effects
        else:
            assert log_at(4) not in effects, effects  # once, as the move is judged
        assert not any(isinstance(e, A.Focus) and not e.lost for e in effects), effects
        assert all(e.inner for e in effects if isinstance(e, A.Reveal)), effects
    replay = app.state.game.replay
    assert following and replay is not None and replay.cursor == 3
    for at in (2, 1, 6):
        effects = run(app, A.AddressChanged(links.review_fragment(game.record, at=at)))
        assert replay.cursor == at - 1
        assert log_at(at) in effects, effects


def unit_texts() -> dict[str, str]:
    """The key to the chart (``review.unit_html``, its star left out) in English, German
    and French."""
    from qin_ui import review

    texts: dict[str, str] = {}
    try:
        for lang in ("en", "de", "fr"):
            i18n.set_language(lang, json.loads(catalogue(lang)))
            texts[lang] = unescape(re.sub(r"<span class=\"review-mark\">.*?</span>", "",
                                          review.unit_html()))
    finally:
        i18n.set_language("en", json.loads(catalogue("en")))
    return texts


def test_the_key_to_the_chart_says_how_many_losses_are_marked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The key's count of the marked losses is the engine's ``MARKS``, in every language
    (a number from the engine, never written in the words)."""
    monkeypatch.setattr(rv, "MARKS", 4)
    texts = unit_texts()
    for lang, words in (("en", "each player's 4 largest losses"),
                        ("de", "die 4 größten Verluste"),
                        ("fr", "les 4 plus grandes pertes")):
        assert words in texts[lang], lang


@pytest.mark.parametrize("mark_min, en, de, fr", [
    (1.0, "of 1 pagoda or more", "ab 1 Pagode", "de 1 pagode ou plus"),
    (2.0, "of 2 pagodas or more", "ab 2 Pagoden", "de 2 pagodes ou plus"),
    (1.5, "of 1.5 pagodas or more", "ab 1,5 Pagoden", "de 1,5 pagode ou plus")])
def test_the_key_to_the_chart_says_from_what_loss_a_move_is_marked(
        monkeypatch: pytest.MonkeyPatch, mark_min: float, en: str, de: str,
        fr: str) -> None:
    """The key's smallest marked loss is the engine's ``MARK_MIN``, in every language (a
    number from the engine, never written in the words; one pagoda, or more pagodas)."""
    monkeypatch.setattr(rv, "MARK_MIN", mark_min)
    texts = unit_texts()
    for lang, words in (("en", f"each player's {rv.MARKS} largest losses {en}."),
                        ("de", f"die {rv.MARKS} größten Verluste jedes Spielers {de}."),
                        ("fr", f"les {rv.MARKS} plus grandes pertes de chaque joueur, {fr}.")):
        assert words in texts[lang], lang


def test_the_key_to_the_chart_writes_the_grades_losses_in_the_languages_way() -> None:
    """The grades' smallest losses (the engine's, 0.5 for an inaccuracy) with a decimal
    comma in German and French, one pagoda in French below two."""
    texts = unit_texts()
    assert f"an inaccuracy from {rv.INACCURACY:g} pagodas, a mistake from {rv.MISTAKE:g}" \
        in texts["en"]
    assert "eine Ungenauigkeit ab 0,5 Pagoden, ein Fehler ab 1,5, ein grober Fehler ab 3 " \
        in texts["de"]
    assert ("une imprécision à partir de 0,5 pagode, une erreur à partir de 1,5, "
            "une gaffe à partir de 3 ") in texts["fr"]


def judged_run() -> tuple[ReviewRun, list[str]]:
    """A review of two moves, done by hand: a mistake of 1.5 pagodas by Anna, her
    standing +1.5, and an inaccuracy of 0.5 by Ben, his standing -2.0."""
    game = qin.Game.new(board="bird", players=2, seed=3)
    first = str(game.legal_moves()[0])
    done = [rv.Reviewed(1, 1, first, first, played_value=0.5, best_value=2.0, lead=1.0),
            rv.Reviewed(2, 2, first, first, played_value=-0.5, best_value=0.0, lead=-1.5)]
    run_ = ReviewRun(1, {}, [1, 2], [first, first], game, done=done, status="done")
    return run_, ["Anna", "Ben"]


@pytest.mark.parametrize("lang, words", [
    ("en", ["1. Anna, {tile}: a mistake, 1.5 pagodas lost",
            "2. Ben, {tile}: an inaccuracy, 0.5 pagodas lost",
            "Move 1, Anna: +1.5 pagodas, a mistake, 1.5 pagodas lost",
            "Move 2, Ben: \u22122.0 pagodas, an inaccuracy, 0.5 pagodas lost"]),
    ("de", ["1. Anna, {tile}: ein Fehler, 1,5 Pagoden verloren",
            "2. Ben, {tile}: eine Ungenauigkeit, 0,5 Pagoden verloren",
            "Zug 1, Anna: +1,5 Pagoden, ein Fehler, 1,5 Pagoden verloren",
            "Zug 2, Ben: \u22122,0 Pagoden, eine Ungenauigkeit, 0,5 Pagoden verloren"]),
    ("fr", ["1. Anna, {tile}\u00a0: une erreur, 1,5 pagode perdue",
            "2. Ben, {tile}\u00a0: une imprécision, 0,5 pagode perdue",
            "Coup 1, Anna\u00a0: +1,5 pagode, une erreur, 1,5 pagode perdue",
            "Coup 2, Ben\u00a0: \u22122,0 pagodes, une imprécision, 0,5 pagode perdue"])])
def test_the_reviews_figures_are_written_in_the_languages_way(lang: str,
                                                              words: list[str]) -> None:
    """The list's losses and the chart's standings with a decimal comma in German and
    French, one pagoda in French below two; what the page reads itself (data
    attributes, the chart's coordinates) keeps the decimal point."""
    run_, names = judged_run()
    try:
        i18n.set_language(lang, json.loads(catalogue(lang)))
        tile = i18n.tile_name(qin.Move.parse(run_.done[0].played).kind)
        listed = unescape(review.list_html(run_, names))
        chart = review.chart_svg(run_, names, ["green", "white"], 2)
        summary = review.summary_html(run_, names)
    finally:
        i18n.set_language("en", json.loads(catalogue("en")))
    labels = [unescape(label) for label in re.findall(r'aria-label="([^"]*)"', chart)]
    assert [w.format(tile=tile) for w in words[:2]] == re.findall(
        r'class="review-jump"[^>]*>([^<]*)</button>', listed)
    assert labels[1:] == words[2:]
    # read by the page and the tests, not by people: a decimal point in every language
    assert re.findall(r'data-loss="([^"]*)"', listed) == ["1.50", "0.50"]
    accuracies = re.findall(r'data-accuracy="([^"]*)"', summary)
    assert len(accuracies) == 2 and all(re.fullmatch(r"\d+\.\d", a) for a in accuracies)
    coordinates = re.findall(r'(?:points|x|y|x1|x2|y1|y2|cx|cy|width)="([^"]*)"', chart)
    assert coordinates and not [c for c in coordinates
                                if not re.fullmatch(r"[-\d. ,]+", c) or re.search(r"\d,\d+,", c)]


Words = tuple[str | None, str | None, tuple[tuple[str, str | None], ...]]


def words_on_screen(app: App) -> dict[str, Words]:
    """Every element's words as the page would show them: its text, its HTML, its
    attributes (labels, titles)."""
    return {name: (el.text, el.html, el.attrs)
            for name, el in app.screen().elements.items()}


def reviewed_at_worst(app: App) -> None:
    """Review every move of the imported game, then jump to its largest loss and step
    on to the move after it (the caption, the replay's log and the review's detail all
    say moves), and copy the review's link (its panel says it was copied)."""
    run(app, A.Command("review-open"))
    ask = asked(run(app, A.WorkerReady()))
    run_ = app.state.game.review
    assert run_ is not None
    while True:
        effects = run(app, A.ReviewAnswer(ask.token, review_answer(ask.request)))
        if run_.status == "done":
            break
        ask = asked(effects)
    assert run_.result is not None
    worst = max(run_.result.marked, key=lambda m: m.loss)
    run(app, A.Command("review-jump", str(worst.ply)))
    run(app, A.Command("replay-step"))
    run(app, A.Command("review-share"))
    run(app, A.Copied(True, "review-link"))
    assert app.screen().elements["review-link-message"].text


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_language_chosen_during_a_review_words_its_replay_and_review_anew(lang: str
                                                                           ) -> None:
    """A language chosen while a reviewed game's replay shows: its caption, its list of
    moves with their events, the review's list, detail, key and summary say everything
    as they would had the player chosen that language first (no line left in English)."""
    try:
        switched = imported()
        reviewed_at_worst(switched)
        english = words_on_screen(switched)
        assert (english["replay-caption"][0] or "").startswith("Replay: move")
        run(switched, A.LanguageChosen(lang, catalogue(lang), form()))
        after = words_on_screen(switched)
        first = imported()  # the language is the page's: this one is worded in it from the start
        reviewed_at_worst(first)
        expected = words_on_screen(first)
        differ = {name: (after[name], expected[name]) for name in expected
                  if name != "announce" and after.get(name) != expected[name]}
        assert not differ, sorted(differ)
    finally:
        i18n.set_language("en", json.loads(catalogue("en")))


def test_the_accuracies_name_each_player_whole_in_a_title() -> None:
    """A name the table's column cuts short (an ellipsis, style.css) keeps its whole
    name in its title: a long one (40 characters, the most a name has), escaped."""
    run_, _ = judged_run()
    names = ["Anna <die Große> & Söhne, Spielerin Nr 1", "Ben"]
    assert len(names[0]) <= 40
    summary = review.summary_html(run_, names)
    whole = re.findall(r'<th scope="row"><span class="who" title="([^"]*)">([^<]*)</span></th>',
                       summary)
    assert [(unescape(title), unescape(text)) for title, text in whole] == [
        (names[0], names[0]), ("Ben", "Ben")]
