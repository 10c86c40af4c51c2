"""The board for screen readers (pure functions of the session; no DOM).

The SVG board is hidden from assistive technology; what it shows is given instead as
an ARIA grid of text cells (``grid_html``), one per square, read through
``aria-activedescendant`` as the keyboard cursor moves: ``"f6: red, Green's major
province of 6"``, ``"c2: village held by White"``, ``"d4: grassland, legal for the
selected tile"``.  ``announcement`` is what the live region says after a move.
"""

from __future__ import annotations

from html import escape

from qin.board import OUT, START, VILLAGE, WATER
from qin.svg import PAGODA_MARKS, TILE_MARKS
from qin.tiles import COLOUR_NAMES, COLOURS

from .session import Session, tile_name

CELL_PREFIX = "cell-"
"""Id of a square's grid cell: ``cell-f6``."""

MARK_WORDS = {"hatch": "hatched", "sun": "sun mark", "waves": "waves"}


def cell_id(square: str) -> str:
    return CELL_PREFIX + square


def square_label(session: Session, square: str, legal: frozenset[str] | None = None) -> str:
    """What is on ``square``, in words; ``legal`` (the squares where the picked tile
    fits, computed once per redraw) adds whether the tile may go there."""
    game = session.game
    board = game.board
    names = session.names
    s = board.geo.names.index(square)
    terrain = board.layout.terrain[s]
    parts: list[str] = []
    if terrain == OUT:
        return f"{square}: off the board"
    if terrain == VILLAGE:
        held = board.village_owner[s]
        parts.append(f"village held by {names[held - 1]}" if held else "empty village")
    elif terrain == WATER:
        parts.append("water")
    elif board.colour[s] >= 0:
        colour = COLOUR_NAMES[board.colour[s]]
        group = game.province_at(square)
        start = " starting space" if terrain == START else ""
        if group is not None and group.owner:
            major = "major province" if group.size >= 5 else "province"
            parts.append(f"{colour}{start}, {names[group.owner - 1]}'s {major} of "
                         f"{group.size}")
        else:
            parts.append(f"{colour}{start}, not a province yet")
    else:
        parts.append("grassland")
    if square in session.last:
        parts.append("last move")
    if legal is not None and session.selected_kind is not None and square in legal:
        parts.append("legal for the selected tile")
    return f"{square}: " + ", ".join(parts)


def grid_html(session: Session) -> str:
    """The board as rows of grid cells (for ``role="grid"``; the cells are visually
    hidden, the SVG shows the same)."""
    board = session.game.board
    geo = board.geo
    legal = frozenset(session.legal_squares())
    rows = []
    for r in range(geo.height):
        cells = []
        for c in range(geo.width):
            name = geo.names[r * geo.width + c]
            if board.layout.terrain[r * geo.width + c] == OUT:
                cells.append(f'<div role="gridcell" id="{cell_id(name)}" '
                             f'data-square="{name}">{name}: off the board</div>')
                continue
            flag = ' data-legal="true"' if name in legal else ""
            cells.append(f'<div role="gridcell" id="{cell_id(name)}" data-square="{name}"'
                         f'{flag}>{escape(square_label(session, name, legal))}</div>')
        rows.append(f'<div role="row">{"".join(cells)}</div>')
    return "".join(rows)


def announcement(session: Session) -> str:
    """The last move's events in words, for the live region (whose turn it is next is
    said by the status line, a live region of its own)."""
    if not session.turns:
        return ""
    turn = session.turns[-1]
    if not turn.lines:
        return f"{session.names[turn.player - 1]} played {turn.move}."
    return " ".join(line.rstrip(".") + "." for line in turn.lines)


def tile_label(kind: str, playable: bool, selected: bool, number: int) -> str:
    """The accessible name of a hand button: ``"Tile 1: red/yellow (hatched and sun
    mark), selected"``."""
    marks = " and ".join(MARK_WORDS[TILE_MARKS[COLOURS.index(c)]] for c in dict.fromkeys(kind))
    state = ", selected" if selected else ("" if playable else ", no place for it now")
    return f"Tile {number}: {tile_name(kind)} ({marks}){state}"


def legend_text() -> str:
    """How colours are marked, for the help text."""
    tiles = ", ".join(f"{COLOUR_NAMES[i]} {MARK_WORDS[m]}" for i, m in enumerate(TILE_MARKS))
    pagodas = ", ".join(f"{c} {m}" for c, m in PAGODA_MARKS.items())
    return f"Tiles: {tiles}. Pagodas: {pagodas}."
