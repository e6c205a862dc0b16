/**
 * The HTML report opened in a real headless chromium (issue 12 item 6): the reports of every fixture — validate of
 * every request, check of every document validate built, and a request with Arabic and markup in its text — each
 * load with no request leaving the file, no script error, every invoice and finding on the page, the summary on top,
 * nothing wider than the window, Arabic laid out right to left; and each gives a screenshot. One browser serves them
 * all (starting it costs more than a page). Without a chromium the test is skipped and says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, FIXTURES, RATES, ROOT } from '../helpers/paths.js';
// @ts-expect-error a plain ES module shared with `npm run screenshots`, without type declarations
import { findChromium, openBrowser } from '../../scripts/report-browser.mjs';

interface PageFacts {
  title: string; invoices: number; findings: number; flagged: number; scripts: number; summaryFirst: boolean; overflow: boolean;
  rtl: string[]; requests: string[]; errors: string[]; wide: string[]; emptyLabels: number; lang: string; dir: string;
}
interface A11yFacts {
  overflow: boolean; wide: string[]; afterEnter: string;
  focus: { href: string | null; text: string; inView: boolean; outline: boolean };
  print: { findings: number; hidden: string[]; places: number; colourLost: number };
}
interface Browser { render(file: string, png?: string): Promise<PageFacts>; a11y(file: string): Promise<A11yFacts>; close(): Promise<void> }

const chromium: string | undefined = findChromium();
if (!chromium) {
  console.warn('report-html-browser: SKIPPED — no chromium found (Debian: apt-get install chromium; or set PINTAE_CHROMIUM). The HTML report was not opened in a browser.');
}

const run = (args: string[], input?: string) => execa('node', [BIN, ...args], { reject: false, cwd: ROOT, input, env: { NO_COLOR: '1' } });
const ENV = ['--entity', ENTITY, '--rates', RATES];
const fixtureFiles = ['invoices', 'invalid'].flatMap((d) => readdirSync(join(FIXTURES, d)).filter((f) => f.endsWith('.json')).map((f) => join(FIXTURES, d, f)));

/** What the page should show: every input and every finding of the run's JSON report. */
async function expected(args: string[], input?: string): Promise<{ inputs: number; findings: number }> {
  const { stdout } = await run([...args, '--format', 'json'], input);
  const report = JSON.parse(stdout) as { results: Array<{ error?: unknown; response?: { errors?: unknown[]; data?: { errors: unknown[]; warnings: unknown[] } }; pintae_findings?: unknown[] }> };
  // pintae's own findings stand beside the response (issue 24): the page shows them too.
  const findings = report.results.reduce((n, r) => n + (r.error ? 1 : r.response?.data ? r.response.data.errors.length + r.response.data.warnings.length + (r.pintae_findings?.length ?? 0) : r.response?.errors?.length ?? 0), 0);
  return { inputs: report.results.length, findings };
}

