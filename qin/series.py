"""A series of games, scored by Q19: the lowest total of pagodas left over wins; ties share.

    s = Series()
    s.add(game_on_bird)            # a finished Game, or its qin-game/1 record
    s.add(game_on_lion)
    s.totals()   -> {"Green": 7, "White": 3}
    s.winners()  -> ["White"]
    Series.from_json(s.to_json())  # the same series

Players are told apart by name, so they may change seats between games (with the
default names "Player 1" ... that is the same as telling them apart by seat).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from .errors import RecordError
from .errors import SeriesError as SeriesError  # raised here; kept in qin.errors for the catalogue
from .game import Game
from .inputs import MAX_INPUT, decoded, parse_json, said, shown
from .records import check, load, record_of

FORMAT: Final = "qin-series/1"
MAX_TEXT: Final = 64 * MAX_INPUT
"""The longest series text read: 16 MB, thousands of full game records."""


@dataclass(frozen=True)
class SeriesGame:
    """One finished game of a series: who sat where and what each had left over."""

    names: tuple[str, ...]
    """The players' names in seat order."""
    left: tuple[int, ...]
    """Pagodas left in each seat's supply at the end (Q19)."""
    winners: tuple[int, ...]
    """The game's own winners (seats, 1-based)."""
    board: str | None = None
    record: dict[str, Any] | None = field(default=None, compare=False)
    """The game's ``qin-game/1`` record, when it has one (a dealt game)."""

    def left_by_name(self) -> dict[str, int]:
        return dict(zip(self.names, self.left, strict=True))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"board": self.board, "names": list(self.names),
                               "left": list(self.left), "winners": list(self.winners)}
        if self.record is not None:
            out["record"] = self.record
        return out


def _from_game(game: Game, record: dict[str, Any] | None = None) -> SeriesGame:
    """``game`` as one of a series; ``record``: its record when it was just replayed from
    it (``record_of`` would replay it once more to check it)."""
    if not game.is_over:
        who = game.names[game.to_move - 1]
        raise SeriesError("only a finished game can count in a series (Q19); "
                          f"this one is still going, {who} to move", "unfinished",
                          {"who": who})
    if record is None:
        try:
            record = record_of(game)
        except RecordError:
            record = None  # a game set up from a position: scored, but it cannot be replayed
    players = range(1, game.players + 1)
    return SeriesGame(tuple(game.names), tuple(game.supply(p) for p in players),
                      tuple(game.winners), game.board_name, record)


