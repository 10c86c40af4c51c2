"""A game on screen, the table: the game and its seats, the picked tile, the square
under the pointer, the log (no DOM, no words: ``wording`` says all of it in the page's
language, ``views`` draws it).

Every action (``select``, ``rotate``, ``hover``, ``click``, ``pass_turn``, ``confirm``,
``undo``, ``computer_move``) returns the set of page parts it changed (``PARTS``),
so the page redraws only those; what it changed in the game is in ``changes``.  What
the pointer shows (``hover_state``: the ghost tile, its preview, the province or
village under it) is derived from the square under it, the tile and the game.

The tile being placed: the player picks a tile of their hand; its *orientation* says
where its second half lies from its first: right, down, left or up (clockwise; a
single-coloured tile has only the first two).  The hovered square is the first half's
square (the *anchor*); ``legal_squares`` lists the anchors where the picked tile fits
in its current orientation, so a click on any of them places it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import qin
from qin.board import VILLAGE
from qin.tiles import COLOURS

from . import i18n, players
from .gamerecord import record_of
from .motion import Spot, pagoda_spots
from .setup import Settings, new_game

GameChange = Literal["moved", "undone", "confirmed", "hint-counted"]
"""What an action changed in the game on screen (each one is saved): a move played, a
move taken back, the cover lifted, a hint counted for the player to move."""

PARTS = frozenset({"board", "overlay", "hand", "players", "status", "log", "info", "cover",
                   "result"})
EVERYTHING = PARTS
NOTHING: frozenset[str] = frozenset()

DIRECTIONS = ((1, 0), (0, 1), (-1, 0), (0, -1))
"""Where the second half lies from the first, by orientation: right, down, left, up."""
DIRECTION_NAMES = ("right", "down", "left", "up")


def orientations(kind: str) -> int:
    """How many distinct orientations a tile kind has (Q6): 2 single-coloured, 4 mixed."""
    return 2 if kind[0] == kind[1] else 4


def ghost_move(kind: str, orientation: int, anchor: tuple[int, int]) -> qin.Move:
    """The placement of a ``kind`` tile with its first half on ``anchor`` (column, row,
    0-based).  Its second half may lie off the board: such a move is not legal."""
    dx, dy = DIRECTIONS[orientation % 4]
    x, y = anchor
    return qin.Move((COLOURS.index(kind[0]), COLOURS.index(kind[1])),
                    ((x, y), (x + dx, y + dy)))


def anchor_of(move: qin.Move) -> tuple[tuple[int, int], int]:
    """The anchor square (column, row) and orientation under which ``move`` is the
    ghost of its kind: the inverse of ``ghost_move``."""
    ca, (a, b) = move.colours[0], move.coords
    kind = move.kind
    if kind[0] != kind[1]:
        first, second = (a, b) if COLOURS[ca] == kind[0] else (b, a)
    else:  # single-coloured: the upper or left half first, so the direction is right/down
        first, second = (a, b) if (a[1], a[0]) <= (b[1], b[0]) else (b, a)
    direction = (second[0] - first[0], second[1] - first[1])
    return first, DIRECTIONS.index(direction)


@dataclass(frozen=True)
class Pick:
    """What picking tile ``index`` of the hand shows: ``kind`` picked ("": put back) in
    ``orientation``, and the squares where a click places it (``legal``)."""

    index: int
    kind: str
    orientation: int
    legal: tuple[str, ...]


@dataclass
class Turn:
    """One move in the log: who, the move's text, and its events (in words:
    ``wording.turn_lines``)."""

    number: int
    player: int
    move: str
    events: list[qin.Event] = field(default_factory=list)
    names: Sequence[str] = ()
    pagodas_before: frozenset[Spot] = frozenset()  # where they stood (the board's motion)
    colours: Sequence[str] = ()
    """The seats' pagoda colours (``shown_names``)."""

    def shown_names(self) -> list[str]:
        """The players' names as the page shows them now (``i18n.player_names``)."""
        return i18n.player_names(self.names, self.colours)

    @property
    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]

    @property
    def squares(self) -> tuple[str, ...]:
        return () if self.move == "pass" else qin.Move.parse(self.move).squares


