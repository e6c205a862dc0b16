/** Issue 12 "one mistake, one finding" in the reports: root causes first, dependents folded under them. */
import { describe, expect, it } from 'vitest';
import { RuleOverrides } from '../../../src/report/gates.js';
import { stylish } from '../../../src/formatters/stylish.js';
import { github } from '../../../src/formatters/github.js';
import { finding, reportOf, validated } from './support.js';

const currency = finding('error', 'invoice_header', 'currency "AEX" is not an ISO 4217 currency code — did you mean "AED"?', { rule: 'ibr-cl-04', field: 'currency', line: 4, column: 15 });
const amounts = (n: number) => finding('error', 'tax', 'every amount of the invoice carries currency "AEX"', { rule: 'ibr-cl-03', field: 'currency', location: `/Invoice/TaxTotal[${n}]`, line: 4, column: 15, cause: 0 });
const due = finding('error', 'invoice_header', 'due_date is required', { rule: 'ibr-127-ae', field: 'due_date', line: 2, column: 3 });
const typo = finding('warning', 'invoice_items', 'unknown field "tax_categroy" in line_items[1] (did you mean "tax_category"?)', { rule: 'pintae/unknown-field', field: 'line_items[1].tax_categroy', line: 9, column: 23 });

// Findings as the pipeline gives them: errors, then warnings; `cause` counts in that order.
const invoice = () => validated('in/a.json', 'INV-1', [currency, amounts(1), amounts(2), due]);

describe('stylish', () => {
  it('shows each root once, with "+N caused by this" under it, and every finding with --verbose', () => {
    const report = reportOf([invoice()]);
    const folded = stylish(report, { color: false });
    expect(folded.match(/in\/a\.json:\d+:\d+/g)).toEqual(['in/a.json:4:15', 'in/a.json:2:3']);
    expect(folded).toContain('+2 caused by this');
    expect(folded).toContain('✖ INV-1 4 errors');
    const verbose = stylish(report, { color: false, verbose: true });
    expect(verbose.match(/in\/a\.json:\d+:\d+/g)).toEqual(['in/a.json:4:15', 'in/a.json:4:15', 'in/a.json:4:15', 'in/a.json:2:3']);
    expect(verbose).not.toContain('caused by this');
  });

  it('a warning can be the root of errors (a misspelled key): the count says they are errors', () => {
    const tax = finding('error', 'invoice_items', 'tax amount cannot be zero', { rule: 'ibr-190-ae', field: 'line_items[1].tax_amount', line: 8, column: 21, cause: 1 });
    const out = stylish(reportOf([validated('in/b.json', 'INV-2', [tax, typo])]), { color: false });
    expect(out.match(/in\/b\.json:\d+:\d+/g)).toEqual(['in/b.json:9:23']);
    expect(out).toContain('+1 caused by this (1 error)');
  });
});

describe('github', () => {
  it('annotates roots only, counting their dependents; --verbose annotates every finding, naming its root', () => {
    const report = reportOf([invoice()]);
    const lines = github(report, { color: false }).split('\n').filter((l) => l.startsWith('::error'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('[+2 caused by this]');
    const verbose = github(report, { color: false, verbose: true }).split('\n').filter((l) => l.startsWith('::error'));
    expect(verbose).toHaveLength(4);
    expect(verbose[1]).toContain('[caused by ibr-cl-04 at line 4]');
  });

  it('--verbose --lang ar names the root in Arabic (qa9: the words were English literals in code)', () => {
    const verbose = github(reportOf([invoice()]), { color: false, verbose: true, lang: 'ar' }).split('\n').filter((l) => l.startsWith('::error'));
    expect(verbose[1]).toContain('[ناتجة عن ibr-cl-04 في السطر 4]');
  });
});

describe('rule overrides keep causes right', () => {
  it('a cause follows its finding when an override moves findings between errors and warnings', () => {
    const r = new RuleOverrides({ 'ibr-127-ae': 'warning' }).apply(validated('a.json', 'INV-1', [due, currency, { ...amounts(1), cause: 1 }]));
    const data = r.response && 'data' in r.response ? r.response.data : undefined;
    expect(data!.errors.map((e) => [e.rule, e.cause])).toEqual([['ibr-cl-04', undefined], ['ibr-cl-03', 0]]);
  });

  it('a finding whose cause is turned off stands as a root', () => {
    const r = new RuleOverrides({ 'ibr-cl-04': 'off' }).apply(validated('a.json', 'INV-1', [currency, amounts(1)]));
    const data = r.response && 'data' in r.response ? r.response.data : undefined;
    expect(data!.errors).toHaveLength(1);
    expect(data!.errors[0]!.cause).toBeUndefined();
  });
});
