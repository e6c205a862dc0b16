import { fsErrorWords, readInputFile } from '../io/input-file.js';
import { duplicateWarning, validateInvoice, type InvoiceOutcome, type PipelineEnv } from '../pipeline.js';
import { jsonPositions, nearestPosition, pointerOfField, withAncestors, type Position } from '../io/positions.js';
import { parseJson } from '../io/json.js';
import { decodeText } from '../io/text.js';
import { UNKNOWN_FIELD } from '../schema/unknown-fields.js';
import { subjectOf, xmlNotJson, type InputPlace } from '../io/input-kind.js';
import { subjectWords } from '../messages/subject.js';
import type { InvoiceResult } from '../model/report.js';
import { views as loadedViews } from '../view/lazy.js';
import { internalFault, unreadable } from './unreadable.js';
import { ioWords } from '../messages/io.js';

export { internalFault, unreadable } from './unreadable.js';

/**
 * The unit of work of a run, the same in the main thread (--jobs 1) and in a worker: one input file (or the text of
 * standard input) → its results in order. Duplicate invoice numbers span the whole run, so they are not decided
 * here: each result carries its key and the warning it gets if the key was seen before, and DuplicateNumbers
 * decides in input order (the same order whatever thread did the work).
 */
export interface WorkResult extends InvoiceResult {
  duplicate?: { key: string; warning: ReturnType<typeof duplicateWarning> };
}

/** Splits a file's JSON into invoices: one request body, a bulk body `{invoices: [...]}`, or an array. */
export function invoicesOf(value: unknown): { items: unknown[]; indexed: boolean } {
  if (Array.isArray(value)) return { items: value, indexed: true };
  if (value !== null && typeof value === 'object' && Array.isArray((value as { invoices?: unknown }).invoices)) {
    return { items: (value as { invoices: unknown[] }).invoices, indexed: true };
  }
  return { items: [value], indexed: false };
}

/** A string as pruneEmpty leaves it: whitespace-only strings read as absent (spec 2.8.5). */
const pruned = (v: string) => (v.trim() === '' ? undefined : v);

/** Reads a file and validates every invoice in it; an unreadable file is one located result, never an exception. */
export function validateFile(path: string, env: PipelineEnv, keepXml: boolean, views = false): WorkResult[] {
  let bytes: Uint8Array;
  try {
    bytes = readInputFile(path);
  } catch (e) {
    return [unreadable(path, { message: fsErrorWords(e) })];
  }
  // Bytes that are not text pintae reads: located at the byte, and nothing of the file is judged (no XML either).
  const decoded = decodeText(bytes);
  if (!decoded.ok) return [unreadable(path, { message: decoded.message, line: decoded.line, column: decoded.column })];
  return validateText(path, decoded.text, env, keepXml, views);
}

/**
 * Parses and validates the text of one input; `keepXml` false drops the XML as soon as it is built. `views` (the HTML
 * report) makes each invoice's view while its document is at hand. `single`: the text is one request body whatever
 * it holds (the service's dry run judges a bulk body or an array as the one invoice it was sent as). `advice`: where the
 * advice for an XML input points (the CLI's check, or serve's route), and what the words call the input.
 */
export function validateText(file: string, text: string, env: PipelineEnv, keepXml: boolean, views = false, single = false, advice: InputPlace = 'cli'): WorkResult[] {
  const parsed = parseJson(text, subjectOf(advice, file));
  if (!parsed.ok) return [unreadable(file, { message: xmlNotJson(text, file, advice) ?? parsed.message, line: parsed.line, column: parsed.column })];
  const { items, indexed } = single ? { items: [parsed.value], indexed: false } : invoicesOf(parsed.value);
  if (indexed && items.length === 0) return [unreadable(file, { message: ioWords('io.input.empty-list', { subject: subjectWords(subjectOf(advice, file)) }) })];
  // Every invoice first (keeping only what its result needs), then the positions all of them need, in one scan.
  const done = items.map((item) => {
    const outcome = validateInvoice(item, { ...env, duplicate: false });
    const view = views ? loadedViews().validatedView(item, outcome, entityOf(item, env)) : undefined;
    const kept: InvoiceOutcome = outcome.kind === 'rejected' ? outcome : { ...outcome, xml: keepXml ? outcome.xml : null, invoice: null, sources: null };
    return { outcome: kept, view, ...duplicateOf(item as Record<string, unknown> | null) };
  });
  const place = placeFields(text, Array.isArray(parsed.value) ? '' : '/invoices', indexed, done);
  return done.map(({ outcome, duplicate, view }, i) => {
    const at = place[i];
    const base = { file, index: indexed ? i : null, ...(at ? { position: at } : {}), xmlPath: null, ...(view ? { view } : {}) };
    if (outcome.kind === 'rejected') return { ...base, valid: false, rejected: true, response: outcome.response, findings: [], xml: null, ...(duplicate ? { duplicate } : {}) };
    return {
      ...base, valid: outcome.valid, rejected: false, response: outcome.response, ...(outcome.pintae.length ? { pintae_findings: outcome.pintae } : {}), findings: outcome.findings,
      xml: outcome.xml, ...(outcome.judgedBy ? { rule_set: outcome.judgedBy } : {}), ...(duplicate ? { duplicate } : {}),
    };
  });
}

