"""What holds back the game page's first paint: the stylesheets its <head> links without a
media condition (a browser paints nothing until each has arrived) are the page's own, each
needed for the start screen; PyScript's core.css is not among them (its rules are for the
editor, the terminal and the file dialog, which the page turns off, and for its settings
elements, which boot.css hides)."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"
INDEX = WEB / "page" / "index.html"


def blocking_stylesheets(html: str) -> list[str]:
    head = html.split("</head>", 1)[0]
    links = re.findall(r"<link\b[^>]*>", head)
    return [re.search(r'href="([^"]+)"', link).group(1)  # type: ignore[union-attr]
            for link in links
            if 'rel="stylesheet"' in link and " media=" not in link]


def test_the_first_paint_waits_only_for_the_pages_own_stylesheets() -> None:
    sheets = blocking_stylesheets(INDEX.read_text(encoding="utf-8"))
    assert sheets == ["./boot.css", "./style.css", "./keep.css"], sheets


def test_pyscripts_settings_elements_are_hidden_without_its_stylesheet() -> None:
    boot = (WEB / "startup" / "boot.css").read_text(encoding="utf-8")
    rule = re.search(r"py-config,\s*mpy-config\s*\{\s*display:\s*none;\s*\}", boot)
    assert rule is not None
    assert "<py-config" in INDEX.read_text(encoding="utf-8")
