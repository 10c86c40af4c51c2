// Open the rules in the reader's language (window.qinLangs, ../embed/langs.js, loaded just
// before: their earlier choice first, then the browser's languages), keeping the #section
// they asked for.
location.replace(window.qinLangs.reader() + ".html" + location.hash);
