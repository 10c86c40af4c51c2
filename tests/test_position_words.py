"""A position text's refusals in words: every ``PositionError`` has a ``code`` and
``params`` (JSON-ready), keeps its English message (line, column, the offending text),
and ``qin.messages.position_error_text`` says it in English, German and French from
them; a diagram with a bad position says it in the reader's language.
"""

from __future__ import annotations

import json
import pickle
import re
import sys
from pathlib import Path

import pytest

import qin
from qin.errors import PositionError
from qin.messages import catalogue, position_error_text
from tests.conftest import position
from tests.test_records import QUOTES

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web" / "embed"))
import qin_embed  # noqa: E402  (web/embed is not a package)

LANGS = ("en", "de", "fr")
SITE = {lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
        for lang in LANGS}

BAD = [
    "players: 2\n. r1 r\n.  x .\n",            # square
    ". R5\n",                                    # owner_player (R5: not a square)
    ". . v3\n",                                  # owner_player
    ". . .\n. .\n",                              # row_length
    "players: 2\n. . .\n. r r\n",                # no_owner
    ". r1 .\n. r2 .\n",                          # second_owner
    ". . .\n. y2 .\n",                           # lone_owner
    "players: 5\n. R\n",                         # header_value
    "players: 2\nto-move: 3\n. R\n",             # header_value
    "hand-1: RR YY BB RY\nhand-2:\n. R\n",       # hand_size
    "hand-1: RR\nhand-2: YY RX\n. R\n",          # hand_tile
    "hand-1: RR\n. R\n",                         # hand_missing
    "hand-1:\nhand-2:\nhand-3: RR\n. R\n",       # hand_extra
    position("r r1 . r2 r", filler={1: 24}),     # too_many_pagodas
    position("r r1 . r2 r", filler={1: 23, 2: 23}),  # two_winners
    "",                                          # no_grid
    "players: 2\ncolour: red\n. R\n",            # unknown_header
    ". R\nplayers: 2\n",                         # header_after_grid
    "players: 2\nplayers: 3\n. R\n",             # header_twice
    " ".join(["."] * 27) + "\n",                 # too_wide
    ". .\n" * 100,                               # too_high
    ". \x1b[31m\n. .\n",                         # control
    "# " + "x" * (256 * 1024) + "\n. .\n",       # large
    "x" * 300 + " .\n. .\n",                     # square, a long token cut
]


def refusals() -> list[PositionError]:
    found = []
    for text in BAD:
        with pytest.raises(PositionError) as info:
            qin.Game.from_position(text)
        found.append(info.value)
    with pytest.raises(PositionError) as info:
        qin.Game.from_position(5)  # type: ignore[arg-type]
    found.append(info.value)
    return found


def test_every_position_error_has_a_code_and_values_and_keeps_its_english_message() -> None:
    errors = refusals()
    assert {e.code for e in errors} == set(PositionError.CODES) - {"invalid"}
    for error in errors:
        assert error.code in PositionError.CODES
        data = error.to_dict()
        assert json.loads(json.dumps(data)) == data and data["code"] == error.code
        again = pickle.loads(pickle.dumps(error))
        assert (again.code, again.params, str(again)) == (error.code, error.params, str(error))
        if error.code != "type":
            assert str(error).startswith(
                f"line {error.params['line']}, column {error.params['column']}: "), str(error)
        english = position_error_text(error)
        assert position_error_text(data) == english
        assert english == str(error), error.code


@pytest.mark.parametrize("lang", LANGS)
def test_every_position_error_is_worded_in_every_language(lang: str) -> None:
    """Each code has its words in all three catalogues; said in German and French, no
    placeholder or English sentence is left, the offending text is quoted as the language
    quotes (French with a no-break space before a colon)."""
    for code in PositionError.CODES:
        assert f"position.{code}" in catalogue(lang), (lang, code)
    for error in refusals():
        said = position_error_text(error, lang)
        assert said and "{" not in said and "position." not in said, (error.code, said)
        if lang == "en":
            continue
        assert said != position_error_text(error), (error.code, said)
        assert "characters" not in said and "digits" not in said, said
        assert not QUOTES[lang].search(said.replace("'\\x1b'", "")), (error.code, said)
        if lang == "fr":
            assert " :" not in said.replace("\u00a0:", ""), said


def test_a_german_row_of_the_wrong_length_is_said_in_german_naming_the_row() -> None:
    with pytest.raises(PositionError) as info:
        qin.Game.from_position("players: 2\n. . .\n. x\n")
    said = position_error_text(info.value, "de")
    assert said.startswith("Zeile 3, Spalte 3: "), said
    assert "„. x“" in said and "2" in said and "3" in said, said
    french = position_error_text(info.value, "fr")
    assert french.startswith("ligne 3, colonne 3\u00a0: ")
    assert "«\u00a0. x\u00a0»" in french, french


def test_a_long_value_is_cut_and_counted_in_the_readers_words() -> None:
    with pytest.raises(PositionError) as info:
        qin.Game.from_position("x" * 300 + " .\n. .\n")
    assert "(300 characters)" in str(info.value)
    de = position_error_text(info.value, "de")
    assert "„" + "x" * 60 + "…“ (300 Zeichen)" in de, de
    fr = position_error_text(info.value, "fr")
    assert "«\u00a0" + "x" * 60 + "…\u00a0» (300\u00a0caractères)" in fr, fr


