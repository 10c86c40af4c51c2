"""Shipped as ``sitecustomize`` in the site's standard library (tools/stdlib.py packs it):
importing a standard-library module that the site's build left out raises an error that
says so, instead of a bare "No module named".  Python's ``site`` imports this at start-up."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

LEFT_OUT: frozenset[str]  # declared apart: the packer replaces the next line's exact text
LEFT_OUT = frozenset()  # the packer writes the left-out module names here


class LeftOutFinder:
    """The last finder on ``sys.meta_path``: reached only when no other finder has the
    module, it refuses the names the build left out with a message naming the list."""

    @staticmethod
    def find_spec(name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name in LEFT_OUT:
            raise ModuleNotFoundError(
                f"the standard-library module {name!r} is not in this site's build: add it "
                "to tools/stdlib_keep.txt (or tools/stdlib_trace_extra.txt, then "
                "`python tools/stdlib.py trace`) and rebuild", name=name)
        return None


sys.meta_path.append(LeftOutFinder)
