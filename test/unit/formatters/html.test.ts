/**
 * The HTML report's structure (issue 12 item 6), read back with a strict reader (test/helpers/html-tree.ts): every
 * finding listed with its words, escaped, and shown at the value it concerns with a link each way; root causes
 * first; the page read from the built document, from the request when none was built, and from the UBL for check.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateText } from '../../../src/batch/work.js';
// The built rules are a build output: check runs from dist, as test/unit/check-document.test.ts does.
import { checkFile } from '../../../dist/batch/check-work.js';
import { builtinRuleSet } from '../../../dist/schematron/rulesets.js';
import type { InvoiceResult } from '../../../src/model/report.js';
import { html } from '../../../src/formatters/html.js';
import { FIXTURES } from '../../helpers/paths.js';
import { fixtureEnv } from '../../helpers/pipeline.js';
import { all, byId, hasClass, parseHtml, text, walk, type El } from '../../helpers/html-tree.js';
import { finding, reportOf, validated } from './support.js';
import { loadViews } from '../../../src/view/lazy.js';
import { loadViews as loadBuiltViews } from '../../../dist/view/lazy.js';

// The views are loaded by whatever asks for them (the CLI, a worker): here, the tests ask.
await Promise.all([loadViews(), loadBuiltViews()]);

const fixtureFiles = ['invoices', 'invalid'].flatMap((dir) => readdirSync(join(FIXTURES, dir)).filter((f) => f.endsWith('.json')).sort().map((f) => `fixtures/${dir}/${f}`));
const validateOf = (file: string, body: string) => validateText(file, body, fixtureEnv(), false, true);
const render = (results: InvoiceResult[]) => parseHtml(html(reportOf(results), { color: false }));

/** Each invoice section's listed findings: number, level, message, and the element it is shown at. */
function listed(page: El, section: El) {
  return all(section, (e) => e.tag === 'li' && hasClass(e, 'finding')).map((li) => {
    // The first link from the entry to a place on the page (the others lead to findings: "follows from").
    const shownAt = all(li, (e) => e.tag === 'a' && /-t\d+$/.test(e.attrs.href ?? ''))[0];
    const target = shownAt ? byId(page, shownAt.attrs.href!.slice(1)) : undefined;
    const msg = all(li, (e) => hasClass(e, 'msg'))[0]!;
    return {
      id: li.attrs.id!, level: hasClass(li, 'error') ? 'error' : hasClass(li, 'warning') ? 'warning' : 'off',
      message: text(msg).replace(/^(Error|Warning|Off) /, '').replace(/ ×\d+$/, ''), count: Number(li.attrs['data-count'] ?? 1), target, li,
    };
  });
}
const sections = (page: El) => all(page, (e) => e.tag === 'section' && hasClass(e, 'invoice'));
/** The marks (links back to findings) shown at a place: in a row, its first cell carries them. */
const marksAt = (target: El) => all(target, (e) => e.tag === 'a' && hasClass(e, 'mark')).map((a) => a.attrs.href!.slice(1));

