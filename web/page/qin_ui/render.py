"""What the game page shows, as a pure function of the application's state (no DOM).

``screen(state, cache)`` describes every element the page's Python writes: per element
id its text or HTML, whether it is hidden or disabled, its value, its data attributes.
The page's applier writes only what differs from the screen it wrote before.  The
board's SVG, its text grid and the log are cached by their inputs, so a hover costs
the overlay and the info box only.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from qin.svg import BoardOptions, Drawing, render_keyed, render_overlay

from . import a11y, computer, i18n, lesson_view, links, progress, review, tutorial, views, wording
from .elements import Data as Data
from .elements import El as El
from .elements import Parts
from .elements import Screen as Screen
from .i18n import t
from .keyboard import Keys
from .lesson import Lesson
from .modes import Mode
from .session import Session, Turn
from .state import AppState, mode_of

T = TypeVar("T")


@dataclass
class Cache:
    """The last value of each expensive part, by its inputs."""

    parts: dict[str, tuple[Hashable, Any]] = field(default_factory=dict)
    turns: dict[int, tuple[Turn, Hashable, str]] = field(default_factory=dict)
    """Each log entry drawn, by its turn (kept with it: its id is not taken again)."""

    def get(self, name: str, key: Hashable, make: Callable[[], T]) -> T:
        kept = self.parts.get(name)
        if kept is not None and kept[0] == key:
            value: T = kept[1]
            return value
        value = make()
        self.parts[name] = (key, value)
        return value


    def turn(self, s: Session, turn: Turn) -> str:
        """``views.turn_html``, drawn once per turn (and colour and language)."""
        key = (s.colours[turn.player - 1], i18n.generation())
        kept = self.turns.get(id(turn))
        if kept is not None and kept[0] is turn and kept[1] == key:
            return kept[2]
        if len(self.turns) > MAX_TURNS_KEPT:
            self.turns.clear()
        html = views.turn_html(s, turn)
        self.turns[id(turn)] = (turn, key, html)
        return html


MAX_TURNS_KEPT = 2000


def keyed_el(drawing: Drawing, **fields: Any) -> El:
    """An element whose HTML is a keyed drawing (the applier writes the items that
    changed)."""
    return El(html=drawing.html, parts=Parts(drawing.frame, drawing.items), **fields)


def keyed_items(items: list[tuple[str, str]]) -> El:
    """An element whose children are keyed items (``data-part``)."""
    return El(html="".join(html for _, html in items),
              parts=Parts("", tuple(("", key, html) for key, html in items)))


def _grid(s: Session, said: dict[str, str]) -> El:
    """The board for screen readers: a cell is written again where its words changed."""
    cells = a11y.grid_cells(s, said)
    html, frame = a11y.grid_frame(cells)
    return El(html=html, parts=Parts(frame, tuple(cells)))


def _log(s: Session, cache: Cache) -> El:
    """The game's log: a new move's entry is put first, the others stay."""
    if not s.turns:
        return El(html=views.log_html(s))
    return keyed_items([(views.turn_key(turn), cache.turn(s, turn))
                        for turn in reversed(s.turns)])


def _game_key(s: Session) -> Hashable:
    g = s.game
    return (id(s), len(g.moves), str(g.moves[-1]) if g.moves else "", i18n.generation())


def screen(state: AppState, cache: Cache) -> Screen:
    st = state
    mode = mode_of(st)
    lesson = st.tutorial.lesson if mode is Mode.TUTORIAL else None
    s = lesson.session if lesson is not None else st.game.session
    on_setup = lesson is None and (st.screen == "setup" or s is None)
    els: dict[str, El] = {
        "app": El(hidden=not st.booted, data=(("mode", mode.value), ("lang", i18n.language()))),
        "setup": El(hidden=not on_setup,
                    data=(("imported", st.start.imported or None),
                          ("link", "refused" if st.start.link_refused else None),
                          ("drop", "over" if st.start.drop_over else ""))),
        "back-to-game": El(hidden=not on_setup or s is None),
        "new-game": El(hidden=on_setup),
        "motion": El(value=st.senses.pace, disabled=False),
        "sound": El(disabled=False, data=(("sound", "on" if st.senses.sound else "off"),),
                    attrs=(("aria-pressed", "true" if st.senses.sound else "false"),)),
        "lang-note": El(text=i18n.said(st.language_note), hidden=not st.language_note),
    }
    if on_setup:  # the hidden screen is left as it is: drawn again when it shows
        _setup(st, cache, els)
        # the header names the game "Back to the game" returns to, in the language chosen
        els["game-meta"] = El(text=views.meta_text(s) if s is not None else "")
        els["play"] = El(hidden=True)
        els["learn"] = El(data=(("done", str(len(st.tutorial.lessons_done))),))
        els["cover"] = El(hidden=True)
        els["result"] = El(hidden=True)
        els["review"] = El(hidden=True)
        return Screen(els)
    assert s is not None
    r = st.game.replay if lesson is None else None
    game = s.game
    humans = s.humans()
    over = s.over
    # -- the game screen's summary, for styling and the tests
    phase = ("replay" if r is not None else "over" if over else
             "cover" if s.covered and not st.link.link_mode else
             "computer" if s.computer_to_move else "pass" if s.must_pass else "move")
    els["play"] = El(hidden=False, classes=(("replaying", r is not None),), data=(
        ("moves", str(len(game.moves))), ("toMove", str(s.to_move)), ("phase", phase),
        ("selected", s.selected_kind or ""), ("orientation", str(s.orientation)),
        ("replayAt", str(r.cursor) if r is not None else None),
        ("link", "open" if st.link.link_open else None),
        ("preview", _previewed(st.game.keys, s) if r is None else None)))
    els["game-meta"] = El(text=views.meta_text(s))
    # -- the notice: another tab's write, a pasted link (the player chooses)
    kind = st.keeping.notice if mode is Mode.NOTICE else ""
    els["tab-notice"] = El(hidden=not kind, data=(("notice", kind or None),))
    els["tab-notice-text"] = El(text=t({"conflict": "tabs.newer", "link": "link.other"}[kind])
                                if kind else "")
    for button, words, of in (("notice-newer", "tabs.show_newer", "conflict"),
                              ("notice-copy", "tabs.copy", "conflict"),
                              ("notice-link", "link.open_linked", "link"),
                              ("notice-keep", "link.keep", "link")):
        els[button] = El(text=t(words), hidden=kind != of)
    # -- the board
    gk = _game_key(s)
    if r is not None:
        rk = (id(r), r.cursor, i18n.generation())  # the pagodas' titles name the players
        els["board"] = keyed_el(cache.get("replay-board", rk, lambda: render_keyed(
            r.game, BoardOptions(last=r.last_squares, colours=s.colours,
                                 names=s.shown_names(),
                                 label=i18n.board_label(r.game, s.shown_names()),
                                 style=False))),
            data=(("dropped", st.game.dropped[1] if st.game.dropped else None),))
        overlay = _review_ghost(st, s)
    else:
        legal = tuple(s.legal_squares())
        bk = (gk, legal, s.last, i18n.generation())  # its name and titles are worded
        els["board"] = keyed_el(cache.get("board", bk, lambda: render_keyed(
            game, BoardOptions(legal=legal, last=s.last, colours=s.colours,
                               names=s.shown_names(),
                               label=i18n.board_label(game, s.shown_names()),
                               style=False))),
            data=(("dropped", st.game.dropped[1] if st.game.dropped else None),))
        overlay = views.overlay_svg(s)
    said = cache.get("grid-words", (gk, s.last), lambda: a11y.board_words(s))
    els["board-grid"] = cache.get("grid", (gk, s.selected_kind, s.orientation, s.covered,
                                           s.last), lambda: _grid(s, said))
    cursor = st.game.keys.cursor if r is None and not over else None
    els["board-area"] = El(attrs=(("aria-activedescendant",
                                   a11y.cell_id(cursor) if cursor else None),))
    # -- the hand and its tools
    els["hand-area"] = El(hidden=False)
    paused = computer.watching(s) and computer.SPEEDS.get(st.game.speed, 0) is None
    els["hand"] = El(html=cache.get("hand", (gk, s.selected, s.orientation, s.covered, paused),
                                    lambda: views.hand_html(s, paused)))
    # a game of computers only: nobody here turns a tile (nor undoes, nor asks a hint)
    els["rotate"] = El(disabled=s.selected_kind is None, hidden=not humans)
    els["pass"] = El(hidden=not s.must_pass or s.covered or not s.is_human(s.to_move))
    els["undo"] = El(disabled=not s.can_undo, hidden=not humans, attrs=(("title", t(
        "play.undo_over" if over and not s.all_human else "play.undo_title")),))
    els["show-result"] = El(hidden=not over)
    # -- the hint: asked of the strongest computer, shown as the ghost tile
    hint = st.game.hint if r is None and lesson is None else None
    els["hint"] = El(hidden=not (s.settings.hints and humans) or r is not None,
                     disabled=not (mode is Mode.PLAYING and s.hint_allowed)
                     or (hint is not None and hint.stage != "failed"))
    els["hint-box"] = El(hidden=hint is None, data=(
        ("state", hint.stage if hint is not None else None),
        ("move", hint.move if hint is not None and hint.move else None)))
    els["hint-text"] = El(text=(t("hint.pass") if hint is not None and hint.move == "pass"
                                else wording.hint_text(s) if hint is not None
                                and hint.stage == "shown"
                                else t("hint.failed") if hint is not None
                                and hint.stage == "failed"
                                else t("hint.asking") if hint is not None else ""))
    els["hint-take"] = El(hidden=hint is None or hint.stage != "shown")
    # a hint that could not be given leaves nothing to refuse: its button closes the box
    els["hint-dismiss"] = El(text=t("hint.close" if hint is not None and hint.stage == "failed"
                                    else "hint.dismiss"))
    if r is not None:
        els["players"] = El(html=cache.get("replay-players",
                                           (id(r), r.cursor, i18n.generation()),
                                           lambda: views.players_html(s, r.game)))
    else:  # a tutorial step's position holds no pile, unless the step draws from one
        pile = lesson is None or bool(lesson.step.pile)
        els["players"] = El(html=cache.get("players", (gk, s.covered, pile),
                                           lambda: views.players_html(s, pile=pile)))
    # -- the status line and the computer's state
    keys = lesson.keys if lesson is not None else st.game.keys
    # a computer's move the page played for it, while it is the last: said first
    note = (computer.fallback_note(s, *st.game.fallback)
            if r is None and st.game.fallback is not None else None)
    status = (r.status(s.shown_names()) if r is not None
              else wording.status(s, st.pointer, armed=bool(keys.ghost_squares(s)),
                                  brief=note is not None))
    ai: str | None = None
    if computer.ask(s) is not None and mode in (Mode.THINKING, Mode.WATCHING):
        turn = st.game.turn
        status, ai = computer.status(s, st.worker, st.game.speed,
                                     turn is not None and turn.without_worker)
    if note is not None:
        status = f"{note[0]} {status}"
    els["status"] = El(classes=(("busy", ai not in (None, "paused")),), data=(
        ("ai", ai), ("worker", st.worker),
        ("thinkMs", str(st.game.think_ms) if st.game.think_ms is not None else None)),
        attrs=(("aria-live", "off" if r is not None else "polite"),))
    els["status-text"] = El(text=status)
    # the move the page played for a computer, in full: a note the status's Why? opens
    why = note is not None and st.game.fallback_why
    els["status-why"] = El(hidden=note is None, text=t("computer.fallback.why") if note else "",
                           attrs=(("aria-expanded", "true" if why else "false"),))
    els["status-detail"] = El(hidden=not why, text=note[1] if note is not None and why else "")
    # the computers' pace: in their game, not in its replay (which steps at its own)
    els["watch"] = El(hidden=r is not None or not computer.has_computers(s) or bool(humans))
    for speed in computer.SPEEDS:
        els[f"speed-{speed}"] = El(checked=speed == st.game.speed)
    els["info"] = El(html=views.info_html(s) if r is None else "")
    if r is not None:
        els["log"] = cache.get("replay-log", (id(r), r.cursor, i18n.generation()),
                               lambda: keyed_items(views.replay_log_items(r)))
    else:
        els["log"] = cache.get("log", gk, lambda: _log(s, cache))
    els["announce"] = El(text=st.spoken)
    # -- the hand-over cover
    covered = mode is Mode.COVER
    els["cover"] = El(hidden=not covered)
    if covered:
        text, ok, undo = views.cover_text(s)
        els["cover-text"] = El(text=text)
        els["cover-ok"] = El(text=ok)
        els["cover-undo"] = El(text=undo, hidden=not undo)
    # -- the result
    showing = mode in (Mode.RESULT, Mode.SERIES)
    els["result"] = El(hidden=not showing)
    if over:
        els["result-body"] = El(html=cache.get("result", (gk, tuple(s.hints)),
                                               lambda: views.result_html(s)))
        els["result"] = El(hidden=not showing, data=(
            ("winners", " ".join(str(w) for w in game.winners)),
            ("board", s.settings.board), ("players", str(game.players)),
            ("seed", str(game.seed)), ("fairStart", "true" if s.settings.fair_start else "false"),
            ("moves", " ".join(str(m) for m in game.moves))))
    series = st.game.series
    summary = series.summary() if series is not None else ""
    els["result-series"] = El(text=summary if over else "", hidden=not (series and over))
    els["series-next"] = El(hidden=mode is not Mode.SERIES)
    els["series-status"] = El(text=summary, hidden=series is None)
    # -- keeping: the save, the link, the replay
    els["save-state"] = El(text=i18n.said(st.keeping.save_text), data=(
        ("state", st.keeping.save_state or None),
        ("moves", str(st.keeping.save.moves) if st.keeping.save is not None else None)))
    els["link-note"] = El(hidden=not st.link.link_mode,
                         text=links.warning() if st.link.link_mode else "")
    els["link-panel"] = El(hidden=not st.link.link_panel)
    # what the link shows, said once: by the warning above once the game is played by link
    els["link-panel-note"] = El(hidden=st.link.link_mode)
    els["link-url"] = El(value=st.link.link_url if st.link.link_panel or st.link.link_mode else "")
    els["link-message"] = El(text=i18n.said(st.link.link_message),
                             hidden=not st.link.link_message)
    els["link-problem"] = El(text=i18n.said(st.link.link_problem),
                             hidden=not st.link.link_problem)
    els["replay-bar"] = El(hidden=r is None)
    els["replay-open"] = El(hidden=r is not None)  # in a replay, its bar leads back
    if r is not None:  # the caption speaks a step (a live region), the status line not;
        # at a reviewed move jumped to, the review's detail speaks it in fuller words
        els["replay-caption"] = El(text=r.caption(), attrs=(
            ("aria-live", "off" if _review_at(st) is not None else "polite"),))
        els["replay-pos"] = El(value=str(r.cursor), attrs=(("max", str(r.length)),))
        els["replay-play"] = El(classes=(("playing", r.playing),))
        els["replay-play-label"] = El(text=t("replay.pause" if r.playing else "replay.play"))
    if lesson is None:
        _review_panel(st, s, cache, els)
    els["tutorial"] = El(hidden=True)
    els["keep-area"] = El(hidden=lesson is not None)
    if lesson is not None:
        _lesson(st, lesson, els)
        cursor = lesson.keys.cursor
        els["board-area"] = El(attrs=(("aria-activedescendant",
                                       a11y.cell_id(cursor) if cursor else None),))
    return Screen(els, overlay=overlay, cursor=cursor,
                  moved=st.tutorial.moved if lesson is not None
                  else st.game.replay_moved if r is not None else st.game.moved)


LOOKING_AT_THE_GAME = frozenset({Mode.PLAYING, Mode.THINKING, Mode.WATCHING})
"""The modes whose board is the game on screen, drawn with its info box and overlay
(not the replay's, the tutorial's or one under a cover or a notice)."""


def hover_screen(state: AppState) -> Screen | None:
    """What a hover over the game's board changes, and only that: the info box and the
    overlay (``Session.hover`` says so), with the keyboard's cursor as ``screen`` gives
    it; ``None`` where the whole screen must be drawn (another mode, another board)."""
    s = state.game.session
    if (s is None or state.game.replay is not None or state.screen == "setup"
            or mode_of(state) not in LOOKING_AT_THE_GAME):
        return None
    cursor = state.game.keys.cursor if not s.over else None
    return Screen({"info": El(html=views.info_html(s))}, overlay=views.overlay_svg(s),
                  cursor=cursor)


def _lesson(st: AppState, lesson: Lesson, els: dict[str, El]) -> None:
    """The tutorial: its step panel, and nothing of the game behind it."""
    s = lesson.session
    level = tutorial.next_level(st.start.progress.games)
    els.update(lesson_view.elements(lesson, st.tutorial.lessons_done, st.pointer, level))
    els["game-meta"] = El(text=t("tutorial.title"))
    status = lesson_view.status(lesson)
    if status is not None:
        els["status"] = El(data=(("ai", None), ("worker", st.worker), ("thinkMs", None)),
                           attrs=(("aria-live", "polite"),))
        els["status-text"] = El(text=status)
        els["status-why"] = El(hidden=True, text="")
        els["status-detail"] = El(hidden=True, text="")
    els["play"] = El(hidden=False, classes=(("replaying", False),), data=(
        ("moves", str(len(s.game.moves))), ("toMove", str(s.to_move)),
        ("phase", "lesson"), ("selected", s.selected_kind or ""),
        ("orientation", str(s.orientation)), ("replayAt", None), ("link", None),
        ("preview", _previewed(lesson.keys, s))))
    if lesson.done and s.visible_hand() is None:  # the other seat's hand: not shown
        els["hand"] = El(html="")
    # a step done is only looked at: no tile, Turn or Pass that could not act
    els["hand-area"] = El(hidden=lesson.done)
    els["undo"] = El(disabled=True, hidden=True)
    els["hint"] = El(hidden=True, disabled=True)  # the step's own hint is in the panel
    els["hint-box"] = El(hidden=True, data=(("state", None), ("move", None)))
    els["show-result"] = El(hidden=True)
    els["watch"] = El(hidden=True)
    els["tab-notice"] = El(hidden=True, data=(("notice", None),))
    els["cover"] = El(hidden=True)
    els["result"] = El(hidden=True)


def _previewed(keys: Keys, s: Session) -> str | None:
    """The squares of the ghost a first tap shows, which a second tap places."""
    return " ".join(sorted(keys.ghost_squares(s))) or None


def _review_ghost(st: AppState, s: Session) -> str:
    """The reviewed move the replay was jumped to: the move played (ringed) and the
    better move (starred, with what it would do) as ghost tiles, while the replay stays
    at that move."""
    run, r = st.game.review, st.game.replay
    if run is None or r is None or run.at is None or r.cursor != run.at - 1:
        return ""
    m = run.entry(run.at)
    if m is None or m.played == "pass":
        return ""
    try:
        played = render_overlay(r.game, BoardOptions(
            ghost=m.played, ghost_ok=True, preview=[], colours=s.colours))
        marks = [f'<g class="review-played" data-move="{m.played}">{played}'
                 f'{review.badge(r.game, m.played, "played")}</g>']
        if m.best != m.played and m.best != "pass":
            better = render_overlay(r.game, BoardOptions(
                ghost=m.best, ghost_ok=True, preview=r.game.preview(m.best),
                colours=s.colours))
            marks.append(f'<g class="review-better" data-move="{m.best}">{better}'
                         f'{review.badge(r.game, m.best, "better")}</g>')
    except ValueError:
        return ""
    return "".join(marks)


def _review_status(run: review.ReviewRun) -> str:
    """How far the review got, in a short headline (what its marks are: ``_review_marks``)."""
    done, total = len(run.done), run.total
    if run.status == "running":
        return t("review.progress", done=done, total=total)
    if run.status == "done":
        return t("review.done", total=total)
    if run.status == "cancelled":
        return t("review.cancelled", done=done, total=total)
    if run.status == "failed":
        return t("review.failed")
    return ""


def _review_marks(run: review.ReviewRun) -> str:
    """What the stars of a review done mark, in words after the star, as HTML (``""``:
    nothing is marked)."""
    if run.result is None or not run.result.marked:
        return ""
    from qin.ai.review import MARKS  # loaded with the review's first judgement

    return review.pictured("review.marks", {"star": review.STAR}, marks=MARKS)


def _review_at(st: AppState) -> int | None:
    """The reviewed move the replay shows, jumped to (its position before the move), or
    ``None``: the review's detail says that move."""
    run, r = st.game.review, st.game.replay
    if run is None or r is None or run.at is None or r.cursor != run.at - 1:
        return None
    return run.at


