// The page's modules compiled at build time by Pyodide's own Python (run here under Node:
// the browser's Python version, magic number and bytecode), in the format of
// web/startup/bytecode.py's pack(): tools/build_site.py runs it and serves the result as
// bytecode/<KEY>.marshal, which restore() uses on a first visit instead of compiling.
//
//   node tools/bytecode_pack.mjs PAGE_DIR BYTECODE_PY OUT
//       PAGE_DIR holds the modules as the page's working directory does (relative
//       paths: qin_ui/app.py, qin/game.py, ...); they are compiled as the browser's
//       files, under HOME (so their co_filename is the browser's, and restore()'s check
//       finds them by the same paths), by BYTECODE_PY's pack(); OUT receives the blob.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";
import path from "node:path";

const HOME = "/home/pyodide"; // Pyodide's working directory, in the browser as here
const [pageDir, bytecodePy, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node tools/bytecode_pack.mjs PAGE_DIR BYTECODE_PY OUT");
  process.exit(2);
}
// PYTHONNODEBUGRANGES: line numbers but no column table per instruction (only the ^^^
// markers of a traceback use them): a quarter fewer compressed bytes.  Docstrings stay.
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
const modules = fs.readdirSync(pageDir, { recursive: true })
  .map((rel) => rel.split(path.sep).join("/"))
  .filter((rel) => fs.statSync(path.join(pageDir, rel)).isFile())
  .sort();
for (const rel of modules) {
  const target = `${HOME}/${rel}`;
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, fs.readFileSync(path.join(pageDir, rel)));
}
pyodide.FS.mkdirTree("/tmp/qin_build");
pyodide.FS.writeFile("/tmp/qin_build/bytecode.py", fs.readFileSync(bytecodePy));
pyodide.globals.set("HOME", HOME);
pyodide.globals.set("MODULES", JSON.stringify(modules));
const count = pyodide.runPython(`
import json, os, sys

sys.path.insert(0, "/tmp/qin_build")
import bytecode

os.chdir(HOME)
paths = [f"{HOME}/{rel}" for rel in json.loads(MODULES)]
with open("/tmp/qin_build/out.marshal", "wb") as f:
    f.write(bytecode.pack(paths))
len(paths)
`);
fs.writeFileSync(out, pyodide.FS.readFile("/tmp/qin_build/out.marshal"));
console.log(`bytecode_pack: ${count} modules compiled by Pyodide ${pyodide.version}`);
