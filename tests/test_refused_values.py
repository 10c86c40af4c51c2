"""The offending value of a refusal as data: a ``RecordError``'s, ``SeriesError``'s or
``PositionError``'s params hold the value as shown (``qin.inputs.shown``: its text,
escaped and shortened, with its full length when cut; a huge whole number's digit
count; other data as written), never an English rendering of it; each language words
it from its catalogue (``value.quoted``, ``value.cut``, ``value.digits``; a length
grouped as the language groups thousands, ``number.thousands``), and the exception's
English message is worded from the same data.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import qin
from qin import inputs, records
from qin.errors import CodedError, PositionError, RecordError, SeriesError
from qin.messages import (
    QUOTED_PARAMS,
    catalogue,
    grouped,
    position_error_text,
    record_error_text,
    series_error_text,
    value_text,
)
from qin.series import Series
from tests.test_records import _record_errors, base
from tests.test_series import _series_errors

LANGS = ("en", "de", "fr")
SHAPES = ({"text"}, {"text", "length"}, {"digits"}, {"data"})
"""The keys a shown value has: text (and its full length when cut), a huge whole
number's digits, any other value as the data it is."""
ENGLISH = (" characters", " digits", "a number of", "an object", "a list")


def refused(record: Mapping[str, Any]) -> RecordError:
    with pytest.raises(RecordError) as info:
        records.load(dict(record))
    return info.value


def position_errors() -> list[PositionError]:
    from tests.test_position_words import refusals
    return refusals()


def quoted_values(error: CodedError) -> Iterator[tuple[str, Any]]:
    """Every param of ``error`` (and of a position it holds) that holds a shown value."""
    for name in QUOTED_PARAMS:
        if name in error.params:
            yield name, error.params[name]
    for item in error.params.get("items", []):
        yield "items", item


def strings(data: object) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, Mapping):
        for value in data.values():
            yield from strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from strings(value)


def test_a_long_bad_value_is_its_shown_text_and_its_length() -> None:
    error = refused(base(players="x" * 1234))
    assert error.code == "players"
    assert error.params["value"] == {"text": "x" * 40 + "…", "length": 1234}
    assert str(error).endswith("not '" + "x" * 40 + "…' (1,234 characters)")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "'" + "x" * 40 + "…' (1,234 characters)"),
    ("de", "„" + "x" * 40 + "…“ (1.234 Zeichen)"),
    ("fr", "«\u00a0" + "x" * 40 + "…\u00a0» (1\u202f234\u00a0caractères)"),
])
def test_a_long_bad_value_is_said_in_the_readers_quotes_and_grouping(lang: str,
                                                                     said: str) -> None:
    error = refused(base(players="x" * 1234))
    words = record_error_text(error, lang)
    assert words.endswith(said), words
    if lang != "en":
        assert not any(english in words for english in ENGLISH), words
        assert "1,234" not in words and "'" not in words, words


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "a number of 401 digits"), ("de", "eine Zahl mit 401 Ziffern"),
    ("fr", "un nombre de 401 chiffres")])
def test_a_huge_number_is_its_digit_count(lang: str, said: str) -> None:
    error = refused(base(seed=10 ** 400))
    assert error.params["value"] == {"digits": 401}
    assert str(error).endswith("not a number of 401 digits")
    assert record_error_text(error, lang).endswith(said)


def test_other_data_is_shown_as_written_in_every_language() -> None:
    error = refused(base(seed=[7, None]))
    assert error.params["value"] == {"data": "[7, null]"}
    for lang in LANGS:
        assert record_error_text(error, lang).endswith(" [7, null]")


@pytest.mark.parametrize("lang", LANGS)
def test_refusals_as_json_dicts_are_said_as_the_errors_are(lang: str) -> None:
    """The page gets a refusal as its ``to_dict()`` through JSON: the same words."""
    for error in [*_record_errors(), refused(base(players="x" * 1234)),
                  refused(base(seed=10 ** 400))]:
        data = json.loads(json.dumps(error.to_dict()))
        assert data == error.to_dict()
        assert record_error_text(data, lang) == record_error_text(error, lang)
    for series_error in _series_errors():
        data = json.loads(json.dumps(series_error.to_dict()))
        assert series_error_text(data, lang) == series_error_text(series_error, lang)
    for position_error in position_errors():
        data = json.loads(json.dumps(position_error.to_dict()))
        assert position_error_text(data, lang) == position_error_text(position_error, lang)


