import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readXmlDocument } from '../../../dist/io/xml.js';
import { builtinRuleSet } from '../../../dist/schematron/rulesets.js';
import { buildTdd } from '../../../dist/tdd/build.js';
import * as crossCheck from '../../../dist/tdd/cross-check.js';
import { TDD_CROSS_CHECK_IDS } from '../../../dist/rules/ids.js';
import { checkXml } from '../../../dist/check.js';

const { crossCheckTdd } = crossCheck;
import { FIXTURES } from '../../helpers/paths.js';
import { validateFile } from '../../helpers/pipeline.js';
import { HAVE_TDD, runOfficialTddRules } from '../../helpers/tdd-official.js';

/*
 * Issue 14 item 3: what the official TDD rules cannot see. Each case is a TDD that passes the official rules (checked
 * with the oracle where it is present) and that pintae refuses, with its own rule id, at the element it is about.
 * fixtures/invoices/standard.json: 1250.00 before VAT, 62.50 VAT, 1312.50 with VAT, all AED.
 */
const rules = builtinRuleSet();
const outcome = validateFile(join(FIXTURES, 'invoices/standard.json'));
const source = outcome.kind === 'validated' ? outcome.xml! : '';
const OPTIONS = { receiver: '0242:000773', representative: '0242:000001', transportId: 't-1', issued: '2025-02-06T08:00:00+04:00' };

function tddOf(xml: string, options: Record<string, string> = {}): string {
  const read = readXmlDocument(xml);
  if (!read.ok) throw new Error(read.message);
  return buildTdd(read.text, read.doc, { ...OPTIONS, ...options }).xml;
}
const good = tddOf(source);

function check(tdd: string) {
  const read = readXmlDocument(tdd);
  if (!read.ok) throw new Error(read.message);
  // The fixture is dated before the built-in rules' validity: the source document's pintae/rules-validity warning
  // comes with every check, and is no refusal.
  return crossCheckTdd(read.doc, { text: read.text, rules, checkXml }).filter((f) => f.severity === 'error');
}
/** The line (1-based) of the first occurrence of `text` in `xml`. */
const lineOf = (xml: string, text: string) => xml.slice(0, xml.indexOf(text)).split('\n').length;
/** Replaces the first `from` after `after`. */
const replaceAfter = (xml: string, after: string, from: string, to: string) => {
  const at = xml.indexOf(from, xml.indexOf(after));
  if (at < 0 || xml.indexOf(after) < 0) throw new Error(`${from} not found after ${after}`);
  return xml.slice(0, at) + to + xml.slice(at + from.length);
};
const inExtract = (from: string, to: string) => replaceAfter(good, '<pxs:ReportedDocument>', from, to);

