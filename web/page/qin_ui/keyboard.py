"""Keyboard and touch play: the key table and the cursor over the board (no DOM).

``command_for(key, mode)`` is the one place where a key gets its meaning, as a
``Command`` (the application's mode filter then decides whether it acts):

==================  ================================================================
Arrow keys          ``cursor``: move the cursor (on the board); the cursor square is
                    "hovered", so the ghost, its preview and the square's info show
                    there.  In a replay: ``replay-step`` / ``replay-back``
N / Shift+N         ``jump``: to the next / previous legal square (on the board)
1, 2, 3             ``select``: pick that tile of the hand (again: put it back)
R / Shift+R         ``rotate``: turn the picked tile (back)
Enter or Space      ``place``: place the tile on the cursor square (on the board);
                    pass when only a pass is legal
P                   ``pass`` (when only a pass is legal)
U or Ctrl+Z         ``undo``
H                   ``hint``: ask the strongest computer what it would play
T                   ``hint-take``: play the hint shown (Escape: no thanks)
L                   ``focus-log``: the list of moves
B                   ``focus-board``: the board
Down / Up           ``list-step``, in a list that is one Tab stop (its items are out
Home / End          of the Tab order: the game's log and its rules links, the replay's
                    log and its moves, the review's moves): to its next / previous
                    item (from the list itself: the first / the last), the first / the
                    last one; Enter or Space activates the item focused (the browser's:
                    a link opens, a move's button jumps there), Escape goes back to
                    the list
Right / Left        the same in a list that goes sideways (``SIDEWAYS``: the review's
Home / End          chart, its points one per move); they move the focus only (the
                    replay's step stays the arrows' meaning elsewhere); Enter or Space
                    on a point: ``review-jump``, that move shown as a click on it does
Escape              ``escape``: put the picked tile back; with none picked the focus
                    leaves the board (no keyboard trap).  In a replay: ``replay-exit``;
                    on a result: ``result-close``
==================  ================================================================

``Keys`` holds the cursor and a touch screen's armed square and runs the board
commands on a ``Session``; ``Keys.tap`` is a tap on a touch screen: the first tap on
a square shows the ghost and its preview there (or the square's info), a second tap on
that ghost (either of its two squares) places it, a tap anywhere else moves the ghost
there.  A finger that lands a square off the ghost therefore never places: it only
moves the preview (a mouse click still places at once).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import i18n
from .actions import Command, CommandName, Key
from .modes import Mode
from .session import NOTHING, Notice, Session, Turn, ghost_move

ARROWS = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1),
          "ArrowUp": (0, -1)}
CURSOR = frozenset({"cursor"})
"""The extra part: the cursor moved (the page moves its focus mark)."""

REPLAY_KEYS: dict[str, CommandName] = {"ArrowRight": "replay-step", "ArrowLeft": "replay-back",
               "Escape": "replay-exit"}

LOG_LINK = "log-rule-"
"""The id of a rules link of the game's log, before its move's number and its event's
index (``log_link_id``)."""
REPLAY_MOVE = "log-move-"
"""The id of a move's button in the replay's log, before the move's number."""
REVIEW_MOVES = "review-moves"
"""The id of the review's list of moves."""
REVIEW_MOVE = "review-move-"
"""The id of a move's button in the review's list, before the move's number."""
REVIEW_POINTS = "review-points"
"""The id of the review's chart (its points, one per move, are a list going sideways)."""
REVIEW_POINT = "review-point-"
"""The id of a point of the review's chart, before its move's number."""
LISTS = {LOG_LINK: "log", REPLAY_MOVE: "log", REVIEW_MOVE: REVIEW_MOVES,
         REVIEW_POINT: REVIEW_POINTS}
"""The lists that are one Tab stop each: the start of their items' ids -> the list's id
(the arrow keys move the focus between the items, ``list_step``)."""
DRAWN_IN = {"log": "log", REVIEW_MOVES: "review-list", REVIEW_POINTS: "review-chart"}
"""The element whose drawing holds each list of ``LISTS``: its HTML drawn again, the
list's items (or the list) are new elements, and the focus on the old one is lost."""
SIDEWAYS = frozenset({REVIEW_POINTS})
"""The lists that go sideways: Right and Left move between their items."""
LIST_STEPS = {"ArrowDown": "next", "ArrowUp": "previous", "Home": "first", "End": "last"}
"""The keys that move the focus between a list's items."""
SIDEWAYS_STEPS = {"ArrowRight": "next", "ArrowLeft": "previous", "Home": "first",
                  "End": "last"}
