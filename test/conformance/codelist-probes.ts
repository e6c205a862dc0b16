import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompiledRules } from '../../src/schematron/run.js';
import { NativeFirst, type RuleLayer } from '../../src/schematron/native-layer.js';
import { engine } from '../../src/xpath/index.js';
import { CURRENCY_CODES } from '../../src/codelists/currencies.js';
import { COUNTRY_NAMES } from '../../src/codelists/countries.data.js';
import { EAS_CODES } from '../../src/codelists/eas.js';
import { EMIRATE_CODES } from '../../src/codelists/emirates.js';
import { EXEMPTION_REASONS, PAYMENT_MEANS, REGISTRATION_TYPES, REVERSE_CHARGE_ITEM_TYPES, TAX_CATEGORIES } from '../../src/codelists/tax.js';
import { UNIT_CODES } from '../../src/codelists/units.js';
import { OFFICIAL_DIR, ROOT, TDD_OFFICIAL_DIR } from '../helpers/paths.js';

/*
 * Issue 23 item 3: which values each code-list rule of the official compiled rules accepts, read as a black box, and
 * whether pintae's built-in rules (native engine) accept the same. A probe puts many candidate values at the rule's
 * context in one document made from an official example, runs both rule sets on it, and reads from the SVRL which
 * candidates the rule flags (by the location of each failed assert). Nothing here reads the official rules' source:
 * only their verdicts on documents made here.
 */

export type RuleSetName = 'billing' | 'selfbilling' | 'tdd';

/** How the candidates are placed: beside each other in wrapper elements (a rule with a relative context), one document each (a rule on the TDD root), or as repeated TDD transactions. */
type Placement = 'wrapped' | 'tdd-root' | 'tdd-transaction';

export interface Probe {
  /** A name for the report: the rule id, with what the probe varies when a rule has several. */
  name: string;
  /** The assert id read from the SVRL. */
  rule: string;
  set: RuleSetName;
  placement: Placement;
  /** The official example the document is made from (relative to the official directory of the set). */
  base: string;
  /** One candidate's XML (wrapped: the element matching the rule's context, with what it needs; TDD: what replaces the element); null = an attribute left out. Several carriers are used in turn. */
  carriers: Array<(value: string | null) => string>;
  /** The official code-list files (genericode) the rule names, and pintae's lists of the same codes (for the sample and the report). */
  gc: string[];
  ours: string[];
  /** The official rules never fire this rule (its context is an attribute; docs/decisions.md "Attribute contexts"). */
  neverFires?: boolean;
  /** Attribute candidates: an absent attribute is a candidate too. */
  attribute?: boolean;
  /** At most this many candidates a document, in documents of its own: the official rules cost more than linearly in them (ibr-cl-03's amounts). */
  perDocument?: number;
}

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';

export const xmlText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const xmlAttr = (v: string) => xmlText(v).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
const attr = (name: string, v: string | null) => (v === null ? '' : ` ${name}="${xmlAttr(v)}"`);
const text = (v: string | null) => xmlText(v ?? '');

const INVOICE = 'examples/invoice/Standard tax invoice.xml';
const CREDIT_NOTE = 'examples/creditnote/Standard tax credit Note.xml';
const SB_INVOICE = 'selfbilling/examples/invoice/Self Billing.xml';
const SB_CREDIT_NOTE = 'selfbilling/examples/creditnote/Self billing tax credit note.xml';
const TDD_BASE = 'examples/tax-currency.xml';

