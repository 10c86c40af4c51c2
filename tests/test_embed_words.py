"""A diagram says why a move is refused in words, in the reader's language, and names
the reading of the rules it applies as a link (decisions.md Q6-Q10), never as a code.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web" / "embed"))
import qin_embed  # noqa: E402  (web/embed is not a package)

SITE = {lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
        for lang in ("en", "de", "fr")}
POSITION = "players: 2\n. . . .\n. r1 r .\n. . v2 .\n. . . .\n"
"""A small board: a tile on a3 and a4 touches no coloured square, refused by Q7."""


def ask(op: str, lang: str, **request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(qin_embed.handle(json.dumps(
        {"op": op, "position": POSITION, "lang": lang, "messages": SITE[lang], **request})))
    return answer


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_refused_preview_names_its_reading_in_words(lang: str) -> None:
    answer = ask("preview", lang, moves=[], move="Ra3Ra4")
    assert answer["ok"] is False, answer
    assert "(Q" not in answer["reason"]
    reading = answer["reading"]
    assert reading["href"].startswith(f"rules/readings-{lang}.html#q")
    assert reading["title"] == SITE[lang][f"reading.{reading['href'].rsplit('#', 1)[1]}"]


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_refused_move_of_a_diagram_names_its_reading_in_words(lang: str) -> None:
    answer = ask("render", lang, moves=["Ra3Ra4"])
    illegal = answer["illegal"]
    assert illegal is not None and "(Q" not in illegal["reason"]
    assert illegal["reading"]["href"].startswith(f"rules/readings-{lang}.html#q")


def test_a_move_that_is_not_a_move_has_no_reading() -> None:
    answer = ask("preview", "en", moves=[], move="hello")
    assert answer["ok"] is False and "reading" not in answer


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_move_box_s_example_is_a_move_it_takes(lang: str) -> None:
    """The box's example (its placeholder, in words) read as the move it names."""
    messages = qin_embed._messages(lang, SITE[lang])
    letters = qin_embed.colour_letters(messages)
    assert qin_embed.typed(SITE[lang]["ui.move_example"], letters) == "Rc3Yd3"


@pytest.mark.parametrize("lang,words", [
    ("en", "red b3 red b4"), ("en", "Red b3, red B4"), ("de", "rot b3 rot b4"),
    ("de", "ROT b3 Rot b4"), ("fr", "rouge b3 rouge b4"), ("en", "r b3 r b4"),
    ("fr", "Rb3Rb4"), ("en", "Rb3 Rb4")])
def test_a_move_typed_in_words_or_as_written_is_played(lang: str, words: str) -> None:
    """The colours in the reader's words or as their letters, each before its square."""
    answer = ask("render", lang, moves=[words])
    assert answer["illegal"] is None, answer["illegal"]
    assert answer["played"] == 1


@pytest.mark.parametrize("words", ["pass", "hello", "purple b3 red b4", "red b3", ""])
def test_what_is_not_a_move_in_words_is_left_as_typed(words: str) -> None:
    letters = qin_embed.colour_letters(qin_embed._messages("en", SITE["en"]))
    assert qin_embed.typed(words, letters) == words


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_move_box_asks_again_in_words(lang: str) -> None:
    """What the reader typed in the box and it cannot read is refused with the way to
    type a move in words (the box's example), not in the notation of a diagram's author;
    played (``tried``, after the diagram's own moves) or previewed alike."""
    played = ask("render", lang, moves=["Rc3Yd3"], step=0, tried=["Rb3Rb4", "hello"])
    previewed = ask("preview", lang, moves=[], move="hello")
    assert played["played"] == 1 and played["illegal"]["index"] == 1
    for reason in (played["illegal"]["reason"], previewed["reason"]):
        assert "hello" in reason
        assert SITE[lang]["ui.move_example"] in reason
        assert "Rc4Yd4" not in reason


def test_a_diagram_s_own_unreadable_move_is_said_in_notation() -> None:
    """A diagram's moves are its author's, written in notation: what does not read is
    refused with the engine's words for notation."""
    answer = ask("render", "en", moves=["hello"])
    assert answer["illegal"]["reason"] == qin_embed.text(
        qin_embed._messages("en", SITE["en"]), "illegal.notation", text="hello")
