import { summaryWithGate } from '../report/gate.js';
import type { Formatter, ReportResult } from './report.js';

/** One result as the JSON report (and each ndjson line) carries it. */
export function jsonResult(r: ReportResult): Record<string, unknown> {
  return {
    file: r.file,
    index: r.index,
    ...(r.position ? { position: r.position } : {}),
    valid: r.valid,
    rejected: r.rejected,
    response: r.response,
    // pintae's own findings stand beside the service's answer, never in it (README "JSON report").
    ...(r.pintae_findings?.length ? { pintae_findings: r.pintae_findings } : {}),
    ...(r.error ? { error: r.error } : {}),
    ...(r.suppressed?.length ? { suppressed: r.suppressed } : {}),
    ...(r.rule_set ? { rule_set: r.rule_set } : {}),
    xml: r.xmlPath,
  };
}

/**
 * The machine-readable report: one JSON document (README "JSON report"). `overrides` is present whenever the config
 * file changes a rule's severity, and each finding it changed carries `overridden: {from, to}`; `summary.gate` says
 * which warnings gate failed the run, when one did.
 */
export const json: Formatter = (report) => JSON.stringify({
  ...(report.overrides?.length ? { overrides: report.overrides } : {}),
  results: report.results.map(jsonResult),
  summary: summaryWithGate(report.summary, report.gates),
}, null, 2) + '\n';
