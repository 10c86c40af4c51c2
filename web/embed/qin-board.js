// <qin-board>: a live Qin diagram for any web page.
//
//   <script type="module" src="https://SITE/embed/qin-board.js"></script>
//   <qin-board position="..." move="Rc3Yd3" caption="..."></qin-board>
//
// The board is drawn at once from the position text (stamp.js pastes fragments that
// qin/svg.py made at build time), then the rules engine (Pyodide + our wheel, through
// PyScript, in a worker: the page's main thread never runs Python) is loaded ONCE for
// the whole page and every diagram is drawn again by
// qin/svg.py, with its moves to step through, their events in words, and, with
// `interactive`, any placement the reader tries. Everything is loaded from the origin
// of this script, never from the page's. docs/embedding.md documents the attributes.
//
// State for pages and tests: the element's `data-state` is "loading", then "drawn"
// (stamped, engine not yet there), then "ready" (drawn by the engine), or "error".
// `data-step` is the step shown; `el.engineState` holds the board's facts.
//
// A diagram whose `lang` changes is said again in the new language once that language's
// words are there (fetched if not yet kept); until then it stays wholly in its language
// before, and of several changes the last one given wins. A diagram without a `lang` of
// its own is said again in the same way when its page's changes (`<html lang>`).

import "./langs.js";  // window.qinLangs: the site's languages and the rule picking one
import { LIMITS, badColour, fill, parsePosition, shown, stamp } from "./stamp.js";

const HERE = new URL("./", import.meta.url);
const KINDS = ["RR", "YY", "BB", "RY", "RB", "YB"];
const COLOUR_CSS = { R: "#cc4331", Y: "#ecb93b", B: "#2f64b6" };
// The buttons' pictures, drawn in SVG (a font's glyph may be missing, an empty box, and
// each font sizes it differently): outlines in a 16 by 16 box, as the game page's icons.
const ICONS = {
  start: "M1.5 3H3v10H1.5zM8.5 3v10L3 8zM14.5 3v10L9 8z",
  back: "M3 3h2v10H3zM12.5 3v10L5 8z",
  next: "M3.5 3v10L11 8zM11 3h2v10h-2z",
  swap: "M1.5 4.2h9.5V1.8L14.8 5.4 11 9V6.6H1.5zM14.5 11.8H5v2.4L1.2 10.6 5 7v2.4h9.5z",
};
const SVG_NS = "http://www.w3.org/2000/svg";
// The diagrams' failures and the board's name in English, for a diagram whose own
// catalogue cannot be loaded: written in by the build from the English catalogue
// (tools/build_site.py, embed_script).
const WITHOUT_CATALOGUE = {"__QIN_EMBED_ENGLISH__": ""};

// A button's picture: silent to screen readers (the button's name says what it does).
function icon(name) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("class", `icon icon-${name}`);
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", ICONS[name]);
  svg.append(path);
  return svg;
}

// ------------------------------------------------------------------ shared loads

const cache = new Map();
function fetchOnce(url, as = "json") {
  const key = `${as} ${url}`;
  if (!cache.has(key)) {
    cache.set(
      key,
      fetch(url).then((r) => {
        if (!r.ok) throw new Error(`${new URL(url).pathname}: HTTP ${r.status}`);
        return as === "json" ? r.json() : r.text();
      }),
    );
  }
  return cache.get(key);
}

const parts = () => fetchOnce(new URL("board-parts.json", HERE).href);
const catalogue = (lang) => fetchOnce(new URL(`../i18n/${lang}.json`, HERE).href);

/** The language of an element: its lang, the page's, or the browser's (the site's
 *  default when it speaks none of them): by the site's one rule, embed/langs.js. */
export function pickLang(el) {
  const { pick, browser } = globalThis.qinLangs;
  return pick([el.getAttribute("lang"), el.closest("[lang]")?.getAttribute("lang"), ...browser()]);
}

function say(messages, key, values = {}) {
  return fill(messages[key] ?? key, values);
}

