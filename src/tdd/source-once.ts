import type { Finding } from '../model/types.js';
import type { XElement } from '../xpath/api.js';
import { childElements } from '../io/xml.js';
import { location } from '../xpath/location.js';
import { NS } from './extract.js';
import { own, type TddPart } from '../messages/own.js';
import type { Worded } from '../messages/ref.js';

/**
 * What the TDD schema says once, once: a reported transaction has at most one pxs:SourceDocument, which holds one
 * cec:ExtensionContent, which holds exactly one element (UBL's ExtensionContentType: one `xsd:any`, no text) — the
 * invoice the TDD reports. pintae reads the first of each; the official TDD rules only ask that an invoice be there
 * (ibr-tdd-57). A second would go unjudged, so a TDD carrying two invoices would pass on the first alone.
 */
export const TDD_SOURCE_ONE = 'pintae/tdd-source-one';

const finding = (words: Worded, at: XElement): Finding => ({
  ...words, section: 'invoice_header', severity: 'error', rule: TDD_SOURCE_ONE, location: location(at), line: at.line, column: at.column,
});

const named = (e: XElement) => `<${e.prefix ? `${e.prefix}:` : ''}${e.local}>`;

/** Each place where `transaction` holds other than one of what its schema allows one of, located there. */
export function sourceOnceFindings(transaction: XElement): Finding[] {
  const out: Finding[] = [];
  const sources = childElements(transaction, NS.pxs, 'SourceDocument');
  if (sources.length > 1) out.push(finding(own('tdd.sources-many', { n: sources.length }), sources[1]!));
  for (const source of sources) {
    const contents = childElements(source, NS.cec, 'ExtensionContent');
    if (contents.length > 1) out.push(finding(own('tdd.contents-many', { n: contents.length }), contents[1]!));
    for (const content of contents) {
      const held = content.elements;
      if (held.length > 1) {
        out.push(finding(own('tdd.content-many', { n: held.length, held: held.map(named) }), held[1]!));
      } else if (held.length === 0) {
        out.push(finding(own('tdd.content-none'), content));
      }
      if (content.children.some((c) => c.kind === 3 && c.value.trim() !== '')) {
        out.push(finding(own('tdd.content-text'), content));
      }
    }
  }
  return out;
}

/**
 * What the TDD schema says once of the TDD's own parts, which the official rules cannot see: their contexts are the
 * parts themselves, so a TDD without its receiver passes them, and a second reporter or extract is judged as sound on
 * its own while `check` reads the first. Exactly one reporter, receiver and representative; at most one transport
 * header id and extract in a reported transaction; an id in each custom content.
 */
export const TDD_CARDINALITY = 'pintae/tdd-cardinality';

/** The parties go with the official rules on their identifiers (ibr-tdd-10…21, `endpoint_ids`); the rest with the header. */
const once = (words: Worded, at: XElement, part: TddPart): Finding => ({
  ...words, section: part === 'reporter' || part === 'receiver' || part === 'representative' ? 'endpoint_ids' : 'invoice_header',
  severity: 'error', rule: TDD_CARDINALITY, location: location(at), line: at.line, column: at.column,
});

const qname = (e: XElement) => `${e.prefix ? `${e.prefix}:` : ''}${e.local}`;

function count(parent: XElement, ns: string, local: string, part: TddPart, required: boolean): Finding[] {
  const found = childElements(parent, ns, local);
  const name = `${ns === NS.pxs ? 'pxs' : 'cbc'}:${local}`;
  if (found.length > 1) return [once(own('tdd.part-many', { parent: qname(parent), name, n: found.length, part }), found[1]!, part)];
  if (found.length === 0 && required) return [once(own('tdd.part-none', { parent: qname(parent), name, part }), parent, part)];
  return [];
}

/** Each place where the TDD `root` holds other than the schema's one of its parts, located there. */
export function partsOnceFindings(root: XElement): Finding[] {
  const out = [
    ...count(root, NS.pxs, 'ReportingParty', 'reporter', true),
    ...count(root, NS.pxs, 'ReceivingParty', 'receiver', true),
    ...count(root, NS.pxs, 'ReportersRepresentative', 'representative', true),
  ];
  for (const transaction of childElements(root, NS.pxs, 'ReportedTransaction')) {
    out.push(...count(transaction, NS.pxs, 'TransportHeaderID', 'transport-id', false), ...count(transaction, NS.pxs, 'ReportedDocument', 'extract', false));
    for (const content of childElements(transaction, NS.pxs, 'CustomContent')) out.push(...count(content, NS.cbc, 'ID', 'custom-id', true));
  }
  return out;
}
