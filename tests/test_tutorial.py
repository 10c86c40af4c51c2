# The mode (app.mode) changes through each action dispatched; mypy would keep what an
# assert said of it across the calls between (and call the next assert's mode
# impossible): no "non-overlapping" check of those asserts here.
# mypy: disable-error-code="comparison-overlap"
"""The "Learn to play" tutorial: every step's position and goal checked with the engine,
its words in the three catalogues, and the tutorial mode of the page's application
(web/page/qin_ui: tutorial.py, lesson.py, the TUTORIAL mode in app.py) played through
by dispatch, as the page does, with a MemoryStorage.

Decisions cited: Q2 (24 pagodas), Q3 (a hand of three), Q6-Q7 (placing, a tile's
orientations), Q8 (two majors), Q9 (the refused tie), Q10 (passing), Q11 (founding,
expanding), Q12 (absorbing), Q14 (major), Q15 (villages), Q16 (the last pagoda wins),
Q17 (drawing), Q18 (the end).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

import qin

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web" / "page"))

from qin_ui import actions as A  # noqa: E402
from qin_ui import lesson_view, tutorial  # noqa: E402
from qin_ui.app import App  # noqa: E402
from qin_ui.modes import Mode  # noqa: E402
from qin_ui.saves import MemoryStorage, SaveStore  # noqa: E402
from qin_ui.session import anchor_of  # noqa: E402

from tests.test_app import form, run, stored  # noqa: E402

LANGS = ("en", "de", "fr")
CATALOGUES = {lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
              for lang in LANGS}


def outcomes(step: tutorial.Step) -> tuple[list[str], list[str]]:
    """The step's legal moves that reach its goal, and those that miss it."""
    g = step.game()
    hits: list[str] = []
    misses: list[str] = []
    for move in g.legal_moves():
        events = g.clone().play(move)
        (hits if tutorial.reached(step, events) else misses).append(str(move))
    return hits, misses


def refusals(step: tutorial.Step) -> dict[str, str]:
    """Every placement of the hand's tiles on the fragment that the engine refuses,
    with its refusal code (a wrong try the player can make by clicking)."""
    g = step.game()
    names = g.board.geo.names
    width = g.board.geo.width
    out: dict[str, str] = {}
    for kind in set(g.hand(g.to_move)):
        for a in range(len(names)):
            for dx, dy in ((1, 0), (0, 1)):
                x, y = a % width + dx, a // width + dy
                if x >= width or y * width >= len(names):
                    continue
                for first, second in ((kind[0], kind[1]), (kind[1], kind[0])):
                    move = qin.Move.parse(f"{first}{names[a]}{second}{names[y * width + x]}")
                    refused = g.refusal(move)
                    if refused is not None:
                        out[str(move)] = refused.code
    return out


# -- the steps against the engine ------------------------------------------------------------
def test_the_steps_teach_the_rules_the_issue_names() -> None:
    """Issue 27: turning a tile, the hand of three and drawing, founding, expanding,
    the major province, absorbing, the tie and villages each a step of its own,
    passing, the 24 pagodas and both ways a game ends."""
    assert tutorial.IDS == ("place", "turn", "hand", "found", "expand", "major", "absorb",
                            "tie", "village", "pass", "win", "end")


@pytest.mark.parametrize("step", tutorial.STEPS, ids=tutorial.IDS)
def test_every_step_is_reachable_and_a_wrong_try_is_possible(step: tutorial.Step) -> None:
    g = step.game()
    assert g.to_move == 1 and not g.is_over
    assert g.hands is not None, "the hand is fixed: the player holds known tiles"
    hits, misses = outcomes(step)
    wrong = refusals(step)
    if step.refused:  # the refused tie (Q9): the goal is the engine's refusal itself
        assert not hits
        assert step.refused in wrong.values()
        assert misses, "a legal move misses the goal"
    else:
        assert hits, f"{step.id}: no legal move reaches the goal"
    assert misses or any(code != step.refused for code in wrong.values()), \
        f"{step.id}: no wrong try is possible"


