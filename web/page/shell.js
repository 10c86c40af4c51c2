// The game page's shell: the only code that touches the document once Python has
// started. It knows no commands, rules or words: it describes DOM events as small
// messages for the page's Python (web/page/events.py turns them into actions) and
// applies the replies (web/page/host.py: storage writes first, then what changed on
// the screen, then the effects that need the page).
//
// It starts itself: when the Python's worker is ready (and the language's catalogue is
// in), it takes prestart.js's hand-over, binds its listeners and sends "start"; each
// message gets one reply, applied in order. Messages (field "t"):
//   start    {href, hash, storage (localStorage's keys and values, null: blocked),
//             handed (prestart.js's hand-over), words (prestart.js's: start.json's words
//             the start screen's lists are worded from, per language), lang, catalogue, form,
//             chosen (the language picked on the start screen before Python, lang.js's
//             window.qinEarlyLang: the reply asks for its words when the page is in another
//             and prestart.js handed nothing, as for a language picked after the start)}
//   click    {path}              path: the target and its ancestors up to #app, each
//   change   {path, name, value, form}    {tag, id, cls: [...], data: {...}}
//   input    {path, value}       submit {form}      form: {fields: {id: value or checked}}
//            (a range's value; a seat's name typed: {path}, while the note on a language shows)
//   key      {key, shift, ctrl, target}            (not in a field, no Meta/Alt)
//   hover    {path}   leave {}   pointer {kind, path}   context {path}
//   wheel    {down, at, path}    drag {over}
//   file     {name, text} or {name, refused: "too_large" | "unreadable", error}
//   language {lang, text, form}  (the catalogue, loaded when the reply asked for it)
//   language-failed {lang}       (that catalogue could not be loaded: the page stays)
//   storage  {key, value (held now)} or {key: "", all}  (another tab wrote)    hash {hash}
//            (hash: a hashchange, or Back/Forward to an entry of the same fragment)
//   unwritten {failed: [{key, error, value}]} (writes the browser refused)
//   copied   {ok}                ai {kind: ready | failed | move | hint | review, token, text, took}
//                                (failed: the worker could not start; text "": it threw)
//   timer    {token}             (a timer the reply asked for rang)
// Any message also says, when it leaves, where the focus is if it is in a list that is
// one Tab stop (flags.lists): focus (the id of the list or of its item focused); a reply
// that draws that list anew without that item puts the focus on the list with a focus
// effect marked lost (applied only if the drawing left the focus on nothing). An element
// drawn anew with the same id keeps the focus (applyReply).
// A reply may also carry marks ([[name, absolute time]]: the worker's qin:* marks, put
// on this page's timeline) and body ({name: value}: body's data attributes, e.g.
// data-bytecode). When the start's reply is applied: mark qin:ready, event qin:booted
// (boot.js then sets body[data-boot=ready]); a start that fails: event qin:boot-failed.
// Decisions an event handler takes at once (preventDefault) come from the flags of the
// last reply: flags.keys ("key|SCF": shift, ctrl, the focus on the board 1, in a one-stop list
// flags.lists' digit for it: 2 going down, 3 sideways), flags.picked (the
// right button and the wheel turn a picked tile), flags.pointer, flags.drop; a pick
// shows at once from flags.picks (showPick), a header setting is kept at once from
// flags.settings (keepSetting).

import * as motion from "./motion.js";
import * as sound from "./sound.js";

const AI_SRC = "./ai_worker.py";
const AI_CONFIG = "./pyscript.json";
const MAX_PATH = 16;

const app = document.getElementById("app");
let post = null;
const queue = [];
let inFlight = false;
const flags = {
  keys: new Set(), picked: false, pointer: "mouse", drop: false, fileMax: 1_000_000, lists: {},
};
const nodes = new Map();
let overlay = null;

// -- sending -------------------------------------------------------------------------------
// One message at a time to the page's Python: the next leaves when the reply to the one
// before is applied. A pointer's moves over the board only matter as their last: a hover
// (or leave) waiting behind another message takes the place of the one waiting before it.
const passing = (message) => message.t === "hover" || message.t === "leave";
let flying = null;  // the message whose reply is awaited
let lastBusy = 0;  // when a message was last sent or a reply applied (warmAI: quiet)

