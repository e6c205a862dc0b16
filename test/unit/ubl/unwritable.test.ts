/**
 * Text no XML document can carry (XML 1.0 §2.2) never reaches a document: the request body is refused at its field
 * (schema stage), the entity record at entity_id with the record field named, and whatever might still reach the
 * writer becomes a finding at its field instead of a broken document or an exception.
 */
import { describe, expect, it, vi } from 'vitest';
import { validateInvoice } from '../../../src/pipeline.js';
import type { Entity } from '../../../src/model/types.js';
import { alNoor, base, envWithEntity } from '../rules/support.js';

const guard = vi.hoisted(() => ({ skipEntityCheck: false }));
vi.mock('../../../src/schema/check.js', async (original) => {
  const real = await original<typeof import('../../../src/schema/check.js')>();
  return { ...real, unwritableEntity: (e: Entity) => (guard.skipEntityCheck ? [] : real.unwritableEntity(e)) };
});

const entityWith = (field: keyof Entity, value: string): Entity => ({ ...alNoor(), [field]: value });

describe('an entity record that cannot be written', () => {
  it.each([
    ['city', 'Du\u0000bai', 'U+0000'], ['company_name', 'Al Noor\uFFFE', 'U+FFFE'], ['area', 'Street \uD800', 'U+D800'],
    ['registry_code', '100123\u001B4567', 'U+001B'], ['state', 'Dubai\uFFFF', 'U+FFFF'],
  ])('%s holding %j: one finding at entity_id naming the record field, no XML, no exception', (field, value, code) => {
    const outcome = validateInvoice(base(), envWithEntity(entityWith(field as keyof Entity, value)));
    if (outcome.kind !== 'validated') throw new Error('rejected');
    expect(outcome.xml).toBeNull();
    expect(outcome.sources).toBeNull();
    const found = outcome.findings.filter((f) => f.message.includes(code));
    expect(found).toEqual([expect.objectContaining({ field: 'entity_id', section: 'seller_party', severity: 'error' })]);
    expect(found[0]!.message).toContain(` in ${field},`);
    expect(outcome.response.data.is_valid).toBe(false);
  });

  it('a field the seller party does not carry (email) does not stop the invoice', () => {
    const outcome = validateInvoice(base(), envWithEntity(entityWith('email', 'a\u0000@b')));
    expect(outcome.kind === 'validated' && outcome.xml).toBeTruthy();
  });

  it('should any text still reach the writer, the invoice gets a finding at the field, not a document', () => {
    guard.skipEntityCheck = true;
    try {
      const outcome = validateInvoice(base(), envWithEntity(entityWith('city', 'Du\u0000bai')));
      if (outcome.kind !== 'validated') throw new Error('rejected');
      expect(outcome.xml).toBeNull();
      const found = outcome.findings.filter((f) => f.message.includes('U+0000'));
      expect(found).toEqual([expect.objectContaining({ field: 'entity_id', section: 'seller_party', severity: 'error' })]);
      expect(found[0]!.message).toContain('/Invoice/AccountingSupplierParty/Party/PostalAddress/CityName');
    } finally {
      guard.skipEntityCheck = false;
    }
  });
});

describe('a request field that cannot be written is refused at that field', () => {
  it.each([
    ['buyer.name', (b: any, v: string) => { b.buyer.name = v; }],
    ['line_items[1].description', (b: any, v: string) => { b.line_items[1].description = v; }],
    ['payment_account_id', (b: any, v: string) => { b.payment_account_id = v; }],
    ['delivery.state', (b: any, v: string) => { b.delivery = { country: 'US', state: v }; }],
  ])('%s', (field, put) => {
    const body = base();
    put(body, 'x\u0000y');
    const outcome = validateInvoice(body, envWithEntity(alNoor()));
    if (outcome.kind !== 'validated') throw new Error('rejected');
    expect(outcome.xml).toBeNull();
    expect(outcome.findings).toEqual([expect.objectContaining({ field, message: `${field} contains the character U+0000, which an XML document cannot carry` })]);
  });

  it('text that never reaches the XML as sent (reference, buyer.email, the seller block, a unit) may hold anything', () => {
    const body = base();
    body.reference = 'a\u0000';
    body.buyer.email = 'b\uFFFF';
    body.seller = { issuing_authority: 'c\u0001' };
    body.line_items[0].unit = 'd\uD800';
    const outcome = validateInvoice(body, envWithEntity(alNoor()));
    expect(outcome.kind === 'validated' && outcome.xml).toBeTruthy();
  });
});
