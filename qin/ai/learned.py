"""The Son of Heaven: the Emperor's look-ahead, wider, with a learned judgement of positions.

The Emperor's search (``qin.ai.lookahead``) counts the pagodas a line of play moves
and nothing else: two positions with the same pagodas look alike to it, whether its
provinces are one square short of major or open to an absorb.  This level searches
the same kind of lines, more of them (``WIDER``), and adds to every move it examines
what the position after it is worth beyond them: the pagodas the mover may expect to
gain on the others from there to the end of the game, a weighted sum of
``qin.ai.features`` (a linear model fitted on self-play games by ``tools/train_ai.py``),
times ``judge`` (``JUDGE``, a half, in the level).

The weights ship with the engine as ``qin/ai/weights.json`` (pure Python reads them:
no numpy at play time); ``load_weights`` checks the file's format.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Final

from .features import NAMES, Scores, features
from .lookahead import Lookahead, int_options
from .sim import Sim

FORMAT = "qin-learned-evaluation"
VERSION = 2
WEIGHTS_FILE = "weights.json"
MAX_BYTES = 300_000
JUDGE = 0.5
"""The level's scale of the learned value (``Learned.judge``): the search's best moves
are nearly tied, the judgement mostly breaks those ties, and at half its fitted size it
played better against the Emperor than at full size (bench/README.md)."""
WIDER: Final[Mapping[str, float]] = {"width": 14, "shortlist": 24}
"""Where the level's search is wider than the Emperor's (10 moves deepened of a
shortlist of 16): about 1.4x the Emperor's CPU a move, and 0.654 against it over 1,000
new deals where the Emperor's own settings scored 0.635 (bench/README.md)."""


class WeightsError(ValueError):
    """A weights file that is not one this version reads."""


@dataclass(frozen=True)
class Weights:
    """One weight per feature for each player count, and what they were fitted on."""

    by_players: dict[int, tuple[float, ...]]
    trained: dict[str, Any]

    def value(self, players: int, row: list[float]) -> float:
        """The pagodas the model expects the mover to gain on the others from the
        position of ``row`` to the end of the game."""
        return sum(w * x for w, x in zip(self.by_players[players], row, strict=True))


def parse_weights(text: str) -> Weights:
    """A weights file's contents, checked: its format, version, feature names, and a
    finite weight per feature for 2, 3 and 4 players."""
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise WeightsError(f"the weights file is larger than {MAX_BYTES} bytes")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise WeightsError(f"the weights file is not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise WeightsError(f"not a weights file (its format should be {FORMAT!r})")
    if data.get("version") != VERSION:
        raise WeightsError(f"weights version {data.get('version')!r}; this engine reads "
                           f"version {VERSION}")
    if data.get("features") != list(NAMES):
        raise WeightsError("the weights file names other features than this engine's")
    players = data.get("players")
    if not isinstance(players, dict):
        raise WeightsError("the weights file has no weights per player count")
    by_players: dict[int, tuple[float, ...]] = {}
    for count in (2, 3, 4):
        row = players.get(str(count))
        if (not isinstance(row, list) or len(row) != len(NAMES)
                or not all(isinstance(w, (int, float)) and not isinstance(w, bool)
                           and abs(w) < 1e6 for w in row)):
            raise WeightsError(f"the weights for {count} players are not "
                               f"{len(NAMES)} numbers")
        by_players[count] = tuple(float(w) for w in row)
    trained = data.get("trained", {})
    return Weights(by_players, trained if isinstance(trained, dict) else {})


@lru_cache(maxsize=4)
def read_weights(path: str) -> Weights:
    """A weights file other than the shipped one (a candidate to measure: ``python -m
    qin.arena heaven emperor --weights-a FILE``), checked as ``parse_weights`` does."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise WeightsError(f"cannot read the weights file {path}: {exc}") from None
    return parse_weights(text)


@lru_cache(maxsize=1)
def load_weights() -> Weights:
    """The weights shipped with the engine (read once)."""
    text = resources.files(__package__).joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    return parse_weights(text)


class Learned(Lookahead):
    """The Emperor's search, each examined position also judged by the learned model
    (``judge`` scales the judgement)."""

    def __init__(self, iterations: int | None = None, *, judge: float = 1.0,
                 weights: Weights | None = None, **options: Any) -> None:
        super().__init__(iterations, **options)
        self.judge = judge
        self.weights = weights if weights is not None else load_weights()

    @classmethod
    def son_of_heaven(cls, iterations: int | None = None,
                      tuning: Mapping[str, float] | None = None,
                      weights: Weights | None = None) -> Learned:
        """The level: the Emperor's search settings made wider (``WIDER``), judging with
        ``weights`` (the shipped ones by default) at the scale ``JUDGE``; ``tuning`` as
        for the Emperor, and ``judge``."""
        options: dict[str, float] = {"width": 10, "replies": 3, "shortlist": 16,
                                     "guard": 8, "spoil": 1, "judge": JUDGE, **WIDER}
        options.update(tuning or {})
        return cls(iterations, weights=weights, **int_options(options))

    def positional(self, after: Sim, me: int, unseen: int, mine: Scores,
                   theirs: Scores) -> float:
        return self.judge * self.weights.value(after.players,
                                               features(after, me, unseen, mine, theirs))
