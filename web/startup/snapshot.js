// Speed: Pyodide's memory snapshot, kept in the browser between visits.
//
// PyScript loads Pyodide through this module (pyscript.json's "interpreter", written
// by tools/build_site.py): it exports what vendor/pyodide/pyodide.mjs does for that
// (`loadPyodide`, `version`), and wraps `loadPyodide`:
//
// - a start with a kept snapshot hands it to Pyodide, which then skips Python's own
//   start-up and finds the engine and the application imported: most of a warm start's
//   time (bench/boot.py measures it);
// - a start without one loads Pyodide as usual; a few seconds after the first screen,
//   the page starts snapshot_maker.js, a worker that starts a second Pyodide, imports
//   our pure-Python modules into it, takes its memory (some 35 MB) and keeps it in Cache
//   Storage.  (An interpreter started so that it can be snapshotted cannot serve the
//   page: its `js` module is restricted until then, so the page never uses one.)
//
// The entry is found by Pyodide's version, the standard library's key and our Python's
// key; Pyodide itself refuses the snapshot of another build.  The maker keeps the
// snapshot's SHA-256 with it (header DIGEST_HEADER) and a start checks the bytes against
// it before Pyodide sees them: a snapshot damaged anywhere (Pyodide's own check reads
// only its header; an altered image would run, or end in a fatal error at every start)
// is deleted and made again.  (The digest is made in the browser, as the snapshot is: it
// guards against damage, not against a script already running on this origin, which
// could rewrite both.)  It costs a SHA-256 of some 31 MB while Pyodide loads its runtime
// (57-67 ms measured: docs/architecture.md).  Everything here is an optimisation: a missing,
// damaged or refused snapshot, or no Cache Storage (or no crypto.subtle: a page not
// served over https or from localhost), means a start as without it (a damaged one is
// deleted and made again); the saved games are in localStorage, never touched here.  Offline play is unaffected: the snapshot is local, and the
// runtime's files are in the service worker's cache as before.  The AI worker loads
// Pyodide through this module too and uses the same snapshot; one maker runs at a time
// (a Web Lock, claimed by the first start without a kept snapshot; a start while it is
// held boots without one and makes none: makeLater).
//
// State for tests and the bench: globalThis.qinSnapshot (and document.body.dataset.snapshot:
// in the page itself, or, from the page's Python's worker, posted as {qinSnapshot} for
// shell.js to set) is "restored", or "none" then "stored" once the maker has kept one,
// or "off" (no Cache Storage, or the maker failed).

import { loadPyodide as loadPlain, version } from "./vendor/pyodide/pyodide.mjs";
import { fetchPack, writePack } from "./pack.js";
import { fetchRuntimeFilesOnce, workerName } from "./runtime_files.js";

// Before anything fetches the runtime's files: a worker that no service worker serves
// takes the copies this visit already loaded (runtime_files.js).
fetchRuntimeFilesOnce();

export { version };

export const CACHE_NAME = "qin.pyodide-snapshot"; // not "qin-...": sw.js deletes those
export const DIGEST_HEADER = "x-qin-sha256"; // the kept snapshot's digest, in its entry

/** The SHA-256 of `data` (an ArrayBuffer or a view) in hex. */
export async function sha256(data) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether snapshots can be checked here (crypto.subtle: secure contexts only). */
export const CHECKABLE = Boolean(globalThis.crypto?.subtle);
export const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
// The site's root (this file's folder), for the Python in a worker, whose own address is
// a blob (web/startup/bytecode.py reads it).
globalThis.qinSite = new URL("./", import.meta.url).href;
// The standard library's zip and the site's Python (tools/build_site.py writes their
// keys into the built copy): a snapshot holds that zip's directory as read at start-up
// and our modules as imported (PRELOAD), so it fits only those files.
const STDLIB = "__QIN_STDLIB_KEY__";
const PYTHON = "__QIN_PY_KEY__";
export const ENTRY = new URL(`./pyodide-snapshot/${version}-${STDLIB}-${PYTHON}`,
  import.meta.url).href;
