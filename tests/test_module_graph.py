"""The engine's and the site's modules import each other without cycles, and import
only what exists; the measurements, tools and tests (bench/, tools/, e2e/, tests/)
import each other without cycles too.

Every ``import`` in ``qin/`` and ``web/`` (and in those folders) counts, wherever it
stands: at the top of a module, inside a function (a lazy import), or under ``if
TYPE_CHECKING:``.  A cycle means two modules cannot be understood (or loaded) one
without the other.  The site's
modules are named from the roots of ``mypy_path`` in pyproject.toml (web/page,
web/startup, web/worker, web/embed: PyScript puts each folder's files side by side, so
``qin_ui.app`` and ``bytecode`` are what the browser imports); web/stubs holds the
browser-only modules (``js``, ``pyscript``, ``pyodide``).
"""

from __future__ import annotations

import ast
import importlib
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "qin"
MYPY_PATH = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
    "tool"]["mypy"]["mypy_path"]
STUBS = ROOT / "web" / "stubs"
WEB_ROOTS = [ROOT / p for p in MYPY_PATH if ROOT / p != STUBS]
"""The roots of the site's module names (the stubs are outlines, not modules)."""


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
for _root in WEB_ROOTS:
    MODULES |= {module_name(p, _root): p for p in sorted(_root.rglob("*.py"))}
BROWSER = {module_name(p, STUBS) for p in STUBS.rglob("*.pyi")}
"""What only the browser has (Pyodide's and PyScript's modules)."""
SCRIPTS = {module_name(p): p for folder in ("bench", "tools", "e2e", "tests")
           for p in sorted((ROOT / folder).rglob("*.py")) if "node_modules" not in p.parts}
"""The modules run from the checkout (measurements, build tools, tests): no part of the
site, but held to the same graph without cycles."""
KNOWN = MODULES | SCRIPTS


def imports(name: str, path: Path) -> list[tuple[str, list[str]]]:
    """Every import of module ``name``: (the module it names, the names it takes)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, list[str]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            found.append((origin, [alias.name for alias in node.names]))
    return found


def imported(name: str, path: Path) -> set[str]:
    """The modules of the tree that module ``name`` imports (anywhere in its text)."""
    found: set[str] = set()
    for origin, names in imports(name, path):
        # ``from . import placement`` names a module; ``from .game import Game`` a name
        # inside one
        targets = [f"{origin}.{n}" if f"{origin}.{n}" in KNOWN else origin
                   for n in names] or [origin]
        for target in targets:
            while target and target not in KNOWN:  # ``import qin.ai.sim``: the module
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


GRAPH = {name: imported(name, path) for name, path in KNOWN.items()}


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


def test_the_graph_sees_the_sites_modules_by_their_browser_names() -> None:
    assert "qin_ui.app" in GRAPH["host"]  # web/page/host.py imports the App
    assert "bytecode" in GRAPH["ai_worker"]  # web/worker -> web/startup
    assert "qin_ui.ai_bridge" in GRAPH["ai_worker"]
    assert "qin" in GRAPH["qin_embed"]  # web/embed -> the engine
    assert "qin_ui.session" in GRAPH["qin_ui.keep"]  # ``from .session import Session``


def test_the_graph_sees_the_measurements_tools_and_tests() -> None:
    assert "bench.boot" in GRAPH["bench.saves"]
    assert "bench.engine_browser" in GRAPH["bench.engine"]  # inside its main()
    assert "tools.serve" in GRAPH["bench.lighthouse"]
    assert "e2e.helpers" in GRAPH["e2e.test_tabs"] and "qin" in GRAPH["e2e.test_tabs"]
    assert "tests.conftest" in GRAPH["tests.test_save_store"]


def test_no_module_imports_itself_through_others() -> None:
    found = cycle()
    assert found is None, "import cycle: " + " -> ".join(found or [])


def exists(module: str) -> bool:
    """A module of the tree, of Python's standard library, or of the browser."""
    top = module.partition(".")[0]
    if top in sys.stdlib_module_names:
        return True
    if top in {m.partition(".")[0] for m in BROWSER}:
        return module in BROWSER
    return module in MODULES


def test_the_source_tree_imports_only_what_exists_in_it() -> None:
    """Not a module of the built site, a vendored one or a name a module lacks."""
    missing = []
    for name, path in MODULES.items():
        for origin, names in imports(name, path):
            if origin == "__future__":
                continue
            if not exists(origin):
                missing.append(f"{name}: {origin}")
                continue
            if origin in MODULES and MODULES[origin].name == "__init__.py":
                for n in names:  # ``from . import x``: a module of the package or a name
                    if f"{origin}.{n}" not in MODULES and n not in defined(origin):
                        missing.append(f"{name}: {origin}.{n}")
            elif origin in MODULES:
                missing += [f"{name}: {origin}.{n}" for n in names
                            if n != "*" and n not in defined(origin)]
    assert not missing, "imports of what the tree lacks: " + ", ".join(missing)


def defined(module: str) -> set[str]:
    """The names a module of the tree binds (its own or imported; anywhere in its text,
    which is lenient: a name bound only inside a function passes)."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).partition(".")[0] for a in node.names}
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


WEB_PAGE = ROOT / "web" / "page"


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n.split(".")[0] in
                                        ("qin", "qin_ui")))
def test_every_module_imports_on_its_own(name: str) -> None:
    """The engine and the page's application import in plain Python (no browser)."""
    if str(WEB_PAGE) not in sys.path:
        sys.path.insert(0, str(WEB_PAGE))
    importlib.import_module(name)


def private_uses(path: Path, root: Path = ROOT) -> list[str]:
    """Where a module reaches into another's private names: ``x._name`` on anything but
    ``self``, ``cls`` or a class of its own, or ``from m import _name``."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = {"self", "cls"} | {n.name for n in tree.body if isinstance(n, ast.ClassDef)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                and not node.attr.startswith("__") \
                and not (isinstance(node.value, ast.Name) and node.value.id in own):
            found.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom):
            found += [f"{path.relative_to(root)}:{node.lineno}: {node.module}.{a.name}"
                      for a in node.names if a.name.startswith("_")
                      and not a.name.startswith("__")]
    return found


def test_no_module_of_the_site_calls_another_modules_private_names() -> None:
    found = [use for name, path in MODULES.items() if name.split(".")[0] != "qin"
             for use in private_uses(path)]
    assert not found, "private names used from outside: " + ", ".join(found)


def test_the_private_name_check_sees_a_use(tmp_path: Path) -> None:
    text = ("from .a import _b\n\nclass C:\n    pass\n\n"
            "def f(s):\n    return self._x, C._y, s._hover_at(None)\n")
    (tmp_path / "m.py").write_text(text, encoding="utf-8")
    found = private_uses(tmp_path / "m.py", tmp_path)
    assert sorted(use.split(": ")[1] for use in found) == ["a._b", "s._hover_at"]
