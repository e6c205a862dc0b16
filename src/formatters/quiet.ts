import type { Gates, ReportResult } from './report.js';

/**
 * What `--quiet` leaves of a result in the reports people read (stylish, github): the inputs that failed, with the
 * findings at or above the fail severity. Undefined when nothing of it failed. Summaries still count everything.
 * A warning that is the root cause of a failing error stays (a misspelled key behind a VAT error): without it the
 * error would stand as a root of its own and the mistake would not be named.
 */
export function failuresOnly(r: ReportResult, gates: Gates | undefined): ReportResult | undefined {
  if (r.error || r.rejected || !r.response || !('data' in r.response)) return r;
  const data = r.response.data;
  const warningsFail = gates?.failSeverity === 'warning';
  if (data.errors.length === 0 && !(warningsFail && data.warnings.length > 0)) return undefined;
  const { suppressed: _off, ...rest } = r;
  if (warningsFail) return rest;
  const n = data.errors.length;
  const causes = new Set(data.errors.map((e) => e.cause).filter((c): c is number => c !== undefined && c >= n && c < n + data.warnings.length));
  const kept = data.warnings.filter((_, k) => causes.has(n + k));
  // `cause` counts in errors then warnings: a kept warning moves up to its place among the warnings kept.
  const moved = new Map([...causes].sort((a, b) => a - b).map((c, k) => [c, n + k] as const));
  const errors = data.errors.map((e) => (e.cause !== undefined && moved.has(e.cause) ? { ...e, cause: moved.get(e.cause)! } : e));
  return { ...rest, response: { ...r.response, data: { ...data, errors, warnings: kept } } };
}