// The player's choices under way: a reply answers the message it was sent for, and a
// field the player changed after that message left (a second seat's player chosen while
// the reply to the first was on its way) keeps the player's choice when the reply draws
// it again (the seats' rows are one drawing): the choice's own message is on its way,
// and its reply draws it. So does a header switch (its aria-pressed) and the setting it
// kept at once (keepSetting): the reply to an earlier message writes neither back.
let made = 0;  // messages sent so far
const numbered = new WeakMap();  // message → its number
const choices = new Map();  // a field's id → the number of messages sent before the player changed it
let answering = 0;  // the number of the message whose reply is applied
const keptAt = new Map();  // a storage key kept at once → the number of messages sent before
let address = location.hash;  // the address's fragment as the page last knew it (hashchange, its own)

/** The reply's writes, but of a setting the player changed after its message left. */
function unchanged(writes) {
  return writes.filter(([key]) => {
    const before = keptAt.get(key);
    if (before === undefined) return true;
    if (before < answering) { keptAt.delete(key); return true; }  // the message knew it
    return false;
  });
}

const isField = (el) => el instanceof Element && Boolean(el.id)
  && (el.tagName === "INPUT" || el.tagName === "SELECT" || el.tagName === "TEXTAREA");

function chosen(el) {
  if (isField(el) && el.type !== "file") choices.set(el.id, made);
}

// The fields the player changed after the message being answered left: their ids and
// what the player chose (put back by ``restoreChoices`` once the reply is applied).
function keptChoices() {
  const kept = [];
  for (const [id, before] of choices) {
    if (before < answering) { choices.delete(id); continue; }  // the message knew it
    const el = document.getElementById(id);
    if (!el) continue;
    if (el.tagName === "BUTTON") kept.push([id, { pressed: el.getAttribute("aria-pressed") }]);
    else kept.push([id, el.type === "checkbox" || el.type === "radio" ? { checked: el.checked } : { value: el.value }]);
  }
  return kept;
}

function restoreChoices(kept) {
  for (const [id, choice] of kept) {
    const el = document.getElementById(id);
    // a value the field drawn anew lacks (a level no longer offered): the drawn one stays
    if (!el || (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === choice.value))) continue;
    if ("pressed" in choice) el.setAttribute("aria-pressed", choice.pressed);
    else Object.assign(el, choice);
  }
}

function send(message) {
  if (!post) return;
  numbered.set(message, ++made);
  lastBusy = performance.now();
  const last = queue[queue.length - 1];
  if (last && passing(last) && passing(message)) queue[queue.length - 1] = message;
  else queue.push(message);
  next();
}

function next() {
  if (inFlight || !queue.length) return;
  inFlight = true;
  flying = queue.shift();
  answering = numbered.get(flying) ?? made;
  post(JSON.stringify(current(flying)));
}

// A pick shown at once, from the table the page's Python sent with the screen shown
// (flags.picks: per tile of the hand its index, the kind picked or "" (put back), its
// orientation and the squares where it may go; the keys that pick it): the classes and
// attributes the pick's reply writes on the board, the hand and #play. The message
// still goes, and its reply (the words, the hand's drawing, the next table) writes the
// same. The table is the screen's: used only while no reply is awaited but a pointer's
// hover (which picks nothing); the pick's own message then waits, so the next pick
// waits for its reply (and the table it brings).
function showPick(index) {
  const table = flags.picks;
  if (!table || (flying && !passing(flying)) || queue.some((m) => !passing(m))) return;
  const entry = table.tiles.find(([at]) => at === index);
  if (!entry) return;
  const [, kind, orientation, legal] = entry;
  const board = node("board");
  const fits = new Set(legal);
  for (const square of board?.querySelectorAll("rect.sq.legal") ?? []) {
    if (!fits.has(square.dataset.square)) square.classList.remove("legal");
  }
  for (const name of legal) {
    board?.querySelector(`rect.sq[data-square="${CSS.escape(name)}"]`)?.classList.add("legal");
  }
  for (const button of node("hand")?.querySelectorAll(".tile-btn") ?? []) {
    const on = Boolean(kind) && button.dataset.index === String(index);
    button.classList.toggle("selected", on);
    button.setAttribute("aria-pressed", String(on));
  }
  const play = node("play");
  if (play) Object.assign(play.dataset, { selected: kind, orientation: String(orientation) });
  flags.picked = Boolean(kind);
}