def test_each_goal_is_the_rule_of_its_step() -> None:
    """The moves the hints name reach the goal, with the events the rule says."""
    expected = {"place": ("Rc1Bc2", {"place"}), "turn": ("Rc1Bc2", {"place"}),
                "hand": ("Yb1Yc1", {"place"}), "found": ("Yb1Rc1", {"found"}),
                "expand": ("Yc2Bd2", {"expand"}), "village": ("Bb2Bb3", {"found", "village"}),
                "absorb": ("Yc1Rc2", {"absorb", "return"}), "major": ("Ye2Rf2", {"major"}),
                "pass": ("pass", {"pass"}), "win": ("Rg6Bg7", {"found", "win"}),
                "end": ("Yb1Yc1", {"end"})}
    for step_id, (move, kinds) in expected.items():
        step = tutorial.step(step_id)
        events = step.game().play(move)
        assert kinds <= {e.kind for e in events}, step_id
        assert tutorial.reached(step, events), step_id
    tie = tutorial.step("tie")
    refused = tie.game().refusal("Rc2Yc3")
    assert refused is not None and refused.code == "tie"  # Q9
    assert tutorial.refusal_reached(tie, "tie")
    assert not tutorial.refusal_reached(tie, "covered")
    # Q10: in the pass step only a pass is legal, every placement joins two majors (Q8)
    assert tutorial.step("pass").game().legal_moves() == [qin.PASS]
    assert set(refusals(tutorial.step("pass")).values()) >= {"two_majors"}
    # Q18: the last move of the end step ends the game, Green winning
    g = tutorial.step("end").game()
    g.play("Yb1Yc1")
    assert g.is_over and g.winners == (1,)
    # Q2, Q16: Green has one pagoda of 24 left; placing it wins at once
    g = tutorial.step("win").game()
    assert (g.supply(1), g.supply(2)) == (1, 24)
    g.play("Rg6Bg7")
    assert g.is_over and g.winners == (1,)


def test_the_turn_step_needs_the_tile_turned() -> None:
    """Q6: a picked tile starts lying across (orientation 0); the step's squares c1 and
    c2 are one above the other, so only a turned tile reaches them."""
    step = tutorial.step("turn")
    hits, misses = outcomes(step)
    assert hits and misses
    for move in hits:
        (_, _), orientation = anchor_of(qin.Move.parse(move))
        assert orientation in (1, 3), move
        assert set(qin.Move.parse(move).squares) == {"c1", "c2"}
    assert not tutorial.reached(step, step.game().play("Rc2Bd2"))  # placed, not turned


def test_the_hand_step_holds_three_and_draws_from_its_pile() -> None:
    """Q3: three tiles in hand; Q17: after a placement the mover draws one."""
    step = tutorial.step("hand")
    g = step.game()
    assert len(g.hand(1)) == 3 and g.pile_count == 1
    g.play("Yb1Yc1")
    assert sorted(g.hand(1)) == sorted(["BB", "RB", step.pile[-1]])
    assert g.pile_count == 0


@pytest.mark.parametrize("lang", LANGS)
def test_every_step_has_its_words(lang: str) -> None:
    words = CATALOGUES[lang]
    for step_id in tutorial.IDS:
        for part in ("title", "do", "hint", "done"):
            text = words[f"tutorial.{step_id}.{part}"]
            assert text and "{" not in text, (lang, step_id, part)
    for level in ("apprentice", "governor", "minister", "emperor", "heaven"):
        assert words[f"tutorial.play.{level}"] and words[f"tutorial.finish.{level}"]
    # touch words speak of tapping wherever the mouse words speak of clicking or keys
    tap = {"en": "tap", "de": "tipp", "fr": "touch"}[lang]
    for key in [k for k in words if k.startswith("tutorial.") and k.endswith("_touch")]:
        assert tap in words[key].lower(), key
        assert "R)" not in words[key] and " R," not in words[key], key
    if lang != "en":
        for key in (k for k in words if k.startswith("tutorial.")):
            assert words[key] != CATALOGUES["en"][key], (lang, key)


def test_progress_is_read_tolerantly() -> None:
    assert tutorial.read_progress(None) == frozenset()
    for damaged in ("{", "42", '{"a": 1}', '"place"', "[1, 2]", "\x00"):
        assert tutorial.read_progress(damaged) == frozenset(), damaged
    assert tutorial.read_progress('["found", "nope", 3, "place"]') == {"found", "place"}
    assert tutorial.read_progress(tutorial.progress_text({"end", "place"})) == {"end", "place"}


