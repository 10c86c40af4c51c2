// embed.html: one <qin-board> whose attributes come from the URL fragment
// (#position=...&move=...&caption=...), for pages that can only add an iframe.
import { pickLang } from "./qin-board.js";

const ATTRIBUTES = ["position", "src", "move", "caption", "highlight", "labels", "size",
  "interactive", "colours", "names", "step", "lang"];

function show() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const board = document.createElement("qin-board");
  board.id = "board";
  for (const name of ATTRIBUTES) {
    if (!params.has(name)) continue;
    const value = params.get(name);
    if (name === "interactive" && ["0", "false", "no"].includes(value)) continue;
    board.setAttribute(name, value);
  }
  // The board picks its language (the fragment's, else the reader's browser's) from its
  // own attribute and the page's: the page's, left from the fragment before, is not one.
  document.documentElement.removeAttribute("lang");
  document.getElementById("diagram").replaceChildren(board);
  document.documentElement.lang = pickLang(board);  // the page says the language it is in
}

// Tell the embedding page how tall we are, so it can size the iframe.
const id = new URLSearchParams(location.hash.replace(/^#/, "")).get("id") || "";
new ResizeObserver(() => {
  if (parent !== window) {
    parent.postMessage({ type: "qin-board-size", id, height: document.documentElement.scrollHeight }, "*");
  }
}).observe(document.body);

addEventListener("hashchange", show);
show();
