/**
 * An invoice as a person reads it, for the HTML report: the pipeline (or a worker) makes one per result when that
 * report is asked for, from the delivered UBL document or, when none could be built, from the request as sent
 * (src/view/). It is plain data, so it crosses from a worker thread as it is, and a formatter renders it without
 * touching XML. Each value keeps where it came from (its XML location and/or request field), which is how a finding
 * is shown at the value it concerns.
 */

/**
 * Words pintae writes on the page (a label, a heading, what a code means), said in the report's language when the
 * page is written (issue 26): an entry of the view's catalogue (src/messages/view.ts) by id with its parameters. A
 * plain string is text of the document or the request, shown as it stands; `join` puts several together.
 */
export type Words = string | Said | Joined;
export interface Said { id: string; p?: Readonly<Record<string, Words | number>> }
export interface Joined { join: string; parts: Words[] }

/** Where a value, a row or a block came from. */
export interface ViewSource {
  /** Location in the document (src/xpath/location.ts form, e.g. `/Invoice/InvoiceLine[2]/Price/PriceAmount`). */
  location?: string;
  /** The request field it was built from (`line_items[1].unit_amount`): validate only. */
  field?: string;
}

export interface ViewValue extends ViewSource {
  /** The value as the document (or request) carries it, never reformatted here. */
  text: string;
  /** The value in pintae's own words (a TDD's business term), shown in the report's language instead of `text`. */
  words?: Words;
  /** What a code means (`S` → "Standard rated"), where pintae knows. */
  meaning?: Words;
  /** An amount or a quantity: shown right-aligned, digits grouped. */
  numeric?: boolean;
  /** A field a finding says is missing, added by the report so the finding has its place: shown as "not stated". */
  missing?: boolean;
  /** Why the value reads as it does, where a reader would otherwise think it wrong (the seller's delivered registration). */
  note?: Words;
}

export interface ViewItem extends ViewValue { label: Words }

export interface ViewBlock extends ViewSource {
  title: Words;
  items: ViewItem[];
}

export interface ViewRow extends ViewSource {
  /** One cell per column; null where the row has no value. */
  cells: Array<ViewValue | null>;
}

export interface ViewTable extends ViewSource {
  /** The table's heading where it is not the usual one ("Lines", "VAT breakdown"): a TDD's extract. */
  title?: Words;
  columns: Array<{ label: Words; numeric?: boolean }>;
  rows: ViewRow[];
  /** Rows left out to keep the report readable (src/view/limits.ts); each row a finding concerns is always kept. */
  omitted?: number;
}

export interface InvoiceView {
  /** `document`: read from the UBL XML (built by validate, or given to check); `request`: the request as sent. */
  source: 'document' | 'request';
  /** What the document is, in words: "Tax invoice", "Tax invoice (out of scope, 480)", "Credit note", "Invoice request". */
  title: Words;
  /** The invoice number (request) or the document's ID. */
  number?: ViewValue;
  /** The invoice currency, for headings ("amounts in USD"). */
  currency?: string;
  /** Why the view is what it is, when it is not the whole document ("No XML could be built: …"). */
  note?: Words;
  seller?: ViewBlock;
  buyer?: ViewBlock;
  /** Dates, type, currency, transaction type, references. */
  details: ViewBlock;
  payment?: ViewBlock;
  lines: ViewTable;
  /** The VAT breakdown, one row per category. */
  vat?: ViewTable;
  /** Document-level allowances and charges. */
  charges?: ViewTable;
  /** Totals in the invoice currency. */
  totals?: ViewBlock;
  /** Figures in AED and the exchange rate (a foreign-currency invoice). */
  aed?: ViewBlock;
  /** Delivery and export. */
  delivery?: ViewBlock;
}
