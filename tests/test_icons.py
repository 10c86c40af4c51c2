"""The page's small pictures (a done step's tick, a marked move's star, the sound
button's note, the rules diagrams' step and swap buttons) are SVG drawn by the project,
never a font's glyph: on a device without a font that has the character a glyph is an
empty box, and each font sizes and places it differently.  Each is hidden from screen
readers where words beside it (or its button's name) say what it means.

Typographic characters of prose (quotes, dashes) stay as they are; the replay buttons
give their keys in words and as ``aria-keyshortcuts``, never as arrows
(tests/test_access.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web" / "page"))

from qin_ui import icons, lesson_view, tutorial  # noqa: E402
from qin_ui.lesson import Lesson  # noqa: E402

ICON_CHARACTERS = "✓✔✗✘★☆▶◀►◄▸◂▲▼◯○●◉♪♫⇄⇆↩↪⟲⟳✕✖⏮⏭⏪⏩⏯"
"""Characters a page would show as a picture (a tick, a star, a play button...)."""

SOURCES = sorted([
    *(ROOT / "web" / "page").glob("*.html"), *(ROOT / "web" / "page").glob("*.css"),
    *(ROOT / "web" / "page").glob("*.js"), *(ROOT / "web" / "page" / "qin_ui").glob("*.py"),
    *(ROOT / "web" / "embed").glob("*.*"), *(ROOT / "web" / "rules").glob("*.html"),
    *(ROOT / "web" / "i18n").glob("*.json"), *(ROOT / "qin" / "messages").glob("*.json"),
])
"""Everything the page, its catalogues and the rules reference show."""


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_icon_is_a_font_glyph(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = [f"{text[max(0, m.start() - 40):m.end() + 10]!r}"
             for m in re.finditer(f"[{ICON_CHARACTERS}]", text)]
    assert not found, found


def test_the_diagrams_buttons_are_no_glyphs_either() -> None:
    """The rules diagrams' "to the start" button was a « (a quotation mark elsewhere)."""
    script = (ROOT / "web" / "embed" / "qin-board.js").read_text(encoding="utf-8")
    assert not re.findall(r'textContent = "[^"\x00-\x7f]', script)


@pytest.mark.parametrize("name", icons.NAMES)
def test_an_icon_is_a_small_svg_sized_to_the_text_and_silent(name: str) -> None:
    svg = icons.icon(name)
    assert svg.startswith(f'<svg class="icon icon-{name}" viewBox="0 0 16 16" ')
    assert 'aria-hidden="true"' in svg and 'focusable="false"' in svg
    assert not re.search(r"[^\x00-\x7f]", svg)


def test_a_done_step_is_ticked_with_an_svg_and_said_in_words() -> None:
    lesson = Lesson.new("turn")
    html = lesson_view.steps_html(lesson, frozenset({"place"}))
    first, second = html.split("</li>")[:2]
    assert icons.icon("tick") in first and "sr-only" in first
    assert "<svg" not in second and "sr-only" not in second
    assert len(re.findall("<li>", html)) == len(tutorial.STEPS)


def test_a_marked_move_of_the_review_is_starred_with_an_svg_and_said_in_words() -> None:
    from qin_ui import review

    from qin.ai.review import marked
    from tests.test_app_review import judged_run

    run, names = judged_run()  # a mistake by Anna (marked), an inaccuracy by Ben
    run.result = marked(run.done)
    first, second = review.list_html(run, names).split("</li>")[:2]
    assert icons.icon("star") in first and "sr-only" in first
    assert "<svg" not in second


@pytest.mark.parametrize("lang", ("en", "de", "fr"))
def test_the_reviews_legend_shows_the_boards_marks_as_svg_beside_its_words(lang: str) -> None:
    """The legend below a jumped-to move: the ring and the star drawn as the board draws
    them (``review.badge``), silent, each after the words that name it."""
    import json

    from qin_ui import i18n, review

    catalogue = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
    try:
        i18n.set_language(lang, catalogue)
        html = review.legend_html()
    finally:
        i18n.set_language("en", json.loads((ROOT / "web" / "i18n" / "en.json")
                                           .read_text("utf-8")))
    ring, star = review.legend_mark("played"), review.legend_mark("better")
    assert html.count("<svg") == 2 and html.index(ring) < html.index(star)
    assert 'aria-hidden="true"' in ring and "<circle" in ring
    assert 'aria-hidden="true"' in star and "<polygon" in star
    words = re.sub(r"<svg\b.*?</svg>", "", html, flags=re.S)
    assert "<" not in words and words.strip()
    assert words == catalogue["review.legend"].format(ring="", star="").replace("&", "&amp;")
