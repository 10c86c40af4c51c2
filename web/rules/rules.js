// The language switch of the rules pages: links keep the section (#anchor) the reader
// is at, and the choice is remembered for rules/index.html.
for (const link of document.querySelectorAll("nav.lang a[hreflang]")) {
  link.addEventListener("click", () => {
    try { localStorage.setItem("qin-lang", link.hreflang); } catch { /* private mode */ }
    link.href = link.getAttribute("href").split("#")[0] + location.hash;
  });
}
