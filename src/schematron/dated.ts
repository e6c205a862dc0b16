/**
 * Releases chosen by date (issue 13 item 3): of the rule sets written for a document's customization, the newest whose
 * validity covers the document's issue date. Pure: the sets and the date are given; nothing here reads the clock.
 */

/** What the choice needs of a rule set: its customization(s) and validity (ISO dates, inclusive; null: open). */
export interface Dated {
  customizations: readonly string[];
  version: string | null;
  valid_from: string | null;
  valid_to: string | null;
}

/** Why a set was chosen: its validity covers the date, the date is before (or after) every set's validity, or there is no usable date. */
export type DatedHow = 'covers' | 'before' | 'after' | 'undated';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date YYYY-MM-DD that exists (2026-02-30 does not). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Compares dotted versions numerically (1.0.10 after 1.0.4); null before any. */
export function compareVersions(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  const pa = a.split(/[.-]/), pb = b.split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '0', y = pb[i] ?? '0';
    const nx = Number(x), ny = Number(y);
    const c = Number.isFinite(nx) && Number.isFinite(ny) ? nx - ny : x.localeCompare(y);
    if (c !== 0) return Math.sign(c);
  }
  return 0;
}

/**
 * Newest first: the later valid_from (an open start is the oldest), then the higher version; on a full tie the set
 * given later (an added set after the built-in ones) wins.
 */
function newer<T extends Dated>(a: { set: T; at: number }, b: { set: T; at: number }): number {
  const fa = a.set.valid_from ?? '', fb = b.set.valid_from ?? '';
  if (fa !== fb) return fa < fb ? 1 : -1;
  return compareVersions(b.set.version, a.set.version) || b.at - a.at;
}

export const covers = (set: Dated, date: string): boolean =>
  (set.valid_from === null || set.valid_from <= date) && (set.valid_to === null || date <= set.valid_to);

/**
 * The set for a document of this customization and issue date. A date no set covers: before every set's validity, the
 * set valid earliest (the oldest rules are nearest the document's date); otherwise (after, or in a gap between two
 * validities) the newest set that started before the date. A missing or malformed date: the newest set. Undefined when
 * no set is written for the customization.
 */
export function chooseByDate<T extends Dated>(sets: readonly T[], customization: string, issueDate: string | undefined): { set: T; how: DatedHow } | undefined {
  const mine = sets.map((set, at) => ({ set, at })).filter((s) => s.set.customizations.includes(customization)).sort(newer);
  if (mine.length === 0) return undefined;
  if (issueDate === undefined || !isIsoDate(issueDate)) return { set: mine[0]!.set, how: 'undated' };
  const covering = mine.find((s) => covers(s.set, issueDate));
  if (covering) return { set: covering.set, how: 'covers' };
  const started = mine.find((s) => s.set.valid_from === null || s.set.valid_from <= issueDate);
  if (started) return { set: started.set, how: 'after' };
  return { set: mine[mine.length - 1]!.set, how: 'before' };
}
