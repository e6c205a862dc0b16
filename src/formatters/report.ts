import type { Lang } from '../messages/lang.js';
import type { InputSubject } from '../messages/subject.js';
import type { Gates, InvoiceResult, OverrideInForce, Report, ReportedFinding, ReportedOwn, ReportResult, Summary } from '../model/report.js';

export type { Gates, InvoiceResult, Overridden, OverrideInForce, Report, ReportedFinding, ReportedOwn, ReportResult, RuleLevel, Summary } from '../model/report.js';

/**
 * What a report lists of a result, by severity: the response's errors and warnings with pintae's own findings of the
 * same severity after them, and the notes (severity info, pintae's own). `cause` is an index into the three lists
 * one after the other, as `fold` reads it. None for a rejected or unreadable input.
 */
export interface Listing { errors: ReportedFinding[]; warnings: ReportedFinding[]; notes: ReportedFinding[] }

export function findingsOf(r: InvoiceResult): Listing {
  if (!r.response || !('data' in r.response)) return { errors: [], warnings: [], notes: [] };
  const { errors: E, warnings: W } = r.response.data;
  const own = r.pintae_findings ?? [];
  if (!own.length) return { errors: E, warnings: W, notes: [] };
  const strip = ({ severity: _s, explains: _e, cause: _c, ...f }: ReportedOwn): ReportedFinding => f;
  const bySeverity = (severity: ReportedOwn['severity']) => own.filter((f) => f.severity === severity);
  const [ownErrors, ownWarnings, ownNotes] = [bySeverity('error'), bySeverity('warning'), bySeverity('info')];
  // Where each finding stands in the listing: response entries by their index in errors then warnings, pintae's own by theirs.
  const listed = [...E, ...ownErrors, ...W, ...ownWarnings, ...ownNotes] as object[];
  const at = new Map<object, number>(listed.map((f, i) => [f, i] as const));
  const entryAt = (i: number): object | undefined => (i < E.length ? E[i] : W[i - E.length]);
  const causes = new Map<object, number>();
  for (const f of [...E, ...W]) {
    const root = f.cause === undefined ? undefined : entryAt(f.cause);
    if (root !== undefined && at.has(root)) causes.set(f, at.get(root)!);
  }
  for (const f of own) {
    const root = f.cause === undefined ? undefined : entryAt(f.cause);
    if (root !== undefined && at.has(root)) causes.set(f, at.get(root)!);
    for (const e of f.explains ?? []) { const dependent = entryAt(e); if (dependent !== undefined) causes.set(dependent, at.get(f)!); }
  }
  const place = (f: ReportedFinding | ReportedOwn): ReportedFinding => {
    const { cause: _c, ...plain } = 'severity' in f ? strip(f) : f;
    const cause = causes.get(f);
    return cause === undefined ? plain : { ...plain, cause };
  };
  return {
    errors: [...E, ...ownErrors].map(place),
    warnings: [...W, ...ownWarnings].map(place),
    notes: ownNotes.map(place),
  };
}

/**
 * Accumulates a Summary one result at a time, so a streamed run never holds its results to count them. Results
 * arrive file by file (input order; each file once), so a file is counted when the file changes: nothing per file
 * is kept, and memory stays flat however many files a run has.
 */
/** Every kind of document at 0: where a run's counts by kind start. */
const noDocuments = (): NonNullable<Summary['documents']> => ({ invoice: 0, credit_note: 0, tdd: 0, other: 0 });

export class SummaryCounter {
  readonly summary: Summary = { files: 0, invoices: 0, valid: 0, invalid: 0, rejected: 0, unreadable: 0, warnings: 0, notes: 0, suppressed: 0 };
  private lastFile: string | undefined;

  /**
   * `documents`: the run reads documents (check), counted by what each is (Summary.documents). `stdin`: what an input
   * named `-` is (standard input, or serve's request body), which the sentences name instead of counting it a file.
   */
  constructor(documents = false, private readonly stdin: 'stdin' | 'body' = 'stdin') {
    if (documents) this.summary.documents = noDocuments();
  }

  add(r: ReportResult): void {
    const s = this.summary;
    if (r.file !== this.lastFile) { this.lastFile = r.file; s.files++; }
    if (r.file === '-') s.stdin = this.stdin;
    if (r.error) { s.unreadable++; return; }
    s.invoices++;
    if (r.document) (s.documents ??= noDocuments())[r.document]++;
    else if (s.documents) s.documents.invoice++;
    if (r.rejected) s.rejected++;
    else if (r.valid) s.valid++;
    else s.invalid++;
    // Counted without listing them (a run may hold millions): the response's warnings and pintae's own by severity.
    if (r.response && 'data' in r.response) s.warnings += r.response.data.warnings.length;
    for (const f of r.pintae_findings ?? []) {
      if (f.severity === 'warning') s.warnings++;
      else if (f.severity === 'info') s.notes++;
    }
    s.suppressed += r.suppressed?.length ?? 0;
  }
}

export function summarize(results: ReportResult[]): Summary {
  const counter = new SummaryCounter(results.some((r) => r.document !== undefined));
  for (const r of results) counter.add(r);
  return counter.summary;
}

export interface FormatOptions {
  color: boolean;
  /** Directory that relative artifact paths are taken from (sarif); defaults to paths as given. */
  baseDir?: string;
  /** pintae's version, for tool descriptions (sarif). */
  version?: string;
  /** --quiet: the reports people read (stylish, github) show failures only. */
  quiet?: boolean;
  /** stylish and github: every finding, instead of the root causes with their dependents folded under them. */
  verbose?: boolean;
  /** A rule's own text by id, where the caller knows the rule sets (sarif's rule descriptions). */
  ruleText?: (id: string) => string | undefined;
  /**
   * The language of what a person reads (issue 26, `--lang`, config `lang`): `en` (the default when absent), `ar`, or
   * `en+ar` (both, English first). `response` (the service's answer) is never translated.
   */
  lang?: Lang;
  /**
   * What an input named `-` is (as Summary.stdin): standard input (the default) or, in `pintae serve`, the request
   * body. The words a report says of an input that could not be read name it (src/messages/subject.ts).
   */
  stdin?: 'stdin' | 'body';
}

/** What a result's input is, in the words of src/messages/subject.ts: a file, or what `-` stands for. */
export const subjectOfResult = (r: Pick<ReportResult, 'file'>, stdin: FormatOptions['stdin']): InputSubject =>
  (r.file === '-' ? stdin ?? 'stdin' : 'file');

/** A formatter: one pure function from a whole report to text. */
export type Formatter = (report: Report, options: FormatOptions) => string;

/**
 * A formatter that can also write as results arrive (ndjson, stylish, github): header once, a chunk per result,
 * a footer with the summary. State between calls lives in the object `open` returns.
 */
export interface ReportStream {
  header(overrides: OverrideInForce[]): string;
  result(r: ReportResult): string;
  footer(summary: Summary, overrides: OverrideInForce[]): string;
}
export type StreamFactory = (options: FormatOptions, gates?: Gates) => ReportStream;

/** The whole-report formatter of a streaming one: header, every result, footer. */
export function formatWhole(open: StreamFactory): Formatter {
  return (report, options) => {
    const stream = open(options, report.gates);
    const overrides = report.overrides ?? [];
    return stream.header(overrides) + report.results.map((r) => stream.result(r)).join('') + stream.footer(report.summary, overrides);
  };
}
