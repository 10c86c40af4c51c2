// Stamp a Qin position as SVG before the rules engine is loaded.
//
// This file draws nothing of its own: qin/svg.py is the one renderer. At site build
// time qin/svg_parts.py cuts render_svg's output into the fragments each square token
// draws (embed/board-parts.json); here we only read the position text (spec/notation.md),
// find the provinces (render_svg puts a province's pagoda on its square nearest the
// province's centre) and paste the fragments where they belong. Once Python is up, the
// diagram is drawn again by render_svg itself.
//
// Pure functions, no DOM: the unit tests run this file under Node.

const TOKEN = /^(?:(\.)|(~)|(-)|v([1-4]?)|([RYBryb])([1-4]?))$/;
const HEADER = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/;
const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/**
 * The largest position a diagram draws (the engine's own limits on a board, and a
 * bound on the text): checked before anything is drawn, so a huge position is refused
 * at once instead of being drawn for seconds and then refused by the engine.
 */
export const LIMITS = Object.freeze({ cols: 26, rows: 99, chars: 65536 });

/** A player colour a diagram accepts: a palette name (any case) or #rrggbb. */
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The first of `colours` that is neither a name of `palette` nor #rrggbb, or null. */
export function badColour(colours, palette) {
  const names = new Set([...palette].map((c) => String(c).toLowerCase()));
  for (const colour of colours || []) {
    const text = String(colour);
    if (!names.has(text.toLowerCase()) && !HEX_COLOUR.test(text)) return text;
  }
  return null;
}

/** An error for a position beyond LIMITS (`tooLarge` tells a caller to say so). */
function tooLarge(message) {
  const err = new Error(message);
  err.tooLarge = true;
  return err;
}

/** How many characters of an offending text a refusal shows (qin.inputs.QUOTE_LIMIT). */
const QUOTE_LIMIT = 60;

/** The characters Python's `str.isprintable` refuses: controls, format characters, lone
 *  surrogates, private use, unassigned, line and paragraph separators, and every space
 *  but " ". */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|[^\P{Zs} ]/u;
