// Offline support of the game page: registers the service worker (sw.js)
// once PyScript has finished loading (so it never competes with the first boot), and
// offers "A new version is ready — Reload" when a new deployment has been precached.
//
// State for tests: document.body.dataset.offline is "registering", then "ready" once
// a service worker is active for this page's site (everything precached), or
// "unavailable" when the browser has no service workers (or refused one);
// dataset.update = "ready" while the update prompt shows, "starting" once the player has
// asked for the new version (until the page reloads on it), "elsewhere" once another tab
// has started a new version (this tab is then asked to reload, and can).

const body = document.body;
let reloading = false;

// The new version's worker takes over (and the page reloads on it) once Chromium has
// retired the old worker, which it does only when the old worker is idle: when the new
// one skips waiting, Chromium stops the old one at its first idle moment, if it is running
// then.  A request of any tab that reaches the old worker while it stops (a page or a
// computer player's worker loading its files through it: some 60 requests) starts it
// again, and that hurry is forgotten: the new version then waited until the old worker
// had been idle for 30 s, for ever while other tabs kept loading (or DevTools was open),
// and the Reload stayed greyed out.  Chromium hurries the old worker again whenever a page
// or a worker script of the site is requested: while the Reload waits, the page starts a
// worker that does nothing but load (update_nudge.js), once a second.
const NUDGE_MS = 1000;
const NUDGE_URL = "./update_nudge.js";

function nudge(worker) {
  if (worker.state !== "installed") return; // activating: controllerchange reloads
  try {
    const nudger = new Worker(NUDGE_URL, { type: "module" });
    const done = () => nudger.terminate();
    nudger.addEventListener("message", done);
    nudger.addEventListener("error", done);
  } catch {
    return; // no workers here: nothing to nudge with
  }
  setTimeout(() => nudge(worker), NUDGE_MS);
}

// The bar says "a new version is ready" (this tab may take it), then "starting the new
// version" once the player has asked for it, or "a new version was started in another
// tab" (this tab's files are no longer the running version's: only a reload brings the
// page and everything it still loads onto one version).
function showState(state) {
  for (const which of ["ready", "elsewhere", "starting"]) {
    const text = document.getElementById(`update-${which}`);
    if (text) text.hidden = state !== which;
  }
  body.dataset.update = state;
}

function showBar(state, onReload) {
  const bar = document.getElementById("update");
  const button = document.getElementById("update-reload");
  if (!bar || !button) return;
  showState(state);
  bar.hidden = false;
  button.disabled = false;
  button.onclick = () => {
    button.disabled = true;
    onReload();
  };
}

function offer(worker) {
  showBar("ready", () => {
    if (worker.state === "activated" || worker.state === "redundant") {
      location.reload(); // another tab took this version already
      return;
    }
    reloading = true;
    showState("starting");
    worker.addEventListener("statechange", () => {
      if (worker.state === "redundant") location.reload(); // replaced by a newer one
    });
    worker.postMessage({ type: "skip-waiting" });
    setTimeout(() => nudge(worker), NUDGE_MS);
  });
}

function takenElsewhere() {
  showBar("elsewhere", () => location.reload());
}

function watch(registration) {
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
    });
  });
}

async function register() {
  if (body.dataset.offline) return;
  if (!("serviceWorker" in navigator)) {
    body.dataset.offline = "unavailable";
    return;
  }
  body.dataset.offline = "registering";
  const firstController = navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
    else if (firstController) takenElsewhere(); // not the first worker taking this page
  });
  try {
    // No update() of its own: the browser checks the worker's script for a new version
    // when a page it serves is opened (a reload too), and register() of the same script
    // fetches nothing; a second check would ask the server for sw.js again.
    const registration = await navigator.serviceWorker.register("./sw.js");
    watch(registration);
    await navigator.serviceWorker.ready;
    body.dataset.offline = "ready";
  } catch (error) {
    body.dataset.offline = "unavailable";
    console.warn("Offline play is not available:", error);
  }
}

// The game page's Python runs in a worker: its shell says when the page is up.
addEventListener("qin:booted", () => { register(); }, { once: true });
addEventListener("py:done", () => { register(); }, { once: true });
addEventListener("py:all-done", () => { register(); }, { once: true });
