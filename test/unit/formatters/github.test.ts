/** The `github` format: workflow commands, checked by exact output (GitHub's own escaping rules, actions/toolkit). */
import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, github } from '../../../src/formatters/github.js';
import { finding, mixedReport, rejected, reportOf, validated } from './support.js';

describe('github format', () => {
  it('escapes % CR LF in messages, and also : and , in properties', () => {
    expect(escapeData('100% done\r\nnext: a,b')).toBe('100%25 done%0D%0Anext: a,b');
    expect(escapeProperty('dir,1/x:y%.json')).toBe('dir%2C1/x%3Ay%25.json');
  });

  it('writes one annotation per finding, rejection and unreadable file, announcing overrides first', () => {
    const out = github(mixedReport({ 'ibr-127-ae': 'warning' }), { color: false });
    expect(out).toBe([
      "::notice title=pintae rule overrides::in force: ibr-127-ae → warning (pintae's verdict, not the service's)",
      '::error file=in/a.json,title=ibr-190-ae::tax amount cannot be zero on a line (section invoice_items; field line_items[0].tax_amount)',
      '::warning file=in/a.json,title=ibr-127-ae (error → warning by rule override)::due_date is required when the amount due is above zero (section invoice_header; field due_date)',
      '::warning file=in/a.json,title=ibr-w-01::Tax total should be rounded (section tax; XML /Invoice/cac:TaxTotal[1])',
      '::error file=in/b.json,title=pintae/rejected::buyer.legal_registration_type "LICENSE" is not one of TL, EID, PAS, CD (field buyer.legal_registration_type)',
      '::error file=in/c.json,line=3,col=7,title=pintae/unreadable::expected \',\' or \'}\', found "x"',
      'pintae: 3 invoices in 3 files: 1 valid, 1 invalid, 1 rejected, 1 unreadable, 2 warnings, 0 notes, 0 turned off',
      '',
    ].join('\n'));
  });

  it('annotates no finding turned off (the overrides notice and the summary count them), and gives each finding its line and column; escapes file and message', () => {
    const r = validated('my,dir/in:1.json', 'INV-9', [
      finding('error', 'invoice_header', 'due_date is required', { rule: 'ibr-127-ae', field: 'due_date' }),
      finding('error', 'buyer_party', '50% off\nnot allowed', { rule: 'ibr-132-ae', field: 'buyer.trn', line: 12, column: 5 }),
    ]);
    const out = github(reportOf([r], { 'ibr-127-ae': 'off' }), { color: false });
    expect(out.split('\n')).toEqual([
      "::notice title=pintae rule overrides::in force: ibr-127-ae → off (pintae's verdict, not the service's)",
      '::error file=my%2Cdir/in%3A1.json,line=12,col=5,title=ibr-132-ae::50%25 off%0Anot allowed (section buyer_party; field buyer.trn)',
      'pintae: 1 invoice in 1 file: 0 valid, 1 invalid, 0 rejected, 0 unreadable, 0 warnings, 0 notes, 1 turned off',
      '',
    ]);
  });

  it('counts in the number the count takes: 1 warning, 2 invoices (issue 12)', () => {
    const warned = validated('a.json', 'INV-1', [finding('warning', 'invoice_header', 'unknown field "notes"', { rule: 'pintae/unknown-field', field: 'notes' })]);
    expect(github(reportOf([warned, validated('b.json', 'INV-2', [])]), { color: false }).split('\n').at(-2))
      .toBe('pintae: 2 invoices in 2 files: 2 valid, 0 invalid, 0 rejected, 0 unreadable, 1 warning, 0 notes, 0 turned off');
  });

  it('names on the summary line the rule sets that judged the documents, how many each, in the order first met (issue 13)', () => {
    const judged = (file: string, name: string, chosen: 'customization' | 'pinned' = 'customization') => ({
      ...validated(file, file, []), rule_set: { name, version: '1.0.4', customization: 'urn:peppol:pint:billing-1@ae-1', hash: 'h', chosen } as const,
    });
    const out = github(reportOf([judged('a.xml', 'builtin-selfbilling'), judged('b.xml', 'builtin-billing'), judged('c.xml', 'builtin-selfbilling'), rejected('d.json')]), { color: false, quiet: true });
    expect(out.split('\n')).toEqual([
      '::error file=d.json,title=pintae/rejected::buyer.legal_registration_type "LICENSE" is not one of TL, EID, PAS, CD (field buyer.legal_registration_type)',
      'pintae: 4 invoices in 4 files: 3 valid, 0 invalid, 1 rejected, 0 unreadable, 0 warnings, 0 notes, 0 turned off; judged by builtin-selfbilling 1.0.4 (2), builtin-billing 1.0.4 (1)',
      '',
    ]);
  });

  it('a note (severity info) is a ::notice; with its rule turned off, nothing per file at all (issue 24)', () => {
    const validity = finding('info', 'invoice_header', 'the invoice date 2025-03-10 is before the validity of every PINT-AE rule set', { rule: 'pintae/rules-validity', field: 'date', line: 4, column: 11 });
    const files = ['a.json', 'b.json', 'c.json'].map((f, i) => validated(f, `INV-${i}`, [validity]));
    const noted = github(reportOf(files), { color: false }).split('\n');
    expect(noted.filter((l) => l.startsWith('::notice file='))).toHaveLength(3);
    expect(noted[0]).toBe('::notice file=a.json,line=4,col=11,title=pintae/rules-validity::the invoice date 2025-03-10 is before the validity of every PINT-AE rule set (section invoice_header; field date)');
    expect(noted.at(-2)).toBe('pintae: 3 invoices in 3 files: 3 valid, 0 invalid, 0 rejected, 0 unreadable, 0 warnings, 3 notes, 0 turned off');
    const off = github(reportOf(files, { 'pintae/rules-validity': 'off' }), { color: false }).split('\n');
    expect(off).toEqual([
      "::notice title=pintae rule overrides::in force: pintae/rules-validity → off (pintae's verdict, not the service's)",
      'pintae: 3 invoices in 3 files: 3 valid, 0 invalid, 0 rejected, 0 unreadable, 0 warnings, 0 notes, 3 turned off',
      '',
    ]);
    expect(github(reportOf(files), { color: false, quiet: true }).split('\n').filter((l) => l.startsWith('::'))).toEqual([]);
  });

  it('writes nothing but the summary line for a clean run', () => {
    expect(github(reportOf([validated('a.json', 'INV-1', [])]), { color: false }))
      .toBe('pintae: 1 invoice in 1 file: 1 valid, 0 invalid, 0 rejected, 0 unreadable, 0 warnings, 0 notes, 0 turned off\n');
  });
});