const NAMED_ESCAPES = { "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** One character as Python's `repr` escapes it (\t, \x1b, \u202e, \U000e0001). */
function escaped(char) {
  if (char in NAMED_ESCAPES) return NAMED_ESCAPES[char];
  const code = char.codePointAt(0);
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, "0")}`;
  if (code < 0x10000) return `\\u${code.toString(16).padStart(4, "0")}`;
  return `\\U${code.toString(16).padStart(8, "0")}`;
}

/**
 * An offending text as the engine's refusal holds it (qin.inputs.shown): `{text}`, or
 * when longer than `limit` characters (code points, as Python counts them: an emoji or
 * a CJK character is never split) the first of them then "…" as `text` and the whole
 * `length`; unprintable characters escaped as the engine escapes them (qin.inputs.escape).
 */
export function shown(text, limit = QUOTE_LIMIT) {
  const kept = [];
  for (const char of text) {
    if (kept.length === limit) return { text: `${kept.join("")}…`, length: characterCount(text) };
    kept.push(UNPRINTABLE.test(char) ? escaped(char) : char);
  }
  return { text: kept.join("") };
}

/**
 * A position's refusal as the engine words it (qin.errors.PositionError): `code` and
 * `params` (the line and column, the offending text as `value`: `shown`'s data) for the
 * catalogue's `position.<code>` (qin-board.js says it in the reader's language), the
 * English words as its message.
 */
function refused(code, params, english) {
  const err = new Error(`line ${params.line}, column ${params.column}: ${english}`);
  err.code = code;
  err.params = params;
  return err;
}

/** How many characters (code points) `text` has, as the engine counts them (Python's
 *  len): an emoji is one character, not two UTF-16 units. */
export function characterCount(text) {
  let count = text.length;
  for (let i = 0; i + 1 < text.length; i += 1) {
    const high = text.charCodeAt(i);
    const low = text.charCodeAt(i + 1);
    if (high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
      count -= 1;
      i += 1;
    }
  }
  return count;
}

/** The column (from 1) of `line`'s UTF-16 `index`, counted in characters as the engine
 *  counts it. */
function columnAt(line, index) {
  return characterCount(line.slice(0, index)) + 1;
}

/** A number as compact SVG text. */
function num(value) {
  return Number.isInteger(value) ? String(value) : String(+value.toFixed(2));
}

/** A catalogue message or drawing fragment with its {placeholders} filled in (the one
 *  placeholder filler of the site's JavaScript: qin-board.js and boot.js use it too);
 *  an unknown placeholder stays as written. */
export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
}

/**
 * Read position text: {players, width, height, squares: [{token, kind, colour, owner}]}.
 * Throws an Error naming the line for text that is not a position.
 */
export function parsePosition(text) {
  const headers = {};
  const rows = [];
  const all = String(text);
  const chars = all.length > LIMITS.chars ? characterCount(all) : all.length;
  if (chars > LIMITS.chars) {
    throw tooLarge(`the position has ${chars} characters, at most ${LIMITS.chars}`);
  }
  const lines = all.split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index].trim();
    if (!line || line.startsWith("#")) continue;
    const header = HEADER.exec(line);
    if (header && !rows.length) {
      headers[header[1].toLowerCase()] = header[2].trim();
      continue;
    }
    if (rows.length >= LIMITS.rows) throw tooLarge(`line ${index + 1}: a board has at most ${LIMITS.rows} rows`);
    const tokens = [...lines[index].matchAll(/\S+/g)].map((m) => ({ text: m[0], column: columnAt(lines[index], m.index) }));
    rows.push({ number: index + 1, tokens });
  }
  if (!rows.length) {
    throw refused("no_grid", { line: 1, column: 1 }, "the position has no grid (one line per row)");
  }
  const width = rows[0].tokens.length;
  if (width > LIMITS.cols) {
    throw tooLarge(`line ${rows[0].number}: ${width} squares, a board has at most ${LIMITS.cols} columns`);
  }
  for (const { number, tokens } of rows) {
    if (tokens.length !== width) {
      const value = shown(tokens.map((t) => t.text).join(" "));
      throw refused("row_length", { line: number, column: tokens[tokens.length - 1].column, value, n: tokens.length, width },
        `this row ('${value.text}') has ${tokens.length} squares but the first row has ${width}`);
    }
  }
  const squares = [];
  for (const { number, tokens } of rows) {
    for (const { text: token, column } of tokens) {
      const m = TOKEN.exec(token);
      if (!m) {
        const value = shown(token);
        throw refused("square", { line: number, column, value }, `'${value.text}' is not a square`);
      }
      let square;
      if (m[1]) square = { kind: "." };
      else if (m[2]) square = { kind: "~" };
      else if (m[3]) square = { kind: "-" };
      else if (m[4] !== undefined) square = { kind: "v", owner: Number(m[4] || 0) };
      else {
        square = {
          kind: m[5], // R Y B printed territory, r y b tile half
          colour: m[5].toUpperCase(),
          owner: Number(m[6] || 0),
        };
      }
      square.token = token;
      squares.push(square);
    }
  }
  const players = Number(headers.players || 2);
  return { players: players >= 2 && players <= 4 ? players : 2, width, height: rows.length, squares };
}

/** The provinces: groups of 2+ orthogonally connected same-coloured province spaces. */
export function provinces(board) {
  const { width, height, squares } = board;
  const seen = new Array(squares.length).fill(false);
  const out = [];
  squares.forEach((sq, start) => {
    if (!sq.colour || seen[start]) return;
    const group = [];
    const stack = [start];
    seen[start] = true;
    while (stack.length) {
      const s = stack.pop();
      group.push(s);
      const col = s % width;
      const row = Math.floor(s / width);
      const next = [];
      if (col > 0) next.push(s - 1);
      if (col < width - 1) next.push(s + 1);
      if (row > 0) next.push(s - width);
      if (row < height - 1) next.push(s + width);
      for (const n of next) {
        if (!seen[n] && squares[n].colour === sq.colour) {
          seen[n] = true;
          stack.push(n);
        }
      }
    }
    if (group.length < 2) return;
    group.sort((a, b) => a - b);
    const owner = group.map((s) => squares[s].owner).find((o) => o > 0) || 0;
    out.push({ colour: sq.colour, squares: group, owner, pagodas: group.length >= 5 ? 2 : 1 });
  });
  return out;
}

/** Where render_svg draws a province's pagoda: the square nearest its centre. */
export function pagodaSquare(width, group) {
  const cx = group.reduce((t, s) => t + (s % width), 0) / group.length;
  const cy = group.reduce((t, s) => t + Math.floor(s / width), 0) / group.length;
  let best = group[0];
  let bestKey = Infinity;
  for (const s of group) {
    const key = (s % width - cx) ** 2 + (Math.floor(s / width) - cy) ** 2;
    if (key < bestKey - 1e-9) {
      best = s;
      bestKey = key;
    }
  }
  return best;
}

/**
 * Path data of a province's owner line, as qin.svg.province_edges traces it: each
 * side of a square that borders no square of the group, `inset` inside, its ends
 * moved in at outer corners and out at inner ones. `left`, `top`: the board's corner.
 */
export function provinceEdges(width, height, group, left, top, cell, inset) {
  const inside = new Set(group);
  const has = (c, r) => c >= 0 && c < width && r >= 0 && r < height && inside.has(r * width + c);
  const sides = [[[0, -1], [1, 0]], [[1, 0], [0, 1]], [[0, 1], [-1, 0]], [[-1, 0], [0, -1]]];
  const parts = [];
  for (const s of [...inside].sort((a, b) => a - b)) {
    const col = s % width;
    const row = Math.floor(s / width);
    const x = left + col * cell;
    const y = top + row * cell;
    for (const [[dc, dr], [ac, ar]] of sides) {
      if (has(col + dc, row + dr)) continue;
      const ends = [-1, 1].map((sign) => {
        const along = has(col + sign * ac, row + sign * ar);
        const diagonal = has(col + sign * ac + dc, row + sign * ar + dr);
        return along && diagonal ? -inset : along ? 0 : inset;
      });
      if (dr) {
        const oy = y + (dr === 1 ? cell - inset : inset);
        const x1 = x + (ac === 1 ? ends[0] : cell - ends[0]);
        const x2 = x + (ac === 1 ? cell - ends[1] : ends[1]);
        parts.push(`M${num(x1)} ${num(oy)}H${num(x2)}`);
      } else {
        const ox = x + (dc === 1 ? cell - inset : inset);
        const y1 = y + (ar === 1 ? ends[0] : cell - ends[0]);
        const y2 = y + (ar === 1 ? cell - ends[1] : ends[1]);
        parts.push(`M${num(ox)} ${num(y1)}V${num(y2)}`);
      }
    }
  }
  return parts.join("");
}

/** The players' pagoda colours, as render_svg chooses them. */
export function playerColours(chosen, players, defaults) {
  const out = [...(chosen || [])].map((c) => String(c).toLowerCase());
  for (const c of defaults) {
    if (out.length >= Math.max(players, 4)) break;
    if (!out.includes(c)) out.push(c);
  }
  return out;
}

export function squareName(col, row) {
  return `${LETTERS[col]}${row + 1}`;
}

/**
 * The SVG of a position, as render_svg draws it (no moves, ghost or overlay).
 * options: coords (edge labels, default true), highlight (square names),
 * colours (palette names per player), label (accessible name).
 */
export function stamp(text, parts, options = {}) {
  const board = typeof text === "string" ? parsePosition(text) : text;
  const { width, height, squares } = board;
  const coords = options.coords !== false;
  const sk = parts.skeleton[coords ? "coords" : "plain"];
  const cell = parts.cell;
  const [ox, oy] = parts.origin;
  const highlight = new Set(options.highlight || []);
  const colours = playerColours(options.colours, board.players, parts.default_colours);
  const colourParts = (player) =>
    parts.colours[colours[player - 1]] || parts.colours[parts.default_colours[(player - 1) % 4]];
  const vw = sk.left + width * cell + (parts.skeleton.plain.left);
  const vh = sk.top + height * cell + (parts.skeleton.plain.top);
  const at = (s, fragment, values = {}) => {
    const col = s % width;
    const row = Math.floor(s / width);
    const dx = sk.left + col * cell - ox;
    const dy = sk.top + row * cell - oy;
    const name = squareName(col, row);
    return `<g transform="translate(${num(dx)} ${num(dy)})">${fill(fragment, { at: name, ...values })}</g>`;
  };

  const out = [
    fill(sk.open, {
      vw, vh, w: width, h: height, players: board.players,
      label: escapeXml(options.label || `Qin board, ${width} by ${height}`),
    }),
    sk.style,
    sk.defs,
    fill(sk.frame, { vw, vh }),
  ];
  if (coords) {
    out.push(sk.coords_open);
    for (let c = 0; c < width; c += 1) {
      out.push(fill(sk.label, { x: num(sk.left + (c + 0.5) * cell), y: num(sk.top + sk.col_label_dy), t: LETTERS[c] }));
    }
    for (let r = 0; r < height; r += 1) {
      out.push(fill(sk.label, { x: num(sk.row_label_x), y: num(sk.top + (r + 0.5) * cell + sk.row_label_dy), t: r + 1 }));
    }
    out.push("</g>");
  }
  const grid = [];
  for (let c = 1; c < width; c += 1) grid.push(`M${sk.left + c * cell} ${sk.top}v${height * cell}`);
  for (let r = 1; r < height; r += 1) grid.push(`M${sk.left} ${sk.top + r * cell}h${width * cell}`);
  out.push(sk.layers.terrain, fill(sk.ground, { x: sk.left, y: sk.top, gw: width * cell, gh: height * cell }));
  if (grid.length) out.push(fill(sk.grid, { d: grid.join("") }));
  squares.forEach((sq, s) => {
    if (sq.kind === "v" && sq.owner) out.push(at(s, colourParts(sq.owner).village, { p: sq.owner }));
    else if (parts.terrain[sq.kind]) out.push(at(s, parts.terrain[sq.kind]));
  });
  out.push("</g>", sk.layers.tiles);
  squares.forEach((sq, s) => {
    if (parts.tiles[sq.kind]) out.push(at(s, parts.tiles[sq.kind]));
  });
  const owned = provinces(board).filter((group) => group.owner);
  out.push("</g>", sk.layers.provinces);
  for (const group of owned) {
    const d = provinceEdges(width, height, group.squares, sk.left, sk.top, cell, parts.province_inset);
    out.push(fill(colourParts(group.owner).province, { d, p: group.owner }));
  }
  out.push("</g>", sk.layers.pagodas);
  for (const group of owned) {
    const kind = group.pagodas >= 2 ? "double" : "single";
    out.push(at(pagodaSquare(width, group.squares), colourParts(group.owner)[kind], { p: group.owner }));
  }
  squares.forEach((sq, s) => {
    if (sq.kind === "v" && sq.owner) out.push(at(s, colourParts(sq.owner).village_pagoda, { p: sq.owner }));
  });
  out.push("</g>", sk.layers.squares);
  squares.forEach((sq, s) => {
    const part = parts.squares[sq.kind];
    if (!part) return;
    const name = squareName(s % width, Math.floor(s / width));
    out.push(at(s, part, { state: highlight.has(name) ? " hl" : "" }));
  });
  out.push("</g>", sk.layers.overlay, "</g></svg>");
  return out.join("");
}

function escapeXml(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}
