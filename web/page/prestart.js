// The start screen before Python: usable at once, handed to the page's Python when it arrives.
//
// Everything this module shows was written by the page's Python; it has no rules, views or
// formats of its own (linkcode.js, the link decoder, is the one exception):
//
//   - start.json (tools/build_site.py, from qin_ui.start_screen): for each language the
//     pieces seat rows are joined from, the series choices, the empty lists and
//     "Dealing…"; a first visit's seat rows for 2, 3 and 4 players as the keys of their
//     pieces; and the storage keys below;
//   - the storage key start.json names (qin_ui.start_screen.StartKeeper): the saved games
//     and the progress table as the page's Python last drew them, in its language and, as
//     it words them there, in the others (from start.json's "words" of each language,
//     handed to it: words()), each saved game's board, the unfinished game left open, and the last table started
//     (qin_ui.table) as the start screen draws it: its seat rows for 2, 3 and 4 players (as
//     pieces' keys: shown in any language) and its choices, shown while the table kept is
//     still the one they were drawn from (another tab may have started a game since). A
//     value that is missing or damaged, and lists not stored in the page's language (too
//     long to keep in every language), show nothing and wait for Python (the empty lists are shown only when nothing at all is stored; the
//     start.json seats and choices when no table is).
//
// Seat rows are joined (rowsOf) as the page's Python wrote them: each part the key of a
// piece of the page's language (else one alike in every language), or the HTML of the
// player's own (a name typed), alone in a list; a seat named after its colour has the
// key of that colour's name, so it is named in the language shown.
//
// index.html holds the English start screen (the build writes its seats and series
// choices from the same views), shown at the first paint when lang.js finds nothing else
// to show (html[data-first="start"]); this module then leaves what already shows as it is
// (show(): the same elements, painted once), acts on a Start or "Learn to play" pressed
// before it listened (lang.js's window.qinEarly), and removes html[data-first].
//
// What waits for the engine is off until the hand-over (importing a file, a seat's colour
// and level: their rules are the engine's; exporting and deleting a saved game), so that
// no click on it is lost. The form is never judged here: a Start is kept
// and the page's Python says what is wrong with it, if anything.
//
// What the player presses is kept as an *intent*, not acted on:
//   - Start: the board side is drawn empty (embed/stamp.js pastes qin.svg's own fragments,
//     so it looks as the page's Python will draw it) with "Dealing…" where the hand goes;
//   - Resume on a saved game: its board as stored beside the list;
//   - a play-by-link address (#g=…) or an unfinished game left open: drawn the same way at
//     once (the link's board; the stored one), since Python's Boot opens them.
//
// Hand-over: main.py -> shell.Page.boot() calls window.qinPrestart.take() once. From then
// on this module listens to nothing (one AbortController removes every listener), and it
// returns the form as the player left it and the intent, as JSON; the page dispatches
// them as ordinary actions. A click is handled either here before the hand-over (kept as
// the intent) or by Python after it, never both. The board's area stays inert until the
// shell calls release(), as it applies Python's first reply (which draws the board again):
// an element made inert or no longer inert has its whole subtree styled again, and the
// board drawn here would be styled once more for nothing, in a task of its own (some 60
// ms on this machine, 240 ms with the CPU slowed 4x). Until then the board shows
// "Dealing…" and takes no click anyway.
//
// A language chosen whose words cannot be loaded (offline and not kept, or the server
// failing) is said under the header (#lang-note) in the page's language, in the words
// the page's Python wrote for it (start.json's "failed"), until the player's next action;
// the hand-over passes it on ("failed"), and the page's Python says it on.
//
// State for the tests and bench/boot.py (e2e/README.md): body[data-prestart] is "setup"
// (the start screen is usable), "board" (an early Start drew the board), "learn" (an early
// Learn to play waits for the tutorial) and "handed" (the
// page's Python owns the screen); performance marks "qin:prestart-usable" and
// "qin:prestart-board".

import { characterCount, stamp } from "../embed/stamp.js";
import { linkPosition } from "./linkcode.js";

/** Controls that wait for the engine (off until the hand-over). */
const LATER = ["import-file", "progress-export"];
const LATER_IN = "#seats select, #saved-list button:not([data-action=resume])";

