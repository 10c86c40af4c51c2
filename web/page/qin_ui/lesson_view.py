"""The tutorial's step panel, in words and HTML (pure functions; no DOM).

The panel says the step (its number, title and what to do, in the words of the input
in use: tapping on a touch screen), the outcome of the last try (the events in the log's
wording, the engine's reason for the refused tie, or what the step wanted; the tile drawn
and the hand after it where the step has a pile; any other refusal is said once, by the
status line under the board, as in a game), the hint after two wrong tries, and the
buttons: Next, Again, the step list (done steps marked) and, after the last step, the
finish: what comes next, and a game against the weakest level not yet beaten
(``tutorial.next_level``).  ``elements`` returns the panel's elements for
``render.screen``.
"""

from __future__ import annotations

from html import escape

from . import i18n, tutorial, wording
from .elements import El
from .i18n import t
from .icons import icon
from .lesson import Lesson
from .progress import LEVEL_ORDER


def said(lesson: Lesson, part: str, pointer: str = "mouse") -> str:
    """The step's ``part`` ("do", "hint"), in its touch wording on a touch screen when
    it has one."""
    key = f"tutorial.{lesson.step.id}.{part}"
    if pointer == "touch" and i18n.has(f"{key}_touch"):
        key = f"{key}_touch"
    return t(key)


def drawn_html(lesson: Lesson) -> str:
    """The tile drawn from the step's pile and the hand after it (Q17), or ""."""
    s = lesson.session
    if not lesson.step.pile or not lesson.done or not s.game.moves:
        return ""
    hand = s.game.hand(1)
    tiles = i18n.join([wording.tile_name(k) for k in hand])
    text = t("tutorial.hand.now", tile=wording.tile_name(lesson.step.pile[-1]), tiles=tiles)
    return f'<p class="tutorial-drawn">{escape(text)}</p>'


def outcome_html(lesson: Lesson) -> str:
    """What the last try did: its message, then its events (one line each); nothing for
    a try the rules refuse, whose reason the status line under the board says, as in a
    game (``Session.refusal_said``)."""
    s = lesson.session
    step = lesson.step.id
    if lesson.outcome in ("", "refused"):  # a refusal is said by the status line
        return ""
    if lesson.outcome == "done" and lesson.refusal is not None:
        reason = i18n.refusal(lesson.refusal, s.names)
        return (f'<p class="tutorial-says">{escape(t(f"tutorial.{step}.done"))}</p>'
                f'<p class="tutorial-reason">{escape(reason)}</p>')
    says = t(f"tutorial.{step}.done") if lesson.outcome == "done" else t("tutorial.missed")
    lines = "".join(f'<li class="ev-{e.kind}">{escape(i18n.describe(e, s.names))}</li>'
                    for e in lesson.events)
    return (f'<p class="tutorial-says">{escape(says)}</p>'
            f'<ul class="tutorial-events">{lines}</ul>{drawn_html(lesson)}')


def spoken(lesson: Lesson) -> str:
    """The outcome of the last try in plain words, for the screen reader's live region
    (nothing for a refused try: the status line, a live region too, says why)."""
    s = lesson.session
    step = lesson.step.id
    if lesson.outcome in ("", "refused"):  # a refusal: the status line speaks it
        return ""
    says = t(f"tutorial.{step}.done") if lesson.outcome == "done" else t("tutorial.missed")
    lines = [i18n.refusal(lesson.refusal, s.names)] if lesson.refusal is not None else [
        i18n.describe(e, s.names) for e in lesson.events]
    return " ".join([says, *lines])


def steps_html(lesson: Lesson, done: frozenset[str]) -> str:
    """The step list: a button per step, the current one marked, done ones ticked."""
    items = []
    for n, step in enumerate(tutorial.STEPS, start=1):
        current = step.id == lesson.step.id
        mark = icon("tick") if step.id in done else ""
        aria = ' aria-current="step"' if current else ""
        items.append(
            f'<li><button type="button" data-step="{step.id}"{aria}'
            f' data-done="{"true" if step.id in done else "false"}">'
            f'<span class="step-mark" aria-hidden="true">{mark}</span>'
            f'{n}. {escape(t(f"tutorial.{step.id}.title"))}'
            + (f' <span class="sr-only">{escape(t("tutorial.step_done"))}</span>'
               if step.id in done else "")
            + "</button></li>")
    return "".join(items)


def elements(lesson: Lesson, done: frozenset[str], pointer: str = "mouse",
             level: str = LEVEL_ORDER[0]) -> dict[str, El]:
    """The panel; ``pointer`` the input in use, ``level`` the one the finish offers."""
    step = lesson.step.id
    n = tutorial.index(step) + 1
    last = n == len(tutorial.STEPS)
    finished = lesson.done and last
    title = t("tutorial.step_of", n=n, total=len(tutorial.STEPS),
              title=t(f"tutorial.{step}.title"))
    note = t(lesson.note, value=lesson.note_value) if lesson.note else ""
    return {
        "tutorial": El(hidden=False, data=(("step", step), ("outcome", lesson.outcome or None),
                                           ("tries", str(lesson.tries)))),
        "tutorial-note": El(text=note, hidden=not note),
        "tutorial-title": El(text=title),
        "tutorial-do": El(text=said(lesson, "do", pointer)),
        "tutorial-rule": El(attrs=(("href", f"rules/{i18n.language()}.html#"
                                            f"{lesson.step.rule}"),)),
        "tutorial-result": El(html=outcome_html(lesson),
                              data=(("outcome", lesson.outcome or None),)),
        "tutorial-hint": El(text=said(lesson, "hint", pointer) if lesson.hint_due else "",
                            hidden=not lesson.hint_due),
        "tutorial-next": El(hidden=not lesson.done or last),
        "tutorial-finish": El(text=t(f"tutorial.finish.{level}") if finished else "",
                              hidden=not finished),
        "tutorial-play": El(text=t(f"tutorial.play.{level}"), hidden=not finished,
                            data=(("level", level),)),
        "tutorial-steps": El(html=steps_html(lesson, done)),
    }


def status(lesson: Lesson) -> str | None:
    """The status line while the tutorial shows (``None``: the game's own, in the words
    of the input in use: ``wording.status``)."""
    if lesson.done:
        return t("tutorial.status.done")
    return None