// A header setting kept the moment the player changes it, from flags.settings (the page's
// Python's table: by the element's id, the storage writes its change's reply makes, by the
// value chosen, or for a switch by its aria-pressed before the click, which then shows the
// other at once): a reload in the next instant, before the reply, keeps it. The message
// still goes, and its reply writes and draws the same.
function keepSetting(el, clicked) {
  const table = el?.id ? flags.settings?.[el.id] : null;
  if (!table) return;
  const was = el.getAttribute("aria-pressed");
  const writes = table[clicked ? was : el.value];
  if (!writes) return;
  write(writes);
  for (const [key] of writes) keptAt.set(key, made);
  if (clicked) {
    el.setAttribute("aria-pressed", was === "true" ? "false" : "true");
    choices.set(el.id, made);
  }
}

// Another tab's write is read when its message leaves, not when its event fired: the
// replies before it (this tab's own writes) are applied by then, so the page's Python
// learns what the browser holds now. (Two tabs moving in the same instant: this tab's
// later write stands, and the event is of the write it replaced.) The focus in a
// one-stop list is read then too: where it is once the replies before are applied; and
// a key's target: a key pressed before the last one's reply moved the focus acts from
// where that reply put it (keys typed ahead go on down a list).
function current(message) {
  const at = document.activeElement;
  let sent = at?.id && listWhere(at) ? { ...message, focus: at.id } : message;
  if (sent.t === "key") sent = { ...sent, target: at?.id ?? "" };
  if (sent.t !== "storage") return sent;
  return sent.key ? { ...sent, value: readItem(sent.key) }
    : { ...sent, all: storageSnapshot() ?? {} };
}

// Whether every message sent so far has been answered and its reply applied (read by
// the browser tests and the benchmarks before they look at or click on the page).
Object.defineProperty(window, "qinIdle", { get: () => Boolean(post) && !inFlight && !queue.length });

function describe(target) {
  const path = [];
  for (let node = target; node && node.nodeType === 1 && path.length < MAX_PATH;
    node = node.parentElement) {
    const data = {};
    for (const [name, value] of Object.entries(node.dataset ?? {})) data[name] = value;
    path.push({ tag: node.tagName.toLowerCase(), id: node.id || "", cls: [...node.classList], data });
    if (node === app) break;
  }
  return path;
}

function formOf(form) {
  const fields = {};
  if (!form) return { fields };
  for (const field of form.querySelectorAll("input[id], select[id], textarea[id]")) {
    fields[field.id] = field.type === "checkbox" || field.type === "radio" ? field.checked : field.value;
  }
  return { fields };
}

const pageForm = () => formOf(app.querySelector("form"));

function storageSnapshot() {
  try {
    const all = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      all[key] = localStorage.getItem(key);
    }
    return all;
  } catch {
    return null;  // blocked: the Python keeps games for as long as the tab lives
  }
}

/** The encoding of a file's bytes: UTF-16 when its byte order mark says so, else UTF-8
 *  (the decoder drops the mark). */
function encodingOf(bytes) {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return "utf-8";
}

async function readFile(file) {
  if (file.size > flags.fileMax) {
    send({ t: "file", name: file.name, refused: "too_large" });
    return;
  }
  let bytes;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    send({ t: "file", name: file.name, refused: "unreadable", error: String(error?.message ?? error) });
    return;
  }
  let text;
  try {  // bytes that are no text (a Latin-1 name) are refused, never read as "\ufffd"
    text = new TextDecoder(encodingOf(bytes), { fatal: true }).decode(bytes);
  } catch {
    send({ t: "file", name: file.name, refused: "not_text" });
    return;
  }
  send({ t: "file", name: file.name, text });
}

// -- the listeners ---------------------------------------------------------------------------
const onBoard = (event) => event.target instanceof Element && event.target.closest("#board");
const dropZone = (event) => event.target instanceof Element && event.target.closest("[data-drop]");

