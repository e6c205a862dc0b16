import { wordsIn } from '../../../src/messages/view.js';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// The view is made where the document is checked (the built check, as the CLI runs it); the formatters are pure.
import { checkFile } from '../../../dist/batch/check-work.js';
import { builtinRuleSet } from '../../../dist/schematron/rulesets.js';
import type { InvoiceResult } from '../../../src/batch/run.js';
import { FORMATTERS } from '../../../src/formatters/index.js';
import { FIXTURES } from '../../helpers/paths.js';
import { all, byId, hasClass, parseHtml, text, type El } from '../../helpers/html-tree.js';
import { reportOf } from './support.js';
import { loadViews as loadBuiltViews } from '../../../dist/view/lazy.js';

// The views are loaded by whatever asks for them (the CLI, a worker): here, the tests ask.
await Promise.all([loadBuiltViews()]);

/*
 * Issue 14 item 4: every report format on a Tax Data Document, and the HTML report's view of one: its header, and
 * the extract beside the embedded source document's values, with the findings shown at the values they concern.
 */
const checked = (name: string) => checkFile(join(FIXTURES, 'tdd', name), builtinRuleSet(), undefined, undefined, true) as InvoiceResult;
const rowsOf = (table: El) => all(table, (e) => e.tag === 'tr').map((tr) => all(tr, (e) => e.tag === 'td' || e.tag === 'th').map((c) => text(c).replace(/\s+/g, ' ').trim()));
const marked = (el: El) => all(el, (e) => e.tag === 'a' && hasClass(e, 'mark')).length > 0;

describe('reports on a Tax Data Document', () => {
  const broken = checked('broken-tdd.xml');

  it('every format renders it, naming the TDD rule ids', () => {
    for (const [name, format] of Object.entries(FORMATTERS)) {
      const out = format(reportOf([broken]), { color: false });
      for (const id of ['ibr-tdd-05', 'ibr-tdd-17', 'ibr-tdd-54']) expect(out, name).toContain(id);
    }
  });

  it('HTML: the TDD header, reporter and receiver, and the extract beside the source document, findings at their values', () => {
    expect(wordsIn(broken.view!.title, 'en')).toBe('Tax Data Document (S, submit)');
    const page = parseHtml(FORMATTERS.html(reportOf([broken]), { color: false }));
    const section = all(page, (e) => e.tag === 'section' && hasClass(e, 'invoice'))[0]!;
    const blocks = Object.fromEntries(all(section, (e) => e.tag === 'section' && hasClass(e, 'block')).map((b) => [text(all(b, (e) => e.tag === 'h3')[0]!).replace(/(?:(?:Error|Warning|Note|Off) \d+)+$/, ''), b]));
    expect(Object.keys(blocks)).toEqual(expect.arrayContaining(['Reporter', 'Receiver', 'TDD header', 'Custom content']));
    const header = text(blocks['TDD header']!);
    for (const s of ['Type', 'S submit', 'Scope', 'D domestic', 'Reporter role', '01 sender', 'Issue date2026-06-02', 'Issue time09:15:00', 'Transport header ID5f1c2a9e-3b7d-4e60-9a21-7c8d0e4f1b22', '900123 scheme 0242']) expect(header).toContain(s);
    expect(text(blocks.Reporter!)).toContain('1001234567 scheme 0235');
    // ibr-tdd-17 (the receiver's scheme) is shown at the receiver.
    expect(text(blocks.Receiver!)).toContain('900001 scheme 0088');
    expect(marked(blocks.Receiver!)).toBe(true);
    expect(marked(blocks.Reporter!)).toBe(false);

    const table = all(section, (e) => e.tag === 'section' && hasClass(e, 'table-block'))[0]!;
    expect(text(all(table, (e) => e.tag === 'h3')[0]!)).toContain('Extract (ReportedDocument) beside the source document');
    const rows = rowsOf(table);
    expect(rows[0]).toEqual(['Business term', 'In the TDD', 'In the source document (Invoice)']);
    expect(rows).toContainEqual(['Invoice number (ibt-001)', '10d9705a-5126-5ad7-a23e-be40ffa31e68', '10d9705a-5126-5ad7-a23e-be40ffa31e68']);
    expect(rows).toContainEqual(['Tax total in AED (ibt-110, ibt-111)', '62.50 AED', '62.50 AED']);
    // ibr-tdd-54 (a tax-inclusive amount in the monetary total) marks the total's row.
    const totalRow = all(table, (e) => e.tag === 'tr' && text(e).startsWith('Total without VAT'))[0]!;
    expect(all(totalRow, (e) => e.tag === 'td').slice(1).map((c) => text(c).replace(/\s+/g, ' ').trim())).toEqual(['1,250.00 AED', '1,250.00 AED']);
    expect(hasClass(totalRow, 'flag')).toBe(true);
    expect(byId(page, `${section.attrs.id}-t1`)).toBeDefined();
  });

  it('HTML: a TDS without an extract says so and still renders its header', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pintae-tdd-'));
    const file = join(dir, 'tds.xml');
    writeFileSync(file, readFileSync(join(FIXTURES, 'tdd/standard-tdd.xml'), 'utf8').replace('<pxs:DocumentTypeCode>S<', '<pxs:DocumentTypeCode>F<').replace(/<pxs:ReportedDocument>[\s\S]*?<\/pxs:ReportedDocument>/, ''));
    const r = checkFile(file, builtinRuleSet(), undefined, undefined, true) as InvoiceResult;
    rmSync(dir, { recursive: true, force: true });
    expect(r.valid).toBe(true);
    expect([wordsIn(r.view!.title, 'en'), wordsIn(r.view!.note!, 'en')]).toEqual(['Tax Data Document (F, failed validation (TDS))', 'This TDD carries no extract of the invoice (pxs:ReportedDocument).']);
    // Only the source document's values are left to show.
    expect(r.view!.lines.rows.every((row) => row.cells[1] === null && row.cells[2] !== null)).toBe(true);
    const page = text(parseHtml(FORMATTERS.html(reportOf([r]), { color: false })));
    expect(page).toContain('TDD header');
    expect(page).toContain('failed validation (TDS)');
  });
});
