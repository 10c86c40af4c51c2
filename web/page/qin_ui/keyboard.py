"""Keyboard and touch play: a cursor over the board and the keys that act (no DOM).

``Keys.press`` turns one key press into ``Session`` actions and returns the page parts
that changed plus, when the page must move the focus, a *command*:

==================  ================================================================
Arrow keys          move the cursor (on the board); the cursor square is "hovered",
                    so the ghost, its preview and the square's info show there
N / Shift+N         jump the cursor to the next / previous legal square
1, 2, 3             pick that tile of the hand (again: put it back)
R / Shift+R         turn the picked tile (back)
Enter or Space      place the tile on the cursor square (on the board); pass when
                    only a pass is legal
P                   pass (when only a pass is legal)
U or Ctrl+Z         undo
L                   command ``"log"``: focus the list of moves
B                   command ``"board"``: focus the board
Escape              put the picked tile back; with none picked, command ``"leave"``
                    (the focus leaves the board: no keyboard trap)
==================  ================================================================

``Keys.tap`` is a tap on a touch screen: the first tap on a square shows the ghost and
its preview there (or the square's info), a second tap on the same square places.
"""

from __future__ import annotations

from dataclasses import dataclass

from .i18n import t
from .session import NOTHING, Session

ARROWS = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1),
          "ArrowUp": (0, -1)}
CURSOR = frozenset({"cursor"})
"""The extra part: the cursor moved (the page moves its focus mark)."""


@dataclass
class Result:
    parts: frozenset[str] = NOTHING
    command: str = ""  # "", "log", "board", "leave", "handled"
    handled: bool = False  # the page should preventDefault()


class Keys:
    """The cursor and the armed square of a touch screen, for one session."""

    def __init__(self) -> None:
        self.cursor: str | None = None
        self.armed: str | None = None

    def reset(self) -> None:
        self.cursor = None
        self.armed = None

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

    def _after_action(self, session: Session, parts: frozenset[str]) -> frozenset[str]:
        """Keep the ghost under the cursor after a pick or a turn."""
        if self.cursor is not None and parts:
            session.hover_state = session._hover_at(self.cursor)  # noqa: SLF001
            return parts | {"overlay", "info"} | CURSOR
        return parts

    # -- keys --------------------------------------------------------------------------
    def press(self, session: Session, key: str, *, shift: bool = False, ctrl: bool = False,
              on_board: bool = False) -> Result:
        """One key press (``key`` as ``KeyboardEvent.key``)."""
        lower = key.lower()
        if ctrl:
            if lower == "z":
                return Result(self._undo(session), handled=True)
            return Result()
        if key in ARROWS:
            if not on_board:
                return Result()
            dx, dy = ARROWS[key]
            return Result(self.move(session, dx, dy), handled=True)
        if on_board and key in ("Enter", " "):
            return Result(self.enter(session), handled=True)
        if lower == "n" and on_board:
            return Result(self.jump(session, -1 if shift else 1), handled=True)
        if key in ("1", "2", "3"):
            return Result(self._after_action(session, session.select(int(key) - 1)),
                          handled=True)
        if lower == "r":
            return Result(self._after_action(session, session.rotate(-1 if shift else 1)),
                          handled=True)
        if lower == "u":
            return Result(self._undo(session), handled=True)
        if lower == "p":
            return Result(session.pass_turn(), handled=True)
        if lower == "l":
            return Result(command="log", handled=True)
        if lower == "b":
            return Result(command="board", handled=True)
        if key == "Escape":
            if session.selected_kind is not None:
                return Result(self._after_action(session, session.select(None)),
                              handled=True)
            return Result(command="leave" if on_board else "")
        return Result()

    def enter(self, session: Session) -> frozenset[str]:
        """Enter on the board: place on the cursor square (or pass when that is all)."""
        if session.must_pass:
            return session.pass_turn()
        if self.cursor is None:
            return self.move(session, 0, 0)
        if session.selected_kind is None:
            session.notice = t("keys.pick_first")
            return frozenset({"status"})
        parts = session.click(self.cursor)
        if "board" in parts:  # placed: the cursor stays, the new ghost is none
            self.armed = None
        return parts

    def _undo(self, session: Session) -> frozenset[str]:
        self.armed = None
        return session.undo()

    # -- touch -------------------------------------------------------------------------
    def tap(self, session: Session, square: str) -> frozenset[str]:
        """A tap on ``square``: the first shows what would happen, the second places."""
        self.cursor = square
        if self.armed == square and session.selected_kind is not None:
            self.armed = None
            return session.click(square)
        self.armed = square
        session.hover_state = session._hover_at(square)  # noqa: SLF001
        return frozenset({"overlay", "info", "status"}) | CURSOR
