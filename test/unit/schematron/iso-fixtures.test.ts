import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSchematron, namespaces, parse } from '../../../src/schematron/compile.js';
import { planNative } from '../../../src/schematron/native-plan.js';
import { differential, sch } from '../../helpers/native-differential.js';
import { ROOT } from '../../helpers/paths.js';

/** The test schemas of test/fixtures/schematron/iso, compiled the ways a user can ask for (phases). */
const ISO = join(ROOT, 'test/fixtures/schematron/iso');
const source = readFileSync(join(ISO, 'iso-constructs.sch'), 'utf8');
const doc = (currency: string, lines: number) => `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2">
  <cbc:ID>1</cbc:ID><cbc:IssueDate>2025-01-01</cbc:IssueDate><cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:DocumentCurrencyCode>${currency}</cbc:DocumentCurrencyCode>
  ${Array.from({ length: lines }, (_, i) => `<cac:InvoiceLine><cbc:ID>${i % 2}</cbc:ID><cbc:InvoicedQuantity>1</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="AED">-5</cbc:LineExtensionAmount><cac:Item><cbc:Name>x</cbc:Name></cac:Item></cac:InvoiceLine>`).join('')}
</Invoice>`;

describe('ISO Schematron test schemas', () => {
  it('every prefix the rules use is bound: sch:ns first, then xmlns: on the schema element and on included files', () => {
    const schema = parse(source, 'schema');
    const map = namespaces(schema);
    expect(map.get('xsd')).toBe('http://www.w3.org/2001/XMLSchema');
    expect(map.get('cbc')).toBe('urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2');
    // The included stylesheet's own prefix goes with its functions (declared on them), not into the stylesheet's header.
    const xslt = compileSchematron(source, { baseDir: ISO });
    expect(xslt).toMatch(/<xsl:function[^>]*name="u:is-code"[^>]*xmlns:xt="http:\/\/www.w3.org\/2001\/XMLSchema"|<xsl:function[^>]*xmlns:xt="http:\/\/www.w3.org\/2001\/XMLSchema"[^>]*name="u:is-code"/);
  });

  it('the default phase and another phase, with their lets: same reports on both engines', async () => {
    const docs = [doc('AED', 3), doc('GBP', 1)];
    const all = await differential(source, docs, { baseDir: ISO, fastOnly: true });
    const header = await differential(source, docs, { baseDir: ISO, phase: 'header-only', fastOnly: true });
    const ids = (d: typeof all) => d.native.map((o) => ('results' in o ? o.results.map((r) => r.id) : o.error));
    expect(ids(all)).toEqual([['iso-022', 'iso-026', 'iso-026', 'iso-022', 'iso-026', 'iso-030', 'iso-030', 'iso-030'], ['iso-001', 'iso-026', 'iso-030', 'iso-031']]);
    // u:grade (xsl:choose, a variable in a branch, value-of with its default separator) in a message.
    expect(all.native[1]).toMatchObject({ results: expect.arrayContaining([expect.objectContaining({ id: 'iso-026', text: '[iso-026] Line 0: net amount below zero by 5, not price × quantity.' })]) });
    // header-only: only the header pattern, and its phase let ($max-lines = 1) makes iso-002 fire on three lines.
    expect(ids(header)).toEqual([['iso-002'], ['iso-001']]);
  });

  it('xsl:key natively: several values (document order, no duplicates), attributes, an empty result, a number declined', async () => {
    const source = sch(`<xsl:key name="by-n" match="i:b" use="@n"/><xsl:key name="by-t" match="i:b/@t" use="."/><xsl:key name="num" match="i:b" use="number(@n)"/>
      <sch:pattern><sch:rule context="i:a">
        <sch:report id="many" test="true()"><sch:value-of select="key('by-n', ('2', '1', '2', 'z'))/@id"/></sch:report>
        <sch:report id="attr" test="true()"><sch:value-of select="count(key('by-t', 'x'))"/>/<sch:value-of select="key('by-t', 'x')/../@id"/></sch:report>
        <sch:report id="none" test="empty(key('by-n', ()))">none</sch:report>
        <sch:report id="num" test="exists(key('num', '1'))">num</sch:report>
      </sch:rule></sch:pattern>`);
    const doc = `<a xmlns="urn:inv"><b id="p" n="1" t="x"/><b id="q" n="2"/><c><b id="r" n="1" t="x"/></c></a>`;
    const plain = source.replace(/<sch:report id="num"[^]*?<\/sch:report>/, '').replace(/<xsl:key name="num"[^>]*>/, '');
    const d = await differential(plain, [doc], { fastOnly: true });
    expect(d.native[0]).toMatchObject({ results: [{ id: 'many', text: 'p q r' }, { id: 'attr', text: '2/p r' }, { id: 'none' }] });
    // A key whose values are numbers (equality by type) is left to Saxon-JS.
    const withNumbers = await differential(source, [doc], { fastOnly: true, nativeMayThrow: true });
    expect(withNumbers.native[0]).toMatchObject({ error: expect.stringMatching(/not implemented|not a string/) });
  });

  it('the native plan takes embedded functions with the prefixes in scope where they were written', () => {
    const plan = planNative(source, { baseDir: ISO });
    expect(plan.functions).toHaveLength(8);
    expect(plan.functions[0]).toContain('xmlns:xsd="http://www.w3.org/2001/XMLSchema"');
  });
});