"""The keys that move the focus between the items of a list that goes sideways."""
LIST_WHERE = {box: 3 if box in SIDEWAYS else 2 for box in LISTS.values()}
"""Where the focus is, for the shell's key codes (``host.coded_key``): each list's id ->
2 (a list going down) or 3 (going sideways); the shell reads it from the reply's flags."""


def log_link_id(turn: Turn, index: int) -> str:
    """The id of the rules link of event ``index`` of ``turn`` in the log."""
    return f"{LOG_LINK}{turn.number}-{index}"


def replay_move_id(number: int) -> str:
    """The id of the button of move ``number`` in the replay's log."""
    return f"{REPLAY_MOVE}{number}"


def review_move_id(ply: int) -> str:
    """The id of the button of move ``ply`` in the review's list."""
    return f"{REVIEW_MOVE}{ply}"


def review_point_id(ply: int) -> str:
    """The id of the point of move ``ply`` in the review's chart."""
    return f"{REVIEW_POINT}{ply}"


def chart_ply(at: str) -> int | None:
    """The move of the chart's point ``at`` (``None``: ``at`` is no point)."""
    number = at.removeprefix(REVIEW_POINT)
    if number == at or not (number.isascii() and number.isdigit()) or len(number) > 4:
        return None
    return int(number) or None


def list_keys(box: str) -> dict[str, str]:
    """The keys that move the focus between the items of the list ``box``."""
    return SIDEWAYS_STEPS if box in SIDEWAYS else LIST_STEPS


def log_links(session: Session) -> list[str]:
    """The ids of the log's rules links, in the log's order (the newest move first)."""
    return [log_link_id(turn, i) for turn in reversed(session.turns)
            for i, event in enumerate(turn.events) if i18n.rules_href(event) is not None]


def list_of(at: str) -> str:
    """The id of the list (one Tab stop) that the element ``at`` is or is in ("": none)."""
    if at in LISTS.values():
        return at
    return next((box for start, box in LISTS.items() if at.startswith(start)), "")


def list_step(items: list[str], step: str, at: str) -> str:
    """Where the focus goes in a list from ``at`` (the list or one of its ``items``) for
    ``step`` (``LIST_STEPS``' or ``"list"``): an item's id, or the list's."""
    if step == "list" or not items:
        return list_of(at) or "log"
    if step == "first" or (step == "next" and at not in items):
        return items[0]
    if step == "last" or at not in items:
        return items[-1]
    here = items.index(at) + (1 if step == "next" else -1)
    return items[min(max(here, 0), len(items) - 1)]


def command_for(key: Key, mode: Mode = Mode.PLAYING) -> Command | None:
    """What ``key`` means in ``mode`` (``None``: nothing at all)."""
    if key.list_at and not key.shift and not key.ctrl:
        steps = list_keys(list_of(key.list_at))
        if key.key in steps:
            return Command("list-step", f"{steps[key.key]} {key.list_at}")
        if key.key == "Escape" and key.list_at not in LISTS.values():
            return Command("list-step", f"list {key.list_at}")
        if key.key in ("Enter", " ") and list_of(key.list_at) == REVIEW_POINTS:
            ply = chart_ply(key.list_at)  # a point: shown as a click shows it
            return None if ply is None else Command("review-jump", f"{ply} chart")
    if mode in (Mode.REPLAY, Mode.REVIEW) and key.key in REPLAY_KEYS and not key.ctrl:
        return Command(REPLAY_KEYS[key.key])
    if mode in (Mode.RESULT, Mode.SERIES) and key.key == "Escape":
        return Command("result-close")
    lower = key.key.lower()
    if key.ctrl:
        return Command("undo") if lower == "z" else None
    if key.key in ARROWS:
        if not key.on_board:
            return None
        dx, dy = ARROWS[key.key]
        return Command("cursor", f"{dx},{dy}")
    if key.key in ("Enter", " "):
        return Command("place") if key.on_board else None
    if lower == "n":
        return Command("jump", "-1" if key.shift else "1") if key.on_board else None
    if key.key in ("1", "2", "3"):
        return Command("select", str(int(key.key) - 1))
    simple = {"r": Command("rotate", "-1" if key.shift else "1"), "u": Command("undo"),
              "p": Command("pass"), "l": Command("focus-log"), "b": Command("focus-board"),
              "h": Command("hint"), "t": Command("hint-take")}
    if lower in simple:
        return simple[lower]
    if key.key == "Escape":
        return Command("escape", "board" if key.on_board else "")
    return None