function bind() {
  const on = (target, kind, handler, options) => target.addEventListener(kind, handler, options);
  on(app, "click", (e) => {
    const tile = e.target instanceof Element ? e.target.closest("#hand .tile-btn") : null;
    if (tile) showPick(Number(tile.dataset.index));
    if (e.target instanceof Element) keepSetting(e.target.closest("button[aria-pressed]"), true);
    send({ t: "click", path: describe(e.target) });
  });
  on(app, "change", (e) => {
    const target = e.target;
    chosen(target);
    keepSetting(target, false);
    if (target.type === "file") {
      const file = target.files?.[0];
      target.value = "";
      if (file) readFile(file);
      return;
    }
    send({ t: "change", path: describe(target), name: target.name || "", value: String(target.value ?? ""),
      form: formOf(target.form) });
  });
  on(app, "input", (e) => {
    chosen(e.target);
    if (e.target.type === "range") send({ t: "input", path: describe(e.target), value: String(e.target.value) });
    // a seat's name typed ends the note on a language (the page's Python reads the name
    // at the start): said while the note shows, not at every letter
    else if (e.target.id?.startsWith("seat-name-") && document.getElementById("lang-note")?.hidden === false) {
      send({ t: "input", path: describe(e.target) });
    }
  });
  on(app, "submit", (e) => {
    e.preventDefault();
    send({ t: "submit", form: formOf(e.target) });
  });
  on(app, "mouseover", (e) => { if (onBoard(e)) send({ t: "hover", path: describe(e.target) }); });
  on(app, "pointerdown", (e) => {  // the input in use: the page's words follow it
    const kind = e.pointerType || "mouse";
    if (kind !== flags.pointer) send({ t: "pointer", kind, path: describe(e.target) });
  });
  on(app, "contextmenu", (e) => {
    if (!onBoard(e) || !flags.picked) return;
    e.preventDefault();
    send({ t: "context", path: describe(e.target) });
  });
  on(app, "wheel", (e) => {
    if (!onBoard(e) || !flags.picked) return;
    e.preventDefault();
    send({ t: "wheel", down: e.deltaY > 0, at: e.timeStamp, path: describe(e.target) });
  }, { passive: false });
  for (const kind of ["dragover", "dragleave"]) {
    on(app, kind, (e) => {
      if (!dropZone(e)) return;
      const over = kind === "dragover";
      if (over) e.preventDefault();
      if (over !== flags.drop) {
        flags.drop = over;  // until the reply says otherwise: one message per change
        send({ t: "drag", over });
      }
    });
  }
  on(app, "drop", (e) => {
    if (!dropZone(e)) return;
    e.preventDefault();
    flags.drop = false;
    send({ t: "drag", over: false });
    const file = e.dataTransfer?.files?.[0];
    if (file) readFile(file);
  });
  const board = document.getElementById("board");
  on(board, "mouseleave", () => send({ t: "leave" }));
  on(document, "keydown", (e) => {
    if (e.metaKey || e.altKey) return;
    const target = e.target;
    const tag = target?.tagName?.toLowerCase() ?? "";
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    if (e.key === "Tab") return;  // the browser's focus move: the page's Python has no Tab
    const id = target?.id ?? "";
    // where the focus is: 1 the board, else the digit of the list that is one Tab stop
    // it is in (flags.lists, by the list's id: the arrow keys move between its items)
    const where = id === "board-area" ? 1 : listWhere(target);
    const code = `${e.key}|${e.shiftKey ? 1 : 0}${e.ctrlKey ? 1 : 0}${where}`;
    if (flags.keys.has(code)) e.preventDefault();
    if (flags.picks && Object.hasOwn(flags.picks.keys, code)) showPick(flags.picks.keys[code]);
    // the key's target: the focus as the message leaves (``current``)
    send({ t: "key", key: e.key, shift: e.shiftKey, ctrl: e.ctrlKey });
  });
  on(window, "storage", (e) => {
    if (e.storageArea && e.storageArea !== localStorage) return;
    send({ t: "storage", key: e.key ?? "" });  // its value: read when it leaves (current)
  });
  on(window, "hashchange", () => {
    address = location.hash;
    send({ t: "hash", hash: location.hash });
  });
  // Back or Forward to an entry of the same fragment (an address the page gave back,
  // such as #learn's): no hashchange follows, so the entry is said here.
  on(window, "popstate", () => {
    if (location.hash === address) send({ t: "hash", hash: location.hash });
  });
}

// The digit flags.lists gives the list (one Tab stop) that holds element, 0 when none does.
function listWhere(element) {
  for (let at = element; at instanceof Element; at = at.parentElement) {
    if (at.id && Object.hasOwn(flags.lists, at.id)) return flags.lists[at.id];
  }
  return 0;
}

