"""French typography of everything French the project shows: a non-breaking space
before : ; ! and ?, never a plain space (which lets the mark wrap to the start of a line)
and never none; of the two no-break spaces French uses (U+00A0, the narrow U+202F) the
whole site uses one throughout, U+00A0, as the message catalogues always did.

Read: every French message catalogue that exists (web/i18n/fr.json, and the engine's
qin/messages/fr.json when the wheel carries one), the site's i18n/fr.json the build merges
from them (tools/build_site.py), the French start screen the build writes into start.json,
every page of web/ whose language is French (the rules reference and its readings,
web/rules/fr.html and web/rules/readings-fr.html, written by hand and copied as they are):
their text and the captions of their diagrams, and the French words (lang="fr") of the
other pages.
"""

from __future__ import annotations

import json
import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools import build_site

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
CATALOGUES = [p for p in (WEB / "i18n" / "fr.json",
                          ROOT / "qin" / "messages" / "fr.json") if p.is_file()]
SERVED = sorted(p for p in WEB.rglob("*.html")
                if not set(p.relative_to(WEB).parts) & set(build_site.NOT_SERVED))
# Attributes whose value a reader sees or hears.
SHOWN = ("caption", "title", "aria-label", "alt", "placeholder")

PLAIN_SPACE = re.compile(r"[ \t\n][:;!?]")
# A mark glued to the word before it (" ...x: y"), but not JSON or markup inside a text
# ("{{\"format\": ...}}") and not a mark that ends nothing ("Rc4:" never occurs).
NO_SPACE = re.compile(r"[^\s\u00a0\u202f\"'“«(\[{][:;!?](?=\s|$)")


# Guillemets hold their words with a no-break space on each side inside: « … ».
GUILLEMET = re.compile(r"«(?!\u00a0)|(?<!\u00a0)»")


def problems(text: str) -> list[str]:
    found = [text[max(0, m.start() - 20):m.end() + 10] for m in PLAIN_SPACE.finditer(text)]
    found += [text[max(0, m.start() - 20):m.end() + 10] for m in NO_SPACE.finditer(text)]
    found += [text[max(0, m.start() - 20):m.end() + 10] for m in GUILLEMET.finditer(text)]
    return found


VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                  "meta", "source", "track", "wbr"})
"""Elements without an end tag (they open no language of their own)."""


