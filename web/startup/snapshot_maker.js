// Speed: a module worker started by snapshot.js after a start without a
// kept snapshot.  It starts a Pyodide of its own that can be snapshotted, puts the
// page's Python files where PyScript puts them (pyscript.json's "files": the page's
// modules, the wheel unpacked), imports the page's pure-Python modules (PRELOAD: the
// engine and the application, which touch no JavaScript when imported), takes its
// memory then and keeps it in Cache Storage with its SHA-256 (checked before a start
// uses it: snapshot.js) for the next start (of the page and of the AI worker), then says {state: "stored"} or {state: "off", error}.  A start from it
// finds those modules imported already.  It runs on its own thread: the page stays
// responsive.

import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { CACHE_NAME, CONFIG_URL, DIGEST_HEADER, ENTRY, INDEX_URL, PRELOAD, sha256 } from "./snapshot.js";

async function bytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

try {
  const pyodide = await loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true });
  // Only the file system and Python from here on: a snapshot must hold no JavaScript object.
  const config = await (await fetch(CONFIG_URL)).json();
  const archives = [];
  for (const [src, dst] of Object.entries(config.files ?? {})) {
    const data = await bytes(new URL(src, CONFIG_URL));
    const path = dst.endsWith("/*") ? `${dst.slice(0, -2)}/.${archives.length}.zip` : dst;
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")) || ".");
    pyodide.FS.writeFile(path, data);
    if (dst.endsWith("/*")) archives.push(path);
  }
  pyodide.runPython(`
def _load():
    import importlib, os, zipfile
    for archive in ${JSON.stringify(archives)}:
        with zipfile.ZipFile(archive) as z:
            z.extractall(os.path.dirname(archive))
        os.remove(archive)
    for name in ${JSON.stringify(PRELOAD)}:
        importlib.import_module(name)
_load()
del _load
`);
  const snapshot = pyodide.makeMemorySnapshot();
  const cache = await caches.open(CACHE_NAME);
  for (const old of await cache.keys()) await cache.delete(old); // other versions' too
  await cache.put(ENTRY, new Response(snapshot, {
    headers: { "content-type": "application/octet-stream", [DIGEST_HEADER]: await sha256(snapshot) },
  }));
  postMessage({ state: "stored" });
} catch (error) {
  postMessage({ state: "off", error: String(error) });
}
