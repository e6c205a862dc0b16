import { normalize } from 'node:path';
import { duplicateWarning } from '../pipeline.js';
import { summarize } from '../formatters/report.js';
import type { DocumentType, OverrideInForce, Report, ReportResult } from '../model/report.js';
import { depthProblem, overridesProblem, resultProblem, ruleSetProblem } from '../report/shape.js';
import type { JudgedBy } from '../model/types.js';

const DOCUMENTS: readonly DocumentType[] = ['invoice', 'credit_note', 'tdd', 'other'];

/** Why a document is not a pintae JSON report, with the JSON path of the first thing wrong. */
export class NotAReport extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A parsed `--format json` report, checked for the shape pintae writes (README "JSON report"). */
export function readReport(value: unknown): { results: ReportResult[]; overrides: OverrideInForce[] } {
  const deep = depthProblem(value);
  if (deep) throw new NotAReport(deep);
  if (!isObject(value) || !Array.isArray(value.results) || !isObject(value.summary)) {
    throw new NotAReport('not a pintae JSON report: expected an object with "results" (an array) and "summary" (an object)');
  }
  const results = value.results.map((r, i): ReportResult => {
    const at = `results[${i}]`;
    if (!isObject(r)) throw new NotAReport(`${at}: not an object`);
    if (typeof r.file !== 'string') throw new NotAReport(`${at}.file: not a string`);
    if (r.index !== null && !Number.isInteger(r.index)) throw new NotAReport(`${at}.index: neither null nor a whole number`);
    if (typeof r.valid !== 'boolean' || typeof r.rejected !== 'boolean') throw new NotAReport(`${at}: "valid" and "rejected" must be true or false`);
    if (r.response !== null && !isObject(r.response)) throw new NotAReport(`${at}.response: neither null nor an object`);
    if (r.xml !== null && typeof r.xml !== 'string') throw new NotAReport(`${at}.xml: neither null nor a string`);
    if (r.error !== undefined && (!isObject(r.error) || typeof r.error.message !== 'string')) throw new NotAReport(`${at}.error: expected {message, line?, column?}`);
    const shape = resultProblem(r, at) ?? ruleSetProblem(r.rule_set, `${at}.rule_set`);
    if (shape) throw new NotAReport(shape);
    const position = isObject(r.position) && Number.isInteger(r.position.line) && Number.isInteger(r.position.column) ? { line: r.position.line as number, column: r.position.column as number } : undefined;
    return {
      file: r.file, index: r.index as number | null, ...(position ? { position } : {}), valid: r.valid, rejected: r.rejected, response: r.response as ReportResult['response'],
      ...(r.error ? { error: r.error as ReportResult['error'] } : {}),
      ...(Array.isArray(r.pintae_findings) && r.pintae_findings.length ? { pintae_findings: r.pintae_findings as ReportResult['pintae_findings'] } : {}),
      ...(Array.isArray(r.suppressed) ? { suppressed: r.suppressed as ReportResult['suppressed'] } : {}),
      ...(typeof r.document === 'string' && (DOCUMENTS as readonly string[]).includes(r.document) ? { document: r.document as DocumentType } : {}),
      // The set that judged the document, as its shard reported it (docs/decisions.md "merge-reports keeps rule_set").
      ...(r.rule_set !== undefined ? { rule_set: r.rule_set as JudgedBy } : {}),
      findings: [], xml: null, xmlPath: r.xml as string | null,
    };
  });
  const overridesWrong = overridesProblem(value.overrides);
  if (overridesWrong) throw new NotAReport(overridesWrong);
  const overrides = Array.isArray(value.overrides) ? (value.overrides as OverrideInForce[]) : [];
  return { results, overrides };
}

/** Where two reports hold the same result: the input (file, and position in it) and the two reports, by their order. */
export interface Overlap { file: string; position?: { line: number; column: number }; first: number; second: number }

/**
 * The first result that two of the reports both hold (the same input file, the same invoice in it): a report given
 * twice, a copy of one, or a merged report given with the shards it was made from. Shards of one run never overlap
 * (src/batch/shard.ts), so merging such reports would count the invoice twice and warn it a duplicate of itself.
 */