/** How many characters of a bad colour and of a bad step the diagram's error shows
 * (qin_embed.BAD_VALUE_CHARS for a colour; then "…" and the length). */
const BAD_COLOUR_CHARS = 40;
const BAD_STEP_CHARS = 20;

/** An offending text as stamp.js holds it (`shown`, as the engine does: its shown text,
 * its length when cut) in the reader's words, as qin.messages.value_text says it: quoted
 * as the language quotes, its length grouped as the language groups. */
function valueText(messages, { text = "", length } = {}) {
  const quoted = say(messages, "value.quoted", { text });
  if (length === undefined) return quoted;
  const n = length.toLocaleString("en").replaceAll(",", say(messages, "number.thousands"));
  return say(messages, "value.cut", { quoted, n });
}

/** Why stamp.js refused a position, as qin.messages.position_error_text says the
 * engine's refusal of it: `position.<code>` after its line and column, the offending
 * text in the reader's words (`valueText`). */
function refusalOfPosition(messages, err) {
  const { code, params } = err;
  if (!(`position.${code}` in messages)) return err.message; // no catalogue: the English
  const value = valueText(messages, params.value);
  const reason = say(messages, `position.${code}`, { ...params, value });
  return say(messages, "position.at", { line: params.line, column: params.column, reason });
}

/** An error in the diagram's position (not the engine's fault). */
function positionError(err) {
  const out = err instanceof Error ? err : new Error(String(err));
  out.position = true;
  return out;
}

/** An error in the diagram's attributes, already said in the reader's words. */
function diagramError(message) {
  const out = new Error(message);
  out.position = true;
  out.said = true;
  return out;
}

// ------------------------------------------------------------------ the engine

let engine = null;
let queue = Promise.resolve();

/** Load PyScript, Pyodide, the wheel and qin_embed.py once per page, in a worker (the
 *  host page's main thread never runs Python); resolves to call(request), a promise. */
export function loadEngine() {
  if (engine) return engine;
  engine = (async () => {
    const configUrl = new URL("engine.json", HERE).href;
    const conf = await fetchOnce(configUrl);
    const url = (path) => new URL(path, configUrl).href;
    const failure = new Promise((_, reject) => {
      // PyScript shows a failure (Python exception, missing file) as a .py-error element.
      const failed = () => {
        const el = document.querySelector(".py-error");
        if (!el) return false;
        const lines = (el.textContent || "").trim().split("\n");
        reject(new Error(lines[lines.length - 1] || "Python error"));
        return true;
      };
      const watch = new MutationObserver(() => failed() && watch.disconnect());
      watch.observe(document.documentElement, { childList: true, subtree: true });
      // Files that come back with an HTTP error make Pyodide stall without an exception.
      const stalled = (list) => {
        for (const entry of list.getEntries()) {
          if (entry.responseStatus >= 400 && entry.name.startsWith(new URL("../", HERE).href)) {
            reject(new Error(`${new URL(entry.name).pathname}: HTTP ${entry.responseStatus}`));
          }
        }
      };
      try {
        new PerformanceObserver(stalled).observe({ type: "resource", buffered: true });
      } catch {
        /* not in this browser */
      }
    });
    failure.catch(() => {});
    // PyScript reads the config of the <script type="py"> elements present when it
    // starts, so the element goes in first. All URLs are absolute: OUR origin.
    const script = document.createElement("script");
    script.type = "py";
    script.src = url(conf.module);
    script.setAttribute("worker", "");
    script.setAttribute("config", JSON.stringify({ interpreter: url(conf.interpreter), files: { [url(conf.wheel)]: "./*" } }));
    script.dataset.qinBoard = "engine";
    script.hidden = true;
    document.head.append(script);
    await Promise.race([import(url(conf.pyscript)), failure]);
    const xworker = await Promise.race([new Promise((resolve) => {
      const wait = () => (script.xworker ? resolve(script.xworker) : setTimeout(wait, 20));
      wait();
    }), failure]);
    await Promise.race([xworker.ready, failure]);
    const handle = xworker.sync.handle; // qin_embed.py's __export__
    return async (request) => {
      const answer = JSON.parse(await Promise.race([handle(JSON.stringify(request)), failure]));
      if (answer.code === WORDS_UNKNOWN) throw Object.assign(new Error(answer.error), { code: WORDS_UNKNOWN });
      if (answer.error) {
        // The diagram's own input (position, colours) refused by the engine: say so as
        // a diagram error (already in the reader's words), not as an engine that could
        // not load.
        throw answer.position ? diagramError(answer.error) : new Error(answer.error);
      }
      return answer;
    };
  })();
  return engine;
}