/** The seller's entity record, for the view of a request no document was built from. */
function entityOf(item: unknown, env: PipelineEnv) {
  const id = item !== null && typeof item === 'object' ? (item as Record<string, unknown>).entity_id : undefined;
  return typeof id === 'string' && id.trim() !== '' ? env.findEntity(id.trim()) : undefined;
}

type Placeable = { field?: string; rule?: string; line?: number; column?: number };

/** What of an invoice gets a line and column: its findings, the entries of its response, its duplicate warning. */
function placeables(outcome: InvoiceOutcome, duplicate: WorkResult['duplicate']): Placeable[] {
  const entries: Placeable[] = outcome.kind === 'rejected' ? [...outcome.response.errors] : [...outcome.findings, ...outcome.response.data.errors, ...outcome.response.data.warnings, ...outcome.pintae];
  if (duplicate) entries.push(duplicate.warning);
  return entries;
}

/**
 * Puts every finding of each invoice at the line and column of its field in the input text (a field the input does
 * not have: the object that should hold it; no field: the invoice itself; an unknown key: the key, since the name is
 * the mistake and its value may be far below it), and returns where each invoice's
 * invoice_number is. The text is scanned once per file, for the positions these need alone.
 */
function placeFields(text: string, itemsAt: string, indexed: boolean, done: Array<{ outcome: InvoiceOutcome; duplicate?: WorkResult['duplicate'] }>): Array<Position | undefined> {
  const rootOf = (i: number) => (indexed ? `${itemsAt}/${i}` : '');
  const pointerOf = (root: string, e: Placeable) => root + (e.field ? pointerOfField(e.field) : '');
  const wanted = new Set<string>();
  const open = done.map(({ outcome, duplicate }, i) => {
    const entries = placeables(outcome, duplicate).filter((e) => e.line === undefined);
    for (const e of entries) withAncestors(pointerOf(rootOf(i), e), wanted);
    withAncestors(`${rootOf(i)}/invoice_number`, wanted);
    return entries;
  });
  let positions: ReturnType<typeof jsonPositions>;
  try { positions = jsonPositions(text, wanted); } catch { positions = { values: new Map(), keys: new Map() }; }
  return open.map((entries, i) => {
    for (const e of entries) {
      const pointer = pointerOf(rootOf(i), e);
      const at = (e.rule === UNKNOWN_FIELD ? positions.keys.get(pointer) : undefined) ?? nearestPosition(positions, pointer);
      if (at) { e.line = at.line; e.column = at.column; }
    }
    return nearestPosition(positions, `${rootOf(i)}/invoice_number`);
  });
}

/**
 * Places the findings of one invoice validated from `text` (a single request body, as the sandbox's validate
 * endpoint receives it) at their lines and columns in that text, as `validate` places them in a file.
 */
export function placeInBody(text: string, outcome: InvoiceOutcome): void {
  placeFields(text, '', false, [{ outcome }]);
}

/** An invoice's run-wide identity (entity_id + trimmed invoice_number, spec 2.10) and the warning a repeat gets. */
function duplicateOf(item: Record<string, unknown> | null): Pick<WorkResult, 'duplicate'> {
  if (!item || typeof item !== 'object' || typeof item.entity_id !== 'string' || typeof item.invoice_number !== 'string') return {};
  // A blank number is no number (pruned, it is "invoice_number is required"): nothing for a second one to repeat.
  if (item.invoice_number.trim() === '') return {};
  return {
    duplicate: {
      key: `${item.entity_id}\u0000${item.invoice_number.trim()}`,
      warning: duplicateWarning({ entity_id: pruned(item.entity_id), invoice_number: pruned(item.invoice_number) }),
    },
  };
}

/** Decides, in input order, which invoices repeat a number already seen in the run, and adds their warning. */
export class DuplicateNumbers {
  private readonly seen = new Set<string>();

  mark(result: WorkResult): InvoiceResult {
    const { duplicate, ...plain } = result;
    if (!duplicate) return plain;
    const repeated = this.seen.has(duplicate.key);
    this.seen.add(duplicate.key);
    if (repeated && plain.response && 'data' in plain.response) plain.response.data.warnings.push(duplicate.warning);
    return plain;
  }
}