/** The code-list rules of the two PINT-AE layers (the same in billing and self-billing), each with its probe(s). */
function pintAeProbes(set: 'billing' | 'selfbilling'): Probe[] {
  const inv = set === 'billing' ? INVOICE : SB_INVOICE;
  const cn = set === 'billing' ? CREDIT_NOTE : SB_CREDIT_NOTE;
  const p = (name: string, rule: string, base: string, carriers: Probe['carriers'], gc: string[], ours: string[], more: Partial<Probe> = {}): Probe =>
    ({ name, rule, set, placement: 'wrapped', base, carriers, gc, ours, ...more });
  const el = (name: string) => (v: string | null) => `<cbc:${name}>${text(v)}</cbc:${name}>`;
  const amounts = ['Amount', 'BaseAmount', 'PriceAmount', 'TaxAmount', 'TaxableAmount', 'LineExtensionAmount', 'TaxExclusiveAmount', 'TaxInclusiveAmount', 'AllowanceTotalAmount', 'ChargeTotalAmount', 'PrepaidAmount', 'PayableRoundingAmount', 'PayableAmount'];
  const docRef = (agg: string) => (v: string | null) => `<cac:${agg}><cbc:ID${attr('schemeID', v)}>X-1</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:${agg}>`;
  const ac = (charge: boolean) => (v: string | null) => `<cac:AllowanceCharge><cbc:ChargeIndicator>${charge}</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>${text(v)}</cbc:AllowanceChargeReasonCode></cac:AllowanceCharge>`;
  const pas = (party: string) => (v: string | null) => `<cac:${party}><cac:Party><cac:PartyLegalEntity><cbc:CompanyID schemeAgencyID="PAS"${attr('schemeAgencyName', v)}>P1</cbc:CompanyID></cac:PartyLegalEntity></cac:Party></cac:${party}>`;
  const cl01 = set === 'billing' ? ['UNCL1001-inv.gc', 'UNCL1001-cn.gc'] : [];
  const lets = [`${set}:uncl1001-invoice`, `${set}:uncl1001-credit-note`];
  return [
    p('ibr-cl-01 InvoiceTypeCode in an Invoice', 'ibr-cl-01', inv, [el('InvoiceTypeCode')], cl01, lets),
    p('ibr-cl-01 CreditNoteTypeCode in a CreditNote', 'ibr-cl-01', cn, [el('CreditNoteTypeCode')], cl01, lets),
    p('ibr-cl-01 CreditNoteTypeCode in an Invoice', 'ibr-cl-01', inv, [el('CreditNoteTypeCode')], cl01, lets),
    p('ibr-cl-01 InvoiceTypeCode in a CreditNote', 'ibr-cl-01', cn, [el('InvoiceTypeCode')], cl01, lets),
    // Some official rules on amounts look at every amount of the document: 10,000 amounts a document cost them 10 ms
    // each, 300 about 1 ms.
    p('ibr-cl-03', 'ibr-cl-03', inv, amounts.map((a) => (v: string | null) => `<cbc:${a}${attr('currencyID', v)}>1.00</cbc:${a}>`), ['ISO4217.gc'], ['cl-iso4217'], { attribute: true, perDocument: 300 }),
    p('ibr-cl-04', 'ibr-cl-04', inv, [el('DocumentCurrencyCode')], ['ISO4217.gc'], ['cl-iso4217']),
    p('ibr-cl-05', 'ibr-cl-05', inv, [el('TaxCurrencyCode')], ['ISO4217.gc'], ['cl-iso4217']),
    p('ibr-cl-07', 'ibr-cl-07', inv, [docRef('AdditionalDocumentReference'), docRef('DocumentReference')], ['UNCL1153.gc'], ['cl-uncl1153', 'cl-uncl1153-unassigned'], { attribute: true }),
    p('ibr-cl-10', 'ibr-cl-10', inv, [(v) => `<cac:PartyIdentification><cbc:ID${attr('schemeID', v)}>1</cbc:ID></cac:PartyIdentification>`], ['ICD.gc'], ['cl-icd'], { attribute: true }),
    p('ibr-cl-11', 'ibr-cl-11', inv, [(v) => `<cac:PartyLegalEntity><cbc:CompanyID${attr('schemeID', v)}>1</cbc:CompanyID></cac:PartyLegalEntity>`], ['ICD.gc'], ['cl-icd'], { attribute: true }),
    p('ibr-cl-13', 'ibr-cl-13', inv, [(v) => `<cac:CommodityClassification><cbc:ItemClassificationCode${attr('listID', v)}>1</cbc:ItemClassificationCode></cac:CommodityClassification>`], ['UNCL7143.gc'], ['cl-uncl7143'], { attribute: true }),
    p('ibr-cl-14', 'ibr-cl-14', inv, [(v) => `<cac:Country><cbc:IdentificationCode>${text(v)}</cbc:IdentificationCode></cac:Country>`], ['ISO3166.gc'], ['cl-iso3166']),
    p('ibr-cl-15', 'ibr-cl-15', inv, [(v) => `<cac:OriginCountry><cbc:IdentificationCode>${text(v)}</cbc:IdentificationCode></cac:OriginCountry>`], ['ISO3166.gc'], ['cl-iso3166']),
    p('ibr-cl-16', 'ibr-cl-16', inv, [(v) => `<cac:PaymentMeans><cbc:PaymentMeansCode>${text(v)}</cbc:PaymentMeansCode></cac:PaymentMeans>`], ['UNCL4461.gc'], ['cl-uncl4461']),
    p('ibr-cl-19', 'ibr-cl-19', inv, [ac(false)], ['UNCL5189.gc'], ['cl-uncl5189']),
    p('ibr-cl-20', 'ibr-cl-20', inv, [ac(true)], ['UNCL7161.gc'], ['cl-uncl7161']),
    p('ibr-cl-21', 'ibr-cl-21', inv, [(v) => `<cac:StandardItemIdentification><cbc:ID${attr('schemeID', v)}>1</cbc:ID></cac:StandardItemIdentification>`], ['ICD.gc'], ['cl-icd'], { attribute: true }),
    p('ibr-cl-23', 'ibr-cl-23', inv, ['InvoicedQuantity', 'BaseQuantity', 'CreditedQuantity'].map((q) => (v: string | null) => `<cbc:${q}${attr('unitCode', v)}>1</cbc:${q}>`), ['UNECERec20.gc'], ['cl-rec20'], { attribute: true }),
    p('ibr-cl-24', 'ibr-cl-24', inv, [(v) => `<cbc:EmbeddedDocumentBinaryObject${attr('mimeCode', v)} filename="a">QQ==</cbc:EmbeddedDocumentBinaryObject>`], ['MimeCode.gc'], ['cl-mime'], { attribute: true }),
    p('ibr-cl-25', 'ibr-cl-25', inv, [(v) => `<cbc:EndpointID${attr('schemeID', v)}>1</cbc:EndpointID>`], ['eas.gc'], ['cl-eas'], { attribute: true }),
    p('ibr-cl-26', 'ibr-cl-26', inv, [(v) => `<cac:DeliveryLocation><cbc:ID${attr('schemeID', v)}>1</cbc:ID></cac:DeliveryLocation>`], ['ICD.gc'], ['cl-icd'], { attribute: true }),
    p('ibr-001-ae', 'ibr-001-ae', cn, [(v) => `<cac:DiscrepancyResponse><cbc:ResponseCode>${text(v)}</cbc:ResponseCode></cac:DiscrepancyResponse>`], ['CreditReason.gc'], ['cl-ae-credit-reason']),
    p('ibr-011-ae', 'ibr-011-ae', inv, [pas('AccountingCustomerParty')], ['ISO3166.gc'], ['cl-iso3166'], { attribute: true, neverFires: true }),
    p('ibr-013-ae', 'ibr-013-ae', inv, [pas('AccountingSupplierParty')], ['ISO3166.gc'], ['cl-iso3166'], { attribute: true, neverFires: true }),
    p('ibr-005-ae', 'ibr-005-ae', inv, [(v) => `<cac:InvoicePeriod><cbc:DescriptionCode>${text(v)}</cbc:DescriptionCode></cac:InvoicePeriod>`], ['FreqBilling.gc'], ['cl-ae-billing-frequency']),
    p('ibr-139-ae', 'ibr-139-ae', inv, ['TaxCategory', 'ClassifiedTaxCategory'].map((t) => (v: string | null) => `<cac:${t}><cbc:ID>${text(v)}</cbc:ID></cac:${t}>`), ['Aligned-TaxCategoryCodes.gc'], ['cl-ae-tax-category']),
    p('ibr-006-ae', 'ibr-006-ae', inv, [el('NatureCode')], ['GoodsType.gc'], ['cl-ae-rcm-goods']),
    p('ibr-128-ae', 'ibr-128-ae', inv, [(v) => `<cac:PostalAddress><cbc:CountrySubentity>${text(v)}</cbc:CountrySubentity><cac:Country><cbc:IdentificationCode>AE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>`], [], ['emirates']),
  ];
}