def _review_panel(st: AppState, s: Session, cache: Cache, els: dict[str, El]) -> None:
    """The review beside the replay: its progress, the moves judged, the move jumped to."""
    run, r = st.game.review, st.game.replay
    els["review-open"] = El(hidden=r is None or (run is not None
                                                 and run.status in ("running", "done")))
    els["result-review"] = El(hidden=not s.over)
    if run is None or r is None:
        els["review"] = El(hidden=True, data=(("state", None),))
        return
    done, total = len(run.done), run.total
    at = _review_at(st)
    ghost = run.entry(at) if at is not None else None
    els["review"] = El(hidden=False, data=(
        ("state", run.status), ("done", str(done)), ("total", str(total)),
        ("at", str(at) if at is not None else None),
        ("ghost", ghost.best if ghost is not None and ghost.best != ghost.played else None)))
    els["review-progress"] = El(attrs=(("max", str(max(total, 1))),
                                       ("value", str(total if run.status == "done"
                                                     else done))))
    els["review-status"] = El(text=_review_status(run))
    marks = _review_marks(run)
    els["review-marks"] = El(html=marks, hidden=not marks)
    els["review-cancel"] = El(hidden=run.status != "running")
    shared = st.link.review_panel
    els["review-share"] = El(attrs=(("aria-expanded", "true" if shared else "false"),))
    els["review-link-panel"] = El(hidden=not shared)
    els["review-link"] = El(value=st.link.review_url if shared else "")
    els["review-link-message"] = El(text=i18n.said(st.link.review_message),
                                    hidden=not st.link.review_message)
    els["review-unit"] = El(html=review.unit_html())
    names = s.shown_names()
    els["review-detail"] = El(html=review.detail_html(run, r.game, names)
                              if at is not None else "", hidden=at is None,
                              attrs=(("aria-live", "polite"),))
    key = (run.token, done, run.status, run.at, i18n.generation())
    els["review-list"] = El(html=cache.get("review", key,
                                           lambda: review.list_html(run, names)))
    els["review-summary"] = El(html=cache.get("review-summary", key,
                                              lambda: review.summary_html(run, names)),
                               hidden=not run.done)
    els["review-chart"] = El(html=cache.get("review-chart", key, lambda: review.chart_svg(
        run, names, s.colours, r.length)), hidden=not run.done)


