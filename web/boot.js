// Boot mechanics of the Qin page, kept apart from the game code (main.py).
//
// While PyScript loads Pyodide and our wheel, show its progress steps; when
// every <script type="py"> has run, mark the page ready; if anything fails on
// the way, show a clear error instead of a page that loads forever.
//
// Contract (relied on by the e2e tests, see e2e/README.md):
//   document.body.dataset.boot is "loading" (set in index.html), then exactly
//   one of "ready" (all Python scripts ran without error) or "error" (the
//   message is in #boot-error). document.body.dataset.bootMs holds the time
//   from navigation start to that state, in milliseconds.
//
// This must be loaded before vendor/pyscript/core.js so no event is missed.

const body = document.body;
const stepEl = document.getElementById("boot-step");
const progressEl = document.getElementById("boot-progress");
const errorEl = document.getElementById("boot-error") ?? body.appendChild(
  Object.assign(document.createElement("div"), { id: "boot-error", className: "boot-error", hidden: true }),
);

const SLOW_MS = 20000;
let started = 0;
let finished = 0;
let observer = null;
let resources = null;
let slowTimer = 0;

function settle(state) {
  if (body.dataset.boot !== "loading") return false;
  body.dataset.bootMs = String(Math.round(performance.now()));
  body.dataset.boot = state;
  observer?.disconnect();
  resources?.disconnect();
  clearTimeout(slowTimer);
  return true;
}

function fail(message, details = "") {
  if (!settle("error")) return;
  errorEl.replaceChildren();
  const title = document.createElement("strong");
  title.textContent = "The game could not start.";
  const text = document.createElement("p");
  text.textContent = message;
  const hint = document.createElement("p");
  hint.textContent = "Reloading the page may help; if it keeps failing, please report the message above.";
  errorEl.append(title, text);
  if (details) {
    const pre = document.createElement("pre");
    pre.textContent = details;
    errorEl.append(pre);
  }
  errorEl.append(hint);
  errorEl.hidden = false;
}

// Progress: PyScript dispatches "Loading X" / "Loaded X" steps on window.
addEventListener("py:progress", ({ detail }) => {
  const step = String(detail ?? "");
  if (step.startsWith("Loading")) started += 1;
  else if (step.startsWith("Loaded")) finished += 1;
  if (stepEl && step) stepEl.textContent = `${step}…`;
  if (progressEl && started > 0) {
    progressEl.max = started;
    progressEl.value = Math.min(finished, started);
  }
});

// A Python exception: PyScript renders it into a .py-error element.
function pythonError() {
  const el = document.querySelector(".py-error");
  if (!el) return false;
  const lines = (el.textContent || "").trim().split("\n");
  fail(`Python error: ${lines[lines.length - 1] || "see the console"}`);
  return true;
}
observer = new MutationObserver(pythonError);
observer.observe(body, { childList: true, subtree: true });

// Every <script type="py"> has finished (PyScript fires this after errors too).
addEventListener("py:all-done", () => {
  if (!pythonError()) {
    if (stepEl) stepEl.textContent = "Ready.";
    settle("ready");
  }
});

// Anything else that goes wrong while loading.
addEventListener("error", (event) => {
  fail(event.message || "A script failed to load.", event.error?.stack ?? "");
});
addEventListener("unhandledrejection", (event) => {
  const reason = event.reason;
  fail(String(reason?.message ?? reason ?? "Loading failed."), reason?.stack ?? "");
});

// Files that came back with an HTTP error (e.g. a missing pyodide.asm.wasm makes
// Pyodide stall without an exception). responseStatus is not in every browser.
if (typeof PerformanceObserver === "function") {
  const check = (list) => {
    for (const entry of list.getEntries()) {
      if (entry.responseStatus >= 400) {
        fail(`Could not load ${new URL(entry.name).pathname} (HTTP ${entry.responseStatus}).`);
      }
    }
  };
  try {
    resources = new PerformanceObserver(check);
    resources.observe({ type: "resource", buffered: true });
  } catch {
    resources = null;
  }
}

slowTimer = setTimeout(() => {
  if (stepEl && body.dataset.boot === "loading") {
    stepEl.textContent += " (this is taking longer than usual)";
  }
}, SLOW_MS);
