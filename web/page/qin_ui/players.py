"""Who can sit in a seat.

A seat is played by a human at this screen or by a computer player.  The start
screen offers every registered kind, in registration order; adding a computer
level is one ``register`` call with a function that picks a move:

    register(PlayerKind("easy", "Computer (easy)", choose=lambda view: ...))

``choose`` gets the seat's view of the game (``game.view(seat)``: the other hands
hidden) and returns one of its legal moves.

The computer levels of ``qin.ai.LEVELS`` (Apprentice, Governor, Minister, Emperor) are
registered below, each with its description.  Their ``choose`` runs the level in this
process (CPython, tests); the page runs the same level in a worker instead
(``ai_bridge``: the same request and answer).

The Son of Heaven (``qin.ai.SON_OF_HEAVEN``, the learned level) is registered last, after
the Emperor, and offered on the start screen because ``OFFER_SON_OF_HEAVEN`` says so: it is
measured stronger than the Emperor (bench/README.md, "The learned level").  Switched off,
a saved game, an import or a link with it in a seat would still open and play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import qin

from . import i18n

if TYPE_CHECKING:
    from qin.ai import Level

Chooser = Callable[[qin.Game], qin.Move]


@dataclass(frozen=True)
class PlayerKind:
    key: str
    label: str
    choose: Chooser | None = None  # None: a human chooses at the screen
    description: str = ""  # one sentence for the start screen
    level: str = ""  # a qin.ai level key: the page asks its worker for this level's moves
    short: str = ""  # the name in "White (Minister) is thinking…" (default: the label)
    offered: bool = True  # in the start screen's choices (else only for games that have it)

    @property
    def human(self) -> bool:
        return self.choose is None

    @property
    def name(self) -> str:
        return self.short or self.label


OFFER_SON_OF_HEAVEN: Final = True
"""Whether the start screen offers the Son of Heaven as an opponent (the one switch: the
seats' choices, the tutorial's finish and the progress table follow it); on, as it is
measured stronger than the Emperor (bench/README.md, "The learned level")."""

HUMAN = PlayerKind("human", "Human")

KINDS: dict[str, PlayerKind] = {HUMAN.key: HUMAN}


def register(kind: PlayerKind) -> None:
    """Offer ``kind`` on the start screen (a later call with the same key replaces it)."""
    KINDS[kind.key] = kind


def kind(key: str) -> PlayerKind:
    """The registered kind ``key``; unknown keys are refused with a clear message."""
    try:
        return KINDS[key]
    except KeyError:
        known = ", ".join(KINDS)
        raise ValueError(f"unknown player type '{key}' (known: {known})") from None


def _level_text(kind: PlayerKind, field: str, english: str) -> str:
    """A level's name or description in the page's language: qin.ai's own words in
    English, the catalogue's ``ai.<level>.<field>`` in German and French."""
    key = f"ai.{kind.level}.{field}"
    if i18n.language() == "en" or not i18n.has(key):
        return english
    return i18n.t(key)


def name(kind: PlayerKind) -> str:
    """The short name in "White (Minister) is thinking…", in the page's language."""
    if kind.level:
        return _level_text(kind, "name", kind.name)
    return label(kind) if kind.key == HUMAN.key else kind.name


def label(kind: PlayerKind) -> str:
    """The start screen's name of a player type, in the page's language."""
    if kind.key == HUMAN.key:
        return i18n.t("kind.human")
    if kind.level and kind.label == f"Computer: {kind.short}":
        return i18n.t("kind.computer", name=name(kind))
    return kind.label


def description(kind: PlayerKind) -> str:
    """The start screen's sentence about a player type, in the page's language."""
    if not kind.description or not kind.level:
        return kind.description
    return _level_text(kind, "description", kind.description)


def _computer(level: str) -> Chooser:
    def choose(view: qin.Game) -> qin.Move:
        from .ai_bridge import answer, request_for  # qin.ai loads on first use

        return qin.Move.parse(answer(request_for(view, view.to_move, level)))

    return choose


def offered() -> list[PlayerKind]:
    """The kinds the start screen offers, in registration order."""
    return [k for k in KINDS.values() if k.offered]


def level_kind(lv: Level, offer: bool = True) -> PlayerKind:
    """The seat kind of a computer level."""
    return PlayerKind(lv.key, f"Computer: {lv.name}", _computer(lv.key),
                      description=lv.description, level=lv.key, short=lv.name,
                      offered=offer)


def register_levels(offer_son_of_heaven: bool = OFFER_SON_OF_HEAVEN) -> None:
    """Register the computer levels, weakest first, the Son of Heaven last (offered on
    the start screen or not)."""
    from qin.ai import LEVELS, SON_OF_HEAVEN

    for lv in LEVELS:
        register(level_kind(lv))
    register(level_kind(SON_OF_HEAVEN, offer_son_of_heaven))


register_levels()
