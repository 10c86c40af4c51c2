"""The French and German rules pages' headings are capitalised as sentences of their
language, never in English Title Case.

French: only the first word, and the game's terms the French rulebook capitalises
(shared/rules/rulebook-fr-ocr.txt: "Province", "Village", "Majeure", "Territoire de
départ"), so "Provinces Majeures" is right and "Fin De La Partie" is not. German: the
first word and nouns; a capital inside a heading is taken for a Title Case error when the
page's text writes that word in lower case and never with a capital after a lower-case
word (as it writes a noun).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parent.parent / "web" / "rules"
FRENCH_TERMS = frozenset({"Province", "Provinces", "Village", "Villages", "Majeure",
                          "Majeures", "Territoire", "Territoires", "Qin"})
HEADING = re.compile(r"<(h[1-6]|title)\b[^>]*>(.*?)</\1>"
                     r"|<nav class=\"toc\".*?</nav>", re.S)
WORD = re.compile(r"[^\W\d_]+(?:[’'-][^\W\d_]+)*")


def headings(name: str) -> list[str]:
    """The page's title, headings and contents' lines, as text."""
    html = (RULES / name).read_text(encoding="utf-8")
    found: list[str] = []
    for match in HEADING.finditer(html):
        if match.group(1):
            found.append(match.group(2))
        else:
            found += re.findall(r"<(?:a|strong)\b[^>]*>(.*?)</(?:a|strong)>", match.group(0), re.S)
    return [" ".join(re.sub(r"<[^>]+>", "", h).split()) for h in found]


def inner_capitals(heading: str) -> list[str]:
    """The capitalised words of a heading after its first (and after "Qin:")."""
    words = WORD.findall(heading)
    if words[:1] == ["Qin"] and len(words) > 1:
        words = words[1:]
    return [w for w in words[1:] if w[:1].isupper()]


def page_text(name: str) -> str:
    html = (RULES / name).read_text(encoding="utf-8")
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def not_nouns(name: str) -> set[str]:
    """Capitalised forms of the words the page's text writes in lower case and never
    capitalises after a lower-case word: what German does not write as a noun."""
    text = page_text(name)
    nouns = {m.group(1) for m in re.finditer(r"\b[a-zäöüß]+ ([A-ZÄÖÜ][\wäöüß]*)", text)}
    lower = {w for w in WORD.findall(text) if w[:1].islower()}
    return {w[:1].upper() + w[1:] for w in lower} - nouns


@pytest.mark.parametrize("name", ["fr.html", "readings-fr.html"])
def test_french_headings_capitalise_only_the_game_terms(name: str) -> None:
    found = headings(name)
    assert len(found) > 15
    wrong = [h for h in found if set(inner_capitals(h)) - FRENCH_TERMS]
    assert not wrong, f"{name}: Title Case beyond the game terms: {wrong}"


@pytest.mark.parametrize("name", ["de.html", "readings-de.html"])
def test_german_headings_capitalise_only_nouns(name: str) -> None:
    found = headings(name)
    assert len(found) > 15
    wrong = [h for h in found if set(inner_capitals(h)) & not_nouns(name)]
    assert not wrong, f"{name}: capitals the page's text writes as no noun: {wrong}"


def test_the_checks_catch_title_case() -> None:
    assert set(inner_capitals("Fin De La Partie")) - FRENCH_TERMS == {"De", "La", "Partie"}
    assert not set(inner_capitals("Qin : les Provinces Majeures")) - FRENCH_TERMS
    assert inner_capitals("Ein Leeres Dorf Anschließen") == ["Leeres", "Dorf", "Anschließen"]
    assert {"Leeres", "Anschließen"} <= not_nouns("de.html")
    assert not {"Dorf", "Partien", "Großprovinzen"} & not_nouns("de.html")