/** Stamp the page's diagrams one per task (a page of 20 diagrams would otherwise parse
 *  and insert all their boards in one long task, blocking the reader's input). */
let stampTurn = Promise.resolve();
function nextStampTurn() {
  const mine = stampTurn.then(() => new Promise((r) => setTimeout(r, 0)));
  stampTurn = mine;
  return mine;
}

/** Run engine calls one at a time, letting the page breathe between them. */
function enqueue(task) {
  const run = queue.then(() => new Promise((r) => setTimeout(r, 0))).then(task);
  queue = run.catch(() => {});
  return run;
}

/** The languages whose words (their catalogue) the engine's worker holds: each crosses
 *  once, with the first request of its language (qin_embed.py keeps it by language). */
const wordsSent = new Set();
/** qin_embed.WORDS_UNKNOWN: the worker holds no words of the request's language (a worker
 *  started again), so the page sends them again. */
const WORDS_UNKNOWN = "words_unknown";
/** qin_embed.WORDS_KEPT: a request's words are the ones the worker holds; an answer's,
 *  the worker keeps the words it was said in. */
const WORDS_KEPT = "kept";

/** A request of one diagram, in its own words (the catalogue of its language, sent with
 *  the language's first request): the engine keeps nothing else from one request to the
 *  next. */
async function engineCall(lang, request) {
  const call = await loadEngine();
  if (wordsSent.has(lang)) {
    try {
      return await call({ ...request, lang, words: WORDS_KEPT });
    } catch (err) {
      if (err?.code !== WORDS_UNKNOWN) throw err;
      wordsSent.delete(lang);
    }
  }
  const answer = await call({ ...request, lang, messages: await catalogue(lang) });
  // Kept only when the worker says so: one of the site before it kept words (a page and
  // a worker of two versions of the site) would say later requests in other words.
  if (answer.words === WORDS_KEPT) wordsSent.add(lang);
  return answer;
}

// ------------------------------------------------------------------ the page's language

/** The diagrams on the page, each to be said again in the page's language when an element
 *  holding it changes its `lang` (a page's language switcher setting `<html lang>`): one
 *  watcher for all of them, started with the first; a diagram with a `lang` of its own
 *  follows only its own (attributeChangedCallback). */
const followingPage = new Set();
let pageWatcher = null;

function followPage(board) {
  followingPage.add(board);
  if (pageWatcher) return;
  pageWatcher = new MutationObserver((records) => {
    const changed = records.map((r) => r.target).filter((el) => !followingPage.has(el));
    for (const board of followingPage) {
      if (board.isConnected && !board.hasAttribute("lang") && changed.some((el) => el.contains(board))) {
        board.langChanged();
      }
    }
  });
  pageWatcher.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"], subtree: true });
}

// ------------------------------------------------------------------ the element


class QinBoard extends HTMLElement {
  static get observedAttributes() {
    return ["position", "src", "move", "highlight", "labels", "size", "colours", "names", "caption", "lang"];
  }

  constructor() {
    super();
    this.root = this.attachShadow({ mode: "open" });
    this.step = 0;
    this.tried = [];
    this.kind = "RY";
    this.first = null;
    this.started = false;
    // The language the diagram speaks (not the element's own `lang`, which is the page's
    // to set), and the count of the languages asked for: only the last one asked is drawn.
    this.speaking = "en";
    this.langTurn = 0;
  }

