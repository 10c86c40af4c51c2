// Open the rules in the reader's language (their earlier choice first, then the
// browser's languages), keeping the #section they asked for.
(function () {
  var langs = ["en", "de", "fr"], wanted = [];
  try { wanted.push(localStorage.getItem("qin-lang")); } catch (e) { /* private mode */ }
  wanted = wanted.concat(navigator.languages || [navigator.language]);
  for (var i = 0; i < wanted.length; i++) {
    var base = String(wanted[i] || "").toLowerCase().split("-")[0];
    if (langs.indexOf(base) >= 0) { location.replace(base + ".html" + location.hash); return; }
  }
  location.replace("en.html" + location.hash);
})();
