import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create } from 'xmlbuilder2';
import { FIXTURES, TDD_OFFICIAL_DIR } from '../helpers/paths.js';
import { rng } from '../helpers/mutations.js';
import type { CorpusDoc } from './corpus.js';

/**
 * The TDD agreement corpus: the six official AE TDD examples (read from the official directory at test time), pintae's
 * own TDD fixtures, and seeded mutants of each: one to three mutations a mutant, chosen from removing, duplicating and
 * re-valuing elements and attributes (codes, time zones, schemes, currencies), inserting elements the specification
 * does not use (the UBL ones a writer copying from the invoice would carry over, and unknown ones), and whole-document
 * changes (no ReportedDocument, type code F, another source document, the export flag on the source invoice).
 */
const NS = {
  pxs: 'urn:peppol:schema:taxdata:1.0',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cec: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  ubl: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cn: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  x: 'urn:example:unknown',
} as const;

export function officialTddExamples(): CorpusDoc[] {
  const dir = join(TDD_OFFICIAL_DIR, 'examples');
  return readdirSync(dir).filter((f) => f.endsWith('.xml')).sort().map((f) => ({ name: `tdd/${f}`, xml: readFileSync(join(dir, f), 'utf8') }));
}

/** pintae's own TDD fixtures (fixtures/tdd/): a TDD of a pintae-built invoice embedded whole, and a broken copy. */
export function ownTddFixtures(): CorpusDoc[] {
  const dir = join(FIXTURES, 'tdd');
  return readdirSync(dir).filter((f) => f.endsWith('.xml')).sort().map((f) => ({ name: `fixtures/tdd/${f}`, xml: readFileSync(join(dir, f), 'utf8') }));
}

/**
 * TDDs `pintae tdd` wrote, from the directory $PINTAE_TDD_WRITTEN (searched for *.xml), when it is set: the writer
 * lives apart from these rules, so its output is brought here as files.
 */
export function writtenTdds(dir = process.env.PINTAE_TDD_WRITTEN): CorpusDoc[] {
  if (!dir) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.xml'))
    .map((e) => join(e.parentPath, e.name)).sort().map((path) => ({ name: `written/${path.slice(dir.length + 1)}`, xml: readFileSync(path, 'utf8') }));
}

const CURRENCIES = ['AED', 'EUR', 'USD', 'XXX', 'ANG', 'STN', 'XCG', 'aed', '', ' EUR '];
/** Replacement texts for a leaf, by its name (and, for the type code, whether it is the TDD's own or the invoice's). */
function values(el: Element): string[] {
  const name = el.localName;
  const header = el.parentNode === el.ownerDocument.documentElement;
  switch (name) {
    case 'DocumentTypeCode': return header ? ['S', 'R', 'W', 'F', 'X', 's', ' F ', ''] : ['380', '381', '', 'XYZ'];
    case 'DocumentScope': return ['D', 'IP', 'INP', 'X', ' IP ', ''];
    case 'ReporterRole': return ['01', '02', '1', '03', ' 02 ', ''];
    case 'IssueDate': return ['2025-04-14Z', '2025-04-14+04:00', '2025-4-14', ' 2025-04-14 ', '2025-02-30', '2025-04-14T10:00:00', ''];
    case 'IssueTime': return ['12:00:00', '12:00:00+04:00', '12:00:00-12:00', '12:00:00.5Z', '24:00:00Z', '12:00:00+15:00', '12:00:00+14:30', '12:00Z', ''];
    case 'CustomizationID': return ['urn:peppol:taxdata:ae-2', ' urn:peppol:taxdata:ae-1 ', 'urn:peppol:pint:billing-1@ae-1', ''];
    case 'ProfileID': return ['urn:peppol:taxreporting ', 'urn:peppol:bis:billing', ''];
    case 'DocumentCurrencyCode': case 'TaxCurrencyCode': return CURRENCIES;
    case 'ProfileExecutionID': return ['00000001', '10000001', '00000010', '0000001', ' 00000001 ', 'X0000001'];
    case 'ID': return el.parentNode && (el.parentNode as Element).localName === 'TaxScheme' ? ['VAT', 'TIN', '', 'vat'] : ['X', ''];
    default: return ['X', '', '0'];
  }
}
function attributeValues(name: string): string[] {
  if (name === 'schemeID') return ['0235', '0242', '0088', '9999', 'abcd', '', ' 0242', '023', '02350'];
  if (name === 'currencyID') return ['AED', 'EUR', 'USD', ' AED', ''];
  return ['X', ''];
}

