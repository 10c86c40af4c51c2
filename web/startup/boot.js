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
// This must be loaded before vendor/pyscript/core.js so no event is missed (on the game
// page it starts PyScript itself once the start screen is painted: see the end).
//
// Languages: the page speaks the site's (embed/langs.js: qin.messages.LANGS). The language
// is the reader's (window.qinLangs.reader(): their earlier choice, shared with the rules
// pages, or the first of the browser's languages the site speaks, else English). Its catalogue (and only
// its) is fetched at once, in parallel with PyScript; when it arrives, every element
// with data-i18n="key" gets the message as its text, data-i18n-title /
// data-i18n-aria-label / data-i18n-placeholder set those attributes, and
// data-lang-href="rules/{lang}.html" the link. main.py takes the same catalogue from
// window.qinI18n.ready (the JSON text) and calls window.qinI18n.use(lang) to switch.
// A language chosen on the start screen before those first words came is a switch at
// once, and the first words lose to it: ready then waits for the words of the last
// language chosen (the first ones only if those cannot be loaded).

import "../embed/langs.js";  // window.qinLangs
import { fill } from "../embed/stamp.js";

const { list: LANGS, default: DEFAULT_LANG, key: LANG_KEY } = window.qinLangs;

let messages = null;

function say(key, fallback, values = {}) {
  return fill(messages?.[key] ?? fallback, values);
}

function applyMessages(lang, m) {
  messages = m;
  document.documentElement.lang = lang;
  // Only what differs is written: the start screen painted first in English stays as it
  // was painted (no text laid out again) when the English catalogue arrives.
  for (const el of document.querySelectorAll("[data-i18n]")) {
    const text = m[el.dataset.i18n];
    if (text !== undefined && el.textContent !== text) el.textContent = text;
  }
  for (const attr of ["title", "aria-label", "placeholder"]) {
    for (const el of document.querySelectorAll(`[data-i18n-${attr}]`)) {
      const text = m[el.getAttribute(`data-i18n-${attr}`)];
      if (text !== undefined && el.getAttribute(attr) !== text) el.setAttribute(attr, text);
    }
  }
  for (const el of document.querySelectorAll("[data-lang-href]")) {
    el.setAttribute("href", fill(el.dataset.langHref, { lang }));
  }
  const select = document.getElementById("lang");
  if (select) select.value = lang;
}

async function fetchCatalogue(lang) {
  const response = await fetch(`./i18n/${lang}.json`);
  if (!response.ok) throw new Error(`Could not load i18n/${lang}.json (HTTP ${response.status}).`);
  return response.text();
}

// lang.js (a classic script at the top of <head>) chose the language and asked for its
// catalogue before the preloads; without it, the same choice here.
const early = window.qinEarlyI18n;
const firstLang = early?.lang ?? window.qinLangs.reader();
document.documentElement.lang = firstLang;

/** The page's first words: the language chosen at load's catalogue, else English's (a
 *  catalogue that cannot be loaded must not stop the game), as [lang, JSON text,
 *  messages]; null when none can be loaded (the page shows the keys). */
async function firstCatalogue() {
  for (const lang of [...new Set([firstLang, DEFAULT_LANG])]) {
    try {
      const text = await (lang === early?.lang && lang === firstLang ? early.text : fetchCatalogue(lang));
      return [lang, text, JSON.parse(text)];
    } catch (error) {
      console.warn(error);
    }
  }
  return null;
}

// A language chosen on the start screen before the first words came (lang.js kept one
// chosen before this module ran: window.qinEarlyLang) is a switch at once; from those
// words on, the start screen's script (prestart.js) and then the page's Python take the
// choice.
const earlyChoices = new AbortController();
function chooseEarly(lang) {
  // its failure is said by prestart.js, or, when the page's Python comes first, by it
  // (shell.js's start asks it for the words again: window.qinEarlyLang)
  window.qinI18n.use(lang).catch((error) => console.warn(error));
}

// The first words are switch 0; each window.qinI18n.use(lang) is the next. A switch
// overtaken by a later one changes nothing: the last language chosen is the page's,
// whatever the network answers first.
let switches = 0;
let lastSwitch = null;  // the last switch's promise (window.qinI18n.use)
let asked = () => {};
const switchAsked = new Promise((resolve) => { asked = resolve; });

