// Service worker of the Qin site (issue 6): the whole site works offline after the
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
// - fetch: same-origin GETs cache-first (query strings ignored), else the network.

const VERSION = "__QIN_SW_VERSION__";
const PRECACHE = ["__QIN_SW_PRECACHE__"];
const CACHE = `qin-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "no-cache" }))),
    ),
  );
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

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
      if (hit) return hit;
      if (request.mode === "navigate" && url.pathname.endsWith("/")) {
        const index = await cache.match(new URL("index.html", url), { ignoreSearch: true });
        if (index) return index;
      }
      return fetch(request);
    }),
  );
});