describe('crossCheckTdd', () => {
  it('each of its rule ids is one a config override may name', () => {
    const ids = Object.entries(crossCheck).filter(([name]) => name.startsWith('TDD_')).map(([, id]) => id);
    expect(ids).toHaveLength(10);
    expect(new Set(ids)).toEqual(new Set(TDD_CROSS_CHECK_IDS));
  });

  it('finds nothing in the TDD pintae writes, nor where an amount is written another way (62.5 for 62.50)', () => {
    expect(check(good)).toEqual([]);
    expect(check(inExtract('>62.50<', '>62.5<'))).toEqual([]);
  });

  const refused: Array<[string, string, string, string]> = [
    ['the invoice number', 'pintae/tdd-extract', inExtract(`<cbc:ID>${/<cbc:ID>([^<]*)/.exec(source)![1]}</cbc:ID>`, '<cbc:ID>INV-OTHER</cbc:ID>'), '<cbc:ID>INV-OTHER</cbc:ID>'],
    ['the UUID', 'pintae/tdd-extract', inExtract('<cbc:UUID>', '<cbc:UUID>0'), '<cbc:UUID>0'],
    ['the issue date', 'pintae/tdd-extract', inExtract('<cbc:IssueDate>2025-03-10</cbc:IssueDate>', '<cbc:IssueDate>2025-03-11</cbc:IssueDate>'), '<cbc:IssueDate>2025-03-11'],
    ['the type code', 'pintae/tdd-extract', inExtract('<pxs:DocumentTypeCode>380</pxs:DocumentTypeCode>', '<pxs:DocumentTypeCode>381</pxs:DocumentTypeCode>'), '<pxs:DocumentTypeCode>381'],
    ['the seller\'s tax id', 'pintae/tdd-extract', inExtract('<cbc:CompanyID>100123456700003</cbc:CompanyID>', '<cbc:CompanyID>100123456700004</cbc:CompanyID>'), '<cbc:CompanyID>100123456700004'],
    ['the buyer\'s tax id', 'pintae/tdd-extract', inExtract('<cbc:CompanyID>100987654300003</cbc:CompanyID>', '<cbc:CompanyID>100987654300004</cbc:CompanyID>'), '<cbc:CompanyID>100987654300004'],
    ['the tax total', 'pintae/tdd-tax-total', inExtract('>62.50<', '>63.50<'), '>63.50<'],
    ['the tax-exclusive amount', 'pintae/tdd-tax-exclusive', inExtract('>1250.00<', '>1200.00<'), '>1200.00<'],
    ['BTAE-20', 'pintae/tdd-aed-total', good.replace('<cbc:Value>1312.50</cbc:Value>', '<cbc:Value>1300.00</cbc:Value>'), '<cbc:Value>1300.00'],
    ['an attachment in the source document', 'pintae/tdd-attachment',
      replaceAfter(good, '<pxs:SourceDocument>', '  <cac:AccountingSupplierParty>', '  <cac:AdditionalDocumentReference>\n    <cbc:ID>PO-1</cbc:ID>\n    <cac:Attachment>\n      <cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="po.pdf">JVBERi0=</cbc:EmbeddedDocumentBinaryObject>\n    </cac:Attachment>\n  </cac:AdditionalDocumentReference>\n  <cac:AccountingSupplierParty>'),
      '<cbc:EmbeddedDocumentBinaryObject'],
    ['the reporter, for role 01, is not the seller', 'pintae/tdd-reporter', tddOf(source, { reporter: '0235:1111111111' }), '<cbc:EndpointID schemeID="0235">1111111111'],
    ['the reporter, for role 02, is not the buyer', 'pintae/tdd-reporter', tddOf(source, { role: 'receiver', reporter: '0235:1001234567' }), '<cbc:EndpointID schemeID="0235">1001234567'],
  ];

  it.each(refused)('%s: refused with %s, at the element', (_, rule, tdd, at) => {
    if (HAVE_TDD) expect(runOfficialTddRules(tdd).map((f) => f.id)).toEqual([]);
    const found = check(tdd);
    expect(found.map((f) => f.rule)).toEqual([rule]);
    expect(found[0]).toMatchObject({ severity: 'error', line: lineOf(tdd, at) });
    expect(found[0]!.message).not.toMatch(/undefined|\[object/);
  });

  it('what the schema says once, once (issue 22): two invoices, none, text, a second source document: refused where it shows', () => {
    const invoice = good.slice(good.indexOf('<Invoice '), good.indexOf('</Invoice>') + '</Invoice>'.length);
    const content = (inner: string) => good.replace(invoice, inner);
    const cases: Array<[string, string, RegExp, string]> = [
      [content(`${invoice}\n${invoice}`), `</Invoice>\n<Invoice `, /^cec:ExtensionContent holds 2 elements \(<Invoice>, <Invoice>\); its schema allows exactly one/, '/TaxData/ReportedTransaction/SourceDocument/ExtensionContent/Invoice[2]'],
      [content('<!-- none -->'), '<cec:ExtensionContent>', /^cec:ExtensionContent holds no element/, '/TaxData/ReportedTransaction/SourceDocument/ExtensionContent'],
      [content(`${invoice}\nand some words`), '<cec:ExtensionContent>', /^cec:ExtensionContent holds text beside its element/, '/TaxData/ReportedTransaction/SourceDocument/ExtensionContent'],
      [good.replace('</pxs:SourceDocument>', '</pxs:SourceDocument>\n    <pxs:SourceDocument><cec:ExtensionContent><x:Other xmlns:x="urn:x"/></cec:ExtensionContent></pxs:SourceDocument>'),
        '</pxs:SourceDocument>\n    <pxs:SourceDocument>', /^pxs:ReportedTransaction holds 2 pxs:SourceDocument elements; the TDD schema allows one/, '/TaxData/ReportedTransaction/SourceDocument[2]'],
    ];
    for (const [tdd, at, message, location] of cases) {
      expect(tdd).not.toBe(good);
      const found = check(tdd).filter((f) => f.rule === 'pintae/tdd-source-one');
      expect(found, tdd.slice(tdd.indexOf('<pxs:SourceDocument>'))).toHaveLength(1);
      const line = lineOf(tdd, at) + (at.startsWith('</') ? 1 : 0);
      expect(found[0]).toMatchObject({ severity: 'error', line, message: expect.stringMatching(message), location });
    }
  });

  // The TDD schema's "exactly one" of each party and "at most one" of the transport header id and the extract: the
  // official rules judge a party only where it is (their contexts are the party), so a TDD without its receiver, or
  // with a second reporter or a second extract no cross-check reads, passed them and `check`; the FTA's side, which
  // validates against the schema, refuses it.
  it('what the TDD schema says once of its parties, transport header id, extract and custom content: refused where it shows', () => {
    const cut = (name: string) => good.replace(new RegExp(`\\n *<${name}>[\\s\\S]*?</${name}>`), '');
    const twice = (name: string) => good.replace(new RegExp(`(\\n *<${name}>[\\s\\S]*?</${name}>)`), '$1$1');
    const root = '<pxs:TaxData ';
    const cases: Array<[string, string, string, RegExp, string]> = [
      ['no receiver', cut('pxs:ReceivingParty'), root, /^pxs:TaxData has no pxs:ReceivingParty \(the receiver, the FTA's service provider: tdt-008\); the TDD schema requires exactly one/, '/TaxData'],
      ['no reporter', cut('pxs:ReportingParty'), root, /^pxs:TaxData has no pxs:ReportingParty \(the reporter: tdt-007\); the TDD schema requires exactly one/, '/TaxData'],
      ['no representative', cut('pxs:ReportersRepresentative'), root, /^pxs:TaxData has no pxs:ReportersRepresentative \(the reporter's representative: tdt-009\)/, '/TaxData'],
      ['two reporters', twice('pxs:ReportingParty'), '</pxs:ReportingParty>\n  <pxs:ReportingParty>', /^pxs:TaxData holds 2 pxs:ReportingParty elements \(the reporter: tdt-007\); the TDD schema allows one/, '/TaxData/ReportingParty[2]'],
      ['two receivers', twice('pxs:ReceivingParty'), '</pxs:ReceivingParty>\n  <pxs:ReceivingParty>', /^pxs:TaxData holds 2 pxs:ReceivingParty elements/, '/TaxData/ReceivingParty[2]'],
      ['two representatives', twice('pxs:ReportersRepresentative'), '</pxs:ReportersRepresentative>\n  <pxs:ReportersRepresentative>', /^pxs:TaxData holds 2 pxs:ReportersRepresentative elements/, '/TaxData/ReportersRepresentative[2]'],
      ['two transport header ids', twice('pxs:TransportHeaderID'), '</pxs:TransportHeaderID>\n    <pxs:TransportHeaderID>', /^pxs:ReportedTransaction holds 2 pxs:TransportHeaderID elements \(the transport header ID\)/, '/TaxData/ReportedTransaction/TransportHeaderID[2]'],
      ['two extracts', twice('pxs:ReportedDocument'), '</pxs:ReportedDocument>\n    <pxs:ReportedDocument>', /^pxs:ReportedTransaction holds 2 pxs:ReportedDocument elements \(the extract\); the TDD schema allows one \(pintae compares the first/, '/TaxData/ReportedTransaction/ReportedDocument[2]'],
      ['custom content without its id', good.replace('<cbc:ID>BTAE-20</cbc:ID>', ''), '<pxs:CustomContent>', /^pxs:CustomContent has no cbc:ID \(the business term identifier, such as BTAE-20\)/, '/TaxData/ReportedTransaction/CustomContent'],
    ];
    for (const [name, tdd, at, message, location] of cases) {
      expect(tdd, name).not.toBe(good);
      if (HAVE_TDD) expect(runOfficialTddRules(tdd).map((f) => f.id), name).toEqual([]);
      const found = check(tdd);
      expect(found.map((f) => f.rule), name).toEqual(['pintae/tdd-cardinality']);
      const line = lineOf(tdd, at) + (at.startsWith('</') ? 1 : 0);
      const section = /receiver|reporter|representative/.test(name) ? 'endpoint_ids' : 'invoice_header';
      expect(found[0], name).toMatchObject({ severity: 'error', section, line, message: expect.stringMatching(message), location });
    }
  });

  it('a party with two tax registrations may be reported by either, by no third', () => {
    const vat = '<cbc:CompanyID>100123456700003</cbc:CompanyID>';
    const twoIds = source.replace(/(<cac:PartyTaxScheme>\s*<cbc:CompanyID>100123456700003<\/cbc:CompanyID>[\s\S]*?<\/cac:PartyTaxScheme>)/, '$1\n      <cac:PartyTaxScheme>\n        <cbc:CompanyID>1234567890</cbc:CompanyID>\n        <cac:TaxScheme>\n          <cbc:ID>TIN</cbc:ID>\n        </cac:TaxScheme>\n      </cac:PartyTaxScheme>');
    expect(twoIds).not.toBe(source);
    const built = tddOf(twoIds);
    expect(check(built)).toEqual([]);
    const tin = replaceAfter(built, '<pxs:ReportedDocument>', vat, '<cbc:CompanyID>1234567890</cbc:CompanyID>');
    expect(check(tin)).toEqual([]);
    expect(check(replaceAfter(built, '<pxs:ReportedDocument>', vat, '<cbc:CompanyID>999</cbc:CompanyID>')).map((f) => f.rule)).toEqual(['pintae/tdd-extract']);
  });

  it('the currencies: an extract in EUR of a USD invoice, consistent in itself, is refused for each amount and the currency', () => {
    const usd = validateFile(join(FIXTURES, 'invoices/usd-with-rate.json'));
    const built = tddOf(usd.kind === 'validated' ? usd.xml! : '');
    expect(check(built)).toEqual([]);
    const reported = built.slice(built.indexOf('<pxs:ReportedDocument>'), built.indexOf('</pxs:ReportedDocument>'));
    const tdd = built.replace(reported, reported.replace(/>USD</g, '>EUR<').replace(/currencyID="USD"/g, 'currencyID="EUR"'));
    expect(tdd).not.toBe(built);
    if (HAVE_TDD) expect(runOfficialTddRules(tdd).map((f) => f.id)).toEqual([]);
    const rules = check(tdd).map((f) => f.rule);
    expect(new Set(rules)).toEqual(new Set(['pintae/tdd-extract', 'pintae/tdd-tax-total', 'pintae/tdd-tax-exclusive']));
    expect(check(tdd).find((f) => f.rule === 'pintae/tdd-extract')!.message).toBe('the extract\'s cbc:DocumentCurrencyCode is "EUR", the source document\'s "USD"');
  });

  it('the source document failing its PINT-AE rules: its findings, located inside the TDD', () => {
    // The sum of line amounts (IBT-106) no longer matches the lines: nothing the extract reports changes.
    const tdd = replaceAfter(good, '<cac:LegalMonetaryTotal>', '<cbc:LineExtensionAmount currencyID="AED">1250.00</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="AED">1240.00</cbc:LineExtensionAmount>');
    if (HAVE_TDD) expect(runOfficialTddRules(tdd).map((f) => f.id)).toEqual([]);
    const found = check(tdd);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f.message.startsWith('the source document: '))).toBe(true);
    expect(found.map((f) => f.rule)).toContain('ibr-co-10');
    const line = lineOf(tdd, '<cac:LegalMonetaryTotal>');
    expect(found.find((f) => f.rule === 'ibr-co-10')).toMatchObject({ line, column: 3, location: '/TaxData/ReportedTransaction/SourceDocument/ExtensionContent/Invoice/LegalMonetaryTotal' });
  });

  it('a TDS (type F) reports a document that failed: its findings are notes there, the TDS itself passes; the extract is still compared', () => {
    const tds = tddOf(source, { type: 'F' });
    const broken = replaceAfter(tds, '<cac:LegalMonetaryTotal>', '<cbc:LineExtensionAmount currencyID="AED">1250.00</cbc:LineExtensionAmount>', '<cbc:LineExtensionAmount currencyID="AED">1240.00</cbc:LineExtensionAmount>');
    const read = readXmlDocument(broken);
    if (!read.ok) throw new Error(read.message);
    const all = crossCheckTdd(read.doc, { text: read.text, rules, checkXml });
    expect(all.find((f) => f.rule === 'ibr-co-10')).toMatchObject({ severity: 'info', message: expect.stringMatching(/^the source document: /) });
    expect(all.filter((f) => f.severity === 'error')).toEqual([]);
    const outcome = checkXml(broken, rules);
    expect(outcome.valid).toBe(true);
    // What the TDS says of the document must still be the document's.
    const lying = replaceAfter(broken, '<pxs:ReportedDocument>', '<cbc:DocumentCurrencyCode>AED</cbc:DocumentCurrencyCode>', '<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>');
    expect(check(lying).map((f) => f.rule)).toContain('pintae/tdd-extract');
  });

  // `pintae tdd` asks for --reporter when the document's endpoint is no Peppol identifier (ibr-tdd-13): the TDS it then
  // writes must pass `check`, which compared the reporter with that endpoint and refused it ("… is EM:1001234567").
  it.each([['a scheme that is no Peppol scheme', 'schemeID="EM"'], ['no scheme', ''], ['no endpoint', null]])(
    'a TDS of a document whose seller endpoint has %s, its reporter given: no reporter to compare with, the TDS passes', (_, scheme) => {
      const endpoint = /<cbc:EndpointID schemeID="0235">1001234567<\/cbc:EndpointID>/;
      expect(source).toMatch(endpoint);
      const broken = source.replace(endpoint, scheme === null ? '' : `<cbc:EndpointID ${scheme}>1001234567</cbc:EndpointID>`);
      const tds = tddOf(broken, { type: 'F', reporter: '0235:1001234567' });
      expect(check(tds)).toEqual([]);
      // Another reporter of a document whose endpoint is a Peppol identifier is still refused.
      expect(check(tddOf(source, { type: 'F', reporter: '0235:1111111111' })).map((f) => f.rule)).toEqual(['pintae/tdd-reporter']);
    });

  it('a source document relying on the TDD\'s namespace declarations is still judged on its own', () => {
    const tdd = good.replace(/<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="[^"]*" xmlns:cbc="[^"]*">/, '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">');
    expect(tdd).not.toBe(good);
    expect(check(tdd)).toEqual([]);
  });
});

// Found by the TDD review (qatdd): two refusals that said something untrue of the source document.
describe('crossCheckTdd: what the refusal says of the source', () => {
  const said = (tdd: string) => check(tdd).map((f) => `${f.rule}: ${f.message}`);
  it('a TaxCurrencyCode equal to the document currency in the extract: named as that, not "the source document\'s none"', () => {
    // The source states AED as its tax currency too; the extract must leave it out (ibr-tdd-31).
    const both = tddOf(source.replace('<cbc:DocumentCurrencyCode>AED</cbc:DocumentCurrencyCode>', '<cbc:DocumentCurrencyCode>AED</cbc:DocumentCurrencyCode>\n  <cbc:TaxCurrencyCode>AED</cbc:TaxCurrencyCode>'));
    expect(both).not.toMatch(/<pxs:ReportedDocument>(?:(?!<\/pxs:ReportedDocument>)[\s\S])*TaxCurrencyCode/);
    const tdd = replaceAfter(both, '<pxs:ReportedDocument>', '<cbc:DocumentCurrencyCode>AED</cbc:DocumentCurrencyCode>', '<cbc:DocumentCurrencyCode>AED</cbc:DocumentCurrencyCode>\n      <cbc:TaxCurrencyCode>AED</cbc:TaxCurrencyCode>');
    // Such a source is itself refused (ibr-077: a tax currency must differ from the document's), so it is reported by
    // a TDS (--type F); the extract's refusal is pintae's own and says what the source states.
    expect(said(tdd)).toEqual(['pintae/tdd-extract: the extract\'s TaxCurrencyCode is AED, the source document\'s currency: a tax currency equal to the document currency is left out of the extract (ibr-tdd-31)',
      expect.stringMatching(/^ibr-077: the source document: /)]);
  });

  it('a tax total in a currency the source neither writes in nor declares: named as such, not "the source has none"', () => {
    const tdd = replaceAfter(good, '<pxs:ReportedDocument>', '<cac:TaxTotal>', '<cac:TaxTotal>\n        <cbc:TaxAmount currencyID="USD">17.02</cbc:TaxAmount>\n      </cac:TaxTotal>\n      <cac:TaxTotal>');
    expect(said(tdd)).toEqual(['pintae/tdd-tax-total: the extract has a tax total in USD (17.02); it reports the source document\'s tax totals in the document and tax currencies only (AED)']);
  });
});
