import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BuiltinRules, RuleSet } from '../../src/schematron/rulesets.js';
import { validateInvoice } from '../../src/pipeline.js';
// The compiled rules sit beside dist's modules (npm run build), as for the CLI.
import { createValidator } from '../../dist/validator.js';
import { fixtureEnv } from '../helpers/pipeline.js';
import { ENTITY, FIXTURES } from '../helpers/paths.js';

// Issue 13 items 2 and 3 for validate: the document pintae builds is judged by the set of its CustomizationID valid on
// its IssueDate, the result names that set, and a date outside every validity gets pintae/rules-validity.
const BILLING = 'urn:peppol:pint:billing-1@ae-1';
const SELF = 'urn:peppol:pint:selfbilling-1@ae-1';
const standard = () => JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8')) as Record<string, unknown>;
const ruleSet = (name: string, version: string, valid_from: string | null, valid_to: string | null, customizations = [BILLING]) =>
  new RuleSet(name, [], { customizations, version, valid_from, valid_to, hash: `hash-${name}` });
const rules = new BuiltinRules('builtin', [
  ruleSet('builtin-billing', '1.0.4', '2026-05-28', null),
  ruleSet('builtin-selfbilling', '1.0.4', '2026-05-28', null, [SELF]),
  ruleSet('old', '1.0.3', '2025-01-01', '2026-05-27'),
]);

function validated(body: Record<string, unknown>, schematron: ConstructorParameters<typeof BuiltinRules>[1][number] | BuiltinRules = rules, today = '2026-11-22') {
  const outcome = validateInvoice(body, fixtureEnv({ schematron, today }));
  if (outcome.kind !== 'validated') throw new Error('rejected');
  // pintae's own note, beside the response: never in its warnings (issue 24).
  expect(JSON.stringify(outcome.response)).not.toContain('pintae/');
  return { outcome, validity: outcome.pintae.filter((w) => w.rule === 'pintae/rules-validity') };
}

