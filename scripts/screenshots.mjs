// npm run screenshots: PNGs of the HTML report (issue 12) for the README, from the built CLI and a headless chromium.
//   docs/screenshots/report-valid.png    validate of fixtures/invoices/usd-with-rate.json: a valid USD invoice, with
//                                        its totals in USD and in AED and the exchange rate
//   docs/screenshots/report-invalid.png  validate of fixtures/invalid/invoice-items.json: three errors, each listed at
//                                        the top and highlighted at the line it concerns
//   docs/screenshots/report-{valid,invalid}-ar.png     the same two in Arabic: right to left, Western digits (issue 26)
//   docs/screenshots/report-{valid,invalid}-en+ar.png  the same two bilingual: each label in English and Arabic
// --deterministic keeps the document IDs, so a rerun changes the PNGs only where the page changed.
// Each page is also checked: nothing wider than its box (the body, every table), no empty label, no request leaving
// the file, no script error; a page that fails the check stops the script (exit 1).
// PINTAE_CHROMIUM names the browser when it is not at a usual path (scripts/report-browser.mjs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium, openBrowser } from './report-browser.mjs';
import { useOwnCache } from './own-cache.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
useOwnCache(root, 'pintae-screenshots-home');
const out = join(root, 'docs/screenshots');
const PAGES = [
  { name: 'report-valid', input: 'fixtures/invoices/usd-with-rate.json' },
  { name: 'report-invalid', input: 'fixtures/invalid/invoice-items.json' },
];
const SHOTS = ['en', 'ar', 'en+ar'].flatMap((lang) => PAGES.map((p) => ({ ...p, lang, name: lang === 'en' ? p.name : `${p.name}-${lang}` })));

const langArgs = (lang) => (lang === 'en' ? [] : ['--lang', lang]);

const chromium = findChromium();
if (!chromium) {
  console.error('screenshots: no chromium found (install Debian\'s chromium, or set PINTAE_CHROMIUM to a chromium binary)');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const work = mkdtempSync(join(tmpdir(), 'pintae-shots-'));
const browser = await openBrowser(chromium, { width: 1100 });
try {
  for (const { name, input, lang } of SHOTS) {
    const html = join(work, `${name}.html`);
    const run = spawnSync(process.execPath, [join(root, 'bin/pintae.js'), 'validate', input, '--entity', 'fixtures/entities/al-noor-trading.json',
      '--rates', 'fixtures/rates/cbuae-2025.csv', '--format', 'html', '--output', html, '--deterministic', ...langArgs(lang)],
    { cwd: root, encoding: 'utf8' });
    // Exit 1 is the verdict of the invalid one; 2 is a fault.
    if (run.status !== 0 && run.status !== 1) throw new Error(`pintae validate ${input} exited ${run.status}: ${run.stderr}`);
    const png = join(out, `${name}.png`);
    const facts = await browser.render(html, png);
    if (facts.requests.length || facts.errors.length) throw new Error(`${name}: the page loaded ${facts.requests.join(', ')} / said ${facts.errors.join('; ')}`);
    if (facts.wide.length || facts.emptyLabels) throw new Error(`${name}: wider than its box: ${facts.wide.join(', ') || 'nothing'}; empty labels: ${facts.emptyLabels}`);
    console.log(`${png.slice(root.length + 1)}  ${input}: ${facts.findings} findings, ${facts.flagged} places highlighted`);
  }
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
