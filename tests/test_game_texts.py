"""The texts the page keeps and gives of a game, byte for byte: its saves (every move's
and every undo's write), its exported files (from the game on screen and from the
"Saved games" list) and its play-by-link addresses (the game's, the review's).

Games of 2, 3 and 4 players on both board sides, named (one with names outside ASCII)
and not, with undos, hints asked, computer seats, finished and under way.  Each case's
texts are pinned by their SHA-256: written once by the page as it was when its record
had a writer of its own (``gamerecord.record_of``), they must stay exactly what they
were (a player's saved games, files and links keep opening as before, and a link to a
game stays the same address)."""

from __future__ import annotations

import hashlib
import random
import sys
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pytest

import qin
from tests.conftest import Clock

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
sys.path.insert(0, str(WEB))

from qin_ui import actions as A  # noqa: E402
from qin_ui import gamerecord, keep, links, players, saves  # noqa: E402
from qin_ui.app import App  # noqa: E402

BASE = "https://example.org/qin/index.html"
CLOCK_START = 1_764_000_000_000.0  # the pinned texts' save times follow from it


@dataclass(frozen=True)
class Case:
    """A game as the page plays it: ``steps`` moves (a seeded random choice), ``undo_run``
    undos in a row (the moves written after each) after every ``undo_every``-th move, to
    the end when ``steps`` is ``None``."""

    board: str
    players: int
    seed: int
    steps: int | None
    names: tuple[str, ...] = ()
    fair_start: bool = False
    kinds: tuple[str, ...] = ()
    hints: tuple[int, ...] = ()
    undo_every: int = 0
    undo_run: int = 1


CASES = {
    "2p bird under way": Case("bird", 2, 11, 25),
    "2p lion finished, names, hints": Case("lion", 2, 12, None, ("Zoë", "李白"),
                                           hints=(0, 2)),
    "3p bird under way, undos, a computer": Case(
        "bird", 3, 13, 30, ("Ann", "Bo", "Cy"), kinds=("human", "governor", "human"),
        hints=(1, 0, 0), undo_every=7),
    "3p lion finished, fair start": Case("lion", 3, 14, None, fair_start=True),
    "4p bird finished, undos, hints": Case("bird", 4, 15, None, ("A", "B", "C", "D"),
                                           hints=(0, 0, 0, 3), undo_every=5),
    "4p lion under way, computers": Case(
        "lion", 4, 16, 18, kinds=("human", "apprentice", "human", "heaven")),
    "2p lion under way, undos three in a row": Case("lion", 2, 17, 40, undo_every=4,
                                                     undo_run=3),
}

PINNED = {
    "2p bird under way":
        "42c74e126da9db02527165a166312891d0c0a08eea30fc0c04d4f6e91ff95bed",
    "2p lion finished, names, hints":
        "1b45f705aa267df2073f9b5b39ccbac55e0d0c4cd04fb738056fc4c79e596d60",
    "3p bird under way, undos, a computer":
        "e6ca2d6af1492ba69fbda55d2ecdf7722775c81ebe165cbfbcf2def4132f5cf8",
    "3p lion finished, fair start":
        "af8a6019f4f5533f0b5593b04feebe01d62998f10ed4e8715fe980387a185628",
    "4p bird finished, undos, hints":
        "530f0dbaaab981c3272b72980a3556bcf9d1263adaaabad1715a57c4538d9e94",
    "4p lion under way, computers":
        "15e237b400875bd86a0e51801227a6c61365f76641db8d11ebe88cc19e2dac08",
    "2p lion under way, undos three in a row":
        "b272d88311bde5eef4432cda35449ba7fc88b819679ada4808c9e4eba50944d8",
}
"""SHA-256 of each case's texts (``texts``), as the page wrote them."""


def texts(case: Case) -> list[str]:
    """Every text the page writes of ``case``'s game: after each move and undo, the save
    stored and the game's link; at the end, the review's link and the exported files
    (the game on screen's and the saved game's)."""
    names = list(case.names) or None
    game = qin.Game.new(board=case.board, players=case.players, seed=case.seed,
                        fair_start=case.fair_start, names=names)
    kinds = list(case.kinds) or ["human"] * case.players
    recorder = partial(gamerecord.record_of, game, case.hints)  # as the page's Session.record
    ui = {"kinds": kinds, "colours": keep.default_colours(case.players), "at_screen": 1,
          "cover": False, "hints_on": True, "hints": list(case.hints)}
    storage = saves.MemoryStorage()
    store = saves.SaveStore(storage, clock=Clock(CLOCK_START), known_kinds=players.KINDS)
    store.new_id = lambda: "case"  # type: ignore[method-assign]
    key = saves.PREFIX + "case"
    ref = store.create(game, ui, recorder=recorder)
    out = [storage.data[key]]
    rng = random.Random(case.seed)
    moved = 0
    while not game.is_over and (case.steps is None or moved < case.steps):
        game.play(rng.choice(game.legal_moves()))
        moved += 1
        if case.undo_every and moved % case.undo_every == 0:
            for _ in range(case.undo_run):
                ref = store.write(ref, game, ui, recorder=recorder)
                out += [storage.data[key], links.link(BASE, recorder, kinds)]
                game.undo()
        ref = store.write(ref, game, ui, recorder=recorder)
        out += [storage.data[key], links.link(BASE, recorder, kinds)]
    out.append(links.review_link(BASE, recorder, kinds, at=len(game.moves) // 2))
    out.append(links.review_link(BASE, recorder, kinds))
    app = App(saves.SaveStore(storage, clock=Clock(CLOCK_START), known_kinds=players.KINDS))
    app.store(app.dispatch(A.Boot(BASE, "")))
    listed = app.store(app.dispatch(A.Command("export-save", "case")))
    out += [e.name + "\n" + e.text for e in listed if isinstance(e, A.Download)]
    app.store(app.dispatch(A.Command("resume", "case")))
    app.store(app.dispatch(A.Command("result-close")))  # a finished game's result shows
    shown = app.store(app.dispatch(A.Command("export")))
    out += [e.text for e in shown if isinstance(e, A.Download)]
    undos = moved // case.undo_every * case.undo_run if case.undo_every else 0
    assert len(out) == 2 * moved + 2 * undos + 5, "a text was not written"
    return out


def digest(parts: list[str]) -> str:
    return hashlib.sha256("\x00".join(parts).encode()).hexdigest()


@pytest.mark.parametrize("name", CASES)
def test_the_page_writes_a_games_saves_files_and_links_as_it_did(name: str) -> None:
    assert digest(texts(CASES[name])) == PINNED[name]


def test_the_cases_cover_what_a_record_can_hold() -> None:
    """2, 3 and 4 players, both sides, finished and under way, undos, names, hints."""
    played = {name: texts(case) for name, case in CASES.items()}
    assert {c.players for c in CASES.values()} == {2, 3, 4}
    assert {c.board for c in CASES.values()} == {"bird", "lion"}
    finished = {name for name, out in played.items() if '"over": true' in out[-6]}
    assert finished == {n for n, c in CASES.items() if c.steps is None}
    assert all(c.undo_every for n, c in CASES.items() if "undos" in n)
    assert any('"hints": [' in out[-1] for out in played.values())
    assert any("李白" in out[-1] for out in played.values())
