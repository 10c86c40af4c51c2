"""A detail from elsewhere inside a sentence of the catalogue: the browser's error text
or the engine's reason, said in brackets ("could not be saved ({error})") or after a
colon ("Not saved: {error}").  Such a detail may be empty (a browser's error without a
message): the sentence is then said without it, never with "()" or a colon before
nothing.  ``qin.messages.text`` applies it to every message it fills in, so the engine's
words, the game page's and the diagrams' all read whole.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

DETAILS: Final = ("error", "reason")
"""The placeholders that hold a detail from elsewhere."""

_SPACE = r"[\s\u00a0\u202f]*"
"""Spaces before a colon: French puts a no-break space there."""


def _around(name: str) -> re.Pattern[str]:
    """The placeholder ``name`` with its brackets and the space before them, or with the
    colon before it and its spaces, or alone."""
    field = re.escape("{" + name + "}")
    return re.compile(rf"\s*\(\s*{field}\s*\)|{_SPACE}:{_SPACE}{field}|{field}")


_PATTERNS: Final = {name: _around(name) for name in DETAILS}


def without_empty_details(template: str, values: Mapping[str, Any]) -> str:
    """``template`` without each detail placeholder whose value in ``values`` says
    nothing (empty or only spaces), nor the brackets or the colon that introduce it; the
    others stay (filled in after)."""
    for name, pattern in _PATTERNS.items():
        if name in values and not str(values[name]).strip():
            template = pattern.sub("", template)
    return template
