"""Replaying a recorded game move by move (no DOM here).

    r = Replay(record, colours)  # a qin-game/1 record (dict or JSON text), the seats' colours
    r.step(); r.back(); r.jump(12); r.start(); r.end()
    r.game                       # the game after ``r.cursor`` moves
    r.playing = True; r.tick()   # autoplay: one move per tick, stops at the end

``log`` holds every move's number, player, code and events, so the page shows the whole
log with ``cursor`` marking where the board is; players read a move as its first event
("White places a blue tile on c6 and c7"), never as its code.  A step's events are put
in words when drawn, in the page's language at that moment (a language chosen while the
replay shows words them anew), and kept until the language changes again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import qin
from qin import records

from . import i18n
from .i18n import t
from .wording import describe, move_words, winners_words


@dataclass(frozen=True)
class Step:
    number: int
    player: int
    move: str
    events: tuple[qin.Event, ...]
    names: tuple[str, ...]
    """The players' names the events say (the record's)."""
    colours: tuple[str, ...] = ()
    """The seats' pagoda colours (a seat named after its colour: ``i18n.player_names``)."""
    worded: dict[int, tuple[str, ...]] = field(default_factory=dict, compare=False,
                                               repr=False)
    """``lines`` by the language's ``i18n.generation`` (the last one only)."""

    @property
    def lines(self) -> tuple[str, ...]:
        """The move's events in words, one line each, in the page's language."""
        generation = i18n.generation()
        kept = self.worded.get(generation)
        if kept is None:
            names = i18n.player_names(self.names, self.colours)
            kept = tuple(describe(e, names) for e in self.events)
            self.worded.clear()
            self.worded[generation] = kept
        return kept

    @property
    def said(self) -> str:
        """The move in words, with its player: its first event's line."""
        return self.lines[0] if self.lines else move_words(self.move)


class Replay:
    """A cursor over a finished (or unfinished) game's moves."""

    def __init__(self, record: str | bytes | Mapping[str, Any],
                 colours: Sequence[str] = ()) -> None:
        """``colours``: the seats' pagoda colours (``shown_names``)."""
        full, played = records.replay(record)
        self.record = records.record_of(full)
        names, self.colours = tuple(full.names), tuple(colours)
        self.log = [Step(i, player, text, tuple(events), names, self.colours)
                    for i, (text, player, events) in enumerate(played, start=1)]
        self.final = full
        self.game = records.load({**self.record, "moves": []})
        self.cursor = 0
        self.playing = False
        self.stepped: tuple[qin.Event, ...] | None = None
        """The events of the move the last ``step`` played (``None``: the last change of
        the cursor was no single step on)."""

    def shown_names(self) -> list[str]:
        """The players' names as the page shows them now (``i18n.player_names``)."""
        return i18n.player_names(self.final.names, self.colours)

    @property
    def length(self) -> int:
        return len(self.log)

    @property
    def at_end(self) -> bool:
        return self.cursor >= self.length

    def jump(self, to: int) -> int:
        """Put the board after move ``to`` (clamped to 0 ... length); returns the cursor."""
        to = max(0, min(self.length, int(to)))
        self.stepped = None
        if to < self.cursor:  # back: from the first position (an undo replays it anyway)
            self.game = records.load({**self.record, "moves": []})
            self.cursor = 0
        while self.cursor < to:
            self.game.play(self.log[self.cursor].move)
            self.cursor += 1
        return self.cursor

    def step(self) -> int:
        """One move on; its events are ``stepped`` (none at the end)."""
        if self.at_end:
            self.stepped = None
            return self.cursor
        events = self.game.play(self.log[self.cursor].move)
        self.cursor += 1
        self.stepped = tuple(events)
        return self.cursor

    def back(self) -> int:
        """The replay one move back (its autoplay stops)."""
        self.playing = False
        return self.jump(self.cursor - 1)

    def start(self) -> int:
        """The replay before its first move (its autoplay stops)."""
        self.playing = False
        return self.jump(0)

    def end(self) -> int:
        """The replay after its last move (its autoplay stops)."""
        self.playing = False
        return self.jump(self.length)

    def toggle(self) -> bool:
        """Start or stop autoplay (from the beginning when at the end)."""
        if not self.playing and self.at_end:
            self.jump(0)
        self.playing = not self.playing and not self.at_end
        return self.playing

    def tick(self) -> bool:
        """One autoplay step; returns whether autoplay goes on."""
        if not self.playing:
            return False
        self.step()
        if self.at_end:
            self.playing = False
        return self.playing

    @property
    def last_squares(self) -> tuple[str, ...]:
        if self.cursor == 0:
            return ()
        move = self.log[self.cursor - 1].move
        return () if move == "pass" else qin.Move.parse(move).squares

    def status(self, names: Sequence[str]) -> str:
        """The status line over the position shown (``names``: the seats' names as the
        page says them): the start and whose move it is, then whose move, and the result
        only once the board shows the game's end."""
        game = self.game
        if game.is_over:
            return t("status.over", result=winners_words(game.winners, names))
        who = names[game.to_move - 1]
        if self.cursor == 0:
            return t("status.replay.start", who=who)
        return t("ui.to_move", who=who)

    def caption(self) -> str:
        if self.cursor == 0:
            return t("replay.start", total=self.length)
        return t("replay.move", n=self.cursor, total=self.length,
                 what=self.log[self.cursor - 1].said)
