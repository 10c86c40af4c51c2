"""The tutorial's handlers, "Learn to play" (no DOM): open a step (from the start
screen or the address), its panel's buttons, and the board's actions on the step's own
game, judged by the engine; the steps done are kept in the browser's storage.
"""

from __future__ import annotations

import contextlib

from . import lesson_view, senses, setup, tutorial
from .actions import Action, Command, Effect, Focus, Form, SetAddress, ToTop, Wheel
from .core import Core
from .lesson import Lesson
from .play import WHEEL_GAP_MS


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
    return [SetAddress(st.link.base_url)]


def panel(app: Core, c: Command) -> list[Effect]:
    st = app.state
    lesson = st.tutorial.lesson
    name = c.name
    if name == "tutorial-open":
        _open_lesson(app)
        return [Focus("tutorial-title")]
    if lesson is None:
        return []
    if name in ("tutorial-exit", "new-game"):
        st.tutorial.lesson = None
        return app.to_setup()
    if name == "tutorial-play":  # the finish: the weakest level not yet beaten
        st.tutorial.lesson = None
        level = tutorial.next_level(st.start.progress.games)
        names = tuple(setup.colour_label(c) for c in ("green", "white"))
        return app.start(Form(names, ("green", "white"), ("human", level),
                                "bird", False, "", "single"))
    if name == "tutorial-again":
        _open_lesson(app, lesson.step.id)
    elif name == "tutorial-next":
        at = tutorial.index(lesson.step.id)
        if at + 1 < len(tutorial.IDS):
            _open_lesson(app, tutorial.IDS[at + 1])
    elif name == "tutorial-step" and c.arg in tutorial.IDS:
        _open_lesson(app, c.arg)
    return [Focus("tutorial-title"), ToTop()]  # a new step: its board from the top


def lesson_act(app: Core, action: Action) -> list[Effect]:
    """A board action in the tutorial: on the step's own game, judged by the engine;
    a step done is remembered in the browser's storage."""
    st = app.state
    lesson = st.tutorial.lesson
    assert lesson is not None
    effects: list[Effect] = []
    if isinstance(action, Command) and action.name in ("focus-log", "focus-board",
                                                       "list-step", "escape"):
        done = lesson.keys.run(lesson.session, action)
        return [Focus(done.focus)] if done.focus else []
    if isinstance(action, Wheel):  # one turn of the tile per flick, as in a game
        if action.at_ms - st.game.wheel_at < WHEEL_GAP_MS:
            return []
        st.game.wheel_at = action.at_ms
    tries = lesson.tries
    if lesson.act(action, st.pointer):
        senses.lesson_moved(st, lesson.session)  # the board shows the move: it moves
        st.tutorial.lessons_done = _lessons_done(app) | {lesson.step.id}
        with contextlib.suppress(Exception):  # not kept: the tutorial still plays
            app.saves.storage.set(tutorial.PROGRESS_KEY,
                                   tutorial.progress_text(st.tutorial.lessons_done))
        st.spoken = lesson_view.spoken(lesson)
    elif lesson.tries != tries:
        st.spoken = lesson_view.spoken(lesson)
    return effects