const $ = (id) => document.getElementById(id);
const body = document.body;
const listening = new AbortController();
const on = (target, kind, handler) => target?.addEventListener(kind, handler, { signal: listening.signal });

let site = null;  // start.json
let stored = null;  // the start screen as the page's Python stored it
let table = null;  // the last table started, as the page's Python drew it (storedTable)
let intent = null;
let handed = false;
let failed = "";  // a language chosen whose words could not be loaded, while said

// Fetched at once, in parallel with the catalogue.
const fetchJson = (path) => fetch(path).then((r) => (r.ok ? r.json() : Promise.reject(new Error(path))));
const start = fetchJson("./start.json");
const parts = fetchJson("./embed/board-parts.json");
const sides = fetchJson("./embed/board-sides.json");
for (const promise of [start, parts, sides]) promise.catch(() => {});

const lang = () => window.qinI18n?.lang ?? "en";
const words = () => site.langs[lang()] ?? site.langs.en;

function readStored() {
  const keys = site.keys;
  try {
    const text = localStorage.getItem(keys.start);
    // at most maxStart characters, counted as Python counts them (an emoji is one)
    if (!text || (text.length > keys.maxStart && characterCount(text) > keys.maxStart)) return null;
    const data = JSON.parse(text);
    return data && typeof data === "object" && data.format === keys.format ? data : null;
  } catch {
    return null;  // storage off or a damaged value: the page's Python says what is there
  }
}

/** Seat rows joined from `parts` (start_screen.Parts) with the pieces of the page's
 *  language, else null (not such parts, or a piece missing). The same join as the
 *  page's Python's (qin_ui.start_screen.joined), which cannot do it for this module:
 *  the rows shown here are the last table's, kept as keys, in the language the player
 *  picks before Python exists, and Python at run time has only its own language's
 *  words (the others' pieces are start.json's, here); keeping the rows' HTML in every
 *  language instead would be some 24 KB each, where their keys are 1 KB. */
function rowsOf(parts) {
  if (!Array.isArray(parts)) return null;
  let html = "";
  for (const part of parts) {
    const piece = Array.isArray(part) ? part[0] : words().pieces?.[part] ?? site.pieces?.[part];
    if (typeof piece !== "string") return null;
    html += piece;
  }
  return html;
}

/** The last table started as stored (`stored.table`), still the table kept (its text is
 *  the one it was drawn from), else null. */
function storedTable() {
  const shown = stored?.table;
  if (!shown || typeof shown !== "object") return null;
  if (!shown.seats || typeof shown.seats !== "object" || typeof shown.from !== "string") return null;
  try {
    return localStorage.getItem(site.keys.table) === shown.from ? shown : null;
  } catch {
    return null;
  }
}

/** The table's choices checked as stored (its seat rows: showSeats). */
function showTable() {
  if (!table) return;
  const count = document.querySelector(`input[name=players][value="${Number(table.players)}"]`);
  if (count) count.checked = true;
  $("board-lion").checked = table.board === "lion";
  $("board-bird").checked = table.board !== "lion";
  if (typeof table.fair_start === "boolean") $("fair-start").checked = table.fair_start;
  const hints = $("hints-on");
  if (hints && typeof table.hints === "boolean") hints.checked = table.hints;
  const plan = $("series-plan");
  if ([...plan.options].some((option) => option.value === table.plan)) plan.value = table.plan;
}

/** Nothing is stored at all (no saved game, no progress): the empty lists are true. */
function nothingStored() {
  const keys = site.keys;
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key === keys.progress || key?.startsWith(keys.savePrefix)) return false;
    }
    return true;
  } catch {
    return false;
  }
}

function disableLater() {
  for (const id of LATER) { const node = $(id); if (node) node.disabled = true; }
  for (const node of document.querySelectorAll(LATER_IN)) node.disabled = true;
}

/** Write `html` into `node`, unless it shows that already (index.html's start screen as
 *  the build wrote it, painted first, with what waits for the engine off: `waiting`, a
 *  selector): what was painted stays the same elements. */
function show(node, html, waiting = "") {
  const probe = document.createElement("template");
  probe.innerHTML = html;
  if (waiting) for (const field of probe.content.querySelectorAll(waiting)) field.disabled = true;
  if (probe.innerHTML === node.innerHTML) return false;
  node.innerHTML = html;
  return true;
}

