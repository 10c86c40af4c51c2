"""The board's motion and sound on the page: the header's two settings (kept in the
browser) and each move's cues, handed to the shell with the screen (``motion``)."""

from __future__ import annotations

import contextlib

from . import motion
from .actions import Command, Effect
from .core import Core
from .session import Session
from .state import AppState


def load(app: Core) -> None:
    """The settings as the browser keeps them (a damaged value: the default)."""
    senses = app.state.senses
    storage = app.saves.storage
    with contextlib.suppress(Exception):
        senses.pace = motion.read_pace(storage.get(motion.PACE_KEY))
        senses.sound = motion.read_sound(storage.get(motion.SOUND_KEY))


def pace(app: Core, c: Command) -> list[Effect]:
    """The header's motion setting: the pace of every move's motion, or off."""
    if c.arg in motion.PACES:
        app.state.senses.pace = c.arg
        with contextlib.suppress(Exception):
            app.saves.storage.set(motion.PACE_KEY, c.arg)
    return []


def sound(app: Core, _: Command) -> list[Effect]:
    """The header's sound switch."""
    senses = app.state.senses
    senses.sound = not senses.sound
    with contextlib.suppress(Exception):
        app.saves.storage.set(motion.SOUND_KEY, "on" if senses.sound else "off")
    return []


def stored_elsewhere(app: Core, key: str) -> None:
    """Another tab changed a setting (or cleared the storage): this one follows."""
    if key in (motion.PACE_KEY, motion.SOUND_KEY, ""):
        load(app)


def moved(st: AppState, s: Session) -> None:
    """The motion and sounds of the move just played on screen (its ``Turn``)."""
    if not s.turns:
        return
    turn = s.turns[-1]
    computer = not s.is_human(turn.player)
    after = motion.pagoda_spots(s.game.board)
    cues = motion.cues(turn.move, turn.events, turn.pagodas_before, after,
                       seat=turn.player if computer else None, pace=st.senses.pace)
    your_turn = computer and not s.over and s.is_human(s.to_move)
    sounds = motion.sounds(turn.move, turn.events, your_turn=your_turn,
                           over=s.over) if st.senses.sound else ()
    st.game.moved = motion.Moved(st.token(), cues, sounds)
