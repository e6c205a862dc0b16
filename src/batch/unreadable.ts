import type { InvoiceResult } from '../model/report.js';
import { ioWords, ioWorded } from '../messages/io.js';
import { EntityStoreError } from '../io/errors.js';

/* Results of an input no document was read from: apart from work.ts so that check's batch loads nothing of validate's pipeline. */

/** An input that gave no invoice: located where it stops being readable, else at its start (every finding has a place). */
export function unreadable(file: string, error: NonNullable<InvoiceResult['error']>): InvoiceResult {
  const at = { line: error.line ?? 1, column: error.line === undefined ? 1 : error.column ?? 1 };
  return { file, index: null, valid: false, rejected: false, response: null, error: { ...error, ...at }, findings: [], xml: null, xmlPath: null };
}

/**
 * An exception from the pipeline on one input, reported at the file, and the run goes on: a seller's record saved in
 * .pintae/entities that cannot be used is said as it is, with what to do; anything else is a bug of pintae's.
 */
export function internalFault(file: string, e: unknown): InvoiceResult {
  if (e instanceof EntityStoreError) return unreadable(file, { ...ioWorded('io.input.entity-store', { reason: e.message }), usage: true });
  return unreadable(file, { message: ioWords('io.input.internal', { reason: (e as Error)?.message ?? String(e) }), internal: true });
}
