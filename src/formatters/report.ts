import type { Gates, InvoiceResult, OverrideInForce, Report, ReportedFinding, ReportResult, Summary } from '../model/report.js';

export type { Gates, InvoiceResult, Overridden, OverrideInForce, Report, ReportedFinding, ReportResult, RuleLevel, Summary } from '../model/report.js';

/** The errors and warnings of a result's validate response (none for a rejected or unreadable input). */
export function findingsOf(r: InvoiceResult): { errors: ReportedFinding[]; warnings: ReportedFinding[] } {
  if (!r.response || !('data' in r.response)) return { errors: [], warnings: [] };
  return { errors: r.response.data.errors, warnings: r.response.data.warnings };
}

/**
 * Accumulates a Summary one result at a time, so a streamed run never holds its results to count them. Results
 * arrive file by file (input order; each file once), so a file is counted when the file changes: nothing per file
 * is kept, and memory stays flat however many files a run has.
 */
export class SummaryCounter {
  readonly summary: Summary = { files: 0, invoices: 0, valid: 0, invalid: 0, rejected: 0, unreadable: 0, warnings: 0, suppressed: 0 };
  private lastFile: string | undefined;

  add(r: ReportResult): void {
    const s = this.summary;
    if (r.file !== this.lastFile) { this.lastFile = r.file; s.files++; }
    if (r.error) { s.unreadable++; return; }
    s.invoices++;
    if (r.rejected) s.rejected++;
    else if (r.valid) s.valid++;
    else s.invalid++;
    s.warnings += findingsOf(r).warnings.length;
    s.suppressed += r.suppressed?.length ?? 0;
  }
}

export function summarize(results: ReportResult[]): Summary {
  const counter = new SummaryCounter();
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
}

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
