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
    if (el) kept.push([cue, el.cloneNode(true)]);
  }
  return kept;
}

// A layer over the board holding a copy of el (or el itself, already a copy), just the
// copy's size (a margin for its shadow): returns the layer and the copy's centre and box in
// the layer's pixels.
const MARGIN = 12;

function lift(svg, el, copy = el.cloneNode(true)) {
  const area = svg.closest("#board-area") ?? svg.parentElement;
  const board = svg.getBoundingClientRect();
  const origin = area.getBoundingClientRect();
  const view = svg.viewBox.baseVal;
  const scale = board.width / (view.width || board.width);
  const layer = document.createElementNS(SVG, "svg");
  layer.setAttribute("class", "qin-board motion-layer");
  layer.setAttribute("aria-hidden", "true");
  const place = (x, y, w, h) => {  // board pixels -> the layer's box and viewBox
    layer.setAttribute("viewBox", `${view.x + x / scale} ${view.y + y / scale} ${w / scale} ${h / scale}`);
    Object.assign(layer.style, {
      left: `${board.left - origin.left + area.scrollLeft + x}px`,
      top: `${board.top - origin.top + area.scrollTop + y}px`, width: `${w}px`, height: `${h}px` });
  };
  place(0, 0, board.width, board.height);
  layer.append(copy);
  area.append(layer);
  const r = copy.getBoundingClientRect();
  const box = { x: r.left - board.left - MARGIN, y: r.top - board.top - MARGIN,
    width: r.width + 2 * MARGIN, height: r.height + 2 * MARGIN };
  place(box.x, box.y, box.width, box.height);
  return [layer, [box.width / 2, box.height / 2], box];
}

// Animate a copy of el in its layer; el shows again (and the layer goes) at the end.
function play1(svg, el, frames, cue, { easing = EASE_IN, bottom = false, copy } = {}) {
  const [layer, [cx, cy], box] = lift(svg, el, copy);
  layer.style.transformOrigin = `${cx}px ${bottom ? box.height - MARGIN : cy}px`;
  if (el && !copy) el.style.visibility = "hidden";
  const animation = layer.animate(typeof frames === "function" ? frames(cx, cy, box) : frames, {
    duration: cue.ms, delay: cue.delay ?? 0, easing, fill: "both" });
  const done = () => {
    if (el && !copy) el.style.visibility = "";
    layer.remove();
  };
  animation.finished.then(done, done);
}

function tile(svg, cue) {
  const el = svg.querySelector(`.tiles .tile[data-move="${CSS.escape(cue.move)}"]`);
  if (!el) return false;
  const row = cue.cue === "travel"
    ? document.querySelector(`#players li.player[data-player="${CSS.escape(String(cue.seat))}"]`) : null;
  const seat = row?.getBoundingClientRect();
  if (seat && (seat.width || seat.height)) {  // from the player's row, over the page
    const board = svg.getBoundingClientRect();
    play1(svg, el, (cx, cy, box) => {
      const dx = seat.left + seat.width / 2 - board.left - (box.x + cx);
      const dy = seat.top + seat.height / 2 - board.top - (box.y + cy);
      return [
        { transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0.4 },
        { transform: "translateY(-8px) scale(1.08)", opacity: 1, offset: 0.8 },
        { transform: "none", opacity: 1 }];
    }, cue, { easing: EASE_TRAVEL });
  } else {
    play1(svg, el, [
      { transform: "translateY(-6px) scale(1.08)", opacity: 0.5 },
      { transform: "none", opacity: 1 }], cue);
  }
  const frame = svg.querySelector(".last-move");
  if (frame) {
    play1(svg, frame, [{ opacity: 0 }, { opacity: 1 }],
      { ms: cue.ms, delay: (cue.delay ?? 0) + cue.ms * 0.6 });
  }
  return true;
}

function rise(svg, cue) {
  const el = svg.querySelector(pagodaAt(cue));
  if (!el) return false;
  play1(svg, el, [
    { transform: "translateY(6px) scaleY(0.1)", opacity: 0 },
    { transform: "scaleY(1.12)", opacity: 1, offset: 0.7 },
    { transform: "none", opacity: 1 }], cue, { bottom: true });
  return true;
}

function leave(svg, cue, copy) {
  play1(svg, null, [
    { transform: "none", opacity: 1 },
    { transform: "translateY(-10px) scale(0.5)", opacity: 0 }], cue,
  { easing: "ease-in", bottom: true, copy });
  return true;
}

function village(svg, cue) {
  const el = svg.querySelector(`.terrain .village[data-at="${CSS.escape(cue.at)}"]`);
  if (!el) return false;
  play1(svg, el, [{ transform: "none" }, { transform: "scale(1.18)", offset: 0.4 },
    { transform: "none" }], cue);
  return true;
}

// After the board is redrawn: play the move's cues on it (kept: what keep() copied).
export function play(board, cues, kept) {
  const svg = board.querySelector("svg");
  for (const old of document.querySelectorAll(".motion-layer")) old.remove();  // a move before
  if (!svg || reduced.matches || !cues?.length) return;
  const played = [];
  for (const cue of cues) {
    let ok = false;
    if (cue.cue === "settle" || cue.cue === "travel") ok = tile(svg, cue);
    else if (cue.cue === "rise") ok = rise(svg, cue);
    else if (cue.cue === "village") ok = village(svg, cue);
    else if (cue.cue === "leave") {
      const copy = kept?.find(([k]) => k === cue)?.[1];
      ok = copy ? leave(svg, cue, copy) : false;
    }
    if (ok) played.push(cue.cue);
  }
  svg.dataset.motion = played.join(" ");
}
