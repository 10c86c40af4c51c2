"""Placing by taps on a touch screen (web/page/qin_ui/keyboard.py's ``Keys.tap``, the
page's ``play.board_click`` and the status line's words): the first tap shows the
ghost tile and what it would do, a second tap on that ghost (either of its squares)
places it, a tap anywhere else moves the ghost, so a finger that lands a square off
never places; Turn turns the ghost.  A mouse click still places at once."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
sys.path.insert(0, str(WEB))

from qin_ui import actions as A  # noqa: E402
from qin_ui import i18n, keyboard, setup, wording  # noqa: E402
from qin_ui.app import App  # noqa: E402
from qin_ui.saves import MemoryStorage, SaveStore  # noqa: E402
from qin_ui.session import Session  # noqa: E402

LANGS = ("en", "de", "fr")
CATALOGUES = {lang: json.loads((WEB.parent / "i18n" / f"{lang}.json").read_text("utf-8"))
              for lang in LANGS}


def picked(seed: int = 2012) -> Session:
    """A fresh game with the first playable tile picked, turned to lie across (right)."""
    s = Session(setup.Settings(seed=seed))
    hand = s.visible_hand()
    assert hand is not None
    s.select(next(i for i, k in enumerate(hand) if s.playable(k)))
    s.orientation = 0
    return s


def neighbours(s: Session, square: str) -> list[str]:
    geo = s.game.board.geo
    i = geo.names.index(square)
    x, y = i % geo.width, i // geo.width
    return [geo.names[(y + dy) * geo.width + x + dx]
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= x + dx < geo.width and 0 <= y + dy < geo.height]


def test_the_first_tap_previews_and_a_second_on_either_half_of_the_ghost_places() -> None:
    for half in (0, 1):
        s = picked()
        keys = keyboard.Keys()
        anchor = s.legal_squares()[0]
        parts = keys.tap(s, anchor)
        assert not s.game.moves and s.hover_state.ok and "overlay" in parts
        ghost = s.hover_state.ghost
        assert ghost is not None and keys.ghost_squares(s) == frozenset(ghost.squares)
        expected = str(ghost)
        keys.tap(s, ghost.squares[half])  # the finger lands on either half of the ghost
        assert [str(m) for m in s.game.moves] == [expected]


def test_a_tap_a_finger_off_the_ghost_moves_it_and_never_places() -> None:
    s = picked()
    keys = keyboard.Keys()
    anchor = s.legal_squares()[0]
    keys.tap(s, anchor)
    ghost = keys.ghost_squares(s)
    for off in sorted({n for g in ghost for n in neighbours(s, g)} - ghost):
        before = keys.ghost_squares(s)
        keys.tap(s, off)
        assert not s.game.moves, f"a tap on {off}, off the ghost {sorted(before)}, placed"
        assert s.pointed == off and keys.armed == off  # the ghost moved there
        keys.tap(s, anchor)  # back: a first tap again, nothing placed
        assert not s.game.moves


def test_turn_turns_the_ghost_and_its_new_second_half_confirms() -> None:
    s = picked()
    keys = keyboard.Keys()
    anchor = s.legal_squares()[0]
    keys.tap(s, anchor)
    keys.run(s, A.Command("rotate", "1"))  # the Turn button
    ghost = s.hover_state.ghost
    assert ghost is not None and s.orientation == 1 and keys.ghost_squares(s) == set(ghost.squares)
    second = next(q for q in ghost.squares if q != anchor)
    keys.tap(s, second)
    assert [m.squares for m in s.game.moves] == [ghost.squares] or s.notice is not None
    assert keys.armed is None


def test_a_refused_ghost_tapped_again_says_why_and_places_nothing() -> None:
    s = picked()
    keys = keyboard.Keys()
    legal = set(s.legal_squares())
    bad = next(n for n in s.game.board.geo.names if n not in legal)
    keys.tap(s, bad)
    keys.tap(s, bad)
    assert not s.game.moves and s.notice is not None and s.notice.kind == "refused"


def test_the_keyboard_cursor_moving_the_ghost_makes_the_next_tap_a_first_one() -> None:
    s = picked()
    keys = keyboard.Keys()
    anchor = s.legal_squares()[0]
    keys.tap(s, anchor)
    keys.run(s, A.Command("cursor", "0,1"))  # the ghost moves down, by keys
    assert keys.ghost_squares(s) == frozenset()
    keys.tap(s, anchor)
    assert not s.game.moves


@pytest.mark.parametrize("lang", LANGS)
def test_the_status_speaks_of_tapping_on_touch_and_of_keys_with_a_mouse(lang: str) -> None:
    i18n.set_language(lang, CATALOGUES[lang])
    try:
        s = picked()
        tap = {"en": "tap", "de": "tipp", "fr": "touch"}[lang]
        mouse = wording.status(s, "mouse")
        assert "R" in mouse and tap not in mouse.lower()
        first = wording.status(s, "touch")
        assert tap in first.lower() and "R," not in first and "(R" not in first
        keys = keyboard.Keys()
        keys.tap(s, s.legal_squares()[0])
        second = wording.status(s, "touch", armed=bool(keys.ghost_squares(s)))
        assert tap in second.lower() and second != first
    finally:
        i18n.set_language("en", CATALOGUES["en"])


def new_game(pointer: str) -> App:
    app = App(SaveStore(MemoryStorage()))
    app.store(app.dispatch(A.Boot("http://localhost/", "")))
    app.store(app.dispatch(A.StartGame(A.Form(("Green", "White"), ("green", "white"),
                                              ("human", "human"), "bird", False, "7",
                                              "single"))))
    app.store(app.dispatch(A.Pointer(pointer)))
    s = app.state.game.session
    assert s is not None
    hand = s.visible_hand()
    assert hand is not None
    app.store(app.dispatch(A.Command("select", str(next(
        i for i, k in enumerate(hand) if s.playable(k))))))
    return app


def test_on_the_page_two_taps_place_and_one_mouse_click_places() -> None:
    app = new_game("touch")
    s = app.state.game.session
    assert s is not None
    square = s.legal_squares()[0]
    app.store(app.dispatch(A.BoardClick(square)))
    assert not s.game.moves
    assert "tap" in (app.screen().elements["status-text"].text or "")
    app.store(app.dispatch(A.BoardClick(square)))
    assert len(s.game.moves) == 1
    # the next player's tile shows no ghost until their own first tap
    app.store(app.dispatch(A.Command("cover-ok")))
    app.store(app.dispatch(A.Command("select", "0")))
    assert s.pointed is None and app.state.game.keys.ghost_squares(s) == frozenset()
    assert "tap a marked square" in (app.screen().elements["status-text"].text or "")

    app = new_game("mouse")
    s = app.state.game.session
    assert s is not None
    app.store(app.dispatch(A.BoardClick(s.legal_squares()[0])))
    assert len(s.game.moves) == 1


def test_another_screen_opens_at_its_top() -> None:
    """A phone scrolls down the start screen to reach Start: the game (or the tutorial)
    then shows from its top, the board first, and so does the start screen again."""
    app = App(SaveStore(MemoryStorage()))
    app.store(app.dispatch(A.Boot("http://localhost/", "")))
    started = app.dispatch(A.StartGame(A.Form(("Green", "White"), ("green", "white"),
                                              ("human", "human"), "bird", False, "7",
                                              "single")))
    assert A.ToTop() in started
    s = app.state.game.session
    assert s is not None
    assert A.ToTop() not in app.dispatch(A.Command("select", "0"))  # the same screen
    assert A.ToTop() in app.dispatch(A.Command("new-game"))
    assert A.ToTop() in app.dispatch(A.Command("tutorial-open"))


def test_a_replay_opens_at_the_page_s_top_and_its_steps_stay_where_they_are() -> None:
    """On a phone the game's tools, Replay among them, are below the board: the replay
    then shows from the page's top, the board and its controls under it; a step, the
    review beside it and the way back to the game scroll nothing."""
    app = App(SaveStore(MemoryStorage()))
    app.store(app.dispatch(A.Boot("http://localhost/", "")))
    app.dispatch(A.StartGame(A.Form(("Green", "White"), ("green", "white"),
                                    ("human", "human"), "bird", False, "7", "single")))
    s = app.state.game.session
    assert s is not None
    app.dispatch(A.Command("select", "0"))
    app.store(app.dispatch(A.BoardClick(s.legal_squares()[0])))
    assert len(s.game.moves) == 1
    app.dispatch(A.Command("cover-ok"))  # the next player at the screen
    assert A.ToTop() in app.dispatch(A.Command("replay-open"))
    assert A.ToTop() not in app.dispatch(A.Command("replay-back"))
    assert A.ToTop() not in app.dispatch(A.Command("replay-step"))
    assert A.ToTop() not in app.dispatch(A.Command("replay-exit"))
