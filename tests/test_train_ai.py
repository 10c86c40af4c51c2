"""tools/train_ai.py: what each self-play position is fitted on.

Every position the learned evaluation is trained on keeps the mover's margin gained
to the end of the game and the margin gained beyond the mover's next move (the part
the Son of Heaven's search does not already count), and with ``--rollouts`` some keep
the mean gain over games played out from there; ``--target`` picks which the model
predicts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from qin.ai.features import BASE, NAMES
from tools import train_ai


def test_the_gain_beyond_the_next_move_is_the_next_positions_gain_to_the_end() -> None:
    # deal 7, two Governors: every move is chosen among several (no pass), so the
    # positions alternate between the two movers and a mover's next is two on
    samples = train_ai.self_play((7, 2, "governor", None, 0, 1, "governor"))
    assert len(samples) > 20
    assert all(rolled is None for *_, rolled in samples)  # no rollouts asked
    for i, (row, _, beyond, _) in enumerate(samples[:-2]):
        assert beyond == pytest.approx(samples[i + 2][1])
        assert len(row) == len(samples[i + 2][0])
    # each mover's last position: it has no next move, nothing is gained beyond it
    assert samples[-1][2] == 0.0 and samples[-2][2] == 0.0


@pytest.mark.parametrize("target", ["end", "beyond"])
def test_the_fit_predicts_the_target_it_is_given(target: str) -> None:
    # one feature besides the bias (the rest 0; "base": no phased copies); the end
    # gain is twice it, the gain beyond is 1
    def row(x: float) -> list[float]:
        return [1.0, x] + [0.0] * (len(BASE) - 2)

    samples = [(row(float(x)), 2.0 * x, 1.0, None) for x in range(20)]
    w = train_ai.fit(samples, l2=0.0, target=target, features="base")
    assert len(w) == len(NAMES) and not any(w[2:])
    bias, slope = w[:2]
    want_bias, want_slope = ((pytest.approx(0.0, abs=1e-6), pytest.approx(2.0))
                             if target == "end"
                             else (pytest.approx(1.0), pytest.approx(0.0, abs=1e-6)))
    assert bias == want_bias and slope == want_slope
    error, _ = train_ai.explained(samples, w, target)
    assert error == pytest.approx(0.0, abs=1e-9)


def test_the_phased_copies_let_a_feature_count_differently_late_in_the_game() -> None:
    # the gain is the feature early (phase 1: no tile seen) and three times it late
    # (phase 0): one weight cannot say that, the feature and its phased copy can
    def row(x: float, phase: float) -> list[float]:
        out = [1.0, x] + [0.0] * (len(BASE) - 2)
        out[BASE.index("phase")] = phase
        return out

    samples = [(row(float(x), p), x * (1 + 2 * (1 - p)), 0.0, None)
               for x in range(10) for p in (0.0, 0.5, 1.0)]
    w = train_ai.fit(samples, l2=0.0, target="end")
    assert w[NAMES.index("pagodas_me")] == pytest.approx(1.0, abs=1e-4)
    assert w[NAMES.index("late_pagodas_me")] == pytest.approx(2.0, abs=1e-4)
    error, _ = train_ai.explained(samples, w, "end")
    assert error == pytest.approx(0.0, abs=1e-6)


def test_rollouts_average_games_played_out_from_every_nth_position() -> None:
    # deal 7 again: the same game (the rollouts draw from their own random source),
    # every 12th position rolled out twice, the others not
    plain = train_ai.self_play((7, 2, "governor", None, 0, 1, "governor"))
    rolled = train_ai.self_play((7, 2, "governor", None, 2, 12, "governor"))
    assert [s[:3] for s in rolled] == [s[:3] for s in plain]
    assert [i for i, s in enumerate(rolled) if s[3] is not None] == list(
        range(0, len(rolled) - 1, 12))
    # the mean of what two played-out games gained: a margin, whole pagodas or halves
    assert all(abs(s[3] * 2 - round(s[3] * 2)) < 1e-9 for s in rolled if s[3] is not None)
    # reproducible: the same job gives the same figures
    assert train_ai.self_play((7, 2, "governor", None, 2, 12, "governor")) == rolled


def test_the_rollouts_target_is_fitted_on_the_rolled_out_positions_only() -> None:
    def row(x: float) -> list[float]:
        return [1.0, x] + [0.0] * (len(BASE) - 2)

    # rolled out: the mean gain is 3 times the feature; the others have no figure
    samples = [(row(float(x)), 0.0, 0.0, 3.0 * x if x % 2 == 0 else None)
               for x in range(20)]
    w = train_ai.fit(samples, l2=0.0, target="rollouts", features="base")
    assert w[1] == pytest.approx(3.0)
    error, _ = train_ai.explained(samples, w, "rollouts")
    assert error == pytest.approx(0.0, abs=1e-9)


def test_samples_kept_before_rollouts_are_read_with_none(tmp_path: Path) -> None:
    kept = tmp_path / "samples.jsonl"
    row = [1.0] + [0.0] * (len(BASE) - 1)
    kept.write_text(json.dumps({"players": 2, "samples": [[row, 2.0, 1.0]]}) + "\n"
                    + json.dumps({"players": 2, "samples": [[row, 2.0, 1.0, 0.5]]}) + "\n",
                    encoding="utf-8")
    samples = train_ai.read_samples(kept)
    assert samples[2] == [[(row, 2.0, 1.0, None)], [(row, 2.0, 1.0, 0.5)]]