window.qinI18n = {
  lang: firstLang,
  /** The catalogue of `lang` as JSON text, once loaded (the latest after a switch). */
  text: null,
  /** The page's words as JSON text, once loaded: the chosen language's, or, chosen on
   *  the start screen before they came, the last language chosen's (its own, else these). */
  ready: (async () => {
    try {
      const loading = firstCatalogue();
      await Promise.race([loading, switchAsked]);
      for (let seen = 0; seen !== switches;) {
        seen = switches;
        try {
          const text = await lastSwitch;
          if (seen === switches) return text;
        } catch {
          if (seen === switches) break;  // its words could not be loaded: the first ones
        }
      }
      const first = await loading;
      if (!first) return "{}";
      const [lang, text, messages] = first;
      applyMessages(lang, messages);
      window.qinI18n.lang = lang;
      window.qinI18n.text = text;
      return text;
    } finally {
      earlyChoices.abort();
    }
  })(),
  /** Switch to `lang`: load its catalogue, relabel the page, remember the choice; the
   *  catalogue's JSON text for main.py.  `null` when a later switch came before this
   *  one's words (loaded or not). */
  use(lang) {
    lastSwitch = switchTo(lang);
    asked();
    return lastSwitch;
  },
};

async function switchTo(lang) {
  if (!LANGS.includes(lang)) lang = DEFAULT_LANG;
  const choice = ++switches;
  // (on the game page lang.js keeps the choice at once: a load cut short by a reload
  // leaves it kept)
  let text;
  try {
    text = await fetchCatalogue(lang);
  } catch (error) {
    if (choice !== switches) return null;
    throw error;
  }
  if (choice !== switches) return null;
  applyMessages(lang, JSON.parse(text));
  window.qinI18n.lang = lang;
  window.qinI18n.text = text;
  try { localStorage.setItem(LANG_KEY, lang); } catch { /* storage blocked */ }
  return text;
}

if (window.qinEarlyLang && window.qinEarlyLang !== firstLang) chooseEarly(window.qinEarlyLang);
document.addEventListener("change", ({ target }) => {
  if (target instanceof HTMLSelectElement && target.id === "lang") chooseEarly(target.value);
}, { signal: earlyChoices.signal });

const body = document.body;
const stepEl = document.getElementById("boot-step");
const progressEl = document.getElementById("boot-progress");
const errorEl = document.getElementById("boot-error") ?? body.appendChild(
  Object.assign(document.createElement("div"), { id: "boot-error", className: "boot-error", hidden: true }),
);

const SLOW_MS = 20000;
// Past SLOW_MS the note says the load is taking longer than usual, in place of the step's
// words, until it is over (the bar still moves with the steps): a few words, so that on a
// phone the note's row keeps its one line.
let slow = false;
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
  title.textContent = say("boot.failed", "The game could not start.");
  const text = document.createElement("p");
  text.textContent = message;
  const hint = document.createElement("p");
  hint.textContent = say("boot.hint", "Reloading the page may help; if it keeps failing, please report the message above.");
  errorEl.append(title, text);
  if (details) {
    const pre = document.createElement("pre");
    pre.textContent = details;
    errorEl.append(pre);
  }
  errorEl.append(hint);
  errorEl.hidden = false;
}

