"""The site's languages and the choice of a reader's, before Python: one list (the
engine's, qin.messages.LANGS, written by the build into web/embed/langs.js) and one rule
(that script's ``pick``), which every page's script takes (run here under Node)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from qin.messages import DEFAULT, LANGS
from tests.conftest import node_json
from tools import build_site

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
LANGS_SOURCE = WEB / build_site.LANGS_SCRIPT

QUOTED_CODE = re.compile(r"""(["'])([a-z]{2})\1""")
ARRAY = re.compile(r"\[[^\[\]]*\]")


def lists_of_languages(text: str) -> list[str]:
    """The array literals of ``text`` that name two or more of the site's languages."""
    return [array for array in ARRAY.findall(text)
            if len({code for _, code in QUOTED_CODE.findall(array)} & set(LANGS)) >= 2]


def test_no_script_of_the_site_holds_its_own_list_of_languages() -> None:
    """A language more is one more catalogue, never an edit of the pages' scripts."""
    assert lists_of_languages('const LANGS = ["en", "de", "fr"];') != []  # the check sees one
    held = {str(path.relative_to(ROOT)): lists_of_languages(path.read_text(encoding="utf-8"))
            for path in sorted(WEB.rglob("*.js"))}
    assert {path: found for path, found in held.items() if found} == {}


def test_the_served_script_speaks_the_engine_s_languages() -> None:
    served = build_site.langs_script(LANGS_SOURCE.read_text(encoding="utf-8"))
    assert build_site.LANGS_MARK not in served
    found = node_json(f"{served}\nconsole.log(JSON.stringify([qinLangs.list, qinLangs.pick([])]));")
    assert found == [list(LANGS), DEFAULT]


def test_the_build_refuses_a_script_without_its_place_for_the_languages() -> None:
    with pytest.raises(build_site.BuildError):
        build_site.langs_script("globalThis.qinLangs = {};")


LONG = "de" + "-x" * 5000
CASES = [
    (["de-DE", "de", "en-US"], "de"),
    (["de-AT"], "de"),
    (["DE"], "de"),
    (["fr-CA"], "fr"),
    (["es-ES", "FR"], "fr"),
    (["pt-BR", "fr"], "fr"),
    (["pt-BR, fr"], "en"),  # one tag (Portuguese), not a list
    ([" de ", "fr"], "de"),
    (["de_CH"], "de"),
    ([None, "en-GB", "de"], "en"),
    (["", "fr"], "fr"),
    (["__proto__", "constructor", "toString", "fr"], "fr"),
    (['"><script>alert(1)</script>', "de"], "de"),
    ([LONG, "fr"], "fr"),
    ([{"toString": "de"}, 7, "fr"], "fr"),
    (["it", "pt-BR"], "en"),
    ([], "en"),
]


def test_the_reader_s_language_is_the_first_the_site_speaks() -> None:
    served = build_site.langs_script(LANGS_SOURCE.read_text(encoding="utf-8"))
    wanted = json.dumps([case for case, _ in CASES])
    found = node_json(f"{served}\n"
                      f"console.log(JSON.stringify({wanted}.map((w) => qinLangs.pick(w))));")
    assert found == [lang for _, lang in CASES]
