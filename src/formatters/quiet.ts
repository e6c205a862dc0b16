import type { Gates, ReportResult } from './report.js';

/**
 * What `--quiet` leaves of a result in the reports people read (stylish, github): the inputs that failed, with the
 * findings at or above the fail severity. Undefined when nothing of it failed. Summaries still count everything.
 */
export function failuresOnly(r: ReportResult, gates: Gates | undefined): ReportResult | undefined {
  if (r.error || r.rejected || !r.response || !('data' in r.response)) return r;
  const data = r.response.data;
  const warningsFail = gates?.failSeverity === 'warning';
  if (data.errors.length === 0 && !(warningsFail && data.warnings.length > 0)) return undefined;
  const { suppressed: _off, ...rest } = r;
  return warningsFail ? rest : { ...rest, response: { ...r.response, data: { ...data, warnings: [] } } };
}