def _setup(st: AppState, cache: Cache, els: dict[str, El]) -> None:
    """The start screen: its seats, choices, problems and the saved games."""
    settings = st.start.settings
    generation = i18n.generation()
    els["seats"] = El(html=cache.get("seats", (settings, generation),
                                     lambda: views.seats_html(settings)))
    for n in (2, 3, 4):
        els[f"players-{n}"] = El(checked=n == settings.players)
    els["board-lion"] = El(checked=settings.board == "lion")
    els["board-bird"] = El(checked=settings.board != "lion")
    els["fair-start"] = El(checked=settings.fair_start)
    els["hints-on"] = El(checked=settings.hints)
    rows = tuple(st.start.progress.games)
    els["progress-table"] = El(html=cache.get("progress", (len(rows), rows[-1:], generation),
                                              lambda: progress.table_html(st.start.progress,
                                                                          views.level_name)))
    els["progress"] = El(data=(("games", str(len(rows))),))
    problem = i18n.said(st.start.progress_problem or "")
    els["progress-message"] = El(text=problem, hidden=not problem)
    els["progress-export"] = El(disabled=not rows)
    els["import-file"] = El(disabled=False)  # index.html's: off until the page's Python is here
    els["seed"] = El(value=st.start.seed_text)
    els["setup-problems"] = El(text=i18n.said(st.start.setup_problems))
    els["series-plan"] = El(html=cache.get("plans", generation, views.plans_html),
                            value=st.start.plan)
    entries = tuple(st.start.entries)
    els["saved-list"] = El(html=cache.get("saved", (entries, generation),
                                          lambda: views.saved_html(entries)))
    els["saved"] = El(data=(("count", str(len(st.start.entries))),))
    els["saved-message"] = El(text=i18n.said(st.start.saved_message),
                              hidden=not st.start.saved_message)
    els["undelete"] = El(text=t("saved.undo"), hidden=not st.start.deleted)
    els["delete-finished"] = El(text=t("saved.delete_finished"),
                                hidden=not any(e.ok and e.over for e in st.start.entries))


def warm_up(board: str) -> None:
    """Deal a game on ``board`` and draw it to strings (nothing on the page): the board's
    move tables and the drawing code's first-use costs are paid before Start."""
    from .setup import Settings

    s = Session(Settings(board=board))
    render_keyed(s.game, BoardOptions(legal=s.legal_squares(), colours=s.colours,
                                      names=s.names, style=False))
    a11y.grid_html(s)
    views.hand_html(s)
