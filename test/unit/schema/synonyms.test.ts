/**
 * Issue 24 item 4: an unknown key is suggested as the field it means by the names ERPs, spreadsheets and other
 * e-invoicing APIs use (src/schema/synonyms.ts), before the field closest in spelling, and as a field of the object
 * where the key appears (spec 2.1 header, 2.2 buyer, 2.3 seller, 2.4 delivery, 2.7 lines).
 */
import { describe, expect, it } from 'vitest';
import { SYNONYMS, type SynonymObject } from '../../../src/schema/synonyms.js';
import { unknownFields } from '../../../src/schema/unknown-fields.js';
import { buyerSchema, deliverySchema, invoiceSchema, lineSchema, sellerSchema } from '../../../src/schema/invoice.schema.js';
import { plainName } from '../../../src/schema/spelling.js';
import { base, type Body } from '../rules/support.js';

/** The request's fields of each object, as the spec's tables list them (2.1, 2.2, 2.3, 2.4, 2.7). */
const FIELDS: Record<SynonymObject, readonly string[]> = {
  header: Object.keys(invoiceSchema.properties), buyer: Object.keys(buyerSchema.properties), seller: Object.keys(sellerSchema.properties),
  delivery: Object.keys(deliverySchema.properties), line: Object.keys(lineSchema.properties),
};

/** The object of a standard invoice where a key of `object` goes (a seller or delivery block is added), and its path. */
function objectIn(body: Body, object: SynonymObject): { target: Body; path: string } {
  switch (object) {
    case 'header': return { target: body, path: '' };
    case 'buyer': return { target: body.buyer, path: 'buyer' };
    case 'seller': return { target: (body.seller = { registration_type: 'TL', issuing_authority: 'DED' }), path: 'seller' };
    case 'delivery': return { target: (body.delivery = { city: 'Dubai', country: 'AE' }), path: 'delivery' };
    case 'line': return { target: body.line_items[0], path: 'line_items[0]' };
  }
}

/** The one unknown-field warning for `key` sent in `object` of the standard invoice, with the fields `absent` left out. */
function warningFor(object: SynonymObject, key: string, absent: readonly string[] = []) {
  const body = base();
  const { target, path } = objectIn(body, object);
  for (const field of absent) delete target[field];
  target[key] = 'x';
  const found = unknownFields(body);
  expect(found).toHaveLength(1);
  expect(found[0]!.field).toBe(path ? `${path}.${key}` : key);
  return found[0]!;
}

const entries = (Object.keys(SYNONYMS) as SynonymObject[]).flatMap((object) =>
  Object.entries(SYNONYMS[object]).map(([name, meant]) => [object, name, meant] as const));

describe('names other systems use, suggested as the field they mean (issue 24 item 4)', () => {
  it('holds at least 80 names', () => {
    expect(entries.length).toBeGreaterThanOrEqual(80);
  });

  // Written from the spec's field tables and the issue's own examples, not read from the table.
  it.each<[SynonymObject, string, string]>([
    ['header', 'invoice_date', 'date'], ['header', 'issue_date', 'date'], ['header', 'inv_no', 'invoice_number'],
    ['header', 'customer', 'buyer'], ['header', 'client', 'buyer'], ['header', 'items', 'line_items'], ['header', 'lines', 'line_items'],
    ['header', 'iban', 'payment_account_id'], ['header', 'net_amount', 'sub_total'], ['header', 'vat_amount', 'total_tax'],
    ['header', 'vat', 'total_tax'], ['header', 'tax_amount', 'total_tax'], ['header', 'grand_total', 'total'],
    ['header', 'rate', 'exchange_rate'], ['header', 'InvoiceDate', 'date'], ['header', 'Invoice-No', 'invoice_number'],
    ['buyer', 'trn_number', 'trn'], ['buyer', 'tax_registration_number', 'trn'], ['buyer', 'vat_number', 'trn'],
    ['buyer', 'emirate', 'region'], ['buyer', 'customer_name', 'name'], ['buyer', 'country_subdivision', 'region'],
    ['seller', 'authority_name', 'issuing_authority'], ['seller', 'trade_license', 'legal_registration_id'],
    ['delivery', 'emirate', 'country_subdivision'], ['delivery', 'zip', 'post_code'], ['delivery', 'postal_code', 'post_code'],
    ['line', 'unit_price', 'unit_amount'], ['line', 'price', 'unit_amount'], ['line', 'rate', 'unit_amount'], ['line', 'qty', 'quantity'],
    ['line', 'vat', 'tax_amount'], ['line', 'vat_amount', 'tax_amount'], ['line', 'vat_rate', 'tax_rate'],
    ['line', 'net_amount', 'line_amount'], ['line', 'uom', 'unit'], ['line', 'tax_code', 'tax_category'], ['line', 'UnitPrice', 'unit_amount'],
  ])('%s: "%s" → "%s"', (object, key, meant) => {
    const w = warningFor(object, key, [meant]);
    expect(w.suggestion).toBe(meant);
    expect(w.message).toContain(`(did you mean ${JSON.stringify(meant)}?)`);
  });

  it('the issue\'s examples: invoice_date is not offered invoice_type, unit_price is offered unit_amount', () => {
    expect(warningFor('header', 'invoice_date', ['date']).message).toBe('unknown field "invoice_date" (did you mean "date"?)');
    expect(warningFor('line', 'unit_price', ['unit_amount']).message).toBe('unknown field "unit_price" in line_items[0] (did you mean "unit_amount"?)');
  });

  // Every entry of the table, in the object it is written for: the walk suggests the first field it means.
  it.each(entries)('%s: "%s" → %j', (object, name, meant) => {
    expect(FIELDS[object], `${name} is itself a field of ${object}`).not.toContain(name);
    for (const field of meant) expect(FIELDS[object], `${name} → ${field}`).toContain(field);
    expect(meant.map(plainName), `${name} is only a spelling of the field`).not.toContain(plainName(name));
    expect(warningFor(object, name, meant).suggestion).toBe(meant[0]);
  });

  it('no two names of one object are the same name compared without case and separators', () => {
    for (const object of Object.keys(SYNONYMS) as SynonymObject[]) {
      const plain = Object.keys(SYNONYMS[object]).map(plainName);
      expect(plain.filter((p, i) => plain.indexOf(p) !== i), object).toEqual([]);
    }
  });

  it('a name means the field of the object where it appears', () => {
    expect(warningFor('header', 'rate', ['exchange_rate']).suggestion).toBe('exchange_rate');
    expect(warningFor('line', 'rate', ['unit_amount']).suggestion).toBe('unit_amount');
    expect(warningFor('header', 'tax_amount').suggestion).toBe('total_tax');
    expect(warningFor('buyer', 'issuing_authority', ['authority_name']).suggestion).toBe('authority_name');
    expect(warningFor('seller', 'authority_name', ['issuing_authority']).suggestion).toBe('issuing_authority');
    expect(warningFor('buyer', 'state', ['region']).suggestion).toBe('region');
  });

  it('a field the object holds already is not what the name means: the next one, else the spelling', () => {
    // standard.json's first line has a description: a line's "name" is then its item_name.
    expect(warningFor('line', 'name').suggestion).toBe('item_name');
    expect(warningFor('line', 'name', ['description']).suggestion).toBe('description');
    // The line has its unit_amount: "price" names nothing else, and nothing is spelled close to it.
    expect(warningFor('line', 'price').suggestion).toBeUndefined();
  });
});
