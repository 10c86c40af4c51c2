"""One word for one thing in each language, over every catalogue a player reads (the
site's web/i18n/*.json and the engine's qin/messages/*.json) and the German rules pages.

- English: a square of the board is a "square" (never a "space"); what refuses a move is
  "the rules", never "the engine" (only the page's loading names the "rules engine").
- German: the board is the "Spielplan", the word of the German rulebook
  (shared/rules/rulebook-de.md: "Spielplan", "Spielplanseite"), never the bare "Plan"
  nor another compound of it ("Planseite"), nor the "Brett" or "Spielbrett" (a
  "Brettspiel" is another thing); a square a "Feld"; a game ("das Spiel", neuter) is
  "ein"/"kein Qin-Spiel", never "eine"/"keine".
- French: a square is a "case" (never a "territoire"); the game's terms are written as
  the French rulebook writes them (shared/rules/rulebook-fr-ocr.txt), with a capital:
  "Province", "Province Majeure", "Village", "Prairie", "Point d'eau", "Territoire de
  départ". Players read the rulebook beside the game and the rules pages, which quote it
  and follow it; the capital marks the word as the game's term ("la Province rouge" is a
  piece of the game, not a region). "majeure" said of a Province ("devient majeure")
  stays an adjective, as in the rulebook ("elle devient une Province Majeure").
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = (ROOT / "web" / "i18n", ROOT / "qin" / "messages")

FORBIDDEN: dict[str, list[tuple[str, str]]] = {
    "en": [(r"\bspaces?\b", "a square of the board is a 'square'"),
           (r"(?<![Rr]ules )\bengine\b",
            "what allows or refuses a move is 'the rules' (as in German and French), "
            "never a program's 'engine' (only the loading names the 'rules engine')")],
    "de": [(r"\b(?:Spiel)?[Bb]rett(?:e?s)?\b", "the board is the 'Spielplan'"),
           (r"(?<![\w{])(?!Spielpl[aä]n|geplant|plan\})\w*[Pp]l[aä]n\w*",
            "the board is the 'Spielplan' (the rulebook's; its side the 'Spielplanseite')"),
           (r"\b[Kk]?eine\s+Qin-Spiel\b", "a game is neuter: 'ein Qin-Spiel', 'kein Qin-Spiel'"),
           (r"\b[Gg]ro(?:ß|ss)(?:e|en|er|es|em)\s+(?:\w+\s+)?Provinz",
            "a province of five squares or more is a 'Großprovinz', as the rulebook says")],
    "fr": [(r"\b[Tt]erritoires?\b(?! de départ)", "a square of the board is a 'case'"),
           (r"(?<!{)\b(?:provinces?|villages?|prairies?|points? d’eau|territoires? de départ)\b",
            "the game's terms are capitalised as the French rulebook writes them"),
           (r"\bProvinces?\s+majeures?\b", "a 'Province Majeure', as the rulebook writes it")],
}


def entries(lang: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for folder in FOLDERS:
        data = json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))
        found += [(key, value) for key, value in data.items() if isinstance(value, str)]
    return found


@pytest.mark.parametrize("lang", sorted(FORBIDDEN))
def test_one_word_for_one_thing(lang: str) -> None:
    wrong = [f"{key}: {why}: {value!r}"
             for pattern, why in FORBIDDEN[lang]
             for key, value in entries(lang)
             if re.search(pattern, value)]
    assert not wrong, "\n".join(wrong)


def test_the_patterns_catch_what_they_name() -> None:
    """The checks themselves: each catches a known bad sentence, and lets a sentence that
    starts with a capital pass."""
    fr_terms, fr_major = FORBIDDEN["fr"][1][0], FORBIDDEN["fr"][2][0]
    for wrong in ("la province rouge", "prend un village", "des cases de prairie",
                  "un point d’eau", "les territoires de départ"):
        assert re.search(fr_terms, wrong), wrong
    for right in ("La Province rouge", "prend un Village", "des cases Prairies",
                  "un Point d’eau", "les Territoires de départ", "le Village {village}"):
        assert not re.search(fr_terms, right), right
    assert re.search(fr_major, "deux Provinces majeures")
    assert not re.search(fr_major, "deux Provinces Majeures")
    assert not re.search(fr_major, "la Province rouge devient majeure")
    assert re.search(FORBIDDEN["en"][0][0], "a province of 3 spaces")
    assert re.search(FORBIDDEN["de"][2][0], "zu groß für eine Qin-Spiel")
    assert not re.search(FORBIDDEN["de"][2][0], "die kein Qin-Spiel hat")
    assert re.search(FORBIDDEN["de"][0][0], "auf dem Brett gespielt")
    assert re.search(FORBIDDEN["de"][0][0], "eigenes Spielbrett")
    assert not re.search(FORBIDDEN["de"][0][0], "ein Brettspiel für 2 bis 4")
    german_major = FORBIDDEN["de"][3][0]
    for wrong in ("Eine große Provinz", "zwei großen Provinzen", "eine große gelbe Provinz"):
        assert re.search(german_major, wrong), wrong
    for right in ("Eine Großprovinz", "die größere Provinz übernimmt", "Großprovinzen"):
        assert not re.search(german_major, right), right
    assert re.search(FORBIDDEN["fr"][0][0], "cinq territoires ou plus")
    assert not re.search(FORBIDDEN["fr"][0][0], "un Territoire de départ")
    german_board = FORBIDDEN["de"][1][0]
    for wrong in ("auf dem Plan", "Plan Vogel · 2 Spieler", "Seite des Plans", "beide Pläne",
                  "die Planseite „Vogel“", "der Vogelplan", "am Planrand"):
        assert re.search(german_board, wrong), wrong
    for right in ("auf dem Spielplan", "Seite des Spielplans", "die Spielplanseite „Vogel“",
                  "beide Spielpläne", "{plan}: Spiel 1 von 2", "geplant",
                  "am Rand des Spielplans", "beide Spielplanseiten"):
        assert not re.search(german_board, right), right


def test_the_german_rules_pages_say_spielplan() -> None:
    """The German rules reference and readings (text and diagram captions) name the board
    as the rulebook and the catalogues do."""
    for name in ("de.html", "readings-de.html"):
        text = (ROOT / "web" / "rules" / name).read_text(encoding="utf-8")
        shown = re.sub(r"<(script|style)\b.*?</\1>", "", text, flags=re.S)
        found = [m.group(0) for pattern, _ in FORBIDDEN["de"]
                 for m in re.finditer(rf"[^.<>\"]*{pattern}[^.<>\"]*", shown)]
        assert not found, (name, found[:5])


def test_the_english_rules_pages_say_square_outside_the_rulebooks_quotes() -> None:
    """The rules reference and the readings say "square" in their own words; the printed
    rulebook's "space" stays only where it is quoted (``<blockquote>``)."""
    for name in ("en.html", "readings-en.html"):
        text = (ROOT / "web" / "rules" / name).read_text(encoding="utf-8")
        own = re.sub(r"<blockquote>.*?</blockquote>", "", text, flags=re.S)
        found = re.findall(r"[^.<>]*\bspaces?\b[^.<>]*", own)
        assert not found, (name, found[:3])


def test_the_french_rules_pages_write_the_game_terms_as_the_game_does() -> None:
    """The French rules reference and readings, in their own words, headings, contents
    and diagram captions, say what the catalogues say (checked above): a "case colorée",
    not the rulebook's "territoire", and the game's terms with the French rulebook's
    capitals. Its quotations (``<blockquote>``, « ») are the rulebook's own text and are
    not checked."""
    for name in ("fr.html", "readings-fr.html"):
        html = (ROOT / "web" / "rules" / name).read_text(encoding="utf-8")
        own = re.sub(r"<(script|style|blockquote)\b.*?</\1>|«[^»]*»", "", html, flags=re.S)
        shown = re.sub(r"<[^>]*?\b(?:caption|title|aria-label)=\"([^\"]*)\"[^>]*>|<[^>]*>",
                       r" \1 ", own)
        shown = re.sub(r"\s+", " ", shown)
        found = [m.group(0) for pattern, _ in FORBIDDEN["fr"]
                 for m in re.finditer(rf"[^.]{{0,30}}{pattern}[^.]{{0,30}}", shown)]
        assert not found, (name, found[:5])
