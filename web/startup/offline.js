// Offline support of the game page: registers the service worker (sw.js)
// once PyScript has finished loading (so it never competes with the first boot), and
// offers "A new version is ready — Reload" when a new deployment has been precached.
//
// State for tests: document.body.dataset.offline is "registering", then "ready" once
// a service worker is active for this page's site (everything precached), or
// "unavailable" when the browser has no service workers (or refused one);
// dataset.update = "ready" while the update prompt shows.

const body = document.body;
let reloading = false;

function offer(worker) {
  const bar = document.getElementById("update");
  const button = document.getElementById("update-reload");
  if (!bar || !button) return;
  body.dataset.update = "ready";
  bar.hidden = false;
  button.onclick = () => {
    button.disabled = true;
    reloading = true;
    worker.postMessage({ type: "skip-waiting" });
  };
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
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
  });
  try {
    const registration = await navigator.serviceWorker.register("./sw.js");
    watch(registration);
    await navigator.serviceWorker.ready;
    body.dataset.offline = "ready";
    registration.update().catch(() => {}); // offline: nothing to check against
  } catch (error) {
    body.dataset.offline = "unavailable";
    console.warn("Offline play is not available:", error);
  }
}

addEventListener("py:done", () => { register(); }, { once: true });
addEventListener("py:all-done", () => { register(); }, { once: true });
