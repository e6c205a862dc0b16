import { describe, expect, it } from 'vitest';
import { chooseByDate, compareVersions, isIsoDate, type Dated } from '../../../src/schematron/dated.js';
import { BuiltinRules, RuleSet } from '../../../src/schematron/rulesets.js';
import { checkXml } from '../../../src/check.js';

const BILLING = 'urn:peppol:pint:billing-1@ae-1';
const SELF = 'urn:peppol:pint:selfbilling-1@ae-1';
type Named = Dated & { name: string };
const set = (name: string, version: string | null, valid_from: string | null, valid_to: string | null, customizations = [BILLING]): Named =>
  ({ name, version, valid_from, valid_to, customizations });

// Issue 13 item 3: of the sets of a customization, the newest whose validity covers the issue date.
const SETS: Named[] = [
  set('builtin-billing', '1.0.4', '2026-05-28', null),
  set('v103', '1.0.3', '2025-07-01', '2026-05-27'),
  set('v102', '1.0.2', '2025-01-01', '2025-03-31'), // a gap from 2025-04-01 to 2025-06-30
  set('v105', '1.0.5', '2026-12-01', null),
  set('sb', '1.0.4', '2020-01-01', null, [SELF]),
];
const pick = (date: string | undefined, sets = SETS, customization = BILLING) => {
  const c = chooseByDate(sets, customization, date);
  return c && `${c.set.name} ${c.how}`;
};

describe('chooseByDate', () => {
  it.each([
    ['inside the built-in validity', '2026-07-01', 'builtin-billing covers'],
    ['on the first day of a validity', '2026-05-28', 'builtin-billing covers'],
    ['on the last day of a validity', '2026-05-27', 'v103 covers'],
    ['inside an older set', '2025-02-10', 'v102 covers'],
    ['between two validities (a gap): the newest set valid before it', '2025-05-01', 'v102 after'],
    ['before every validity: the earliest set', '2024-12-31', 'v102 before'],
    ['after all starts: the newest (open-ended) set', '2027-03-01', 'v105 covers'],
    ['no date: the newest set', undefined, 'v105 undated'],
    ['a malformed date: the newest set', '2026-13-01', 'v105 undated'],
  ])('%s (%s)', (_what, date, expected) => expect(pick(date)).toBe(expected));

  it('after every validity has ended: the newest set, marked after', () => {
    const closed = [set('a', '1.0', '2025-01-01', '2025-06-30'), set('b', '2.0', '2025-07-01', '2025-12-31')];
    expect(pick('2026-02-01', closed)).toBe('b after');
  });

  it('only the sets of the customization take part; none: undefined', () => {
    expect(pick('2026-07-01', SETS, SELF)).toBe('sb covers');
    expect(chooseByDate(SETS, 'urn:example:other', '2026-07-01')).toBeUndefined();
  });

  it('overlapping validities: the later start wins, then the higher version, then the set given later', () => {
    expect(pick('2026-06-15', [set('a', '1.0.9', '2026-01-01', null), set('b', '1.0.4', '2026-05-28', null)])).toBe('b covers');
    expect(pick('2026-06-15', [set('a', '1.0.10', '2026-05-28', null), set('b', '1.0.9', '2026-05-28', null)])).toBe('a covers');
    expect(pick('2026-06-15', [set('builtin', '1.0.4', '2026-05-28', null), set('added', '1.0.4', '2026-05-28', null)])).toBe('added covers');
  });

  it('an open start is the oldest: a set without validity judges only what no dated set covers', () => {
    const sets = [set('builtin', '1.0.4', '2026-05-28', null), set('undated', null, null, null)];
    expect(pick('2026-06-01', sets)).toBe('builtin covers');
    expect(pick('2020-01-01', sets)).toBe('undated covers');
  });

  it('dates and versions', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-1')).toBe(false);
    expect(compareVersions('1.0.10', '1.0.4')).toBe(1);
    expect(compareVersions(null, '0.9')).toBe(-1);
  });
});

const doc = (customization: string, date?: string) => `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>${customization}</cbc:CustomizationID>
  <cbc:ID>X-1</cbc:ID>
${date ? `  <cbc:IssueDate>${date}</cbc:IssueDate>\n` : ''}</Invoice>
`;
const ruleSet = (name: string, version: string, valid_from: string | null, valid_to: string | null, customizations = [BILLING]) =>
  new RuleSet(name, [], { customizations, version, valid_from, valid_to, hash: `hash-${name}` });

describe('checkXml: the rule set chosen per document by customization and issue date', () => {
  const rules = new BuiltinRules('builtin', [
    ruleSet('builtin-billing', '1.0.4', '2026-05-28', null),
    ruleSet('builtin-selfbilling', '1.0.4', '2026-05-28', null, [SELF]),
    ruleSet('old', '1.0.3', '2025-01-01', '2026-05-27'),
    ruleSet('next', '1.0.5', '2026-12-01', null),
  ]);
  const judged = (xml: string, r: Parameters<typeof checkXml>[1] = rules) => {
    const out = checkXml(xml, r);
    return { set: out.judgedBy?.name, byDate: out.judgedBy?.by_date, chosen: out.judgedBy?.chosen, valid: [out.judgedBy?.valid_from, out.judgedBy?.valid_to], warnings: out.findings.filter((f) => f.rule === 'pintae/rules-validity') };
  };

  it('a date inside a validity: that set, no warning', () => {
    expect(judged(doc(BILLING, '2025-06-01'))).toMatchObject({ set: 'old', byDate: 'covers', chosen: 'customization', valid: ['2025-01-01', '2026-05-27'], warnings: [] });
    expect(judged(doc(BILLING, '2026-06-01'))).toMatchObject({ set: 'builtin-billing', warnings: [] });
    expect(judged(doc(BILLING, '2027-01-01'))).toMatchObject({ set: 'next', warnings: [] });
    expect(judged(doc(SELF, '2027-01-01'))).toMatchObject({ set: 'builtin-selfbilling', warnings: [] });
  });

  it('a date before every validity: the earliest set, and a located note (severity info) naming it', () => {
    const r = judged(doc(BILLING, '2024-03-01'));
    expect(r).toMatchObject({ set: 'old', byDate: 'before' });
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatchObject({ severity: 'info', location: '/Invoice/IssueDate', line: 4 });
    expect(r.warnings[0]!.message).toContain('2024-03-01 is before the validity of every PINT-AE rule set');
    expect(r.warnings[0]!.message).toContain('judged by old 1.0.3, valid from 2025-01-01 to 2026-05-27');
  });

  it('an unknown customization is judged by the billing sets, chosen by date too', () => {
    expect(judged(doc('urn:example:other', '2025-06-01'))).toMatchObject({ set: 'old', chosen: 'fallback' });
  });

  it('no IssueDate: the newest set, no warning (the rules themselves report the missing date)', () => {
    expect(judged(doc(BILLING))).toMatchObject({ set: 'next', byDate: 'undated', warnings: [] });
  });

  it('--rules pins one set for every document, whatever its date: no choice, no warning', () => {
    const pinned = ruleSet('old', '1.0.3', '2025-01-01', '2026-05-27');
    for (const date of ['2024-01-01', '2027-01-01']) {
      expect(judged(doc(BILLING, date), pinned)).toMatchObject({ set: 'old', chosen: 'pinned', byDate: undefined, warnings: [] });
    }
  });
});
