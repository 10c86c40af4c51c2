"""The tutorial's step panel, in words and HTML (pure functions; no DOM).

The panel says the step (its number, title and what to do), the outcome of the last
try (the events in the log's wording, the engine's reason for a refusal, or what the
step wanted), the hint after two wrong tries, and the buttons: Next, Again, the step
list (done steps marked) and, after the last step, a first game against the
Apprentice.  ``elements`` returns the panel's elements for ``render.screen``.
"""

from __future__ import annotations

from html import escape

from . import i18n, tutorial
from .elements import El
from .i18n import t
from .lesson import Lesson


def outcome_html(lesson: Lesson) -> str:
    """What the last try did: its message, then its events (one line each)."""
    s = lesson.session
    step = lesson.step.id
    if lesson.outcome == "":
        return ""
    if lesson.outcome == "refused":
        reason = (i18n.refusal(lesson.refusal, s.names) if lesson.refusal is not None
                  else t(lesson.reason_key or "info.edge"))
        return (f'<p class="tutorial-says">{escape(t("tutorial.refused"))}</p>'
                f'<p class="tutorial-reason">{escape(reason)}</p>')
    if lesson.outcome == "done" and lesson.refusal is not None:
        reason = i18n.refusal(lesson.refusal, s.names)
        return (f'<p class="tutorial-says">{escape(t(f"tutorial.{step}.done"))}</p>'
                f'<p class="tutorial-reason">{escape(reason)}</p>')
    said = t(f"tutorial.{step}.done") if lesson.outcome == "done" else t("tutorial.missed")
    lines = "".join(f'<li class="ev-{e.kind}">{escape(i18n.describe(e, s.names))}</li>'
                    for e in lesson.events)
    return f'<p class="tutorial-says">{escape(said)}</p><ul class="tutorial-events">{lines}</ul>'


def spoken(lesson: Lesson) -> str:
    """The outcome of the last try in plain words, for the screen reader's live region."""
    s = lesson.session
    step = lesson.step.id
    if lesson.outcome == "refused":
        reason = (i18n.refusal(lesson.refusal, s.names) if lesson.refusal is not None
                  else t(lesson.reason_key or "info.edge"))
        return f"{t('tutorial.refused')} {reason}"
    if lesson.outcome == "":
        return ""
    said = t(f"tutorial.{step}.done") if lesson.outcome == "done" else t("tutorial.missed")
    lines = [i18n.refusal(lesson.refusal, s.names)] if lesson.refusal is not None else [
        i18n.describe(e, s.names) for e in lesson.events]
    return " ".join([said, *lines])


def steps_html(lesson: Lesson, done: frozenset[str]) -> str:
    """The step list: a button per step, the current one marked, done ones ticked."""
    items = []
    for n, step in enumerate(tutorial.STEPS, start=1):
        current = step.id == lesson.step.id
        mark = "✓" if step.id in done else ""
        aria = ' aria-current="step"' if current else ""
        items.append(
            f'<li><button type="button" data-step="{step.id}"{aria}'
            f' data-done="{"true" if step.id in done else "false"}">'
            f'<span class="step-mark" aria-hidden="true">{mark}</span> '
            f'{n}. {escape(t(f"tutorial.{step.id}.title"))}'
            + (f' <span class="sr-only">{escape(t("tutorial.step_done"))}</span>'
               if step.id in done else "")
            + "</button></li>")
    return "".join(items)


def elements(lesson: Lesson, done: frozenset[str]) -> dict[str, El]:
    step = lesson.step.id
    n = tutorial.index(step) + 1
    last = n == len(tutorial.STEPS)
    title = t("tutorial.step_of", n=n, total=len(tutorial.STEPS),
              title=t(f"tutorial.{step}.title"))
    note = t(lesson.note, value=lesson.note_value) if lesson.note else ""
    return {
        "tutorial": El(hidden=False, data=(("step", step), ("outcome", lesson.outcome or None),
                                           ("tries", str(lesson.tries)))),
        "tutorial-note": El(text=note, hidden=not note),
        "tutorial-title": El(text=title),
        "tutorial-do": El(text=t(f"tutorial.{step}.do")),
        "tutorial-rule": El(attrs=(("href", f"rules/{i18n.language()}.html#"
                                            f"{lesson.step.rule}"),)),
        "tutorial-result": El(html=outcome_html(lesson),
                              data=(("outcome", lesson.outcome or None),)),
        "tutorial-hint": El(text=t(f"tutorial.{step}.hint") if lesson.hint_due else "",
                            hidden=not lesson.hint_due),
        "tutorial-next": El(hidden=not lesson.done or last),
        "tutorial-apprentice": El(hidden=not (lesson.done and last)),
        "tutorial-steps": El(html=steps_html(lesson, done)),
    }


def status(lesson: Lesson) -> str | None:
    """The status line while the tutorial shows (``None``: the game's own)."""
    if lesson.done:
        return t("tutorial.status.done")
    return None
