"""Quotation marks of the German and French catalogues: German quotes „so“, French
« ainsi » (no-break spaces inside: tests/test_french_typography.py), never with ASCII
quotes ('so', "so"); only a JSON example quoted as code keeps its own ("format").

Read: web/i18n/<lang>.json and the engine's qin/messages/<lang>.json.  The values the
engine quotes in a refusal (a record's bad field or move) are quoted by the catalogue's
``value.quoted`` (tests/test_records.py, tests/test_series.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = [ROOT / "web" / "i18n" / f"{lang}.json" for lang in ("de", "fr")] + [
    ROOT / "qin" / "messages" / f"{lang}.json" for lang in ("de", "fr")]

JSON_CODE = re.compile(r"\{\{.*?\}\}")
"""A JSON example in a text (``{{"format": "qin-game/1", ...}}``): code, quoted as code."""
WRONG = {"de": re.compile(r"[\"'«»”]|„[^“]*$|^[^„]*“"),
         "fr": re.compile(r"[\"'„“”]")}


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_catalogue_quotes_as_its_language_does(path: Path) -> None:
    lang = path.stem
    texts: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    wrong = {key: value for key, value in texts.items()
             if WRONG[lang].search(JSON_CODE.sub("", value))}
    assert not wrong, f"{path.name}: quoted otherwise than in {lang}: {wrong}"
