"""Shared helpers for the rules tests: positions from small board fragments.

Positions follow spec/notation.md: ``.`` grassland, ``-`` outside the board, ``v``
villages, ``R Y B`` starting territories, ``r y b`` tile halves, a digit after a
province square or a village names its owner.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

import qin
from qin.tiles import PAGODAS


class Clock:
    """A test's clock for the page's saves: milliseconds from ``start``, one second
    later at each call (so each save is newer than the last)."""

    def __init__(self, start: float = 1_700_000_000_000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        self.t += 1000
        return self.t


@pytest.fixture
def records_written(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each game record written (``qin.Game.record``) while the test runs, by the number
    of moves its game had played; a test clears it before the part it counts."""
    written: list[int] = []
    real = qin.Game.record

    def counted(self: qin.Game) -> dict[str, Any]:
        written.append(len(self.moves))
        return real(self)

    monkeypatch.setattr(qin.Game, "record", counted)
    return written


def position(grid: str, *, players: int = 2, to_move: int = 1,
             hands: Sequence[str] | None = None, filler: dict[int, int] | None = None,
             extra: Iterable[str] = ()) -> str:
    """Position text from a grid fragment.

    ``hands`` gives each player's hand line (``["RY BB", ""]``); without it the position
    is in analysis mode.  ``filler`` = {player: n} appends a row, cut off from the
    fragment by a row of ``-``, (rows) holding ``n`` villages of that player: a way to bring a
    player's supply down to a chosen number (Q2, Q16) without touching the fragment.
    """
    rows = [line.split() for line in textwrap.dedent(grid).strip().splitlines()]
    width = len(rows[0])
    fill = [f"v{p}" for p, n in sorted((filler or {}).items()) for _ in range(n)]
    if fill:
        width = max(width, 12)
        rows = [row + ["-"] * (width - len(row)) for row in rows]
        rows.append(["-"] * width)
        for i in range(0, len(fill), width):
            chunk = fill[i:i + width]
            rows.append(chunk + ["-"] * (width - len(chunk)))
    lines = [f"players: {players}", f"to-move: {to_move}"]
    if hands is not None:
        lines += [f"hand-{p}: {h}".rstrip() for p, h in enumerate(hands, 1)]
    lines += list(extra)
    lines += [" ".join(row) for row in rows]
    return "\n".join(lines) + "\n"


def game(grid: str, **kwargs: object) -> qin.Game:
    """``Game.from_position(position(grid, ...))``."""
    return qin.Game.from_position(position(grid, **kwargs))  # type: ignore[arg-type]


def with_supply(grid: str, supplies: dict[int, int], *, players: int = 2,
                **kwargs: object) -> qin.Game:
    """A game on ``grid`` where each player in ``supplies`` has exactly that many
    pagodas left (their villages in the filler row make up the difference)."""
    probe = game(grid, players=players, **kwargs)
    filler = {p: probe.supply(p) - left for p, left in supplies.items()}
    g = game(grid, players=players, filler=filler, **kwargs)
    for p, left in supplies.items():
        assert g.supply(p) == left
    return g


def kinds(events: Iterable[qin.Event]) -> list[str]:
    return [e.kind for e in events]


def only(events: Iterable[qin.Event], kind: str) -> list[qin.Event]:
    return [e for e in events if e.kind == kind]


def group(g: qin.Game, square: str) -> tuple[str, int, int, tuple[str, ...]]:
    """(colour letter, owner, pagodas, squares) of the group on ``square``."""
    grp = g.province_at(square)
    assert grp is not None, f"nothing on {square}"
    return "RYB"[grp.colour], grp.owner, grp.pagodas, g.square_names(grp.squares)


def pagodas_in_play(g: qin.Game) -> list[int]:
    """Per player: pagodas counted on the board (provinces, doubles as 2, villages)
    plus the supply; always the starting number (Q2)."""
    return [g.board.on_board(p) + g.supply(p) for p in range(1, g.players + 1)]


def start_count(players: int) -> int:
    return PAGODAS[players]


def unchanged(g: qin.Game, move: str) -> qin.IllegalMove:
    """Play an illegal ``move``: it raises ``IllegalMove`` and leaves ``g`` unchanged."""
    before = (g.to_position(), [str(m) for m in g.legal_moves()], len(g.moves),
              [g.supply(p) for p in range(1, g.players + 1)])
    try:
        g.play(move)
    except qin.IllegalMove as exc:
        after = (g.to_position(), [str(m) for m in g.legal_moves()], len(g.moves),
                 [g.supply(p) for p in range(1, g.players + 1)])
        assert after == before
        return exc
    raise AssertionError(f"{move} was played but should be illegal")


def village(g: qin.Game, square: str) -> int:
    """The player holding the village on ``square`` (0: empty)."""
    return g.board.village_owner[g.board.geo.names.index(square)]


def children_cpu() -> float:
    """CPU seconds used so far by this process's finished child processes: what a check
    that a subprocess refuses at once measures (the wall clock moves with the load)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


NODE = shutil.which("node")


def node_json(program: str) -> Any:
    """Run ``program`` (an ES module's text) under Node and read what it printed as JSON:
    how the tests call the page's pure JavaScript modules.  Without Node a bare
    ``pytest tests`` skips; CI, whose site build needs Node, fails."""
    if NODE is None:
        if os.environ.get("CI"):
            pytest.fail("node is not installed (the site's build needs it)")
        pytest.skip("node is not installed (the site's build needs it)")
    result = subprocess.run([NODE, "--input-type=module", "-e", program], capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)