  connectedCallback() {
    followPage(this);
    if (this.started) return;
    this.started = true;
    this.dataset.state = "loading";
    this.build();
    this.speak(pickLang(this));
    this.start().catch((err) => this.fail(err)).then(() => {
      if (this.changedWhileLoading || pickLang(this) !== this.speaking) this.redraw();
    });
  }

  disconnectedCallback() {
    followingPage.delete(this);
  }

  attributeChangedCallback(name) {
    if (!this.started) return;
    if (name === "lang") {
      this.langChanged();
      return;
    }
    // Changed after its position was read, while it loads: drawn again once it is drawn.
    if (this.dataset.state === "loading") this.changedWhileLoading = true;
    else this.redraw();
  }

  /** Its language may have changed (its own `lang`, or the page's for a diagram without
   *  one): said again in the language it reads now. */
  langChanged() {
    if (pickLang(this) === this.speaking || this.dataset.state === "loading") {
      // Its own words again (a language asked for before is no longer wanted), or none
      // drawn yet (once drawn, the diagram reads its language again).
      this.langTurn++;
      return;
    }
    this.redraw();
  }

  redraw() {
    this.changedWhileLoading = false;
    const turn = ++this.langTurn; // a language still being fetched is no longer wanted
    const lang = pickLang(this);
    if (lang !== this.speaking) this.relang(lang, turn).catch((err) => this.fail(err));
    else if (this.wordsFailed) this.drawWithoutWords().catch((err) => this.fail(err));
    else this.reload().catch((err) => this.fail(err));
  }

  /** The diagram's words are ``lang``'s from here on (the shadow tree says so too). */
  speak(lang) {
    this.speaking = lang;
    this.figure.lang = lang;
  }

  /** Draw the diagram again in ``lang``, once its words are there, unless another
   *  language was asked for meanwhile (``turn`` is no longer the last): nothing of the
   *  language before stays (its events, its status, its tiles' and buttons' names). */
  async relang(lang, turn) {
    let m = null;
    let failed = null;
    try {
      m = await catalogue(lang);
    } catch (err) {
      failed = err;
    }
    if (turn !== this.langTurn) return;
    const hadWords = Boolean(this.messages) && !this.wordsFailed;
    this.speak(lang);
    this.first = null;
    this.wordsFailed = failed;
    this.events.replaceChildren();
    if (failed) {
      this.answer = null;
      this.shownHand = undefined;
      return this.drawWithoutWords();
    }
    this.messages = m;
    if (!hadWords) this.step = this.firstStep();
    this.setStatus(say(m, "ui.loading"), "loading");
    this.showSteps();
    this.buildTryBar();
    await this.reload();
  }

  // -------------------------------------------------------------- options

  get moves() {
    return (this.getAttribute("move") || "").split(/[,;]/).map((m) => m.trim()).filter(Boolean);
  }
  get interactive() {
    return this.hasAttribute("interactive") && this.getAttribute("interactive") !== "false";
  }
  get coords() {
    return !["off", "false", "no", "none"].includes((this.getAttribute("labels") || "").toLowerCase());
  }
  listAttr(name) {
    return (this.getAttribute(name) || "").split(/[\s,]+/).filter(Boolean);
  }
  get request() {
    return {
      position: this.positionText,
      highlight: this.listAttr("highlight"),
      coords: this.coords,
      colours: this.listAttr("colours"),
      names: (this.getAttribute("names") || "").split(",").map((n) => n.trim()).filter(Boolean),
      label: this.getAttribute("caption") || "",
    };
  }

  // -------------------------------------------------------------- DOM

