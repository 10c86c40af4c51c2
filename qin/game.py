"""``Game``: the public face of the engine (spec/notation.md, "The engine's interface")."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

from . import placement, record_format, view_format, villages
from .board import Board, Group, LastPagoda
from .boards import NAMES as BOARD_NAMES
from .boards import layout as board_layout
from .boards import layout_text
from .errors import (
    BoardError,
    HiddenInformation,
    IllegalMove,
    MoveError,
    QinError,
    RecordError,
    SetupError,
    ViewError,
)
from .events import Event
from .inputs import default_names, name_problem, quote, said, shown
from .lay import lay_tile
from .messages import refusal_text
from .moves import PASS, Move, parse_square
from .position import Written, format_grid, parse_position, position_text, written
from .record_format import MAX_SEED
from .tiles import COLOURS, KINDS, PAGODAS, deal, full_set, sort_hand

ALL_KINDS = frozenset(KINDS)
KEPT_LATEST: Final = 8
"""A record's replay keeps its state before each of its latest this many moves, and
before them one in at most this many moves: an undo goes back to a kept state and plays
on from it fewer moves than this (``_Proof``)."""


def _check_new(board: object, players: object, seed: object, fair_start: object,
               names: object) -> None:
    """``Game.new``'s arguments as a game record takes them (``qin.records``)."""
    if not isinstance(board, str):
        raise BoardError(f"a board is a name (bird, lion) or a layout, not {quote(board)}")
    if not isinstance(fair_start, bool):
        raise SetupError(f"fair_start must be True or False, not {quote(fair_start)}")
    if not isinstance(players, int) or isinstance(players, bool) or players not in PAGODAS:
        raise SetupError(f"Qin is for 2 to 4 players: players must be a whole number 2, 3 or 4, "
                         f"not {quote(players)}")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                             or not -MAX_SEED <= seed < MAX_SEED):
        raise SetupError(f"the seed must be a whole number below 2**63 in size, not "
                         f"{quote(seed)}")
    if names is None:
        return
    if not isinstance(names, list | tuple):
        raise SetupError(f"names must be a list of {players} names, not {quote(names)}")
    if names and len(names) != players:
        raise SetupError(f"{players} players need {players} names, not {len(names)}")
    for seat, name in enumerate(names, start=1):  # () or [] means the default names
        problem = name_problem(name, seat)
        if problem:
            raise SetupError(problem)


def _deal_of(record: Mapping[str, Any]) -> tuple[Any, ...]:
    """What deals a checked record's game: its board, players, seed, fair start, names."""
    return (record["board"], record["players"], record["seed"], record["fair_start"],
            tuple(record["names"]))


def _begins(game: Game, moves: Sequence[str]) -> bool:
    """``game``'s moves are the first of ``moves`` (as texts)."""
    done = len(game.moves)
    return done <= len(moves) and [str(m) for m in game.moves] == list(moves[:done])


def _state(game: Game) -> tuple[object, ...]:
    """Everything ``game`` holds that its play goes on from (the legal moves' and the
    board's caches aside), as values to compare."""
    board, layout = game.board, game.board.layout
    return (layout.name, layout.terrain, layout.start_colours, layout.geo.width,
            board.players, board.colour, board.gid, board.groups, board.next_gid,
            board.village_owner, board.frontier, board.supply,
            game.players, game.to_move, game.hands, game.pile, game.pile_count, game.names,
            game.seed, game.board_name, game.fair_start, [str(m) for m in game.moves],
            game.played, game.is_over, game.winners, game.seat, game._sizes)


def _proves(replay: Game, game: Game) -> bool:
    """``replay`` (a record's) reaches ``game``: the same position text and pile.  The
    values the text is written from (``Game._written``) are compared first (equal, the
    texts are too: cheap); the texts only when those differ."""
    if replay.pile != game.pile:
        return False
    mine, its = game._written(), replay._written()
    return mine == its or position_text(mine) == position_text(its)