/** The seat rows for `count` players (the last table's, else start.json's); a name the
 *  player typed stays. */
function showSeats(count) {
  const typed = [...document.querySelectorAll("#seats input[id^=seat-name-]")]
    .map((input) => (input.value !== input.defaultValue ? input.value : null));
  const rows = rowsOf(table?.seats[String(count)]) ?? rowsOf(site.seats?.[String(count)]) ?? "";
  if (!show($("seats"), rows, "select")) return;
  typed.forEach((name, i) => {
    const input = $(`seat-name-${i}`);
    if (input && name !== null) input.value = name;
  });
}

function showPlans() {
  const select = $("series-plan");
  const value = select.value || "single";
  if (show(select, words().plans)) select.value = value;
}

/** The saved games and the progress table as stored in the page's language (the page's
 *  Python's own, or those it worded in the others: lists.langs), the empty lists when
 *  nothing is stored, else nothing (the page's Python draws them). */
function showLists() {
  const kept = stored?.lists && typeof stored.lists === "object" ? stored.lists : null;
  const worded = stored?.lang === lang() ? kept : kept?.langs?.[lang()];
  const lists = worded && typeof worded === "object" ? { ...kept, ...worded } : null;
  const empty = !lists && nothingStored() ? words() : null;
  const saved = typeof lists?.saved === "string" ? lists.saved : empty?.saved ?? "";
  const table = typeof lists?.progress === "string" ? lists.progress : empty?.progress ?? "";
  $("saved-list").innerHTML = saved;
  markChanged(lists?.stamps);
  $("progress-table").innerHTML = table;
  for (const [id, key, value] of [["saved", "count", lists?.count], ["progress", "games", lists?.games]]) {
    if (Number.isInteger(value) || empty) $(id).dataset[key] = String(value ?? 0);
    else delete $(id).dataset[key];
  }
}

/** The SHA-256 of `text` (UTF-8) in hex, as far as a stamp goes (qin_ui.saves.stamp_of). */
async function stampOf(text) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("").slice(0, 24);
}

/** A listed save whose text is not the one the page's Python listed (`stamps`, by id;
 *  changed since, damaged or gone) is shown damaged, in Python's words (start.json's
 *  "changed"), without Resume, until the page's Python reads it. */
async function markChanged(stamps) {
  if (!stamps || typeof stamps !== "object" || !globalThis.crypto?.subtle) return;
  for (const item of $("saved-list").querySelectorAll("li[data-state=ok][data-id]")) {
    const want = stamps[item.dataset.id];
    if (typeof want !== "string") continue;
    let text = null;
    try { text = localStorage.getItem(site.keys.savePrefix + item.dataset.id); } catch { text = null; }
    if (text !== null && (await stampOf(text)) === want) continue;
    if (handed) return;
    item.dataset.state = "damaged";
    item.classList.add("damaged");
    const what = item.querySelector(".saved-what");
    if (what) what.innerHTML = words().changed;
    item.querySelector("button[data-action=resume]")?.remove();
  }
}

/** Say that the words of `chosen` could not be loaded (start.json's "failed", in the
 *  page's language, as the page's Python says it), or nothing (""): under the header,
 *  until the player's next action. */
function sayFailed(chosen) {
  const note = $("lang-note");
  const said = chosen ? words().failed?.[chosen] ?? "" : "";
  failed = said ? chosen : "";
  if (!note || (!said && note.hidden)) return;
  note.textContent = said;
  note.hidden = !said;
}

function showDealing() {
  const dealing = $("dealing");
  if (dealing) dealing.outerHTML = intent?.kind === "learn" ? words().learning : words().dealing;
}

/** Stored board data ({board, position, colours}) as drawn, or null. */
function boardOf(data) {
  if (!data || typeof data !== "object" || typeof data.board !== "string") return null;
  return {
    board: data.board,
    position: typeof data.position === "string" ? data.position : null,
    colours: Array.isArray(data.colours) ? data.colours.map(String) : undefined,
  };
}

