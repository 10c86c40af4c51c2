"""Series scoring (Q19): a series of games is won by the lowest total of pagodas left
over across its games; ties share."""

from __future__ import annotations

import json
import random
import re
import typing

import pytest

import qin
from qin.errors import RecordError
from qin.series import Series, SeriesError
from tests.conftest import with_supply


def finished(board: str, seed: int, names: list[str] | None = None,
             players: int = 2) -> qin.Game:
    g = qin.Game.new(board, players, seed=seed, names=names)
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    return g


def over_at(left: dict[int, int]) -> qin.Game:
    """A finished position (no tile can be placed: Q18) with these supplies."""
    return with_supply("~ ~ ~\n~ . ~\n~ ~ ~", left)


def test_totals_add_up_the_pagodas_left_over_and_lowest_wins() -> None:
    s = Series()
    a = over_at({1: 5, 2: 3})
    b = over_at({1: 1, 2: 4})
    assert a.is_over and b.is_over
    s.add(a)
    assert s.totals() == {"Player 1": 5, "Player 2": 3}
    assert s.winners() == ["Player 2"]
    s.add(b)
    assert s.totals() == {"Player 1": 6, "Player 2": 7}
    assert s.running() == [{"Player 1": 5, "Player 2": 3}, {"Player 1": 6, "Player 2": 7}]
    assert s.winners() == ["Player 1"]  # Q19: lowest total, though Player 2 won game 1
    assert s.standings() == [("Player 1", 6), ("Player 2", 7)]


def test_a_tie_for_the_lowest_total_shares_the_series() -> None:
    s = Series()
    s.add(over_at({1: 2, 2: 6}))
    s.add(over_at({1: 6, 2: 2}))
    assert s.totals() == {"Player 1": 8, "Player 2": 8}
    assert s.winners() == ["Player 1", "Player 2"]


def test_a_real_series_of_bird_and_lion() -> None:
    names = ["Green", "White"]
    bird, lion = finished("bird", 4, names), finished("lion", 5, names)
    s = Series(names)
    s.add(bird)
    s.add(lion.record())  # a record counts the same as the game
    expected = {n: bird.supply(p) + lion.supply(p) for p, n in enumerate(names, 1)}
    assert s.totals() == expected
    low = min(expected.values())
    assert s.winners() == [n for n in names if expected[n] == low]
    # Q16: a player who placed their last pagoda has 0 left from that game
    for g, entry in zip((bird, lion), s.games, strict=True):
        assert entry.left == tuple(g.supply(p) for p in (1, 2))
        assert entry.winners == g.winners
        assert entry.board == g.board_name


def test_players_are_told_apart_by_name_across_seats() -> None:
    s = Series()
    s.add(finished("bird", 1, ["Ann", "Bob"]))
    second = finished("lion", 2, ["Bob", "Ann"])  # they swapped seats
    s.add(second)
    first = s.games[0]
    assert s.totals() == {"Ann": first.left[0] + second.supply(2),
                          "Bob": first.left[1] + second.supply(1)}


def test_refuses_an_unfinished_game_and_other_players() -> None:
    s = Series(["Ann", "Bob"])
    with pytest.raises(SeriesError, match="only a finished game"):
        s.add(qin.Game.new("bird", 2, seed=1, names=["Ann", "Bob"]))
    with pytest.raises(SeriesError, match="played by Ann, Cy"):
        s.add(finished("bird", 1, ["Ann", "Cy"]))
    with pytest.raises(SeriesError, match="called the same"):
        Series(["Ann", "Ann"])
    with pytest.raises(RecordError):
        s.add('{"format": "qin-game/2"}')
    assert s.games == [] and s.winners() == [] and s.totals() == {"Ann": 0, "Bob": 0}


def test_series_json_round_trip() -> None:
    s = Series()
    s.add(finished("bird", 7, ["Ann", "Bob", "Cy"], players=3))
    s.add(finished("lion", 8, ["Cy", "Ann", "Bob"], 3))
    text = s.to_json()
    data = json.loads(text)
    assert data["format"] == "qin-series/1"
    assert data["totals"] == s.totals() and data["winners"] == s.winners()
    again = Series.from_json(text)
    assert again.totals() == s.totals() and again.winners() == s.winners()
    assert [g.left for g in again.games] == [g.left for g in s.games]


def test_games_without_a_record_keep_their_numbers_in_json() -> None:
    s = Series()
    s.add(over_at({1: 4, 2: 1}))  # from a position: no seed, no record
    data = s.to_dict()
    assert "record" not in data["games"][0]
    assert Series.from_dict(data).totals() == {"Player 1": 4, "Player 2": 1}


def test_a_record_in_the_json_counts_rather_than_the_stored_numbers() -> None:
    s = Series()
    g = finished("bird", 3)
    s.add(g)
    data = json.loads(s.to_json())
    data["games"][0]["left"] = [0, 0]
    assert Series.from_dict(data).totals() == s.totals()
    data["games"][0]["record"]["moves"].append("pass")
    with pytest.raises(RecordError, match="game 1 of the series: move"):
        Series.from_dict(data)


