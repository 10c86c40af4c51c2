"""The self-test page's Python: proves that Python runs and the qin wheel works.

Kept apart from the game's main.py so the infrastructure can be checked on
any host (open /selftest.html) whatever the UI does. e2e/test_boot.py reads
the elements it writes.
"""

import sys

from pyscript import document

import qin


def show(element_id: str, text: str, attributes: dict[str, str] | None = None) -> None:
    p = document.createElement("p")
    p.id = element_id
    p.textContent = text
    for name, value in (attributes or {}).items():
        p.setAttribute(name, value)
    document.getElementById("app").append(p)


show(
    "engine-package",
    f"Python {sys.version.split()[0]} is running; the {qin.__name__} package is loaded.",
    {"data-package": qin.__name__, "data-version": getattr(qin, "__version__", "")},
)
if hasattr(qin, "Game"):
    game = qin.Game.new(board="bird", players=2, seed=1)
    moves = len(game.legal_moves())
    show(
        "engine-game",
        f"A new 2-player game on the bird board (seed 1) has {moves} legal moves.",
        {"data-legal-moves": str(moves)},
    )