function tddProbes(): Probe[] {
  const root = (name: string, rule: string, element: string, gc: string, ours: string): Probe =>
    ({ name, rule, set: 'tdd', placement: 'tdd-root', base: TDD_BASE, carriers: [(v) => `<pxs:${element}>${text(v)}</pxs:${element}>`], gc: [gc], ours: [ours] });
  // A copy of the example's own transaction with the one code replaced: the other rules on the transaction then pass,
  // and a failed assert (whose location costs more the more siblings it has) is mostly the probed one.
  const tx = (name: string, rule: string, element: string): Probe =>
    ({ name, rule, set: 'tdd', placement: 'tdd-transaction', base: TDD_BASE, carriers: [(v) => `<cbc:${element}>${text(v)}</cbc:${element}>`], gc: ['ISO4217.gc'], ours: ['tdd-iso4217'] });
  return [
    root('ibr-tdd-06', 'ibr-tdd-06', 'DocumentTypeCode', 'TDD-dtc.gc', 'tdd-type-codes'),
    root('ibr-tdd-07', 'ibr-tdd-07', 'DocumentScope', 'TDD-ds.gc', 'tdd-scopes'),
    root('ibr-tdd-08', 'ibr-tdd-08', 'ReporterRole', 'TDD-rr.gc', 'tdd-reporter-roles'),
    tx('ibr-tdd-30-1', 'ibr-tdd-30-1', 'DocumentCurrencyCode'),
    tx('ibr-tdd-31-1', 'ibr-tdd-31-1', 'TaxCurrencyCode'),
  ];
}

