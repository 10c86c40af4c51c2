"""Events: what a move did, step by step, in the order it happened."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

KINDS = (
    "place",  # the tile went down: player, squares (first half first), colours
    "found",  # Q11: player founds a province: squares, colour, size
    "expand",  # Q11a: the owner's province grows: player (owner), squares, colour, size
    "absorb",  # Q12/Q13: player (new owner) joins provinces: squares, colour, size, losers,
    #            count (the other players' provinces absorbed), by (who laid the tile)
    "return",  # Q12/Q15: pagodas go back to player's supply: squares, count
    "major",  # Q14: player (owner) adds a second pagoda: squares, colour, size
    "village",  # Q15: player takes the village: squares [village], from_player (0 = empty)
    "pass",  # Q10: player passes
    "win",  # Q16: player placed their last pagoda and wins at once
    "end",  # Q18: nobody can place; winners by pagodas on the board
)


class Event:
    """One thing that happened; ``kind`` is one of ``KINDS``.

    ``player`` is the player it concerns (1-based; ``None`` for ``end``),
    ``squares`` the square names involved (a province's squares in reading order),
    ``by`` the player who laid the tile when that is not obvious (``absorb``).
    """

    __slots__ = ("kind", "player", "squares", "colour", "size", "count", "from_player",
                 "winners", "losers", "by")

    def __init__(
        self,
        kind: str,
        player: int | None,
        squares: tuple[str, ...] = (),
        *,
        colour: str | None = None,
        size: int | None = None,
        count: int | None = None,
        from_player: int | None = None,
        winners: tuple[int, ...] | None = None,
        losers: tuple[int, ...] | None = None,
        by: int | None = None,
    ) -> None:
        self.kind = kind
        self.player = player
        self.squares = squares
        self.colour = colour
        self.size = size
        self.count = count
        self.from_player = from_player
        self.winners = winners
        self.losers = losers
        self.by = by

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``kind``, ``player``, ``squares`` and whichever extras apply."""
        out: dict[str, Any] = {"kind": self.kind, "player": self.player,
                               "squares": list(self.squares)}
        for key in ("colour", "size", "count", "from_player"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.winners is not None:
            out["winners"] = list(self.winners)
        if self.losers is not None:
            out["losers"] = list(self.losers)
        if self.by is not None:
            out["by"] = self.by
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        """The event ``to_dict`` gave (``Event.from_dict(e.to_dict()) == e``)."""
        def seats(key: str) -> tuple[int, ...] | None:
            value = data.get(key)
            return None if value is None else tuple(int(p) for p in value)

        def number(key: str) -> int | None:
            value = data.get(key)
            return None if value is None else int(value)

        player = data.get("player")
        colour = data.get("colour")
        return cls(str(data["kind"]), None if player is None else int(player),
                   tuple(str(s) for s in data.get("squares") or ()),
                   colour=None if colour is None else str(colour), size=number("size"),
                   count=number("count"), from_player=number("from_player"),
                   winners=seats("winners"), losers=seats("losers"), by=number("by"))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Event):
            return self.to_dict() == other.to_dict()
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Event({self.to_dict()!r})"
