// Opening HTML reports in a real headless chromium (playwright-core, no browser download): shared by
// `npm run screenshots` and the browser test (test/e2e/report-html-browser.test.ts), so both judge the same page.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Where a chromium may be: PINTAE_CHROMIUM first, then Debian's and other distributions' usual paths. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** The chromium to use, or undefined when there is none (the caller says so and skips). */
export function findChromium() {
  const named = process.env.PINTAE_CHROMIUM;
  if (named) return existsSync(named) ? named : undefined;
  return CANDIDATES.find((p) => existsSync(p));
}

/**
 * One browser for every report (starting chromium costs far more than a page). `render(file, png?)` opens the report
 * with the network cut off, waits for it to load, and returns what the page reports about itself; with `png` it also
 * writes a full-page screenshot. `close()` ends the browser.
 */
export async function openBrowser(executablePath, { width = 1280 } = {}) {
  const { chromium } = await import('playwright-core');
  // --no-sandbox: CI containers run as root, where chromium's sandbox refuses to start.
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, javaScriptEnabled: true, offline: true });
  return {
    async render(file, png) {
      const page = await context.newPage();
      const requests = [];
      const errors = [];
      page.on('request', (r) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      page.on('pageerror', (e) => errors.push(String(e)));
      try {
        await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
        const facts = await page.evaluate(() => ({
          title: document.title,
          invoices: document.querySelectorAll('section.invoice').length,
          findings: document.querySelectorAll('li.finding').length,
          flagged: document.querySelectorAll('.flag-error, .flag-warning').length,
          scripts: document.scripts.length,
          summaryFirst: (() => {
            const s = document.querySelector('#summary');
            const i = document.querySelector('section.invoice');
            return Boolean(s && (!i || s.getBoundingClientRect().top < i.getBoundingClientRect().top));
          })(),
          // A page wider than the window means something does not wrap.
          overflow: document.documentElement.scrollWidth > window.innerWidth,
          // The body, each table and each table's scroll box wider than its own box (a table may scroll, but should not need to).
          wide: [document.body, ...document.querySelectorAll('table, .scroll')].filter((e) => e.scrollWidth > e.clientWidth)
            .map((e) => `${e.tagName.toLowerCase()}${e.className ? `.${e.className}` : ''} (${e.scrollWidth} > ${e.clientWidth})`),
          // Labels and headings with no text: a word the catalogue lacks would leave one empty.
          emptyLabels: [...document.querySelectorAll('h1, h2, h3, h4, th, dt, .doc-type, .sev, .verdict')].filter((e) => e.textContent.trim() === '').length,
          lang: document.documentElement.lang,
          dir: document.documentElement.dir,
          // The texts a browser lays out right to left (Arabic with dir="auto", the Arabic labels of a report in ar or en+ar).
          rtl: [...document.querySelectorAll('[dir]')].filter((e) => e.matches(':dir(rtl)')).map((e) => e.textContent),
        }));
        if (png) await page.screenshot({ path: png, fullPage: true });
        return { ...facts, requests, errors };
      } finally {
        await page.close();
      }
    },
    /**
     * What a reader without a mouse or at 200% zoom meets (docs/decisions.md "The HTML report, accessible (a11y)"):
     * the page in a window half as wide (a 1280-pixel screen zoomed to 200%), its first Tab stop and where Enter on it
     * leads, the focus ring, and the page as printed (every finding shown, folded or not; colours of marks kept).
     */
    async a11y(file, { width: narrow = Math.round(width / 2) } = {}) {
      const ctx = await browser.newContext({ viewport: { width: narrow, height: 900 }, deviceScaleFactor: 1, javaScriptEnabled: true, offline: true });
      const page = await ctx.newPage();
      try {
        await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
        const zoomed = await page.evaluate(() => ({
          overflow: document.documentElement.scrollWidth > window.innerWidth,
          wide: [document.body, ...document.querySelectorAll('table')].filter((e) => e.scrollWidth > e.clientWidth)
            .map((e) => `${e.tagName.toLowerCase()}${e.className ? `.${e.className}` : ''} (${e.scrollWidth} > ${e.clientWidth})`),
        }));
        await page.keyboard.press('Tab');
        const focus = await page.evaluate(() => {
          const e = document.activeElement;
          const r = e.getBoundingClientRect();
          const st = getComputedStyle(e);
          return { href: e.getAttribute('href'), text: e.textContent, inView: r.top >= 0 && r.bottom <= window.innerHeight && r.width > 0, outline: st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) >= 2 };
        });
        await page.keyboard.press('Enter');
        const afterEnter = await page.evaluate(() => location.hash);
        await page.emulateMedia({ media: 'print' });
        const print = await page.evaluate(() => ({
          findings: document.querySelectorAll('li.finding').length,
          hidden: [...document.querySelectorAll('li.finding')].filter((e) => !e.checkVisibility()).map((e) => e.id),
          places: [...document.querySelectorAll('li.finding .fmeta')].filter((e) => e.checkVisibility()).length,
          colourLost: [...document.querySelectorAll('a.mark, li.finding .n, .sev, .chip, .verdict')].filter((e) => getComputedStyle(e).printColorAdjust !== 'exact').length,
        }));
        return { ...zoomed, focus, afterEnter, print };
      } finally {
        await ctx.close();
      }
    },
    close: () => browser.close(),
  };
}
