/**
 * "Did you mean …?" for a misspelled name: the closest of a few known names, by the Damerau–Levenshtein distance
 * (optimal string alignment: a swap of two neighbours counts once, as `tax_categroy` → `tax_category`).
 */

/** Names compared as a person reads them: case and separators do not count (`TaxCategory`, `tax-category`). */
export const plainName = (name: string): string => name.toLowerCase().replace(/[\s_.-]+/g, '');

/** The distance between two strings, or `Infinity` once it is certain to exceed `limit` (long keys cost nothing). */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return Infinity;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return Infinity;
    before = previous;
    previous = current;
  }
  const distance = previous[b.length]!;
  return distance > limit ? Infinity : distance;
}

/**
 * How far a name may be from a known one and still be taken for it: one slip in a short name, two from four
 * characters, three from nine. Looser than that, unrelated names start to match (`memo` and `date` are four apart).
 */
const allowance = (length: number) => (length < 4 ? 1 : length < 9 ? 2 : 3);

/** The known name `name` most likely stands for (the first in `known`'s order on a tie), or undefined when none is close. */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const wanted = plainName(name);
  const limit = allowance(wanted.length);
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of known) {
    const d = editDistance(wanted, plainName(candidate), limit);
    if (d < bestDistance) { best = candidate; bestDistance = d; }
  }
  return best;
}
