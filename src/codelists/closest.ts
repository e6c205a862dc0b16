import { editDistance } from '../schema/spelling.js';

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
