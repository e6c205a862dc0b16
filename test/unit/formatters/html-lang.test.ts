/**
 * The HTML report in Arabic and in both languages (issue 26 item 3): the page's language and direction, every label
 * and heading of the page's own in Arabic (`ar`) or in English and Arabic (`en+ar`, the Arabic marked as such),
 * amounts in Western digits, each finding's message and hint in the language where pintae words it (else as it came). The words expected are the issue's own
 * examples ("Tax Invoice / فاتورة ضريبية", "TRN / رقم التسجيل الضريبي") and the terms of docs/glossary.md.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateText } from '../../../src/batch/work.js';
import type { InvoiceResult } from '../../../src/model/report.js';
import { html } from '../../../src/formatters/html.js';
import type { Lang } from '../../../src/messages/lang.js';
import { FIXTURES } from '../../helpers/paths.js';
import { fixtureEnv } from '../../helpers/pipeline.js';
import { all, hasClass, parseHtml, text, type El } from '../../helpers/html-tree.js';
import { reportOf } from './support.js';
import { loadViews } from '../../../src/view/lazy.js';

// The views are loaded by whatever asks for them (the CLI, a worker): here, the tests ask.
await Promise.all([loadViews()]);

const FILES = ['fixtures/invoices/usd-with-rate.json', 'fixtures/invalid/invoice-items.json'];
const ARABIC = /[\u0600-\u06FF]/u;
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/u;
/** Latin words an Arabic label may hold: names of standards and codes, not English words. */
const NAMES = /\b(?:IBAN|UUID|AED|USD|PINT-AE|Peppol|Incoterms|XML|TDS|SEPA|ibt-\d+|btae-\d+)\b/g;

/** The page's own labels and headings: what the catalogue says, not what the document or a finding says. */
const LABELS = (e: El) => (['h1', 'h2', 'h3', 'h4', 'th', 'dt'].includes(e.tag) && !(e.tag === 'h2' && e.parent && hasClass(e.parent, 'inv-title'))) || hasClass(e, 'doc-type') || hasClass(e, 'sev') || hasClass(e, 'verdict') || hasClass(e, 'missing');
/** A label's own words: without the marks of findings (numbers) and the currency note of the lines. */
const own = (e: El): El => ({ ...e, children: e.children.filter((c) => typeof c === 'string' || !(hasClass(c, 'marks') || hasClass(c, 'cur'))) });
const ownText = (e: El) => text(own(e));

