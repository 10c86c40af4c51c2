// A worker that only says it has loaded: web/startup/offline.js starts it while the
// player's Reload waits for the new version's service worker to take over.  Asking for a
// worker script of the site makes Chromium check the waiting worker again and stop the
// old worker at its first idle moment (offline.js says why that is needed).
postMessage("loaded");
