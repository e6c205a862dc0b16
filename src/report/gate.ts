import type { Gates, Summary } from '../model/report.js';
import { inLang, type Lang } from '../messages/lang.js';
import { REPORT } from '../messages/report.js';

/**
 * A warnings gate that failed the run, as every report with a summary states it: a CI log that ends in exit 1 must
 * say why when no input failed on its own (ESLint: "too many warnings (maximum: 0)").
 */
export interface GateFailure {
  gate: 'max-warnings' | 'fail-severity';
  /** The warnings of the run, after rule overrides. */
  warnings: number;
  /** The most the gate allows: --max-warnings N, or 0 with --fail-severity warning. */
  maximum: number;
  /** In the report's language (issue 26); `message_en` the English when that is not en. */
  message: string;
  message_en?: string;
}


/**
 * The warnings gate the run fails, if any. --max-warnings is named first when both fail: its limit says by how much.
 * Failed inputs are not a gate here: the summary's own counts (invalid, rejected, unreadable) already say so.
 */
export function gateFailure(summary: Summary, gates: Gates, lang: Lang = 'en', joiner?: string): GateFailure | undefined {
  const { warnings } = summary;
  const said = (text: { en: (p: { warnings: number; maximum: number }) => string; ar: (p: { warnings: number; maximum: number }) => string }, maximum: number) => {
    const message = inLang(text, { warnings, maximum }, lang, joiner);
    return lang === 'en' ? { message } : { message, message_en: text.en({ warnings, maximum }) };
  };
  if (gates.maxWarnings !== undefined && warnings > gates.maxWarnings) {
    return { gate: 'max-warnings', warnings, maximum: gates.maxWarnings, ...said(REPORT['gate.max-warnings'], gates.maxWarnings) };
  }
  if (gates.failSeverity === 'warning' && warnings > 0) {
    return { gate: 'fail-severity', warnings, maximum: 0, ...said(REPORT['gate.fail-severity'], 0) };
  }
  return undefined;
}

/** Exit code 1 when an input failed at or above the fail severity, or when the warnings exceed --max-warnings. */
export function gateExitCode(summary: Summary, gates: Gates): 0 | 1 {
  if (summary.invalid + summary.rejected + summary.unreadable > 0) return 1;
  return gateFailure(summary, gates) ? 1 : 0;
}

/** The summary as json, ndjson and sarif carry it: with `gate` when a warnings gate failed the run. */
export function summaryWithGate(summary: Summary, gates: Gates | undefined, lang?: Lang): Summary & { gate?: GateFailure } {
  const failed = gates ? gateFailure(summary, gates, lang) : undefined;
  // The counts by kind name things in sentences; the JSON summary keeps its fields (each result says its `document`).
  const { documents: _d, stdin: _s, ...counts } = summary;
  return failed ? { ...counts, gate: failed } : counts;
}
