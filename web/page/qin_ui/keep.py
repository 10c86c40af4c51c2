"""Between a ``Session`` on screen and a saved game (no DOM here).

``snapshot`` is what a save holds about the screen (seat types, colours, who is at the
screen, whether the cover is up, whether hints are offered; ``hints``, the hints asked
per seat, go into the record): the ``ui`` of ``SaveStore.create``/``write``.
``restore`` builds the same ``Session`` back from ``SaveStore.open(id).saved``, its log
included, so a game resumes exactly where it was left, cover and all; it replays the
game once, each move played through the ``Session`` (``open`` replays nothing).
"""

from __future__ import annotations

from typing import Any

import qin

from . import players
from .i18n import words
from .saves import SavedGame, SaveError
from .session import Session
from .setup import COLOURS, DEFAULT_COLOURS, Seat, Settings, colour_label


def settings_for(record: dict[str, Any], kinds: list[str], colours: list[str],
                 hints_on: bool = True) -> Settings:
    """The start-screen settings a record was played with (``SaveError`` if unusable);
    the seats of a record given no names ("Player 1", ...: ``qin.inputs.default_names``)
    are named after their colours, as a first visit's (a next game keeps no English
    "Player N" as its players' own names)."""
    names = record["names"]
    for colour in colours:
        if colour not in COLOURS:
            raise SaveError(words("saves.error.colour", colour=colour[:40]))
    for kind in kinds:
        if kind not in players.KINDS:
            raise SaveError(words("saves.error.kind", kind=kind[:40]))
    if names == qin.inputs.default_names(len(names)):
        names = [colour_label(colour) for colour in colours]
    seats = tuple(Seat(n, c, k) for n, c, k in zip(names, colours, kinds, strict=True))
    return Settings(seats, record["board"], bool(record["fair_start"]), record["seed"],
                    hints_on)


def default_colours(count: int) -> list[str]:
    return list(DEFAULT_COLOURS[:count])


def snapshot(session: Session) -> dict[str, Any]:
    """The screen's state for ``SaveStore.create``/``write`` (``ui``); also the keyword
    arguments of the previous page's ``SaveStore.save_game``."""
    return {"kinds": [s.kind for s in session.settings.seats],
            "colours": list(session.settings.colours),
            "at_screen": session.at_screen, "cover": session.covered,
            "hints_on": session.settings.hints, "hints": list(session.hints)}


def session_for(record: dict[str, Any], kinds: list[str], colours: list[str],
                at_screen: int | None = None, hints_on: bool = True) -> Session:
    """A ``Session`` of the game ``record`` with its moves replayed through it (so the
    log is there) and its hints per seat; ``at_screen`` as saved (``None``: the player
    to move)."""
    settings = settings_for(record, kinds, colours, hints_on)
    try:
        start = qin.Game.from_record({**record, "moves": []})
        session = Session(settings, start)
        for text in record["moves"]:
            session.play(qin.Move.parse(text))
    except (qin.QinError, ValueError) as exc:
        raise SaveError(words("saves.error.setup", error=exc)) from None
    session.at_screen = session.to_move if at_screen is None else at_screen
    session.notice = None
    session.take_changes()  # set up again: nothing changed since it was kept
    hints = record.get("hints")
    if isinstance(hints, list) and len(hints) == session.game.players:
        session.hints = [int(h) for h in hints]
    return session


def restore(saved: SavedGame) -> Session:
    """The session a save describes, with the cover up exactly when it was (the game
    replayed once, through the session); ``SaveError`` for moves that do not replay."""
    session = session_for(saved.record, saved.kinds, saved.colours, saved.at_screen,
                          saved.hints_on)
    if saved.cover != session.covered:  # the saved flag wins (e.g. saved mid-handover)
        if saved.cover and len(session.humans()) >= 2 and not session.over:
            session.at_screen = 0
        elif not saved.cover:
            session.at_screen = session.to_move
    return session


def link_session(record: dict[str, Any]) -> Session:
    """A game opened from a link: its seats as the link says (a computer at its level; a
    link without seats: every seat human), default colours, no cover."""
    count = record["players"]
    kinds = record.get("seats") or ["human"] * count
    return session_for(record, list(kinds), default_colours(count))
