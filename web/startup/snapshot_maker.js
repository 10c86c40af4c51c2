// Speed: a module worker started by snapshot.js after a start without a
// kept snapshot.  It starts a Pyodide of its own that can be snapshotted, takes its
// memory right after Python's start-up and keeps it in Cache Storage for the next
// start (of the page and of the AI worker), then says {state: "stored"} or
// {state: "off", error}.  It runs on its own thread: the page stays responsive.

import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import { CACHE_NAME, ENTRY, INDEX_URL } from "./snapshot.js";

try {
  const pyodide = await loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true });
  const snapshot = pyodide.makeMemorySnapshot();
  const cache = await caches.open(CACHE_NAME);
  for (const old of await cache.keys()) await cache.delete(old); // other versions' too
  await cache.put(ENTRY, new Response(snapshot, {
    headers: { "content-type": "application/octet-stream" },
  }));
  postMessage({ state: "stored" });
} catch (error) {
  postMessage({ state: "off", error: String(error) });
}
