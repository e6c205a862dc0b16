import { readFileSync } from 'node:fs';
import type { Finding, RejectedResponse, ValidateResponse } from '../model/types.js';
import { validateInvoice, type PipelineEnv } from '../pipeline.js';
import { parseJson } from '../io/json.js';
import type { Source } from './discover.js';

export interface InvoiceResult {
  file: string;
  /** Position in a bulk body or array; null for a file holding one invoice. */
  index: number | null;
  valid: boolean;
  rejected: boolean;
  response: ValidateResponse | RejectedResponse | null;
  /** For a file that could not be read or parsed: where and why. */
  error?: { message: string; line?: number; column?: number };
  findings: Finding[];
  xml: string | null;
  /** Where the XML was written, filled by the command that writes it. */
  xmlPath: string | null;
}

/** Splits a file's JSON into invoices: one request body, a bulk body `{invoices: [...]}`, or an array. */
export function invoicesOf(value: unknown): { items: unknown[]; indexed: boolean } {
  if (Array.isArray(value)) return { items: value, indexed: true };
  if (value !== null && typeof value === 'object' && Array.isArray((value as { invoices?: unknown }).invoices)) {
    return { items: (value as { invoices: unknown[] }).invoices, indexed: true };
  }
  return { items: [value], indexed: false };
}

export type EnvFactory = (duplicate: boolean) => PipelineEnv;

/** Reads, parses and validates every source in order; a bad file is reported on its own and the rest go on. */
export function* runSources(sources: Source[], env: PipelineEnv, readStdin: () => string): Generator<InvoiceResult> {
  const seen = new Set<string>();
  for (const source of sources) {
    let text: string;
    try {
      text = source.kind === 'stdin' ? readStdin() : readFileSync(source.path, 'utf8');
    } catch (e) {
      yield unreadable(source.path, { message: (e as NodeJS.ErrnoException).code === 'EISDIR' ? 'is a directory' : (e as Error).message });
      continue;
    }
    const parsed = parseJson(text);
    if (!parsed.ok) { yield unreadable(source.path, { message: parsed.message, line: parsed.line, column: parsed.column }); continue; }
    const { items, indexed } = invoicesOf(parsed.value);
    if (indexed && items.length === 0) { yield unreadable(source.path, { message: 'the file holds no invoices (an empty list)' }); continue; }
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as Record<string, unknown> | null;
      const key = item && typeof item === 'object' && typeof item.entity_id === 'string' && typeof item.invoice_number === 'string'
        ? `${item.entity_id}\u0000${item.invoice_number.trim()}` : undefined;
      const duplicate = key !== undefined && seen.has(key);
      if (key) seen.add(key);
      const outcome = validateInvoice(item, { ...env, duplicate });
      const base = { file: source.path, index: indexed ? i : null, xmlPath: null };
      if (outcome.kind === 'rejected') yield { ...base, valid: false, rejected: true, response: outcome.response, findings: [], xml: null };
      else yield { ...base, valid: outcome.response.data.is_valid, rejected: false, response: outcome.response, findings: outcome.findings, xml: outcome.xml };
    }
  }
}

function unreadable(file: string, error: InvoiceResult['error']): InvoiceResult {
  return { file, index: null, valid: false, rejected: false, response: null, error, findings: [], xml: null, xmlPath: null };
}
