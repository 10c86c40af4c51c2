// Dialogs and display preferences, in plain JavaScript because neither is
// game logic and both must work before Python has started.
//
// - A dialog (.modal) makes what it stands over inert while it shows, so neither Tab
//   nor a screen reader's cursor can wander behind it. When one opens (the page's
//   Python only sets its `hidden`), the focus moves to its button named in data-focus;
//   when it closes, the focus goes back where it was (else to the board). The result
//   dialog is modal (everything else in #app); the hand-over cover names what it hides
//   in data-blocks (the game, not the header: the next player may still switch the
//   language or the contrast before confirming).
// - High contrast: the #contrast toggle, remembered in localStorage "qin-contrast";
//   with no choice stored, the system's "more contrast" preference decides.

const CONTRAST_KEY = "qin-contrast";
const app = document.getElementById("app");

function blocked(modal, child) {
  const only = modal.dataset.blocks;
  return only ? only.split(" ").includes(child.id) : true;
}

let shown = [];  // the dialogs open at the last look
let focusBack = null;  // where the focus was before the first of them opened

function updateInert() {
  const open = [...app.querySelectorAll(":scope > .modal")].filter((m) => !m.hidden);
  const opened = open.filter((m) => !shown.includes(m));
  const closed = shown.length > 0 && open.length === 0;
  if (opened.length && !shown.length) focusBack = document.activeElement;
  shown = open;
  // only what changes is written: an element made inert or no longer inert has its whole
  // subtree styled again (the game: some thousand elements), and the observer also runs
  // for every other `hidden` the reply changed
  for (const child of app.children) {
    const behind = !open.includes(child) && open.some((m) => blocked(m, child));
    if (child.hasAttribute("inert") !== behind) child.toggleAttribute("inert", behind);
  }
  const modal = open.length ? open[0].id : "";
  if (document.body.dataset.modal !== modal) document.body.dataset.modal = modal;
  if (opened.length) {
    document.getElementById(opened[0].dataset.focus || "")?.focus();
  } else if (closed) {
    const back = focusBack;
    focusBack = null;
    const play = document.getElementById("play");
    if (back && back.isConnected && back !== document.body && back.checkVisibility?.() !== false) {
      back.focus();
    } else if (play && !play.hidden) {
      document.getElementById("board-area")?.focus();
    }
  }
}
new MutationObserver(updateInert).observe(app, {
  subtree: true, attributes: true, attributeFilter: ["hidden"],
});
updateInert();

function storedContrast() {
  try { return localStorage.getItem(CONTRAST_KEY); } catch { return null; }
}

function setContrast(on, remember) {
  document.body.classList.toggle("high-contrast", on);
  document.getElementById("contrast")?.setAttribute("aria-pressed", on ? "true" : "false");
  if (remember) {
    try { localStorage.setItem(CONTRAST_KEY, on ? "on" : "off"); } catch { /* blocked */ }
  }
}

const stored = storedContrast();
const prefersMore = matchMedia("(prefers-contrast: more)");
setContrast(stored ? stored === "on" : prefersMore.matches, false);
prefersMore.addEventListener("change", (e) => {
  if (!storedContrast()) setContrast(e.matches, false);
});
document.getElementById("contrast")?.addEventListener("click", () => {
  setContrast(!document.body.classList.contains("high-contrast"), true);
});
