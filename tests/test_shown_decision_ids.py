"""Players read words, never notation: no decision id ("Q9", "Q1–Q21") in what the rules
pages show (web/rules/*.html: their text, their diagrams' captions, the labels a screen
reader says) nor in any catalogue a player reads (web/i18n/, qin/messages/).

The ids stay where nobody reads them as text: a link's target (``readings-en.html#q9``)
and a tooltip (``title``), which is where the decisions (shared/rules/decisions.md) are
cited from. The browser's side: e2e/test_rules.py and e2e/test_words.py.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "web" / "rules"
PAGES = sorted(p.name for p in RULES.glob("*.html"))
LANGS = ("en", "de", "fr")
DECISION_ID = re.compile(r"Q\d")
SHOWN_ATTRIBUTES = ("caption", "alt", "placeholder", "aria-label")
"""Attributes whose words a player sees or hears (a ``qin-board`` draws its ``caption``)."""
UNSHOWN = ("script", "style", "py-config", "mpy-config")


class ShownText(HTMLParser):
    """The words of a page a player reads or hears: its title, its text outside scripts
    and settings, and ``SHOWN_ATTRIBUTES``; never its links' targets nor its tooltips."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.said: list[str] = []
        self._hidden = 0
        self._in_head = False
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in UNSHOWN:
            self._hidden += 1
        self._in_head = self._in_head or tag == "head"
        self._in_title = self._in_title or tag == "title"
        self.said += [value for name, value in attrs if name in SHOWN_ATTRIBUTES and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in UNSHOWN:
            self._hidden -= 1
        self._in_head = self._in_head and tag != "head"
        self._in_title = self._in_title and tag != "title"

    def handle_data(self, data: str) -> None:
        if not self._hidden and (self._in_title or not self._in_head) and data.strip():
            self.said.append(" ".join(data.split()))


def shown(page: str) -> list[str]:
    parser = ShownText()
    parser.feed((RULES / page).read_text(encoding="utf-8"))
    return parser.said


def test_the_shown_text_is_what_a_player_sees() -> None:
    """The parser itself: text and captions count, targets, tooltips and scripts not."""
    parser = ShownText()
    parser.feed('<html><head><title>Qin: the rules</title><script>Q1</script></head><body>'
                '<a class="reading" href="r.html#q9" title="Equal shares (Q9)">Our reading</a>'
                '<qin-board caption="Not allowed (Q8)"></qin-board>'
                '<py-config>{"Q2": 1}</py-config></body></html>')
    assert parser.said == ["Qin: the rules", "Our reading", "Not allowed (Q8)"]


@pytest.mark.parametrize("page", PAGES)
def test_no_rules_page_shows_a_decision_id(page: str) -> None:
    said = [text for text in shown(page) if DECISION_ID.search(text)]
    assert not said, f"rules/{page} shows decision ids: {said}"


@pytest.mark.parametrize("page", PAGES)
def test_links_within_the_readings_are_named_in_words(page: str) -> None:
    """A link to a reading (``#q13``, ``readings-de.html#q13``) is named in words: "Major
    provinces are safe", "Our reading", "In the rules", never the id."""
    html = (RULES / page).read_text(encoding="utf-8")
    links = re.findall(r'<a [^>]*href="[^"]*#q\d+a?"[^>]*>(.*?)</a>', html, re.S)
    assert all(re.sub(r"<[^>]+>", "", name).strip() for name in links), page
    assert not [name for name in links if DECISION_ID.search(name)], page


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalogue_word_is_a_decision_id(lang: str) -> None:
    """The catalogues' sentences never say an id; a refusal's ``{rule}`` is filled with
    one only for the command line (``qin.messages.refusal_text``'s ``rule``)."""
    said = {}
    for folder in (ROOT / "web" / "i18n", ROOT / "qin" / "messages"):
        data = json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))
        said.update({f"{folder.name}/{key}": value for key, value in data.items()
                     if isinstance(value, str) and DECISION_ID.search(value)})
    assert not said, said
