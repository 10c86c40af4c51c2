// The page's language, and its catalogue asked for before anything else.
//
// A classic (blocking) script at the top of <head>: it runs while the page is parsed, so
// the catalogue's request goes out before the dozens of preloads further down take the
// server's connections (the start screen before Python, prestart.js, waits for it).
// boot.js takes the language and the pending text from window.qinEarlyI18n; without this
// script it chooses and fetches them itself, as before.
//
// The language is the reader's earlier choice (localStorage "qin-lang", shared with the
// rules pages) or the first of navigator.languages the page speaks, else English.

(() => {
  const LANGS = ["en", "de", "fr"];
  const wanted = [];
  try { wanted.push(localStorage.getItem("qin-lang")); } catch { /* storage blocked */ }
  wanted.push(...(navigator.languages || []), navigator.language);
  let lang = "en";
  for (const item of wanted) {
    const base = String(item || "").toLowerCase().split("-")[0];
    if (LANGS.includes(base)) { lang = base; break; }
  }
  const text = fetch(`./i18n/${lang}.json`).then((response) => {
    if (!response.ok) throw new Error(`Could not load i18n/${lang}.json (HTTP ${response.status}).`);
    return response.text();
  });
  text.catch(() => {}); // boot.js reports it (and falls back to English)
  window.qinEarlyI18n = { lang, text };
})();