/** What may be inserted as a child, by the parent's local name: elements of the UBL type the specification leaves out, and a few it knows nothing of. */
const PARTY = ['cac:PartyName', 'cbc:EndpointID', 'cac:PartyIdentification', 'cac:PostalAddress', 'cbc:WebsiteURI', 'cac:PartyTaxScheme', 'cac:PartyLegalEntity', 'cac:Contact', 'cbc:Note', 'x:Foo'];
const INSERTS: Record<string, string[]> = {
  TaxData: ['cbc:ID', 'cbc:UUID', 'cbc:Note', 'pxs:Foo', 'x:Foo', 'pxs:ReportedTransaction'],
  ReportingParty: PARTY, ReceivingParty: PARTY, ReportersRepresentative: PARTY, Party: PARTY,
  PartyIdentification: ['cbc:ID', 'cbc:Name'],
  AccountingSupplierParty: ['cbc:AdditionalAccountID', 'cac:SellerContact', 'cbc:DataSendingCapability', 'cbc:Note'],
  AccountingCustomerParty: ['cbc:SupplierAssignedAccountID', 'cac:BuyerContact', 'cac:DeliveryContact', 'cbc:Note'],
  PartyTaxScheme: ['cbc:RegistrationName', 'cbc:ExemptionReason', 'cac:RegistrationAddress', 'cbc:TaxLevelCode', 'cbc:Note'],
  TaxScheme: ['cbc:Name'],
  TaxTotal: ['cac:TaxSubtotal', 'cbc:RoundingAmount', 'cbc:TaxIncludedIndicator', 'cbc:Foo'],
  MonetaryTotal: ['cbc:TaxInclusiveAmount', 'cbc:PayableAmount', 'cbc:LineExtensionAmount'],
  SourceDocument: ['cbc:ID', 'cec:ExtensionURI', 'cec:ExtensionContent', 'cbc:Note'],
  ReportedDocument: ['cbc:TaxCurrencyCode', 'cac:TaxTotal', 'pxs:MonetaryTotal', 'cbc:Note', 'cbc:ProfileExecutionID', 'cac:AccountingCustomerParty'],
  ReportedTransaction: ['pxs:CustomContent', 'pxs:TransportHeaderID', 'pxs:Foo', 'pxs:SourceDocument'],
  CustomContent: ['cec:ExtensionContent', 'cbc:Value', 'cbc:ID'],
  ExtensionContent: ['ubl:Invoice', 'cn:CreditNote', 'cbc:ID'],
};

type Mutation = { label: string; index: number; apply(el: Element, doc: Document): void };

/** The elements a mutation may target: all but the root, and none inside the embedded source document (its root is one). */
function targets(doc: Document): Element[] {
  return Array.from(doc.getElementsByTagName('*')).slice(1).filter((el) => {
    for (let p = el.parentNode as Element | null; p && p.nodeType === 1; p = p.parentNode as Element | null) {
      if (p.localName === 'ExtensionContent' && p.namespaceURI === NS.cec && (p.parentNode as Element)?.localName === 'SourceDocument') return el.parentNode === p;
    }
    return true;
  });
}

const make = (doc: Document, qname: string, text = '1'): Element => {
  const [prefix, local] = qname.split(':') as [keyof typeof NS, string];
  const el = doc.createElementNS(NS[prefix], `${prefix}:${local}`);
  if (text) el.appendChild(doc.createTextNode(text));
  return el;
};
const child = (el: Element, local: string) => Array.from(el.childNodes).find((c) => c.nodeType === 1 && (c as Element).localName === local) as Element | undefined;