export const CONFIG_URL = new URL("./pyscript.json", import.meta.url).href;
/** Imported into the snapshot (snapshot_maker.js): what web/page/host.py and
 *  web/worker/ai_worker.py import of ours, but the modules that reach the browser
 *  (main, bytecode).  None of them touches JavaScript, a random generator or
 *  the clock when imported (tests/test_snapshot_preload.py checks in CPython). */
export const PRELOAD = [
  "events", "host", "qin_ui.actions", "qin_ui.ai_bridge", "qin_ui.app", "qin_ui.handover", "qin_ui.players",
  "qin_ui.render", "qin_ui.saves", "qin_ui.setup", "qin.ai.greedy", "qin.ai.lookahead",
];
/** PyScript's own Python package compiled at build time (tools/pyscript_bytecode.mjs; the
 *  build writes its address here, or null): PyScript writes the package's sources into
 *  the working directory and imports it at every start; with these checked-hash .pyc
 *  files beside them Python skips compiling each module whose source is the one they
 *  were compiled from (and compiles any other as before). */
const PYSCRIPT_BYTECODE = "__QIN_PYSCRIPT_BYTECODE__";
const MAKE_AFTER_MS = 3000; // after the first screen, never during it

// Pyodide waits for ever when one of its own files cannot be fetched (offline without a
// service worker, a server's error): a wasm it cannot compile is only warned of. Every
// fetch of a file under INDEX_URL is watched from here on (over fetchRuntimeFilesOnce's,
// so what it sees is the file's last answer): the first that fails or is answered with
// an error refuses runtimeFailed, and loadPyodide fails with it (PyScript then says the
// worker failed: the page's shell, or boot.js for the page's own Python).
class RuntimeFileError extends Error {}
let runtimeFetchFailed = null;
const runtimeFailed = new Promise((_, reject) => { runtimeFetchFailed = reject; });
runtimeFailed.catch(() => {}); // said by loadPyodide only, while it waits
if (typeof globalThis.fetch === "function") {
  const plain = globalThis.fetch.bind(globalThis);
  globalThis.fetch = (input, init) => {
    const answer = plain(input, init);
    const url = String(input instanceof Request ? input.url : input);
    if (url.startsWith(INDEX_URL)) {
      const failed = (why) => runtimeFetchFailed(
        new RuntimeFileError(`Could not load ${url.slice(INDEX_URL.length)} (${why}).`));
      answer.then((response) => { if (!response.ok) failed(`HTTP ${response.status}`); },
        (error) => failed(error?.message ?? error));
    }
    return answer;
  };
}
const IN_PAGE = !!globalThis.document;

// In a worker, PyScript's progress steps ("Loading X", "Loaded X") are the worker's own
// events: posted to the page, where the shell dispatches them again for boot.js.
if (!IN_PAGE && typeof globalThis.postMessage === "function") {
  addEventListener("py:progress", ({ detail }) => globalThis.postMessage({ qinProgress: String(detail ?? "") }));
}

function report(state) {
  globalThis.qinSnapshot = state;
  if (IN_PAGE) {
    if (document.body) document.body.dataset.snapshot = state;
  } else if (typeof globalThis.postMessage === "function") {
    // In a worker (the page's Python runs in one): the page's shell sets the attribute.
    globalThis.postMessage({ qinSnapshot: state });
  }
}

/** The kept snapshot's cache entry (undefined when none is kept; throws without Cache
 *  Storage). */
async function keptEntry() {
  return (await caches.open(CACHE_NAME)).match(ENTRY);
}

/** The kept snapshot's bytes as a promise (read and checked against its digest while
 *  Pyodide loads its runtime: Pyodide awaits them only before instantiating), or null
 *  when none is kept. */
