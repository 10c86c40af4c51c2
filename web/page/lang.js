// The page's language, and its catalogue asked for before anything else.
//
// A classic (blocking) script at the top of <head>: it runs while the page is parsed, so
// the catalogue's request goes out before the dozens of preloads further down take the
// server's connections (the start screen before Python, prestart.js, waits for it).
// boot.js takes the language and the pending text from window.qinEarlyI18n; without this
// script it chooses and fetches them itself, as before.
//
// The language is the reader's (window.qinLangs, embed/langs.js, loaded just before: their
// earlier choice, shared with the rules pages, or the first of the browser's languages the
// site speaks, else English).

(() => {
  const { list: LANGS, key: LANG_KEY } = window.qinLangs;
  const lang = window.qinLangs.reader();
  const text = fetch(`./i18n/${lang}.json`).then((response) => {
    if (!response.ok) throw new Error(`Could not load i18n/${lang}.json (HTTP ${response.status}).`);
    return response.text();
  });
  text.catch(() => {}); // boot.js reports it (and falls back to English)
  window.qinEarlyI18n = { lang, text };

  // The first paint: index.html's start screen (English) shows at once, before any module
  // or fetch, when it is what prestart.js would show: the page is in English, the address
  // holds no link or tutorial step, no game was left open and no table of a last game is
  // kept (the stored start screen, whose key the build wrote on <html>). Otherwise it waits
  // for prestart.js, as before.
  const root = document.documentElement;
  let other = false;
  try {
    const key = root.dataset.startKey;
    const stored = key ? JSON.parse(localStorage.getItem(key) || "{}") : null;
    other = Boolean(stored?.open || stored?.table);
  } catch { /* storage blocked or a damaged value: prestart.js decides */ }
  const first = lang === "en" && !location.hash.replace(/^#/, "") && !other;
  root.dataset.first = first ? "start" : "wait";
  // Until prestart.js listens (it removes data-first), Start and "Learn to play" are kept
  // for it (window.qinEarly) and the form is never sent to the server.
  const keep = (event, kind) => {
    if (!root.dataset.first) return;
    event.preventDefault();
    window.qinEarly ??= kind;
  };
  document.addEventListener("submit", (event) => { if (!event.defaultPrevented) keep(event, "start"); });
  document.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("#learn")) keep(event, "learn");
  });
  // The language chosen in #lang is kept at once, before its catalogue is loaded (a reload
  // in the next instant, which cuts that load short, keeps it), and, chosen before
  // prestart.js listens, kept for it, or for the page's Python when it comes first
  // (window.qinEarlyLang, in shell.js's start).
  document.addEventListener("change", (event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement) || select.id !== "lang" || !LANGS.includes(select.value)) return;
    try { localStorage.setItem(LANG_KEY, select.value); } catch { /* storage blocked */ }
    if (root.dataset.first) window.qinEarlyLang = select.value;
  }, true);
  // The note on a language (#lang-note) goes at the player's next action: the change of a
  // field left at a mouse's or a finger's press comes before its release, so the note
  // shown at the press keeps its room (data-held, its height) until the press has ended and its click
  // is done; the page never moves up under a pressed pointer (the click would be lost).
  const held = (on) => {
    const note = document.getElementById("lang-note");
    if (!note) return;
    if (on && !note.hidden) {
      note.dataset.held = "";
      note.style.minHeight = `${note.offsetHeight}px`;  // its words may go before it does
    } else if (!on && "held" in note.dataset) {
      delete note.dataset.held;
      note.style.minHeight = "";
    }
  };
  document.addEventListener("pointerdown", () => held(true), true);
  for (const kind of ["pointerup", "pointercancel"]) {
    document.addEventListener(kind, () => setTimeout(() => held(false)), true);
  }
  window.addEventListener("blur", () => held(false));
})();
