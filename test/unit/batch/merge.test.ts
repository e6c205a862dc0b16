/** Merging shard reports (src/batch/merge.ts): shape checks, order, duplicate numbers across shards, summary. */
import { describe, expect, it } from 'vitest';
import { comparePaths, mergeReports, NotAReport, overlapOf, readReport } from '../../../src/batch/merge.js';
import { duplicateWarning } from '../../../src/pipeline.js';

function result(file: string, number: string | null, index: number | null = null, warnings: Array<{ message: string; section: string; field?: string }> = []) {
  return {
    file, index, valid: true, rejected: false, xml: null,
    response: { message: 'Invoice is valid and ready to send', data: { is_valid: true, entity_id: 'ent_a', invoice_number: number, total_errors: 0, errors: [], warnings } },
  };
}
const report = (results: unknown[]) => ({ results, summary: {} });

describe('readReport: only pintae JSON reports', () => {
  it.each([
    [null, 'not a pintae JSON report'],
    [[], 'not a pintae JSON report'],
    [{ results: [] }, 'not a pintae JSON report'],
    [{ results: [1], summary: {} }, 'results[0]: not an object'],
    [{ results: [{ file: 2 }], summary: {} }, 'results[0].file: not a string'],
    [{ results: [{ ...result('a.json', 'A'), index: 'x' }], summary: {} }, 'results[0].index'],
    [{ results: [{ ...result('a.json', 'A'), valid: 'yes' }], summary: {} }, 'results[0]'],
    [{ results: [result('a.json', 'A'), { ...result('b.json', 'B'), error: 'bad' }], summary: {} }, 'results[1].error'],
  ])('%j → %s', (value, message) => {
    expect(() => readReport(value)).toThrow(NotAReport);
    expect(() => readReport(value)).toThrow(message);
  });

  // Issue 11: a report is a file the user gives; what the formatters read is checked, and nothing is walked deep.
  const withData = (data: Record<string, unknown>) => ({ results: [{ ...result('a.json', 'A'), response: { message: 'm', data: { ...result('a.json', 'A').response.data, ...data } } }], summary: {} });
  const deep = JSON.parse(`{"results": [${'['.repeat(10_000)}${']'.repeat(10_000)}], "summary": {}}`);
  it.each([
    ['a report nested 10,000 levels deep', deep, 'results[0][0][0][0][0]…: nested more than 64 levels deep'],
    ['a response without its message', { results: [{ ...result('a.json', 'A'), response: { data: {} } }], summary: {} }, 'results[0].response.message: not a string'],
    ['data without is_valid', withData({ is_valid: 'yes' }), 'results[0].response.data: expected {is_valid'],
    ['errors that are no list', withData({ errors: {} }), 'results[0].response.data.errors: not a list'],
    ['a line that is an object', withData({ warnings: [{ message: 'w', section: 's', line: { toString: 1 } }] }), 'results[0].response.data.warnings[0].line: not a whole number'],
    ['a rule that is a number', withData({ errors: [{ message: 'e', section: 's', rule: 7 }] }), 'results[0].response.data.errors[0].rule: not a string'],
    ['a rejection whose errors are no list', { results: [{ ...result('a.json', 'A'), response: { message: 'm', errors: 'x' } }], summary: {} }, 'results[0].response.errors: not a list'],
    ['suppressed findings that are no objects', { results: [{ ...result('a.json', 'A'), suppressed: [1] }], summary: {} }, 'results[0].suppressed[0]: not an object'],
    ['an override without its count', { results: [], summary: {}, overrides: [{ rule: 'r', level: 'off' }] }, 'overrides[0]: expected {rule, level, applied}'],
    ['a report under "__proto__"', JSON.parse('{"__proto__": {"results": [], "summary": {}}}'), 'not a pintae JSON report'],
  ])('%s', (_name, value, message) => {
    expect(() => readReport(value)).toThrow(NotAReport);
    expect(() => readReport(value)).toThrow(message);
  });
});

