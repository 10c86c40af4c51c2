"""bench/judgement.py's table from made-up moves (the bench itself plays Emperor games:
bench/README.md): each scale's moves counted against the Emperor's search alone (scale
0) and against the level's scale, on the same decisions."""

from __future__ import annotations

from bench import judgement


def test_the_table_counts_each_scales_changed_moves_against_0_and_1() -> None:
    moves = {0.0: ["a", "b", "c", "d"], 1.0: ["a", "x", "y", "d"],
             2.0: ["a", "x", "z", "w"]}
    cpu = {0.0: 1.2, 1.0: 1.2, 2.0: 1.6}
    lines = judgement.table(moves, cpu, level=1.0)
    assert lines[0].split() == ["judge", "differs", "from", "0", "differs", "from", "1",
                                "CPU", "ms"]
    rows = {line.split()[0]: line.split()[1:] for line in lines[1:]}
    assert rows["0"] == ["0", "(0%)", "2", "(50%)", "300"]
    assert rows["1"] == ["2", "(50%)", "0", "(0%)", "300"]
    assert rows["2"] == ["3", "(75%)", "2", "(50%)", "400"]


def test_the_table_compares_with_the_levels_own_scale_by_default() -> None:
    from qin.ai.learned import JUDGE

    moves = {0.0: ["a", "b"], JUDGE: ["a", "x"], 3.0: ["y", "x"]}
    lines = judgement.table(moves, dict.fromkeys(moves, 0.0))
    assert f"differs from {JUDGE:g}" in lines[0]
    assert lines[-1].split()[:5] == ["3", "2", "(100%)", "1", "(50%)"]
