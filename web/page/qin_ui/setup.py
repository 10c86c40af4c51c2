"""The start screen's choices: 2 to 4 seats (name, pagoda colour, human or computer),
the board side, the fair-start variant (Q20), an optional seed, and whether the Hint
button is offered in the game."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import qin
from qin.inputs import is_name_text
from qin.messages import is_colour_name
from qin.svg import PAGODA_COLOURS

from . import i18n, players
from .i18n import Joined, WordedError, Words, t, words

COLOURS: tuple[str, ...] = tuple(PAGODA_COLOURS)
"""Pagoda colours on offer (none of them red, yellow or blue)."""
DEFAULT_COLOURS = ("green", "white", "purple", "black")
BOARDS = (("bird", "Bird"), ("lion", "Lion"))
"""The board sides: key and English name (``board_label``: in the page's language)."""
MAX_NAME = 20
MAX_SEATS = 4
"""The most seats a table has (Qin is for 2 to 4 players)."""
MAX_SEED = 2**63 - 1


def colour_label(colour: str) -> str:
    """A pagoda colour's name in the page's language ("Green"; the default seat name)."""
    return i18n.pagoda_colour(colour)


def board_label(board: str) -> str:
    """A board side's name in the page's language ("Bird")."""
    return t(f"board.{board}") if i18n.has(f"board.{board}") else board.capitalize()


def named_by_colour(seat: Seat) -> bool:
    """The seat is named after its pagoda colour, in any language the page speaks
    ("White", "Weiß", "Blanc": ``qin.messages.is_colour_name``): its name follows its
    colour and the page's language; the name a player typed stays as typed."""
    return is_colour_name(seat.name, seat.colour)


def renamed(settings: Settings) -> Settings:
    """``settings`` in the page's language (after a change of language; a game's seats
    brought to the start screen): a seat named after its colour (``named_by_colour``)
    takes its colour's name in it."""
    seats = tuple(replace(seat, name=colour_label(seat.colour))
                  if named_by_colour(seat) else seat for seat in settings.seats)
    return replace(settings, seats=seats)


@dataclass(frozen=True)
class Seat:
    name: str
    colour: str
    kind: str = "human"


@dataclass(frozen=True)
class Settings:
    seats: tuple[Seat, ...] = field(default_factory=lambda: default_seats(2))
    board: str = "bird"
    fair_start: bool = False
    seed: int | None = None
    hints: bool = True
    """The Hint button (and its key) is offered in this game."""

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def colours(self) -> list[str]:
        return [s.colour for s in self.seats]


def default_seats(count: int) -> tuple[Seat, ...]:
    return tuple(Seat(colour_label(c), c) for c in DEFAULT_COLOURS[:count])


OPENING_LEVEL = "apprentice"
"""The computer level a first visit plays against (most first games are against the
computer; a seat's player type makes it a hot-seat game in one choice)."""


def opening_seats(count: int) -> tuple[Seat, ...]:
    """A first visit's seats: the first a human, the others the computer at
    ``OPENING_LEVEL``."""
    return tuple(seat if i == 0 else replace(seat, kind=OPENING_LEVEL)
                 for i, seat in enumerate(default_seats(count)))


def opening() -> Settings:
    """The start screen's choices on a first visit: one human against the computer."""
    return Settings(seats=opening_seats(2))


def with_players(settings: Settings, count: int) -> Settings:
    """``settings`` with ``count`` seats: extra seats get unused colours (and those as
    names) and the last seat's player type; dropped seats are forgotten."""
    if count not in (2, 3, 4):
        raise ValueError(f"Qin is for 2 to 4 players, not {count}")
    seats = list(settings.seats[:count])
    for colour in DEFAULT_COLOURS + COLOURS:
        if len(seats) >= count:
            break
        if colour not in {s.colour for s in seats}:
            seats.append(Seat(colour_label(colour), colour, seats[-1].kind if seats else "human"))
    return replace(settings, seats=tuple(seats))


def with_colour(settings: Settings, index: int, colour: str) -> Settings:
    """Seat ``index`` takes ``colour``; a seat that had it gets the old colour instead
    (colours stay distinct).  A name that was just a colour's name follows the colour."""
    if colour not in PAGODA_COLOURS:
        raise ValueError(f"'{colour}' is not one of the pagoda colours ({', '.join(COLOURS)})")
    seats = list(settings.seats)
    old = seats[index].colour
    if old == colour:
        return settings

    def recolour(seat: Seat, new: str) -> Seat:
        name = colour_label(new) if named_by_colour(seat) else seat.name
        return replace(seat, colour=new, name=name)

    for i, seat in enumerate(seats):
        if i != index and seat.colour == colour:
            seats[i] = recolour(seat, old)
    seats[index] = recolour(seats[index], colour)
    return replace(settings, seats=tuple(seats))


def parse_seed(text: str) -> int | None:
    """The seed field: blank for a random deal, else a whole number from 0 to
    ``MAX_SEED`` written in decimal digits (any script's: "٣" is 3); anything else
    ("²", "-1", "1e3") is refused in words that say what a seed is."""
    text = text.strip()
    if not text:
        return None
    if not text.isdecimal() or int(text) > MAX_SEED:
        raise WordedError(words("setup.bad_seed", text=text, max=MAX_SEED))
    return int(text)


def problems(settings: Settings) -> list[Words]:
    """What stops a game from starting with these settings ([] when nothing)."""
    out: list[Words] = []
    if settings.players not in (2, 3, 4):
        out.append(words("setup.problem.players"))
    names = [s.name.strip() for s in settings.seats]
    for i, name in enumerate(names, 1):
        if not name:
            out.append(words("setup.problem.no_name", n=i))
        elif len(name) > MAX_NAME:
            out.append(words("setup.problem.long_name", n=i, max=MAX_NAME))
        elif not is_name_text(name):
            out.append(words("setup.problem.name_text", n=i))
    filled = [n.casefold() for n in names if n]
    if len(set(filled)) != len(filled):
        out.append(words("setup.problem.same_name"))
    colours = [s.colour for s in settings.seats]
    if len(set(colours)) != len(colours):
        out.append(words("setup.problem.same_colour"))
    for s in settings.seats:
        if s.colour not in PAGODA_COLOURS:
            out.append(words("setup.problem.colour", colour=s.colour))
        if s.kind not in players.KINDS:
            out.append(words("setup.problem.kind", kind=s.kind))
    if settings.board not in {key for key, _ in BOARDS}:
        out.append(words("setup.problem.board", board=settings.board))
    return out


def new_game(settings: Settings) -> qin.Game:
    """The game these settings describe (raises ``ValueError`` listing the problems)."""
    found = problems(settings)
    if found:
        raise WordedError(Joined(tuple(found)))
    return qin.Game.new(board=settings.board, players=settings.players, seed=settings.seed,
                        fair_start=settings.fair_start,
                        names=[s.name.strip() for s in settings.seats])