def test_the_address_asks_for_a_step() -> None:
    assert tutorial.wants_tutorial("#learn") and tutorial.wants_tutorial("#learn=tie")
    assert not tutorial.wants_tutorial("#g=abc") and not tutorial.wants_tutorial("")
    assert tutorial.parse_address("#learn") == (None, True)
    assert tutorial.parse_address("#learn=tie") == ("tie", True)
    assert tutorial.parse_address("#learn=<script>") == (None, False)


# -- the tutorial mode of the page ----------------------------------------------------------
def booted(hash_: str = "", storage: MemoryStorage | None = None) -> App:
    app = App(SaveStore(storage if storage is not None else MemoryStorage()))
    run(app, A.Boot("http://localhost/index.html" + hash_, hash_))
    return app


def try_move(app: App, move: str) -> list[A.Effect]:
    """Pick the move's tile, turn it, click its anchor square (as a player does); the
    effects of the try."""
    lesson = app.state.tutorial.lesson
    assert lesson is not None
    s = lesson.session
    if move == "pass":
        return run(app, A.Command("pass"))
    m = qin.Move.parse(move)
    hand = s.game.hand(s.to_move)
    if s.selected_kind != m.kind:  # a second click on the picked tile puts it back
        run(app, A.Command("select", str(hand.index(m.kind))))
    (x, y), orientation = anchor_of(m)
    while s.orientation != orientation:
        run(app, A.Command("rotate", "1"))
    geo = s.game.board.geo
    return run(app, A.BoardClick(geo.names[y * geo.width + x]))


HITS = {"place": "Rc1Bc2", "turn": "Rc1Bc2", "hand": "Yb1Yc1", "found": "Yb1Rc1",
        "expand": "Yc2Bd2", "village": "Bb2Bb3", "absorb": "Yc1Rc2", "tie": "Rc2Yc3",
        "major": "Ye2Rf2", "pass": "pass", "win": "Rg6Bg7", "end": "Yb1Yc1"}


def test_the_whole_tutorial_by_dispatch_with_wrong_tries_and_the_hint() -> None:
    app = booted()
    assert app.mode is Mode.START
    run(app, A.Command("tutorial-open"))
    assert app.mode is Mode.TUTORIAL
    lesson = app.state.tutorial.lesson
    assert lesson is not None and lesson.step.id == "place"
    # a wrong try: a square far from any coloured square is refused with the engine's reason
    try_move(app, "Rf1Bf2")
    assert lesson.outcome == "refused" and lesson.refusal is not None
    assert lesson.refusal.code == "no_touch"  # Q7
    panel = app.screen().elements
    assert (panel["status-text"].text or "").startswith("A tile must share an edge")
    assert panel["tutorial-result"].html == ""  # said once, under the board
    assert panel["tutorial-hint"].hidden
    try_move(app, "Rf1Bf2")
    assert lesson.tries == 2 and lesson.hint_due
    assert not app.screen().elements["tutorial-hint"].hidden
    for step_id in tutorial.IDS:
        lesson = app.state.tutorial.lesson
        assert lesson is not None and lesson.step.id == step_id
        try_move(app, HITS[step_id])
        assert lesson.outcome == "done", step_id
        screen = app.screen().elements
        assert screen["tutorial-result"].data == (("outcome", "done"),)
        assert json.loads(stored(app)[tutorial.PROGRESS_KEY])[-1] == step_id \
            or step_id in json.loads(stored(app)[tutorial.PROGRESS_KEY])
        if step_id != "end":
            assert not screen["tutorial-next"].hidden
            run(app, A.Command("tutorial-next"))
        else:  # the finish: what comes next, a game against the weakest level
            assert screen["tutorial-next"].hidden and not screen["tutorial-play"].hidden
            assert not screen["tutorial-finish"].hidden
            assert "Apprentice" in (screen["tutorial-finish"].text or "")
            assert screen["tutorial-play"].text == "Play your first game against the Apprentice"
    assert app.state.tutorial.lessons_done == set(tutorial.IDS)
    assert not [k for k in stored(app) if k.startswith("qin.save.")], "nothing else saved"
    run(app, A.Command("tutorial-play"))
    s = app.state.game.session
    assert app.mode is Mode.PLAYING and s is not None
    assert [seat.kind for seat in s.settings.seats] == ["human", "apprentice"]