class Shown(HTMLParser):
    """The French text of a page and its shown French attributes (not scripts, styles or
    the CSP): everything whose nearest lang="..." (the page's <html lang>, or ``lang``
    for a fragment) is French."""

    def __init__(self, lang: str = "") -> None:
        super().__init__()
        self.text: list[str] = []
        self.attributes: list[str] = []
        self._open: list[tuple[str, str]] = [("", lang)]  # (element, its language)
        self._skip = 0

    @property
    def french(self) -> bool:
        return self._open[-1][1].split("-")[0].lower() == "fr"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        lang = dict(attrs).get("lang") or self._open[-1][1]
        if tag not in VOID:
            self._open.append((tag, lang))
        if tag in ("script", "style"):
            self._skip += 1
        if lang.split("-")[0].lower() == "fr":
            self.attributes += [value for name, value in attrs if name in SHOWN and value]

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        lang = dict(attrs).get("lang") or self._open[-1][1]
        if lang.split("-")[0].lower() == "fr":
            self.attributes += [value for name, value in attrs if name in SHOWN and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1
        # An element closed without its end tag (<p>, <li>) closes with its parent.
        if any(name == tag for name, _ in self._open[1:]):
            while self._open.pop()[0] != tag:
                pass

    def handle_data(self, data: str) -> None:
        if not self._skip and self.french:
            self.text.append(data)


def shown(html: str, lang: str = "") -> Shown:
    page = Shown(lang)
    page.feed(html)
    page.close()
    return page


@cache
def read(path: Path) -> Shown:
    return shown(path.read_text(encoding="utf-8"))


def page_lang(path: Path) -> str:
    found = re.search(r"<html\b[^>]*\blang=\"([^\"]*)\"", path.read_text(encoding="utf-8"))
    return found.group(1) if found else ""


PAGES = [p for p in SERVED if page_lang(p).split("-")[0] == "fr"]
OTHER_PAGES = [p for p in SERVED if p not in PAGES]


@cache
def built_catalogue() -> dict[str, str]:
    """The site's i18n/fr.json as the build merges it."""
    return build_site.merged_catalogue("fr")


@cache
def start_screen() -> list[str]:
    """The French start screen of the build's start.json: HTML fragments and words."""
    catalogues = {f"i18n/{lang}.json": json.dumps(build_site.merged_catalogue(lang)).encode()
                  for lang in ("en", "fr")}
    french = json.loads(build_site.start_file(catalogues))["langs"]["fr"]

    def strings(value: object) -> list[str]:
        if isinstance(value, str):
            return [value]
        if isinstance(value, dict):
            return [s for v in value.values() for s in strings(v)]
        if isinstance(value, list):
            return [s for v in value for s in strings(v)]
        return []

    return strings(french)


def test_the_reader_takes_the_french_words_only() -> None:
    page = shown('<html lang="en"><p>Say: <a lang="fr" title="Titre\u00a0!">Oui\u00a0?</a>'
                 '<br>Done<img lang="fr" alt="Image\u00a0!"><ul lang="fr"><li>Non\u00a0!'
                 '<li>Encore</ul> and <script lang="fr">x: 1</script></html>')
    assert "".join(page.text) == "Oui\u00a0?Non\u00a0!Encore"
    assert page.attributes == ["Titre\u00a0!", "Image\u00a0!"]
    assert "".join(shown("<b>Oui\u00a0?</b>", "fr").text) == "Oui\u00a0?"


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
    assert not wrong, f"{where}: a plain or missing space (: ; ! ? « ») in {wrong}"


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


def test_the_french_pages_are_found() -> None:
    assert {p.relative_to(WEB).as_posix() for p in PAGES} >= {"rules/fr.html",
                                                               "rules/readings-fr.html"}
    assert not any(p.name == "fr.html" for p in OTHER_PAGES)


@pytest.mark.parametrize("path", PAGES, ids=lambda p: p.name)
def test_french_page(path: Path) -> None:
    page = read(path)
    text = "".join(page.text)
    assert len(text) > 2000 and page.attributes
    wrong = problems(text) + [p for value in page.attributes for p in problems(value)]
    assert not wrong, f"{path.name}: a plain or missing space (: ; ! ? « ») in {wrong}"


@pytest.mark.parametrize("path", OTHER_PAGES, ids=lambda p: str(p.relative_to(WEB)))
def test_french_words_of_other_pages(path: Path) -> None:
    page = read(path)
    wrong = [p for value in page.text + page.attributes for p in problems(value)]
    assert not wrong, f"{path.name}: a plain or missing space (: ; ! ? « ») in {wrong}"


def test_the_built_french_catalogue_and_start_screen() -> None:
    wrong = {key: problems(value) for key, value in built_catalogue().items()
             if problems(value)}
    assert not wrong, f"i18n/fr.json: a plain or missing space (: ; ! ? « ») in {wrong}"
    screen = [shown(fragment, "fr") for fragment in start_screen()]
    assert any("Vert" in "".join(part.text + part.attributes) for part in screen)
    wrong_start = [p for part in screen for value in part.text + part.attributes
                   for p in problems(value)]
    assert not wrong_start, f"start.json (fr): a plain or missing space in {wrong_start}"


def test_the_whole_site_uses_one_no_break_space() -> None:
    """U+00A0 before : ; ! ? and inside « » in every French text the site shows: the
    catalogues, the rules pages and their readings, the French words of other pages."""
    texts = {str(path.relative_to(ROOT)): [*read(path).text, *read(path).attributes]
             for path in SERVED}
    texts["i18n/fr.json (built)"] = list(built_catalogue().values())
    texts["start.json (fr)"] = [value for fragment in start_screen()
                                for part in [shown(fragment, "fr")]
                                for value in part.text + part.attributes]
    used = {where: spaces("\n".join(values)) for where, values in texts.items()}
    assert used["web/rules/fr.html"] and used["web/rules/readings-fr.html"]
    other = {where: found for where, found in used.items() if found - {"U+00A0"}}
    assert not other, f"another no-break space than U+00A0 in {other}"