// -- applying a reply ----------------------------------------------------------------------------
function node(id) {
  let found = nodes.get(id);
  if (!found || !found.isConnected) {
    found = document.getElementById(id);
    nodes.set(id, found);
  }
  return found;
}

function readItem(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

function write(writes) {
  const failed = [];
  for (const [key, value] of writes) {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch (error) {
      failed.push({ key, error: `${error?.name ?? ""} ${error?.message ?? error}`.trim(), value: readItem(key) });
    }
  }
  if (failed.length) send({ t: "unwritten", failed });
}

// The start screen's parts (index.html's, painted first, or prestart.js's) may already
// show what the page's Python first sends for them: then they stay the elements painted
// (no re-render, and the page's largest paint stays the first one). Later HTML is the
// Differ's: written, since it changed.
const written = new WeakSet();
function shows(el, html) {
  if (written.has(el) || !el.closest("#setup")) return false;
  written.add(el);
  const probe = document.createElement("template");
  probe.innerHTML = html;
  return probe.innerHTML === el.innerHTML;
}

// Keyed items of an element's HTML (data-part: their keys): dropped, replaced where
// they are, or put after the item named (first in their container when none is).
function applyParts(el, { drop = [], put = [] }) {
  const found = new Map();
  for (const part of el.querySelectorAll("[data-part]")) found.set(part.dataset.part, part);
  for (const key of drop) found.get(key)?.remove();
  for (const [key, box, after, html] of put) {
    const container = box ? found.get(box) : el;
    if (!container) continue;
    const holder = container.cloneNode(false);  // parsed as its container's children are
    holder.innerHTML = html;
    const fresh = holder.firstElementChild;
    if (!fresh) continue;
    const old = found.get(key);
    if (old?.isConnected) old.replaceWith(fresh);
    else if (after && found.get(after)) found.get(after).after(fresh);
    else container.prepend(fresh);
    found.set(key, fresh);
  }
}

function applyElement(el, change) {
  if ("html" in change && !shows(el, change.html)) el.innerHTML = change.html;
  if (change.parts) applyParts(el, change.parts);
  if ("text" in change) el.textContent = change.text;
  if ("hidden" in change) el.hidden = change.hidden;
  if ("disabled" in change) el.disabled = change.disabled;
  if ("checked" in change) el.checked = change.checked;
  if ("value" in change) el.value = change.value;
  for (const pairs of [change.data, change.attrs]) {
    for (const [name, value] of Object.entries(pairs ?? {})) {
      if (value === null) el.removeAttribute(name);
      else el.setAttribute(name, value);
    }
  }
  for (const [name, on] of Object.entries(change.classes ?? {})) el.classList.toggle(name, on);
}

function markCursor(board, square) {
  for (const old of board.querySelectorAll("rect.sq.cursor")) old.classList.remove("cursor");
  if (square === null) return;
  board.querySelector(`rect[data-square="${CSS.escape(square)}"]`)?.classList.add("cursor");
}

function applyReply(reply) {
  if (reply.writes) write(keptAt.size ? unchanged(reply.writes) : reply.writes);
  if (reply.flags) {
    const { keys, ...rest } = reply.flags;
    Object.assign(flags, rest);
    if (keys) flags.keys = new Set(keys);
  }
  const board = node("board");
  const leaving = reply.motion && board ? motion.keep(board, reply.motion.cues) : null;  // motion.js
  const kept = choices.size ? keptChoices() : [];
  const focused = document.activeElement;
  for (const [id, change] of Object.entries(reply.changes ?? {})) {
    const el = node(id);
    if (el) applyElement(el, change);
  }
  restoreChoices(kept);
  // the element that had the focus drawn anew: the focus goes on with it (its new
  // element, by its id), whenever the focus got there (the page's Python learns where
  // it was when a message left; it says where the focus goes if the id is gone)
  if (focused?.id && !focused.isConnected) document.getElementById(focused.id)?.focus({ preventScroll: true });
  if (board) {
    if (reply.changes?.board && "html" in reply.changes.board) overlay = board.querySelector("g.overlay");
    // the board drawn again in place: what motion.js played was on the board before
    else if (reply.changes?.board?.parts) board.querySelector("svg")?.removeAttribute("data-motion");
    if ("overlay" in reply && overlay) overlay.innerHTML = reply.overlay;
    if ("cursor" in reply) markCursor(board, reply.cursor);
    // after the rest of the reply, its effects and the dialogs' inert update (a mutation
    // observer's, queued before): one style recalculation and layout for them all and
    // the motion's reads, where reading at once made two of each
    if (reply.motion) {
      queueMicrotask(() => motion.play(board, reply.motion.cues, leaving, { later: !!reply.motion.shown }));
    }
  }
  if (reply.motion) sound.play(reply.motion.sounds);
  if (reply.marks) marked(reply.marks);
  for (const [name, value] of Object.entries(reply.body ?? {})) document.body.dataset[name] = value;
  for (const effect of reply.effects ?? []) perform(effect);
}

// prestart.js's board area, inert until the first reply (which draws the board again) is
// applied in the same task: one style pass for both (prestart.js, release)
let release = null;
function receive(text) {
  release?.();
  release = null;
  applyReply(JSON.parse(text));
}

// -- effects -------------------------------------------------------------------------------------------
function download(name, text, mime) {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// The blocks of a scrolling box that stick to its top (a replay's bar in the side panel),
// among its own and those of its children drawn as its own (display: contents).
function stickers(box) {
  const out = [];
  for (const child of box.children) {
    const style = getComputedStyle(child);
    if (style.display === "contents") out.push(...stickers(child));
    else if (style.position === "sticky" && style.top !== "auto") out.push(child);
  }
  return out;
}

// Each element, in turn, into view inside the boxes that scroll it within the page (the side
// panel, a list): the least scroll that shows it whole, its top if it is taller than the
// box (scrollIntoView's "nearest", without scrolling the page itself); below what sticks
// to a box's top, which would cover it there. inner: within the nearest such box
// only (a list), the boxes around it left as they are.
function reveal(ids, inner) {
  for (const id of ids) {
    const el = node(id);
    if (!el?.getClientRects().length) continue;
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      if (box.scrollHeight <= box.clientHeight || !/auto|scroll/.test(getComputedStyle(box).overflowY)) continue;
      const r = el.getBoundingClientRect();
      const edge = box.getBoundingClientRect().top + box.clientTop, bottom = edge + box.clientHeight;
      let top = edge;
      for (const stuck of stickers(box)) {
        // over the element: held at the box's top (not lower in the flow), wherever it is
        // in the document (a flex order may show it first)
        const held = edge + parseFloat(getComputedStyle(stuck).top);
        const at = stuck.getBoundingClientRect();
        if (stuck.contains(el) || at.top > held + 0.5) continue;
        top = Math.max(top, held + at.height);
      }
      if (r.top < top) box.scrollTop -= top - r.top;
      else if (r.bottom > bottom) box.scrollTop += Math.min(r.bottom - bottom, r.top - top);
      if (inner) break;
    }
  }
}

// lost: only if the focus is on nothing (a drawing removed the element that had it, or
// hid or disabled it: the browser lets it go only at its next layout)
function focus(selectors, visible, lost) {
  const at = document.activeElement;
  if (lost && at && at !== document.body && at.getClientRects().length
      && !at.matches(":disabled")) return;
  for (const selector of selectors) {
    const el = document.querySelector(selector);
    if (!el) continue;
    if (visible && (el.hidden || document.activeElement === el)) return;
    el.focus();
    return;
  }
}

let keep = null;
let ai = null;
// A frame after the one that shows the reply being applied (a hidden tab draws no frames:
// a timer then): PyScript makes a worker on this thread, some 10-40 ms of work that would
// otherwise hold back that frame (a placement's, when the computer is to move next) or
// the task right after it.
const afterFrame = (run) => (document.hidden ? setTimeout(run, 0)
  : requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run, 0))));