BOARD_AREA = "board-area"
"""The board's element: the grid the arrow keys move the cursor on."""
FOCUS = {"log": "log", "board": BOARD_AREA, "leave": "hand"}
"""Where a ``Result``'s command moves the focus (an element's id; ``"hand"``: the
hand's first usable tile)."""


def hand_tile_id(index: int) -> str:
    """The id of the hand's tile button ``index`` (from 0): drawn anew (picked, turned)
    with the same id, it keeps the focus it had (the shell's applier)."""
    return f"hand-tile-{index}"


@dataclass
class Result:
    parts: frozenset[str] = NOTHING
    command: str = ""  # "", "log", "board", "leave", a list's item: where the focus goes
    handled: bool = False  # the page should preventDefault()

    @property
    def focus(self) -> str:
        """The id of the element the focus moves to ("": it stays)."""
        if list_of(self.command):
            return self.command
        return FOCUS.get(self.command, "")


class Keys:
    """The cursor and the armed square of a touch screen, for one session."""

    def __init__(self) -> None:
        self.cursor: str | None = None
        self.armed: str | None = None

    # -- the cursor ------------------------------------------------------------------
    def start_square(self, session: Session) -> str:
        """Where the cursor appears first: the first legal square, or the middle."""
        legal = session.legal_squares()
        if legal:
            return legal[0]
        geo = session.game.board.geo
        return geo.names[(geo.height // 2) * geo.width + geo.width // 2]

    def move(self, session: Session, dx: int, dy: int) -> frozenset[str]:
        geo = session.game.board.geo
        if self.cursor is None:
            self.cursor = self.start_square(session)
        else:
            s = geo.names.index(self.cursor)
            col = min(max(s % geo.width + dx, 0), geo.width - 1)
            row = min(max(s // geo.width + dy, 0), geo.height - 1)
            self.cursor = geo.names[row * geo.width + col]
        return session.hover(self.cursor) | CURSOR

    def jump(self, session: Session, step: int) -> frozenset[str]:
        """To the next (``step=1``) or previous legal square after the cursor."""
        legal = session.legal_squares()
        if not legal:
            return NOTHING
        order = session.game.board.geo.names
        here = order.index(self.cursor) if self.cursor in order else -1
        if step > 0:
            after = [n for n in legal if order.index(n) > here]
            self.cursor = after[0] if after else legal[0]
        else:
            before = [n for n in legal if order.index(n) < here] if here >= 0 else []
            self.cursor = before[-1] if before else legal[-1]
        return session.hover(self.cursor) | CURSOR

    def after_action(self, session: Session, parts: frozenset[str]) -> frozenset[str]:
        """Keep the ghost under the cursor after a pick or a turn."""
        if self.cursor is not None and parts:
            session.look_at(self.cursor)
            return parts | {"overlay", "info"} | CURSOR
        return parts

    # -- the board's commands: one each (``BOARD_COMMANDS``), given the command's argument
    def run(self, session: Session, command: Command) -> Result:
        """Run a board command (one that ``command_for`` gives) on ``session``."""
        run = BOARD_COMMANDS.get(command.name)
        return run(self, session, command.arg) if run is not None else Result()

    def cursor_by(self, session: Session, arg: str) -> Result:
        """``cursor``: the cursor one square along ``"dx,dy"``."""
        dx, dy = (int(v) for v in arg.split(","))
        return Result(self.move(session, dx, dy), handled=True)

    def jump_by(self, session: Session, arg: str) -> Result:
        """``jump``: the cursor to the next (``"1"``) or previous (``"-1"``) legal square."""
        return Result(self.jump(session, int(arg)), handled=True)

    def place(self, session: Session, _: str) -> Result:
        """``place``: the picked tile placed on the cursor square (``enter``)."""
        return Result(self.enter(session), handled=True)

    def pick(self, session: Session, arg: str) -> Result:
        """``select``: the hand's tile number ``arg`` picked (again: put back)."""
        return Result(self.after_action(session, session.select(int(arg))), handled=True)

    def turn(self, session: Session, arg: str) -> Result:
        """``rotate``: the picked tile turned once (``"1"``, or nothing) or back (``"-1"``)."""
        return Result(self.after_action(session, session.rotate(int(arg or 1))),
                      handled=True)

    def take_back(self, session: Session, _: str) -> Result:
        """``undo``: the last move taken back."""
        return Result(self.undo(session), handled=True)

    def pass_turn(self, session: Session, _: str) -> Result:
        """``pass``: the turn passed (where only a pass is legal)."""
        return Result(session.pass_turn(), handled=True)

    def to_log(self, _: Session, __: str) -> Result:
        """``focus-log``: the focus to the list of moves."""
        return Result(command="log", handled=True)

    def to_board(self, _: Session, __: str) -> Result:
        """``focus-board``: the focus to the board."""
        return Result(command="board", handled=True)

    def log_step(self, session: Session, arg: str) -> Result:
        """``list-step``: the focus to another of the log's rules links (``list_step``)."""
        step, _, at = arg.partition(" ")
        return Result(command=list_step(log_links(session), step, at), handled=True)

    def put_back(self, session: Session, arg: str) -> Result:
        """``escape``: the picked tile put back; with none picked the focus leaves the
        board (``arg`` ``"board"``: it was on it)."""
        if session.selected_kind is not None:
            return Result(self.after_action(session, session.select(None)), handled=True)
        return Result(command="leave" if arg == "board" else "")

    def press(self, session: Session, key: str, *, shift: bool = False, ctrl: bool = False,
              on_board: bool = False) -> Result:
        """One key press on the game screen, its meaning and its action in one call."""
        command = command_for(Key(key, shift, ctrl, on_board))
        return Result() if command is None else self.run(session, command)

    def enter(self, session: Session) -> frozenset[str]:
        """Enter on the board: place on the cursor square (or pass when that is all)."""
        if session.must_pass:
            return session.pass_turn()
        if self.cursor is None:
            return self.move(session, 0, 0)
        if session.selected_kind is None:
            session.notice = Notice("pick-first")
            return frozenset({"status"})
        parts = session.click(self.cursor)
        if "board" in parts:  # placed: the cursor stays, the new ghost is none
            self.armed = None
        return parts

    def undo(self, session: Session) -> frozenset[str]:
        self.armed = None
        return session.undo()

    # -- touch -------------------------------------------------------------------------
    def ghost_squares(self, session: Session) -> frozenset[str]:
        """The squares of the ghost a first tap shows (none when no tile is picked, no
        square is armed, or the keyboard's cursor has moved the ghost elsewhere)."""
        kind = session.selected_kind
        armed = self.armed
        if kind is None or armed is None or session.pointed != armed:
            return frozenset()
        geo = session.game.board.geo
        s = geo.names.index(armed)
        move = ghost_move(kind, session.orientation, (s % geo.width, s // geo.width))
        return frozenset(geo.names[y * geo.width + x] for x, y in move.coords
                         if 0 <= x < geo.width and 0 <= y < geo.height)

    def confirms(self, session: Session, square: str) -> bool:
        """Whether a tap on ``square`` is the second tap: on the ghost shown."""
        return square in self.ghost_squares(session)

    def tap(self, session: Session, square: str) -> frozenset[str]:
        """A tap on ``square``: on the ghost a first tap showed, it places (or says why
        not); anywhere else it shows the ghost and its preview there."""
        if self.confirms(session, square):
            anchor = self.armed
            assert anchor is not None
            self.armed = None
            parts = session.click(anchor)
            # placed: no ghost waits at the old place for the next tile picked
            self.cursor = None if "board" in parts else anchor
            return parts
        self.cursor = square
        self.armed = square
        session.look_at(square)
        return frozenset({"overlay", "info", "status"}) | CURSOR


BoardCommand = Callable[[Keys, Session, str], Result]
"""A board command's work: the keys, the game, the command's argument."""

BOARD_COMMANDS: dict[str, BoardCommand] = {
    "cursor": Keys.cursor_by, "jump": Keys.jump_by, "place": Keys.place,
    "select": Keys.pick, "rotate": Keys.turn, "undo": Keys.take_back,
    "pass": Keys.pass_turn, "focus-log": Keys.to_log, "focus-board": Keys.to_board,
    "list-step": Keys.log_step, "escape": Keys.put_back,
}
"""The board's commands, by name, and what each does on the game (``Keys.run``)."""
