import { readFileSync } from 'node:fs';
import type { InvoiceResult } from '../batch/run.js';
import { jsonPositions, nearestPosition, pointerOfField, type JsonPositions, type Position } from '../io/positions.js';
import { nearestElement, xmlPositions } from '../io/xml-positions.js';

export type Locator = (r: InvoiceResult, where: { field?: string; location?: string }) => Position | undefined;

/** Reads one input at a time again, keeping only the last one's positions (results arrive file by file). */
function lastFileCache<T>(read: (text: string) => T): (file: string) => T | null {
  let cached: { file: string; value: T | null } | undefined;
  return (file) => {
    if (cached?.file !== file) {
      let value: T | null = null;
      try { if (file !== '-') value = read(readFileSync(file, 'utf8')); } catch { value = null; }
      cached = { file, value };
    }
    return cached.value;
  };
}

/**
 * The line of a finding's field in its input JSON file (validate), for reports that show one (sarif, github). The
 * file is read again only when asked, and only the last one is kept, so memory stays flat. A field the input does not
 * have points at its nearest enclosing object. Standard input cannot be read again.
 */
export function jsonFieldLocator(): Locator {
  const positionsOf = lastFileCache<JsonPositions>(jsonPositions);
  return (r, { field }) => {
    if (r.error) return undefined;
    const positions = positionsOf(r.file);
    if (!positions) return undefined;
    const root = r.index === null ? '' : positions.values.has(`/invoices/${r.index}`) ? `/invoices/${r.index}` : `/${r.index}`;
    return nearestPosition(positions, root + (field ? pointerOfField(field) : ''));
  };
}

/** The line of a finding's XML location (`/Invoice/InvoiceLine[2]/Item`) in its input document (check). */
export function xmlLocationLocator(): Locator {
  const positionsOf = lastFileCache(xmlPositions);
  return (r, { location }) => {
    if (r.error || !location) return undefined;
    const positions = positionsOf(r.file);
    return positions ? nearestElement(positions, location) : undefined;
  };
}
