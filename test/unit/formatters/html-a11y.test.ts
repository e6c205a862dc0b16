/**
 * The HTML report read as WCAG 2.1 AA asks, as far as the page's HTML and CSS show it without a person (docs/decisions.md
 * "The HTML report, accessible (a11y)"): one h1 and no heading level skipped, the invoice's blocks beside its
 * findings, every part of the page in a landmark, a first link to the summary (written last, shown first), every
 * table header scoped, every link named (a mark by its level, not its number alone), a rule's level not by colour
 * alone, English words in an Arabic page marked English, the contrast of every colour the stylesheet pairs
 * (computed as WCAG 2.1 defines it: 4.5:1 for text, none here is large), and a print that keeps every finding.
 * The browser's side (zoom, focus, print media) is in test/e2e/report-html-browser.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateText } from '../../../src/batch/work.js';
import type { InvoiceResult } from '../../../src/model/report.js';
import { html } from '../../../src/formatters/html.js';
import { RTL_STYLE, STYLE } from '../../../src/formatters/html-style.js';
import { FIXTURES } from '../../helpers/paths.js';
import { fixtureEnv } from '../../helpers/pipeline.js';
import { all, byId, hasClass, parseHtml, text, walk, type El } from '../../helpers/html-tree.js';
import { finding, reportOf, validated } from './support.js';
import { loadViews } from '../../../src/view/lazy.js';

await loadViews();

const FILES = ['fixtures/invoices/usd-with-rate.json', 'fixtures/invalid/invoice-items.json'];
/** An English sentence no catalogue entry words: in an Arabic page it stays English. */
const ENGLISH_ONLY = 'Tax total should be rounded to two decimals';

let pages: { en: El; ar: El; arHtml: string };
beforeAll(() => {
  const results: InvoiceResult[] = FILES.flatMap((f) => validateText(f, readFileSync(join(FIXTURES, '..', f), 'utf8'), fixtureEnv(), false, true));
  const root = finding('error', 'invoice_header', 'due_date is required when the amount due is above zero', { rule: 'ibr-127-ae', field: 'due_date' });
  const dep = finding('warning', 'tax', ENGLISH_ONLY, { rule: 'ibr-w-01', field: 'tax_total' });
  results.push(validated('in/d.json', 'INV-4', [root, dep], null, new Map([[dep, root]])));
  const report = reportOf(results);
  const arHtml = html(report, { color: false, lang: 'ar' });
  pages = { en: parseHtml(html(report, { color: false })), ar: parseHtml(arHtml), arHtml };
});

const headings = (page: El) => all(page, (e) => /^h[1-6]$/.test(e.tag));
const reportBox = (page: El) => all(page, (e) => e.tag === 'div' && hasClass(e, 'report'))[0]!;

