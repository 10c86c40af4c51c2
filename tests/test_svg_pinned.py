"""Every way to the board's drawing draws the same bytes as when these digests were taken:
``qin.svg.render_svg`` with each of its options, ``render_keyed`` as the game page asks
for it, ``render_overlay`` (a ghost, what it would do, a focus, a tally), the embedded
diagrams (``web/embed/qin_embed.py``), the pieces the diagrams'
first drawing is pasted from (``qin/svg_parts.py``) and ``qin svg``.  A change meant to
draw otherwise takes new digests (``python -m pytest tests/test_svg_pinned.py`` says
which); one meant to draw the same must leave them all.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import qin
from qin.svg import BoardOptions, render_keyed, render_overlay, render_svg
from qin.svg_parts import board_parts_json

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web" / "embed"))
import qin_embed  # noqa: E402  (web/embed is not a package)

SMALL = """players: 2
to-move: 1
. . . . .
. r1 r r .
. r r . v2
. y2 y . .
. . . . .
"""


def mid_game() -> qin.Game:
    """A Bird game of three, twelve moves in (each the first legal one)."""
    game = qin.Game.new(board="bird", players=3, seed=4)
    for _ in range(12):
        game.play(game.legal_moves()[0])
    return game


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def drawn(source: qin.Game | str, options: BoardOptions) -> str:
    return render_svg(source, options)


small = qin.Game.from_position(SMALL)
CASES: dict[str, tuple[Callable[[], str], str]] = {
    "bird, the start": (lambda: drawn(qin.Game.new(board="bird", players=2, seed=1),
                                      BoardOptions()), "5362b0fb67d2a68b"),
    "lion, sized, no coordinates": (lambda: drawn(
        qin.Game.new(board="lion", players=3, seed=2),
        BoardOptions(size=520, coords=False)), "e855d3329bece815"),
    "squares marked, colours, names, label, unstyled": (lambda: drawn(
        mid_game(), BoardOptions(
            highlight=["c3"], legal=["a1", "b1"], last=["g6", "h6"],
            names=["Ann", "Bo", "Cy"], colours=["orange", "#123456"], style=False,
            label="A board")), "1c5c74ac07156faa"),
    "a ghost and its preview": (lambda: drawn(small, BoardOptions(
        ghost="Rd3Yd4", ghost_ok=True,
        preview=small.preview(qin.Move.parse("Rd3Yd4")))), "237adcb24c24f84e"),
    "a move, as qin svg --move names it": (lambda: drawn(small, BoardOptions(
        move="Rd3Yd4")), "237adcb24c24f84e"),
    "a refused ghost": (lambda: drawn(small, BoardOptions(
        ghost="Rd3Re3", ghost_ok=False)), "d66f788cf7f0f3fd"),
    "a province in focus, a village's tally": (lambda: drawn(small, BoardOptions(
        focus=["b2", "c2", "d2"], focus_owner=1, tally_at="e3", tally={1: 2, 2: 1})),
        "7ac0aebf8eddfd07"),
    "position text": (lambda: drawn(SMALL, BoardOptions()), "18005a0dabbaf842"),
}


def page_board() -> str:
    """The game page's board (``qin_ui.render``'s call): keyed, its frame and items."""
    game = mid_game()
    legal = sorted({sq for m in game.legal_moves() if not m.is_pass for sq in m.squares})
    drawing = render_keyed(game, BoardOptions(
        legal=legal, last=game.moves[-1].squares, colours=["green", "white", "purple"],
        names=["Green", "White", "Purple"], label="The board", style=False))
    return "\n".join([drawing.html, drawing.frame, *("|".join(i) for i in drawing.items)])


def embedded() -> str:
    """A diagram as ``qin_embed`` draws it (moves, an illegal one, highlights)."""
    game = qin.Game.new(board="bird", players=2, seed=3)
    moves = [str(game.legal_moves()[0]), "Rz9Rz8"]
    request: dict[str, Any] = {"position": game.to_position(), "lang": "de",
                               "moves": moves, "highlight": ["d4"],
                               "colours": ["purple", "orange"]}
    return str(qin_embed.render(request)["svg"])


def command_line(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "qin", "svg", *args], capture_output=True,
                          text=True, encoding="utf-8", timeout=60, check=True,
                          env={"PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8",
                               "PATH": "/usr/bin:/bin"})
    return done.stdout


def overlays() -> str:
    """``render_overlay``'s markup for each of its options, as the game page and the
    diagrams ask for it."""
    game = mid_game()
    best = str(game.legal_moves()[0])
    return "\n".join([
        render_overlay(small, BoardOptions(
            ghost="Rd3Yd4", ghost_ok=True, preview=small.preview(qin.Move.parse("Rd3Yd4")))),
        render_overlay(small, BoardOptions(ghost="Rd3Yd4")),
        render_overlay(small, BoardOptions(
            ghost="Rd3Re3", ghost_ok=False, colours=["orange", "#123456"], coords=False)),
        render_overlay(small, BoardOptions(ghost="Rd3Yd4", ghost_ok=True, preview=[])),
        render_overlay(small, BoardOptions(ghost="Rz9Rz8", ghost_ok=False)),
        render_overlay(small, BoardOptions(
            focus=["b2", "c2", "d2"], focus_owner=2, tally_at="e3",
            tally=small.village_tally("e3"), colours=["purple"])),
        render_overlay(game, BoardOptions(
            ghost=best, ghost_ok=True, preview=game.preview(best),
            colours=["green", "white", "purple"], focus=["c3"], focus_owner=3)),
    ])


def embedded_previews() -> str:
    """A diagram's tried moves as ``qin_embed`` draws them over its board (a legal one
    and a refused one)."""
    request: dict[str, Any] = {"position": SMALL, "lang": "en", "moves": [],
                               "colours": ["purple", "orange"], "coords": False}
    return "\n".join(str(qin_embed.preview({**request, "move": move})["overlay"])
                     for move in ("Rd3Yd4", "Rd3Re3"))


OTHERS: dict[str, tuple[Callable[[], str], str]] = {
    "the game page's board": (page_board, "5ecf3e42ecb3406e"),
    "an embedded diagram": (embedded, "7b85c47db9b116c8"),
    "the diagrams' pieces": (board_parts_json, "65ed583388898abd"),
    "overlays": (overlays, "8992a13681c23c53"),
    "a diagram's tried moves": (embedded_previews, "e837c199d35f7d19"),
}


@pytest.mark.parametrize("name", [*CASES, *OTHERS])
def test_a_drawing_is_the_one_pinned(name: str) -> None:
    draw, pinned = {**CASES, **OTHERS}[name]
    assert digest(draw()) == pinned


def test_qin_svg_draws_the_one_pinned(tmp_path: Path) -> None:
    position = tmp_path / "small.txt"
    position.write_text(SMALL, encoding="utf-8")
    assert digest(command_line(str(position))) == "da383b044c9c1583"
    assert digest(command_line(str(position), "--size", "300", "--move", "Rd3Yd4")) == \
        "9d2af71383de758f"