// PyScript fetches a worker's script on this thread before it starts the worker, and a
// fetch that fails (offline, a server's error) leaves xworker.ready waiting for ever (the
// fetch's error unhandled). The worker's postMessage waits for that fetch: a message that
// cannot be cloned sends nothing and fails when it settles, with the fetch's error if
// the fetch failed (then scriptFetched refuses), else as not cloneable (it resolves).
function scriptFetched(xworker) {
  return new Promise((resolve) => resolve(xworker.postMessage(Symbol("not sent"))))
    .catch((error) => { if (error?.name !== "DataCloneError") throw error; });
}

function startAI() {
  if (ai) return ai;
  let script = null;
  const started = new Promise((resolve) => afterFrame(() => {
    script = document.createElement("script");
    script.type = "py";
    script.src = AI_SRC;
    script.setAttribute("worker", "");
    script.setAttribute("name", "qin-ai");
    script.setAttribute("config", AI_CONFIG);
    script.id = "ai-worker";
    document.body.append(script);
    const wait = () => {
      if (!script.xworker) {
        setTimeout(wait, 20);
        return;
      }
      // PyScript reports a worker whose Python failed to start to the xworker's onerror
      // (its own: console.error of the event, logged as "MessageEvent", which says
      // nothing); its ready refuses with the error itself, said below once, with why.
      script.xworker.onerror = () => {};
      // How its Pyodide started (snapshot.js): body[data-ai-snapshot], for tests and the bench.
      script.xworker.addEventListener("message", ({ data }) => {
        if (typeof data?.qinSnapshot === "string") document.body.dataset.aiSnapshot = data.qinSnapshot;
      });
      // a runtime that cannot be loaded, or Python that fails as it starts, refuses
      // ready; a script that cannot be fetched fails at once too (scriptFetched); a
      // worker that says nothing is waited for (play.START_WAIT_MS)
      resolve(scriptFetched(script.xworker).then(() => script.xworker.ready));
    };
    wait();
  }));
  ai = started;
  // Only this worker's news counts: one ended meanwhile (stopAI) says nothing more.
  started.then(() => { if (ai === started) send({ t: "ai", kind: "ready" }); }, (error) => {
    console.warn(`the computer players could not start: ${error?.message ?? error}`);
    if (ai !== started) return;
    stopAI();
    send({ t: "ai", kind: "failed" });
  });
  stopping = () => script?.xworker?.terminate();
  return ai;
}

