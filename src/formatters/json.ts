import { summaryWithGate } from '../report/gate.js';
import { findingsOf, type Formatter, type ReportResult } from './report.js';
import type { Lang } from '../messages/lang.js';
import { localized, plainError } from './speak.js';

/**
 * One result as the JSON report (and each ndjson line) carries it. In another language (issue 26) `response` stays
 * the service's answer, in English, and `findings` lists every finding of the result (errors, warnings, notes, as the
 * reports list them) with `message` in that language and `message_en`; pintae's own findings are said in it too.
 */
export function jsonResult(raw: ReportResult, lang?: Lang): Record<string, unknown> {
  const r = localized(raw, lang, '\n');
  // A rejected invoice's findings are the rejection's errors (spec 4.2), said in the language like any other.
  const rejection = r.rejected && r.response && 'errors' in r.response && !('data' in r.response) ? r.response.errors : undefined;
  const findings = r === raw ? undefined : rejection ? { errors: rejection, warnings: [], notes: [] } : findingsOf(r);
  return {
    file: r.file,
    index: r.index,
    ...(r.position ? { position: r.position } : {}),
    valid: r.valid,
    rejected: r.rejected,
    response: raw.response,
    ...(findings ? { findings } : {}),
    // pintae's own findings stand beside the service's answer, never in it (README "JSON report").
    ...(r.pintae_findings?.length ? { pintae_findings: r.pintae_findings } : {}),
    ...(r.error ? { error: plainError(r.error) } : {}),
    ...(r.suppressed?.length ? { suppressed: r.suppressed } : {}),
    ...(r.rule_set ? { rule_set: r.rule_set } : {}),
    ...(r.document ? { document: r.document } : {}),
    xml: r.xmlPath,
  };
}

/**
 * The machine-readable report: one JSON document (README "JSON report"). `overrides` is present whenever the config
 * file changes a rule's severity, and each finding it changed carries `overridden: {from, to}`; `summary.gate` says
 * which warnings gate failed the run, when one did.
 */
export const json: Formatter = (report, { lang } = { color: false }) => JSON.stringify({
  ...(report.overrides?.length ? { overrides: report.overrides } : {}),
  results: report.results.map((r) => jsonResult(r, lang)),
  summary: summaryWithGate(report.summary, report.gates, lang),
}, null, 2) + '\n';
