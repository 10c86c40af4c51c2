"""Diagrams in several languages share one engine (web/embed/qin_embed.py, one worker
for a page): each request carries its own words, so a diagram is said in its language
whatever the diagrams before it asked for.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from qin.messages import catalogue
from qin.svg import PAGODA_COLOURS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web" / "embed"))
import qin_embed  # noqa: E402  (web/embed is not a package)

SITE = {lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
        for lang in ("en", "de", "fr")}
POSITION = "players: 2\n. . . .\n. r1 r .\n. . v2 .\n. . . .\n"
"""A small board: a tile on a3 and a4 touches no coloured square, refused by Q7."""


def render(lang: str, **request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(qin_embed.handle(json.dumps(
        {"op": "render", "position": POSITION, "lang": lang, **request})))
    return answer


def said_in(lang: str) -> tuple[str, str]:
    """A diagram's bad colour and a refused move's reading, as a diagram in ``lang``
    with its catalogue says them."""
    words = SITE[lang]
    colour = render(lang, messages=words, colours=["green", "teal"])["error"]
    reading = render(lang, messages=words, moves=["Ra3Ra4"])["illegal"]["reading"]
    return str(colour), str(reading["title"])


@pytest.mark.parametrize(("first", "then"), [("de", "en"), ("en", "de"), ("fr", "de")])
def test_two_diagrams_in_two_languages_are_each_said_in_their_own(
        first: str, then: str) -> None:
    for lang in (first, then):
        colour, reading = said_in(lang)
        quoted = catalogue(lang)["value.quoted"].format(text="teal")
        assert colour == SITE[lang]["ui.bad_colour"].format(
            colour=quoted, palette=", ".join(PAGODA_COLOURS))
        assert reading == SITE[lang]["reading.q7"]


@pytest.mark.parametrize("before", ["de", "fr"])
def test_a_diagram_is_drawn_as_if_it_were_the_first(before: str) -> None:
    """A request without a catalogue is answered in the engine's words alone, the same
    as before any other diagram was drawn."""
    alone = render("en", moves=["Rb3Rb4"], colours=["green", "teal"])
    first = render("en", moves=["Rb3Rb4"])
    said_in(before)
    assert render("en", moves=["Rb3Rb4"], colours=["green", "teal"]) == alone
    assert render("en", moves=["Rb3Rb4"]) == first


def test_a_catalogue_that_is_not_words_is_an_error() -> None:
    for messages in (5, ["ui.diagram"], {"ui.diagram": 5}):
        assert render("en", messages=messages)["error"]
