// The board's motion: plays the cues the page's Python sends with a move (what moved is
// decided there, web/page/qin_ui/motion.py; this only animates, with Web Animations, the
// elements qin.svg drew). A cue is {cue, ms, delay, ...}:
//   settle {move}                 the placed tile settles onto its squares
//   travel {move, seat}           a computer's tile comes from its player's row and settles
//   rise   {player, at}           a new pagoda rises
//   leave  {player, at}           a pagoda of the board before the move leaves it
//   village {at, player, from}    a village changes hands
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

// A group around el, to move it without touching its own transform attribute.
function wrap(el) {
  const g = document.createElementNS(SVG, "g");
  g.setAttribute("class", "moving");
  el.before(g);
  g.append(el);
  return g;
}

function unwrap(g) {
  if (g.isConnected && g.firstChild) g.replaceWith(...g.childNodes);
  else g.remove();
}

function run(el, frames, cue, after, easing = EASE_IN) {
  const animation = el.animate(frames, {
    duration: cue.ms, delay: cue.delay ?? 0, easing, fill: "backwards" });
  if (after) animation.finished.then(after, after);
  return animation;
}

// Where a computer's tile comes from: its player's row, in the board's own units.
function seatOffset(svg, tile, seat) {
  const row = document.querySelector(`#players li.player[data-player="${CSS.escape(String(seat))}"]`);
  const matrix = svg.getScreenCTM?.();
  if (!row || !matrix) return null;
  const r = row.getBoundingClientRect();
  if (!r.width && !r.height) return null;
  const from = new DOMPoint(r.left + r.width / 2, r.top + r.height / 2).matrixTransform(matrix.inverse());
  const box = tile.getBBox();
  return [from.x - (box.x + box.width / 2), from.y - (box.y + box.height / 2)];
}

function tile(svg, cue) {
  const el = svg.querySelector(`.tiles .tile[data-move="${CSS.escape(cue.move)}"]`);
  if (!el) return false;
  el.classList.add("moving");
  const done = () => el.classList.remove("moving");
  const offset = cue.cue === "travel" ? seatOffset(svg, el, cue.seat) : null;
  if (offset) {  // it flies over the page: the board's drawing lets it out meanwhile
    const [dx, dy] = offset;
    svg.classList.add("travelling");
    run(el, [
      { transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0.4 },
      { transform: "translateY(-8px) scale(1.08)", opacity: 1, offset: 0.8 },
      { transform: "none", opacity: 1 }], cue, () => { done(); svg.classList.remove("travelling"); },
    EASE_TRAVEL);
  } else {
    run(el, [
      { transform: "translateY(-6px) scale(1.08)", opacity: 0.5 },
      { transform: "none", opacity: 1 }], cue, done);
  }
  const frame = svg.querySelector(".last-move");
  if (frame) run(frame, [{ opacity: 0 }, { opacity: 1 }], { ms: cue.ms, delay: (cue.delay ?? 0) + cue.ms * 0.6 });
  return true;
}

function rise(svg, cue) {
  const el = svg.querySelector(pagodaAt(cue));
  if (!el) return false;
  const g = wrap(el);
  run(g, [
    { transform: "translateY(6px) scaleY(0.1)", opacity: 0 },
    { transform: "scaleY(1.12)", opacity: 1, offset: 0.7 },
    { transform: "none", opacity: 1 }], cue, () => unwrap(g));
  return true;
}

function leave(svg, cue, copy) {
  const pagodas = svg.querySelector(".pagodas");
  if (!pagodas) return false;
  const g = document.createElementNS(SVG, "g");
  g.setAttribute("class", "moving leaving");
  g.setAttribute("aria-hidden", "true");
  g.append(copy);
  pagodas.after(g);
  const animation = g.animate([
    { transform: "none", opacity: 1 },
    { transform: "translateY(-10px) scale(0.5)", opacity: 0 }],
  { duration: cue.ms, delay: cue.delay ?? 0, easing: "ease-in", fill: "forwards" });
  const gone = () => g.remove();
  animation.finished.then(gone, gone);
  return true;
}

function village(svg, cue) {
  const el = svg.querySelector(`.terrain .village[data-at="${CSS.escape(cue.at)}"]`);
  if (!el) return false;
  el.classList.add("moving");
  run(el, [{ transform: "scale(1)" }, { transform: "scale(1.18)", offset: 0.4 }, { transform: "scale(1)" }],
    cue, () => el.classList.remove("moving"));
  return true;
}

// After the board is redrawn: play the move's cues on it (kept: what keep() copied).
export function play(board, cues, kept) {
  const svg = board.querySelector("svg");
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
