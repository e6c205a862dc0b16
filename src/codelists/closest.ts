/** Levenshtein distance, capped: past `limit` the exact figure does not matter, only that it is too far. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      best = Math.min(best, current[j]!);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidates nearest to what was sent, compared without regard to case, nearest first: a typo of one or two
 * letters in a code ("AEX" for "AED") or a label. A value too long to be a code of the list (an address where a
 * country was meant) gets none, since any suggestion would be a guess.
 */
export function closest(sent: string, candidates: Iterable<string>, max = 3): string[] {
  const text = sent.trim().toUpperCase();
  if (text === '' || text.length > 40) return [];
  const limit = text.length <= 3 ? 1 : text.length <= 6 ? 2 : 3;
  const found: Array<[number, string]> = [];
  for (const c of candidates) {
    const d = editDistance(text, c.toUpperCase(), limit);
    if (d <= limit) found.push([d, c]);
  }
  return found.sort((x, y) => x[0] - y[0]).slice(0, max).map(([, c]) => c);
}

/** ` — did you mean "AED"?` (or `"AED" or "AUD"`), or nothing when no candidate is near. */
export function didYouMean(sent: string, candidates: Iterable<string>): string {
  const near = closest(sent, candidates);
  if (!near.length) return '';
  return ` — did you mean ${near.map((c) => JSON.stringify(c)).join(' or ')}?`;
}