describe.skipIf(!chromium)('the HTML report in headless chromium', () => {
  let dir: string;
  let browser: Browser;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pintae-browser-'));
    browser = await openBrowser(chromium!) as Browser;
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function renders(name: string, args: string[], input?: string): Promise<PageFacts> {
    const file = join(dir, `${name}.html`);
    const { exitCode, stderr } = await run([...args, '--format', 'html', '--output', file], input);
    expect([0, 1], stderr).toContain(exitCode);
    const want = await expected(args, input);
    const png = join(dir, `${name}.png`);
    const facts = await browser.render(file, png);
    expect(facts.requests, 'requests leaving the file').toEqual([]);
    expect(facts.errors, 'console errors').toEqual([]);
    expect(facts.scripts).toBe(0);
    expect(facts.invoices).toBe(want.inputs);
    expect(facts.findings).toBe(want.findings);
    expect(facts.summaryFirst).toBe(true);
    expect(facts.overflow, 'the page is wider than the window').toBe(false);
    // A screenshot of a whole page: a PNG, and taller than one window.
    const shot = readFileSync(png);
    expect(shot.subarray(1, 4).toString()).toBe('PNG');
    expect(statSync(png).size).toBeGreaterThan(20_000);
    return facts;
  }

  it('validate: every fixture request, valid and invalid, in one report', async () => {
    const facts = await renders('validate', ['validate', ...fixtureFiles, ...ENV]);
    expect(facts.flagged).toBeGreaterThan(10);
  });

  it('check: every document validate built from the fixtures, one of them damaged', async () => {
    const xml = join(dir, 'xml');
    mkdirSync(xml);
    await run(['validate', ...fixtureFiles, ...ENV, '--out-dir', xml, '--deterministic', '--format', 'json']);
    const built = readdirSync(xml).filter((f) => f.endsWith('.xml'));
    expect(built.length).toBeGreaterThan(12);
    const first = join(xml, built[0]!);
    writeFileSync(first, readFileSync(first, 'utf8').replace(/100987654300003/g, '10098765'));
    const facts = await renders('check', ['check', xml]);
    expect(facts.flagged).toBeGreaterThan(0);
  });

  it('Arabic text reads right to left, and markup in the input stays text', async () => {
    const body = JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'));
    body.buyer.name = 'شركة الخليج للتجهيزات المكتبية';
    body.line_items[0].description = '<img src="http://example.invalid/x.png"> ورق تصوير A4';
    body.due_date = 'soon';
    const facts = await renders('rtl', ['validate', '-', ...ENV], JSON.stringify(body));
    expect(facts.rtl).toContain('شركة الخليج للتجهيزات المكتبية');
  });

  it('in Arabic and in both languages: a valid and an invalid invoice, nothing wider than its box, no empty label', async () => {
    const inputs = [join(FIXTURES, 'invoices/usd-with-rate.json'), join(FIXTURES, 'invalid/invoice-items.json')];
    const want = await expected(['validate', ...inputs, ...ENV]);
    for (const lang of ['ar', 'en+ar']) {
      const file = join(dir, `lang-${lang}.html`);
      const { exitCode, stderr } = await execa('node', [BIN, 'validate', ...inputs, ...ENV, '--lang', lang, '--format', 'html', '--output', file],
        { reject: false, cwd: ROOT, env: { NO_COLOR: '1' } });
      expect(exitCode, stderr).toBe(1);
      const facts = await browser.render(file);
      expect([facts.lang, facts.dir], lang).toEqual(lang === 'ar' ? ['ar', 'rtl'] : ['en', '']);
      expect(facts.requests, lang).toEqual([]);
      expect(facts.errors, lang).toEqual([]);
      expect(facts.invoices, lang).toBe(want.inputs);
      expect(facts.findings, lang).toBe(want.findings);
      expect(facts.overflow, `${lang}: the page is wider than the window`).toBe(false);
      expect(facts.wide, `${lang}: wider than its box`).toEqual([]);
      expect(facts.emptyLabels, `${lang}: empty labels`).toBe(0);
      // The Arabic labels are laid out right to left, in Arabic and beside the English alike.
      expect(facts.rtl.some((t) => t.includes('رقم التسجيل الضريبي')), lang).toBe(true);
    }
  });

  it('at 200% zoom, by keyboard, and printed: nothing cut off, the summary one Tab away, every finding and its place kept', async () => {
    // An invalid invoice with a folded finding (one that follows from another) and a valid one, in both languages.
    const inputs = [join(FIXTURES, 'invalid/contact-trn.json'), join(FIXTURES, 'invoices/usd-with-rate.json')];
    const file = join(dir, 'a11y.html');
    await execa('node', [BIN, 'validate', ...inputs, ...ENV, '--lang', 'en+ar', '--format', 'html', '--output', file], { reject: false, cwd: ROOT, env: { NO_COLOR: '1' } });
    const facts = await browser.a11y(file);
    expect(facts.overflow, 'wider than the window at 200%').toBe(false);
    expect(facts.wide, 'wider than its box at 200%').toEqual([]);
    expect(facts.focus.href).toBe('#summary');
    expect(facts.focus.inView && facts.focus.outline, 'the first Tab stop is shown, with a focus ring').toBe(true);
    expect(facts.afterEnter).toBe('#summary');
    expect(facts.print.findings).toBeGreaterThan(2);
    expect(facts.print.hidden, 'findings a print leaves out').toEqual([]);
    expect(facts.print.places).toBe(facts.print.findings);
    expect(facts.print.colourLost, 'marks and levels whose colours a print drops').toBe(0);
  });
});

describe.skipIf(Boolean(chromium))('the HTML report in headless chromium', () => {
  it('is skipped: no chromium found (install Debian\'s chromium, or set PINTAE_CHROMIUM)', () => {});
});
