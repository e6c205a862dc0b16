/**
 * A request body sent inside another object (qa9, support staff reproducing a customer's payload): `{"invoice": {…}}`
 * answered five "… is required" errors first, and the cause, the wrapping key, last as a bare "unknown field". The
 * service answers the same errors (spec 2.1: the body is the invoice); pintae's own warning now names the wrapping
 * and the errors follow from it (`explains`), so the root cause comes first.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateInvoice } from '../../../src/pipeline.js';
import { dataOf, fixtureEnv, ownOf } from '../../helpers/pipeline.js';
import { FIXTURES } from '../../helpers/paths.js';

const body = JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8')) as Record<string, unknown>;

describe('a wrapped request body', () => {
  it('{"invoice": body}: the wrapping key is the root of every error, which the service answers unchanged', () => {
    const outcome = validateInvoice({ invoice: body }, fixtureEnv());
    const errors = dataOf(outcome).errors;
    expect(errors.map((e) => e.field)).toEqual(['entity_id', 'invoice_number', 'date', 'buyer', 'line_items']);
    const [wrapper] = ownOf(outcome);
    expect(wrapper).toMatchObject({
      rule: 'pintae/unknown-field', field: 'invoice', severity: 'warning', explains: [0, 1, 2, 3, 4],
      message: 'unknown field "invoice": invoice holds an invoice request body (entity_id, invoice_number, date, buyer, line_items) — send that object itself as the body, not wrapped in "invoice"',
    });
  });

  it('wrapped twice, {"data": {"invoice": body}}: found inside, not taken for a misspelled "date"', () => {
    const [wrapper] = ownOf(validateInvoice({ data: { invoice: body } }, fixtureEnv()));
    expect(wrapper).toMatchObject({ field: 'data', explains: [0, 1, 2, 3, 4] });
    expect(wrapper!.message).toMatch(/^unknown field "data": data\.invoice holds an invoice request body/);
    expect(wrapper).not.toHaveProperty('suggestion');
  });

  it('a body with its own fields is not wrapped, whatever an unknown key holds', () => {
    const [unknown] = ownOf(validateInvoice({ ...body, original: { ...body } }, fixtureEnv()));
    expect(unknown!.message).toBe('unknown field "original"');
    expect(unknown).not.toHaveProperty('explains');
  });
});
