// The site's languages and the one rule that picks a reader's, for every page before
// Python has arrived: the game page (lang.js, boot.js), the rules' index (rules/choose.js)
// and the diagrams (qin-board.js, on this site or any other).
//
// A classic script, so the game page's blocking lang.js and the rules' index can load it
// with a <script src> before their own; a module loads it with `import "./langs.js"`.
// Either way it leaves window.qinLangs:
//   list      the languages, qin.messages.LANGS (written in by the build:
//             tools/build_site.py, langs_script)
//   default   the language of a reader the site speaks none of (qin.messages.DEFAULT)
//   key       the localStorage key of the reader's choice (shared with the rules pages)
//   pick(wanted)  the first of `wanted` (strings; anything else is skipped) the site
//             speaks, by its primary subtag: "de-AT", "DE", " fr " and "de_CH" count;
//             "pt-BR, fr" is one tag, Portuguese; English when there is none
//   browser() the browser's languages, most wanted first
//   reader()  the reader's language: their choice kept here, else the browser's

(() => {
  const SITE = {"__QIN_LANGS__": ""};
  const list = Object.freeze([...SITE.langs]);
  const key = "qin-lang";
  // No language tag is this long (BCP 47's longest useful ones are under 50): a longer
  // value is not one, and is not read.
  const LONGEST = 64;

  function pick(wanted) {
    for (const item of wanted) {
      if (typeof item !== "string" || item.length > LONGEST) continue;
      const base = item.trim().toLowerCase().split(/[-_]/)[0];
      if (list.includes(base)) return base;
    }
    return SITE.default;
  }

  function browser() {
    const found = [];
    try {
      found.push(...(navigator.languages || []), navigator.language);
    } catch { /* a browser without them: the default */ }
    return found;
  }

  function reader() {
    let saved = null;
    try { saved = localStorage.getItem(key); } catch { /* storage blocked */ }
    return pick([saved, ...browser()]);
  }

  globalThis.qinLangs = Object.freeze({ list, default: SITE.default, key, pick, browser, reader });
})();