function mutationsOf(doc: Document): Mutation[] {
  const out: Mutation[] = [];
  targets(doc).forEach((el, index) => {
    const path = `${el.tagName}#${index}`;
    out.push({ label: `remove ${path}`, index, apply: (e) => { e.parentNode?.removeChild(e); } });
    out.push({ label: `duplicate ${path}`, index, apply: (e) => { e.parentNode?.insertBefore(e.cloneNode(true), e.nextSibling); } });
    const leaf = !Array.from(el.childNodes).some((c) => c.nodeType === 1);
    if (leaf) for (const v of values(el)) out.push({ label: `set ${path} = ${JSON.stringify(v)}`, index, apply: (e) => { e.textContent = v; } });
    for (const a of Array.from(el.attributes)) {
      if (a.name.startsWith('xmlns')) continue;
      out.push({ label: `remove ${path}/@${a.name}`, index, apply: (e) => { e.removeAttribute(a.name); } });
      for (const v of attributeValues(a.name)) out.push({ label: `set ${path}/@${a.name} = ${JSON.stringify(v)}`, index, apply: (e) => { e.setAttribute(a.name, v); } });
    }
    if (!leaf || el.localName === 'TaxScheme') {
      for (const q of INSERTS[el.localName] ?? ['cbc:Note']) out.push({ label: `insert ${q} in ${path}`, index, apply: (e, d) => { e.appendChild(make(d, q)); } });
    }
  });
  // Whole-document changes, on the root (index -1).
  const whole: Array<[string, (root: Element, d: Document) => void]> = [
    ['type F, no ReportedDocument', (root) => { child(root, 'DocumentTypeCode')!.textContent = 'F'; const rt = child(root, 'ReportedTransaction'); const rd = rt && child(rt, 'ReportedDocument'); if (rd) rt!.removeChild(rd); }],
    ['type S, no ReportedDocument', (root) => { child(root, 'DocumentTypeCode')!.textContent = 'S'; const rt = child(root, 'ReportedTransaction'); const rd = rt && child(rt, 'ReportedDocument'); if (rd) rt!.removeChild(rd); }],
    ['no buyer, source flagged export', (root, d) => { exportFlag(root, d, '00000001'); dropBuyer(root); }],
    ['no buyer, source flagged other', (root, d) => { exportFlag(root, d, '00000010'); dropBuyer(root); }],
    ['source flagged export', (root, d) => { exportFlag(root, d, '10000001'); }],
    ['source is an Order', (root, d) => { swapSource(root, d, 'urn:oasis:names:specification:ubl:schema:xsd:Order-2', 'ubl:Order'); }],
    ['source Invoice in the CreditNote namespace', (root, d) => { swapSource(root, d, NS.cn, 'cn:Invoice'); }],
    ['source CreditNote', (root, d) => { swapSource(root, d, NS.cn, 'cn:CreditNote'); }],
    ['custom content as an extension', (root, d) => { const rt = child(root, 'ReportedTransaction'); if (!rt) return; const cc = make(d, 'pxs:CustomContent', ''); cc.appendChild(make(d, 'cbc:ID', 'BTAE-20')); cc.appendChild(make(d, 'cec:ExtensionContent')); rt.insertBefore(cc, child(rt, 'SourceDocument') ?? null); }],
  ];
  for (const [label, f] of whole) out.push({ label, index: -1, apply: (_e, d) => f(d.documentElement, d) });
  return out;
}

function sourceRoot(root: Element): Element | undefined {
  const rt = child(root, 'ReportedTransaction'); const sd = rt && child(rt, 'SourceDocument'); const ec = sd && child(sd, 'ExtensionContent');
  return ec && (Array.from(ec.childNodes).find((c) => c.nodeType === 1) as Element | undefined);
}
function exportFlag(root: Element, d: Document, flags: string) {
  const src = sourceRoot(root); if (!src) return;
  const pe = child(src, 'ProfileExecutionID') ?? src.insertBefore(make(d, 'cbc:ProfileExecutionID', ''), src.firstChild);
  pe.textContent = flags;
}
function dropBuyer(root: Element) {
  const rt = child(root, 'ReportedTransaction'); const rd = rt && child(rt, 'ReportedDocument'); const b = rd && child(rd, 'AccountingCustomerParty');
  if (b) rd!.removeChild(b);
}
function swapSource(root: Element, d: Document, ns: string, qname: string) {
  const src = sourceRoot(root); if (!src) return;
  const el = d.createElementNS(ns, qname);
  while (src.firstChild) el.appendChild(src.firstChild);
  src.parentNode!.replaceChild(el, src);
}

/** `perExample` mutants of every document given (one to three mutations each), plus the documents themselves. */
export function tddMutants(bases: CorpusDoc[], perExample: number, seed = 1): CorpusDoc[] {
  const docs: CorpusDoc[] = [];
  for (const base of bases) {
    docs.push(base);
    const parse = () => create(base.xml);
    const all = mutationsOf(parse().node as unknown as Document);
    const random = rng(seed * 104729 + base.name.length * 7919 + all.length);
    const seen = new Set<string>();
    for (let tries = 0; seen.size < perExample && tries < perExample * 20; tries++) {
      const k = 1 + Math.floor(random() * random() * 3);
      const chosen = [...new Set(Array.from({ length: k }, () => Math.floor(random() * all.length)))].sort((a, b) => a - b);
      const key = chosen.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      const builder = parse();
      const doc = builder.node as unknown as Document;
      const els = targets(doc);
      const picked = chosen.map((i) => all[i]!);
      const at = picked.map((m) => (m.index < 0 ? doc.documentElement : els[m.index]!));
      picked.forEach((m, i) => m.apply(at[i]!, doc));
      docs.push({ name: `${base.name} :: ${picked.map((m) => m.label).join(' + ')}`, xml: builder.end() });
    }
  }
  return docs;
}
