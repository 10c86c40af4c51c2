"""A plain-text picture of a game for the terminal.

    print(render(game))

Each square is one short token in a column under its letter, rows numbered down the
left: ``.`` grassland, ``~`` water, blank for no square, ``v`` an empty village and
``v2`` one held by player 2, ``R Y B`` printed starting territories and ``r y b`` tile
halves; a square of a province carries its owner's digit (``r1``) and a major
province's squares (double pagoda, Q14) a ``*`` (``r1*``).  Below: a legend and the
status (who is to move or who won, supplies, hands when visible).
"""

from __future__ import annotations

from .board import GRASS, OUT, START, VILLAGE, WATER
from .errors import HiddenInformation
from .game import Game
from .geometry import LETTERS
from .tiles import COLOURS

LEGEND = ("R Y B printed territory, r y b tile half, digit: owner, *: major province "
          "(double pagoda), v: village (digit: holder), ~ water, . grassland")

_ANSI = {"R": "\x1b[31m", "Y": "\x1b[33m", "B": "\x1b[34m"}
_RESET = "\x1b[0m"
_CELL = 3


def square_tokens(game: Game) -> list[list[str]]:
    """The board as rows of tokens (see the module's docstring), without colour."""
    board = game.board
    geo, terrain = board.geo, board.layout.terrain
    rows: list[list[str]] = []
    for r in range(geo.height):
        row = []
        for s in range(r * geo.width, (r + 1) * geo.width):
            c = board.colour[s]
            t = terrain[s]
            if c >= 0:
                letter = COLOURS[c] if t == START else COLOURS[c].lower()
                g = board.gid[s]
                group = board.groups.get(g) if g >= 0 else None
                if group is not None and group.owner:
                    letter += str(group.owner) + ("*" if group.pagodas >= 2 else "")
                row.append(letter)
            elif t == VILLAGE:
                held = board.village_owner[s]
                row.append("v" + (str(held) if held else ""))
            else:
                row.append({GRASS: ".", WATER: "~", OUT: ""}.get(t, "?"))
        rows.append(row)
    return rows


def render(game: Game, colour: bool = False, legend: bool = True) -> str:
    """The board with column letters and row numbers, then (with ``legend``) the legend
    and the status lines.  ``colour`` adds ANSI colours to the coloured squares."""
    geo = game.board.geo
    margin = len(str(geo.height))
    lines = [" " * (margin + 2) + " ".join(f"{LETTERS[x]:<{_CELL}}" for x in range(geo.width))
             .rstrip()]
    for r, row in enumerate(square_tokens(game)):
        cells = []
        for token in row:
            cell = f"{token:<{_CELL}}"
            if colour and token and token[0].upper() in _ANSI:
                cell = _ANSI[token[0].upper()] + token + _RESET + " " * (_CELL - len(token))
            cells.append(cell)
        lines.append(f"{r + 1:>{margin}}  " + " ".join(cells).rstrip())
    if legend:
        lines.append("")
        lines.append(LEGEND)
        lines.extend(status_lines(game))
    return "\n".join(lines) + "\n"


def status_lines(game: Game) -> list[str]:
    """Whose turn (or the result), the supplies, the hands that can be seen, the pile."""
    names = game.names
    players = range(1, game.players + 1)
    title = f"{(game.board_name or 'Position').capitalize()}, {game.players} players"
    if game.is_over:
        won = " and ".join(names[p - 1] for p in game.winners)
        verb = "wins" if len(game.winners) == 1 else "share the win"
        state = f"Game over: {won} {verb}." if game.winners else "Game over."
    else:
        state = f"{names[game.to_move - 1]} to move."
    lines = [f"{title}. {state}",
             "Pagodas left: " + ", ".join(f"{names[p - 1]} {game.supply(p)}" for p in players)]
    if game.analysis:
        lines.append("No hands (analysis): any tile may be placed.")
    else:
        hands = []
        for p in players:
            try:
                tiles = " ".join(game.hand(p)) or "no tiles"
            except HiddenInformation:
                n = game.hand_size(p)
                tiles = f"{n} hidden tile{'s' if n != 1 else ''}"
            hands.append(f"{names[p - 1]} {tiles}")
        lines.append("Hands: " + "; ".join(hands))
        if game.pile_count or game.seed is not None:
            lines.append(f"Tiles left to draw: {game.pile_count}")
    return lines