class _Proof:
    """What ``Game.record`` proved last, kept so that the next record and an undo play
    only what they must.

    ``deal``: the record's board, players, seed, fair start and names; ``game``: a game
    replayed from that deal through the record's moves (it plays on as later records add
    moves); ``kept``: that replay's earlier states, fewest moves first (the latest
    ``KEPT_LATEST`` all, one in at most that many moves before them); ``start``:
    the start of the game keeping this proof when it was found to be the deal's own
    start (then a kept state is what replaying that game from its start gives), else
    ``None``."""

    __slots__ = ("deal", "game", "kept", "start")

    def __init__(self, deal: tuple[Any, ...], game: Game, start: Game | None) -> None:
        self.deal = deal
        self.game = game
        self.kept: list[Game] = []
        self.start = start

    def advance(self, moves: Sequence[str]) -> bool:
        """The replay played on through a record's ``moves`` (raising as ``from_record``),
        its state before each kept; ``False`` (nothing done) when its moves do not begin
        ``moves``."""
        game = self.game
        if not _begins(game, moves):
            return False
        for done in range(len(game.moves), len(moves)):
            self._keep(game._snapshot())
            game._play_record(moves[:done + 1], done)
        return True

    def play_on(self, moves: Sequence[Move]) -> Game:
        """The replay played on through ``moves`` (its moves begin them), its state before
        each kept (raising as ``play``); the replay."""
        game = self.game
        for move in moves[len(game.moves):]:
            self._keep(game._snapshot())
            game.play(move)
        return game

    def _keep(self, state: Game) -> None:
        """``state`` kept after the others; the one leaving the latest thinned out."""
        kept = self.kept
        kept.append(state)
        leaving = len(kept) - KEPT_LATEST - 1  # the state leaving the latest ones
        if leaving >= 1 and (len(kept[leaving + 1].moves) - len(kept[leaving - 1].moves)
                             <= KEPT_LATEST):
            del kept[leaving]

    def back_to(self, moves: Sequence[str]) -> Game | None:
        """The replay taken back to the last of its states whose moves begin ``moves``
        (the states after it dropped), that state; ``None`` when none does."""
        while not _begins(self.game, moves):
            if not self.kept:
                return None
            self.game = self.kept.pop()
        return self.game


