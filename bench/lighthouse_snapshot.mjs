// Lighthouse's accessibility audit of a page as it is now (its "snapshot" mode), in a
// Chromium another program drives (bench/accessibility.py, through Playwright).
//
//   node bench/lighthouse_snapshot.mjs PORT URL-PREFIX mobile|desktop
//
// Connects to the browser's debugging port, takes the one open page whose address starts
// with URL-PREFIX, audits it without reloading, resizing or emulating anything (the
// driver has opened it at the preset's size) and writes Lighthouse's JSON report (the
// accessibility category only) on stdout.
import puppeteer from 'puppeteer-core';
import {snapshot, desktopConfig} from 'lighthouse';

const [port, prefix, preset] = process.argv.slice(2);
const browser = await puppeteer.connect({browserURL: `http://127.0.0.1:${port}`,
                                         defaultViewport: null});
try {
  const pages = [];
  for (const target of browser.targets()) {
    if (target.type() === 'page' && target.url().startsWith(prefix)) {
      pages.push(await target.page());
    }
  }
  if (pages.length !== 1) {
    throw new Error(`${pages.length} pages open at ${prefix}, expected one`);
  }
  const flags = {
    onlyCategories: ['accessibility'],
    formFactor: preset === 'desktop' ? 'desktop' : 'mobile',
    screenEmulation: {disabled: true},
  };
  const config = preset === 'desktop' ? desktopConfig : undefined;
  const result = await snapshot(pages[0], {config, flags});
  process.stdout.write(JSON.stringify(result.lhr));
} finally {
  browser.disconnect();
}
