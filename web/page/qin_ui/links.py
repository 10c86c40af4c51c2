"""Play by link: a game's record in the page's URL fragment, ``#g=<code>`` (no DOM here).

``qin.records.to_url`` packs the record; the fragment is never sent to a server.  In a
correspondence game the player to move opens the link, makes a move, and shares the new
link.  The hands are in the link: nothing is hidden from whoever opens it.

A review link is a game link with the review asked after the code:
``#g=<code>&review=<n>`` opens the game's review at move ``n`` (``#g=<code>&review``:
the review, no move chosen).  ``review_asked`` reads that part; a link without it opens
as before, and a part that cannot be read is said (``ReviewAsk.problem``) while the game
opens all the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import qin
from qin import records
from qin.errors import QinError

from . import i18n
from .gamerecord import Recorder, SaveError
from .i18n import EngineReason, WordedError, Words, t, words
from .setup import DEFAULT_COLOURS

KEY: Final = "g="
WARNING_KEY: Final = "link.warning"
"""The note shown with a link game (``warning()``)."""
MAX_FRAGMENT: Final = 8000
REVIEW: Final = "review"
"""The name of a game link's review part (``&review=<n>``)."""
MAX_REVIEW_DIGITS: Final = 3
"""A move number has at most 3 digits (``record_format.MAX_MOVES`` is 400)."""


def warning() -> str:
    """Play by link hides nothing: the note the page shows, in its language."""
    return t(WARNING_KEY)


class LinkError(WordedError):
    """A link or fragment that holds no readable game; the message says why, as a
    clause the page's sentences put after a colon (no full stop of its own)."""

    def __str__(self) -> str:
        return super().__str__().rstrip(". ")


def fragment(recorder: Recorder, kinds: Sequence[str] = ()) -> str:
    """``"#g=<code>"`` for the game whose record ``recorder`` writes (the page's:
    ``Session.record``, so a link game's address follows every move from the record its
    save was written from), with who plays each seat (``kinds``: "human" or a computer
    level) when a computer does; ``LinkError`` for a game a link cannot hold."""
    return _code(_linked(recorder, kinds))


def _linked(recorder: Recorder, kinds: Sequence[str]) -> dict[str, Any]:
    """``recorder``'s record, checked, with ``kinds`` when a computer plays a seat."""
    try:
        record = recorder()
        if any(kind != "human" for kind in kinds):
            record["seats"] = list(kinds)
        return records.checked(record)
    except (QinError, SaveError) as exc:
        raise LinkError(words("link.error.share", error=exc)) from None


def _code(record: dict[str, Any]) -> str:
    """``"#g=<code>"`` for a checked ``record``."""
    try:
        return "#" + KEY + records.link_code(record)
    except QinError as exc:
        raise LinkError(words("link.error.share", error=exc)) from None


def link(base: str, recorder: Recorder, kinds: Sequence[str] = ()) -> str:
    """The page's address ``base`` (any fragment dropped) with the game of ``recorder``'s
    record in it (and who plays each seat: ``fragment``)."""
    return base.split("#", 1)[0] + fragment(recorder, kinds)


def review_fragment(recorder: Recorder, kinds: Sequence[str] = (), at: int | None = None
                    ) -> str:
    """``fragment`` (of ``recorder``'s record, as there) with the review asked:
    ``"#g=<code>&review=<at>"`` (no ``=<at>`` when no move is chosen)."""
    record = _linked(recorder, kinds)
    if at is not None and not 0 < at <= len(record["moves"]):
        raise LinkError(words("link.error.share", error=at))
    part = REVIEW if at is None else f"{REVIEW}={at}"
    return _code(record) + "&" + part


def review_link(base: str, recorder: Recorder, kinds: Sequence[str] = (),
                at: int | None = None) -> str:
    """The page's address ``base`` with the game of ``recorder``'s record and its review
    at move ``at`` in it (``review_fragment``)."""
    return base.split("#", 1)[0] + review_fragment(recorder, kinds, at)


@dataclass(frozen=True)
class ReviewAsk:
    """What a link's review part asks: ``wanted`` (the review is asked), ``at`` (the
    move to show, 1 for the first; ``None``: none chosen), ``problem`` (why the part
    was not read, as ``Words``; "" when it was, or when there is none)."""

    wanted: bool = False
    at: int | None = None
    problem: Words | str = ""