describe('the HTML report, accessible', () => {
  it('has one h1, and no heading deeper than one level below the one before it', () => {
    for (const page of [pages.en, pages.ar]) {
      const levels = headings(page).map((h) => Number(h.tag[1]));
      expect(levels.filter((l) => l === 1)).toHaveLength(1);
      expect(levels[0]).toBe(1);
      levels.forEach((l, i) => { if (i) expect(l, `heading ${i}`).toBeLessThanOrEqual(levels[i - 1]! + 1); });
    }
  });

  it('heads the invoice\'s blocks and tables at the level of its findings, not beneath them', () => {
    const blocks = all(pages.en, (e) => e.tag === 'section' && (hasClass(e, 'block') || hasClass(e, 'table-block')));
    expect(blocks.length).toBeGreaterThan(8);
    for (const b of blocks) expect(headings(b)[0]?.tag, b.attrs.id).toBe('h3');
  });

  it('puts every part of the page in a landmark: banner, main, a named summary region, contentinfo', () => {
    const parts = reportBox(pages.en).children.filter((c): c is El => typeof c !== 'string');
    // The link to the summary comes first, before the landmarks (a skip link needs none).
    expect(parts.map((p) => p.tag)).toEqual(['a', 'header', 'main', 'section', 'footer']);
    expect(hasClass(parts[0]!, 'skip')).toBe(true);
    const summary = parts[3]!;
    expect(summary.attrs.id).toBe('summary');
    const label = byId(pages.en, summary.attrs['aria-labelledby'] ?? '');
    expect(label?.tag).toBe('h2');
    expect(text(label!)).toBe('Summary');
  });

  it('gives the keyboard a first link to the summary, which the page shows first but writes last', () => {
    const first = all(pages.en, (e) => e.tag === 'a' || e.tag === 'summary')[0]!;
    expect(first.attrs.href).toBe('#summary');
    expect(text(first)).toBe('Go to the summary');
    const firstAr = all(pages.ar, (e) => e.tag === 'a')[0]!;
    expect(text(firstAr)).toBe('الانتقال إلى الملخص');
    // Shown when it has the focus: the stylesheet moves it into view.
    expect(STYLE).toMatch(/\.skip:focus\{top:8px\}/);
  });

  it('scopes every table header, and every table has them', () => {
    const tables = all(pages.en, (e) => e.tag === 'table');
    expect(tables.length).toBeGreaterThan(4);
    for (const t of tables) {
      const ths = all(t, (e) => e.tag === 'th');
      expect(ths.length).toBeGreaterThan(1);
      for (const th of ths) expect(th.attrs.scope, text(th)).toMatch(/^(col|row)$/);
    }
  });

  it('names every link, and a mark by the level of its finding as well as its number', () => {
    for (const page of [pages.en, pages.ar]) {
      for (const a of all(page, (e) => e.tag === 'a')) {
        expect(text(a).trim(), a.attrs.href).not.toBe('');
        expect(byId(page, a.attrs.href!.slice(1)), a.attrs.href).toBeDefined();
      }
    }
    const marks = all(pages.en, (e) => e.tag === 'a' && hasClass(e, 'mark'));
    expect(marks.length).toBeGreaterThanOrEqual(2);
    const word = { error: 'Error', warning: 'Warning', info: 'Note', off: 'Off' } as const;
    for (const m of marks) {
      const level = (['error', 'warning', 'info', 'off'] as const).find((l) => hasClass(m, l))!;
      expect(text(m)).toMatch(new RegExp(`^${word[level]} \\d+$`));
    }
  });

  it('says a finding\'s level, and a rule\'s in the summary, in words and not by colour alone', () => {
    for (const li of all(pages.en, (e) => e.tag === 'li' && hasClass(e, 'finding'))) {
      const sev = all(li, (e) => hasClass(e, 'sev'))[0]!;
      expect(text(sev)).toMatch(/^(Error|Warning|Note|Off)$/);
    }
    const chips = all(pages.en, (e) => hasClass(e, 'chip'));
    expect(chips.length).toBeGreaterThan(2);
    for (const c of chips) expect(text(c), text(c)).toMatch(hasClass(c, 'error') ? /^✖ Error / : /^▲ Warning /);
  });

  it('marks English words in an Arabic page as English: a message no entry words', () => {
    const msg = all(pages.ar, (e) => hasClass(e, 'msg') && text(e).includes(ENGLISH_ONLY))[0]!;
    const span = [...walk(msg)].find((e) => text(e) === ENGLISH_ONLY)!;
    expect(span.attrs.lang).toBe('en');
    // …and only those: the page's own words stay Arabic, with no lang of their own.
    expect(pages.arHtml.match(/lang="en"/g)?.length).toBeLessThan(5);
  });

  it('keeps a folded finding ("caused by") in a print, and the colours of marks and numbers', () => {
    const print = /@media print\{([\s\S]*?)\}\s*(?:@media|$)/.exec(STYLE)?.[1] ?? '';
    expect(print).toMatch(/details::details-content\{content-visibility:visible;display:block\}/);
    expect(print).toMatch(/print-color-adjust:exact/);
    expect(print).toMatch(/\.scroll\{overflow:visible\}/);
    expect(all(pages.en, (e) => e.tag === 'details' && hasClass(e, 'caused'))).toHaveLength(1);
  });
});

