// The start screen's progress table drawn without Python, from the stored record.
//
// Pure functions, no DOM (tests/test_progress_table.py runs this file under Node and
// compares its HTML with qin_ui.progress.table_html's, record by record). The record's
// format is qin_ui.progress's ("qin-progress/1"); a record that does not read as
// qin_ui.progress.parse would read it gives null: the page's Python then moves it aside
// and says why (nothing is drawn from it before that).

const FORMAT = "qin-progress/1";
const MAX_GAMES = 1000;
const LAST = 5;
const RESULTS = ["won", "shared", "lost"];
/** From the weakest to the strongest (qin_ui.progress.LEVEL_ORDER). */
const LEVEL_ORDER = ["apprentice", "governor", "minister", "emperor"];

/** Python's html.escape (quote=True), so both sides write the same bytes. */
function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;",
  })[c]);
}

/** One stored game as qin_ui.progress._counted accepts it, or null. */
function counted(item) {
  if (!item || typeof item !== "object" || Array.isArray(item)) return null;
  const { id, level, players, result } = item;
  const ended = "ended" in item ? item.ended : 0;
  if (typeof id !== "string" || !id || id.length > 64) return null;
  if (!LEVEL_ORDER.includes(level)) return null;
  if (![2, 3, 4].includes(players)) return null;
  if (!RESULTS.includes(result)) return null;
  if (typeof ended !== "number" || Number.isNaN(ended)) return null;
  return { id, level, players, result };
}

/** The stored progress text -> its games (oldest first, one per id), or null when the
 *  page's Python would not read it (it reports that, and keeps the text aside). */
export function progressGames(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== "object" || data.format !== FORMAT || !Array.isArray(data.games)) {
    return null;
  }
  const games = [];
  const seen = new Set();
  for (const item of data.games.slice(-MAX_GAMES)) {
    const game = counted(item);
    if (!game) return null;
    if (seen.has(game.id)) continue;
    seen.add(game.id);
    games.push(game);
  }
  return games;
}

/** Per (level, player count), weakest level first (qin_ui.progress.Progress.rows). */
function rows(games) {
  const groups = new Map();
  for (const g of games) {
    const key = `${g.level}\u0000${g.players}`;
    if (!groups.has(key)) groups.set(key, { level: g.level, players: g.players, games: [] });
    groups.get(key).games.push(g);
  }
  return [...groups.values()]
    .sort((a, b) => LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level) || a.players - b.players)
    .map(({ level, players, games: gs }) => ({
      level, players, games: gs.length, wins: gs.filter((g) => g.result !== "lost").length,
      last: gs.slice(-LAST).map((g) => g.result),
    }));
}

/** The table's HTML as qin_ui.progress.table_html writes it; `say(key)` is the catalogue,
 *  `levelName(level)` a level's name. null when the text is not a readable record. */
export function progressTable(text, say, levelName) {
  const games = text === null || text === undefined ? [] : progressGames(text);
  if (games === null) return null;
  const found = rows(games);
  if (!found.length) return { games: 0, html: `<p class="progress-empty">${escape(say("progress.none"))}</p>` };
  const marks = Object.fromEntries(RESULTS.map((r) => [r, say(`progress.mark.${r}`)]));
  const body = found.map((r) => `<tr data-level="${escape(r.level)}" data-players="${r.players}" `
    + `data-games="${r.games}" data-wins="${r.wins}" data-last="${r.last.join(" ")}">`
    + `<td>${escape(levelName(r.level))}</td><td>${r.players}</td><td>${r.games}</td><td>${r.wins}</td>`
    + `<td class="last" title="${escape(say("progress.last_title"))}">${escape(r.last.map((x) => marks[x]).join(" "))}</td></tr>`);
  const head = ["progress.level", "progress.players", "progress.games", "progress.wins", "progress.last"]
    .map((k) => `<th>${escape(say(k))}</th>`).join("");
  return {
    games: games.length,
    html: `<table class="progress-table"><thead><tr>${head}</tr></thead><tbody>${body.join("")}</tbody></table>`,
  };
}
