// Speed: the runtime's files asked of the server once per visit, not once per worker.
//
// On a first visit no service worker answers yet: the page prefetches the runtime (the
// wasm, the standard library, the wheel, the page's Python, the compiled modules) into
// the browser's HTTP cache, then the page's Python worker, the computer's worker and the
// snapshot's maker each fetch the same files again.  A host that sends
// `Cache-Control: no-cache` (any host may: the site assumes it of every host) makes each
// of those fetches a round trip to the server (a revalidation, 304), some 50 per worker.
//
// tools/build_site.py writes into the built copy the SHA-256 of each file the runtime
// fetches (FILES: path from the site's root -> a fetch's `integrity`).  In a page or a
// worker that no service worker serves, a plain GET of one of them (its absolute URL,
// no query string, no cache mode or integrity of its own) is fetched with
// `cache: "force-cache"` and the build's `integrity`, as the service worker's precache
// fetches it (web/startup/sw.js): the copy the HTTP cache holds is taken without asking
// the server when it is this build's file, byte for byte; a copy of another version (an
// earlier visit's) fails the check and the file is fetched as it was asked (a console
// warning names it), so a start never runs another version's file from the HTTP cache.
// Where a service worker serves the page or worker (every visit after the first) nothing
// changes: it answers from its own cache of this version, and no file is hashed again.
// A module worker started from a URL (the snapshot's maker) sees no Resource Timing entry
// of its own modules, so its creator, which knows, says it in the worker's name
// (workerName): a worker started while a service worker serves its creator is served by it
// too (the same origin's registration, active).
//
// snapshot.js (the interpreter's module of every worker, and the maker's) installs it
// before Pyodide and PyScript fetch anything; the game page (boot.js) before it starts
// PyScript, which fetches the config and each worker's script on the page's thread before
// it starts that worker.  Module scripts (Pyodide's, ours) and the config a worker reads
// again before its interpreter starts are loaded by the browser as it sees fit: they are
// still revalidated.

const FILES = { "__QIN_RUNTIME_FILES__": "" };
const SITE = new URL("./", import.meta.url);
// The end of the name of a worker started where a service worker serves (workerName).
const SERVED_MARK = " (served)";

/** Whether a service worker answers this page's or worker's requests: a page knows its
 *  controller; a worker (no `navigator.serviceWorker` there) sees it in how its own
 *  module was loaded (Resource Timing's `workerStart`), or is told by its name. */
function served() {
  const container = globalThis.navigator?.serviceWorker;
  if (container) return Boolean(container.controller);
  if (String(globalThis.name ?? "").endsWith(SERVED_MARK)) return true;
  const [entry] = globalThis.performance?.getEntriesByName?.(import.meta.url) ?? [];
  return Boolean(entry?.workerStart);
}

/** The name for a worker started from here: `name`, marked when a service worker serves
 *  this page or worker (so the new worker leaves its fetches as they are, unchecked). */
export function workerName(name) {
  return served() ? `${name}${SERVED_MARK}` : name;
}

/** The path (from the site's root) and the build's integrity of the file `input` names,
 *  or undefined for any other request. */
function runtimeFile(input, init) {
  if (typeof input !== "string" && !(input instanceof URL)) return undefined; // a Request
  if (init && (init.method || init.cache || init.integrity)) return undefined;
  let url;
  try {
    // Relative as fetch reads it in a page (PyScript asks for a worker's script by its
    // <script src>); in a worker (whose own address may be a blob) absolute only.
    url = new URL(input, globalThis.document?.baseURI);
  } catch {
    return undefined;
  }
  if (url.origin !== SITE.origin || url.search || !url.pathname.startsWith(SITE.pathname)) {
    return undefined;
  }
  const path = url.pathname.slice(SITE.pathname.length);
  return Object.hasOwn(FILES, path) ? { path, integrity: FILES[path] } : undefined;
}

let installed = false;

/** Makes this page's or worker's `fetch` take the runtime's files from the HTTP cache when
 *  the copy there is this build's (once; nothing where a service worker serves it). */
export function fetchRuntimeFilesOnce() {
  if (installed || typeof globalThis.fetch !== "function" || served()) return;
  installed = true;
  const plain = globalThis.fetch.bind(globalThis);
  globalThis.fetch = (input, init) => {
    const file = runtimeFile(input, init);
    if (!file) return plain(input, init);
    return plain(input, { ...init, cache: "force-cache", integrity: file.integrity })
      .catch((error) => { // not this build's copy (or none could be fetched): as asked
        console.warn(`${file.path} is not this build's copy (its integrity check failed) `
          + `or could not be fetched (${error?.message ?? error}): fetching it afresh`);
        return plain(input, init);
      });
  };
}
