"""The board's motion and sound on the page: the header's two settings (kept in the
browser) and each move's cues, handed to the shell with the screen (``motion``)."""

from __future__ import annotations

import contextlib

from . import motion
from .actions import Command, Effect
from .core import Core
from .replay import Replay
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


def kept_at_once() -> dict[str, dict[str, list[list[str]]]]:
    """What the shell writes the moment the player changes a setting (a reload in the next
    instant, before the change's reply, keeps it): by the element's id, the storage writes
    of ``pace`` for each value of ``#motion`` and of ``sound`` for a click on ``#sound``,
    by its ``aria-pressed`` before the click (the reply writes the same)."""
    return {"motion": {p: [[motion.PACE_KEY, p]] for p in motion.PACES},
            "sound": {"false": [[motion.SOUND_KEY, "on"]], "true": [[motion.SOUND_KEY, "off"]]}}


def stored_elsewhere(app: Core, key: str) -> None:
    """Another tab changed a setting (or cleared the storage): this one follows."""
    if key in (motion.PACE_KEY, motion.SOUND_KEY, ""):
        load(app)


def moved(st: AppState, s: Session) -> None:
    """The motion and sounds of the move just played on screen (its ``Turn``).  A move
    that puts up a dialog over the board (the hand-over cover in a hot seat game, the
    result after the game's last move) sounds now and moves when that dialog goes (the
    next player lifts the cover; the player closes the result to look at the board):
    under a dialog the board is blurred, nobody sees the motion, and a browser drawing
    without a graphics card blurs the whole page again at every frame of it
    (bench/README.md)."""
    st.game.held = None
    now = turn_motion(st, s)
    hidden = s.covered or (s.over and st.game.result_open)
    if now is not None and hidden and now.cues:
        st.game.held = (s.turns[-1], motion.uncovered(now.cues))
        now = motion.Moved(now.token, (), now.sounds)
    st.game.moved = now or st.game.moved


def lifted(st: AppState, s: Session) -> None:
    """The dialog over the board went (the next player lifted the hand-over cover, the
    player closed the result): the move held under it moves now, on the board already
    shown (no sound: it sounded when it was played)."""
    held, st.game.held = st.game.held, None
    if held is not None and s.turns and s.turns[-1] is held[0] and held[1]:
        st.game.moved = motion.Moved(st.token(), held[1], (), shown=True)


def lesson_moved(st: AppState, s: Session) -> None:
    """The tutorial's move the board shows (a step done): moves as in a game."""
    st.tutorial.moved = turn_motion(st, s)


def turn_motion(st: AppState, s: Session) -> motion.Moved | None:
    """The motion and sounds of the last move of ``s`` (its ``Turn``): a computer's
    tile travels from its seat, a human's settles."""
    if not s.turns:
        return None
    turn = s.turns[-1]
    computer = not s.is_human(turn.player)
    after = motion.pagoda_spots(s.game.board)
    cues = motion.cues(turn.move, turn.events, turn.pagodas_before, after,
                       seat=turn.player if computer else None, pace=st.senses.pace)
    your_turn = computer and not s.over and s.is_human(s.to_move)
    sounds = motion.sounds(turn.move, turn.events, your_turn=your_turn,
                           over=s.over) if st.senses.sound else ()
    return motion.Moved(st.token(), cues, sounds)


def replay_stepped(st: AppState, r: Replay, before: frozenset[motion.Spot]) -> None:
    """A replay's step on (``before``: its pagodas before the step): the move moves as
    it did in the game (a computer's tile from its seat), without sound (a replay is
    looked at; its steps are not turns)."""
    s = st.game.session
    if r.stepped is None or r.cursor == 0 or s is None:
        st.game.replay_moved = None
        return
    step = r.log[r.cursor - 1]
    seat = None if s.is_human(step.player) else step.player
    cues = motion.cues(step.move, r.stepped, before, motion.pagoda_spots(r.game.board),
                       seat=seat, pace=st.senses.pace)
    st.game.replay_moved = motion.Moved(st.token(), cues, ())