def test_a_legal_move_that_misses_is_taken_back_and_its_events_shown() -> None:
    app = booted()
    run(app, A.Command("tutorial-step", "absorb"))  # not accepted on the start screen
    assert app.mode is Mode.START
    run(app, A.Command("tutorial-open"))
    run(app, A.Command("tutorial-step", "absorb"))
    lesson = app.state.tutorial.lesson
    assert lesson is not None and lesson.step.id == "absorb"
    try_move(app, "Ra1Yb1")
    assert lesson.outcome == "missed" and lesson.tries == 1
    assert lesson.session.game.moves == [], "the position is back for another try"
    html = lesson_view.outcome_html(lesson)
    assert "not what this step asks" in html and "places a red/yellow tile" in html


def test_what_a_try_did_is_brought_into_view_and_a_refusal_moves_nothing() -> None:
    """A try whose outcome the panel says (a legal move that misses, the step done) brings
    those words into view within the side panel where it scrolls (a phone held sideways:
    they come after the instruction and the hint), then the step's title, which stays in
    view when both do not fit; a refused try, said by the status line, scrolls
    nothing."""
    app = booted()
    run(app, A.Command("tutorial-open"))
    effects = try_move(app, "Ra1Bb1")  # touches no coloured square: refused (Q7)
    lesson = app.state.tutorial.lesson
    assert lesson is not None and lesson.outcome == "refused"
    assert not [e for e in effects if isinstance(e, A.Reveal)]
    run(app, A.Command("tutorial-step", "absorb"))
    shown = A.Reveal(("tutorial-result", "tutorial-title"))
    assert shown in try_move(app, "Ra1Yb1")  # missed: taken back, its events said
    assert shown in try_move(app, HITS["absorb"])  # done


def test_the_step_again_sets_its_position_anew_and_keeps_it_done() -> None:
    """The step again, once done: its position as at the start (no move on its board, no
    outcome said), the same step, still counted done; the focus on the step's title, the
    page from its top."""
    app = booted()
    run(app, A.Command("tutorial-open"))
    try_move(app, HITS["place"])
    done = app.state.tutorial.lesson
    assert done is not None and done.outcome == "done" and done.session.game.moves
    effects = run(app, A.Command("tutorial-again"))
    again = app.state.tutorial.lesson
    assert again is not None and again is not done and again.step.id == "place"
    assert again.session.game.moves == [] and again.outcome != "done" and again.tries == 0
    assert "place" in app.state.tutorial.lessons_done
    assert A.Focus("tutorial-title") in effects and A.ToTop() in effects



def test_a_step_done_shows_no_hand_nor_its_tools() -> None:
    """Once a step is done its board is only looked at (a tile picked or turned does
    nothing): the hand's area, its tiles, Turn and Pass, is gone from the screen until
    the step starts again; the next step, and the game the finish offers, show it."""
    app = booted()
    run(app, A.Command("tutorial-open"))
    for step_id in tutorial.IDS:
        run(app, A.Command("tutorial-step", step_id))
        shown = app.screen().elements
        assert not shown["hand-area"].hidden, step_id
        try_move(app, HITS[step_id])
        done = app.screen().elements
        assert done["hand-area"].hidden, step_id
        if step_id == "place":
            run(app, A.Command("tutorial-again"))
            assert not app.screen().elements["hand-area"].hidden
    run(app, A.Command("tutorial-play"))
    assert app.mode is Mode.PLAYING
    assert not app.screen().elements["hand-area"].hidden


@pytest.mark.parametrize("way_back", ["tutorial-exit", "new-game"])
def test_leaving_the_tutorial_puts_the_focus_on_the_start_screens_title(
        way_back: A.CommandName) -> None:
    """Leave the tutorial (or New game in it): the button pressed is gone with the
    tutorial; the focus goes to the start screen's title (as after a game's New game),
    unless the player put it elsewhere meanwhile."""
    app = booted()
    run(app, A.Command("tutorial-open"))
    effects = run(app, A.Command(way_back))
    assert app.mode is Mode.START
    assert A.Focus("setup-title", lost=True) in effects