@dataclass
class Hover:
    """What the pointer is over, for the overlay and the info line (in words:
    ``wording.hover_info``): the ghost of the picked tile there (``ok``: it may go there,
    with what it would do), else the province or village there."""

    square: str | None = None
    ghost: qin.Move | None = None
    ok: bool = False
    preview: list[qin.Event] = field(default_factory=list)
    focus: tuple[str, ...] = ()
    focus_owner: int = 0
    tally: dict[int, int] | None = None  # a hovered village's pagodas per player
    village: bool = False  # a village is under the pointer
    colour: str = ""  # the colour letter of the province or lone tile half there
    province_size: int = 0  # the size of the province under the pointer (0: none)

    @property
    def refused(self) -> bool:
        """The picked tile cannot go here (``wording.why_not`` says why)."""
        return self.ghost is not None and not self.ok


@dataclass(frozen=True)
class Notice:
    """What the status line says instead of the turn's own words, until the next pick
    or move: a placement refused (``move``: the ghost, ``None`` off the board), a move
    taken back (``undone``, with the computers' ``replies``), or "pick a tile first"."""

    kind: Literal["refused", "undone", "pick-first"]
    move: qin.Move | None = None
    undone: str = ""
    replies: int = 0


class Session:
    """One game on screen, from the first move to the result."""

    def __init__(self, settings: Settings, game: qin.Game | None = None) -> None:
        self.settings = settings
        self.game = game if game is not None else new_game(settings)
        self.kinds = [players.kind(s.kind) for s in settings.seats]
        self.colours = settings.colours
        self.selected: int | None = None  # index into the visible hand
        self.orientation = 0
        self.pointed: str | None = None  # the square under the pointer or the cursor
        self._hover: tuple[tuple[object, ...], Hover] | None = None
        self._revision = 0  # raised by every change of the game (the hover follows)
        self.turns: list[Turn] = []
        self.last: tuple[str, ...] = ()
        self.notice: Notice | None = None
        humans = self.humans()
        self.at_screen = self.game.to_move if self.is_human(self.game.to_move) else (
            humans[0] if humans else 0)
        self._anchors: dict[tuple[str, int], dict[str, qin.Move]] | None = None
        self._previews: dict[str, list[qin.Event]] = {}
        self._picks: tuple[object, tuple[Pick, ...]] = (None, ())
        self.hints = [0] * self.game.players  # hints asked per seat (kept in the record)
        self.hint: qin.Move | None = None  # the hint shown as the ghost tile
        # the move the hint is compared with: the one the player was looking at
        # (``hint_considered``) or the next best
        self.hint_other: qin.Move | None = None
        self.hint_considered = False
        self.changes: list[GameChange] = []  # since ``take_changes`` last took them
        self._record: tuple[tuple[int, tuple[int, ...]], dict[str, Any]] | None = None

    def take_changes(self) -> list[GameChange]:
        """What changed in the game since the last call, in order (and forget it)."""
        changes, self.changes = self.changes, []
        return changes

    def record(self) -> dict[str, Any]:
        """The game's record with the hints asked (``gamerecord.record_of``), written once
        for each change of the game or of its hints: the save, a link game's address,
        the exported file and the review's link all take it (a copy for each).
        ``SaveError`` as ``record_of``."""
        key = (self._revision, tuple(self.hints))
        if self._record is None or self._record[0] != key:
            self._record = (key, record_of(self.game, self.hints))
        return {k: list(v) if isinstance(v, list) else v for k, v in self._record[1].items()}

    # -- who ------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """The players' names as the game was given them (its record's)."""
        return self.game.names

    def shown_names(self) -> list[str]:
        """The players' names as the page shows them, in its language: a seat named
        after its pagoda colour by that colour's name in it (``i18n.player_names``)."""
        return i18n.player_names(self.names, self.colours)

    @property
    def to_move(self) -> int:
        return self.game.to_move

    def is_human(self, player: int) -> bool:
        return self.kinds[player - 1].human

    def humans(self) -> list[int]:
        return [p for p in range(1, self.game.players + 1) if self.is_human(p)]

    @property
    def all_human(self) -> bool:
        return len(self.humans()) == self.game.players

    @property
    def over(self) -> bool:
        return self.game.is_over

    @property
    def covered(self) -> bool:
        """The cover hides the hand: the turn passed from one human to another and the
        next one has not yet confirmed they are at the screen."""
        return (not self.over and self.is_human(self.to_move) and len(self.humans()) >= 2
                and self.at_screen != self.to_move)

    @property
    def computer_to_move(self) -> bool:
        return not self.over and not self.is_human(self.to_move)

    # -- what the player to move sees ---------------------------------------------------
    def visible_hand(self) -> list[str] | None:
        """The hand shown at the screen: the player to move's, unless covered or a
        computer's turn (``None`` then)."""
        if self.over or self.covered or not self.is_human(self.to_move):
            return None
        return self.game.hand(self.to_move)

    @property
    def selected_kind(self) -> str | None:
        hand = self.visible_hand()
        if self.selected is None or hand is None or self.selected >= len(hand):
            return None
        return hand[self.selected]

    @property
    def must_pass(self) -> bool:
        """Only a pass is legal (Q10): the page says so and passes on a click."""
        return not self.over and self.game.legal_moves() == [qin.PASS]

    def playable(self, kind: str) -> bool:
        """Whether a tile of ``kind`` has any legal placement now."""
        return any(self._table(kind, o) for o in range(orientations(kind)))

    def _table(self, kind: str, orientation: int) -> dict[str, qin.Move]:
        """Anchor square name -> legal move, for ``kind`` in ``orientation``."""
        if self._anchors is None:
            table: dict[tuple[str, int], dict[str, qin.Move]] = {}
            names = self.game.board.geo.names
            width = self.game.board.geo.width
            for m in self.game.legal_moves():
                if m.is_pass:
                    continue
                (x, y), o = anchor_of(m)
                table.setdefault((m.kind, o), {})[names[y * width + x]] = m
            self._anchors = table
        return self._anchors.get((kind, orientation), {})

    def legal_squares(self) -> list[str]:
        """Where a click places the picked tile in its current orientation."""
        kind = self.selected_kind
        if kind is None or self.covered:
            return []
        return self._anchors_of(kind, self.orientation)

    def _anchors_of(self, kind: str, orientation: int) -> list[str]:
        table = self._table(kind, orientation)
        return [n for n in self.game.board.geo.names if n in table]

    def _fitting(self, kind: str) -> int:
        """The orientation a pick of ``kind`` takes: the one the picked tile had, else
        the first in which it fits."""
        orientation = self.orientation % orientations(kind)
        if self._table(kind, orientation):
            return orientation
        return next((o for o in range(orientations(kind)) if self._table(kind, o)),
                    orientation)

    def picks(self) -> tuple[Pick, ...]:
        """What a pick of each tile of the hand shows, worked out as ``select`` does it
        (the page shows it at once from this table, before its reply): the tile picked
        (again: put back, no kind and no squares), its orientation and the squares where
        it may go.  A tile that fits nowhere is absent; nothing while the hand is not the
        player's to pick from (covered, a computer's turn, only a pass legal)."""
        hand = self.visible_hand()
        if hand is None or self.must_pass:
            return ()
        key = (self._revision, self.selected, self.orientation, tuple(hand))
        if self._picks[0] != key:
            out = []
            for index, kind in enumerate(hand):
                if index == self.selected:
                    out.append(Pick(index, "", self.orientation, ()))
                elif self.playable(kind):
                    fit = self._fitting(kind)
                    out.append(Pick(index, kind, fit, tuple(self._anchors_of(kind, fit))))
            self._picks = (key, tuple(out))
        return self._picks[1]

    def _changed_game(self) -> None:
        self._revision += 1
        self._anchors = None
        self._previews = {}
        self.hint = None  # a hint is for the position it was asked in
        self.hint_other = None

    @property
    def hint_allowed(self) -> bool:
        """A hint may be asked: hints are on for this game and a human is to move at
        the screen (not covered); when only a pass is legal, the hint says so."""
        return (self.settings.hints and not self.over and self.is_human(self.to_move)
                and not self.covered)

    def considered(self) -> qin.Move | None:
        """The move the player is looking at: the picked tile's ghost where it may go."""
        h = self.hover_state
        return h.ghost if h.ok and h.ghost is not None else None

    def show_hint(self, move: qin.Move, other: qin.Move | None = None,
                  considered: bool = False) -> frozenset[str]:
        """Show ``move`` (legal now) as the ghost tile, counted for the player to move;
        ``other``: the move it is compared with (``considered``: the player's own)."""
        self.hints[self.to_move - 1] += 1
        self.changes.append("hint-counted")
        self.hint = move
        self.hint_other, self.hint_considered = other, considered
        self.selected = None
        self.pointed = None
        return frozenset({"overlay", "info", "hand", "status"})

    # -- actions ------------------------------------------------------------------
    def select(self, index: int | None) -> frozenset[str]:
        """Pick tile ``index`` of the hand (again: put it back)."""
        hand = self.visible_hand()
        if hand is None or self.must_pass:
            return NOTHING
        if index is None or index == self.selected or not 0 <= index < len(hand):
            self.selected = None
        else:
            self.selected = index
            self.orientation = self._fitting(hand[index])  # turned to where it fits
        self.notice = None
        return frozenset({"board", "hand", "status", "info", "overlay"})

    def rotate(self, step: int = 1) -> frozenset[str]:
        """Turn the picked tile to its next orientation (``step=-1``: back)."""
        kind = self.selected_kind
        if kind is None:
            return NOTHING
        self.orientation = (self.orientation + step) % orientations(kind)
        return frozenset({"board", "overlay", "info", "hand"})

    def hover(self, square: str | None) -> frozenset[str]:
        """The pointer is over ``square`` (``None``: off the board)."""
        if square not in self.game.board.geo.names:
            square = None
        if square == self.pointed:
            return NOTHING
        self.pointed = square
        return frozenset({"overlay", "info"})

    def look_at(self, square: str | None) -> None:
        """The pointer (or the keyboard's cursor, or a tap) is over ``square``."""
        self.pointed = square if square in self.game.board.geo.names else None

    @property
    def hover_state(self) -> Hover:
        """What the pointer shows where it is: derived from the square, the picked tile
        and its orientation, and the game (kept until one of them changes)."""
        key = (self.pointed, self.selected_kind, self.orientation, self._revision,
               self.over)
        if self._hover is None or self._hover[0] != key:
            self._hover = (key, self._hover_at(self.pointed))
        return self._hover[1]

    def _hover_at(self, square: str | None) -> Hover:
        h = Hover(square=square)
        if square is None:
            return h
        game = self.game
        geo = game.board.geo
        s = geo.names.index(square)
        kind = self.selected_kind
        if kind is not None and not self.over:
            h.ghost = ghost_move(kind, self.orientation, (s % geo.width, s // geo.width))
            legal = self._table(kind, self.orientation).get(square)
            if legal is not None:
                h.ok = True
                h.preview = self.preview(legal)
            return h
        board = game.board
        if board.layout.terrain[s] == VILLAGE:
            h.village = True
            h.focus = (square,)
            h.focus_owner = board.village_owner[s]
            h.tally = game.village_tally(square)
            return h
        group = game.province_at(square)
        if group is None:
            return h
        h.colour = COLOURS[group.colour]
        if group.owner:
            h.province_size = group.size
            h.focus = tuple(geo.names[q] for q in group.squares)
            h.focus_owner = group.owner
        return h

    @property
    def refusal_said(self) -> bool:
        """The tile under the pointer is the try just refused: the status line says why
        (in the tutorial, on the step whose goal is that refusal, the step's panel), so
        the box that explains the square under the pointer does not say it again."""
        notice = self.notice
        return (notice is not None and notice.kind == "refused" and notice.move is not None
                and notice.move == self.hover_state.ghost)

    def preview(self, move: qin.Move) -> list[qin.Event]:
        key = str(move)
        if key not in self._previews:
            self._previews[key] = self.game.preview(move)
        return self._previews[key]

    def click(self, square: str) -> frozenset[str]:
        """A click on ``square``: place the picked tile there, or say why not."""
        kind = self.selected_kind
        if kind is None or self.over:
            return NOTHING
        move = self._table(kind, self.orientation).get(square)
        if move is None:
            self.look_at(square)
            self.notice = Notice("refused", self.hover_state.ghost)
            return frozenset({"status", "info", "overlay"})
        return self.play(move)

    def play(self, move: qin.Move) -> frozenset[str]:
        """Play ``move`` for the player to move and log it."""
        mover = self.to_move
        before = pagoda_spots(self.game.board)
        events = self.game.play(move)
        self.changes.append("moved")
        self._log(mover, move, events, before)
        self.last = () if move.is_pass else tuple(move.squares)
        self.selected = None
        self.orientation = 0
        self.notice = None
        self._changed_game()
        self.pointed = None
        return EVERYTHING

    def pass_turn(self) -> frozenset[str]:
        """Pass, when only a pass is legal (Q10)."""
        if not self.must_pass or self.covered or not self.is_human(self.to_move):
            return NOTHING
        return self.play(qin.PASS)

    def confirm(self) -> frozenset[str]:
        """The player to move says they are at the screen: lift the cover."""
        if not self.covered:
            return NOTHING
        self.at_screen = self.to_move
        self.changes.append("confirmed")
        return EVERYTHING

    @property
    def can_undo(self) -> bool:
        """Undo is offered once a human has moved: among humans, for the last move;
        against computers, for the last human move (and the computers' replies), for a
        misclick, never once the outcome is known: the game over, its result stands
        (as the progress record counted it)."""
        if self.all_human:
            return bool(self.game.moves)
        if self.over:
            return False
        return any(self.is_human(t.player) for t in self.turns)

    def undo(self) -> frozenset[str]:
        """Take back the last move.  If the player who made it was not the one at the
        screen, the cover comes down until they confirm.  With computers at the table,
        the computers' moves since the last human move go too: that human moves again
        (a computer's move alone is never taken back, it would only play it again)."""
        if not self.can_undo:
            return NOTHING
        undone = self.game.undo()
        replies = 0
        if self.turns:
            turn = self.turns.pop()
            while not self.all_human and not self.is_human(turn.player) and self.turns:
                replies += 1
                undone = self.game.undo()
                turn = self.turns.pop()
        self.changes.append("undone")
        self._changed_game()
        self.selected = None
        self.orientation = 0
        self.pointed = None
        self.last = self.turns[-1].squares if self.turns else ()
        self.notice = Notice("undone", undone=str(undone), replies=replies)
        return EVERYTHING

    def computer_move(self) -> frozenset[str]:
        """Let the computer to move choose and play (the page calls this after a pause)."""
        if not self.computer_to_move:
            return NOTHING
        choose = self.kinds[self.to_move - 1].choose
        assert choose is not None
        move = choose(self.game.view(self.to_move))
        return self.play(move)

    # -- the log ----------------------------------------------------------------------
    def _log(self, mover: int, move: qin.Move, events: list[qin.Event],
             before: frozenset[Spot] = frozenset()) -> None:
        self.turns.append(Turn(len(self.turns) + 1, mover, str(move), list(events),
                               self.names, before, self.colours))

    # -- what the page counts ---------------------------------------------------------
    def counts(self) -> list[tuple[int, int, int]]:
        """Per player: (pagodas on the board, pagodas left, tiles in hand)."""
        return counts_of(self.game)


def counts_of(game: qin.Game) -> list[tuple[int, int, int]]:
    """Per player of ``game``: (pagodas on the board, pagodas left, tiles in hand)."""
    return [(game.on_board(p), game.supply(p), game.hand_size(p))
            for p in range(1, game.players + 1)]
