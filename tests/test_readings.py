"""The published readings (web/rules/readings-{en,de,fr}.html) and the reading marks of the
rules reference (web/rules/{en,de,fr}.html).

The reference says the printed rules in its own words; a paragraph that goes beyond the
printed words, or settles what they leave open, carries a visible "Our reading" mark that
links to the entry Qn of the readings page in the same language (the mark says what it is
in words; the decision's id stays in the link's anchor and its tooltip). Each entry gives
the question, the printed sentences (quoted from the rulebook of that language) and the
reading of decisions.md (Q1-Q21), under a heading in words.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "web" / "rules"
LANGS = ("en", "de", "fr")
# decisions.md lives beside the project (shared/rules/), not in it; from a worktree one
# level further down.
DECISIONS = next((base / "shared" / "rules" / "decisions.md" for base in ROOT.parents
                  if (base / "shared" / "rules" / "decisions.md").is_file()),
                 ROOT / "decisions.md")
# Q1-Q21 and Q11a, the ids of decisions.md (and of web/rules/anchors.json)
QUESTIONS = [f"q{n}" for n in range(1, 22)] + ["q11a"]
MARK_WORDS = {"en": "Our reading", "de": "Unsere Lesart", "fr": "Notre lecture"}
# What the readings pages call their parts, in each language.
LABELS = {"en": ("Question:", "Our reading:"), "de": ("Frage:", "Unsere Lesart:"),
          "fr": ("Question\u00a0:", "Notre lecture\u00a0:")}
# Decisions whose reading the reference must state as going beyond, or settling a
# conflict in, the printed words (in the paragraph itself, not only on the readings page).
BEYOND_THE_PRINT = ("q9", "q10", "q13", "q14", "q16", "q18", "q19")


class Links(HTMLParser):
    """Every element id, every link (href, class, text, tooltip) and the page's language."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[tuple[str, str, str, str]] = []
        self.lang = ""
        self.paragraphs: dict[str, str] = {}  # id -> text of <p id=...> and <section id=...>
        self._open: list[tuple[str, str]] = []  # (tag, id)
        self._link: list[str] | None = None
        self._text: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "html":
            self.lang = a.get("lang", "")
        if tag in ("p", "section") and a.get("id"):
            self._open.append((tag, a["id"]))
            self._text[a["id"]] = []
        if tag == "a":
            self._link = [a.get("href", ""), a.get("class", ""), "", a.get("title", "")]

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._link is not None:
            href, cls, text, tooltip = self._link
            self.links.append((href, cls, " ".join(text.split()), tooltip))
            self._link = None
        if self._open and self._open[-1][0] == tag:
            _, pid = self._open.pop()
            self.paragraphs[pid] = " ".join("".join(self._text[pid]).split())

    def handle_data(self, data: str) -> None:
        if self._link is not None:
            self._link[2] += data
        for _, pid in self._open:
            self._text[pid].append(data)


def parse(name: str) -> Links:
    page = Links()
    page.feed((RULES / name).read_text(encoding="utf-8"))
    return page


REFERENCE = {lang: parse(f"{lang}.html") for lang in LANGS}
READINGS = {lang: parse(f"readings-{lang}.html") for lang in LANGS}


def marks(lang: str) -> list[tuple[str, str]]:
    """(href, text) of every reading mark of the reference page."""
    return [(href, text) for href, cls, text, _ in REFERENCE[lang].links
            if "reading" in cls.split()]


def catalogue_titles(lang: str) -> dict[str, str]:
    """The title of each reading in the site's catalogue (``reading.q9``): the one place
    the titles are written, for the game page's and the diagrams' links to a reading and
    for the headings of the readings page."""
    catalogue = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
    return {q: catalogue[f"reading.{q}"] for q in QUESTIONS if f"reading.{q}" in catalogue}


def entry_titles(lang: str) -> dict[str, str]:
    """The heading of each entry of the readings page: {"q9": "Equal shares", ...}."""
    html = (RULES / f"readings-{lang}.html").read_text(encoding="utf-8")
    return {q: " ".join(title.split()) for q, title in
            re.findall(r'<section class="entry" id="(q\d+a?)">\s*<h2>(.*?)</h2>', html, re.S)}


@pytest.mark.parametrize("lang", LANGS)
def test_every_reading_mark_links_to_an_entry_of_the_readings_page(lang: str) -> None:
    found = marks(lang)
    assert len(found) >= 15, f"{lang}.html has only {len(found)} reading marks"
    for href, text in found:
        page, _, anchor = href.partition("#")
        assert page == f"readings-{lang}.html", (lang, href)
        assert anchor in QUESTIONS and anchor in READINGS[lang].ids, (lang, href)
        assert text == MARK_WORDS[lang], (lang, href, text)


@pytest.mark.parametrize("lang", LANGS)
def test_a_mark_says_our_reading_in_words_and_names_it_in_its_tooltip(lang: str) -> None:
    """A player reads "Our reading", never "Q9"; the tooltip names the entry the mark
    opens by its heading, and keeps the decision's id for whoever cites it."""
    titles = entry_titles(lang)
    tooltips = [(href, tooltip) for href, cls, _, tooltip in REFERENCE[lang].links
                if "reading" in cls.split()]
    assert tooltips
    for href, tooltip in tooltips:
        anchor = href.partition("#")[2]
        assert tooltip == f"{titles[anchor]} (Q{anchor[1:]})", (lang, href, tooltip)