  build() {
    const el = (tag, cls, text) => {
      const node = document.createElement(tag);
      if (cls) node.className = cls;
      if (text) node.textContent = text;
      return node;
    };
    // A stylesheet file rather than inline CSS: works under a strict Content-Security-Policy.
    const style = el("link");
    style.rel = "stylesheet";
    style.href = new URL("qin-board.css", HERE).href;
    this.figure = el("figure");
    this.board = el("div", "board");
    this.board.setAttribute("part", "board");
    this.caption = el("figcaption");
    this.caption.setAttribute("part", "caption");
    this.stepBar = el("div", "bar steps");
    this.startBtn = el("button", "start");
    this.startBtn.append(icon("start"));
    this.backBtn = el("button", "back");
    this.backBtn.append(icon("back"));
    this.counter = el("span", "counter");
    this.counter.setAttribute("aria-live", "polite");
    this.nextBtn = el("button", "next");
    this.nextBtn.append(icon("next"));
    this.stepBar.append(this.startBtn, this.backBtn, this.counter, this.nextBtn);
    this.stepBar.hidden = true; // until the board is drawn (showSteps)
    this.tryBar = el("div", "bar try");
    this.tryBar.hidden = true; // until the board is drawn (buildTryBar)
    this.events = el("ol", "events");
    this.events.setAttribute("aria-live", "polite");
    this.status = el("p", "status");
    this.status.setAttribute("role", "status");
    this.figure.append(this.board, this.caption, this.stepBar, this.tryBar, this.events, this.status);
    this.root.append(style, this.figure);

    this.startBtn.addEventListener("click", () => this.go(0));
    this.backBtn.addEventListener("click", () => this.go(this.step - 1));
    this.nextBtn.addEventListener("click", () => this.go(this.step + 1));
    this.board.addEventListener("click", (e) => this.onSquare(e, true));
    this.board.addEventListener("pointerover", (e) => this.onSquare(e, false));
  }

