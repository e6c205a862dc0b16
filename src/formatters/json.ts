import type { Formatter } from './report.js';

/** The machine-readable report: one JSON document (README "JSON report"). */
export const json: Formatter = (report) => JSON.stringify({
  results: report.results.map((r) => ({
    file: r.file,
    index: r.index,
    valid: r.valid,
    rejected: r.rejected,
    response: r.response,
    ...(r.error ? { error: r.error } : {}),
    xml: r.xmlPath,
  })),
  summary: report.summary,
}, null, 2) + '\n';