class Game:
    """A game of Qin: board, hands, draw pile, whose turn, and the moves so far.

    Build one with ``Game.new`` (a seeded deal on a board side), ``Game.from_position``
    or ``qin.records.load``.  ``play`` changes it; everything else only reads.
    """

    __slots__ = ("board", "players", "to_move", "hands", "pile", "pile_count", "names",
                 "seed", "board_name", "fair_start", "moves", "played", "is_over",
                 "winners", "seat", "_start", "_legal", "_sizes", "_replayed", "_recorded")

    board: Board
    hands: list[list[str] | None] | None
    """Each player's tiles, ``None`` for a hand this view cannot see; ``None`` in analysis."""

    def __init__(self, board: Board, players: int, to_move: int,
                 hands: list[list[str] | None] | None, pile: list[str],
                 names: Sequence[str] | None = None, seed: int | None = None,
                 board_name: str | None = None, fair_start: bool = False) -> None:
        self.board = board
        self.players = players
        self.to_move = to_move
        self.hands = hands
        self.pile = pile
        self.pile_count = len(pile)
        self.names = list(names) if names else default_names(players)
        if len(self.names) != players:
            raise ValueError(f"{players} players need {players} names, not {len(self.names)}")
        self.seed = seed
        self.board_name = board_name
        self.fair_start = fair_start
        self.moves: list[Move] = []
        self.played: list[str] = []
        self.is_over = False
        self.winners: tuple[int, ...] = ()
        self.seat = 0  # 0: the full game; p: player p's view (other hands hidden)
        self._legal: list[Move] | None = None
        self._start: Game | None = None
        self._sizes: dict[int, int] = {}  # hidden hands' sizes, in a view
        self._replayed: _Proof | None = None
        """What ``record`` last proved (``_Proof``), kept apart from this game."""
        self._recorded: tuple[tuple[object, ...], dict[str, Any]] | None = None
        """The record ``record`` wrote last and what it was written of (``_record_key``);
        ``play`` and ``undo`` drop it."""

    # -- construction ------------------------------------------------------------
    @classmethod
    def new(cls, board: str = "bird", players: int = 2, seed: int | None = None,
            fair_start: bool = False, names: Sequence[str] | None = None) -> Game:
        """A new game on a board side ("bird", "lion" or an inline layout: position
        text), with the tiles dealt from ``seed`` (Q3; a random seed is chosen and kept
        when ``None``).  Raises ``SetupError`` for players, seed or names that a game
        record could not hold, ``BoardError`` for the board."""
        _check_new(board, players, seed, fair_start, names)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        layout, colours, name = board_layout(board)
        grid = Board(layout, players, [0] + [PAGODAS[players]] * players)
        grid.colour = list(colours)
        grid.build_groups({})
        hands, pile = deal(players, seed, fair_start)
        game = cls(grid, players, 1, [sort_hand(h) for h in hands], pile, names, seed,
                   name, fair_start)
        game._begin()
        return game

    @classmethod
    def from_position(cls, text: str) -> Game:
        """A game from position text; raises ``PositionError`` (line, column, what)."""
        setup = parse_position(text)
        hands: list[list[str] | None] | None = (
            list(setup.hands) if setup.hands is not None else None)
        game = cls(setup.board, setup.players, setup.to_move, hands, [],
                   board_name=setup.board_name)
        if setup.winner:  # Q16: a supply of exactly 0 is a finished game
            game.is_over, game.winners = True, (setup.winner,)
        game._begin()
        return game

    def _begin(self) -> None:
        if not self.is_over:
            self._check_end([])
        self._start = self._snapshot()

    def _snapshot(self) -> Game:
        other = Game.__new__(Game)
        other.board = self.board.copy()
        other.players = self.players
        other.to_move = self.to_move
        other.hands = None if self.hands is None else [
            None if h is None else h[:] for h in self.hands]
        other.pile = self.pile[:]
        other.pile_count = self.pile_count
        other.names = self.names[:]
        other.seed = self.seed
        other.board_name = self.board_name
        other.fair_start = self.fair_start
        other.moves = self.moves[:]
        other.played = self.played[:]
        other.is_over = self.is_over
        other.winners = self.winners
        other.seat = self.seat
        other._legal = self._legal
        other._start = None
        other._sizes = dict(self._sizes)
        other._replayed = None  # the proof is this game's own: it goes on playing
        other._recorded = None
        return other

    def clone(self) -> Game:
        """An independent copy (cheap: for search)."""
        other = self._snapshot()
        other._start = self._start
        return other

    # -- reading -----------------------------------------------------------------
    def to_position(self) -> str:
        """The canonical position text; ``from_position`` reads it back to the same game."""
        return position_text(self._written())

    def _written(self) -> Written:
        """The values ``to_position`` writes its text from, and only those (a record's
        proof compares them: ``_proves``)."""
        return written(self.board, self.players, self.to_move, self.hands, self.board_name)

    def supply(self, player: int) -> int:
        """Pagodas ``player`` (1-based) has left to place."""
        return self.board.supply[self._player(player)]

    def on_board(self, player: int) -> int:
        """Pagodas ``player`` has on the board."""
        return PAGODAS[self.players] - self.board.supply[self._player(player)]

    def hand(self, player: int) -> list[str]:
        """``player``'s tiles in canonical order; raises ``HiddenInformation`` in a view."""
        if self.hands is None:
            return []
        hand = self.hands[self._player(player) - 1]
        if hand is None:
            raise HiddenInformation(f"{self.names[player - 1]}'s hand is hidden from "
                                    f"{self.names[self.seat - 1]}")
        return sort_hand(hand)

    def hand_size(self, player: int) -> int:
        """How many tiles ``player`` holds (public)."""
        if self.hands is None:
            return 0
        hand = self.hands[self._player(player) - 1]
        return len(hand) if hand is not None else self._sizes[player]

    @property
    def analysis(self) -> bool:
        """True for a position without hands: any tile kind may be placed."""
        return self.hands is None

    def returns(self) -> list[float]:
        """Per player: 1 for a win (shared wins count 1 each), 0 otherwise; OpenSpiel style."""
        return [1.0 if p in self.winners else 0.0 for p in range(1, self.players + 1)]

    def province_at(self, square: str) -> Group | None:
        """The group (province or lone space) on ``square``, or ``None``."""
        s = self._square(square)
        g = self.board.gid[s]
        return self.board.groups[g] if g >= 0 else None

    def village_tally(self, square: str) -> dict[int, int]:
        """Pagodas per player next to the village on ``square`` (Q15)."""
        return villages.tally(self.board, self._square(square))

    def square_names(self, squares: Sequence[int]) -> tuple[str, ...]:
        names = self.board.geo.names
        return tuple(names[s] for s in squares)

    # -- moves -------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """The legal moves of the player to move: placements, or only ``pass`` when no
        placement is legal (Q10); ``[]`` when the game is over."""
        if self.is_over:
            return []
        if self._legal is None:
            self._legal = placement.legal_placements(self.board, self._kinds(self.to_move))
        return list(self._legal) if self._legal else [PASS]

    def why_illegal(self, move: str | Move) -> str | None:
        """Why ``move`` may not be played now, in a player's words; ``None`` if legal."""
        refused = self.refusal(move)
        return None if refused is None else str(refused)

    def refusal(self, move: str | Move) -> IllegalMove | None:
        """The ``IllegalMove`` that ``play(move)`` would raise (its ``code`` and
        ``params``), not raised; ``None`` if the move is legal.  Text that is no move
        raises ``MoveError`` as ``play`` does."""
        try:
            self._checked(move)
        except IllegalMove as exc:
            return exc
        return None

    def play(self, move: str | Move) -> list[Event]:
        """Play a move; returns its events.  Raises ``IllegalMove`` (or ``MoveError`` for
        text that is no move) and leaves the game unchanged."""
        m, squares = self._checked(move)
        events: list[Event] = []
        mover = self.to_move
        if m.is_pass:
            events.append(Event("pass", mover))
        else:
            self._place(mover, m, squares, events)
        self.moves.append(m)
        self._recorded = None
        if not self.is_over:
            self._next_turn(events)
        return events

    def preview(self, move: str | Move) -> list[Event]:
        """The events ``move`` would cause, without playing it (raises like ``play``).

        Events never name a drawn tile, so the preview draws as play would (a view
        holds no pile and draws nothing)."""
        return self._snapshot().play(move)

    def undo(self) -> Move:
        """Take back the last move: the game becomes what replaying it from its start
        through the moves before gives (exact, pile included).  The replay its records
        kept (``record``) is taken back too, and when it started as this game did, the
        game plays on from its nearest kept state instead of from the start."""
        if not self.moves or self._start is None:
            raise self._refuse("nothing_to_undo")
        keep = self.moves[:-1]
        undone = self.moves[-1]
        proof, base = self._replayed, self._start
        if proof is not None:
            if proof.back_to([str(m) for m in keep]) is None:
                proof = None
            elif proof.start is self._start:
                base = proof.play_on(keep)
        fresh = base._snapshot()
        for m in keep[len(base.moves):]:
            fresh.play(m)
        for slot in Game.__slots__:
            if slot not in ("_start", "_replayed", "_recorded"):
                setattr(self, slot, getattr(fresh, slot))
        self._replayed = proof
        self._recorded = None
        return undone

    # -- hidden information ------------------------------------------------------
    def view(self, seat: int) -> Game:
        """What player ``seat`` may see: other hands and the pile order hidden.

        A view answers ``legal_moves`` for its own seat and can be played on for
        look-ahead (hidden players are assumed able to place any unseen kind, and no
        tile is drawn); ``sample`` turns it into a full game for search."""
        seat = self._player(seat)
        other = self._snapshot()
        other.seat = seat
        sizes = {p: self.hand_size(p) for p in range(1, self.players + 1)}
        if other.hands is not None:
            other.hands = [h if p == seat else None for p, h in enumerate(other.hands, 1)]
        other.pile = []
        other.pile_count = self.pile_count
        other.seed = None  # the seed deals every hand and the pile (Q3): it would tell all
        other._legal = None
        other._start = None
        other._sizes = {p: n for p, n in sizes.items() if p != seat}
        return other

    def to_view_dict(self) -> dict[str, Any]:
        """This view as JSON-ready data (``qin-view/1``, ``qin.view_format``): the board,
        whose turn, the seat's own hand, every hand's size, the pile's size, the moves,
        the names and the winners; never another hand, the pile's order or the seed.
        ``Game.from_view_dict`` rebuilds it.  Raises ``ViewError`` for a whole game."""
        if not self.seat:
            raise ViewError("a whole game is not a player's view: take game.view(seat) "
                            "first (a whole game is kept with record() or to_position())",
                            "whole_game")
        own = None if self.hands is None else self.hands[self.seat - 1]
        return {
            "format": view_format.FORMAT,
            "board": self.board_name,
            "players": self.players,
            "seat": self.seat,
            "to_move": self.to_move,
            "names": list(self.names),
            "fair_start": bool(self.fair_start),
            "hand": None if own is None else sort_hand(own),
            "hand_sizes": [self.hand_size(p) for p in range(1, self.players + 1)],
            "pile": self.pile_count,
            "moves": [m.text for m in self.moves],
            "winners": list(self.winners),
            "grid": format_grid(self.board),
        }

    @classmethod
    def from_view_dict(cls, data: Mapping[str, Any]) -> Game:
        """The player's view that ``to_view_dict`` wrote, rebuilt: it answers
        ``legal_moves``, ``hand``, ``hand_size``, ``supply``, ``unseen``, ``sample``
        and ``play`` as the view did.  Every field is checked (the data may come from
        anywhere): raises ``ViewError`` quoting the first bad value."""
        v = view_format.checked(data)
        setup = v.setup
        hands: list[list[str] | None] | None = None if v.hand is None else [
            v.hand[:] if p == v.seat else None for p in range(1, v.players + 1)]
        game = cls(setup.board, v.players, v.to_move, hands, [], v.names, None,
                   v.board_name, v.fair_start)
        game.seat = v.seat
        game._sizes = {p: n for p, n in enumerate(v.hand_sizes, 1) if p != v.seat}
        game.pile_count = v.pile
        game.moves = list(v.moves)
        game.played = [m.kind for m in v.moves if not m.is_pass]
        if v.winners:
            game.is_over, game.winners = True, v.winners
        else:
            game._check_end([])
            if game.is_over:
                raise ViewError("no player can place a tile here, so the game is over, "
                                "but \"winners\" is empty", "no_winners")
        return game

    def unseen(self) -> Counter[str]:
        """Tiles this seat has not seen: not in its hand and not yet placed (for search)."""
        left = Counter(full_set())
        left.subtract(self.played)
        if self.seat and self.hands is not None:
            left.subtract(self.hands[self.seat - 1] or [])
        return +left

    def sample(self, rng: random.Random) -> Game:
        """A full game consistent with this view: hidden hands and the pile are drawn
        at random from the unseen tiles (determinization for search)."""
        if not self.seat:
            return self.clone()
        pool = list(self.unseen().elements())
        rng.shuffle(pool)
        full = self._snapshot()
        full.seat = 0
        if full.hands is not None:
            sizes = self._sizes
            for p in range(1, self.players + 1):
                if full.hands[p - 1] is None:
                    full.hands[p - 1] = sort_hand([pool.pop() for _ in range(sizes[p])
                                                   if pool])
        full.pile = pool[:self.pile_count]
        full.pile_count = len(full.pile)
        full._legal = None
        full._sizes = {}
        return full

    # -- internals ---------------------------------------------------------------
    def _player(self, player: int) -> int:
        if not isinstance(player, int) or not 1 <= player <= self.players:
            raise ValueError(f"there is no player {quote(player)} in a {self.players}-player "
                             "game")
        return player

    def _square(self, square: str) -> int:
        col, row = parse_square(square)
        s = self.board.geo.index(col, row)
        if s < 0:
            raise MoveError(f"{quote(square)} is not on the board")
        return s

    def _kinds(self, player: int) -> frozenset[str] | list[str]:
        if self.hands is None:
            return ALL_KINDS
        hand = self.hands[player - 1]
        if hand is None:  # a hidden hand in a view: it might hold any unseen kind
            return list(self.unseen()) if self._sizes.get(player) else []
        return hand

    def _refuse(self, code: str, **params: Any) -> IllegalMove:
        """The refusal, naming the players only when they have names of their own (so
        that another language says "Player N" in its words)."""
        named = self.names if self.names != default_names(self.players) else ()
        message = refusal_text({"code": code, "params": params}, "en", named or None,
                               with_move=True)
        return IllegalMove(code, params, named, message)

    def _checked(self, move: str | Move) -> tuple[Move, tuple[int, int]]:
        m = move if isinstance(move, Move) else Move.parse(move)
        text = str(m)
        if self.is_over:  # Q18
            raise self._refuse("game_over", move=text)
        player = self.to_move
        if m.is_pass:  # Q10
            if self.legal_moves() != [PASS]:
                raise self._refuse("pass_not_allowed", move=text, player=player)
            return m, (-1, -1)
        geo = self.board.geo
        outside = placement.off_board(self.board, m.coords)
        if outside is not None:  # Q6: both halves on the board
            # a tile built past the top or left edge has no text: its on_board says where
            raise self._refuse("outside", **({"move": text} if m.written else {}), **outside)
        (xa, ya), (xb, yb) = m.coords
        a, b = geo.index(xa, ya), geo.index(xb, yb)
        if a == b:
            raise self._refuse("same_square", move=text, square=m.squares[0])
        if self.hands is not None:
            hand = self.hands[player - 1]
            if hand is None:  # look-ahead in a view: any unseen kind, as legal_moves says
                if m.kind not in self._kinds(player):
                    raise self._refuse("none_unseen", move=text, player=player, kind=m.kind)
            elif m.kind not in hand:
                raise self._refuse("not_in_hand", move=text, player=player, kind=m.kind,
                                   hand=sort_hand(hand))
        problem = placement.placement_problem(self.board, (a, b), (m.colours[0], m.colours[1]))
        if problem:
            code, params = problem
            raise self._refuse(code, move=text, **params)
        return m, (a, b)

    def _place(self, mover: int, m: Move, squares: tuple[int, int],
               events: list[Event]) -> None:
        board = self.board
        a, b = squares
        ca, cb = m.colours
        names = board.geo.names
        events.append(Event("place", mover, (names[a], names[b]),
                            colour=COLOURS[ca] + COLOURS[cb]))
        if self.hands is not None:
            hand = self.hands[mover - 1]
            if hand is None:  # a hidden hand, in a view
                self._sizes[mover] -= 1
            else:
                hand.remove(m.kind)
        self.played.append(m.kind)
        self._legal = None
        try:
            lay_tile(board, a, ca, b, cb, mover, events)
        except LastPagoda as win:  # Q16: the game ends at once
            self.is_over, self.winners = True, (win.player,)
            events.append(Event("win", win.player))
            return
        if self.pile_count:  # Q17: draw one tile
            self.pile_count -= 1
            hand = None if self.hands is None else self.hands[mover - 1]
            if self.pile:
                tile = self.pile.pop()
                if hand is not None:
                    hand.append(tile)
            elif hand is None and mover in self._sizes:
                self._sizes[mover] += 1  # a hidden hand draws an unseen tile

    def _next_turn(self, events: list[Event]) -> None:
        self.to_move = self.to_move % self.players + 1
        self._legal = None
        self._check_end(events)

    def _check_end(self, events: list[Event]) -> None:
        """Q18: the game ends when no player can make a legal placement."""
        self._legal = placement.legal_placements(self.board, self._kinds(self.to_move))
        if self._legal:
            return
        for p in range(1, self.players + 1):
            if p != self.to_move and placement.has_placement(self.board, self._kinds(p)):
                return
        most = max(self.on_board(p) for p in range(1, self.players + 1))
        self.is_over = True
        self.winners = tuple(p for p in range(1, self.players + 1) if self.on_board(p) == most)
        events.append(Event("end", None, winners=self.winners))

    def __repr__(self) -> str:
        state = f"over, winners {list(self.winners)}" if self.is_over else \
            f"player {self.to_move} to move"
        return f"<qin.Game {self.board_name or 'position'} {self.players}p, {state}>"

    # -- records (qin-game/1; the format is qin.record_format) ----------------------
    def record(self) -> dict[str, Any]:
        """This game's ``qin-game/1`` record: for a game made by ``Game.new`` (and played
        on).  Raises ``RecordError`` for a game that has no seed (one loaded from a
        position: its tiles do not come from a seeded deal), for a player's view, and
        for a game whose hands are not those of its seed (e.g. one made by ``sample``).

        The record is proved to replay to this game: it is replayed and the positions and
        piles compared.  The replay is kept, so that the next ``record()`` plays only the
        moves made since (a record after every move costs about two ``play()``s, not a
        whole game's replay), and so are some of its states, so that after an undo
        neither the undo nor the next record replays the game (``undo``); a game loaded
        by ``from_record`` starts with its proof.  The record is kept too until the next
        ``play`` or ``undo``: asked again before, it is a copy of the one written, proved
        by comparing the replay's state with the game's only."""
        if self.seat:
            raise RecordError("a player's view of a game cannot be saved as a game record; "
                              "save the full game", "view")
        if self.seed is None:
            raise RecordError("this game has no seed (it was set up from a position, not "
                              "dealt by Game.new), so it cannot be saved as a game record; "
                              "save its position text instead", "no_seed")
        key = self._record_key()
        kept = self._recorded
        if kept is not None and kept[0] == key and self._replayed is not None:
            record, proof = kept[1], self._replayed
        else:
            record = {
                "format": record_format.FORMAT,
                "board": self._board_key(),
                "players": self.players,
                "seed": self.seed,
                "fair_start": bool(self.fair_start),
                "names": list(self.names),
                "moves": [str(m) for m in self.moves],
            }
            proof = self._proof_of(record_format.checked(record))
        if not _proves(proof.game, self):
            raise RecordError("this game's tiles are not the ones its seed deals (a sampled "
                              "or edited game), so a record of it would not replay",
                              "not_dealt")
        self._replayed, self._recorded = proof, (key, record)
        return {**record, "names": record["names"][:], "moves": record["moves"][:]}

    def _record_key(self) -> tuple[object, ...]:
        """What this game's record is written of, beside its moves (``play`` and ``undo``
        drop a kept record): its deal and names as they are now."""
        return (self.board_name, self.board.layout, self.players, self.seed,
                self.fair_start, tuple(self.names), len(self.moves))

    def _proof_of(self, record: dict[str, Any]) -> _Proof:
        """``record`` replayed (raising as ``from_record``): the replay ``record`` proved
        last played on by the moves added since, when its deal is the same and its
        moves begin this record's; else a replay from the deal (whose start is compared
        with this game's: ``_Proof.start``)."""
        deal = _deal_of(record)
        proof = self._replayed
        if proof is not None and proof.deal == deal and proof.advance(record["moves"]):
            return proof
        game = Game._replay(record)
        start = self._start
        same = start is not None and game._start is not None and \
            _state(game._start) == _state(start)
        return _Proof(deal, game, start if same else None)

    @classmethod
    def from_record(cls, data: str | bytes | Mapping[str, Any],
                    log: list[record_format.Played] | None = None) -> Game:
        """Replay a ``qin-game/1`` record (JSON text, UTF-8 bytes or a parsed dict).

        Raises ``RecordError`` naming what is wrong: JSON syntax (line and column), the
        format, the board, players, seed, names, or the first bad move (its number, its
        text and the engine's reason).  With ``log``, each move's ``(text, player,
        events)`` is appended to it in order."""
        record = record_format.check(data)
        game = cls._replay(record, log)
        game._replayed = _Proof(_deal_of(record), game._snapshot(), game._start)  # proved
        return game

    @classmethod
    def _replay(cls, record: dict[str, Any],
                log: list[record_format.Played] | None = None) -> Game:
        try:
            game = cls.new(board=record["board"], players=record["players"],
                           seed=record["seed"], fair_start=record["fair_start"],
                           names=record["names"])
        except BoardError as exc:
            raise RecordError(f"the game record's board: {exc}", "board_file",
                              {"board": shown(record["board"]),
                               **({"position": exc.position} if exc.position else {})}) from None
        except QinError as exc:  # pragma: no cover - the record's checks come first
            raise RecordError(f"the game record cannot be set up: {exc}", "setup") from None
        game._play_record(record["moves"], 0, log)
        return game

    def _play_record(self, moves: Sequence[str], done: int,
                     log: list[record_format.Played] | None = None) -> None:
        """Play a record's ``moves`` after the first ``done`` (played already), raising
        ``RecordError`` for the first that cannot be played."""
        for number, text in enumerate(moves[done:], start=done + 1):
            move = shown(text)
            if self.is_over:
                raise RecordError(f"move {number} {said(move)} comes after the end of the game "
                                  f"({self._result()} after move {number - 1})", "after_end",
                                  {"number": number, "move": move, "last": number - 1})
            mover = self.to_move
            try:
                events = self.play(text)
            except QinError as exc:
                message = (f"move {number} {said(move)} cannot be played: "
                           f"{record_format.move_reason(exc, text)}")
                where = {"number": number, "move": move}
                if isinstance(exc, IllegalMove):
                    raise RecordError(message, "move", {**where, "refusal": exc.to_dict(),
                                                        "names": list(self.names)}) from None
                raise RecordError(message, "move_unreadable", where) from None
            if log is not None:
                log.append((text, mover, events))

    def _result(self) -> str:
        names = [self.names[p - 1] for p in self.winners]
        if len(names) == 1:
            return f"{names[0]} won"
        return f"{' and '.join(names)} shared the win"

    def _board_key(self) -> str:
        """What a record's ``board`` says: a shipped board's name when this game's layout
        is that board's, otherwise the layout itself (position text), never a file's path."""
        name = self.board_name or ""
        mine = self.board.layout
        if name in BOARD_NAMES:
            side = board_layout(name).layout
            if side.terrain == mine.terrain and side.start_colours == mine.start_colours:
                return name
        return layout_text(name, mine.terrain, mine.geo.width, mine.start_colours)