// -- the board, drawn before Python -----------------------------------------------------
/** Draw `position` (position text, or null for the empty `board` side; no board when
 *  `board` is null) and "Dealing…" (or `waiting`, start.json's words, in state `state`). */
async function showBoard(board, position, colours, waiting = null, state = "board") {
  let svg = "";
  try {
    const [p, s] = await Promise.all([parts, sides]);
    const draw = (text) => stamp(text, p, { colours, label: words().board })
      .replace(p.skeleton.coords.style ?? "", "");  // the page's stylesheet has these rules
    if (board !== null) {
      try {
        svg = draw(position || s[board] || s.bird);
      } catch {
        svg = draw(s[board] || s.bird);  // a position that does not draw: its side
      }
    }
  } catch (error) {
    console.warn("the board is drawn when the engine is there:", error);
  }
  if (handed) return;
  if (!$("setup").hidden) scrollTo(0, 0);  // another screen, from its top, as the page's Python shows it
  $("setup").hidden = true;
  $("new-game").hidden = false;  // its room in the header, as the page's Python shows it (style.css)
  $("play").hidden = false;
  for (const id of ["side", "board-area"]) $(id).inert = true;
  $("board").innerHTML = svg;
  $("hand").innerHTML = waiting ?? words().dealing;
  $("status-text").textContent = "";
  body.dataset.prestart = state;
  performance.mark(`qin:prestart-${state}`);
}

function showStored(data) {
  const b = boardOf(data);
  return showBoard(b?.board ?? null, b?.position ?? null, b?.colours);
}

function readForm() {
  const count = document.querySelectorAll("#seats .seat").length;
  const field = (name) => Array.from({ length: count }, (_, i) => $(`seat-${name}-${i}`)?.value ?? "");
  return {
    names: field("name"), colours: field("colour"), kinds: field("kind"),
    board: $("board-lion").checked ? "lion" : "bird", fair_start: $("fair-start").checked,
    seed: $("seed").value, plan: $("series-plan").value || "single",
    hints: $("hints-on")?.checked ?? true,
  };
}

// -- the listeners (until the hand-over) -------------------------------------------------
function bind() {
  // A file dropped on the page does not open in its place (the browser's default) until
  // the hand-over.
  for (const kind of ["dragover", "drop"]) on(document, kind, (event) => event.preventDefault());
  on($("setup-form"), "submit", (event) => {
    event.preventDefault();
    if (intent) return;
    const form = readForm();
    intent = { kind: "start" };
    sayFailed("");
    showBoard(form.board, null, form.colours);
  });
  on($("learn"), "click", () => {
    if (intent) return;
    intent = { kind: "learn" };
    sayFailed("");
    showBoard(null, null, undefined, words().learning, "learn");
  });
  // A change of the form (the seed, the board, the players...) is the player's next
  // action, as the page's Python takes it (events.change), and so is a seat's name typed
  // (events.to_action: its first letter; the name is read at the start, by both): the
  // note on a language goes.
  on($("setup-form"), "change", (event) => {
    if (!event.target.id?.startsWith("seat-name-")) sayFailed("");
  });
  on($("setup-form"), "input", (event) => {
    if (event.target.id?.startsWith("seat-name-")) sayFailed("");
  });
  on($("player-count"), "change", (event) => {
    showSeats(Number(event.target.value));
    disableLater();
  });
  on($("saved-list"), "click", (event) => {
    const button = event.target.closest?.("button[data-action='resume']");
    const item = event.target.closest?.("li[data-id]");
    if (!button || !item || intent) return;
    intent = { kind: "resume", id: item.dataset.id };
    sayFailed("");
    showStored(stored?.lists?.boards?.[item.dataset.id]);
  });
  on($("lang"), "change", async (event) => {
    const chosen = event.target.value;
    try {
      if (await window.qinI18n.use(chosen) === null) return;  // a later choice speaks
    } catch (error) {
      console.warn(error);  // the catalogue could not be loaded: the page stays as it is,
      if (handed) {  // (the page's Python took over meanwhile: it tries, and says so)
        event.target.dispatchEvent(new Event("change", { bubbles: true }));
        return;
      }
      event.target.value = window.qinI18n.lang;  // says which language it is in, and why
      sayFailed(chosen);  // (lang.js kept the choice for the next visit)
      return;
    }
    if (!handed) sayFailed("");
    if (handed) {
      // The page's Python took over while the catalogue was on its way, speaking the
      // language it found then: the choice goes to it as the player's own change would.
      event.target.dispatchEvent(new Event("change", { bubbles: true }));
      return;
    }
    showSeats(document.querySelectorAll("#seats .seat").length);
    showPlans();
    showLists();
    showDealing();
    disableLater();
  });
}