OFF_BOARD = {"right": ("f1", 0), "bottom": ("f5", 1), "left": ("a1", 2), "top": ("a1", 3)}
"""A square on the place step's edge and the turn that puts the tile's second half past it."""


@pytest.mark.parametrize("lang", LANGS)
def test_a_tile_tried_partly_off_the_board_is_refused_in_words_naming_its_edge(
        lang: str) -> None:
    """The refusal, the engine's as in the game, says which edge the tile would stick
    out over: no square's name (the half off the board has none on the board, such as
    g1 or f0)."""
    from qin_ui import i18n

    app = booted("#learn=place")
    lesson = app.state.tutorial.lesson
    assert lesson is not None
    try:
        run(app, A.LanguageChosen(lang, json.dumps(CATALOGUES[lang]), form()))
        run(app, A.Command("select", "0"))
        for edge, (square, orientation) in OFF_BOARD.items():
            s = lesson.session
            while s.orientation != orientation:
                run(app, A.Command("rotate", "1"))
            run(app, A.BoardClick(square))
            assert lesson.outcome == "refused" and lesson.refusal is not None, edge
            assert lesson.refusal.code == "outside" and lesson.refusal.params["edge"] == edge
            words = qin.messages.catalogue(lang)[f"illegal.outside.{edge}"].replace(
                "{rule}", "")
            screen = app.screen().elements
            said = screen["status-text"].text or ""
            assert words in said, said  # said once: under the board, as in a game
            assert words not in (screen["tutorial-result"].html or "")
            assert not (screen["info"].html or "") and not app.state.spoken
            assert not re.search(r"\b[a-z][0-9]+\b", said), said  # no square named
    finally:
        i18n.set_language("en", CATALOGUES["en"])


def test_the_tie_is_done_by_its_refusal_and_other_refusals_are_wrong_tries() -> None:
    app = booted("#learn=tie")
    lesson = app.state.tutorial.lesson
    assert app.mode is Mode.TUTORIAL and lesson is not None and lesson.step.id == "tie"
    try_move(app, "Rc2Yd2")  # d2 is covered: refused, but not the tie
    assert lesson.outcome == "refused" and lesson.refusal is not None
    assert lesson.refusal.code == "covered"
    try_move(app, "Rc2Yc3")
    assert lesson.outcome == "done" and lesson.session.game.moves == []
    assert "tie for the largest share" in lesson_view.outcome_html(lesson)
    screen = app.screen().elements  # the panel says it, nothing else does
    assert "tie for the largest share" not in (screen["status-text"].text or "")
    assert not (screen["info"].html or "")


def test_progress_is_remembered_and_damaged_progress_ignored() -> None:
    storage = MemoryStorage()
    storage.set(tutorial.PROGRESS_KEY, json.dumps(["place", "turn", "hand", "found"]))
    app = booted(storage=storage)
    run(app, A.Command("tutorial-open"))
    lesson = app.state.tutorial.lesson
    assert lesson is not None and lesson.step.id == "expand"  # the first not done
    steps = app.screen().elements["tutorial-steps"].html or ""
    assert steps.count('data-done="true"') == 4
    storage.set(tutorial.PROGRESS_KEY, "{damaged")
    app = booted(storage=storage)
    run(app, A.Command("tutorial-open"))
    assert app.state.tutorial.lesson is not None and app.state.tutorial.lesson.step.id == "place"
    # any step can be replayed, done or not
    run(app, A.Command("tutorial-step", "end"))
    assert app.state.tutorial.lesson is not None and app.state.tutorial.lesson.step.id == "end"
    run(app, A.Command("tutorial-step", "bogus"))
    assert app.state.tutorial.lesson.step.id == "end"


