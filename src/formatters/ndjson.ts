import { summaryWithGate } from '../report/gate.js';
import { jsonResult } from './json.js';
import { formatWhole, type StreamFactory } from './report.js';

/**
 * Newline-delimited JSON, written as results arrive: a `{"type":"overrides"}` line first when rule overrides are in
 * force, one `{"type":"result", ...}` line per invoice (the JSON report's result), and a `{"type":"summary"}` line last.
 */
export const ndjsonStream: StreamFactory = ({ lang }, gates) => ({
  header: (overrides) => (overrides.length ? line({ type: 'overrides', overrides: overrides.map(({ rule, level }) => ({ rule, level })) }) : ''),
  result: (r) => line({ type: 'result', ...jsonResult(r, lang) }),
  footer: (summary, overrides) => line({ type: 'summary', summary: summaryWithGate(summary, gates, lang), ...(overrides.length ? { overrides } : {}) }),
});

const line = (value: unknown) => JSON.stringify(value) + '\n';

export const ndjson = formatWhole(ndjsonStream);
