// The board's motion: plays the cues the page's Python sends with a move (what moved is
// decided there, web/page/qin_ui/motion.py; this only animates, with Web Animations, the
// elements qin.svg drew). A cue is {cue, ms, delay, ...}:
//   settle {move}                 the placed tile settles onto its squares
//   travel {move, seat}           a computer's tile comes from its player's row and settles
//   rise   {player, at}           a new pagoda rises
//   leave  {player, at}           a pagoda of the board before the move leaves it
//   village {at, player, from}    a village changes hands
// Each moving element is copied into a layer of its own laid over the board (an <svg>
// with the board's viewBox, in #board-area), hidden on the board meanwhile: the browser
// moves the layer without painting the board (and its shadow) again at every frame.
// Nothing moves when the system asks for reduced motion. The board's <svg> says what
// played (data-motion: the cues' kinds), for the tests.

const reduced = matchMedia("(prefers-reduced-motion: reduce)");
const SVG = "http://www.w3.org/2000/svg";
const EASE_IN = "cubic-bezier(0.2, 0.8, 0.3, 1.1)";  // quick, then a soft landing
const EASE_TRAVEL = "cubic-bezier(0.4, 0, 0.2, 1)";  // a flight that can be followed

const pagodaAt = (cue) =>
  `.pagodas .pagoda[data-player="${CSS.escape(String(cue.player))}"][data-at="${CSS.escape(cue.at)}"]`;

// Before the board is redrawn: copies of the pagodas that leave it.
export function keep(board, cues) {
  if (reduced.matches) return [];
  const kept = [];
  for (const cue of cues) {
    if (cue.cue !== "leave") continue;
    const el = board.querySelector(pagodaAt(cue));
    // where it stood on the board (the page above the board may move with the reply)
    if (el) kept.push([cue, [el.cloneNode(true), el.getBoundingClientRect(), el.ownerSVGElement.getBoundingClientRect()]]);
  }
  return kept;
}

// A layer over the board holding a copy of el (or el itself, already a copy), just the
// copy's size (a margin for its shadow). The geometry is read before anything is written
// (geometry(), play1(): one layout for the whole move, the one the redrawn board needs
// anyway, where a layer written between two reads made one per element), and
// the originals show again all at once when the move's last animation ends (one repaint
// of the board and its shadow, not one per moving element).
const MARGIN = 12;

// The board's geometry, read once per move: its box, the area's, the viewBox's scale.
function geometry(svg) {
  const area = svg.closest("#board-area") ?? svg.parentElement;
  const board = svg.getBoundingClientRect();
  const origin = area.getBoundingClientRect();
  const view = svg.viewBox.baseVal;
  return { svg, area, board, origin, view, scale: board.width / (view.width || board.width),
    scrollLeft: area.scrollLeft, scrollTop: area.scrollTop, pending: [], hidden: [] };
}

// An element's box in the board's pixels, with the margin (read phase: no write yet);
// ``base``: the board's box when rect was read (a leaving pagoda's, before the redraw).
function boxOf(g, rect, base = g.board) {
  return { x: rect.left - base.left - MARGIN, y: rect.top - base.top - MARGIN,
    width: rect.width + 2 * MARGIN, height: rect.height + 2 * MARGIN };
}

// Write phase: the layer for a box, holding copy.
function layerFor(g, box, copy) {
  const { view, scale } = g;
  const layer = document.createElementNS(SVG, "svg");
  layer.setAttribute("class", "qin-board motion-layer");
  layer.setAttribute("aria-hidden", "true");
  layer.setAttribute("viewBox", `${view.x + box.x / scale} ${view.y + box.y / scale} ${box.width / scale} ${box.height / scale}`);
  Object.assign(layer.style, {
    left: `${g.board.left - g.origin.left + g.scrollLeft + box.x}px`,
    top: `${g.board.top - g.origin.top + g.scrollTop + box.y}px`,
    width: `${box.width}px`, height: `${box.height}px` });
  layer.append(copy);
  return layer;
}

// Plan the animation of a copy of el (read now, written by start()); ``also``: more
// elements of the board that move with it in the same layer (the last-move frame with
// its tile: one layer and one animation fewer), their boxes joined.
function play1(g, el, frames, cue, { easing = EASE_IN, bottom = false, copy, rect, base, also = [] } = {}) {
  const rects = [rect ?? el.getBoundingClientRect(), ...also.map((a) => a.getBoundingClientRect())];
  const left = Math.min(...rects.map((r) => r.left));
  const top = Math.min(...rects.map((r) => r.top));
  const joined = { left, top, width: Math.max(...rects.map((r) => r.right)) - left,
    height: Math.max(...rects.map((r) => r.bottom)) - top };
  const box = boxOf(g, joined, base);
  g.pending.push({ el, also, frames, cue, easing, bottom, copy, box });
}

// Write every planned layer, hide the originals and start the animations; when the last
// has ended, the originals show again and the layers go, together.
function start(g) {
  const animations = [];
  const layers = [];
  for (const { el, also, frames, cue, easing, bottom, copy, box } of g.pending) {
    const layer = layerFor(g, box, copy ?? el.cloneNode(true));
    for (const other of also) layer.append(other.cloneNode(true));
    const [cx, cy] = [box.width / 2, box.height / 2];
    layer.style.transformOrigin = `${cx}px ${bottom ? box.height - MARGIN : cy}px`;
    for (const original of copy ? also : [el, ...also]) {
      original.style.visibility = "hidden";
      g.hidden.push(original);
    }
    g.area.append(layer);
    layers.push(layer);
    animations.push(layer.animate(typeof frames === "function" ? frames(cx, cy, box) : frames, {
      duration: cue.ms, delay: cue.delay ?? 0, easing, fill: "both" }));
  }
  const done = () => {
    for (const el of g.hidden) el.style.visibility = "";
    for (const layer of layers) layer.remove();
  };
  Promise.all(animations.map((a) => a.finished)).then(done, done);
}

