"""bench/move_time.py's figures from made-up times (the bench itself runs games in
Chromium: bench/README.md): the 90th percentile is a measured value (nearest rank), and
the table sets the Son of Heaven against the Emperor and Pyodide against CPython."""

from __future__ import annotations

from bench import move_time


def test_the_90th_percentile_is_the_nearest_rank() -> None:
    assert move_time.p90([float(v) for v in range(1, 11)]) == 9.0
    assert move_time.p90([float(v) for v in range(20, 0, -1)]) == 18.0
    assert move_time.p90([5.0]) == 5.0
    assert move_time.median([3.0, 1.0, 2.0, 10.0]) == 2.5


def test_the_table_gives_each_level_and_the_ratios_against_the_baseline() -> None:
    def game(heaven: float, emperor: float) -> dict[str, object]:
        times = {"heaven": [heaven] * 10, "emperor": [emperor] * 10, "next best": [50.0],
                 "heaven 1st": [20.0], "emperor 1st": [10.0]}
        return {"times": times, "winners": ["heaven"]}

    lines = move_time.table({"CPython": [game(400.0, 200.0)],
                             "Pyodide": [game(1200.0, 1000.0)]})
    text = "\n".join(lines)
    assert "CPython: heaven / emperor: median 2.00x, p90 2.00x" in text
    assert "Pyodide: heaven / emperor: median 1.20x, p90 1.20x" in text
    assert "Pyodide: heaven 1st / emperor 1st: median 2.00x, p90 2.00x" in text
    assert "heaven: Pyodide / CPython: median 3.00x, p90 3.00x" in text
    # 1,200 ms is past the 1.1 s cap: all ten Pyodide decisions of the level counted there
    row = next(line for line in lines if line.startswith("Pyodide   heaven   "))
    assert row.split()[-1] == "10"
    assert "games won (a shared win counts for both): heaven 1, emperor 0 of 1" in text
