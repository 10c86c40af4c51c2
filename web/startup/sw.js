// Service worker of the Qin site: the whole site works offline after the
// first load, and a new deployment replaces it only when the player says so.
//
// tools/build_site.py writes the real build/site/sw.js from this file: it replaces
// the two placeholders below with a hash of every precached file (the version) and
// the precache: per file, the URL to fetch, the file's SHA-256 (a fetch's `integrity`)
// and the other URLs it is kept under (a folder's "./" is also its "index.html"). One
// cache per version ("qin-<version>"); the worker of a version answers only from its own
// cache, so files of two versions never mix.
//
// - install: precache every file from the browser's HTTP cache when it holds it
//   (`cache: "force-cache"`: what the first visit just loaded costs no request at all),
//   each response checked against the build's digest (`integrity`), so a copy of another
//   version is refused and that file alone is fetched from the server (`cache: "reload"`);
//   a file the server no longer serves as this version's makes the install fail, as a
//   missing one does;
// - a new version waits (no skipWaiting) until the page asks for it: offline.js
//   shows "A new version is ready — Reload" and posts {type: "skip-waiting"};
// - activate: delete the caches of other versions;
// - fetch: a same-origin GET of a precached file (query strings ignored) from the cache;
//   any other request is not answered here at all: the browser asks the network itself,
//   so this worker is never busy waiting for a server (Chromium retires an old version's
//   worker only once it is idle); where the browser has static routes, it answers from
//   the cache by itself.

const VERSION = "__QIN_SW_VERSION__";
const PRECACHE = ["__QIN_SW_PRECACHE__"];
const CACHE = `qin-${VERSION}`;

// Speed: where the browser has static routes (Chromium 123+), a file of
// this version's cache is answered by the browser itself, before this worker has even
// started: a warm start no longer waits for it. A URL with a query string and a
// navigation still come to the fetch handler below; a file missing from the cache is
// fetched from the network either way.
function staticRoutes(event) {
  if (typeof event.addRoutes !== "function" || typeof URLPattern !== "function") {
    return Promise.resolve();
  }
  const base = new URL("./", self.location).pathname.replace(/[:*?+(){}\\]/g, "\\$&");
  return event.addRoutes([
    { condition: { requestMode: "navigate" }, source: "fetch-event" },
    {
      condition: { urlPattern: new URLPattern({ pathname: `${base}*`, search: "" }) },
      source: { cacheName: CACHE },
    },
  ]).catch((error) => console.warn("qin sw: no static routes", error));
}

// One file of the precache: this version's, from the HTTP cache if it holds it. A fetch
// with `integrity` rejects a body that is not the build's (another version's copy).
async function fetched(url, integrity) {
  try {
    return await fetch(new Request(url, { cache: "force-cache", integrity }));
  } catch {
    return fetch(new Request(url, { cache: "reload", integrity }));
  }
}

// Everything fetched first, then kept: a failed file keeps nothing (as cache.addAll).
async function precache() {
  const got = await Promise.all(PRECACHE.map(async ([url, integrity, ...also]) => {
    const response = await fetched(url, integrity);
    if (!response.ok) throw new TypeError(`${url}: ${response.status}`);
    return [[url, response], ...also.map((other) => [other, response.clone()])];
  }));
  const cache = await caches.open(CACHE);
  await Promise.all(got.flat().map(([url, response]) => cache.put(url, response)));
}

self.addEventListener("install", (event) => {
  event.waitUntil(Promise.all([staticRoutes(event), precache()]));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((keys) =>
      Promise.all(keys.filter((k) => k.startsWith("qin-") && k !== CACHE).map((k) => caches.delete(k))),
    ),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
  if (event.data?.type === "version") event.source?.postMessage({ type: "version", version: VERSION });
});

// Speed: a warm start asks this worker for some 60 files at once. The cache
// is opened once, and each file is first looked up by its exact URL, which the cache
// finds directly; `ignoreSearch` makes it compare every entry, so it is only the
// fallback for URLs with a query string.
let opened = null;
const openCache = () => (opened ??= caches.open(CACHE));

async function cached(cache, request, url) {
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit || !url.search) return hit;
  return cache.match(request, { ignoreSearch: true, ignoreVary: true });
}

// The paths this worker answers (without query strings): every URL of the precache. A
// request for any other is left to the browser, which fetches it without this worker: an
// answer of the network passed on by `respondWith` kept the worker busy until the server
// had answered, and a new version waited for it.
const KEPT = new Set(PRECACHE.flatMap(([url, , ...also]) =>
  [url, ...also].map((path) => new URL(path, self.location).pathname)));

function kept(request, url) {
  if (KEPT.has(url.pathname)) return true;
  return request.mode === "navigate" && url.pathname.endsWith("/")
    && KEPT.has(`${url.pathname}index.html`);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !kept(request, url)) return;
  event.respondWith(
    openCache().then(async (cache) => {
      const hit = await cached(cache, request, url);
      if (hit) return hit;
      if (request.mode === "navigate" && url.pathname.endsWith("/")) {
        const index = await cache.match(new URL("index.html", url), { ignoreVary: true });
        if (index) return index;
      }
      return fetch(request);
    }),
  );
});