@pytest.mark.parametrize("data", [
    {"format": "qin-game/1"},
    {"format": "qin-series/1", "games": "x"},
    {"format": "qin-series/1", "games": [{"names": ["A", "B"], "left": [1]}]},
    {"format": "qin-series/1", "games": [{"names": ["A", "B"], "left": [1, -1]}]},
    {"format": "qin-series/1", "games": [{"names": ["A", "B"], "left": [1, 2],
                                          "winners": [3]}]},
    {"format": "qin-series/1", "games": [5]},
    {"format": "qin-series/1", "players": 5}, {"format": "qin-series/1", "players": True},
    {"format": "qin-series/1", "players": 1.5}, {"format": "qin-series/1", "players": "AB"},
    {"format": "qin-series/1", "players": [1, 2]},
])
def test_refuses_bad_series_json(data: dict[str, object]) -> None:
    with pytest.raises(SeriesError):
        Series.from_dict(data)
    with pytest.raises(SeriesError, match="not valid JSON"):
        Series.from_json("{")


def _series_errors() -> list[SeriesError]:
    """One refusal of each kind: a game that cannot join, series JSON that cannot be read."""
    found: list[SeriesError] = []
    s = Series(["Ann", "Bob"])
    attempts: list[typing.Callable[[], object]] = [
        lambda: s.add(qin.Game.new("bird", 2, seed=1, names=["Ann", "Bob"])),
        lambda: s.add(finished("bird", 1, ["Ann", "Cy"])),
        lambda: Series(["Ann", "Ann"]),
        lambda: Series(["Ann"]),
        lambda: Series.from_dict({"format": "qin-series/1",
                                  "games": [{"names": ["A", "A"], "left": [1, 1]}]}),
        lambda: Series.from_dict({"format": "qin-series/1",
                                  "games": [{"names": ["A"], "left": [1]}]}),
        lambda: Series.from_json("{"),
        lambda: Series.from_json(b"\xff"),
        lambda: Series.from_json(""),
        lambda: Series.from_dict({"format": "qin-game/1"}),
        lambda: Series.from_dict({"format": "qin-series/1", "players": "AB"}),
        lambda: Series.from_dict({"format": "qin-series/1", "games": "x"}),
        lambda: Series.from_dict({"format": "qin-series/1", "games": [5]}),
        lambda: Series.from_dict({"format": "qin-series/1", "games": [{"left": [1]}]}),
        lambda: Series.from_dict({"format": "qin-series/1",
                                  "games": [{"names": ["A", "B"], "left": [1, -1]}]}),
        lambda: Series.from_dict({"format": "qin-series/1", "games": [
            {"names": ["A", "B"], "left": [1, 2], "winners": [3]}]}),
    ]
    for attempt in attempts:
        try:
            attempt()
        except SeriesError as exc:
            found.append(exc)
        else:
            raise AssertionError("not refused")
    return found


def test_a_series_error_has_a_code_and_values_and_keeps_its_english_message() -> None:
    """Every refusal of a game or of series JSON says which (``code``, one of ``CODES``)
    and the facts it concerns (``params``, JSON-ready); its English message is as it
    was; it pickles with all three."""
    import pickle

    for error in _series_errors():
        assert error.code in SeriesError.CODES, (error.code, str(error))
        assert json.loads(json.dumps(error.to_dict())) == error.to_dict()
        again = pickle.loads(pickle.dumps(error))
        assert (again.code, again.params, str(again)) == (error.code, error.params, str(error))
    s = Series(["Ann", "Bob"])
    with pytest.raises(SeriesError, match="game 1 is played by Ann, Cy, but the series "
                                          "by Ann, Bob") as info:
        s.add(finished("bird", 1, ["Ann", "Cy"]))
    assert info.value.code == "other_players"
    assert info.value.params == {"game": 1, "names": ["Ann", "Cy"], "players": ["Ann", "Bob"]}


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_series_error_is_worded_in_every_language(lang: str) -> None:
    """``qin.messages.series_error_text`` says each refusal in German and French from its
    code and values: every placeholder filled, no English left, French with a no-break
    space before a colon, the offending values quoted as the language quotes."""
    from qin.messages import catalogue, series_error_text
    from tests.test_records import QUOTES

    errors = _series_errors()
    assert {e.code for e in errors} == set(SeriesError.CODES) - {"invalid"}
    for error in errors:
        key = f"series_error.{error.code}"
        if error.code == "text":
            key += "." + error.params["problem"]
        for each in ("en", "de", "fr"):
            assert key in catalogue(each), key
        said = series_error_text(error, lang)
        english = series_error_text(error)
        assert said and "{" not in said and "series_error." not in said, (error.code, said)
        assert said != english, (error.code, said)
        if lang == "fr":
            assert " :" not in said.replace("\u00a0:", ""), said
        # (a bad list of names is shown as the data it is: ['Ann'])
        assert not QUOTES[lang].search(re.sub(r"\[.*\]", "", said)), (error.code, said)
    other = next(e for e in errors if e.code == "other_players")
    assert series_error_text(other) == ("game 1 is played by Ann and Cy, but the series "
                                        "by Ann and Bob")