describe('the HTML report of every fixture', () => {
  let results: InvoiceResult[];
  let page: El;
  beforeAll(() => {
    results = fixtureFiles.flatMap((f) => validateOf(f, readFileSync(join(FIXTURES, '..', f), 'utf8')));
    page = render(results);
  });

  it('has one section per input, each listing every finding of its response with its exact words', () => {
    const shown = sections(page);
    expect(shown).toHaveLength(results.length);
    results.forEach((r, k) => {
      const expected = r.error ? [r.error.message]
        : r.response && 'data' in r.response ? [...r.response.data.errors, ...r.response.data.warnings].map((f) => f.message)
        : r.response!.errors.map((f) => f.message);
      expect(listed(page, shown[k]!).flatMap((f) => Array<string>(f.count).fill(f.message)).sort(), r.file).toEqual(expected.sort());
    });
  });

  it('shows each finding that names a field or an XML location at that place, highlighted, with a link each way', () => {
    let placed = 0;
    sections(page).forEach((section, k) => {
      const r = results[k]!;
      for (const f of listed(page, section)) {
        const entry = r.response && 'data' in r.response ? [...r.response.data.errors, ...r.response.data.warnings].find((e) => e.message === f.message) : undefined;
        if (!entry?.field && !entry?.location) continue;
        expect(f.target, `${r.file}: ${f.message}`).toBeDefined();
        expect(hasClass(f.target!, `flag-${f.level}`) || hasClass(f.target!, 'flag-error'), `${r.file}: ${f.message}`).toBe(true);
        expect(marksAt(f.target!)).toContain(f.id);
        placed++;
      }
    });
    // a floor only so the loop above cannot pass by finding nothing to check; the fixtures place more than this
    expect(placed).toBeGreaterThanOrEqual(10);
  });

  it('puts a line finding at the line, and a value finding at the value', () => {
    const k = results.findIndex((r) => r.file.endsWith('invoice-items.json'));
    const found = listed(page, sections(page)[k]!);
    const zeroTax = found.find((f) => f.message.includes('tax amount cannot be zero'))!;
    expect(zeroTax.target!.tag).toBe('span');
    expect(text(zeroTax.target!)).toMatch(/^0\.00/);
    const exempt = found.find((f) => f.message.includes('tax_exemption_reason'))!;
    expect(exempt.target!.tag).toBe('tr');
    expect(text(exempt.target!)).toContain('Bare land plot lease');

    // A missing field gets its place in the block where a reader looks for it.
    const header = listed(page, sections(page)[results.findIndex((r) => r.file.endsWith('invoice-header.json'))]!);
    const due = header.find((f) => f.message.startsWith('due_date is required'))!;
    expect(text(due.target!)).toMatch(/^not stated/);
    expect(text(ancestor(due.target!, (e) => e.tag === 'section')!)).toMatch(/^Invoice details/);

    const trn = listed(page, sections(page)[results.findIndex((r) => r.file.endsWith('contact-trn.json'))]!);
    for (const f of trn) {
      expect(text(f.target!)).toMatch(/^1009876543/);
      expect(text(ancestor(f.target!, (e) => e.tag === 'section')!)).toMatch(/^Buyer/);
    }
  });

  it('shows the document pintae built: seller and buyer with TRN and address, lines, VAT per category, totals in AED', () => {
    const k = results.findIndex((r) => r.file.endsWith('usd-with-rate.json'));
    const doc = text(sections(page)[k]!);
    for (const words of ['Seller', 'Al Noor Trading LLC', '100123456700003', 'Buyer', '100987654300003', 'Office 1204, Marina Plaza', 'Issue date', '2025-03-10',
      'Due date', 'Credit transfer', 'Software licence, annual', 'VAT breakdown', 'Standard rated', 'Exchange rate', '3.6725', 'In AED', '9,254.70', '2,520.00']) {
      expect(doc).toContain(words);
    }
    const exportDoc = text(sections(page)[results.findIndex((r) => r.file.endsWith('export.json'))]!);
    expect(exportDoc).toContain('Delivery');
  });

  it('shows the request as sent, with the findings at its fields, when no document could be built', () => {
    for (const name of ['wrong-types.json', 'rejected-registration-type.json']) {
      const k = results.findIndex((r) => r.file.endsWith(name));
      const section = sections(page)[k]!;
      expect(all(section, (e) => hasClass(e, 'note')).map(text).join(' '), name).toMatch(/shown as sent/);
      for (const f of listed(page, section)) expect(f.target, `${name}: ${f.message}`).toBeDefined();
    }
  });

  it('lists every input in the summary with its verdict and its findings per rule', () => {
    const rows = all(byId(page, 'summary')!, (e) => e.tag === 'tr' && e.parent?.tag === 'tbody' && e.parent.parent?.attrs.class === 'inputs');
    expect(rows).toHaveLength(results.length);
    expect(rows.filter((r) => hasClass(r, 'valid'))).toHaveLength(results.filter((r) => r.valid).length);
    const byRule = text(all(page, (e) => e.tag === 'table' && hasClass(e, 'by-rule'))[0]!);
    expect(byRule).toContain('ibr-190-ae');
  });

  it('is self-contained: no script, no external resource, a policy that forbids them', () => {
    const out = html(reportOf(results), { color: false });
    expect(all(page, (e) => ['script', 'img', 'link', 'iframe', 'object'].includes(e.tag))).toEqual([]);
    expect(out).toContain('Content-Security-Policy');
    expect(out).not.toMatch(/url\(|@import|https?:\/\//);
    for (const e of walk(page)) for (const [name, value] of Object.entries(e.attrs)) {
      expect(name.startsWith('on'), name).toBe(false);
      if (name === 'href') expect(value).toMatch(/^#/);
    }
  });
});

describe('text from the input', () => {
  it('is escaped everywhere and isolated in its own direction (Arabic)', () => {
    const body = JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'));
    body.invoice_number = 'INV-<b>1</b>&"2"';
    body.buyer.name = 'شركة الخليج للتجارة <script>alert(1)</script>';
    body.line_items[0].description = '"><img src=x onerror=alert(1)>';
    body.buyer.legal_registration_type = '<i>';
    const [r] = validateOf('in/<odd>&name.json', JSON.stringify(body));
    const page = render([r!]);
    expect(all(page, (e) => ['script', 'img', 'b', 'i'].includes(e.tag))).toEqual([]);
    const all_ = text(page);
    expect(all_).toContain('INV-<b>1</b>&"2"');
    expect(all_).toContain('"><img src=x onerror=alert(1)>');
    expect(all_).toContain('in/<odd>&name.json');
    const arabic = all(page, (e) => e.children.some((c) => typeof c === 'string' && c.startsWith('شركة')));
    expect(arabic.length).toBeGreaterThan(0);
    for (const e of arabic) expect(e.attrs.dir).toBe('auto');
    // The 400 answer quotes the value: listed with it, and the request shown as sent.
    const found = listed(page, sections(page)[0]!);
    expect(found.some((f) => f.message.includes('<i>'))).toBe(true);
  });
});

describe('root causes', () => {
  const rooted = (causeOn: 'entries' | 'findings') => {
    const findings = [
      finding('error', 'invoice_items', 'dependent A', { rule: 'r-a', field: 'line_items[0].tax_amount' }),
      finding('error', 'invoice_header', 'the root', { rule: 'r-root', field: 'currency' }),
      finding('error', 'invoice_items', 'independent', { rule: 'r-i', field: 'due_date' }),
      finding('warning', 'tax', 'dependent B (a warning)', { rule: 'r-b' }),
      finding('error', 'tax', 'cause out of range', { rule: 'r-c' }),
    ];
    const causes = [1, undefined, undefined, 0, 99];
    const r = validated('in/a.json', 'INV-1', findings.map((f, i) => (causeOn === 'findings' && causes[i] !== undefined ? { ...f, cause: causes[i] } : f)));
    if (causeOn === 'entries' && r.response && 'data' in r.response) {
      // Entries are errors then warnings: the warning (finding 3) is entry 4, and its cause (finding 0) entry 0.
      const { errors, warnings } = r.response.data;
      Object.assign(errors[0]!, { cause: 1 });
      Object.assign(errors[3]!, { cause: 99 });
      Object.assign(warnings[0]!, { cause: 0 });
    }
    return render([r]);
  };

  for (const causeOn of ['entries', 'findings'] as const) {
    it(`lists root causes first and folds what follows from them beneath (cause on the ${causeOn})`, () => {
      const page = rooted(causeOn);
      const top = all(page, (e) => e.tag === 'li' && hasClass(e, 'finding') && e.parent?.parent?.attrs.class === 'findings-box');
      expect(top.map((li) => text(all(li, (e) => hasClass(e, 'msg'))[0]!))).toEqual([
        'Error the root', 'Error independent', 'Error cause out of range',
      ]);
      const folded = all(top[0]!, (e) => e.tag === 'details')[0]!;
      expect(text(all(folded, (e) => e.tag === 'summary')[0]!)).toBe('+2 caused by this');
      expect(all(folded, (e) => hasClass(e, 'msg')).map(text)).toEqual(['Error dependent A', 'Warning dependent B (a warning)']);
      expect(text(folded)).toContain('follows from 1');
      expect(text(folded)).toContain('follows from 2');
    });
  }

  it('folds a finding repeated at other places into one entry, marked with its number at each place', () => {
    const body = JSON.parse(readFileSync(join(FIXTURES, 'invoices/mixed-categories.json'), 'utf8'));
    const [r] = validateOf('mixed.json', JSON.stringify(body));
    const same = (field: string) => finding('error', 'invoice_items', 'Amounts must be in the invoice currency', { rule: 'r-same', field });
    const page = render([{ ...validated('mixed.json', 'INV-1', [same('line_items[0].unit_amount'), same('line_items[1].unit_amount'), same('line_items[0].unit_amount'), finding('error', 'tax', 'other')]), view: r!.view }]);
    const found = listed(page, sections(page)[0]!);
    expect(found.map((f) => [f.message, f.count])).toEqual([['Amounts must be in the invoice currency', 3], ['other', 1]]);
    expect(text(found[0]!.li)).toContain('shown at 2 places');
    const marked = all(page, (e) => hasClass(e, 'flag-error') && marksAt(e).includes(found[0]!.id));
    expect(marked.map((e) => text(e).replace(/\d+$/, ''))).toHaveLength(2);
  });

  it('without any cause, lists errors before warnings, each once', () => {
    const r = validated('in/a.json', 'INV-1', [finding('warning', 'tax', 'w'), finding('error', 'tax', 'e')]);
    const page = render([r]);
    expect(all(page, (e) => hasClass(e, 'msg')).map(text)).toEqual(['Error e', 'Warning w']);
    expect(all(page, (e) => e.tag === 'details')).toEqual([]);
  });
});

describe('check', () => {
  let dir: string;
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'pintae-html-')); return () => rmSync(dir, { recursive: true, force: true }); });

  it('shows the UBL as read, with each located finding at its element', () => {
    const [built] = validateText('standard.json', readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'), fixtureEnv(), true);
    // A buyer TRN of the wrong form: the PINT-AE rules find it at the buyer's CompanyID.
    const xml = built!.xml!.replace(/100987654300003/g, '10098765');
    const file = join(dir, 'bad.xml');
    writeFileSync(file, xml);
    const r = checkFile(file, builtinRuleSet(), undefined, undefined, true) as InvoiceResult;
    expect(r.view?.source).toBe('document');
    const page = render([r]);
    const found = listed(page, sections(page)[0]!);
    expect(found.length).toBeGreaterThan(0);
    const trn = found.filter((f) => f.target && text(f.target).startsWith('10098765'));
    expect(trn.length, found.map((f) => f.message).join('\n')).toBeGreaterThan(0);
    expect(text(page)).toContain('Al Noor Trading LLC');
  });
});

function ancestor(el: El, test: (e: El) => boolean): El | undefined {
  for (let p = el.parent; p; p = p.parent) if (test(p)) return p;
  return undefined;
}
