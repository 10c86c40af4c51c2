"""A diagram's words cross into the engine's worker once per language: the first request
of a language carries the site's catalogue, the worker keeps it (web/embed/qin_embed.py),
and later requests of that language only say their words are kept.  A worker that does
not hold them (a new one, after a restart) says so by a code, for the page to send
them again, rather than answering in other words.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from qin.messages import LANGS, catalogue
from qin.svg import PAGODA_COLOURS

ROOT = Path(__file__).resolve().parent.parent
EMBED = ROOT / "web" / "embed"

SITE = {lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
        for lang in LANGS}
POSITION = "players: 2\n. . . .\n. r1 r .\n. . v2 .\n. . . .\n"
"""A small board: a tile on a3 and a4 touches no coloured square, refused by Q7."""


def new_worker() -> ModuleType:
    """A fresh copy of the worker's module, as a worker just started holds it."""
    name = f"qin_embed_worker_{len(sys.modules)}"
    spec = importlib.util.spec_from_file_location(name, EMBED / "qin_embed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ask(worker: ModuleType, op: str, lang: str, attached: bool,
        **request: Any) -> dict[str, Any]:
    words: dict[str, Any] = {"messages": SITE[lang]} if attached else {"words": "kept"}
    answer: dict[str, Any] = json.loads(worker.handle(json.dumps(
        {"op": op, "position": POSITION, "lang": lang, **words, **request})))
    return answer


def said_in(worker: ModuleType, lang: str, attached: bool) -> None:
    """The diagram's bad colour, a refused move's reading and a preview of a move typed
    in the language's colour words, each in ``lang``'s own words."""
    colour = ask(worker, "render", lang, attached, colours=["green", "teal"])["error"]
    quoted = catalogue(lang)["value.quoted"].format(text="teal")
    assert colour == SITE[lang]["ui.bad_colour"].format(
        colour=quoted, palette=", ".join(PAGODA_COLOURS))
    refused = ask(worker, "render", lang, attached, moves=["Ra3Ra4"])["illegal"]
    assert refused["reading"]["title"] == SITE[lang]["reading.q7"]
    red = SITE[lang].get("colour.R") or catalogue(lang)["colour.R"]
    hovered = ask(worker, "preview", lang, attached, move=f"{red} a3 {red} a4")
    assert hovered["reading"]["title"] == SITE[lang]["reading.q7"]


def test_german_then_english_then_german_each_in_its_own_words() -> None:
    worker = new_worker()
    for lang in ("de", "en", "de"):
        said_in(worker, lang, attached=True)
        said_in(worker, lang, attached=False)


def test_words_kept_answer_as_the_words_attached_do() -> None:
    worker = new_worker()
    attached = ask(worker, "render", "fr", True, moves=["Rb3Rb4"])
    ask(worker, "render", "de", True)
    assert ask(worker, "render", "fr", False, moves=["Rb3Rb4"]) == attached


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_new_worker_asks_for_the_words_it_does_not_hold(lang: str) -> None:
    before = new_worker()
    said_in(before, lang, attached=True)
    restarted = new_worker()
    for op in ("render", "preview"):
        answer = ask(restarted, op, lang, False, move="Ra3Ra4")
        assert answer["code"] == restarted.WORDS_UNKNOWN
        assert "svg" not in answer and "overlay" not in answer
    said_in(restarted, lang, attached=True)
    said_in(restarted, lang, attached=False)


def test_words_kept_for_one_language_are_not_another_s() -> None:
    worker = new_worker()
    said_in(worker, "de", attached=True)
    assert ask(worker, "render", "fr", False)["code"] == worker.WORDS_UNKNOWN


def test_a_request_without_words_is_still_the_engine_s_words_alone() -> None:
    worker = new_worker()
    said_in(worker, "de", attached=True)
    answer = json.loads(worker.handle(json.dumps(
        {"op": "render", "position": POSITION, "lang": "de", "moves": ["Ra3Ra4"]})))
    assert "code" not in answer
    assert answer["illegal"]["reading"]["title"] == "reading.q7"


def test_an_answer_says_when_its_words_are_kept() -> None:
    """The page takes a language's words as kept only when the worker says so in its
    answer: a worker of the site before it kept words (a page and a worker of two
    versions of the site) says nothing, and the page keeps sending them."""
    worker = new_worker()
    for op in ("render", "preview"):
        assert ask(worker, op, "de", True, move="Ra3Ra4")["words"] == worker.WORDS_KEPT
        assert ask(worker, op, "de", False, move="Ra3Ra4")["words"] == worker.WORDS_KEPT
        alone = json.loads(worker.handle(json.dumps(
            {"op": op, "position": POSITION, "lang": "de", "move": "Ra3Ra4"})))
        assert "words" not in alone


@pytest.mark.parametrize("attached", [True, False])
def test_a_language_the_site_does_not_ship_is_refused_and_never_kept(attached: bool) -> None:
    """A host page's script may name any language in its requests: the worker keeps the
    words of the site's languages alone (its store cannot grow past them) and answers
    another language as any failed request, without a drawing or a code to send words."""
    worker = new_worker()
    said_in(worker, "de", attached=True)
    for lang in ("es", "xx-" + "y" * 1000, "EN", "de-AT", ""):
        words: dict[str, Any] = {"messages": SITE["en"]} if attached else {"words": "kept"}
        for op in ("render", "preview"):
            answer = json.loads(worker.handle(json.dumps(
                {"op": op, "position": POSITION, "lang": lang, "move": "Ra3Ra4", **words})))
            assert answer["error"] and answer["type"] == "LanguageError", answer
            assert "code" not in answer and "words" not in answer
            assert "svg" not in answer and "overlay" not in answer
    assert sorted(worker._KEPT) == ["de"]
    said_in(worker, "de", attached=False)


def test_the_worker_keeps_the_words_of_the_site_s_languages() -> None:
    worker = new_worker()
    for lang in LANGS:
        said_in(worker, lang, attached=True)
    assert sorted(worker._KEPT) == sorted(LANGS)
    for lang in LANGS:
        said_in(worker, lang, attached=False)
