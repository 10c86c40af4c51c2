"""A tutorial step on screen: its position as a game, the player's tries, the outcome
(no DOM, no words: the panel is worded by ``lesson_view``).

``Lesson.act(action)`` runs the board's actions (hover, click, tap, keys, the picked
tile, pass) on the step's own ``Session`` and judges every try with the engine:

- a move that reaches the step's goal: ``outcome == "done"``; the board shows it;
- a legal move that misses the goal: ``"missed"``; its events are kept to be shown,
  and the step's position comes back so it can be tried again;
- a try the engine refuses: ``"refused"`` with the engine's ``IllegalMove`` (its
  reason is shown), unless that refusal is the step's goal (the refused tie: ``"done"``).

After two wrong tries the step's hint shows.  The game behind the start screen is
never touched; nothing here is saved but the progress (``tutorial.PROGRESS_KEY``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import qin

from . import tutorial, wording
from .actions import Action, BoardClick, Command, Hover, Wheel
from .keyboard import Keys
from .session import Session
from .setup import Seat, Settings, colour_label

HINT_AFTER = 2
"""Wrong tries before the step's hint shows."""

TRIES = frozenset({"place", "pass"})
"""Commands that try a move (a click or a tap on the board does too)."""


def seats() -> Settings:
    """Green (you) against White, named in the page's language."""
    return Settings((Seat(colour_label("green"), "green"),
                     Seat(colour_label("white"), "white")), "bird")


def session_for(step: tutorial.Step) -> Session:
    """The step's position as a game on screen."""
    settings = seats()
    game = step.game()
    game.names = settings.names
    return Session(settings, game)


@dataclass
class Lesson:
    step: tutorial.Step
    session: Session
    keys: Keys = field(default_factory=Keys)
    tries: int = 0
    outcome: str = ""
    """"" (not tried yet), "done", "missed" or "refused"."""
    events: list[qin.Event] = field(default_factory=list)
    """The events of the last move (a missed one is taken back, its events stay)."""
    refusal: qin.IllegalMove | None = None
    """The engine's refusal of the last try (a tile partly off the board included: it
    names the edge, as in the game)."""
    note: str = ""
    """A catalogue key said above the step (a bad tutorial address)."""
    note_value: str = ""

    @classmethod
    def new(cls, step_id: str) -> Lesson:
        step = tutorial.step(step_id)
        return cls(step, session_for(step))

    @property
    def done(self) -> bool:
        return self.outcome == "done"

    @property
    def hint_due(self) -> bool:
        return self.tries >= HINT_AFTER and not self.done

    def act(self, action: Action, pointer: str = "mouse") -> bool:
        """Run one board action; ``True`` when the step was just done."""
        s = self.session
        if isinstance(action, Hover):
            if pointer != "touch" or action.square is None:
                s.hover(action.square)
            return False
        if self.done:  # the board shows what the step did: it is only looked at
            if isinstance(action, Command) and action.name in (
                    "cursor", "jump", "focus-log", "focus-board", "escape"):
                self.keys.run(s, action)
            return False
        before = len(s.game.moves)
        tried = False
        if isinstance(action, BoardClick):
            if pointer == "touch":
                tried = self.keys.confirms(s, action.square)
                self.keys.tap(s, action.square)
            else:
                tried = s.selected_kind is not None
                s.click(action.square)
        elif isinstance(action, Wheel):
            s.rotate(action.step)
        elif isinstance(action, Command):
            tried = action.name in TRIES and (s.selected_kind is not None or s.must_pass)
            self.keys.run(s, action)
        if len(s.game.moves) > before:
            return self._judge_move()
        if tried and s.hover_state.refused:
            return self._judge_refusal()
        return False

    def _judge_move(self) -> bool:
        s = self.session
        self.events = list(s.turns[-1].events)
        self.refusal = None
        if tutorial.reached(self.step, self.events):
            self.outcome = "done"
            return True
        self.outcome = "missed"
        self.tries += 1
        self._fresh()
        return False

    def _judge_refusal(self) -> bool:
        s = self.session
        ghost = s.hover_state.ghost
        self.events = []
        self.refusal = wording.refusal_of(s, ghost) if ghost is not None else None
        if self.refusal is not None and tutorial.refusal_reached(self.step,
                                                                 self.refusal.code):
            self.outcome = "done"
            return True
        self.outcome = "refused"
        self.tries += 1
        return False

    def rename(self) -> None:
        """The page's language changed: the players' names follow (the events of the
        panel and the log are worded again from their codes)."""
        s = self.session
        s.settings = seats()
        s.game.names = s.settings.names
        for turn in s.turns:
            turn.names = s.settings.names
        s.notice = None

    def _fresh(self) -> None:
        """The step's position again (the missed move is taken back)."""
        self.session = session_for(self.step)
        self.keys = Keys()
