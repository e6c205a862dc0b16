/**
 * Issue 24 item 7: the cause links ("root causes first") are right with any number of unknown keys. Every combination
 * of 1 to 4 keys from a pool, at the top level and on lines, some with consequences (a required field then missing, a
 * rule then failing) and some without, is validated, and each finding's root is compared with the tree expected.
 *
 * The expected tree is derived here, by hand, from what each key stands for: the invoice as meant is valid, so every
 * error follows from one key, the key that took the place of the field the error is about (`invoice_date` for
 * "date is required"; `tax_type`, which leaves line 0 standard rated with no VAT, for the VAT errors at that line and
 * at total_tax). An unknown key is itself a root, whatever else is wrong.
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/model/types.js';
import { validateInvoice } from '../../../src/pipeline.js';
import { fixtureEnv } from '../../helpers/pipeline.js';
import { base as standard, type Body } from '../rules/support.js';

/** standard.json with both lines exempt (E, no VAT, a reason): a valid invoice whose lines carry every kind of field. */
function intended(): Body {
  const body = standard();
  for (const line of body.line_items) Object.assign(line, { tax_category: 'E', tax_amount: 0, tax_exemption_reason: 'DL8.46.4' });
  return body;
}

interface Key {
  /** The unknown key's path, as its warning's field. */
  path: string;
  /** Sends the key: the field it stands for (if any) is moved to it, so that field is then absent. */
  send(body: Body): void;
  /** The findings that follow from the key: what the field's absence gives, by the spec (none for a key of no effect). */
  causes(f: Finding): boolean;
  /** A required field it takes the place of: its "… is required" error is always there when the key is. */
  required?: string;
  /** Its consequence is a rule failing: present whenever the rules run. */
  rule?: true;
}

const move = (object: (b: Body) => Body, from: string, to: string) => (b: Body) => { const o = object(b); o[to] = o[from]; delete o[from]; };
const top = (b: Body) => b;
const line = (n: number) => (b: Body) => b.line_items[n];
const requiredAt = (field: string) => (f: Finding) => f.field === field && f.message === `${field} is required`;
const at = (...fields: string[]) => (f: Finding) => fields.includes(f.field ?? '');

const POOL: Key[] = [
  // Top level (spec 2.1).
  { path: 'invoice_date', send: move(top, 'date', 'invoice_date'), causes: requiredAt('date'), required: 'date' },
  { path: 'inv_no', send: move(top, 'invoice_number', 'inv_no'), causes: requiredAt('invoice_number'), required: 'invoice_number' },
  { path: 'customer', send: move(top, 'buyer', 'customer'), causes: requiredAt('buyer'), required: 'buyer' },
  // payment_means_code 30 without payment_account_id (spec 2.1: required when the code is 30).
  { path: 'iban', send: move(top, 'payment_account_id', 'iban'), causes: at('payment_account_id'), rule: true },
  { path: 'notes', send: (b) => { b.notes = 'ERP batch 7'; }, causes: () => false },
  { path: 'crm_code', send: (b) => { b.crm_code = 'C-77'; }, causes: () => false },
  // Lines (spec 2.7).
  { path: 'line_items[0].unit_price', send: move(line(0), 'unit_amount', 'unit_price'), causes: requiredAt('line_items[0].unit_amount'), required: 'line_items[0].unit_amount' },
  { path: 'line_items[1].qty', send: move(line(1), 'quantity', 'qty'), causes: requiredAt('line_items[1].quantity'), required: 'line_items[1].quantity' },
  // Without its category line 0 is standard rated (2.7 default S) with no VAT: ibr-190-ae there, and the total tax of
  // an invoice with an S line cannot be zero (7.2).
  { path: 'line_items[0].tax_type', send: move(line(0), 'tax_category', 'tax_type'), causes: at('line_items[0].tax_amount', 'total_tax'), rule: true },
  // An E line without its reason (ibr-167-ae).
  { path: 'line_items[1].exemption_reason', send: move(line(1), 'tax_exemption_reason', 'exemption_reason'), causes: at('line_items[1].tax_exemption_reason'), rule: true },
  { path: 'line_items[0].uom', send: move(line(0), 'unit', 'uom'), causes: () => false },
];

function* combinations<T>(items: readonly T[], size: number, from = 0): Generator<T[]> {
  if (size === 0) { yield []; return; }
  for (let i = from; i <= items.length - size; i++) for (const rest of combinations(items, size - 1, i + 1)) yield [items[i]!, ...rest];
}
const ALL = [1, 2, 3, 4].flatMap((n) => [...combinations(POOL, n)]);

/** The finding a finding's `cause` names: its index in the findings as the response lists them, errors then warnings. */
const causeOf = (findings: readonly Finding[], f: Finding) => (f.cause === undefined ? undefined : findings[f.cause]);

/** What is wrong with the tree of one combination, in words (empty when it is the expected tree). */
function wrongIn(keys: readonly Key[]): string[] {
  const body = intended();
  for (const k of keys) k.send(body);
  const outcome = validateInvoice(body, fixtureEnv());
  if (outcome.kind !== 'validated') return [`rejected: ${JSON.stringify(outcome.response)}`];
  const findings = outcome.findings;
  const wrong: string[] = [];
  const warningOf = (k: Key) => findings.find((f) => f.rule === 'pintae/unknown-field' && f.field === k.path);
  for (const k of keys) if (!warningOf(k)) wrong.push(`no unknown-field warning at ${k.path}`);
  for (const f of findings) {
    const said = `${f.severity} ${f.rule ?? ''} at ${f.field}: ${f.message}`;
    const cause = causeOf(findings, f);
    if (f.rule === 'pintae/unknown-field') {
      if (cause !== undefined) wrong.push(`${said} — folded under ${cause.field}, but a key is a root of its own`);
      continue;
    }
    if (f.rule === 'pintae/rules-validity') continue;
    const owners = keys.filter((k) => k.causes(f));
    if (owners.length !== 1) { wrong.push(`${said} — expected from ${owners.length} keys of the combination`); continue; }
    const expected = warningOf(owners[0]!);
    if (cause !== expected) wrong.push(`${said} — under ${cause?.field ?? '(no cause)'}, expected under ${owners[0]!.path}`);
  }
  // Every required field a key took the place of is reported missing (the schema stage checks them all).
  for (const k of keys) if (k.required && !findings.some(requiredAt(k.required))) wrong.push(`no "${k.required} is required"`);
  // A key whose consequence is a rule: its findings are there whenever the rules run (not without a buyer).
  if (!keys.some((k) => k.path === 'customer')) {
    for (const k of keys) if (k.rule && !findings.some(k.causes)) wrong.push(`nothing follows from ${k.path}`);
  }
  return wrong;
}

describe('cause links with several unknown keys (issue 24 item 7)', () => {
  it('the intended invoice is valid, so every error of a combination follows from one of its keys', () => {
    const outcome = validateInvoice(intended(), fixtureEnv());
    expect(outcome.kind === 'validated' && outcome.response.data.errors).toEqual([]);
  });

  it(`every combination of 1 to 4 keys of ${POOL.length} (${ALL.length} invoices) has the expected tree`, () => {
    expect(ALL.length).toBe(11 + 55 + 165 + 330);
    const wrong = ALL.flatMap((keys) => wrongIn(keys).map((w) => `[${keys.map((k) => k.path).join(', ')}] ${w}`));
    expect(wrong.slice(0, 20), `${wrong.length} wrong`).toEqual([]);
  });
});
