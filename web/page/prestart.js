// The start screen before Python: usable at once, handed to the page's Python when it arrives.
//
// While Pyodide loads, this module makes the static start screen of index.html work: the
// seat rows (name, pagoda colour, human or computer level), the player count, the board
// side, fair start, hints, the seed, the series plan, the list of saved games (read from
// the saves' summaries in localStorage, nothing replayed) and the progress table
// (progress_table.js). The texts come from the catalogue boot.js fetched
// (window.qinI18n). What the player presses is kept as an *intent*, not acted on:
//
//   - Start: the board side is drawn empty (embed/stamp.js pastes qin.svg's own fragments,
//     so it looks as the page's Python will draw it) with "dealing…" where the hand goes;
//   - Resume on a saved game: its position (the summary's "position", else its empty side);
//   - a play-by-link address (#g=…) or an unfinished game left open: drawn the same way at
//     once (the link's board side; the saved position), since Python's Boot opens them.
//
// Hand-over: main.py -> shell.Page.boot() calls window.qinPrestart.take() once. From then
// on this module listens to nothing (one AbortController removes every listener), and it
// returns the form as the player left it and the intent, as JSON; the page dispatches
// them as ordinary actions. A click is handled either here before the hand-over (kept as
// the intent) or by Python after it, never both.
//
// State for the tests and bench/boot.py (e2e/README.md): body[data-prestart] is "setup"
// (the start screen is usable), "board" (an early Start drew the board) and "handed" (the
// page's Python owns the screen); performance marks "qin:prestart-usable" and
// "qin:prestart-board".

import { stamp } from "./embed/stamp.js";
import { linkPosition } from "./linkcode.js";
import { progressTable } from "./progress_table.js";

/** Player types in the order of qin_ui.players.KINDS (tests/test_prestart.py checks). */
export const KINDS = ["human", "apprentice", "governor", "minister", "emperor"];
/** qin.svg.PAGODA_COLOURS and DEFAULT_COLOURS (checked the same way). */
export const COLOURS = ["green", "white", "purple", "black", "orange", "pink"];
export const DEFAULT_COLOURS = ["green", "white", "purple", "black"];
/** qin_ui.seriesplan.PLANS' keys. */
export const PLANS = ["single", "sides", "four"];
/** Controls of the start screen that need the engine: off until the hand-over (importing a
 *  file, the tutorial), so that no click on them is lost. */
const LATER = ["import-file", "learn"];
const SAVE_PREFIX = "qin.save.";
const PROGRESS_KEY = "qin.progress";
const CURRENT_KEY = "qin.current";
const MAX_NAME = 20;
const MAX_SAVE = 1_000_000;
const MAX_SEED = 2n ** 63n - 1n;

const $ = (id) => document.getElementById(id);
const body = document.body;
const listening = new AbortController();
const on = (target, kind, handler) => target?.addEventListener(kind, handler, { signal: listening.signal });

let messages = {};
let seats = [];
let intent = null;
let handed = false;

// Fetched at once, in parallel with the catalogue: what drawing a board needs.
const fetchJson = (path) => fetch(path).then((r) => (r.ok ? r.json() : Promise.reject(new Error(path))));
const parts = fetchJson("./embed/board-parts.json");
const sides = fetchJson("./embed/board-sides.json");
parts.catch(() => {});
sides.catch(() => {});

