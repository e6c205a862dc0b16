import { readFileSync } from 'node:fs';
import type { InvoiceResult } from '../batch/run.js';
import { jsonPositions, nearestPosition, pointerOfField, type JsonPositions } from '../io/positions.js';

/**
 * Finds the line of a finding's field in its input JSON file, for reports that can show one (sarif, github). The
 * file is read again only when asked, and only the last one is kept (results arrive file by file), so memory stays
 * flat. A field the input does not have points at its nearest enclosing object. Standard input cannot be read again.
 */
export function jsonFieldLocator(): (r: InvoiceResult, field: string | undefined) => { line: number; column: number } | undefined {
  let cached: { file: string; positions: JsonPositions | null } | undefined;
  const positionsOf = (file: string): JsonPositions | null => {
    if (cached?.file !== file) {
      let positions: JsonPositions | null = null;
      try { if (file !== '-' && file.toLowerCase().endsWith('.json')) positions = jsonPositions(readFileSync(file, 'utf8')); } catch { positions = null; }
      cached = { file, positions };
    }
    return cached.positions;
  };
  return (r, field) => {
    if (r.error) return undefined;
    const positions = positionsOf(r.file);
    if (!positions) return undefined;
    const root = r.index === null ? '' : positions.values.has(`/invoices/${r.index}`) ? `/invoices/${r.index}` : `/${r.index}`;
    return nearestPosition(positions, root + (field ? pointerOfField(field) : ''));
  };
}
