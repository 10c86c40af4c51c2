"""Readers' language settings that every page of the site must read alike before Python:
the game page, the rules' index and a diagram (tests in test_languages.py, test_rules.py,
test_embed.py).

Each case is a reader's choice kept by the site (localStorage "qin-lang", or ``None``),
the browser's languages, the language of the site's pages (the choice first) and the
language of a diagram on a page that names none (the browser's: a diagram on somebody
else's page has no choice kept by this site).
"""

from __future__ import annotations

import json
from typing import NamedTuple

from playwright.sync_api import Browser, BrowserContext


class Reader(NamedTuple):
    saved: str | None
    browser: list[str]
    page: str
    diagram: str


READERS = [
    Reader(None, ["de-AT", "en"], "de", "de"),
    Reader("DE", ["en-US"], "de", "en"),
    Reader(None, ["pt-BR", "fr"], "fr", "fr"),
    Reader("", ["it"], "en", "en"),
    Reader("x" * 10_000, ["fr-CA"], "fr", "fr"),
    Reader('"><img src=x onerror=alert(1)>', ["es", "de_CH"], "de", "de"),
]
IDS = ["de-AT", "saved-DE", "pt-BR-then-fr", "empty-saved", "10k-saved", "hostile-saved"]


def reader_context(browser: Browser, site_url: str, reader: Reader) -> BrowserContext:
    """A browser context whose navigator.languages are the reader's, with the reader's
    choice kept on the site's origin before any of its scripts runs."""
    context = browser.new_context(base_url=site_url)
    context.add_init_script(f"""(() => {{
      const languages = {json.dumps(reader.browser)};
      Object.defineProperty(Navigator.prototype, "languages", {{ get: () => languages }});
      Object.defineProperty(Navigator.prototype, "language", {{ get: () => languages[0] }});
      const saved = {json.dumps(reader.saved)};
      try {{  // once: a choice made on the page afterwards is the page's
        if (saved !== null && !sessionStorage.getItem("reader-set")) {{
          localStorage.setItem("qin-lang", saved);
          sessionStorage.setItem("reader-set", "1");
        }}
      }} catch {{ /* an opaque origin (about:blank) */ }}
    }})();""")
    return context
