"""The board for screen readers (pure functions of the session; no DOM).

The SVG board is hidden from assistive technology; what it shows is given instead as
an ARIA grid of text cells (``grid_html``), one per square, read through
``aria-activedescendant`` as the keyboard cursor moves: ``"f6: red, Green's major
province of 6"``, ``"c2: village held by White, pagodas next to it: Green 1, White 2"``,
``"d4: grassland, legal for the selected tile"``.  ``announcement`` is what the live
region says after a move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from html import escape

from qin.board import OUT, START, VILLAGE, WATER
from qin.svg import PAGODA_MARKS, TILE_MARKS, seat_square
from qin.tiles import COLOURS

from . import i18n
from .i18n import t
from .session import Session
from .wording import move_words, tally_text, tile_name, turn_lines

CELL_PREFIX = "cell-"
"""Id of a square's grid cell: ``cell-f6``."""

MARK_WORDS = {"hatch": "hatched", "sun": "sun mark", "waves": "waves"}
"""The tiles' non-colour marks in English (``mark_word``: in the page's language)."""


def mark_word(mark: str) -> str:
    key = f"a11y.mark.{mark}"
    return t(key) if i18n.has(key) else MARK_WORDS.get(mark, mark)


def cell_id(square: str) -> str:
    return CELL_PREFIX + square


def square_label(session: Session, square: str, legal: frozenset[str] | None = None,
                 said: str | None = None) -> str:
    """What is on ``square``, in words; ``legal`` (the squares where the picked tile
    fits, computed once per redraw) adds whether the tile may go there; ``said``: what
    ``square_words`` says of it, where it is known already."""
    label = square_words(session, square) if said is None else said
    if legal is not None and square in legal and session.selected_kind is not None:
        label += ", " + t("a11y.legal")
    return label


def square_words(session: Session, square: str) -> str:
    """What is on ``square``, in words, whatever tile is picked (the same until a move,
    the last move's squares or the language change)."""
    game = session.game
    board = game.board
    names = session.shown_names()
    s = board.geo.names.index(square)
    terrain = board.layout.terrain[s]
    parts: list[str] = []
    if terrain == OUT:
        return t("a11y.off", square=square)
    if terrain == VILLAGE:
        held = board.village_owner[s]
        parts.append(t("a11y.village.held", name=names[held - 1]) if held
                     else t("a11y.village.empty"))
        parts.append(t("a11y.village.tally",
                       counts=tally_text(session, game.village_tally(square))))
    elif terrain == WATER:
        parts.append(t("a11y.water"))
    elif board.colour[s] >= 0:
        colour = i18n.colour(COLOURS[board.colour[s]])
        group = game.province_at(square)
        parts.append(t("a11y.start", colour=colour) if terrain == START else colour)
        if group is not None and group.owner:
            key = "a11y.major" if group.size >= 5 else "a11y.province"
            parts.append(t(key, whose=i18n.whose(names[group.owner - 1]), size=group.size))
            if s == seat_square(board, group):  # where the SVG draws it
                parts.append(t("a11y.pagoda.double" if group.pagodas == 2
                               else "a11y.pagoda.single"))
        else:
            parts.append(t("a11y.not_province"))
    else:
        parts.append(t("a11y.grassland"))
    if square in session.last:
        parts.append(t("a11y.last"))
    return f"{square}: " + ", ".join(parts)


def grid_html(session: Session) -> str:
    """The board as rows of grid cells (for ``role="grid"``; the cells are visually
    hidden, the SVG shows the same)."""
    return grid_frame(grid_cells(session))[0]


def board_words(session: Session) -> dict[str, str]:
    """``square_words`` of every square on the board."""
    board = session.game.board
    return {name: square_words(session, name) for s, name in enumerate(board.geo.names)
            if board.layout.terrain[s] != OUT}


def grid_cells(session: Session,
               said: Mapping[str, str] | None = None) -> list[tuple[str, str, str]]:
    """``grid_html`` as keyed items: each row holds its cells (each row and each cell
    with its ``data-part``), as (row, cell, the cell's HTML); ``said``: the squares'
    ``square_words``, where they are known already."""
    board = session.game.board
    geo = board.geo
    legal = frozenset(session.legal_squares())
    cells = []
    for r in range(geo.height):
        for c in range(geo.width):
            name = geo.names[r * geo.width + c]
            if board.layout.terrain[r * geo.width + c] == OUT:
                label = t("a11y.off", square=name)
                flag = ""
            else:
                flag = ' data-legal="true"' if name in legal else ""
                label = square_label(session, name, legal, said.get(name) if said else None)
            cells.append((f"row-{r + 1}", name, _cell(name, flag, label)))
    return cells


@lru_cache(maxsize=4096)
def _cell(name: str, flag: str, label: str) -> str:
    """One cell of the grid (kept: most cells say the same after a move or a pick)."""
    return (f'<div role="gridcell" id="{cell_id(name)}" data-square="{name}"{flag} '
            f'data-part="{name}">{escape(label)}</div>')


def grid_frame(cells: Sequence[tuple[str, str, str]]) -> tuple[str, str]:
    """``grid_cells`` as the grid's HTML, and its frame (the rows)."""
    rows: dict[str, list[str]] = {}
    for row, _, html in cells:
        rows.setdefault(row, []).append(html)
    html = "".join(f'<div role="row" data-part="{row}">{"".join(inside)}</div>'
                   for row, inside in rows.items())
    frame = "".join(f'<div role="row" data-part="{row}"></div>' for row in rows)
    return html, frame


def announcement(session: Session) -> str:
    """The last move's events in words, for the live region (whose turn it is next is
    said by the status line, a live region of its own)."""
    if not session.turns:
        return ""
    turn = session.turns[-1]
    if not turn_lines(turn):
        return t("a11y.played", who=session.shown_names()[turn.player - 1],
                 move=move_words(turn.move))
    return " ".join(line.rstrip(".") + "." for line in turn_lines(turn))


def tile_label(kind: str, playable: bool, selected: bool, number: int) -> str:
    """The accessible name of a hand button: ``"Tile 1: red/yellow (hatched and sun
    mark), selected"``."""
    marks = i18n.join([mark_word(TILE_MARKS[COLOURS.index(c)]) for c in dict.fromkeys(kind)])
    key = "a11y.tile.selected" if selected else ("a11y.tile" if playable
                                                 else "a11y.tile.unplayable")
    return t(key, n=number, tile=tile_name(kind), marks=marks)


def legend_text() -> str:
    """How colours are marked, for the help text."""
    tiles = ", ".join(f"{i18n.colour(COLOURS[i])} {mark_word(m)}"
                      for i, m in enumerate(TILE_MARKS))
    pagodas = ", ".join(f"{i18n.pagoda_colour(c)} {mark_word(m)}"
                        for c, m in PAGODA_MARKS.items())
    return t("a11y.legend", tiles=tiles, pagodas=pagodas)