async function kept() {
  if (!CHECKABLE) return null;
  try {
    const hit = await keptEntry();
    if (!hit) return null;
    const expected = hit.headers.get(DIGEST_HEADER);
    const bytes = hit.arrayBuffer().then(async (data) => {
      if (!expected || (await sha256(data)) !== expected) {
        throw new Error("the kept snapshot is damaged (its digest does not match)");
      }
      return data;
    });
    bytes.catch(() => {}); // a failed read or check fails loadPyodide, which says so (below)
    return { bytes };
  } catch {
    return null; // no Cache Storage here (e.g. a private window): start as usual
  }
}

async function forget() {
  try {
    await (await caches.open(CACHE_NAME)).delete(ENTRY);
  } catch {
    /* nothing kept, nothing to forget */
  }
}

/** Whether a snapshot for this site is kept already (made by another start meanwhile). */
async function keptAlready() {
  try {
    return Boolean(await keptEntry());
  } catch {
    return false;
  }
}

// A start without a snapshot claims the making at once (a Web Lock, held from here until
// the maker is done), so that a Pyodide started while it is at work (the computer's
// worker on a first visit, another tab) never makes a second one: such a start boots
// without a snapshot, neither making one nor waiting for it, and says "stored" once the
// claim is released with a snapshot kept.
function makeLater() {
  if (typeof Worker !== "function" || !CHECKABLE) return;
  const make = () => new Promise((done) => setTimeout(() => {
    let worker;
    try {
      worker = new Worker(new URL("./snapshot_maker.js", import.meta.url),
        { type: "module", name: workerName("qin-snapshot-maker") });
    } catch (error) {
      report("off");
      done();
      return;
    }
    const finish = (state, error) => {
      report(state);
      if (error) console.warn("Pyodide's start-up could not be kept:", error);
      worker.terminate();
      done();
    };
    worker.onmessage = ({ data }) =>
      finish(data?.state === "stored" ? "stored" : "off", data?.error);
    worker.onerror = (event) => finish("off", event.message || "the worker failed");
  }, MAKE_AFTER_MS)); // after the first screen, never during it
  const locks = globalThis.navigator?.locks;
  if (!locks) {
    make();
    return;
  }
  const NAME = "qin.snapshot-maker";
  locks.request(NAME, { ifAvailable: true }, async (lock) => {
    if (!lock) {
      // Another start is making it: said here once it is done.
      locks.request(NAME, async () => { if (await keptAlready()) report("stored"); });
      return null;
    }
    if (await keptAlready()) {
      report("stored");
      return null;
    }
    return make();
  });
}

/** The interpreter given what it needs before PyScript's Python runs (PyScript's own
 *  package compiled, when the build served it). */
async function prepared(pyodide, pycs) {
  const files = await pycs;
  if (files) writePack(pyodide.FS, files, pyodide.FS.cwd());
  return pyodide;
}

export async function loadPyodide(options = {}) {
  // PYTHONNODEBUGRANGES: Python compiles as the build did (tools/bytecode_pack.mjs), so
  // the modules web/startup/bytecode.py compiles and keeps are the build's code byte for
  // byte, which its check (the build's digests) accepts.
  const env = { ...options.env, PYTHONNODEBUGRANGES: "1" };
  const settings = { ...options, env, indexURL: INDEX_URL };
  // Fetched while Pyodide loads its runtime.
  const pycs = PYSCRIPT_BYTECODE && !PYSCRIPT_BYTECODE.startsWith("__")
    ? fetchPack(new URL(PYSCRIPT_BYTECODE, import.meta.url).href) : null;
  const snapshot = await kept();
  if (snapshot) {
    try {
      const pyodide = await Promise.race(
        [loadPlain({ ...settings, _loadSnapshot: snapshot.bytes }), runtimeFailed]);
      report("restored");
      return prepared(pyodide, pycs);
    } catch (error) {
      if (error instanceof RuntimeFileError) throw error; // the snapshot may be sound
      console.warn("The kept Pyodide start-up was not usable; starting afresh:", error);
      await forget();
    }
  }
  const pyodide = await Promise.race([loadPlain(settings), runtimeFailed]);
  report("none");
  makeLater();
  return prepared(pyodide, pycs);
}