function say(key, values = {}) {
  const template = messages[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
const colourLabel = (colour) => messages[`player.${colour}`] ?? capital(colour);
const levelName = (kind) => messages[`ai.${kind}.name`] ?? capital(kind);
const kindLabel = (kind) => (kind === "human" ? say("kind.human") : say("kind.computer", { name: levelName(kind) }));
const kindDescription = (kind) => (kind === "human" ? "" : messages[`ai.${kind}.description`] ?? "");

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// -- the seats (as views.seats_html draws them) ------------------------------------------
let pagodaIcons = {};

function pagodaIcon(colour) {
  return pagodaIcons[colour] ?? "";
}

/** The seats' pagoda icons, from the board's pagoda fragments (qin.svg's drawing). */
async function loadIcons() {
  try {
    const p = await parts;
    for (const colour of COLOURS) {
      const fragment = p.colours?.[colour]?.single;
      const at = /translate\(([\d.]+) ([\d.]+)\)/.exec(fragment ?? "");
      if (!at) continue;
      const [x, y] = [Number(at[1]), Number(at[2])];
      pagodaIcons[colour] = `<svg class="pagoda-icon" viewBox="${x - 15} ${y - 17} 30 34" width="26" height="29" aria-hidden="true">`
        + `${fragment.replace(/\{p\}/g, "1").replace(/\{at\}/g, "")}</svg>`;
    }
  } catch {
    pagodaIcons = {};
  }
}

function seatsHtml() {
  return seats.map((seat, i) => {
    const colours = COLOURS.map((c) => `<option value="${c}"${c === seat.colour ? " selected" : ""}>${escapeHtml(colourLabel(c))}</option>`).join("");
    const kinds = KINDS.map((k) => {
      const title = kindDescription(k);
      return `<option value="${k}"${k === seat.kind ? " selected" : ""}${title ? ` title="${escapeHtml(title)}"` : ""}>${escapeHtml(kindLabel(k))}</option>`;
    }).join("");
    const description = kindDescription(seat.kind);
    const hint = description ? `<p class="seat-hint" id="seat-hint-${i}">${escapeHtml(description)}</p>` : "";
    return `<div class="seat" data-seat="${i}"><span class="seat-pagoda">${pagodaIcon(seat.colour)}</span>`
      + `<label class="seat-name"><span class="sr-only">${escapeHtml(say("seat.name", { n: i + 1 }))}</span>`
      + `<input id="seat-name-${i}" type="text" maxlength="20" autocomplete="off" value="${escapeHtml(seat.name)}"></label>`
      + `<label class="seat-colour"><span class="sr-only">${escapeHtml(say("seat.colour", { n: i + 1 }))}</span>`
      + `<select id="seat-colour-${i}" data-seat="${i}">${colours}</select></label>`
      + `<label class="seat-kind"><span class="sr-only">${escapeHtml(say("seat.player", { n: i + 1 }))}</span>`
      + `<select id="seat-kind-${i}" data-seat="${i}">${kinds}</select></label></div>${hint}`;
  }).join("");
}

function drawSeats(focusId = "") {
  $("seats").innerHTML = seatsHtml();
  if (focusId) $(focusId)?.focus();
}

/** The seats as the fields show them (a name typed is kept). */
function readSeats() {
  seats = seats.map((seat, i) => ({
    name: $(`seat-name-${i}`)?.value ?? seat.name,
    colour: $(`seat-colour-${i}`)?.value ?? seat.colour,
    kind: $(`seat-kind-${i}`)?.value ?? seat.kind,
  }));
}

/** setup.with_players: the first `count` seats, new ones in unused colours. */
function withPlayers(count) {
  seats = seats.slice(0, count);
  for (const colour of [...DEFAULT_COLOURS, ...COLOURS]) {
    if (seats.length >= count) break;
    if (!seats.some((s) => s.colour === colour)) seats.push({ name: colourLabel(colour), colour, kind: "human" });
  }
}

/** setup.with_colour: seat `index` takes `colour`, the seat that had it the old one;
 *  a name that was its colour's name follows the colour. */
function withColour(index, colour, old) {
  const recolour = (seat, from, to) => ({ ...seat, colour: to, name: seat.name === colourLabel(from) ? colourLabel(to) : seat.name });
  seats = seats.map((seat, i) => {
    if (i === index) return recolour(seat, old, colour);
    return seat.colour === colour ? recolour(seat, colour, old) : seat;
  });
}

function drawPlans() {
  const select = $("series-plan");
  const value = select.value || "single";
  select.innerHTML = PLANS.map((key) => `<option value="${key}">${escapeHtml(say(`series.plan.${key}`))}</option>`).join("");
  select.value = value;
}

// -- the saved games (from each save's summary, as saves.SaveStore.entries) ------------
function readSave(id) {
  try {
    const text = localStorage.getItem(SAVE_PREFIX + id);
    if (!text || text.length > MAX_SAVE) return null;
    const data = JSON.parse(text);
    return data && typeof data === "object" ? data : null;
  } catch {
    return null;
  }
}

function savedEntries() {
  const out = [];
  let keys = [];
  try {
    keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
  } catch {
    return out;
  }
  for (const key of keys) {
    if (!key?.startsWith(SAVE_PREFIX)) continue;
    const id = key.slice(SAVE_PREFIX.length);
    const data = readSave(id);
    const record = data?.record;
    const s = data?.summary;
    if (!record || typeof record !== "object" || !Array.isArray(record.names)) {
      out.push({ id, ok: false, updated: 0 });
      continue;
    }
    const names = record.names.map(String);
    let state = say("saves.not_summarised");
    if (s && Array.isArray(s.winners) && Number.isInteger(s.to_move)) {
      const won = s.winners.map((p) => names[p - 1]);
      state = won.length === 1 ? say("saves.won", { who: won[0] })
        : won.length ? say("saves.shared", { who: join(won) })
          : say("saves.to_move", { who: names[s.to_move - 1] });
    }
    out.push({
      id, ok: true, updated: Number(data.updated) || 0, names, board: String(record.board),
      moves: Array.isArray(record.moves) ? record.moves.length : 0, state,
      series: Boolean(data.series), over: Boolean(s?.over),
    });
  }
  return out.sort((a, b) => (a.ok !== b.ok ? (a.ok ? -1 : 1) : b.updated - a.updated));
}

/** i18n.join: "a, b and c" in the catalogue's words. */
function join(names) {
  if (names.length < 2) return names.join("");
  const words = (key, fallback, values) => (messages[key] ? say(key, values) : fallback);
  let head = names[0];
  for (const rest of names.slice(1, -1)) head = words("list.comma", `${head}, ${rest}`, { first: head, rest });
  const last = names[names.length - 1];
  return words("list.and", `${head} and ${last}`, { first: head, last });
}

function date(ms) {
  if (!ms) return say("saved.unknown_date");
  const d = new Date(ms);
  const two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

const boardLabel = (board) => messages[`board.${board}`] ?? capital(board);

function drawSaved() {
  const entries = savedEntries();
  // Export and delete wait for the engine (disabled, so no click is lost); Resume does not.
  const later = (action, words) => `<button type="button" data-action="${action}" disabled>${escapeHtml(say(words))}</button>`;
  const rows = entries.map((e) => {
    const sid = escapeHtml(e.id);
    const remove = `${later("delete", "saved.delete").replace("<button", '<button class="quiet"')}</li>`;
    if (!e.ok) {
      return `<li class="saved-game damaged" data-id="${sid}" data-state="damaged"><span class="saved-what">`
        + `<strong>${escapeHtml(say("saved.damaged"))}</strong></span> ${later("export-raw", "saved.export_raw")} ${remove}`;
    }
    const what = say(e.series ? "saved.series" : "saved.game", { board: boardLabel(e.board), state: e.state, moves: e.moves });
    return `<li class="saved-game" data-id="${sid}" data-state="ok"><span class="saved-what"><strong>`
      + `${escapeHtml(e.names.join(` ${say("saved.vs")} `))}</strong> ${escapeHtml(what)} <small>${date(e.updated)}</small></span> `
      + `<button type="button" data-action="resume">${escapeHtml(say("saved.resume"))}</button> `
      + `${later("export-save", "saved.export")} ${remove}`;
  });
  $("saved-list").innerHTML = rows.join("") || `<li class="empty">${escapeHtml(say("saved.none"))}</li>`;
  $("saved").dataset.count = String(entries.length);
}

// -- the progress record (as the page's Python draws it; a damaged one waits for Python) --
function drawProgress() {
  let text = null;
  try {
    text = localStorage.getItem(PROGRESS_KEY);
  } catch {
    return;  // storage off: the page's Python says so
  }
  const table = progressTable(text, say, levelName);
  if (!table) return;
  $("progress-table").innerHTML = table.html;
  $("progress").dataset.games = String(table.games);
}

// -- the board, drawn before Python -----------------------------------------------------
/** Draw `position` (position text, or null for the empty `board` side) and "dealing…". */
async function showBoard(board, position, colours) {
  let svg = "";
  try {
    const [p, s] = await Promise.all([parts, sides]);
    const draw = (text) => stamp(text, p, { colours, label: say("play.board") })
      .replace(p.skeleton.coords.style ?? "", "");  // the page's stylesheet has these rules
    try {
      svg = draw(position || s[board] || s.bird);
    } catch {
      svg = draw(s[board] || s.bird);  // a position the summary got wrong: its side
    }
  } catch (error) {
    console.warn("the board is drawn when the engine is there:", error);
  }
  if (handed) return;
  $("setup").hidden = true;
  $("new-game").hidden = true;
  $("play").hidden = false;
  for (const id of ["side", "board-area"]) $(id).inert = true;
  $("board").innerHTML = svg;
  $("hand").innerHTML = `<p class="dealing" id="dealing">${escapeHtml(say("prestart.dealing"))}</p>`;
  $("status").textContent = "";
  body.dataset.prestart = "board";
  performance.mark("qin:prestart-board");
}

function problems(form) {
  const out = [];
  const names = form.names.map((n) => n.trim());
  names.forEach((name, i) => {
    if (!name) out.push(say("setup.problem.no_name", { n: i + 1 }));
    else if (name.length > MAX_NAME) out.push(say("setup.problem.long_name", { n: i + 1, max: MAX_NAME }));
  });
  const filled = names.filter(Boolean).map((n) => n.toLocaleLowerCase());
  if (new Set(filled).size !== filled.length) out.push(say("setup.problem.same_name"));
  const seed = form.seed.trim();
  if (seed && (!/^\d+$/.test(seed) || BigInt(seed) > MAX_SEED)) out.push(say("setup.bad_seed", { text: seed }));
  return out;
}

function readForm() {
  readSeats();
  return {
    names: seats.map((s) => s.name), colours: seats.map((s) => s.colour), kinds: seats.map((s) => s.kind),
    board: $("board-lion").checked ? "lion" : "bird", fair_start: $("fair-start").checked,
    seed: $("seed").value, plan: $("series-plan").value || "single",
    hints: $("hints-on")?.checked ?? true,
  };
}

/** The unfinished game left open (Python's Boot reopens it), or null. */
function leftOpen() {
  let id = null;
  try { id = localStorage.getItem(CURRENT_KEY); } catch { return null; }
  const data = id ? readSave(id) : null;
  if (!data?.record || data.summary?.over) return null;
  return data;
}

function savedColours(data) {
  return Array.isArray(data?.ui?.colours) ? data.ui.colours.map(String) : undefined;
}

function showSave(data) {
  const position = typeof data.summary?.position === "string" ? data.summary.position : null;
  return showBoard(String(data.record.board), position, savedColours(data));
}

// -- the listeners (until the hand-over) -------------------------------------------------
function bind() {
  // Importing a file and the tutorial wait for the engine: they are off, and a file
  // dropped on the page does not open in its place (the browser's default) until the
  // hand-over.
  for (const id of LATER) { const node = $(id); if (node) node.disabled = true; }
  const progressExport = $("progress-export");  // the page's Python enables it (with games)
  if (progressExport) progressExport.disabled = true;
  for (const kind of ["dragover", "drop"]) on(document, kind, (event) => event.preventDefault());
  on($("setup-form"), "submit", (event) => {
    event.preventDefault();
    if (intent) return;
    const form = readForm();
    const found = problems(form);
    $("setup-problems").textContent = found.join(" ");
    if (found.length) return;
    intent = { kind: "start" };
    showBoard(form.board, null, form.colours);
  });
  on($("player-count"), "change", (event) => {
    readSeats();
    withPlayers(Number(event.target.value));
    drawSeats();
  });
  on($("seats"), "change", (event) => {
    const id = event.target.id || "";
    const index = Number(event.target.dataset.seat);
    if (id.startsWith("seat-colour-")) {
      const old = seats[index].colour;
      const chosen = event.target.value;
      readSeats();
      seats[index].colour = old;
      withColour(index, chosen, old);
      drawSeats(id);
    } else if (id.startsWith("seat-kind-")) {
      readSeats();
      drawSeats(id);
    }
  });
  on($("saved-list"), "click", (event) => {
    const button = event.target.closest?.("button[data-action='resume']");
    const item = event.target.closest?.("li[data-id]");
    if (!button || !item || intent) return;
    const data = readSave(item.dataset.id);
    intent = { kind: "resume", id: item.dataset.id };
    if (data?.record) showSave(data);
    else showBoard("bird", null);
  });
  on($("lang"), "change", async (event) => {
    readSeats();
    const old = Object.fromEntries(COLOURS.map((c) => [c, colourLabel(c)]));
    try {
      await window.qinI18n.use(event.target.value);
    } catch (error) {
      console.warn(error);  // the catalogue could not be loaded: the page stays as it is
      event.target.value = window.qinI18n.lang;  // and says which language it is in
      return;
    }
    if (handed) {
      // The page's Python took over while the catalogue was on its way, speaking the
      // language it found then: the choice goes to it as the player's own change would.
      event.target.dispatchEvent(new Event("change", { bubbles: true }));
      return;
    }
    messages = JSON.parse(window.qinI18n.text ?? "{}");
    seats = seats.map((s) => (s.name === old[s.colour] ? { ...s, name: colourLabel(s.colour) } : s));
    drawSeats();
    drawPlans();
    drawSaved();
    drawProgress();
    const dealing = $("dealing");
    if (dealing) dealing.textContent = say("prestart.dealing");
  });
}

window.qinPrestart = {
  /** The hand-over (once): stop listening; the form and the intent as JSON text, or "" when
   *  this module never made the screen usable (Python then reads the page as it is). */
  take() {
    if (handed) return "";
    handed = true;
    listening.abort();
    for (const id of ["side", "board-area"]) { const node = $(id); if (node) node.inert = false; }
    for (const id of LATER) { const node = $(id); if (node) node.disabled = false; }
    const usable = Boolean(body.dataset.prestart);
    body.dataset.prestart = "handed";
    if (!usable) return "";
    return JSON.stringify({ form: readForm(), intent, focus: document.activeElement?.id || "" });
  },
};

async function main() {
  messages = JSON.parse(await window.qinI18n.ready);
  if (handed) return;
  loadIcons().then(() => {  // the seats' pagodas, when the board's parts are in
    if (handed) return;
    document.querySelectorAll("#seats .seat").forEach((row, i) => {
      const span = row.querySelector(".seat-pagoda");
      if (span && seats[i]) span.innerHTML = pagodaIcon(seats[i].colour);
    });
  });
  seats = DEFAULT_COLOURS.slice(0, 2).map((colour) => ({ name: colourLabel(colour), colour, kind: "human" }));
  const players = Number(document.querySelector("input[name=players]:checked")?.value ?? 2);
  withPlayers(players);
  drawSeats();
  drawPlans();
  drawSaved();
  drawProgress();
  $("new-game").hidden = true;
  bind();
  const app = $("app");
  if (location.hash.replace(/^#/, "").startsWith("g=")) {
    intent = { kind: "open" };
    app.hidden = false;
    const link = linkPosition(location.hash, await sides.catch(() => ({})));
    await showBoard(link?.board ?? "bird", link?.text ?? null);
    return;
  }
  const open = leftOpen();
  if (open) {
    intent = { kind: "open" };
    app.hidden = false;
    await showSave(open);
    return;
  }
  $("setup").hidden = false;
  app.hidden = false;
  body.dataset.prestart = "setup";
  performance.mark("qin:prestart-usable");
}

main().catch((error) => console.warn("the start screen waits for the engine:", error));
