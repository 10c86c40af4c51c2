// A play-by-link code read without the engine: the board side and the tiles placed.
//
// Pure functions, no DOM (tests/test_linkcode.py runs this file under Node). The bytes
// are qin.record_format.link_code's: version, flags (board, players, fair start, custom
// names, seats, hints), the seed, the names, the seats, the hints, one varint per move, a
// CRC. Nothing here checks the game:
// the page's Python reads the same code with the engine and says what is wrong.

/** A link's game as far as it is drawn without the engine (qin.record_format.link_code's
 *  bytes): {board, players, text} with the tiles placed as tile halves; who owns which
 *  province is the engine's to say (its pagodas come with Python). null when the code
 *  cannot be read (Python says why). */
export function linkPosition(hash, sides) {
  try {
    // the code, without a review asked after it (#g=<code>&review=<n>)
    const code = hash.slice(hash.lastIndexOf("#") + 1).replace(/^g=/, "").split("&")[0];
    const bytes = Uint8Array.from(atob(code.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    let at = 2;
    const varint = () => {
      let value = 0;
      for (let shift = 0; at < bytes.length - 2; shift += 7) {
        const byte = bytes[at++];
        value += (byte & 0x7f) * 2 ** shift;
        if (!(byte & 0x80)) return value;
      }
      throw new Error("cut off");
    };
    const flags = bytes[1];
    const board = ["bird", "lion"][flags & 3];
    const players = ((flags >> 2) & 3) + 2;
    if (!board || !sides[board]) return null;
    varint();  // the seed
    for (let p = 0; flags & 0x20 && p < players; p += 1) {
      const length = varint();  // (read before `at` moves on past it)
      at += length;
    }
    if (flags & 0x40) at += players;  // who plays each seat: one byte per seat
    for (let p = 0; flags & 0x80 && p < players; p += 1) varint();  // the hints asked
    const lines = sides[board].split("\n").filter((line) => line.trim() && !line.startsWith("#") && !line.includes(":"));
    const rows = lines.map((line) => line.trim().split(/\s+/));
    const width = rows[0].length;
    const pairs = [];
    for (let lo = 0; lo < width * rows.length; lo += 1) {
      if (lo % width < width - 1) pairs.push([lo, lo + 1]);
      if (lo + width < width * rows.length) pairs.push([lo, lo + width]);
    }
    while (at < bytes.length - 2) {
      const value = varint();
      if (value === 0) continue;  // a pass
      const pair = pairs[Math.floor((value - 1) / 18)];
      if (!pair) return null;
      const [a, b] = Math.floor((value - 1) / 9) % 2 ? [pair[1], pair[0]] : pair;
      for (const [square, colour] of [[a, Math.floor((value - 1) / 3) % 3], [b, (value - 1) % 3]]) {
        rows[Math.floor(square / width)][square % width] = "ryb"[colour];
      }
    }
    return { board, players, text: `board: ${board}\nplayers: ${players}\n${rows.map((r) => r.join(" ")).join("\n")}\n` };
  } catch {
    return null;
  }
}