// The worker ended (it stopped answering, or could not start): the next start makes a new one.
let stopping = null;
function stopAI() {
  stopping?.();
  stopping = null;
  ai = null;
  warming = false;
  document.getElementById("ai-worker")?.remove();
}

// Warmed while the page waits (the page's Python asks: a computer will play, none is to
// move yet): once the page is quiet (no message nor reply for QUIET_MS: not beside the
// player's first clicks and hovers, whose replies its boot would slow), in a task of its
// own when the main thread is idle. A computer's turn (ai-start) starts it at once. A
// player who never pauses gets it WARM_MAX_MS after it was asked for all the same, so the
// computer's first move is not held back by a whole boot. On a first visit it may start
// while the snapshot's maker is at work: it then boots without a snapshot and makes none
// (snapshot.js: one maker, claimed by the first start).
const QUIET_MS = 1000;
const WARM_MAX_MS = 2500;
let warming = false;
function warmAI() {
  if (ai || warming) return;
  warming = true;
  const asked = performance.now();
  const idle = window.requestIdleCallback ?? ((run) => setTimeout(run, 0));
  const quiet = () => performance.now() - asked >= WARM_MAX_MS
    || (!inFlight && performance.now() - lastBusy >= QUIET_MS);
  const go = () => {
    if (ai) return;
    if (quiet()) idle(() => (quiet() ? startAI() : go()), { timeout: 1000 });
    else setTimeout(go, 250);
  };
  go();
}

async function askAI(kind, token, request) {
  let worker = null;
  try {
    worker = await startAI();
  } catch {
    return;  // the worker could not start: said once (ai failed)
  }
  const start = performance.now();
  let text = "";
  try {
    text = String(await (kind === "review" ? worker.sync.review_move(request) : worker.sync.choose(request)));
  } catch (error) {
    console.warn(`the computer player failed: ${error}`);
  }
  send({ t: "ai", kind, token, text, took: performance.now() - start });
}

