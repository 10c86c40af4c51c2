"""The tutorial's handlers, "Learn to play" (no DOM): open a step (from the start
screen or the address), its panel's buttons, and the board's actions on the step's own
game, judged by the engine; the steps done are kept in the browser's storage.
"""

from __future__ import annotations

import contextlib

from . import lesson_view, senses, setup, tutorial
from .actions import Action, Command, Effect, Focus, Form, Reveal, SetAddress, ToTop, Wheel
from .core import Core
from .keyboard import BOARD_AREA
from .lesson import Lesson
from .play import WHEEL_GAP_MS

TITLE = "tutorial-title"
"""The step's title: the focus goes there when a step opens."""
RESULT = "tutorial-result"
"""What the last try did, in the step's panel."""


def _lessons_done(app: Core) -> frozenset[str]:
    text = None
    with contextlib.suppress(Exception):  # a storage that cannot be read: none done
        text = app.saves.storage.get(tutorial.PROGRESS_KEY)
    return tutorial.read_progress(text)


def _open_lesson(app: Core, step_id: str | None = None) -> None:
    """Show a step: ``step_id``, or the first not done yet (the first when all are)."""
    st = app.state
    st.tutorial.lessons_done = _lessons_done(app)
    if step_id is None:
        step_id = next((i for i in tutorial.IDS if i not in st.tutorial.lessons_done),
                       tutorial.IDS[0])
    st.tutorial.lesson = Lesson.new(step_id)
    st.spoken = ""
    app.cache.parts.clear()  # a new board: nothing drawn before applies


def open_lesson_from(app: Core, fragment: str) -> list[Effect]:
    """The address asks for the tutorial (``#learn``, ``#learn=<step>``); an unknown
    step opens it at the start and says so.  The address is given back after."""
    st = app.state
    wanted, ok = tutorial.parse_address(fragment)
    _open_lesson(app, wanted)
    if not ok and st.tutorial.lesson is not None:
        st.tutorial.lesson.note = "tutorial.bad_address"
        st.tutorial.lesson.note_value = fragment.removeprefix("#")[:40]
    st.link.address_game = False
    st.tutorial.from_address = True
    return [SetAddress(st.link.base_url)]


def left_by_address(app: Core, game_link: bool = False) -> list[Effect]:
    """Another address than the tutorial's (Back, after ``#learn`` was typed) leaves a
    tutorial the address opened, to where the player was: the game, or the start
    screen; a game's link (``game_link``) leaves the tutorial however it was opened (its
    button: to the start screen it was opened from, where the link is then opened).
    The step's controls that had the focus are gone: it goes to the game's board, or, left
    by Back, to the start screen's title, as the tutorial's own button leaves it."""
    st = app.state
    if st.tutorial.lesson is None or not (st.tutorial.from_address or game_link):
        return []
    st.tutorial.lesson, st.tutorial.from_address = None, False
    app.cache.parts.clear()  # the game's board again: nothing drawn for the step applies
    if st.game.session is not None and st.screen != "setup":
        return [Focus(BOARD_AREA, lost=True)]
    return app.to_setup() if game_link else app.back_to_setup()  # a link: its game next


def tutorial_open(app: Core, _: Command) -> list[Effect]:
    """Learn to play, on the start screen: the first step not done yet."""
    _open_lesson(app)
    app.state.tutorial.from_address = False
    return [Focus(TITLE)]


def tutorial_exit(app: Core, _: Command) -> list[Effect]:
    """Leaving the tutorial (also by New game): back to the start screen."""
    st = app.state
    if st.tutorial.lesson is None:
        return []
    st.tutorial.lesson = None
    return app.back_to_setup()


def tutorial_play(app: Core, _: Command) -> list[Effect]:
    """The finish: a game against the weakest level not yet beaten."""
    st = app.state
    if st.tutorial.lesson is None:
        return []
    st.tutorial.lesson = None
    level = tutorial.next_level(st.start.progress.games)
    names = tuple(setup.colour_label(c) for c in ("green", "white"))
    return app.start(Form(names, ("green", "white"), ("human", level),
                          "bird", False, "", "single"))


def tutorial_again(app: Core, _: Command) -> list[Effect]:
    """The step again, from its position."""
    lesson = app.state.tutorial.lesson
    return _step_shown(app, lesson.step.id) if lesson is not None else []


def tutorial_next(app: Core, _: Command) -> list[Effect]:
    """The next step (the last step stays)."""
    lesson = app.state.tutorial.lesson
    if lesson is None:
        return []
    at = tutorial.index(lesson.step.id)
    return _step_shown(app, tutorial.IDS[at + 1] if at + 1 < len(tutorial.IDS) else None)


def tutorial_step(app: Core, c: Command) -> list[Effect]:
    """A step chosen in the list of steps (an unknown one: the step stays)."""
    if app.state.tutorial.lesson is None:
        return []
    return _step_shown(app, c.arg if c.arg in tutorial.IDS else None)


def _step_shown(app: Core, step_id: str | None) -> list[Effect]:
    """A step opened from the tutorial's panel (``None``: the step on screen stays): the
    focus on its title, its board from the top."""
    if step_id is not None:
        _open_lesson(app, step_id)
    return [Focus(TITLE), ToTop()]


def lesson_act(app: Core, action: Action) -> list[Effect]:
    """A board action in the tutorial (a pointer's, or a board command that plays): on
    the step's own game, judged by the engine; a step done is remembered in the
    browser's storage.  What a try did, where the panel says it (not a refusal: the
    status line does), is brought into view within the side panel where it scrolls, then
    the step's title above it: the title stays in view when both do not fit."""
    st = app.state
    lesson = st.tutorial.lesson
    assert lesson is not None
    tries = lesson.tries
    if lesson.act(action, st.pointer):
        senses.lesson_moved(st, lesson.session)  # the board shows the move: it moves
        st.tutorial.lessons_done = _lessons_done(app) | {lesson.step.id}
        with contextlib.suppress(Exception):  # not kept: the tutorial still plays
            app.saves.storage.set(tutorial.PROGRESS_KEY,
                                   tutorial.progress_text(st.tutorial.lessons_done))
    elif lesson.tries == tries:
        return []
    st.spoken = lesson_view.spoken(lesson)
    return [Reveal((RESULT, TITLE))] if lesson.outcome not in ("", "refused") else []


def lesson_wheel(app: Core, action: Wheel) -> list[Effect]:
    """The wheel on the tutorial's board: one turn of the tile per flick, as in a game."""
    st = app.state
    if action.at_ms - st.game.wheel_at < WHEEL_GAP_MS:
        return []
    st.game.wheel_at = action.at_ms
    return lesson_act(app, action)


def lesson_focus(app: Core, c: Command) -> list[Effect]:
    """A board command that moves the focus (to the log, the board, a rules link, off
    the board) on the tutorial's board: as in a game (``keyboard.Keys.run``)."""
    lesson = app.state.tutorial.lesson
    assert lesson is not None
    done = lesson.keys.run(lesson.session, c)
    return [Focus(done.focus)] if done.focus else []
