"""What a move does, in one sentence from its events (the page's language; no DOM).

    what(events, mover, names)                     # "founds a red province of 2 and ..."
    sentence(subject, events, mover, names)        # "Anna's tile founds a red province of 2."

The review says this of the move played and of the better move, the hint of the move
it gives and of the next best; no square, move or code in it: the provinces by colour
and size, the pagodas by count, the players by name (``explain.*`` in the catalogue).
The tile's placement itself says nothing (every move places one); a move that only
places it says so (``explain.quiet``).
"""

from __future__ import annotations

from collections.abc import Sequence

import qin
from qin.messages import colour_word, join_list, player_name

from .i18n import messages, plural_key, t


def _whose(player: int | None, names: Sequence[str]) -> str:
    return t("player.possessive", name=player_name(player, names, messages()))


def clause(event: qin.Event, mover: int, names: Sequence[str]) -> str:
    """One event as a verb phrase whose subject is the move ("" for the placement)."""
    kind = event.kind
    who = player_name(event.player, names, messages())
    size = event.size if event.size is not None else len(event.squares)
    common = {"who": who, "whose": _whose(event.player, names), "size": size,
              "colour": colour_word(event.colour, "province", messages())}
    if kind in ("found", "expand", "major"):
        return t(f"explain.{kind}", **common)
    if kind == "absorb":
        if event.player != mover:
            return t("explain.absorb.other", **common)
        losers = [_whose(p, names) for p in (event.losers or ())]
        if not losers:
            return t("explain.join", **common)
        many = (event.count if event.count is not None else len(losers)) > 1
        return t("explain.absorb.many" if many else "explain.absorb.one", **common,
                 losers=join_list(losers, messages()))
    if kind == "return":
        count = event.count if event.count is not None else 1
        return t(plural_key("explain.return", count), **common, count=count)
    if kind == "village":
        if event.player != mover:
            return t("explain.village.other", **common)
        if event.from_player:
            return t("explain.village.from", **common,
                     **{"from": player_name(event.from_player, names, messages())})
        return t("explain.village.empty", **common)
    if kind == "win":
        return t("explain.win", **common)
    if kind == "end":
        return t("explain.end", **common)
    return ""  # "place" (every move places a tile) and "pass" (said as a sentence)


def what(events: Sequence[qin.Event], mover: int, names: Sequence[str]) -> str:
    """Everything the move does, joined into one phrase ("a, b and c")."""
    parts = [c for c in (clause(e, mover, names) for e in events) if c]
    return join_list(parts, messages()) if parts else t("explain.quiet")


def sentence(subject: str, events: Sequence[qin.Event], mover: int,
             names: Sequence[str]) -> str:
    """``subject`` (the tile, the better move) and what it does, as one sentence; a
    pass is "X can only pass."."""
    if any(e.kind == "pass" for e in events):
        return t("explain.pass", who=player_name(mover, names, messages()))
    return t("explain.sentence", subject=subject, what=what(events, mover, names))
