"""The engine's modules import each other without cycles.

Every ``import`` in ``qin/`` counts, wherever it stands: at the top of a module, inside
a function (a lazy import), or under ``if TYPE_CHECKING:``.  A cycle means two modules
cannot be understood (or loaded) one without the other.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "qin"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imported(name: str, path: Path) -> set[str]:
    """The modules of ``qin`` that module ``name`` imports (anywhere in its text)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            # ``from . import placement`` names a module; ``from .game import Game`` a
            # name inside one
            targets = [f"{origin}.{alias.name}" if f"{origin}.{alias.name}" in MODULES
                       else origin for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:  # ``import qin.ai.sim``: the module
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


GRAPH = {name: imported(name, path) for name, path in MODULES.items()}


def cycle() -> list[str] | None:
    """One import cycle in ``GRAPH`` as a path of module names, or ``None``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(GRAPH[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(GRAPH):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_the_graph_sees_lazy_and_relative_imports() -> None:
    assert "qin.provinces" in GRAPH["qin.ai.sim"]  # ``from .. import provinces``
    assert "qin.game" in GRAPH["qin"]  # ``from .game import Game`` in the package
    assert "qin.position" in GRAPH["qin.boards"]


def test_no_module_of_qin_imports_itself_through_others() -> None:
    found = cycle()
    assert found is None, "import cycle: " + " -> ".join(found or [])


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_module_imports_on_its_own(name: str) -> None:
    importlib.import_module(name)