def test_every_quoted_param_is_a_shown_value_with_no_english_in_it() -> None:
    errors: list[CodedError] = [*_record_errors(), *_series_errors(), *position_errors(),
                                refused(base(players="x" * 1234)),
                                refused(base(seed=10 ** 400))]
    seen = set()
    for error in errors:
        for name, value in quoted_values(error):
            assert isinstance(value, dict) and set(value) in SHAPES, (error.code, name, value)
            seen.add(frozenset(value))
            if "length" in value:
                assert value["text"].endswith("…") and value["length"] > len(value["text"])
            assert isinstance(next(iter(value.values())), str | int)
        for text in strings(error.params):
            assert not any(english in text for english in ENGLISH), (error.code, text)
    assert seen == {frozenset(shape) for shape in SHAPES}


def test_a_bad_list_of_names_is_said_name_by_name() -> None:
    with pytest.raises(SeriesError) as info:
        Series(names=["Ann", "B" * 50, ""])
    error = info.value
    assert error.params["items"] == [{"text": "Ann"}, {"text": "B" * 40 + "…", "length": 50},
                                     {"text": ""}]
    assert series_error_text(error, "de").endswith(
        "„Ann“, „" + "B" * 40 + "…“ (50 Zeichen) und „“")


def test_the_english_message_and_the_english_words_quote_the_same() -> None:
    """The exception's own message (the command line's) and the English catalogue's
    words come from the same data: they cannot disagree."""
    for value in ("x" * 1234, "Rc4\x1bYd4", "", 10 ** 400, 3.5, None, [1, "a"], {"a": 1}):
        shown = inputs.shown(value)
        assert inputs.said(shown) == value_text(shown, "en") == inputs.quote(value), value
    error = refused(base(fair_start="x" * 100))
    assert inputs.said(error.params["value"]) in str(error)
    assert inputs.said(error.params["value"]) in record_error_text(error)


@pytest.mark.parametrize(("lang", "million"), [
    ("en", "1,234,567"), ("de", "1.234.567"), ("fr", "1\u202f234\u202f567")])
def test_thousands_are_grouped_by_the_catalogues_own_separator(lang: str,
                                                               million: str) -> None:
    assert catalogue(lang)["number.thousands"] == million[1]
    assert grouped(1234567, lang) == million
    assert grouped(999, lang) == "999" and grouped(-1000, lang) == "-1" + million[1] + "000"


def test_a_position_errors_value_is_shown_data_too() -> None:
    with pytest.raises(PositionError) as info:
        qin.Game.from_position("x" * 300 + " .\n. .\n")
    assert info.value.params["value"] == {"text": "x" * 60 + "…", "length": 300}
    assert "'" + "x" * 60 + "…' (300 characters)" in str(info.value)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "('qin-game/\\x1b" + "\U0001f600" * 30 + "…' (109 characters); this program reads"),
    ("de", "(„qin-game/\\x1b" + "\U0001f600" * 30 + "…“ (109 Zeichen); dieses Programm liest"),
    ("fr", "(«\u00a0qin-game/\\x1b" + "\U0001f600" * 30
     + "…\u00a0» (109\u00a0caractères)\u00a0; ce programme lit"),
])
def test_a_record_of_another_version_shows_its_format_as_any_bad_value(
        lang: str, said: str) -> None:
    """The version a record says it is goes into its refusal as every offending value
    does: escaped, cut in characters (an emoji is never split), with its length."""
    fmt = "qin-game/\x1b" + "\U0001f600" * 99
    error = refused(base(format=fmt))
    assert error.code == "version"
    assert error.params["value"] == {"text": "qin-game/\\x1b" + "\U0001f600" * 30 + "…",
                                     "length": 109}
    assert "format" not in error.params
    assert said in record_error_text(error, lang)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "name 2 'Bo\\x07b' in the game record"),
    ("de", "Name 2 „Bo\\x07b“ der Spielaufzeichnung"),
    ("fr", "le nom 2 «\u00a0Bo\\x07b\u00a0» de l’enregistrement de partie"),
])
def test_a_name_with_a_character_no_name_may_hold_is_shown_escaped(
        lang: str, said: str) -> None:
    error = refused(base(names=["Li", "Bo\x07b"]))
    assert error.code == "name_chars"
    assert error.params == {"seat": 2, "value": {"text": "Bo\\x07b"}}
    assert said in record_error_text(error, lang)
