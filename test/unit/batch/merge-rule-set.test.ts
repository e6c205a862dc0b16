/**
 * qa10 item 4: merge-reports dropped each result's `rule_set`, so the github summary line lost its "judged by" part,
 * and its refusal of an overlap said "invoices" of reports of credit notes or TDDs. Expected words: README "JSON
 * report" (`rule_set`), docs/decisions.md "merge-reports keeps rule_set".
 */
import { describe, expect, it } from 'vitest';
import { heldBy, mergeReports, NotAReport, readReport, ruleSetDisagreement } from '../../../src/batch/merge.js';
import { FORMATTERS } from '../../../src/formatters/index.js';
import { CLI } from '../../../src/messages/cli.js';

const set = (hash = 'a'.repeat(64)) => ({ name: 'builtin-billing', customization: 'urn:peppol:pint:billing-1@ae-1', version: '1.0.4', hash, chosen: 'customization', valid_from: '2026-05-28', valid_to: null, by_date: 'covers' });
const result = (file: string, extra: Record<string, unknown> = {}) => ({
  file, index: null, valid: true, rejected: false, xml: null,
  response: { message: 'Invoice is valid and ready to send', data: { is_valid: true, entity_id: null, invoice_number: 'N-1', total_errors: 0, errors: [], warnings: [] } },
  ...extra,
});
const report = (results: unknown[]) => readReport({ results, summary: {} });

describe('merge-reports keeps rule_set', () => {
  it('each result keeps the set that judged it: json and the github summary line after a merge', () => {
    const merged = mergeReports([report([result('a.xml', { document: 'credit_note', rule_set: set() })]), report([result('b.xml', { document: 'credit_note', rule_set: set() })])]);
    expect(merged.results.map((r) => r.rule_set)).toEqual([set(), set()]);
    const github = FORMATTERS.github({ ...merged, gates: { failSeverity: 'error' } }, { color: false });
    expect(github.trimEnd().split('\n').at(-1)).toMatch(/; judged by builtin-billing 1\.0\.4 \(2\)$/);
    expect(JSON.parse(FORMATTERS.json(merged, { color: false })).results[1].rule_set).toEqual(set());
  });

  it('a rule_set of the wrong shape is refused, located', () => {
    expect(() => report([result('a.xml', { rule_set: { ...set(), hash: 7 } })])).toThrow(NotAReport);
    expect(() => report([result('a.xml', { rule_set: { ...set(), hash: 7 } })])).toThrow('results[0].rule_set.hash: not a string');
    expect(() => report([result('a.xml', { rule_set: { ...set(), chosen: 'guessed' } })])).toThrow('results[0].rule_set.chosen');
  });

  it('shards that disagree: one set under one name with other rules is found; sets chosen per document are not', () => {
    const one = report([result('a.xml', { rule_set: set() })]);
    const other = report([result('b.xml', { rule_set: set('b'.repeat(64)) })]);
    const newer = report([result('c.xml', { rule_set: { ...set('c'.repeat(64)), version: '1.0.5' } })]);
    expect(ruleSetDisagreement([one, newer])).toBeUndefined();
    expect(ruleSetDisagreement([one, newer, other])).toEqual({ set: 'builtin-billing 1.0.4', first: 0, second: 2 });
    expect(CLI['cli.merge.rule-sets-differ'].en({ set: 'builtin-billing 1.0.4', first: 'r1.json', second: 'r3.json' }))
      .toBe('r1.json and r3.json were judged by different rules under one name, builtin-billing 1.0.4 (their hashes differ): merged all the same, each document keeps the rule_set its report names');
  });
});

describe('the overlap refusal says what the reports hold', () => {
  const overlap = (held: ReturnType<typeof heldBy>, lang: 'en' | 'ar' = 'en') => CLI['cli.merge.overlap'][lang]({ first: 'r.json', second: 'r.json', input: 'a.xml', held });
  it('credit notes, Tax Data Documents, documents; invoice requests as before', () => {
    expect(heldBy([report([result('a.xml', { document: 'credit_note' })])])).toBe('credit_note');
    expect(heldBy([report([result('a.xml', { document: 'tdd' })])])).toBe('tdd');
    expect(heldBy([report([result('a.xml', { document: 'tdd' }), result('b.xml', { document: 'invoice' })])])).toBe('document');
    expect(heldBy([report([result('a.json')])])).toBe('requests');
    expect(overlap('credit_note')).toMatch(/^r\.json is named twice: merged, its credit notes would count twice\. Give each/);
    expect(overlap('tdd')).toMatch(/: merged, its Tax Data Documents would count twice\. /);
    expect(overlap('document')).toMatch(/: merged, its documents would count twice\. /);
    expect(overlap('requests')).toMatch(/: merged, its invoices would count twice and each warn as a duplicate of itself\. /);
    expect(overlap('credit_note', 'ar')).toMatch(/لو دُمجا لعُدّت إشعاراته الدائنة مرتين\. /);
  });
});