// Progress: PyScript dispatches "Loading X" / "Loaded X" steps on window, X one of its
// own English names; each is said in the reader's words (boot.what.*), a name not listed
// here (another PyScript's) as the load in general.
const STEP_WORDS = {
  "Pyodide": "python", "interpreter": "python", "MicroPython": "python",
  "files": "files", "fetch": "files", "JS modules": "modules", "Storage": "storage",
  "packages": "packages", "remote packages": "packages", "Packages Graph": "packages",
};
const STEP_FALLBACK = {
  python: "Python", files: "the game's files", modules: "the page's modules",
  storage: "the page's storage", packages: "the rules engine",
};
addEventListener("py:progress", ({ detail }) => {
  const step = String(detail ?? "");
  if (step.startsWith("Loading")) started += 1;
  else if (step.startsWith("Loaded")) finished += 1;
  if (stepEl && step && !slow) {
    const [, verb, name] = step.match(/^(Loading|Loaded)\s+(.*)$/) ?? [];
    const kind = verb ? STEP_WORDS[name] : undefined;
    stepEl.textContent = kind
      ? say(`boot.step.${verb.toLowerCase()}`, `${verb} {what}…`,
        { what: say(`boot.what.${kind}`, STEP_FALLBACK[kind]) })
      : say("boot.loading", "Loading the game…");
  }
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
  fail(say("boot.python", "Python error: {error}", { error: lines[lines.length - 1] || "see the console" }));
  return true;
}
observer = new MutationObserver(pythonError);
observer.observe(body, { childList: true, subtree: true });

function ready() {
  if (!pythonError()) {
    if (stepEl) stepEl.textContent = say("boot.ready", "Ready.");
    settle("ready");
  }
}

// A page whose Python runs in a worker (<script type="py" worker data-app>, the game) is
// ready when its shell has applied the start (shell.js: "qin:booted"); another page when
// every <script type="py"> has finished (PyScript fires this after errors too).
const APP_IN_WORKER = !!document.querySelector('script[type="py"][data-app]');
addEventListener("qin:booted", ready);
addEventListener("qin:boot-failed", ({ detail }) => fail(String(detail)));
addEventListener("py:all-done", () => {
  if (!APP_IN_WORKER) ready();
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
// The modules compiled at build time are optional: without them web/startup/bytecode.py
// (ours, .marshal) and Python's import (PyScript's, .pack: web/startup/snapshot.js)
// compile from source. So are the catalogues: the page's own falls back to English
// (window.qinI18n.ready), and one chosen on the start screen before Python that cannot be
// loaded leaves the page in its language and says so (prestart.js, or the page's Python
// when it comes first).
const OPTIONAL = /\/(bytecode\/[^/]+\.(marshal|pack)|i18n\/[a-z]+\.json)$/;
if (typeof PerformanceObserver === "function") {
  const check = (list) => {
    for (const entry of list.getEntries()) {
      if (entry.responseStatus >= 400 && !OPTIONAL.test(new URL(entry.name).pathname)) {
        fail(say("boot.http", "Could not load {path} (HTTP {status}).",
          { path: new URL(entry.name).pathname, status: entry.responseStatus }));
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
    slow = true;
    stepEl.textContent = say("boot.slow", "Taking longer than usual…");
  }
}, SLOW_MS);

// PyScript (index.html's <link id="pyscript-core">, fetched at once as a module preload)
// and the worker's files (the build's <template id="qin-prefetch">: the runtime, the
// compiled modules, the page's Python, as prefetches into the HTTP cache) start once the
// start screen is painted: its first paint never waits behind PyScript's evaluation on
// the main thread, and megabytes of runtime do not compete with its own styles, scripts
// and words (nor count, for a browser that measures the first paint against what had
// loaded by then, as Lighthouse does). That is after the first contentful paint and a
// frame drawn once this module ran (the document is parsed by then, so that frame holds
// the whole start screen, where the first paint may hold only the loading note); at
// once in a tab that is not shown (it paints nothing); at the latest STARTUP_MS after
// this module ran. The prefetches go first, a few links per task, in the build's order.
const PREFETCH_STEP = 4;
const STARTUP_MS = 3000;
function startAfterFirstPaint() {
  const core = document.getElementById("pyscript-core");
  const held = document.getElementById("qin-prefetch");
  if (!core && !held) return;
  const links = held ? [...held.content.children] : [];
  let done = false;
  const some = () => {  // a few at a time: each link starts a request on the main thread
    document.head.append(...links.splice(0, PREFETCH_STEP));
    if (links.length) setTimeout(some);
  };
  const go = () => {
    if (done) return;
    done = true;
    some();
    // PyScript fetches the config and each worker's script on this thread before it
    // starts the worker: taken from the HTTP cache when the copy there is this build's
    // (runtime_files.js), not revalidated (the prefetches above, the service worker's
    // precache, fetched them already). PyScript starts all the same if it cannot load.
    if (core) {
      import("./runtime_files.js").then((files) => files.fetchRuntimeFilesOnce(), () => {})
        .then(() => import(core.href));  // a failure is reported as any (unhandledrejection)
    }
  };
  if (document.visibilityState !== "visible" || typeof PerformanceObserver !== "function") {
    go();
    return;
  }
  addEventListener("visibilitychange", go, { once: true });
  setTimeout(go, STARTUP_MS);
  let painted = false;
  let framed = false;
  const both = () => { if (painted && framed) go(); };
  requestAnimationFrame(() => setTimeout(() => { framed = true; both(); }));
  try {
    new PerformanceObserver((list, seen) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      seen.disconnect();
      painted = true;
      both();
    }).observe({ type: "paint", buffered: true });
  } catch {
    go();
  }
}
startAfterFirstPaint();
