import type { KeepLine } from './document-lines.js';

/**
 * Lines an invoice page shows besides those a finding concerns. A page is for reading: an invoice of 100,000 lines
 * would make a report of tens of megabytes that no browser opens comfortably, and the lines with nothing to say add
 * nothing to the verdict. The table says how many lines it leaves out.
 */
export const LINES_SHOWN = 200;

const LINE_LOCATION = /^\/(?:Invoice|CreditNote)\/(?:InvoiceLine|CreditNoteLine)(?:\[(\d+)\])?(?:\/|$)/;
const LINE_FIELD = /^line_items\[(\d+)\]/;

/** The 0-based line a finding is about, by its location in the document or its request field; undefined for none. */
export function lineOf(f: { field?: string; location?: string }): number | undefined {
  const at = f.location !== undefined ? LINE_LOCATION.exec(f.location) : null;
  if (at) return at[1] === undefined ? 0 : Number(at[1]) - 1;
  const field = f.field !== undefined ? LINE_FIELD.exec(f.field) : null;
  return field ? Number(field[1]) : undefined;
}

/** The first LINES_SHOWN lines and every line a finding concerns. */
export function keepLines(findings: ReadonlyArray<{ field?: string; location?: string }>): KeepLine {
  const concerned = new Set<number>();
  for (const f of findings) { const line = lineOf(f); if (line !== undefined) concerned.add(line); }
  return (i) => i < LINES_SHOWN || concerned.has(i);
}