def test_a_bad_address_opens_the_tutorial_and_says_so() -> None:
    app = booted("#learn=nothing")
    lesson = app.state.tutorial.lesson
    assert app.mode is Mode.TUTORIAL and lesson is not None and lesson.step.id == "place"
    note = app.screen().elements["tutorial-note"]
    assert not note.hidden and note.text is not None and "nothing" in note.text
    app = booted("#learn")
    assert app.mode is Mode.TUTORIAL and app.state.tutorial.lesson is not None


NUMBERS = {"en": "twelve", "de": "zwölf", "fr": "douze"}
"""How many steps the tutorial has, in words."""


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_reference_links_the_tutorial(lang: str) -> None:
    page = (ROOT / "web" / "rules" / f"{lang}.html").read_text(encoding="utf-8")
    assert 'href="../index.html#learn"' in page
    assert tutorial.wants_tutorial("#learn")
    # its note counts the steps as the start screen's link to the tutorial does
    assert len(tutorial.STEPS) == 12 and NUMBERS[lang] in CATALOGUES[lang]["tutorial.open_hint"]
    note = page.split('<p class="note learn">', 1)[1].split("</p>", 1)[0]
    assert f"{NUMBERS[lang]} " in note, note


def test_the_readme_links_the_tutorial() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    playing = readme.split("## Playing", 1)[1].split("\n## ", 1)[0]
    assert "Learn to play" in playing and "index.html#learn" in playing


def test_a_language_switch_renames_the_players_and_rewords_the_panel() -> None:
    from qin_ui import i18n

    app = booted("#learn=absorb")
    try_move(app, "Yc1Rc2")
    lesson = app.state.tutorial.lesson
    assert lesson is not None and lesson.done
    german = (ROOT / "web" / "i18n" / "de.json").read_text(encoding="utf-8")
    try:
        run(app, A.LanguageChosen("de", german, form()))
        assert lesson.session.names == ["Grün", "Weiß"]
        html = app.screen().elements["tutorial-result"].html or ""
        assert CATALOGUES["de"]["tutorial.absorb.done"] in html
        assert "Grün" in html and "Green" not in html
        assert "Grün" in (app.screen().elements["log"].html or "")
    finally:
        i18n.set_language("en", CATALOGUES["en"])


def test_the_game_left_open_waits_behind_a_tutorial_opened_by_the_address() -> None:
    storage = MemoryStorage()
    app = booted(storage=storage)
    run(app, A.StartGame(form()))
    s = app.state.game.session
    assert s is not None
    run(app, A.BoardClick(s.legal_squares()[0]) if s.legal_squares() else A.Command("pass"))
    app = booted("#learn=pass", storage=storage)
    assert app.mode is Mode.TUTORIAL and app.state.game.session is not None
    run(app, A.Command("tutorial-exit"))
    run(app, A.Command("back-to-game"))
    assert app.mode in (Mode.PLAYING, Mode.COVER)


def test_touch_taps_preview_then_place_and_the_outcome_is_spoken() -> None:
    app = booted("#learn=village")
    run(app, A.Pointer("touch"))
    run(app, A.Command("select", "0"))
    lesson = app.state.tutorial.lesson
    assert lesson is not None
    run(app, A.Command("rotate", "1"))  # down: b2 and b3
    run(app, A.BoardClick("d1"))  # the first tap shows what would happen: no try yet
    assert lesson.tries == 0 and lesson.outcome == ""
    run(app, A.BoardClick("d1"))  # the second tap tries it: refused (no coloured square)
    assert lesson.outcome == "refused" and lesson.tries == 1
    assert app.state.spoken == ""  # the status line, a live region, says why
    assert (app.screen().elements["status-text"].text or "").startswith(
        "A tile must share an edge")
    run(app, A.BoardClick("b2"))
    assert lesson.outcome == "refused" and lesson.tries == 1
    run(app, A.BoardClick("b2"))
    assert lesson.done
    assert "Green takes the empty village c2" in app.state.spoken


def test_the_wheel_turns_the_tile_once_per_flick() -> None:
    app = booted("#learn=tie")
    run(app, A.Command("select", "0"))
    lesson = app.state.tutorial.lesson
    assert lesson is not None and lesson.session.orientation == 0
    run(app, A.Wheel(1, 1000.0))
    run(app, A.Wheel(1, 1010.0))  # the same flick of a trackpad
    assert lesson.session.orientation == 1
    run(app, A.Wheel(1, 1500.0))
    assert lesson.session.orientation == 2


