import { findingsOf, type Gates, type Listing, type ReportedFinding, type ReportResult } from './report.js';

/** A result as a report people read shows it, and the findings it lists of it. */
export interface Shown { r: ReportResult; listing: Listing }

/**
 * What a report people read (stylish, github) shows of a result: everything, or with `--quiet` the inputs that failed,
 * with the findings at or above the fail severity (no notes, nothing turned off). Undefined when --quiet leaves
 * nothing of it. Summaries still count everything. A warning or note that is the root cause of a failing error stays
 * (a misspelled key behind a VAT error): without it the error would stand as a root of its own and the mistake would
 * not be named.
 */
export function shownOf(r: ReportResult, quiet: boolean | undefined, gates: Gates | undefined): Shown | undefined {
  if (!quiet) return { r, listing: findingsOf(r) };
  if (r.error || r.rejected || !r.response || !('data' in r.response)) return { r, listing: findingsOf(r) };
  const { suppressed: _off, ...rest } = r;
  const listing = findingsOf(r);
  const warningsFail = gates?.failSeverity === 'warning';
  if (listing.errors.length === 0 && !(warningsFail && listing.warnings.length > 0)) return undefined;
  const all = [...listing.errors, ...listing.warnings, ...listing.notes];
  const failing = new Set<ReportedFinding>([...listing.errors, ...(warningsFail ? listing.warnings : [])]);
  const kept = new Set(failing);
  for (const f of failing) if (f.cause !== undefined && all[f.cause] !== undefined) kept.add(all[f.cause]!);
  // `cause` counts in errors, then warnings, then notes: each kept finding's cause is pointed at where its root went.
  const lists = [listing.errors, listing.warnings, listing.notes].map((list) => list.filter((f) => kept.has(f)));
  const at = new Map<ReportedFinding, number>(lists.flat().map((f, i) => [f, i] as const));
  const moved = (f: ReportedFinding): ReportedFinding => {
    if (f.cause === undefined) return f;
    const { cause, ...plain } = f;
    const to = all[cause] === undefined ? undefined : at.get(all[cause]!);
    return to === undefined ? plain : { ...plain, cause: to };
  };
  const [errors, warnings, notes] = lists.map((list) => list.map(moved)) as [ReportedFinding[], ReportedFinding[], ReportedFinding[]];
  return { r: rest, listing: { errors, warnings, notes } };
}