export const PROBES: Probe[] = [...pintAeProbes('billing'), ...pintAeProbes('selfbilling'), ...tddProbes()];

// ---------------------------------------------------------------------------------------------------------------
// Candidates

const officialDir = (set: RuleSetName) => (set === 'tdd' ? TDD_OFFICIAL_DIR : OFFICIAL_DIR);

/** The codes (the key column) of an official genericode file. */
export function gcCodes(set: RuleSetName, file: string): string[] {
  const path = join(officialDir(set), 'codelists', file);
  const xml = readFileSync(path, 'utf8');
  const key = /<gc:Key\b[\s\S]*?<gc:ColumnRef Ref="([^"]+)"/.exec(xml)?.[1] ?? 'id';
  return [...xml.matchAll(/<gc:Row>([\s\S]*?)<\/gc:Row>/g)].map((row) => {
    const v = new RegExp(`<gc:Value ColumnRef="${key}">\\s*<gc:SimpleValue>([^<]*)</gc:SimpleValue>`).exec(row[1]!);
    return v ? v[1]!.trim() : '';
  }).filter((c) => c !== '');
}

/** Every official genericode list of both releases, by file (billing first, then the TDD's). */
function allGcCodes(): string[] {
  const out: string[] = [];
  for (const set of ['billing', 'tdd'] as const) {
    const dir = join(officialDir(set), 'codelists');
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.gc')).sort()) out.push(...gcCodes(set, f));
  }
  return out;
}