function perform(effect) {
  switch (effect.fx) {
    case "download": download(effect.name, effect.text, effect.mime); break;
    case "focus": focus(effect.first, effect.visible, effect.lost); break;
    case "address":
      if (location.href !== effect.url) history.replaceState(null, "", effect.url);
      address = location.hash;
      break;
    case "copy":
      navigator.clipboard.writeText(effect.text).then(
        () => send({ t: "copied", ok: true, field: effect.fallback }),
        () => { node(effect.fallback)?.select(); send({ t: "copied", ok: false, field: effect.fallback }); });
      break;
    case "language":
      // its words cannot be loaded (offline, not kept): the page stays in its language,
      // the switch shows it again, and the page's Python says why (lang.js kept the choice)
      // (a switch overtaken by a later one says nothing: the later one speaks)
      window.qinI18n.use(effect.lang).then((text) => text !== null && send(
        { t: "language", lang: window.qinI18n.lang, text: String(text), form: pageForm() }),
      (error) => {
        console.warn(error);
        const select = node("lang");
        if (select) select.value = window.qinI18n.lang;
        send({ t: "language-failed", lang: effect.lang });
      });
      break;
    case "top": window.scrollTo(0, 0); break;
    case "reveal": reveal(effect.ids, effect.inner); break;
    case "ai-start": startAI(); break;
    case "ai-warm": warmAI(); break;
    case "ai-restart": stopAI(); break;
    case "ai": askAI(effect.kind, effect.token, effect.request); break;
    case "timer": setTimeout(() => send({ t: "timer", token: effect.token }), effect.ms); break;
    case "keep": setTimeout(() => keep?.(), effect.ms); break;
    default: console.warn(`unknown effect ${effect.fx}`);
  }
}

// -- the start -----------------------------------------------------------------------------------------
// The page's Python runs in a PyScript worker (index.html: <script type="py" worker
// name="qin-app" data-app>); its exported receive(text) answers each message, one at a
// time; keep() (a while after the start) keeps the compiled modules for the next visit.
function appWorker() {
  const script = document.querySelector('script[type="py"][data-app]');
  if (!script) return Promise.reject(new Error("the page's Python is missing (script[data-app])"));
  return new Promise((resolve) => {
    const wait = () => {
      if (!script.xworker) {
        setTimeout(wait, 10);
        return;
      }
      // The worker's snapshot.js says how Pyodide started and relays PyScript's progress.
      script.xworker.addEventListener("message", ({ data }) => {
        if (!data || typeof data !== "object") return;
        if (typeof data.qinSnapshot === "string") document.body.dataset.snapshot = data.qinSnapshot;
        if (typeof data.qinProgress === "string") {
          dispatchEvent(new CustomEvent("py:progress", { detail: data.qinProgress }));
        }
      });
      resolve(script.xworker.ready);
    };
    wait();
  });
}

function marked(marks) {
  for (const [name, at] of marks ?? []) {
    performance.mark(name, { startTime: Math.max(0, at - performance.timeOrigin) });
  }
}

async function connect() {
  const bridge = window.qinI18n;
  const [worker, catalogue] = await Promise.all([appWorker(), bridge ? bridge.ready : "{}"]);
  let order = Promise.resolve();
  const failed = (error) => console.error("the page's Python failed:", error);
  const poster = (text) => {
    order = worker.sync.receive(text).then((reply) => receive(String(reply)), failed)
      .finally(() => { inFlight = false; flying = null; lastBusy = performance.now(); next(); });
    return order;
  };
  // Keeping the compiled modules takes seconds: its reply (data-bytecode) is applied
  // when it comes, never holding back the replies to the player's clicks.
  keep = () => worker.sync.keep().then((reply) => receive(String(reply)), failed);
  // In one go from here: the hand-over, the listeners, the start message.
  const handed = window.qinPrestart ? String(window.qinPrestart.take()) : "";
  release = window.qinPrestart?.release ?? null;
  post = poster;
  bind();
  send({ t: "start", href: location.href, hash: location.hash, storage: storageSnapshot(), handed,
    words: window.qinPrestart?.words ? String(window.qinPrestart.words()) : "",
    lang: bridge ? String(bridge.lang) : "en", chosen: String(window.qinEarlyLang ?? ""),
    catalogue: bridge?.text != null ? String(bridge.text) : String(catalogue), form: pageForm() });
  await order;
  // lang.js's first paint, if prestart.js never took it: what shows is Python's now
  delete document.documentElement.dataset.first;
  performance.mark("qin:ready");
  dispatchEvent(new CustomEvent("qin:booted"));
}

connect().catch((error) => dispatchEvent(new CustomEvent("qin:boot-failed", { detail: String(error?.message ?? error) })));