def game_part(text: str) -> str:
    """A link or fragment without its review part (what holds the game)."""
    head, sep, _ = text.rpartition("#")
    return head + sep + text[len(head) + len(sep):].split("&", 1)[0]


def review_asked(text: object, moves: int) -> ReviewAsk:
    """The review part of a game link (``#g=<code>&review=<n>``) for a game of ``moves``
    moves: nothing asked when there is none; a part that is not exactly one
    ``review`` or ``review=<n>`` with ``n`` a move of the game is a ``problem``."""
    if not isinstance(text, str):
        return ReviewAsk()
    tail = text.strip().rsplit("#", 1)[-1]
    if "&" not in tail:
        return ReviewAsk()  # a link as before: the game only
    rest = tail.split("&", 1)[1]
    name, has_value, value = rest.partition("=")
    if name != REVIEW:
        return ReviewAsk(problem=words("link.review.unknown"))
    if not has_value:
        return ReviewAsk(wanted=True)
    if not (value.isascii() and value.isdigit()) or len(value) > MAX_REVIEW_DIGITS:
        return ReviewAsk(problem=words("link.review.damaged"))
    at = int(value)
    if not 0 < at <= moves:
        return ReviewAsk(problem=words("link.review.beyond", n=at, count=moves))
    return ReviewAsk(wanted=True, at=at)


def has_game(hash_text: object) -> bool:
    """Whether a location hash (``location.hash``) is meant to hold a game."""
    return isinstance(hash_text, str) and hash_text.lstrip("#").startswith(KEY)


def read_link(text: object) -> tuple[qin.Game, dict[str, Any]]:
    """A link, a fragment (``#g=...``) or a bare code -> (game, record).

    Raises ``LinkError`` with a message for anything malformed, cut off, damaged, of
    an unknown version, or holding moves that cannot be played."""
    if not isinstance(text, str):
        raise LinkError(words("link.error.text"))
    text = text.strip()
    if len(text) > MAX_FRAGMENT:
        raise LinkError(words("link.error.long"))
    code = game_part(text).rsplit("#", 1)[-1]
    code = code.removeprefix(KEY)
    if not code:
        raise LinkError(words("link.error.empty"))
    try:
        record = records.record_from_url(code)
        game = _replayed(record)
    except LinkError:
        raise
    except qin.RecordError as exc:  # the engine says what is wrong, in codes and values
        raise LinkError(EngineReason(exc)) from None
    except QinError as exc:  # pragma: no cover - a record's refusals are RecordErrors
        raise LinkError(str(exc)) from None
    except (ValueError, RecursionError):  # pragma: no cover - the limits above come first
        raise LinkError(words("link.error.damaged")) from None
    return game, record


@dataclass(frozen=True)
class Refused:
    """Why a link's move was refused, worded when shown, never naming a seat's hidden
    tiles (a tile not in hand is said without the hand the engine's sentence lists).
    The seats, ``names`` (the record's), are named as the page shows them
    (``i18n.player_names``: a seat named after its pagoda colour, ``colours``, by that
    colour in the page's language)."""

    refused: qin.IllegalMove
    names: tuple[str, ...]
    colours: tuple[str, ...]

    def text(self) -> str:
        refused = self.refused
        names = i18n.player_names(self.names, self.colours)
        if refused.code == "not_in_hand":
            return t("link.error.not_held", who=names[int(refused.params["player"]) - 1])
        return i18n.refusal(refused, names)


def _replayed(record: dict[str, Any]) -> qin.Game:
    """The game of a link's record, its moves played one by one: a move the engine
    refuses is a ``LinkError`` that says its number and why in words (never its code)."""
    game = qin.Game.from_record({**record, "moves": []})
    for number, text in enumerate(record["moves"], start=1):
        try:
            game.play(text)
        except qin.IllegalMove as exc:
            reason = Refused(exc, tuple(game.names), DEFAULT_COLOURS[:game.players])
            raise LinkError(words("link.error.move", number=number, reason=reason)) from None
    return game