@pytest.mark.parametrize("lang", LANGS)
def test_the_readings_are_headed_and_listed_in_words(lang: str) -> None:
    """Each entry's heading, and its line in the contents, is its title in words; the id
    stays in the anchor (#q9) the marks, the refusals and the tutorial link to."""
    titles = entry_titles(lang)
    assert sorted(titles) == sorted(QUESTIONS)
    for q, title in titles.items():
        assert title and not re.search(r"Q\d", title), (lang, q, title)
    contents = {href[1:]: text for href, _, text, _ in READINGS[lang].links
                if href.startswith("#q")}
    for q, title in titles.items():
        assert contents.get(q) == title, (lang, q, contents.get(q))


@pytest.mark.parametrize("lang", LANGS)
def test_every_reading_is_titled_as_the_catalogue_titles_it(lang: str) -> None:
    """A reading has one title: the catalogue's. The readings page heads its entry and
    lists it in its contents with that title, and the reference's marks name it so in
    their tooltips, as the game page's and the diagrams' links to it do."""
    titles = catalogue_titles(lang)
    assert sorted(titles) == sorted(QUESTIONS), sorted(set(QUESTIONS) - set(titles))
    differ = [(q, page_title, titles[q]) for q, page_title in entry_titles(lang).items()
              if page_title != titles[q]]
    assert not differ, f"readings-{lang}.html (heading, catalogue): {differ}"


@pytest.mark.parametrize("lang", LANGS)
def test_plain_rulebook_content_carries_no_badge(lang: str) -> None:
    """The old "Qn" badges (class "q", linking the paragraph to itself) are gone: a mark
    always means a reading, and always leads to it."""
    html = (RULES / f"{lang}.html").read_text(encoding="utf-8")
    assert 'class="q"' not in html
    for href, _ in marks(lang):
        anchor = href.partition("#")[2]
        assert anchor in REFERENCE[lang].ids, f"{lang}: the mark {anchor} sits in no Qn paragraph"


@pytest.mark.parametrize("lang", LANGS)
def test_readings_that_go_beyond_the_print_are_marked_and_say_so(lang: str) -> None:
    marked = {href.partition("#")[2] for href, _ in marks(lang)}
    assert set(BEYOND_THE_PRINT) <= marked, sorted(set(BEYOND_THE_PRINT) - marked)
    text = REFERENCE[lang].paragraphs
    # Q9: 4-2-2 is allowed; Q13 and Q16: the reference names the conflict and the convention
    four_two_two = {"en": "four squares against two and two", "de": "vier gegen zwei und zwei",
                    "fr": "quatre cases contre deux et deux"}
    assert four_two_two[lang] in text["q9"], text["q9"]
    word = {"en": ("conflict", "convention"), "de": ("widersprechen", "Festlegung"),
            "fr": ("contredisent", "convention")}[lang]
    assert word[0] in text["q13"] and word[1] in text["q16"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_readings_page_has_every_question(lang: str) -> None:
    page = READINGS[lang]
    assert page.lang == lang
    missing = [q for q in QUESTIONS if q not in page.ids]
    assert not missing, f"readings-{lang}.html lacks {missing}"
    html = (RULES / f"readings-{lang}.html").read_text(encoding="utf-8")
    sections = re.findall(r'<section class="entry" id="(q\d+a?)">(.*?)</section>', html, re.S)
    assert [q for q, _ in sections] == sorted(QUESTIONS, key=lambda q: (int(q[1:].rstrip("a")), q))
    question, reading = LABELS[lang]
    for q, body in sections:
        assert question in body and reading in body, (lang, q)
        assert "<blockquote>" in body, f"{lang}/{q}: no printed sentences quoted"
        assert f'href="{lang}.html#{q}"' in body, f"{lang}/{q}: no way back to the rules"
        assert q in REFERENCE[lang].ids  # the way back leads somewhere


@pytest.mark.parametrize("lang", LANGS)
def test_the_readings_are_linked_from_the_reference_and_the_index(lang: str) -> None:
    assert f"readings-{lang}.html" in {href for href, _, _, _ in REFERENCE[lang].links}
    index = parse("index.html")
    assert f"readings-{lang}.html" in {href for href, _, _, _ in index.links}
    other = [lang2 for lang2 in LANGS if lang2 != lang]
    switch = {href for href, _, _, _ in READINGS[lang].links}
    assert {f"readings-{lang2}.html" for lang2 in other} <= switch


@pytest.mark.skipif(not DECISIONS.is_file(), reason="decisions.md is not beside the project")
def test_the_readings_page_covers_every_decision() -> None:
    ids = {f"q{m.lower()}" for m in re.findall(r"^- Q(\d+a?)\.", DECISIONS.read_text("utf-8"),
                                              re.M)}
    assert ids <= set(QUESTIONS)


def test_the_french_absorb_paragraph_says_the_printed_french_counts_differently() -> None:
    """The printed French rule counts the spaces "dans une des Provinces d'origine", while
    its own example and the English and German rules add them up (Q12)."""
    assert "dans une des Provinces d’origine" in REFERENCE["fr"].paragraphs["q12"]
    assert "total" in REFERENCE["fr"].paragraphs["q12"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_reading_points_to_an_entry_with_a_title(lang: str) -> None:
    """A refusal's link (the game page's and the diagrams', ``qin.messages.refusal_reading``)
    opens an entry the readings page has, and the site's catalogue names it in words."""
    from qin import messages

    catalogue = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
    for code in messages.REFUSAL_RULES:
        reading = messages.refusal_reading(code, lang)
        assert reading is not None
        href, title = reading
        page, anchor = href.split("#")
        assert f'id="{anchor}"' in (ROOT / "web" / page).read_text("utf-8"), href
        assert catalogue[title] and not catalogue[title].startswith("reading."), title
    assert messages.refusal_reading("no such code", lang) is None