  buildTryBar() {
    const m = this.messages;
    this.tryBar.replaceChildren();
    this.tryBar.hidden = !this.interactive;
    if (!this.interactive) return;
    this.kindButtons = [];
    const kinds = this.hand || KINDS;
    if (!kinds.includes(this.kind)) this.kind = kinds[0] || "RY";
    for (const kind of kinds) {
      const b = document.createElement("button");
      b.className = "kind";
      b.dataset.kind = kind;
      b.title = say(m, "ui.tile", { kind });
      b.setAttribute("aria-label", b.title);
      const tile = document.createElement("span");
      tile.className = "tile";
      for (const c of kind) {
        const half = document.createElement("i");
        half.style.background = COLOUR_CSS[c];
        tile.append(half);
      }
      b.append(tile);
      b.addEventListener("click", () => this.chooseKind(kind));
      this.kindButtons.push(b);
      this.tryBar.append(b);
    }
    const swap = document.createElement("button");
    swap.className = "swap";
    swap.append(icon("swap"));
    swap.title = say(m, "ui.swap");
    swap.setAttribute("aria-label", swap.title);
    swap.addEventListener("click", () => this.chooseKind(this.kind[1] + this.kind[0]));
    const input = document.createElement("input");
    input.className = "move";
    input.placeholder = say(m, "ui.move_example");
    input.setAttribute("aria-label", say(m, "ui.move_label"));
    const play = document.createElement("button");
    play.className = "play";
    play.textContent = say(m, "ui.try");
    const reset = document.createElement("button");
    reset.className = "reset";
    reset.textContent = say(m, "ui.reset");
    const form = document.createElement("form");
    form.className = "bar";
    form.append(input, play);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      if (input.value.trim()) this.attempt(input.value.trim());
    });
    reset.addEventListener("click", () => {
      this.tried = [];
      this.first = null;
      this.refresh();
    });
    this.input = input;
    this.tryBar.append(swap, form, reset);
    this.chooseKind(this.kind);
  }

  chooseKind(kind) {
    this.kind = kind;
    for (const b of this.kindButtons || []) {
      const same = b.dataset.kind === kind || b.dataset.kind === kind[1] + kind[0];
      b.setAttribute("aria-pressed", String(same));
      if (same) {
        const halves = b.querySelectorAll("i");
        halves[0].style.background = COLOUR_CSS[kind[0]];
        halves[1].style.background = COLOUR_CSS[kind[1]];
      }
    }
  }

  // -------------------------------------------------------------- life

  async start() {
    let m;
    try {
      m = await catalogue(this.speaking);
    } catch (err) {
      this.wordsFailed = err;
      return this.drawWithoutWords();
    }
    this.messages = m;
    this.showCaption();
    await this.loadPosition();
    const boardParts = await parts();
    this.checkColours(boardParts);
    this.step = this.firstStep();
    await nextStampTurn();
    this.stampBoard(boardParts);
    this.showSteps();
    this.buildTryBar();
    this.dataset.state = "drawn";
    this.setStatus(say(m, "ui.loading"), "loading");
    await this.refresh();
  }

  /** A diagram whose catalogue could not be loaded: its board (stamped, named in the
   *  English the build wrote in) and that sentence, nothing to step through or try. */
  async drawWithoutWords() {
    this.messages = WITHOUT_CATALOGUE;
    this.figure.lang = "en";
    this.showCaption();
    await this.loadPosition();
    const boardParts = await parts();
    this.checkColours(boardParts);
    await nextStampTurn();
    this.stampBoard(boardParts);
    this.board.classList.remove("interactive");
    this.fail(this.wordsFailed);
  }

  async reload() {
    this.showCaption();
    await this.loadPosition();
    const boardParts = await parts();
    this.checkColours(boardParts);
    this.stampBoard(boardParts);
    this.tried = [];
    this.step = Math.min(this.step, this.moves.length);
    await this.refresh();
  }

  async loadPosition() {
    this.changedWhileLoading = false;  // what changed so far is read from here on
    const src = this.getAttribute("src");
    if (this.hasAttribute("position")) this.positionText = this.getAttribute("position");
    else if (src) {
      const url = new URL(src, document.baseURI).href;
      try {
        this.positionText = await fetchOnce(url, "text");
      } catch {
        const err = positionError(new Error(say(this.messages || {}, "ui.source_failed", { src })));
        err.source = true;
        throw err;
      }
    } else this.positionText = this.textContent;
    try {
      parsePosition(this.positionText);
    } catch (err) {
      if (err.tooLarge) throw diagramError(say(this.messages || {}, "ui.too_large", LIMITS));
      throw positionError(err);
    }
  }

  /** Only palette names and #rrggbb are drawn: anything else is the author's error. */
  checkColours(boardParts) {
    const palette = Object.keys(boardParts.colours);
    const bad = badColour(this.listAttr("colours"), palette);
    if (bad !== null) {
      const m = this.messages || {};
      throw diagramError(say(m, "ui.bad_colour", {
        colour: valueText(m, shown(bad, BAD_COLOUR_CHARS)),
        palette: palette.join(", "),
      }));
    }
  }

  /** The step to show first (the `step` attribute): a whole number (more than the
   * moves shows the last); anything else is the author's error. */
  firstStep() {
    const total = this.moves.length;
    const text = (this.getAttribute("step") || "0").trim();
    if (!/^\d{1,6}$/.test(text)) {
      const m = this.messages || {};
      throw diagramError(say(m, "ui.bad_step", {
        step: valueText(m, shown(text, BAD_STEP_CHARS)), total,
      }));
    }
    return Math.min(Number(text), total);
  }

  stampBoard(boardParts) {
    const size = Number(this.getAttribute("size"));
    if (size > 0) this.board.style.setProperty("--qin-board-width", `${size}px`);
    this.board.classList.toggle("interactive", this.interactive);
    this.board.innerHTML = stamp(this.positionText, boardParts, {
      coords: this.coords,
      highlight: this.listAttr("highlight"),
      colours: this.listAttr("colours"),
      label: this.getAttribute("caption") || say(this.messages || {}, "ui.diagram"),
    });
    // Natural size: as many pixels as qin.svg's units (40 per square), unless `size`.
    const viewBox = this.board.querySelector("svg")?.viewBox?.baseVal;
    if (!(size > 0) && viewBox?.width) this.board.style.setProperty("--qin-board-width", `${viewBox.width}px`);
    this.showCaption();
    // The stamp is the engine's own drawing of the position when its accessible name is
    // the caption (without one the engine names the players) and every colour is a
    // palette name (the stamp has no parts for another CSS colour).
    this.stamped = Boolean(this.getAttribute("caption")) &&
      this.listAttr("colours").every((c) => Object.hasOwn(boardParts.colours, c));
  }

  /** The caption, shown whatever becomes of the position (a refused one too). */
  showCaption() {
    this.caption.textContent = this.getAttribute("caption") || "";
    this.caption.hidden = !this.caption.textContent;
  }

  go(step) {
    const total = this.moves.length;
    this.step = Math.max(0, Math.min(step, total));
    this.tried = [];
    this.first = null;
    this.refresh();
  }

  /** Draw through the engine: the moves up to the step, then the tried ones (the
   *  reader's, which the engine words apart when it cannot read them). */
  refresh() {
    let lang = this.speaking;
    return enqueue(async () => {
      lang = this.speaking;
      const moves = this.moves.slice(0, this.step);
      const answer = await engineCall(lang, { op: "render", ...this.request, moves, tried: this.tried });
      if (lang !== this.speaking) return null; // said in words the diagram has left
      this.show(answer);
      return answer;
    }).catch((err) => {
      if (lang === this.speaking) this.fail(err);
    });
  }

  show(answer) {
    const m = this.messages;
    this.answer = answer;
    this.engineState = answer.state;
    // The engine's first answer for a diagram before any move is the stamped board
    // itself: keep it (no second parse, layout and paint of every board on the page).
    const same = this.stamped && answer.played === 0 && !answer.illegal && this.step === 0 &&
      this.tried.length === 0;
    if (!same) this.board.innerHTML = answer.svg;
    this.stamped = false;
    this.hand = answer.hand;
    this.tryBar.hidden = !this.interactive;
    if (this.interactive && JSON.stringify(this.hand) !== this.shownHand) {
      this.shownHand = JSON.stringify(this.hand);
      this.buildTryBar();
    }
    this.events.replaceChildren(...answer.events.map((line) => {
      const li = document.createElement("li");
      li.textContent = line;
      return li;
    }));
    if (answer.illegal) {
      this.setStatus(say(m, "ui.illegal", { reason: answer.illegal.reason }), "illegal", answer.illegal.reading);
    } else if (answer.state.over) {
      this.setStatus(say(m, "ui.game_over"));
    } else if (this.interactive) {
      this.setStatus(say(m, "ui.to_move", { who: answer.to_move }) + " " + say(m, "ui.try_help"));
    } else this.setStatus("");
    this.showSteps();
    this.dataset.step = String(this.step);
    this.dataset.played = String(answer.played);
    this.dataset.illegal = answer.illegal ? "true" : "false";
    this.dataset.state = "ready";
    this.dispatchEvent(new CustomEvent("qin-board-update", { detail: answer }));
  }

  showSteps() {
    const m = this.messages;
    const total = this.moves.length;
    this.stepBar.hidden = total === 0;
    this.startBtn.title = say(m, "ui.start");
    this.backBtn.title = say(m, "ui.back");
    this.nextBtn.title = say(m, "ui.next");
    for (const b of [this.startBtn, this.backBtn, this.nextBtn]) b.setAttribute("aria-label", b.title);
    const ready = this.dataset.state === "ready" || this.answer;
    this.startBtn.disabled = !ready || this.step === 0;
    this.backBtn.disabled = !ready || this.step === 0;
    this.nextBtn.disabled = !ready || this.step >= total;
    this.counter.textContent = this.step === 0 ? say(m, "ui.before") : say(m, "ui.step", { n: this.step, total });
  }

  // The status line; a refusal's reading of the rules (the engine's {href, title}, the
  // href relative to the site) follows it as a link.
  setStatus(text, kind = "", reading = null) {
    this.status.textContent = text;
    this.status.className = `status ${kind}`.trim();
    if (reading && typeof reading.href === "string" && /^rules\/[\w.-]+\.html#\w+$/.test(reading.href)) {
      const link = document.createElement("a");
      link.href = new URL(`../${reading.href}`, HERE).href;
      link.target = "_blank";
      link.rel = "noopener";
      link.className = "reading";
      link.textContent = String(reading.title);
      this.status.append(" ", link);
    }
  }

  fail(err) {
    this.dataset.state = "error";
    const m = this.messages || WITHOUT_CATALOGUE;
    // Without its words a diagram says only that (its other failures have no words).
    const cause = this.wordsFailed ?? err;
    const message = String(cause?.message ?? cause);
    const key = this.wordsFailed ? "ui.words_failed" : err?.position ? "ui.position_failed" : "ui.engine_failed";
    const reason = !this.wordsFailed && err?.code && err.params ? refusalOfPosition(m, err) : message;
    // A browser error that says nothing: the sentence without its detail, as the build
    // wrote it by the engine's rule (tools/build_site.py, without_details).
    const failed = reason.trim() ? say(m, key, { error: reason }) : m[`${key}.no_detail`] ?? say(m, key, { error: "" });
    this.setStatus(!this.wordsFailed && (err?.source || err?.said) ? message : failed, "illegal");
    if (err?.position || !this.answer) {
      // Nothing to step through or try: the diagram's own input refused (no board of
      // it either: a drawing of a refused position would contradict the refusal), or
      // an engine that never answered (the stamp stays, but its buttons could not work).
      if (err?.position) {
        this.board.replaceChildren();
        this.events.replaceChildren();
        this.answer = null;
        this.shownHand = undefined;
      }
      this.stepBar.hidden = true;
      this.tryBar.hidden = true;
    }
    console.warn("qin-board:", err);
  }

  // -------------------------------------------------------------- trying moves

  async attempt(move) {
    const before = this.tried.length;
    this.tried.push(move);
    this.first = null;
    const answer = await this.refresh();
    if (answer && answer.illegal) {
      // Not allowed: keep the board as it was, say why, show the refused ghost.
      this.tried.splice(before);
    }
    if (this.input) this.input.value = "";
  }

  squareOf(e) {
    const rect = e.target.closest?.("rect.sq");
    return rect ? rect.dataset.square : null;
  }

  onSquare(e, click) {
    if (!this.interactive || !this.answer || this.answer.state.over) return;
    const square = this.squareOf(e);
    if (!square) return;
    if (!click) {
      if (this.first && square !== this.first) this.preview(this.moveFor(this.first, square));
      return;
    }
    if (!this.first) {
      this.first = square;
      this.board.querySelector(`rect.sq[data-square="${square}"]`)?.classList.add("hl");
      this.setStatus(say(this.messages, "ui.first_half", { square }));
      return;
    }
    if (square === this.first) {
      this.first = null;
      this.refresh();
      return;
    }
    this.attempt(this.moveFor(this.first, square));
  }

  moveFor(a, b) {
    return `${this.kind[0]}${a}${this.kind[1]}${b}`;
  }

  preview(move) {
    if (this.previewing === move) return;
    this.previewing = move;
    let lang = this.speaking;
    enqueue(async () => {
      if (this.previewing !== move || !this.first) return;
      lang = this.speaking;
      const played = [...this.moves.slice(0, this.step), ...this.tried];
      const answer = await engineCall(lang, { op: "preview", ...this.request, moves: played, move });
      if (lang !== this.speaking) return; // said in words the diagram has left
      const overlay = this.board.querySelector("g.overlay");
      if (overlay) overlay.innerHTML = answer.overlay;
      if (answer.ok) {
        this.setStatus(`${move}: ${say(this.messages, "ui.would")} ${answer.events.slice(1).join("; ") || say(this.messages, "ui.no_events")}`);
      } else this.setStatus(say(this.messages, "ui.illegal", { reason: answer.reason }), "illegal", answer.reading);
    }).catch((err) => {
      if (lang === this.speaking) this.fail(err);
    });
  }
}

if (!customElements.get("qin-board")) customElements.define("qin-board", QinBoard);

export { QinBoard };
