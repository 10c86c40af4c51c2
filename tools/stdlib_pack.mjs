// The site's standard library: Pyodide's python_stdlib.zip cut down to the modules the
// site imports, each compiled to bytecode (.pyc) by Pyodide's own Python, run here under
// Node.  tools/build_site.py runs it (node tools/stdlib_pack.mjs ...); tools/stdlib.py
// explains the list and the guard.
//
//   node tools/stdlib_pack.mjs pack  STOCK_ZIP OUT_ZIP KEEP_TXT GUARD_PY
//       write OUT_ZIP: the modules of KEEP_TXT (one dotted name a line; a package keeps
//       its __init__ only, its submodules are listed one by one) as sourceless .pyc,
//       every data file of STOCK_ZIP, and GUARD_PY as sitecustomize.pyc with the names
//       of the modules left out.
//   node tools/stdlib_pack.mjs close STOCK_ZIP ENTRIES_TXT
//       print (one a line, with the module that imports it) the standard-library modules that ENTRIES_TXT's modules and
//       Pyodide's own start-up import, closed over the import statements that run when
//       a standard-library module is imported (not those inside its functions: those the
//       site reaches are listed in tools/stdlib_trace_extra.txt).
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";

const [mode, stockZip, ...rest] = process.argv.slice(2);
// PYTHONNODEBUGRANGES: the code objects compiled here carry line numbers but not the
// columns of each instruction (only tracebacks' ^^^ markers use them); a quarter of
// the packed library's gzipped bytes.
const pyodide = await loadPyodide({ stdLibURL: stockZip, env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.writeFile("/tmp/stock.zip", fs.readFileSync(stockZip));
pyodide.globals.set("MODE", mode);

if (mode === "pack") {
  const [outZip, keepTxt, guardPy] = rest;
  pyodide.FS.writeFile("/tmp/keep.txt", fs.readFileSync(keepTxt));
  pyodide.FS.writeFile("/tmp/guard.py", fs.readFileSync(guardPy));
  pyodide.runPython(`
import ast, importlib.util, marshal, zipfile

def strip_docstrings(source, name):
    """The module's syntax tree without its docstrings (a third of the bytes; asserts
    and everything else stay as they are: not compile()'s optimize=2)."""
    tree = ast.parse(source, name)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    return tree

def pyc(source, name):
    code = compile(strip_docstrings(source, name), name, "exec", dont_inherit=True)
    # sourceless, timestamp flags with a zero stamp: zipimport checks no source
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)

keep = {line.strip() for line in open("/tmp/keep.txt") if line.strip() and not line.startswith("#")}
stock = zipfile.ZipFile("/tmp/stock.zip")
modules = {}
for info in stock.infolist():
    name = info.filename
    if name.endswith(".py"):
        dotted = name[:-3].replace("/", ".")
        modules[dotted.removesuffix(".__init__")] = info
left_out = sorted(set(modules) - keep)
def entry(name):
    return zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # the same bytes each build

with zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_STORED) as out:
    for info in stock.infolist():
        name = info.filename
        if info.is_dir() or name.endswith(".py"):
            continue
        out.writestr(entry(name), stock.read(info))  # data files (few and small)
    for dotted, info in sorted(modules.items()):
        if dotted in keep:
            out.writestr(entry(info.filename + "c"), pyc(stock.read(info), info.filename))
    guard = open("/tmp/guard.py").read().replace("LEFT_OUT = frozenset()",
                                                 f"LEFT_OUT = frozenset({left_out!r})", 1)
    out.writestr(entry("sitecustomize.pyc"), pyc(guard, "sitecustomize.py"))
print(f"stdlib_pack: {len(keep & set(modules))} of {len(modules)} modules kept")
`);
  fs.writeFileSync(outZip, pyodide.FS.readFile("/tmp/out.zip"));
} else if (mode === "close") {
  const [entriesTxt] = rest;
  pyodide.FS.writeFile("/tmp/entries.txt", fs.readFileSync(entriesTxt));
  const out = pyodide.runPython(`
import ast, sys, zipfile

stock = zipfile.ZipFile("/tmp/stock.zip")
sources = {}
for info in stock.infolist():
    if info.filename.endswith(".py"):
        dotted = info.filename[:-3].replace("/", ".")
        sources[dotted.removesuffix(".__init__")] = (info, info.filename.endswith("__init__.py"))

def run_as_script(node):
    """if __name__ == "__main__": (a module's own test or command line)"""
    test = getattr(node, "test", None) if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
            and test.left.id == "__name__" and len(test.comparators) == 1
            and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value == "__main__")

def windows_only(node):
    """if sys.platform == "win32": (never true in the browser's Python)"""
    test = getattr(node, "test", None) if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Compare) and ast.unparse(test.left) == "sys.platform"
            and isinstance(test.ops[0], ast.Eq) and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value == "win32")

def module_level(tree):
    """The nodes run when the module is imported in the browser: all but the bodies of
    functions, of if __name__ == "__main__": and of if sys.platform == "win32":."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        todo.extend(child for child in ast.iter_child_nodes(node)
                    if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                    and not run_as_script(child) and not windows_only(child))

def imports(name):
    info, is_package = sources[name]
    tree = ast.parse(stock.read(info))
    package = name if is_package else name.rpartition(".")[0]
    for node in module_level(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            yield base
            for alias in node.names:
                yield f"{base}.{alias.name}"  # maybe a submodule

def with_parents(name):
    parts = name.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]

todo = [(line.strip(), "(the site)") for line in open("/tmp/entries.txt") if line.strip()]
todo += [(name, "(start-up)") for name in sys.modules]  # Pyodide's own start-up
seen = {}
while todo:
    wanted, why = todo.pop()
    for name in with_parents(wanted):
        if name in sources and name not in seen:
            seen[name] = why
            todo.extend((found, name) for found in imports(name))
"\\n".join(f"{name}\\t{why}" for name, why in sorted(seen.items()))
`);
  console.log(out);
} else if (mode === "play") {
  // The computer players' games under Pyodide with the packed standard library (STOCK_ZIP
  // is then the packed zip): proof that the engine and every level import nothing left out.
  const [wheel, games] = rest;
  await pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel");
  pyodide.globals.set("GAMES", Number(games || 200));
  console.log(pyodide.runPython(`
import sys, time
from qin.ai import LEVELS, player
from qin.game import Game
import qin.inputs  # noqa: F401
import qin.records, qin.render, qin.series, qin.svg, qin.view_format  # noqa: F401

levels = [lv.key for lv in LEVELS]
started, plies = time.monotonic(), 0
for i in range(GAMES):
    players = 2 + i % 3
    game = Game.new(board=("bird", "lion")[i % 2], players=players, seed=i)
    bots = {p: player(levels[(i + p) % len(levels)], seed=i * 10 + p, budget_s=0.02)
            for p in range(1, players + 1)}
    while not game.is_over:
        p = game.to_move
        game.play(bots[p].choose(game.view(p)))
        plies += 1
    if (i + 1) % 10 == 0:
        print(f"{i + 1} games", flush=True)
f"{GAMES} games, {plies} moves, every level ({', '.join(levels)}), 2-4 players, both boards, "\\
f"{time.monotonic() - started:.0f} s; modules loaded: {' '.join(sorted(sys.modules))}"
`));
} else {
  console.error("usage: node tools/stdlib_pack.mjs pack|close|play STOCK_ZIP ...");
  process.exit(2);
}