describe('validate: the rule set chosen for the built document', () => {
  it('a date inside a validity: that set, named, no warning', () => {
    const inside = validated({ ...standard(), date: '2025-06-01', due_date: '2025-07-01' });
    expect(inside.outcome.judgedBy).toMatchObject({ name: 'old', version: '1.0.3', customization: BILLING, chosen: 'customization', by_date: 'covers', hash: 'hash-old' });
    expect(inside.validity).toEqual([]);
    expect(validated({ ...standard(), date: '2026-06-08', due_date: '2026-07-08' }).outcome.judgedBy).toMatchObject({ name: 'builtin-billing', by_date: 'covers' });
  });

  it('a date before every validity: the earliest set, and a warning at the request\'s date field that leaves is_valid alone', () => {
    const before = validated({ ...standard(), date: '2024-03-01', due_date: '2024-04-01' });
    expect(before.outcome.judgedBy).toMatchObject({ name: 'old', by_date: 'before' });
    expect(before.validity).toEqual([{
      message: 'the invoice date 2024-03-01 is before the validity of every PINT-AE rule set for urn:peppol:pint:billing-1@ae-1: judged by old 1.0.3, valid from 2025-01-01 to 2026-05-27, the earliest instead',
      section: 'invoice_header', rule: 'pintae/rules-validity', field: 'date', severity: 'info',
    }]);
    expect(before.outcome.response.data.is_valid).toBe(true);
    expect(before.outcome.valid).toBe(true);
    expect(before.outcome.response.data.warnings).toEqual([]);
    expect(before.outcome.response.data.errors).toEqual([]);
  });

  it('a date after every validity has ended (no open set): the newest that started before it, with the warning', () => {
    const closed = new BuiltinRules('closed', [ruleSet('old', '1.0.3', '2025-01-01', '2026-05-27')]);
    const after = validated({ ...standard(), date: '2026-06-08', due_date: '2026-07-08' }, closed);
    expect(after.outcome.judgedBy).toMatchObject({ name: 'old', by_date: 'after' });
    expect(after.validity.map((w) => w.message)).toEqual([expect.stringContaining('the invoice date 2026-06-08 is in no PINT-AE rule set\'s validity')]);
  });

  it('the choice reads the built document: its CustomizationID and IssueDate; no usable date there → today (the injected clock)', () => {
    const asked: Array<[string, string | undefined]> = [];
    const spy = { run: () => [], choose: (c: string, d?: string) => { asked.push([c, d]); return undefined; }, info: rules.info };
    validated(standard(), spy as unknown as BuiltinRules);
    expect(asked[0]).toEqual([BILLING, '2025-03-10']);
    asked.length = 0;
    const { date: _, ...undated } = standard();
    validated(undated, spy as unknown as BuiltinRules, '2026-11-22');
    // No date is a schema error; the rules still judge the rest of the invoice, dated as it would be sent.
    expect(asked.length).toBeGreaterThan(0);
    for (const [c, d] of asked) expect([c, d]).toEqual([BILLING, '2026-11-22']);
  });

  it('a pinned set (--rules) judges whatever the date: named as pinned, no warning', () => {
    const pinned = ruleSet('old', '1.0.3', '2025-01-01', '2026-05-27');
    const r = validated({ ...standard(), date: '2024-03-01', due_date: '2024-04-01' }, pinned);
    expect(r.outcome.judgedBy).toMatchObject({ name: 'old', chosen: 'pinned' });
    expect(r.outcome.judgedBy?.by_date).toBeUndefined();
    expect(r.validity).toEqual([]);
  });

  it('a pinned set written for another specification than the built invoice\'s: a note (pintae/rules-pinned) beside the response; none where the set is written for it, among others', () => {
    const tdd = ruleSet('tdd-rules', '1.0.4', null, null, ['urn:peppol:taxdata:ae-1']);
    const r = validated(standard(), tdd);
    expect(r.outcome.response.data.is_valid).toBe(true);
    expect(r.outcome.pintae.filter((f) => f.rule === 'pintae/rules-pinned')).toEqual([expect.objectContaining({
      severity: 'info', section: 'invoice_header',
      message: `judged by tdd-rules 1.0.4, the rule set pinned for every document (--rules, or ruleSet in a config file), which is written for urn:peppol:taxdata:ae-1; this document declares ${BILLING}, and the rules written for it were not run`,
    })]);
    // A set written for self-billing and billing, pinned: it is written for the built invoice; the report names that one.
    const both = validated(standard(), ruleSet('both', '1.0.4', null, null, [SELF, BILLING]));
    expect(both.outcome.pintae.filter((f) => f.rule === 'pintae/rules-pinned')).toEqual([]);
    expect(both.outcome.judgedBy).toMatchObject({ name: 'both', customization: BILLING, chosen: 'pinned' });
  });

  it('no rules (--no-schematron): no set named, no warning', () => {
    const outcome = validateInvoice(standard(), fixtureEnv());
    expect(outcome.kind === 'validated' && outcome.judgedBy).toBeFalsy();
  });
});

describe('createValidator: validate names the built-in set as check does', () => {
  it('rule_set on each validate result; the fixture (2025-03-10) is before 1.0.4\'s validity', async () => {
    const validator = await createValidator({ entity: ENTITY, deterministic: true, today: '2026-11-22' });
    const r = validator.validate(standard());
    expect(r.valid).toBe(true);
    expect(r.pintae_findings?.map((f) => [f.rule, f.severity])).toEqual([['pintae/rules-validity', 'info']]);
    expect(r.response && 'data' in r.response ? r.response.data.warnings : null).toEqual([]);
    expect(r.rule_set).toMatchObject({ name: 'builtin-billing', customization: BILLING, version: '1.0.4', valid_from: '2026-05-28', chosen: 'customization', by_date: 'before' });
    expect(r.rule_set!.hash).toMatch(/^[0-9a-f]{64}$/);
    const inside = validator.validate({ ...standard(), date: '2026-06-08', due_date: '2026-07-08' });
    expect(inside.rule_set).toMatchObject({ name: 'builtin-billing', by_date: 'covers' });
    expect(inside.response && 'data' in inside.response ? inside.response.data.warnings : null).toEqual([]);
  });
});
