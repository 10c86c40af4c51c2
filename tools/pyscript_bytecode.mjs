// PyScript's own Python package (`pyscript`: context, display, events, fetch, ...)
// compiled at build time by Pyodide's own Python (run here under Node: the browser's
// Python version, magic number and bytecode), as checked-hash .pyc files.
//
// At every start PyScript writes its package's sources into the interpreter's working
// directory (./pyscript/*.py) and imports it: Python compiles some 20 KB of source then,
// warm starts included (the package imports `js`, so the kept memory snapshot cannot hold
// it).  web/startup/snapshot.js writes these .pyc files into ./pyscript/__pycache__/
// before PyScript runs; Python's own import then uses each one whose source hash matches
// the source PyScript wrote (a "checked" hash-based pyc, PEP 552) and compiles any other
// from source as before.  So a PyScript that is not the one this file was made from
// costs nothing but the unused bytes.
//
//   node tools/pyscript_bytecode.mjs CORE_MAP OUT
//       CORE_MAP: the source map of @pyscript/core's dist/core-*.js (it carries
//       src/stdlib/pyscript.js, the package as PyScript writes it); OUT receives a pack
//       (web/startup/pack.js's format: the files by path under the working directory).
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";

const HOME = "/home/pyodide"; // Pyodide's working directory, in the browser as here
const STDLIB_SOURCE = "../src/stdlib/pyscript.js";
const [coreMap, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node tools/pyscript_bytecode.mjs CORE_MAP OUT");
  process.exit(2);
}
const map = JSON.parse(fs.readFileSync(coreMap, "utf8"));
const index = map.sources.indexOf(STDLIB_SOURCE);
if (index < 0 || !map.sourcesContent?.[index]) {
  console.error(`pyscript_bytecode: ${coreMap} does not carry ${STDLIB_SOURCE}`);
  process.exit(1);
}
const tree = (await import(
  `data:text/javascript;base64,${Buffer.from(map.sourcesContent[index]).toString("base64")}`
)).default;

// The package's files as PyScript writes them (src/stdlib.js: each string is a file).
const files = [];
const walk = (dir, node) => {
  for (const [name, value] of Object.entries(node)) {
    if (typeof value === "string") files.push([`${dir}/${name}`, value]);
    else walk(`${dir}/${name}`, value);
  }
};
walk("", tree);

// As bytecode_pack.mjs: line numbers, no column tables.
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
for (const [rel, text] of files) {
  const target = `${HOME}${rel}`;
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, text, { encoding: "utf8" });
}
pyodide.globals.set("FILES", JSON.stringify(files.map(([rel]) => rel)));
pyodide.globals.set("HOME", HOME);
const compiled = JSON.parse(pyodide.runPython(`
import importlib.util, json, os, py_compile

written = []
for rel in json.loads(FILES):
    if not rel.endswith(".py"):
        continue
    source = HOME + rel
    target = importlib.util.cache_from_source(source)
    py_compile.compile(source, cfile=target, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    written.append(os.path.relpath(target, HOME))
json.dumps(written)
`));
const chunks = [];
const index_ = [];
for (const rel of compiled) {
  const data = pyodide.FS.readFile(`${HOME}/${rel}`);
  index_.push([rel, data.length]);
  chunks.push(Buffer.from(data));
}
const head = Buffer.from(JSON.stringify(index_));
const size = Buffer.alloc(4);
size.writeUInt32LE(head.length);
fs.writeFileSync(out, Buffer.concat([size, head, ...chunks]));
console.log(`pyscript_bytecode: ${compiled.length} modules of PyScript's package compiled by Pyodide ${pyodide.version}`);
