"""A saved game holding a long series (Q19) is read with each of its games replayed once:
on import, on every start that resumes the save, and on every screen drawn after.

The file is the crafted one of a hostile test: a ``qin-save/2`` whose series holds 160
finished games (about 120 KB, below the 256 KB limit).  Before, reading it replayed every
earlier game again for each game it added and again on every drawing of the series'
totals: minutes of work on the page.  The work is counted (moves played), not timed;
the time is printed.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import qin

WEB = Path(__file__).resolve().parent.parent / "web" / "page"
sys.path.insert(0, str(WEB))

import host  # noqa: E402
from qin_ui.saves import PREFIX, MemoryStorage, SaveStore  # noqa: E402
from qin_ui.seriesplan import SeriesState  # noqa: E402

from tests.test_host import CATALOGUE, FORM  # noqa: E402

GAMES = 160
NAMES = ["Ann", "Bob"]


def finished(seed: int) -> qin.Game:
    game = qin.Game.new(board="bird" if seed % 2 else "lion", players=2, seed=seed,
                        names=NAMES)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


def crafted_save(games: int = GAMES) -> str:
    """A ``qin-save/2`` of an unfinished game whose series holds ``games`` finished games."""
    records = [finished(seed).record() for seed in range(games)]
    storage = MemoryStorage()
    now = qin.Game.new(board="bird", players=2, seed=999, names=NAMES)
    ref = SaveStore(storage).create(now, {"kinds": ["human", "human"],
                                          "colours": ["green", "white"], "at_screen": 1,
                                          "cover": False}, recorder=now.record)
    data = json.loads(storage.data[PREFIX + ref.id])
    data["series"] = {"plan": "four", "boards": ["bird", "lion"] * games,
                      "games": records}
    return json.dumps(data, separators=(",", ":"))


@pytest.fixture(scope="module")
def text() -> str:
    return crafted_save()


class Plays:
    """Counts the moves the engine plays (``Game.play``): a replay plays each move once."""

    def __init__(self) -> None:
        self.count = 0


@pytest.fixture
def plays(monkeypatch: pytest.MonkeyPatch) -> Iterator[Plays]:
    counter = Plays()
    play = qin.Game.play

    def counted(game: qin.Game, move: qin.Move | str) -> list[qin.Event]:
        counter.count += 1
        return play(game, move)

    monkeypatch.setattr(qin.Game, "play", counted)
    yield counter


def moves_in(text: str) -> int:
    return sum(len(r["moves"]) for r in json.loads(text)["series"]["games"])


def test_the_crafted_file_is_within_the_limits(text: str) -> None:
    assert 100_000 < len(text) < 256 * 1024, len(text)
    assert len(json.loads(text)["series"]["games"]) == GAMES


def test_a_series_state_replays_each_game_once_however_often_it_is_shown(
        text: str, plays: Plays) -> None:
    started = time.process_time()
    state = SeriesState.from_dict(json.loads(text)["series"])
    for _ in range(5):
        state.summary()
        state.totals()
        state.winners()
    took = time.process_time() - started
    print(f"\n{GAMES} games read and shown 5 times: {plays.count} moves played "
          f"({moves_in(text)} in the records), {took * 1000:.0f} ms CPU")
    assert len(state.games) == GAMES
    assert plays.count == moves_in(text)


def test_importing_and_resuming_the_file_replays_each_game_once(text: str,
                                                                plays: Plays) -> None:
    storage: dict[str, str] = {}
    h = host.Host.open(storage)
    h.handle({"t": "start", "href": "http://localhost/", "hash": "", "storage": {},
              "handed": "", "lang": "en", "catalogue": CATALOGUE, "form": FORM})
    plays.count = 0
    started = time.process_time()
    h.handle({"t": "file", "text": text, "name": "series.json"})
    imported, took = plays.count, time.process_time() - started
    assert h.app.state.game.series is not None
    assert len(h.app.state.game.series.games) == GAMES
    mirror = h.app.saves.storage  # what the shell's storage holds after the reply
    assert isinstance(mirror, host.MirrorStorage)
    storage = dict(mirror.data)
    assert any(key.startswith(PREFIX) for key in storage)

    plays.count = 0
    started = time.process_time()
    again = host.Host.open(storage)  # a reload: the page starts on the game left open
    again.handle({"t": "start", "href": "http://localhost/", "hash": "", "storage": {},
                  "handed": "", "lang": "en", "catalogue": CATALOGUE, "form": FORM})
    reloaded, took_again = plays.count, time.process_time() - started
    print(f"\nimport: {imported} moves played in {took * 1000:.0f} ms CPU; reload: "
          f"{reloaded} in {took_again * 1000:.0f} ms CPU ({moves_in(text)} moves in the "
          "series' records)")
    assert again.app.state.game.series is not None
    assert len(again.app.state.game.series.games) == GAMES
    assert imported <= moves_in(text)
    assert reloaded <= moves_in(text)