def test_the_finish_offers_the_weakest_level_not_yet_beaten() -> None:
    from qin_ui.progress import Counted

    def games(*rows: tuple[str, int, str]) -> list[Counted]:
        return [Counted(f"g{n}", lv, p, r) for n, (lv, p, r) in enumerate(rows)]

    assert tutorial.next_level([]) == "apprentice"
    assert tutorial.next_level(games(("apprentice", 2, "lost"))) == "apprentice"
    assert tutorial.next_level(games(("apprentice", 3, "won"))) == "apprentice"  # 2 players
    assert tutorial.next_level(games(("apprentice", 2, "won"))) == "governor"
    assert tutorial.next_level(games(("apprentice", 2, "shared"), ("governor", 2, "won"))) \
        == "minister"
    every = games(*((lv, 2, "won") for lv in ("apprentice", "governor", "minister", "emperor")))
    assert tutorial.next_level(every) == "heaven"  # the Son of Heaven, after the Emperor
    every += games(("heaven", 2, "won"))
    assert tutorial.next_level(every) == "heaven"  # all beaten: the strongest
    # the page: with the Apprentice beaten, the finish offers the Governor and starts it
    storage = MemoryStorage()
    storage.set("qin.progress", json.dumps({"format": "qin-progress/1", "games": [
        {"id": "a", "level": "apprentice", "players": 2, "result": "won", "ended": 1}]}))
    app = booted("#learn=end", storage=storage)
    try_move(app, HITS["end"])
    screen = app.screen().elements
    assert screen["tutorial-play"].text == "Play a game against the Governor"
    assert "beaten the Apprentice" in (screen["tutorial-finish"].text or "")
    run(app, A.Command("tutorial-play"))
    s = app.state.game.session
    assert s is not None and [seat.kind for seat in s.settings.seats] == ["human", "governor"]


def test_on_touch_the_panel_and_the_status_speak_of_tapping() -> None:
    app = booted("#learn=turn")
    words = CATALOGUES["en"]
    assert app.screen().elements["tutorial-do"].text == words["tutorial.turn.do"]
    run(app, A.Pointer("touch"))
    assert app.screen().elements["tutorial-do"].text == words["tutorial.turn.do_touch"]
    run(app, A.Command("select", "0"))
    status = app.screen().elements["status-text"].text or ""
    assert "tap" in status and "right-click" not in status
    lesson = app.state.tutorial.lesson
    assert lesson is not None
    for n in range(2):  # two wrong tries (legal, across): the hint, in tapping words
        if n:  # a missed move is taken back with the tile put down
            run(app, A.Command("select", "0"))
        run(app, A.BoardClick("b2"))
        run(app, A.BoardClick("b2"))
    assert lesson.tries == 2
    assert app.screen().elements["tutorial-hint"].text == words["tutorial.turn.hint_touch"]


def test_the_hand_step_says_the_tile_drawn_and_the_hand_after_it() -> None:
    app = booted("#learn=hand")
    try_move(app, HITS["hand"])
    html = app.screen().elements["tutorial-result"].html or ""
    assert "Drawn from the pile: red/yellow." in html
    assert "Your hand now: blue/blue, red/yellow and red/blue." in html  # Q3: as sorted


def test_only_the_step_with_a_pile_counts_the_pile() -> None:
    """A step's position holds no pile: "0 tiles left in the pile" would be a game's
    detail meaning nothing there; the step that draws (Q17) counts its pile, as a game."""
    app = booted("#learn=place")
    for step in tutorial.STEPS:
        run(app, A.Command("tutorial-step", step.id))
        lesson = app.state.tutorial.lesson
        assert lesson is not None and lesson.step.id == step.id
        players = app.screen().elements["players"].html or ""
        assert ("left in the pile" in players) == bool(step.pile), step.id
    run(app, A.Command("tutorial-step", "hand"))
    assert "1 tile left in the pile" in (app.screen().elements["players"].html or "")
    try_move(app, HITS["hand"])
    assert "0 tiles left in the pile" in (app.screen().elements["players"].html or "")