class Series:
    """Finished games and their Q19 totals (pagodas left over; lowest total wins)."""

    def __init__(self, names: Sequence[str] | None = None) -> None:
        self.names: list[str] | None = None
        if names is not None:
            self.names = self._checked_names(names)
        self.games: list[SeriesGame] = []

    @staticmethod
    def _checked_names(names: Sequence[str], game: int | None = None) -> list[str]:
        """``names`` as a list; ``SeriesError`` for the series' names, or those of its
        ``game`` (its number), that are not 2 to 4 different names."""
        what = "the series" if game is None else f"game {game}"
        where = {} if game is None else {"game": game}
        names = list(names)
        if not 2 <= len(names) <= 4 or not all(isinstance(n, str) and n for n in names):
            value = shown(names)
            raise SeriesError(f"{what} needs 2 to 4 player names, not {said(value)}",
                              "names" if game is None else "game_names_count",
                              {**where, "value": value,
                               "items": [shown(n, 40) for n in names[:6]]
                               + ([{"data": "…"}] if len(names) > 6 else [])})
        if len(set(names)) != len(names):
            raise SeriesError(f"{what} has two players called the same ({', '.join(names)}); "
                              "a series tells players apart by name",
                              "same_names" if game is None else "game_same_names",
                              {**where, "names": names})
        return names

    @property
    def players(self) -> list[str]:
        """The players' names (those of the series, or of its first game)."""
        return list(self.names or [])

    def add(self, game: Game | str | bytes | Mapping[str, Any]) -> SeriesGame:
        """Add a finished game (a ``Game`` or a ``qin-game/1`` record, which is replayed
        once).

        Raises ``SeriesError`` when the game is not finished or its players are not the
        series' players, ``RecordError`` for a record that does not replay."""
        if isinstance(game, Game):
            entry = _from_game(game)
        else:
            record = check(game)
            entry = _from_game(load(record), record)
        self._admit(entry)
        return entry

    def _admit(self, entry: SeriesGame) -> None:
        number = len(self.games) + 1
        names = self._checked_names(entry.names, number)
        if self.names is None:
            self.names = names
        elif sorted(names) != sorted(self.names):
            raise SeriesError(f"game {number} is played by {', '.join(names)}, "
                              f"but the series by {', '.join(self.names)}", "other_players",
                              {"game": number, "names": names, "players": list(self.names)})
        self.games.append(entry)

    # -- scoring (Q19) -----------------------------------------------------------------
    def totals(self) -> dict[str, int]:
        """Each player's total of pagodas left over, in the series' seat order."""
        return self.running()[-1] if self.games else {n: 0 for n in self.players}

    def running(self) -> list[dict[str, int]]:
        """The totals after each game, in order."""
        totals = {n: 0 for n in self.players}
        out = []
        for entry in self.games:
            for name, left in entry.left_by_name().items():
                totals[name] += left
            out.append(dict(totals))
        return out

    def winners(self) -> list[str]:
        """The player(s) with the lowest total (Q19); a tie shares; ``[]`` before any game."""
        if not self.games:
            return []
        totals = self.totals()
        low = min(totals.values())
        return [n for n, t in totals.items() if t == low]

    def standings(self) -> list[tuple[str, int]]:
        """(name, total) from the lowest total (best) up; equal totals in seat order."""
        return sorted(self.totals().items(), key=lambda item: item[1])

    # -- JSON --------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "players": self.players,
                "games": [g.to_dict() for g in self.games],
                "totals": self.totals(), "winners": self.winners()}

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Series:
        """Read ``to_dict``'s output.  Games with a record are replayed and scored again
        (the record, not the stored numbers, counts); ``totals`` and ``winners`` are
        recomputed.  Raises ``SeriesError`` (or ``RecordError`` for a bad record)."""
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            got = data.get("format") if isinstance(data, Mapping) else type(data).__name__
            value = shown(got)
            raise SeriesError(f"this is not a series (\"format\" should be \"{FORMAT}\", "
                              f"not {said(value)})", "not_series",
                              {"reads": FORMAT, "value": value})
        players = data.get("players")
        if players is not None and not isinstance(players, list):
            value = shown(players)
            raise SeriesError(f"\"players\" must be a list of 2 to 4 names, not "
                              f"{said(value)}", "players_list", {"value": value})
        series = cls(players if players else None)
        games = data.get("games", [])
        if not isinstance(games, list):
            raise SeriesError("\"games\" must be a list", "games_list")
        for number, item in enumerate(games, start=1):
            if not isinstance(item, Mapping):
                raise SeriesError(f"game {number} of the series is not an object",
                                  "game_object", {"game": number})
            if item.get("record") is not None:
                try:
                    series.add(item["record"])
                except RecordError as exc:
                    raise RecordError(f"game {number} of the series: {exc}", exc.code,
                                      {**exc.params, "series_game": number}) from None
                continue
            series._admit(_entry(item, number))
        return series

    @classmethod
    def from_json(cls, text: str | bytes) -> Series:
        """Read ``to_json``'s output; text larger than ``MAX_TEXT``, nested too deeply or
        with overlong numbers is refused before it is parsed (``SeriesError``)."""
        if isinstance(text, bytes | bytearray):
            text = decoded(text, "series", SeriesError, MAX_TEXT)
        return cls.from_dict(parse_json(text, "series", SeriesError, MAX_TEXT))


def _entry(item: Mapping[str, Any], number: int) -> SeriesGame:
    names, left, winners = item.get("names"), item.get("left"), item.get("winners", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SeriesError(f"game {number} of the series needs \"names\", a list of names",
                          "game_names", {"game": number})
    if (not isinstance(left, list) or len(left) != len(names)
            or not all(type(n) is int and n >= 0 for n in left)):
        raise SeriesError(f"game {number} of the series needs \"left\": one whole number "
                          "of pagodas left over per player", "game_left", {"game": number})
    if not isinstance(winners, list) or not all(
            type(p) is int and 1 <= p <= len(names) for p in winners):
        raise SeriesError(f"game {number} of the series has bad \"winners\" (seat numbers)",
                          "game_winners", {"game": number})
    board = item.get("board")
    return SeriesGame(tuple(names), tuple(left), tuple(winners),
                      board if isinstance(board, str) else None)
