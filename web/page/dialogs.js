// Dialogs and display preferences, in plain JavaScript because neither is
// game logic and both must work before Python has started.
//
// - A dialog (.modal) makes what it stands over inert while it shows, so neither Tab
//   nor a screen reader's cursor can wander behind it; main.py moves the focus into it
//   and back. The result dialog is modal (everything else in #app); the hand-over
//   cover names what it hides in data-blocks (the game, not the header: the next
//   player may still switch the language or the contrast before confirming).
// - High contrast: the #contrast toggle, remembered in localStorage "qin-contrast";
//   with no choice stored, the system's "more contrast" preference decides.

const CONTRAST_KEY = "qin-contrast";
const app = document.getElementById("app");

function blocked(modal, child) {
  const only = modal.dataset.blocks;
  return only ? only.split(" ").includes(child.id) : true;
}

function updateInert() {
  const open = [...app.querySelectorAll(":scope > .modal")].filter((m) => !m.hidden);
  for (const child of app.children) {
    const behind = !open.includes(child) && open.some((m) => blocked(m, child));
    if (behind) child.setAttribute("inert", "");
    else child.removeAttribute("inert");
  }
  document.body.dataset.modal = open.length ? open[0].id : "";
}

// main.py calls it before giving the focus back, so the page is not inert any more then.
window.qinUpdateInert = updateInert;
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