export function overlapOf(reports: ReadonlyArray<{ results: readonly ReportResult[] }>): Overlap | undefined {
  const seen = new Map<string, number>();
  for (const [i, report] of reports.entries()) {
    for (const r of report.results) {
      const key = `${normalize(r.file)}\u0000${r.index ?? ''}`;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, i);
      else if (first !== i) return { file: r.file, ...(r.position ? { position: r.position } : {}), first, second: i };
    }
  }
  return undefined;
}

/**
 * What reports hold, for the words of a refusal: invoice requests (`validate` reports: no result says a `document`),
 * or the documents `check` read, of one kind or several (`document`).
 */
export type Held = 'requests' | 'invoice' | 'credit_note' | 'tdd' | 'document';
export function heldBy(reports: ReadonlyArray<{ results: readonly ReportResult[] }>): Held {
  const kinds = new Set<DocumentType | undefined>(reports.flatMap((r) => r.results.filter((x) => !x.error).map((x) => x.document)));
  if (kinds.size === 0 || (kinds.size === 1 && kinds.has(undefined))) return 'requests';
  const [only] = kinds;
  if (kinds.size === 1 && only !== undefined && only !== 'other') return only;
  return 'document';
}

/**
 * Where the shards disagree on a rule set: one set (name and version) with different rule sources (hash) in two
 * reports, so documents judged "by the same rules" were not. Different sets across documents are no disagreement:
 * rules are chosen per document, by its CustomizationID and issue date. The first found, with the two reports.
 */
export interface RuleSetDisagreement { set: string; first: number; second: number }
export function ruleSetDisagreement(reports: ReadonlyArray<{ results: readonly ReportResult[] }>): RuleSetDisagreement | undefined {
  const seen = new Map<string, { hash: string; report: number }>();
  for (const [i, report] of reports.entries()) {
    for (const r of report.results) {
      if (!r.rule_set) continue;
      const set = `${r.rule_set.name}${r.rule_set.version ? ` ${r.rule_set.version}` : ''}`;
      const first = seen.get(set);
      if (!first) seen.set(set, { hash: r.rule_set.hash, report: i });
      else if (first.hash !== r.rule_set.hash) return { set, first: first.report, second: i };
    }
  }
  return undefined;
}

/** Paths compared segment by segment, by code unit: `a/b.json` before `a-b/c.json`, the same on every machine. */
export function comparePaths(a: string, b: string): number {
  const x = a.split(/[\\/]/);
  const y = b.split(/[\\/]/);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  }
  return x.length - y.length;
}

/**
 * The shards' reports as one: results ordered by file path (segment-wise, code-unit order) then position in the
 * file, whatever order the reports come in; duplicate invoice numbers decided again over the merged order (a repeat
 * may have been split across shards); the summary counted again; rule overrides in force summed by rule.
 */
export function mergeReports(reports: Array<{ results: ReportResult[]; overrides: OverrideInForce[] }>): Report {
  const results = reports.flatMap((r) => r.results)
    .sort((a, b) => comparePaths(a.file, b.file) || (a.index ?? -1) - (b.index ?? -1));
  redecideDuplicates(results);
  const overrides = new Map<string, OverrideInForce>();
  for (const o of reports.flatMap((r) => r.overrides)) {
    const seen = overrides.get(o.rule);
    overrides.set(o.rule, seen ? { ...seen, applied: seen.applied + o.applied } : { ...o });
  }
  return { results, summary: summarize(results), overrides: [...overrides.values()] };
}

function redecideDuplicates(results: ReportResult[]): void {
  const seen = new Set<string>();
  for (const r of results) {
    if (!r.response || !('data' in r.response)) continue;
    const { entity_id: entity, invoice_number: number } = r.response.data;
    if (typeof entity !== 'string' || typeof number !== 'string') continue;
    const warning = { ...duplicateWarning({ entity_id: entity, invoice_number: number }), ...(r.position ?? {}) };
    const key = `${entity}\u0000${number.trim()}`;
    const warnings = r.response.data.warnings.filter((w) => !(w.message === warning.message && w.field === warning.field && w.section === warning.section));
    if (seen.has(key)) warnings.push(warning);
    seen.add(key);
    r.response = { ...r.response, data: { ...r.response.data, warnings } };
  }
}