const FUNCTION_FILES = ['schematron/pint-ae/functions-codes.xsl', 'schematron/tdd/functions-tdd.xsl'];
/** pintae's lists as its rules hold them: the functions returning a padded string, and the two lets of ibr-cl-01. */
export function ourList(name: string): string[] {
  if (name === 'emirates') return [...EMIRATE_CODES];
  if (name === 'cl-uncl1153-unassigned') {
    // The codes pf:cl-is-uncl1153 leaves out of its A-range pattern.
    const m = /\^A\(\[A-W\]\[A-Z\]\|X\[A-U\]\)\$'\) and not\(pf:cl-in\(\$code, '([^']*)'/.exec(readFileSync(join(ROOT, FUNCTION_FILES[0]!), 'utf8'));
    if (!m) throw new Error('no unassigned UNTDID 1153 codes in functions-codes.xsl');
    return m[1]!.trim().split(/\s+/);
  }
  const [file, fn] = name.includes(':') ? [`schematron/${name.startsWith('billing') ? 'pint-ae' : 'pint-ae-selfbilling'}.sch`, name.split(':')[1]!] : ['', name];
  if (file) {
    const m = new RegExp(`<sch:let name="${fn}" value="'([^']*)'"`).exec(readFileSync(join(ROOT, file), 'utf8'));
    if (!m) throw new Error(`no let ${fn} in ${file}`);
    return m[1]!.trim().split(/\s+/);
  }
  for (const f of FUNCTION_FILES) {
    const m = new RegExp(`<xsl:function name="pf:${fn}" as="xs:string">\\s*<xsl:sequence select="'([^']*)'"`).exec(readFileSync(join(ROOT, f), 'utf8'));
    if (m) return m[1]!.trim().split(/\s+/);
  }
  throw new Error(`no list ${name}`);
}

/** Every list pintae holds (rules and src/codelists). */
function allOurCodes(): string[] {
  const fromRules = FUNCTION_FILES.flatMap((f) => [...readFileSync(join(ROOT, f), 'utf8').matchAll(/<xsl:sequence select="'([^']*)'"/g)].flatMap((m) => m[1]!.trim().split(/\s+/)));
  const lets = ['billing', 'selfbilling'].flatMap((s) => [`${s}:uncl1001-invoice`, `${s}:uncl1001-credit-note`].flatMap(ourList));
  return [...fromRules, ...lets, ...CURRENCY_CODES, ...Object.keys(COUNTRY_NAMES), ...EAS_CODES, ...EMIRATE_CODES, ...Object.keys(EXEMPTION_REASONS),
    ...Object.keys(PAYMENT_MEANS), ...REGISTRATION_TYPES, ...Object.keys(REVERSE_CHARGE_ITEM_TYPES), ...TAX_CATEGORIES, ...UNIT_CODES];
}

/** Standard codes beyond the lists above: common IANA media types, UNTDID 5305 tax categories, UNTDID 1001 document types. */
const STANDARD_EXTRA = [
  'text/plain', 'text/xml', 'text/html', 'application/json', 'application/zip', 'application/msword', 'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.oasis.opendocument.text',
  'image/gif', 'image/tiff', 'image/bmp', 'image/svg+xml', 'image/webp', 'application/octet-stream', 'application/x-pdf', 'application/PDF', 'image/jpg',
  'S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M', 'B', 'AA', 'AB', 'AC', 'AD', 'A', 'H', 'IC', 'D', 'F', 'I', 'J',
  'VAT', 'GST', 'RCM', 'DL8.46.1', 'DL8.48.8.1', 'DL8.61.1.A', 'VD',
];

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const ALNUM = LETTERS + DIGITS;
const each = (alphabets: string[]): string[] => alphabets.reduce<string[]>((acc, a) => acc.flatMap((p) => [...a].map((c) => p + c)), ['']);

/**
 * The systematic candidates (issue 23): every one- and two-character code of letters and digits; a letter and two
 * digits; three letters; two letters and one or two digits; a letter, a digit and a letter; a digit and two letters;
 * 1 to 999 with and without leading zeros (01-099, 001-999), and 0000-0299 and 9000-9999 (ICD and EAS ranges).
 * `short` leaves out the four-character ones (for rules probed one document per candidate).
 */
export function systematic(short = false): string[] {
  const out = [
    ...each([ALNUM]), ...each([ALNUM, ALNUM]),
    ...each([LETTERS, DIGITS, DIGITS]), ...each([LETTERS, LETTERS, LETTERS]), ...each([LETTERS, LETTERS, DIGITS]),
    ...each([LETTERS, DIGITS, LETTERS]), ...each([DIGITS, LETTERS, LETTERS]), ...each([DIGITS, DIGITS, DIGITS]),
  ];
  for (let i = 1; i <= 999; i++) out.push(String(i));
  if (!short) {
    out.push(...each([LETTERS, LETTERS, DIGITS, DIGITS]));
    for (let i = 0; i < 300; i++) out.push(String(i).padStart(4, '0'));
    for (let i = 9000; i <= 9999; i++) out.push(String(i));
  }
  return out;
}

/** Near misses of a list's codes: other case (both ways), white space around, two codes in one, empty. */
export function nearMisses(codes: string[], max = 40): string[] {
  const out = ['', ' ', '%%'];
  for (const c of codes.slice(0, max)) out.push(c.toLowerCase(), c.toUpperCase(), ` ${c}`, `${c} `, `\t${c}\n`, `${c} ${c}`, `${c}.`);
  return out;
}

const unique = (xs: string[]) => [...new Set(xs)];

/** Neighbours of a list's short codes: the last character replaced by every letter and digit (Z01 gives Z00-Z09 and Z0A-Z0Z). */
export function neighbours(codes: string[]): string[] {
  return unique(codes.filter((c) => c.length <= 4).flatMap((c) => [...ALNUM].map((x) => c.slice(0, -1) + x)));
}

/** A probe's own codes: its official lists and pintae's. */
export function ownCodes(probe: Probe): string[] {
  const have = (f: string) => existsSync(join(officialDir(probe.set), 'codelists', f));
  return unique([...probe.gc.filter(have).flatMap((f) => gcCodes(probe.set, f)), ...probe.ours.flatMap(ourList)]);
}

/** mulberry32: a seeded sample, the same on every run. */
function rng(seed: number) {
  return () => { seed |= 0; seed = (seed + 0x6d2b79f5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}
const sample = (xs: string[], n: number, seed: number) => {
  const r = rng(seed); const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) { const j = Math.floor(r() * (i + 1)); [a[i], a[j]] = [a[j]!, a[i]!]; }
  return a.slice(0, n);
};

let universe: { full: string[]; short: string[] } | undefined;
/** Every candidate: every list value (official and pintae's), standard extras and the systematic candidates. */
function allCandidates(short: boolean): string[] {
  universe ??= (() => {
    const lists = [...allGcCodes(), ...allOurCodes(), ...STANDARD_EXTRA];
    return { full: unique([...lists, ...systematic()]), short: unique([...lists, ...systematic(true)]) };
  })();
  return short ? universe.short : universe.full;
}

/**
 * A probe's candidates. `full`: every candidate (for a rule probed one document per candidate, the systematic ones
 * without the four-character codes); otherwise a sample: the probe's own lists, their near misses, and `extra`
 * candidates drawn (seeded) from their neighbours and as many from all the others. Values with an absent attribute are `null`.
 */
export function candidatesFor(probe: Probe, full: boolean, extra = 100): Array<string | null> {
  const own = ownCodes(probe);
  // The TDD rules cost more a candidate (a transform each on the root, 4 ms; copies of a whole transaction otherwise):
  // fewer near misses and draws there in the sample.
  const tdd = probe.placement !== 'wrapped';
  const misses = nearMisses(own, full ? 40 : tdd ? 10 : 20);
  const all = allCandidates(probe.placement === 'tdd-root');
  const draws = probe.placement === 'tdd-root' ? Math.min(extra, 50) : tdd ? Math.min(extra, 100) : extra;
  const seed = probe.name.length * 7919 + probe.rule.charCodeAt(5);
  const chosen = full ? unique([...own, ...misses, ...all])
    : unique([...own, ...misses, ...sample(neighbours(own), draws, seed + 1), ...sample(all, draws, seed)]);
  return probe.attribute ? [...chosen, null] : chosen;
}

// ---------------------------------------------------------------------------------------------------------------
// Running a probe

const LAYERS = ['PINT-UBL-validation-preprocessed.sef.json', 'PINT-jurisdiction-aligned-rules.sef.json'];
const SEF_DIR: Record<RuleSetName, string> = { billing: join(OFFICIAL_DIR, 'sef'), selfbilling: join(OFFICIAL_DIR, 'selfbilling/sef'), tdd: join(TDD_OFFICIAL_DIR, 'sef') };
const OUR_FILE: Record<RuleSetName, string> = { billing: 'pint-ae', selfbilling: 'pint-ae-selfbilling', tdd: 'pint-ae-tdd' };

const officialCache = new Map<RuleSetName, CompiledRules[]>();
function official(set: RuleSetName): CompiledRules[] {
  const files = set === 'tdd' ? ['peppol-ae-tdd.sef.json'] : LAYERS;
  return officialCache.get(set) ?? (officialCache.set(set, files.map((f) => new CompiledRules(f, readFileSync(join(SEF_DIR[set], f), 'utf8')))), officialCache.get(set)!);
}
const nativeCache = new Map<RuleSetName, NativeFirst>();
/** pintae's rules as npm run build compiles them; PINTAE_OUR_RULES_DIR points at another build (scripts/build-rules.mjs with PINTAE_SEF_OUT_DIR), e.g. of older rules. */
const OUR_DIR = process.env.PINTAE_OUR_RULES_DIR ?? join(ROOT, 'dist/schematron');
export function ours(set: RuleSetName): NativeFirst {
  const plan = join(OUR_DIR, `${OUR_FILE[set]}.native.json`);
  const sef = join(OUR_DIR, `${OUR_FILE[set]}.sef.json`);
  if (!existsSync(plan)) throw new Error(`${plan} is missing: run npm run build`);
  return nativeCache.get(set) ?? (nativeCache.set(set, new NativeFirst(plan, () => CompiledRules.fromFile(OUR_FILE[set], sef), () => engine)), nativeCache.get(set)!);
}

const baseCache = new Map<string, string>();
const baseXml = (probe: Probe) => {
  const path = join(officialDir(probe.set), probe.base);
  return baseCache.get(path) ?? (baseCache.set(path, readFileSync(path, 'utf8')), baseCache.get(path)!);
};

export interface ProbeResult {
  probe: Probe;
  values: Array<string | null>;
  /** Candidates the official rule flags, and ours. */
  officialFlags: boolean[];
  ourFlags: boolean[];
  /** Failed asserts of the rule whose location names no candidate (the example's own nodes, or a probe gone wrong). */
  stray: { official: string[]; ours: string[] };
  /** The official rules stopped on a document (an XPath error): the probe cannot be read. */
  crashed?: string;
}

/** One document to run: its text, its rule set, and which probe's candidate a failed assert names (undefined: none). */
interface Job {
  xml: string;
  set: RuleSetName;
  /** The probes (indexes into the results) it holds. */
  probes: number[];
  at(location: string, rule: string): { probe: number; candidate: number } | undefined;
}

const BLOCK = 100;
/**
 * Wrapped: each probe's candidates under a foreign element of its own appended to the root (several probes of one
 * example in one document, up to `perDocument` candidates; a larger probe in pieces), in blocks of 100, each candidate
 * in an element of its own (locations stay short to compute).
 */
function wrappedJobs(items: Array<{ index: number; probe: Probe; values: Array<string | null> }>, perDocument: number): Job[] {
  const jobs: Job[] = [];
  const groups = new Map<string, typeof items>();
  for (const item of items) {
    // One layer a document: the shared layer holds the ibr-cl-* rules, the jurisdiction layer the others.
    const key = `${item.probe.set}\n${item.probe.base}\n${item.probe.rule.startsWith('ibr-cl-')}\n${item.probe.perDocument ? item.probe.name : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  for (const group of groups.values()) {
    const base = baseXml(group[0]!.probe);
    const size = Math.min(perDocument, group[0]!.probe.perDocument ?? perDocument);
    const close = /<\/((?:[\w.-]+:)?(?:Invoice|CreditNote))>\s*$/.exec(base);
    if (!close) throw new Error(`${group[0]!.probe.base}: no root end tag`);
    type Wrapper = { index: number; probe: Probe; offset: number; values: Array<string | null> };
    const pieces: Wrapper[] = group.flatMap(({ index, probe, values }) =>
      Array.from({ length: Math.max(1, Math.ceil(values.length / size)) }, (_, k) => ({ index, probe, offset: k * size, values: values.slice(k * size, (k + 1) * size) })));
    const documents: Wrapper[][] = [];
    for (const piece of pieces) {
      const last = documents.at(-1);
      if (last && last.reduce((n, w) => n + w.values.length, 0) + piece.values.length <= size) last.push(piece);
      else documents.push([piece]);
    }
    for (const wrappers of documents) {
      const xml = wrappers.map(({ probe, offset, values }) => {
        const blocks: string[] = [];
        for (let b = 0; b < values.length; b += BLOCK) {
          blocks.push(`<p:B>${values.slice(b, b + BLOCK).map((v, i) => `<p:C>${probe.carriers[(offset + b + i) % probe.carriers.length]!(v)}</p:C>`).join('')}</p:B>`);
        }
        return `<p:Probe xmlns:p="urn:pintae:probe" xmlns:cbc="${CBC}" xmlns:cac="${CAC}">${blocks.join('')}</p:Probe>`;
      }).join('');
      jobs.push({
        xml: base.slice(0, close.index) + xml + base.slice(close.index), set: group[0]!.probe.set, probes: [...new Set(wrappers.map((w) => w.index))],
        at: (location, rule) => {
          const m = /\/Probe(?:\[(\d+)\])?\/B(?:\[(\d+)\])?\/C(?:\[(\d+)\])?(?:\/|$)/.exec(location);
          const w = m ? wrappers[Number(m[1] ?? 1) - 1] : undefined;
          if (!m || !w || w.probe.rule !== rule) return undefined;
          const i = (Number(m[2] ?? 1) - 1) * BLOCK + Number(m[3] ?? 1) - 1;
          return i < w.values.length ? { probe: w.index, candidate: w.offset + i } : undefined;
        },
      });
    }
  }
  return jobs;
}

/** TDD root rules: one document per candidate, the element replaced in the official example. */
function tddRootJobs(index: number, probe: Probe, values: Array<string | null>): Job[] {
  const base = baseXml(probe);
  const element = /<pxs:(\w+)>/.exec(probe.carriers[0]!('x'))![1]!;
  const re = new RegExp(`<pxs:${element}>[^<]*</pxs:${element}>`);
  if (!re.test(base)) throw new Error(`${probe.base}: no pxs:${element}`);
  return values.map((v, i) => ({
    xml: base.replace(re, probe.carriers[0]!(v)), set: probe.set, probes: [index],
    at: (location, rule) => (location === '/TaxData' && rule === probe.rule ? { probe: index, candidate: i } : undefined),
  }));
}

/**
 * TDD transaction rules: copies of the example's transaction after it, the code replaced, and with it the currency of
 * the amounts that were in that currency, so the other rules on a transaction still pass (a failed assert costs the
 * official rules more the more siblings its element has: 100 transactions a document).
 */
const TRANSACTIONS = 100;
function tddTransactionJobs(index: number, probe: Probe, values: Array<string | null>): Job[] {
  const base = baseXml(probe);
  const start = base.indexOf('<pxs:ReportedTransaction>');
  const end = base.lastIndexOf('</pxs:ReportedTransaction>') + '</pxs:ReportedTransaction>'.length;
  const element = /<cbc:(\w+)>/.exec(probe.carriers[0]!('x'))![1]!;
  const re = new RegExp(`<cbc:${element}>([^<]*)</cbc:${element}>`);
  const own = base.slice(start, end).replace(/<!--[\s\S]*?-->/g, '');
  const was = re.exec(own)?.[1]?.trim();
  if (start < 0 || !was) throw new Error(`${probe.base}: no transaction with a cbc:${element}`);
  const copy = (v: string | null) => own.replace(re, probe.carriers[0]!(v)).replaceAll(`currencyID="${was}"`, `currencyID="${xmlAttr(v ?? '')}"`);
  const jobs: Job[] = [];
  for (let offset = 0; offset < values.length; offset += TRANSACTIONS) {
    const chunk = values.slice(offset, offset + TRANSACTIONS);
    jobs.push({
      xml: base.slice(0, end) + chunk.map(copy).join('') + base.slice(end), set: probe.set, probes: [index],
      at: (location, rule) => {
        const m = /^\/TaxData\/ReportedTransaction(?:\[(\d+)\])?\/ReportedDocument$/.exec(location);
        const i = m ? Number(m[1] ?? 1) - 2 : -1;
        return rule === probe.rule && i >= 0 && i < chunk.length ? { probe: index, candidate: offset + i } : undefined;
      },
    });
  }
  return jobs;
}

/** Long synchronous runs starve vitest's worker channel: yield now and then. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs probes, each with its candidates: the official rules (only the layers holding the probed rules: ibr-cl-* are in
 * the shared layer, the others in the jurisdiction layer) and pintae's native engine on the same documents.
 */
export async function runProbes(items: Array<{ probe: Probe; values: Array<string | null> }>, perDocument = 10_000): Promise<ProbeResult[]> {
  const results: ProbeResult[] = items.map(({ probe, values }) => ({ probe, values, officialFlags: values.map(() => false), ourFlags: values.map(() => false), stray: { official: [], ours: [] } }));
  const indexed = items.map((item, index) => ({ ...item, index }));
  const jobs = [
    ...wrappedJobs(indexed.filter((i) => i.probe.placement === 'wrapped'), perDocument),
    ...indexed.flatMap((i) => (i.probe.placement === 'tdd-root' ? tddRootJobs(i.index, i.probe, i.values) : i.probe.placement === 'tdd-transaction' ? tddTransactionJobs(i.index, i.probe, i.values) : [])),
  ];
  const read = (layers: Array<Pick<RuleLayer, 'results'>>, job: Job, side: 'official' | 'ours') => {
    const rules = new Set(job.probes.map((i) => results[i]!.probe.rule));
    for (const layer of layers) {
      for (const r of layer.results(job.xml)) {
        if (r.kind !== 'failed-assert' || !r.id || !rules.has(r.id)) continue;
        const hit = job.at(r.location, r.id);
        if (hit) (side === 'official' ? results[hit.probe]!.officialFlags : results[hit.probe]!.ourFlags)[hit.candidate] = true;
        else for (const i of job.probes) if (results[i]!.probe.rule === r.id) results[i]!.stray[side].push(r.location);
      }
    }
  };
  for (const [n, job] of jobs.entries()) {
    if (n % 20 === 0) await breathe();
    const rules = job.probes.map((i) => results[i]!.probe.rule);
    const layers = official(job.set).filter((l) => job.set === 'tdd' || rules.some((r) => (r.startsWith('ibr-cl-') ? l.name === LAYERS[0] : l.name === LAYERS[1])));
    try {
      read(layers, job, 'official');
    } catch (e) {
      for (const i of job.probes) results[i]!.crashed ??= (e as Error).message.split('\n')[0]!;
      continue;
    }
    read([ours(job.set)], job, 'ours');
  }
  return results;
}

/** A candidate as a report shows it. */
export const show = (v: string | null) => (v === null ? '(absent)' : JSON.stringify(v));

/** The disagreements of a probe: candidates only the official rule flags, and only ours. */
export function disagreements(r: ProbeResult): { officialOnly: Array<string | null>; oursOnly: Array<string | null> } {
  return {
    officialOnly: r.values.filter((_, i) => r.officialFlags[i] && !r.ourFlags[i]),
    oursOnly: r.values.filter((_, i) => !r.officialFlags[i] && r.ourFlags[i]),
  };
}

/** The candidates the official rule accepts. */
export const officialAccepts = (r: ProbeResult) => r.values.filter((_, i) => !r.officialFlags[i]);
