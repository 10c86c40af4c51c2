"""A sentence that says a detail from elsewhere (the browser's error text, the engine's
reason) in brackets or after a colon reads whole when that detail is empty.

Every message of the catalogues the browser gets (the site's and the engine's, merged),
in English, German and French, with a detail placeholder (``qin.messages.details.DETAILS``)
is filled with an empty detail: no "()" is left, nor a colon with nothing after it, nor
a doubled space; with a detail, the detail is said.  The page's words (``i18n.t`` and the
notes it keeps, ``Words``) go through the same helper as the engine's.
"""

from __future__ import annotations

import json
import re
import string
import sys
from pathlib import Path

import pytest

from qin import messages
from qin.messages.details import DETAILS, without_empty_details
from tests.test_catalogues import CATALOGUES, LANGS

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "page"))
from qin_ui import i18n  # noqa: E402

GAPS = re.compile(r"\(\s*\)|[\s\u00a0\u202f]*:[\s\u00a0\u202f]*(?:$|[.;,)])|\s\s|^\s|\s$"
                  r"|\s[.,]")
"""What an empty detail must not leave: empty brackets, a colon before nothing (or
before the sentence's end), two spaces, a space at either end or before a full stop."""


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def detailed(lang: str) -> dict[str, str]:
    return {key: value for key, value in CATALOGUES[lang].items()
            if placeholders(value) & set(DETAILS)}


@pytest.mark.parametrize("lang", LANGS)
def test_every_sentence_with_an_empty_detail_reads_whole(lang: str) -> None:
    found = detailed(lang)
    assert {"saves.error.write", "keep.not_saved", "link.cannot_open",
            "illegal.move"} <= set(found)
    problems = []
    for key in found:
        names = placeholders(CATALOGUES[lang][key])
        values = {name: "" if name in DETAILS else "Xy" for name in names}
        said = messages.text(CATALOGUES[lang], key, **values)
        if GAPS.search(said) or "{" in said:
            problems.append(f"{key}: {said!r}")
        detail = messages.text(CATALOGUES[lang], key,
                               **{name: "DETAIL" if name in DETAILS else "Xy"
                                  for name in names})
        if "DETAIL" not in detail:
            problems.append(f"{key}: the detail is not said: {detail!r}")
    assert problems == []


def test_an_empty_detail_drops_its_brackets_or_its_colon() -> None:
    assert without_empty_details("could not be saved ({error}); export it",
                                 {"error": ""}) == "could not be saved; export it"
    assert without_empty_details("Not saved: {error}", {"error": " "}) == "Not saved"
    assert without_empty_details("ouverte\u00a0: {error}. Elle", {"error": ""}) \
        == "ouverte. Elle"
    assert without_empty_details("{what}: {error}", {"error": ""}) == "{what}"
    assert without_empty_details("Not saved: {error}", {"error": "full"}) \
        == "Not saved: {error}"
    assert without_empty_details("Not saved: {error}", {}) == "Not saved: {error}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_s_notes_say_an_empty_browser_error_without_brackets(lang: str) -> None:
    try:
        i18n.set_language(lang, CATALOGUES[lang])
        note = i18n.words("keep.not_saved", error=i18n.words("saves.error.write", error=""))
        said = i18n.said(note)
        assert not GAPS.search(said), said
        assert said.startswith(i18n.t("keep.not_saved", error="")), said
        assert "()" not in i18n.t("saves.error.storage", error="")
    finally:
        i18n.set_language("en", CATALOGUES["en"])


@pytest.mark.parametrize("lang", LANGS)
def test_the_diagrams_failures_are_served_whole_without_a_detail(lang: str) -> None:
    """A diagram whose engine never loaded says its failure in JavaScript, from the
    served catalogue: when the browser's error says nothing, it shows the sentence the
    build wrote by the engine's rule, never one ending in a colon."""
    from tools import build_site

    served = json.loads(build_site.catalogue_files(
        {f"i18n/{lang}.json": build_site.I18N_DIR / f"{lang}.json"})[f"i18n/{lang}.json"])
    for key in ("ui.engine_failed", "ui.position_failed"):
        said = served[key + build_site.NO_DETAIL]
        assert said == messages.text(CATALOGUES[lang], key, error="")
        assert said and not GAPS.search(said) and "{" not in said, said