def ask(lang: str, text: str) -> dict[str, object]:
    answer: dict[str, object] = json.loads(qin_embed.handle(json.dumps(
        {"op": "render", "position": text, "lang": lang, "messages": SITE[lang]})))
    return answer


@pytest.mark.parametrize("lang", LANGS)
def test_a_diagram_with_a_bad_row_says_it_in_the_readers_language(lang: str) -> None:
    answer = ask(lang, "players: 2\n. . .\n. x\n")
    assert answer["position"] is True and answer["said"] is True and "svg" not in answer
    with pytest.raises(PositionError) as info:
        qin.Game.from_position("players: 2\n. . .\n. x\n")
    reason = position_error_text(info.value, lang)
    assert answer["error"] == SITE[lang]["ui.position_failed"].format(error=reason)
    quoted = {"en": "'. x'", "de": "„. x“", "fr": "«\u00a0. x\u00a0»"}[lang]
    assert quoted in str(answer["error"])
    if lang == "de":
        assert "Zeile 3" in str(answer["error"]) and "line" not in str(answer["error"])


@pytest.mark.parametrize("lang", LANGS)
def test_a_diagrams_bad_colour_is_quoted_as_the_language_quotes(lang: str) -> None:
    answer = ask(lang, "players: 2\n. . .\n. r1 r\n")
    assert "svg" in answer
    answer = json.loads(qin_embed.handle(json.dumps(
        {"op": "render", "position": "players: 2\n. . .\n. r1 r\n", "lang": lang,
         "messages": SITE[lang], "colours": ["green", "teal"]})))
    quoted = catalogue(lang)["value.quoted"].format(text="teal")
    assert quoted in answer["error"] and '"teal"' not in answer["error"], answer["error"]


def test_a_huge_number_and_a_bad_list_of_names_are_said_in_the_readers_words() -> None:
    """Values the English message shows as "a number of N digits" or as Python data
    (['Ann']) are said in the reader's words too."""
    from qin.errors import RecordError, SeriesError
    from qin.messages import record_error_text, series_error_text
    from qin.series import Series

    with pytest.raises(RecordError) as record:
        qin.Game.from_record({"format": "qin-game/1", "board": "bird", "players": 2,
                              "seed": 10 ** 400, "fair_start": False,
                              "names": ["A", "B"], "moves": []})
    assert "a number of 401 digits" in str(record.value)
    for lang, words in (("de", "eine Zahl mit 401 Ziffern"), ("fr", "un nombre de 401 chiffres")):
        said = record_error_text(record.value, lang)
        assert words in said and "digits" not in said, said
    with pytest.raises(SeriesError) as series:
        Series(names=["Ann"])
    assert "['Ann']" in str(series.value)
    assert "„Ann“" in series_error_text(series.value, "de")
    assert "«\u00a0Ann\u00a0»" in series_error_text(series.value, "fr")
    assert "['Ann']" not in series_error_text(series.value, "de")
    assert re.search(r"'Ann'", series_error_text(series.value, "en"))


@pytest.mark.parametrize("text", ["players: 2\n. . .\n. x\n", "players: 2\n. r1 r\n.  x .\n",
                                  "# nothing\n", "players: 2\n. . .\n" + "q" * 70 + " . .\n",
                                  "players: 2\n. . .\n\U0001F600 x\n",
                                  "players: 2\n. . .\n. \U0001F600\U0001F004 . x\n",
                                  "players: 2\n. . .\n" + "\U0001F600" * 70 + " . .\n"])
def test_the_diagrams_own_reading_refuses_as_the_engine_does(text: str) -> None:
    """stamp.js, which draws a diagram before Python is up, refuses a bad position with
    the engine's code and facts (its ``value`` as the engine shows it: the text, cut
    with its length), so that the diagram says it in the same words in every language;
    a column and a length counted in characters (code points) as Python counts them, an
    emoji one character (not JavaScript's two code units)."""
    from tests.test_embed_input import node

    found = node(f"""try {{ stamp.parsePosition({json.dumps(text)}); console.log("null"); }}
      catch (err) {{ console.log(JSON.stringify([err.code, err.params, err.message])); }}""")
    with pytest.raises(PositionError) as info:
        qin.Game.from_position(text)
    assert found[:2] == [info.value.code, info.value.params]
    assert str(info.value).startswith(found[2].split(" (")[0].split("'")[0])


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_records_bad_board_layout_says_why_in_the_readers_language(lang: str) -> None:
    """A game record (a saved game, an import) whose board is a layout that is not a
    valid position says the parser's refusal, in the reader's language."""
    from qin.errors import RecordError
    from qin.messages import record_error_text

    layout = "players: 2\n. . .\n. x\n"
    with pytest.raises(RecordError) as info:
        qin.Game.from_record({"format": "qin-game/1", "board": layout, "players": 2,
                              "seed": 1, "fair_start": False, "names": ["A", "B"],
                              "moves": []})
    error = info.value
    assert error.code == "board_file" and "line 3, column 3" in str(error)
    assert json.loads(json.dumps(error.to_dict())) == error.to_dict()
    with pytest.raises(PositionError) as parsed:
        qin.Game.from_position(layout)
    said = record_error_text(error, lang)
    assert said.endswith(position_error_text(parsed.value, lang)), said
    assert record_error_text(error.to_dict(), lang) == said
