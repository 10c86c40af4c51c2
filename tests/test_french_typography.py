"""French typography of everything French the project shows: a non-breaking space
(U+00A0, or the narrow U+202F) before : ; ! and ?, never a plain space (which lets the
mark wrap to the start of a line) and never none; the message catalogues use one of
the two throughout (U+00A0).

Read: every French message catalogue that exists (web/i18n/fr.json, and the engine's
qin/messages/fr.json when the wheel carries one) and the French pages of the rules
reference (web/rules/fr.html, web/rules/readings-fr.html): their text and the captions
of their diagrams.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = [p for p in (ROOT / "web" / "i18n" / "fr.json",
                          ROOT / "qin" / "messages" / "fr.json") if p.is_file()]
PAGES = [ROOT / "web" / "rules" / "fr.html", ROOT / "web" / "rules" / "readings-fr.html"]
# Attributes whose value a reader sees or hears.
SHOWN = ("caption", "title", "aria-label", "alt", "placeholder")

PLAIN_SPACE = re.compile(r"[ \t\n][:;!?]")
# A mark glued to the word before it (" ...x: y"), but not JSON or markup inside a text
# ("{{\"format\": ...}}") and not a mark that ends nothing ("Rc4:" never occurs).
NO_SPACE = re.compile(r"[^\s\u00a0\u202f\"'“«(\[{][:;!?](?=\s|$)")


def problems(text: str) -> list[str]:
    found = [text[max(0, m.start() - 20):m.end() + 10] for m in PLAIN_SPACE.finditer(text)]
    found += [text[max(0, m.start() - 20):m.end() + 10] for m in NO_SPACE.finditer(text)]
    return found


class Shown(HTMLParser):
    """The text of a page and its shown attributes (not scripts, styles or the CSP)."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.attributes: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        self.attributes += [value for name, value in attrs if name in SHOWN and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.text.append(data)


def test_the_checker_finds_plain_and_missing_spaces() -> None:
    assert problems("Langue : français") and problems("Langue: français")
    assert problems("Vraiment ?") and problems("gagne !")
    assert not problems("Langue\u00a0: français\u202f; gagne\u202f! «\u00a0x\u00a0»\u202f?")
    assert not problems('commençant par {{"format": "qin-game/1", ...}}')


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_french_catalogue(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    wrong = {key: problems(value) for key, value in data.items()
             if isinstance(value, str) and problems(value)}
    where = path.relative_to(ROOT)
    assert not wrong, f"{where}: a plain or missing space before : ; ! ? in {wrong}"


NO_BREAK = {"\u00a0": "U+00A0", "\u202f": "U+202F"}
"""The no-break spaces French puts before : ; ! ? and inside « »."""
SPACED = re.compile(r"([\u00a0\u202f])[:;!?»]|«([\u00a0\u202f])")


def spaces(text: str) -> set[str]:
    """Which no-break spaces ``text`` puts before : ; ! ? » and after «."""
    return {NO_BREAK[m.group(1) or m.group(2)] for m in SPACED.finditer(text)}


def test_the_checker_finds_a_mix_of_no_break_spaces() -> None:
    assert spaces("Langue\u00a0: français\u202f; gagne") == {"U+00A0", "U+202F"}
    assert spaces("«\u00a0x\u00a0»\u00a0?") == {"U+00A0"}
    assert spaces("1\u202f000 pagodes") == set()


def test_the_french_catalogues_use_one_no_break_space() -> None:
    """One and the same no-break space before : ; ! ? and inside « » in every French
    catalogue (the page shows both merged): U+00A0, which most of them used."""
    used = {str(path.relative_to(ROOT)): spaces("\n".join(
        v for v in json.loads(path.read_text(encoding="utf-8")).values() if isinstance(v, str)))
        for path in CATALOGUES}
    assert all(found == {"U+00A0"} for found in used.values()), used


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_french_page(path: Path) -> None:
    page = Shown()
    page.feed(path.read_text(encoding="utf-8"))
    text = "".join(page.text)
    assert len(text) > 2000 and page.attributes
    wrong = problems(text) + [p for value in page.attributes for p in problems(value)]
    assert not wrong, f"{path.name}: a plain or missing space before : ; ! ? in {wrong}"
