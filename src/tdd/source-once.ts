import type { Finding } from '../model/types.js';
import type { XElement } from '../xpath/api.js';
import { childElements } from '../io/xml.js';
import { location } from '../xpath/location.js';
import { NS } from './extract.js';
import { own } from '../messages/own.js';
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