describe('comparePaths', () => {
  it('segment by segment, code-unit order', () => {
    const paths = ['b/a.json', 'a-b/c.json', 'a/z.json', 'a/b/c.json', 'A.json'];
    expect([...paths].sort(comparePaths)).toEqual(['A.json', 'a/b/c.json', 'a/z.json', 'a-b/c.json', 'b/a.json']);
  });
});

describe('mergeReports', () => {
  it('orders results by path then index whatever the order of the reports, and recounts the summary', () => {
    const one = readReport(report([result('d/b.json', 'B'), { ...result('d/bulk.json', 'X1', 1) }]));
    const two = readReport(report([result('d/a.json', 'A'), { ...result('d/bulk.json', 'X0', 0) }]));
    for (const merged of [mergeReports([one, two]), mergeReports([two, one])]) {
      expect(merged.results.map((r) => [r.file, r.index])).toEqual([['d/a.json', null], ['d/b.json', null], ['d/bulk.json', 0], ['d/bulk.json', 1]]);
      expect(merged.summary).toMatchObject({ files: 3, invoices: 4, valid: 4, invalid: 0, warnings: 0 });
    }
  });

  it('a number repeated across two shards gets its warning on the later one in merged order; a stale warning is dropped', () => {
    const warning = duplicateWarning({ entity_id: 'ent_a', invoice_number: 'INV-1' });
    // Shard one saw INV-1 second within itself (stale once merged before a.json); shard two first.
    const one = readReport(report([result('z.json', 'INV-1', null, [warning])]));
    const two = readReport(report([result('a.json', 'INV-1'), result('m.json', 'INV-2')]));
    const merged = mergeReports([one, two]);
    const warningsOf = (file: string) => {
      const r = merged.results.find((x) => x.file === file)!;
      return r.response && 'data' in r.response ? r.response.data.warnings : undefined;
    };
    expect(warningsOf('a.json')).toEqual([]);
    expect(warningsOf('m.json')).toEqual([]);
    expect(warningsOf('z.json')).toEqual([warning]);
    expect(merged.summary.warnings).toBe(1);
  });

  it('other warnings are kept, in their order, before the duplicate warning', () => {
    const other = { message: 'something else', section: 'invoice_header' };
    const merged = mergeReports([readReport(report([result('a.json', 'N'), result('b.json', 'N', null, [other])]))]);
    const data = merged.results[1]!.response as { data: { warnings: unknown[] } };
    expect(data.data.warnings).toEqual([other, duplicateWarning({ entity_id: 'ent_a', invoice_number: 'N' })]);
  });
});

describe('overlapOf: two reports holding the same invoice (docs/decisions.md "merge-reports: a report given twice")', () => {
  const one = readReport(report([result('d/a.json', 'A'), result('d/bulk.json', 'X0', 0)]));
  const two = readReport(report([result('d/b.json', 'B'), result('d/bulk.json', 'X1', 1)]));
  it('shards of one run do not overlap, nor do empty reports given twice', () => {
    expect(overlapOf([one, two])).toBeUndefined();
    const empty = readReport(report([]));
    expect(overlapOf([empty, empty, one])).toBeUndefined();
  });
  it('the same report twice, a copy of it, or a merged report beside its shards: the first shared input and both reports', () => {
    expect(overlapOf([one, two, one])).toEqual({ file: 'd/a.json', first: 0, second: 2 });
    const merged = readReport(JSON.parse(JSON.stringify(mergeReports([one, two]))));
    expect(overlapOf([two, merged])).toEqual({ file: 'd/b.json', first: 0, second: 1 });
    // The same invoice of a list file, named by another spelling of its path.
    const again = readReport(report([result('./d/bulk.json', 'X1', 1)]));
    expect(overlapOf([two, again])).toEqual({ file: './d/bulk.json', first: 0, second: 1 });
    // Another invoice of the same list file is no overlap (shards split by file, but a hand-made split may not).
    expect(overlapOf([one, readReport(report([result('d/bulk.json', 'X2', 2)]))])).toBeUndefined();
  });
});