function tile(g, cue) {
  const { svg } = g;
  const el = svg.querySelector(`.tiles .tile[data-move="${CSS.escape(cue.move)}"]`);
  if (!el) return false;
  const frame = svg.querySelector(".last-move");  // the last move's mark moves with it
  const also = frame ? [frame] : [];
  const row = cue.cue === "travel"
    ? document.querySelector(`#players li.player[data-player="${CSS.escape(String(cue.seat))}"]`) : null;
  const seat = row?.getBoundingClientRect();
  if (seat && (seat.width || seat.height)) {  // from the player's row, over the page
    const { board } = g;
    play1(g, el, (cx, cy, box) => {
      const dx = seat.left + seat.width / 2 - board.left - (box.x + cx);
      const dy = seat.top + seat.height / 2 - board.top - (box.y + cy);
      return [
        { transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0.4 },
        { transform: "translateY(-8px) scale(1.08)", opacity: 1, offset: 0.8 },
        { transform: "none", opacity: 1 }];
    }, cue, { easing: EASE_TRAVEL, also });
  } else {
    play1(g, el, [
      { transform: "translateY(-6px) scale(1.08)", opacity: 0.5 },
      { transform: "none", opacity: 1 }], cue, { also });
  }
  return true;
}

function rise(g, cue) {
  const el = g.svg.querySelector(pagodaAt(cue));
  if (!el) return false;
  play1(g, el, [
    { transform: "translateY(6px) scaleY(0.1)", opacity: 0 },
    { transform: "scaleY(1.12)", opacity: 1, offset: 0.7 },
    { transform: "none", opacity: 1 }], cue, { bottom: true });
  return true;
}

function leave(g, cue, [copy, rect, base]) {
  play1(g, null, [
    { transform: "none", opacity: 1 },
    { transform: "translateY(-10px) scale(0.5)", opacity: 0 }], cue,
  { easing: "ease-in", bottom: true, copy, rect, base });
  return true;
}

function village(g, cue) {
  const el = g.svg.querySelector(`.terrain .village[data-at="${CSS.escape(cue.at)}"]`);
  if (!el) return false;
  play1(g, el, [{ transform: "none" }, { transform: "scale(1.18)", offset: 0.4 },
    { transform: "none" }], cue);
  return true;
}

// The elements a cue brings onto the board, hidden until their animation starts (its
// first frame shows them lifted, faded or not yet risen): the moved tile with its
// last-move frame, a rising pagoda. A village changing hands starts from where it is.
function arriving(svg, cue) {
  if (cue.cue === "settle" || cue.cue === "travel") {
    const el = svg.querySelector(`.tiles .tile[data-move="${CSS.escape(cue.move)}"]`);
    const frame = svg.querySelector(".last-move");
    return [el, frame].filter(Boolean);
  }
  const el = cue.cue === "rise" ? svg.querySelector(pagodaAt(cue)) : null;
  return el ? [el] : [];
}

let plays = 0;  // a newer move's play() drops a motion still waiting for its frame

// After the board is redrawn: play the move's cues on it (kept: what keep() copied).
// The frame drawn next is the page's answer to the click (a placement, the hand-over
// cover lifted, the result closed), so it only hides what is about to arrive (no read
// of the board's geometry, no layer: it costs what it costs with motion off), and the
// motion starts in the frame after, from the same first pose. A move that takes
// pagodas off the board it redrew starts at once: their copies must show in the frame
// the board loses them. ``later``: the board was already on the page, under a dialog
// that just went (its cues hold no pagoda leaving: they left under the dialog).
export function play(board, cues, kept, { later = false } = {}) {
  const svg = board.querySelector("svg");
  const turn = ++plays;
  for (const old of document.querySelectorAll(".motion-layer")) old.remove();  // a move before
  if (!svg || reduced.matches || !cues?.length) return;
  if (!later && cues.some((cue) => cue.cue === "leave")) {
    run(svg, cues, kept);
    return;
  }
  const waiting = cues.flatMap((cue) => arriving(svg, cue));
  for (const el of waiting) el.style.visibility = "hidden";
  // the first callback runs before the answer's frame is drawn, the second in the next
  requestAnimationFrame(() => requestAnimationFrame(() => {
    for (const el of waiting) el.style.visibility = "";  // start() hides what it moves
    if (turn === plays && svg.isConnected) run(svg, cues, kept);
  }));
}

function run(svg, cues, kept) {
  const g = geometry(svg);
  const played = [];
  for (const cue of cues) {  // read: where each moving element is
    let ok = false;
    if (cue.cue === "settle" || cue.cue === "travel") ok = tile(g, cue);
    else if (cue.cue === "rise") ok = rise(g, cue);
    else if (cue.cue === "village") ok = village(g, cue);
    else if (cue.cue === "leave") {
      const copy = kept?.find(([k]) => k === cue)?.[1];
      ok = copy ? leave(g, cue, copy) : false;
    }
    if (ok) played.push(cue.cue);
  }
  start(g);  // write: the layers, and the animations on them
  svg.dataset.motion = played.join(" ");
}
