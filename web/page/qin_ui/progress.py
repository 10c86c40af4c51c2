"""The player's progress against the computer: per level and player count, games, wins
and the last results, kept in the browser beside the saved games (no DOM here).

What counts (``outcome``): a game with exactly one human seat and at least one
computer, counted once when it ends, under the strongest computer level at the table
and the game's player count.  Hot-seat games (two or more humans) and games of
computers only are not counted; neither is a game imported or opened already finished
(it did not end here).  A shared win counts as a win.  Each counted game is kept with
its id (the save it is kept in), so it counts once however it is reached again: a
reload, a second tab finishing the same save, an undo of the last move and another
finish (the first finish stands).

Stored under ``KEY`` as ``{"format": "qin-progress/1", "games": [{"id", "level",
"players", "result", "ended"}, ...]}`` (oldest first, at most ``MAX_GAMES``: the
oldest are dropped, totals included).  Text that cannot be read is moved aside to
``qin.progress.damaged.<ms>`` (nothing is lost), reported, and a new record starts.
The same text is the export file; an import adds the games it does not have yet.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from html import escape
from typing import Any, Final, Protocol

from .i18n import WordedError, Words, t, words
from .rating import rating_html

KEY: Final = "qin.progress"
NOT_SAVED: Final = "progress.not_saved"
"""The catalogue key of the note that a game could not be added to the record."""
DAMAGED: Final = "qin.progress.damaged."
FORMAT: Final = "qin-progress/1"
MAX_GAMES: Final = 1000
"""Games kept (about 80 bytes each): the oldest go first."""
LAST: Final = 5
"""How many of the last results the table shows per row."""
RESULTS: Final = ("won", "shared", "lost")
LEVEL_ORDER: Final = ("apprentice", "governor", "minister", "emperor", "heaven")
"""From the weakest to the strongest: ``qin.ai.LEVELS``' order, then the Son of Heaven
(counted and read even if the start screen stopped offering it, so a record from a
page that offers it stays readable here)."""


class ProgressError(WordedError):
    """Progress text that cannot be read; its note says why (``WordedError``)."""


class Storage(Protocol):
    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...


@dataclass(frozen=True)
class Counted:
    """One finished game against the computer."""

    id: str
    level: str
    players: int
    result: str  # "won" | "shared" | "lost"
    ended: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "level": self.level, "players": self.players,
                "result": self.result, "ended": self.ended}


@dataclass(frozen=True)
class Row:
    level: str
    players: int
    games: int
    wins: int
    last: tuple[str, ...]  # the last results, newest last


@dataclass
class Progress:
    games: list[Counted] = field(default_factory=list)

    def has(self, game_id: str) -> bool:
        return any(g.id == game_id for g in self.games)

    def rows(self) -> list[Row]:
        """Per (level, player count), weakest level first: games, wins, last results."""
        groups: dict[tuple[str, int], list[Counted]] = {}
        for g in self.games:
            groups.setdefault((g.level, g.players), []).append(g)

        def order(key: tuple[str, int]) -> tuple[int, str, int]:
            level, players = key
            rank = LEVEL_ORDER.index(level) if level in LEVEL_ORDER else len(LEVEL_ORDER)
            return rank, level, players

        return [Row(level, players, len(gs), sum(g.result != "lost" for g in gs),
                    tuple(g.result for g in gs[-LAST:]))
                for (level, players), gs in sorted(groups.items(), key=lambda i: order(i[0]))]

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "games": [g.to_dict() for g in self.games]},
                          ensure_ascii=False)


# -- reading -------------------------------------------------------------------------------
def _counted(item: object, n: int) -> Counted:
    if not isinstance(item, dict):
        raise ProgressError(words("progress.error.game", n=n))
    game_id, level, players = item.get("id"), item.get("level"), item.get("players")
    result, ended = item.get("result"), item.get("ended", 0)
    if not isinstance(game_id, str) or not game_id or len(game_id) > 64:
        raise ProgressError(words("progress.error.id", n=n))
    if not isinstance(level, str) or level not in LEVEL_ORDER:
        raise ProgressError(words("progress.error.level", n=n, level=str(level)[:20]))
    if isinstance(players, bool) or players not in (2, 3, 4):
        raise ProgressError(words("progress.error.players", n=n, players=str(players)[:10]))
    if result not in RESULTS:
        raise ProgressError(words("progress.error.result", n=n, result=str(result)[:10]))
    if isinstance(ended, bool) or not isinstance(ended, int | float) \
            or not math.isfinite(ended):
        raise ProgressError(words("progress.error.ended", n=n))
    return Counted(game_id, level, players, str(result), float(ended))


def parse(text: object) -> Progress:
    """Progress text (stored or imported) -> ``Progress``; ``ProgressError`` says why not."""
    from .saves import SaveError, json_value

    try:
        data = json_value(text, words("progress.what"))
    except SaveError as exc:
        raise ProgressError(exc.note) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ProgressError(words("progress.error.format", format=FORMAT))
    games = data.get("games")
    if not isinstance(games, list):
        raise ProgressError(words("progress.error.games"))
    out: list[Counted] = []
    seen: set[str] = set()
    for n, item in enumerate(games[-MAX_GAMES:], start=1):
        game = _counted(item, n)
        if game.id not in seen:
            seen.add(game.id)
            out.append(game)
    return Progress(out)


def is_progress(text: str) -> bool:
    """Whether an imported file is a progress record (rather than a game)."""
    head = text.lstrip("\ufeff \t\r\n")[:200]
    return head.startswith("{") and f'"{FORMAT}"' in head


def load(storage: Storage, now: float | None = None) -> tuple[Progress, Words | None]:
    """The stored progress and what the player is told (``None`` when all is well).
    Damaged text is moved aside (never lost), and a new record starts."""
    try:
        text = storage.get(KEY)
    except Exception as exc:  # noqa: BLE001 - storage off: no progress shown
        return Progress(), words("progress.unreadable", error=exc)
    if text is None:
        return Progress(), None
    try:
        return parse(text), None
    except ProgressError as exc:
        aside = f"{DAMAGED}{int(now if now is not None else time.time() * 1000)}"
        try:
            storage.set(aside, text)
            storage.set(KEY, Progress().to_json())
        except Exception:  # noqa: BLE001 - it stays where it is
            return Progress(), words("progress.damaged", error=exc, where=KEY)
        return Progress(), words("progress.damaged", error=exc, where=aside)


def _write(storage: Storage, progress: Progress) -> None:
    progress.games = progress.games[-MAX_GAMES:]
    storage.set(KEY, progress.to_json())


def count(storage: Storage, game: Counted) -> tuple[Progress, Words | None]:
    """Add ``game`` unless a game of its id is there already (read afresh: another
    tab may have counted it).  Returns the progress and what the player is told
    (``None`` when fine)."""
    progress, problem = load(storage)
    if progress.has(game.id):
        return progress, problem
    progress.games.append(game)
    try:
        _write(storage, progress)
    except Exception as exc:  # noqa: BLE001 - storage full or off: said, not fatal
        return progress, words(NOT_SAVED, error=exc)
    return progress, problem


def merge(storage: Storage, text: str) -> tuple[Progress, int]:
    """Import a progress file: the games not counted here yet are added (by id, in the
    order they ended).  Returns the progress and how many games were added;
    ``ProgressError`` when the file cannot be read (nothing changes then)."""
    incoming = parse(text)
    progress, _ = load(storage)
    new = [g for g in incoming.games if not progress.has(g.id)]
    if new:
        progress.games = sorted(progress.games + new, key=lambda g: g.ended)
        try:
            _write(storage, progress)
        except Exception as exc:  # noqa: BLE001
            raise ProgressError(words("progress.not_saved", error=exc)) from None
    return progress, len(new)


# -- what counts -------------------------------------------------------------------------
def outcome(game_id: str, levels: list[str], winners: tuple[int, ...] | list[int],
            players: int, ended: float | None = None) -> Counted | None:
    """The counted result of a finished game whose seats are ``levels`` ("" for a
    human), or ``None`` when it does not count (not exactly one human, no computer)."""
    humans = [seat for seat, level in enumerate(levels, start=1) if not level]
    computers = [level for level in levels if level]
    if len(humans) != 1 or not computers or not winners:
        return None
    known = [lv for lv in computers if lv in LEVEL_ORDER]
    if not known:
        return None
    level = max(known, key=LEVEL_ORDER.index)
    human = humans[0]
    result = ("lost" if human not in winners else "won" if len(winners) == 1 else "shared")
    return Counted(game_id, level, players, result,
                   ended if ended is not None else time.time() * 1000)


# -- the start screen's table --------------------------------------------------------------
def table_html(progress: Progress, level_name: Any) -> str:
    """The start screen's table, under the player's rating and its chart (``rating``);
    ``level_name(key)`` names a level in the page's language.  A row per level and table
    size: the level with the table's size under its name, the wins out of the games, the
    last results (three columns: whole on the smallest phone in every language).  Empty
    progress: one sentence."""
    rows = progress.rows()
    if not rows:
        return f'<p class="progress-empty">{escape(t("progress.none"))}</p>'
    marks = {"won": t("progress.mark.won"), "shared": t("progress.mark.shared"),
             "lost": t("progress.mark.lost")}
    body = []
    for r in rows:
        last = " ".join(marks[x] for x in r.last)
        body.append(f'<tr data-level="{escape(r.level)}" data-players="{r.players}" '
                    f'data-games="{r.games}" data-wins="{r.wins}" '
                    f'data-last="{" ".join(r.last)}">'
                    f'<td><span class="progress-level">{escape(level_name(r.level))}</span>'
                    f'<span class="progress-size">'
                    f'{escape(t("progress.at_table", n=r.players))}</span></td>'
                    f'<td>{escape(t("progress.wins_of", wins=r.wins, games=r.games))}</td>'
                    f'<td class="last" title="{escape(t("progress.last_title"))}">'
                    f"{escape(last)}</td></tr>")
    head = "".join(f"<th>{escape(t(k))}</th>" for k in (
        "progress.level", "progress.wins", "progress.last"))
    return (rating_html(progress.games, level_name) +
            f'<table class="progress-table"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


def export_name(when: float | None = None) -> str:
    stamp = time.strftime("%Y-%m-%d", time.gmtime((when or time.time() * 1000) / 1000.0))
    return f"qin-progress-{stamp}.json"
