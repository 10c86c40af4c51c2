// Service worker of the Qin site: the whole site works offline after the
// first load, and a new deployment replaces it only when the player says so.
//
// tools/build_site.py writes the real build/site/sw.js from this file: it replaces
// the two placeholders below with a hash of every precached file (the version) and
// the list of those files. One cache per version ("qin-<version>"); the worker of a
// version answers only from its own cache, so files of two versions never mix.
//
// - install: precache every file with `cache: "no-cache"` requests, so what the page
//   just loaded is revalidated (304) instead of downloaded a second time;
// - a new version waits (no skipWaiting) until the page asks for it: offline.js
//   shows "A new version is ready — Reload" and posts {type: "skip-waiting"};
// - activate: delete the caches of other versions;
// - fetch: same-origin GETs cache-first (query strings ignored), else the network;
//   where the browser has static routes, it answers from the cache by itself.

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

self.addEventListener("install", (event) => {
  event.waitUntil(Promise.all([
    staticRoutes(event),
    caches.open(CACHE).then((cache) =>
      cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "no-cache" }))),
    ),
  ]));
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

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
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
