import type { InvoiceResult } from '../batch/run.js';

export interface Summary { files: number; invoices: number; valid: number; invalid: number; rejected: number; unreadable: number }

export interface Report { results: InvoiceResult[]; summary: Summary }

export function summarize(results: InvoiceResult[]): Summary {
  const files = new Set(results.map((r) => r.file)).size;
  const unreadable = results.filter((r) => r.error).length;
  const invoices = results.length - unreadable;
  const valid = results.filter((r) => r.valid).length;
  const rejected = results.filter((r) => r.rejected).length;
  return { files, invoices, valid, invalid: invoices - valid - rejected, rejected, unreadable };
}

export type Formatter = (report: Report, options: { color: boolean }) => string;
