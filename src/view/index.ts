/*
 * The invoice view a result carries when the HTML report is asked for (src/model/view.ts): made where the document
 * is at hand (the pipeline's caller, in the thread that validated it), so the report never needs the XML later.
 */
import type { Entity, Finding } from '../model/types.js';
import type { InvoiceView } from '../model/view.js';
import type { InvoiceOutcome } from '../pipeline.js';
import type { XDocument } from '../xpath/api.js';
import { readXmlDocument } from '../io/xml.js';
import { nearestField } from '../ubl/source-map.js';
import { documentView } from './document.js';
import { requestView } from './request.js';
import { keepLines } from './limits.js';
import { rootElement } from '../io/xml.js';
import { TDD_NS, tddView } from './tdd.js';
import { said } from '../messages/view.js';

export { LINES_SHOWN } from './limits.js';

const NOT_BUILT = said('note.not-built');
const REJECTED = said('note.rejected');

/**
 * The view of one validated request: the document pintae built, with each value's request field from the source
 * map; or, where no document could be built, the request as sent (with the seller's entity record if found).
 */
export function validatedView(body: unknown, outcome: InvoiceOutcome, entity: Entity | undefined): InvoiceView | undefined {
  if (outcome.kind === 'rejected') return requestView(body, entity, keepLines(outcome.response.errors), REJECTED);
  const keepLine = keepLines(outcome.findings);
  if (outcome.xml !== null) {
    const read = readXmlDocument(outcome.xml);
    const sources = outcome.sources;
    if (read.ok) {
      const number = outcome.response.data.invoice_number;
      return documentView(read.doc, {
        keepLine,
        ...(sources ? { fieldOf: (location: string) => nearestField(sources, location) } : {}),
        ...(number !== null ? { invoiceNumber: number } : {}),
      });
    }
  }
  return requestView(body, entity, keepLine, NOT_BUILT);
}

/** The view of a document given to `check`. */
export function checkedView(doc: XDocument, findings: readonly Finding[]): InvoiceView | undefined {
  const root = rootElement(doc);
  if (root?.ns === TDD_NS && root.local === 'TaxData') return tddView(root);
  return documentView(doc, { keepLine: keepLines(findings) });
}