describe('the HTML report in Arabic and in both languages', () => {
  let results: InvoiceResult[];
  const pages = new Map<Lang, { html: string; page: El }>();
  beforeAll(() => {
    results = FILES.flatMap((f) => validateText(f, readFileSync(join(FIXTURES, '..', f), 'utf8'), fixtureEnv(), false, true));
    for (const lang of ['en', 'ar', 'en+ar'] as const) {
      const out = html(reportOf(results), { color: false, lang });
      pages.set(lang, { html: out, page: parseHtml(out) });
    }
  });

  it('ar: the page is Arabic, right to left', () => {
    expect(pages.get('ar')!.html).toContain('<html lang="ar" dir="rtl">');
    expect(pages.get('en+ar')!.html).toContain('<html lang="en">');
    expect(pages.get('en')!.html).toContain('<html lang="en">');
  });

  it('ar: every label and heading of the page is in Arabic, with no English word left', () => {
    const labels = all(pages.get('ar')!.page, LABELS).map(ownText).map((t) => t.trim()).filter((t) => t !== '' && t !== '#');
    expect(labels.length).toBeGreaterThan(60);
    for (const label of labels) {
      expect(label, label).toMatch(ARABIC);
      expect(label.replace(NAMES, ''), label).not.toMatch(/[A-Za-z]{2,}/);
    }
    const words = new Set(labels);
    for (const term of ['فاتورة ضريبية', 'رقم التسجيل الضريبي', 'المورد', 'المشتري', 'ضريبة القيمة المضافة', 'المبلغ الخاضع للضريبة', 'الملخص']) expect(words, term).toContain(term);
  });

  it('en+ar: each label carries both languages, the Arabic marked lang="ar" dir="rtl"', () => {
    const { page } = pages.get('en+ar')!;
    const labels = all(page, LABELS);
    const both = (e: El) => all(own(e), (s) => s.tag === 'span' && s.attrs.lang === 'ar' && s.attrs.dir === 'rtl').length === 1;
    const shown = labels.map((e) => ownText(e).trim());
    expect(shown).toContain('Tax invoice / فاتورة ضريبية');
    expect(shown).toContain('TRN / رقم التسجيل الضريبي');
    expect(shown).toContain('Taxable amount / المبلغ الخاضع للضريبة');
    // Every label but "#" has its Arabic, in an element of its own.
    for (const e of labels.filter((l) => ownText(l).trim() !== '#')) expect(both(e), ownText(e)).toBe(true);
  });

  it('amounts and codes keep Western digits, left to right, in every language', () => {
    for (const lang of ['ar', 'en+ar'] as const) {
      const { html: out, page } = pages.get(lang)!;
      expect(out).not.toMatch(EASTERN_DIGITS);
      const amounts = all(page, (e) => hasClass(e, 'num'));
      expect(amounts.length).toBeGreaterThan(20);
      for (const a of amounts) {
        expect(a.attrs.dir).toBe('ltr');
        expect(text(a)).toMatch(/^[-−]?\d{1,3}(?:,\d{3})*(?:\.\d+)?$/);
      }
      // The USD invoice: 10 × 240 plus 120 VAT is 2,520.00 USD, and at its rate of 3.6725 AED per USD 9,254.70 AED.
      expect(amounts.map(text)).toEqual(expect.arrayContaining(['2,520.00', '9,254.70', '3.6725']));
    }
  });

  // The invalid fixture's zero tax on its S line (spec 7.2, "tax amount cannot be zero on a line"), in the catalogue's two languages.
  const ZERO_EN = 'tax amount cannot be zero on a line';
  const ZERO_AR = 'لا يجوز أن يكون مبلغ الضريبة صفراً في بند';
  const msgs = (lang: Lang) => all(pages.get(lang)!.page, (e) => hasClass(e, 'msg'));
  /** The Arabic-marked text of a message (its level's badge aside) or of a hint. */
  const arabicOf = (e: El) => all({ ...e, children: e.children.filter((c) => typeof c === 'string' || !hasClass(c, 'sev')) }, (s) => s.tag === 'span' && s.attrs.lang === 'ar' && s.attrs.dir === 'rtl').map(text);

  it('ar: a finding\'s message is said in Arabic, right to left, and its English is gone', () => {
    const shown = msgs('ar');
    const zero = shown.find((e) => text(e).includes(ZERO_AR));
    expect(zero, 'the Arabic message').toBeDefined();
    expect(arabicOf(zero!)).toEqual([ZERO_AR]);
    expect(shown.map(text).join('\n')).not.toContain(ZERO_EN);
    // Its mark at the line's value says it too.
    expect(pages.get('ar')!.html).toContain(`title="${ZERO_AR}"`);
  });

  it('en+ar: a finding\'s message in English, then in Arabic on a line of its own marked lang="ar" dir="rtl"', () => {
    const zero = msgs('en+ar').find((e) => text(e).includes(ZERO_EN));
    expect(zero, 'the English message').toBeDefined();
    expect(arabicOf(zero!)).toEqual([ZERO_AR]);
    expect(all(zero!, (s) => hasClass(s, 'ar-line')).map(text)).toEqual([ZERO_AR]);
    expect(text(zero!).indexOf(ZERO_EN)).toBeLessThan(text(zero!).indexOf(ZERO_AR));
    expect(pages.get('en+ar')!.html).toContain(`title="${ZERO_EN} / ${ZERO_AR}"`);
    // English stays as it was.
    expect(msgs('en').map(text).join('\n')).toContain(ZERO_EN);
    expect(pages.get('en')!.html).not.toContain(ZERO_AR);
  });

  it('a hint is said in the language as its message is', () => {
    const body = JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'));
    body.buyer.trn = '100-2345-6789-0003';
    const [r] = validateText('trn.json', JSON.stringify(body), fixtureEnv(), false, true);
    const hints = (lang: Lang) => all(parseHtml(html(reportOf([r!]), { color: false, lang })), (e) => hasClass(e, 'hint'));
    // src/messages/values.ts: a TRN with dashes, in English and in Arabic.
    const en = '"100-2345-6789-0003" has dashes: send the 15 digits alone, "100234567890003"';
    const ar = '"100-2345-6789-0003" فيه شرطات: أرسل الأرقام الخمسة عشر وحدها، "100234567890003"';
    expect(hints('en').map(text)).toEqual([en]);
    const [inAr] = hints('ar');
    expect([text(inAr!), inAr!.attrs.lang, inAr!.attrs.dir]).toEqual([ar, 'ar', 'rtl']);
    const [both] = hints('en+ar');
    expect(text(both!)).toBe(`${en}${ar}`);
    expect(arabicOf(both!)).toEqual([ar]);
  });

  it('a message without an entry (no Arabic of its own) is shown as the finding has it', () => {
    const messages = results.flatMap((r) => (r.response && 'data' in r.response ? [...r.response.data.errors, ...r.response.data.warnings] : []))
      .filter((f) => !f.message.includes('tax amount cannot be zero') && !/^line_items\[\d+\]\.tax_exemption_reason/.test(f.message)).map((f) => f.message);
    for (const lang of ['ar', 'en+ar'] as const) {
      const shown = msgs(lang).map(text);
      for (const m of messages) expect(shown.some((s) => s.includes(m)), m).toBe(true);
    }
  });

  it('ar: the words pintae writes in a value cell are said in the language, not left in English', () => {
    const body = JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'));
    body.buyer = ['not', 'an', 'object'];
    body.line_items[0].quantity = { n: 1 };
    body.line_items.push('');
    const [r] = validateText('odd.json', JSON.stringify(body), fixtureEnv(), false, true);
    const say = (lang: Lang) => text(parseHtml(html(reportOf([r!]), { color: false, lang })));
    const [en, ar] = [say('en'), say('ar')];
    for (const words of ['(a list)', '(an object)', '(empty)']) {
      expect(en).toContain(words);
      expect(ar).not.toContain(words);
    }
    for (const words of ['(قائمة)', '(كائن)', '(فارغ)']) expect(ar).toContain(words);
  });
});
