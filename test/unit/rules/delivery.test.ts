/**
 * Delivery (spec 2.4) and the export rules (2.5 position 8, 4.1, 7.3): delivery.region / delivery.state are
 * accepted as country_subdivision; "" and null read as absent (2.8.5). Export rows start from
 * fixtures/invoices/export.json (USD with a sent rate, US buyer, delivery with `state`), the others from standard.json.
 */
import { describe, expect, it } from 'vitest';
import {
  all, expectError, expectValid, parseXml, removing, run, runFixture, select, setting, type Expected, type Mutation,
} from './support.js';

const subentity = (xml: string) => select(parseXml(xml), 'cac:Delivery/cac:DeliveryLocation/cac:Address/cbc:CountrySubentity').map((n) => n.text);

const exportFixture = (mutate: Mutation = () => {}) => runFixture('export.json', mutate);

/** The export's delivery block with its subdivision sent under the given name only. */
const subdivisionAs = (field: string, value: unknown): Mutation => (b) => {
  delete b.delivery.state;
  delete b.delivery.region;
  delete b.delivery.country_subdivision;
  b.delivery[field] = value;
};

describe('base invoices', () => {
  it('standard.json, untouched, is valid and has no cac:Delivery (2.1: omitted when absent)', () => {
    const outcome = run();
    expectValid(outcome);
    expect(outcome.kind === 'validated' && select(parseXml(outcome.xml!), 'cac:Delivery')).toEqual([]);
  });
  it('export.json, untouched, is valid (delivery.state stands for country_subdivision)', () => expectValid(exportFixture()));
});

describe('2.4 country_subdivision aliases', () => {
  it.each<[string, string]>([
    ['2.4 country_subdivision', 'country_subdivision'],
    ['2.4 alias region', 'region'],
    ['2.4 alias state', 'state'],
  ])('%s "CA" on an export → valid, cbc:CountrySubentity CA', (_name, field) => {
    const outcome = exportFixture(subdivisionAs(field, 'CA'));
    expectValid(outcome);
    expect(outcome.kind === 'validated' && subentity(outcome.xml!)).toEqual(['CA']);
  });

  it.each<[string, string]>([
    ['2.4 alias region', 'region'],
    ['2.4 alias state', 'state'],
  ])('%s on a non-export delivery in the UAE → cbc:CountrySubentity carries the emirate', (_name, field) => {
    const outcome = run(setting('delivery', { address_line1: 'Warehouse 7, Jebel Ali', city: 'Dubai', [field]: 'Dubai', country: 'AE' }));
    expectValid(outcome);
    expect(outcome.kind === 'validated' && subentity(outcome.xml!)).toEqual([expect.stringMatching(/^(Dubai|DXB)$/)]);
  });

  it('2.4 + 2.8.5 country_subdivision "" with alias state "CA": the empty field is absent, the alias applies', () => {
    const outcome = exportFixture(setting('delivery.country_subdivision', ''));
    expectValid(outcome);
    expect(outcome.kind === 'validated' && subentity(outcome.xml!)).toEqual(['CA']);
  });
});

describe('7.3 export without the mandatory delivery data', () => {
  const subdivisionMissing: Expected = { message: /IBT-079/ };
  it.each<[string, Mutation, Expected]>([
    ['7.3 export without subdivision (state removed) → IBT-079', removing('delivery.state'), subdivisionMissing],
    ['7.3 + 2.8.5 export with state "" → IBT-079', setting('delivery.state', ''), subdivisionMissing],
    ['7.3 + 2.8.5 export with region null and no other subdivision → IBT-079', subdivisionAs('region', null), subdivisionMissing],
    ['7.3 export without city → IBT-077', removing('delivery.city'), { message: /IBT-077/ }],
    ['7.3 export without address line 1 → IBT-075', removing('delivery.address_line1'), { message: /IBT-075/ }],
    ['7.3 export without delivery.country → IBT-080', removing('delivery.country'), { message: /IBT-080/ }],
    ['2.1/4.1 export without a delivery block at all → an error on the delivery address', removing('delivery'), { message: /IBT-07[579]|delivery/i }],
  ])('%s', (_name, mutate, expected) => {
    const outcome = exportFixture(mutate);
    expect(outcome.kind).toBe('validated');
    expectError(outcome, expected);
  });

  it('2.4 delivery.country must be ISO 3166-1 alpha-2: "Narnia" → an error on delivery.country', () => {
    expectError(exportFixture(setting('delivery.country', 'Narnia')), { field: 'delivery.country' });
  });

  it('2.4 export delivery to AE (not the buyer country) → an error', () => {
    const outcome = exportFixture(all(setting('delivery.country', 'AE'), setting('delivery.state', 'Dubai')));
    expect(outcome.kind === 'validated' && outcome.response.data.is_valid).toBe(false);
  });
});