/* Contrast, computed from the stylesheet as WCAG 2.1 defines it (relative luminance, (L1 + 0.05) / (L2 + 0.05)). */
const CSS = `${STYLE}\n${RTL_STYLE}`;
const VARS = Object.fromEntries([...CSS.matchAll(/--([\w-]+):(#[0-9a-fA-F]{3,6})/g)].map((m) => [m[1]!, m[2]!]));
const hex = (c: string): string => {
  const v = c.startsWith('var(') ? VARS[c.slice(6, -1)] : c;
  if (!v || !/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/.test(v)) throw new Error(`not a colour: ${c}`);
  return v.length === 4 ? `#${[...v.slice(1)].map((d) => d + d).join('')}` : v;
};
const luminance = (c: string) => [1, 3, 5].map((i) => parseInt(hex(c).slice(i, i + 2), 16) / 255)
  .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i]!, 0);
const contrast = (a: string, b: string) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x! + 0.05) / (y! + 0.05); };
/** Every rule of the stylesheet: its selector, its text colour, its background colour (where a plain colour). */
const RULES = [...CSS.replace(/@media[^{]*\{/g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((m) => ({
  sel: m[1]!.trim(),
  color: /(?:^|;)color:(#[0-9a-fA-F]{3,6}|var\(--[\w-]+\))/.exec(m[2]!)?.[1],
  bg: /(?:^|;)background(?:-color)?:(#[0-9a-fA-F]{3,6}|var\(--[\w-]+\))/.exec(m[2]!)?.[1],
}));

describe('the HTML report\'s colours', () => {
  it('the computation is WCAG\'s: black on white is 21:1, #767676 on white 4.54:1', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#fff')).toBeCloseTo(4.54, 2);
  });

  it('every text colour on the background its rule sets is at least 4.5:1', () => {
    const paired = RULES.filter((r) => r.color && r.bg);
    expect(paired.length).toBeGreaterThan(10);
    for (const r of paired) expect(contrast(r.color!, r.bg!), `${r.sel}: ${r.color} on ${r.bg}`).toBeGreaterThanOrEqual(4.5);
  });

  it('every text colour set alone is at least 4.5:1 on the page and on each background a row, a value or a finding takes', () => {
    const grounds = ['var(--paper)', 'var(--bg)', '#f9fafb', '#fcfcfd', 'var(--err-bg)', 'var(--warn-bg)', '#eff8ff'];
    const alone = RULES.filter((r) => r.color && !r.bg && !/^:root$/.test(r.sel));
    expect(alone.length).toBeGreaterThan(10);
    for (const r of alone) for (const g of grounds) expect(contrast(r.color!, g), `${r.sel}: ${r.color} on ${g}`).toBeGreaterThanOrEqual(4.5);
  });

  it('white numbers on the colours of findings and marks, links and a flagged value\'s meaning are at least 4.5:1', () => {
    for (const c of ['--err', '--warn', '--off']) expect(contrast('#fff', `var(${c})`), c).toBeGreaterThanOrEqual(4.5);
    for (const g of ['var(--paper)', 'var(--err-bg)', 'var(--warn-bg)', 'var(--err-soft)', 'var(--warn-soft)', '#eff8ff']) {
      expect(contrast('var(--link)', g), `link on ${g}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(RULES.find((r) => r.sel.startsWith('.flag .meaning'))!.color!, g), `meaning on ${g}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('the focus ring and the target outline are at least 3:1 on the page', () => {
    const outline = /:focus-visible\{outline:3px solid (var\(--[\w-]+\)|#[0-9a-fA-F]+)/.exec(CSS)?.[1];
    expect(outline).toBeDefined();
    expect(contrast(outline!, 'var(--paper)')).toBeGreaterThanOrEqual(3);
    const target = /:target\{outline:3px solid (var\(--[\w-]+\)|#[0-9a-fA-F]+)/.exec(CSS)![1]!;
    expect(contrast(target, 'var(--paper)')).toBeGreaterThanOrEqual(3);
  });
});