/** The loading note, where it is a row above the header (a small screen: style.css),
 *  keeps its room from the hand-over while the start screen shows it (saying "Ready."):
 *  nothing on the screen moves when Python takes it over.  It goes for good when the start
 *  screen does (Start, Resume, "Learn to play": another screen, from its top). */
function keepNote() {
  const note = $("boot");
  const setup = $("setup");
  if (!note || !setup || setup.hidden) return;
  note.dataset.kept = "";
  const gone = new MutationObserver(() => {
    if (!setup.hidden) return;
    gone.disconnect();
    delete note.dataset.kept;
  });
  gone.observe(setup, { attributes: true, attributeFilter: ["hidden"] });
}

window.qinPrestart = {
  /** The hand-over (once): stop listening; the form and the intent as JSON text, or "" when
   *  this module never made the screen usable (Python then reads the page as it is). */
  take() {
    if (handed) return "";
    handed = true;
    listening.abort();
    const side = $("side");
    if (side) side.inert = false;
    for (const id of LATER) { const node = $(id); if (node) node.disabled = false; }
    for (const node of document.querySelectorAll(LATER_IN)) node.disabled = false;
    const usable = Boolean(body.dataset.prestart);
    body.dataset.prestart = "handed";
    keepNote();
    if (!usable) return "";
    return JSON.stringify({ form: readForm(), intent, focus: document.activeElement?.id || "", failed });
  },
  /** start.json's words of each language (those the lists are worded from) as JSON text,
   *  for the page's Python, which stores the lists in each language; "" before start.json
   *  came. */
  words() {
    const langs = site?.langs && typeof site.langs === "object" ? site.langs : null;
    if (!langs) return "";
    return JSON.stringify(Object.fromEntries(Object.entries(langs).map(([l, w]) => [l, w?.words ?? {}])));
  },
  /** After take(), in the task that applies Python's first reply: the board's area no
   *  longer inert. */
  release() {
    const area = $("board-area");
    if (area) area.inert = false;
  },
};

async function main() {
  [site] = await Promise.all([start, window.qinI18n.ready]);
  if (handed) return;
  stored = readStored();
  table = storedTable();
  showTable();
  const players = Number(document.querySelector("input[name=players]:checked")?.value ?? 2);
  showSeats(players);
  showPlans();
  showLists();
  $("new-game").hidden = true;
  disableLater();
  bind();
  // A language chosen on the first paint, before this module listened (lang.js kept it):
  // chosen now.
  const chosenEarly = window.qinEarlyLang;
  if (chosenEarly && chosenEarly !== lang()) {
    $("lang").value = chosenEarly;
    $("lang").dispatchEvent(new Event("change", { bubbles: true }));
  }
  const app = $("app");
  const first = () => delete document.documentElement.dataset.first;  // lang.js's first paint
  if (location.hash.replace(/^#/, "").startsWith("g=")) {
    intent = { kind: "open" };
    app.hidden = false;
    first();
    const link = linkPosition(location.hash, await sides.catch(() => ({})));
    await showBoard(link?.board ?? "bird", link?.text ?? null);
    return;
  }
  const open = boardOf(stored?.open);
  if (open) {
    intent = { kind: "open" };
    app.hidden = false;
    first();
    await showBoard(open.board, open.position, open.colours);
    return;
  }
  $("setup").hidden = false;
  app.hidden = false;
  body.dataset.prestart = "setup";
  performance.mark("qin:prestart-usable");
  // index.html's start screen, shown since the first paint, is this module's now: a Start
  // or "Learn to play" pressed before (lang.js kept it) is acted on as if pressed now.
  const early = window.qinEarly;
  first();
  if (early === "start") $("setup-form").requestSubmit();
  else if (early === "learn") $("learn").click();
}

main().catch((error) => console.warn("the start screen waits for the engine:", error));
