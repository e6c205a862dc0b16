/**
 * Issue 22, item 7: what pintae writes, pintae and libxml2 read. libxml2 takes at most 10,000,000 bytes (UTF-8) in one
 * text node (XML_MAX_TEXT_LENGTH, without XML_PARSE_HUGE, as xmllint runs); a field longer than that is refused at
 * its field, as a character XML cannot carry is, and an entity record's at entity_id; the writer refuses anything that
 * still reaches it, text or start tag. At the limit exactly, the document is written and both readers read it.
 */
import { describe, expect, it } from 'vitest';
import { validateInvoice } from '../../../src/pipeline.js';
import { serializeXml, UnwritableText } from '../../../src/ubl/serialize.js';
import { el, type XmlNode } from '../../../src/ubl/node.js';
import { readXml } from '../../../src/xpath/xml.js';
import type { Entity } from '../../../src/model/types.js';
import { libxml2Verdicts } from '../../helpers/libxml2.js';
import { alNoor, base, envWithEntity } from '../rules/support.js';

const LIMIT = 10_000_000;
/** Text of exactly `bytes` UTF-8 bytes, mostly two-byte characters (the limit is bytes, not characters). */
const textOf = (bytes: number) => 'é'.repeat(Math.floor(bytes / 2)) + 'x'.repeat(bytes % 2);

const validated = (mutate: (b: any) => void, entity: Entity = alNoor()) => {
  const body = base();
  mutate(body);
  const outcome = validateInvoice(body, envWithEntity(entity));
  if (outcome.kind !== 'validated') throw new Error('rejected');
  return outcome;
};

describe('a request field', () => {
  it('at the limit: written, and read by pintae\'s reader and by libxml2; a byte more, which libxml2 refuses: refused at the field', async () => {
    const at = validated((b) => { b.line_items[0].description = textOf(LIMIT); });
    expect(at.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(at.xml).toContain(textOf(LIMIT));
    expect(() => readXml(at.xml!)).not.toThrow();
    const raw = (text: string) => Buffer.from(`<a>${text}</a>`);
    const [written, atLimit, over] = await libxml2Verdicts([Buffer.from(at.xml!), raw(textOf(LIMIT)), raw(textOf(LIMIT + 1))]);
    expect(written!.wellFormed, written!.messages.join('\n')).toBe(true);
    expect([atLimit!.wellFormed, over!.wellFormed]).toEqual([true, false]);
    const field = 'line_items[0].description';
    const refused = validated((b) => { b.line_items[0].description = textOf(LIMIT + 1); });
    expect(refused.xml).toBeNull();
    expect(refused.findings).toContainEqual(expect.objectContaining({ field, severity: 'error', message: expect.stringContaining(`${field} is ${LIMIT + 1} bytes long`) }));
    // A field that never reaches the XML (reference) may be as long as it is.
    expect(validated((b) => { b.reference = textOf(LIMIT + 1); }).xml).not.toBeNull();
  });

  it.each([
    ['line_items[0].description', (b: any, v: string) => { b.line_items[0].description = v; }],
    ['buyer.name', (b: any, v: string) => { b.buyer.name = v; }],
    ['deliver_to_party_id_scheme', (b: any, v: string) => { b.deliver_to_party_id = '5790000435975'; b.deliver_to_party_id_scheme = v; }],
  ])('%s a byte over: refused at the field, no document', (field, put) => {
    const outcome = validated((b) => put(b, textOf(LIMIT + 1)));
    expect(outcome.xml).toBeNull();
    expect(outcome.findings).toContainEqual(expect.objectContaining({
      field, severity: 'error',
      message: `${field} is ${LIMIT + 1} bytes long (UTF-8), more than an XML document can carry in one text node (libxml2 reads at most ${LIMIT}): shorten it`,
    }));
  });
});

describe('an entity record', () => {
  it('a text field over the limit: one finding at entity_id naming the record field, no document', () => {
    const outcome = validated(() => {}, { ...alNoor(), company_name: textOf(LIMIT + 2) });
    expect(outcome.xml).toBeNull();
    expect(outcome.findings).toContainEqual(expect.objectContaining({
      field: 'entity_id', section: 'seller_party', severity: 'error',
      message: `The record of entity "${alNoor().entity_id}" holds ${LIMIT + 2} bytes (UTF-8) in company_name, more than an XML document can carry in one text node (libxml2 reads at most ${LIMIT}): correct the entity record`,
    }));
  });
});

describe('the writer\'s own guard', () => {
  const NS = { '@xmlns': 'urn:i', '@xmlns:cbc': 'urn:cbc', '@xmlns:cac': 'urn:cac' };
  const doc = (content: XmlNode): XmlNode => ({ Invoice: { ...NS, ...content } });
  const thrown = (tree: XmlNode) => { try { serializeXml(tree); } catch (e) { return e as UnwritableText; } throw new Error('written'); };

  it('text over the limit: at its element and field', () => {
    const e = thrown(doc({ 'cac:AccountingCustomerParty': { $: 'buyer', 'cac:Party': { 'cbc:Name': textOf(LIMIT + 1) } } }));
    expect(e).toBeInstanceOf(UnwritableText);
    expect(e).toMatchObject({ location: '/Invoice/AccountingCustomerParty/Party/Name', field: 'buyer' });
    expect(e.message).toContain(`a text of ${LIMIT + 1} bytes`);
  });

  it('a start tag over the limit (its attributes, as escaped): at the longest attribute and its field', () => {
    // Each '&' is written as five bytes: the value is under the limit, the start tag is not.
    const e = thrown(doc({ 'cbc:ID': el('1', { schemeID: '&'.repeat(LIMIT / 5) }, 'deliver_to_party_id', { schemeID: 'deliver_to_party_id_scheme' }) }));
    expect(e).toMatchObject({ location: '/Invoice/ID/@schemeID', field: 'deliver_to_party_id_scheme' });
    expect(e.message).toMatch(/a start tag of \d+ bytes/);
  });
});
