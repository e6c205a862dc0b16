import type { JudgedBy } from '../model/types.js';

/** `1 warning`, `2 warnings`, `0 warnings`: a count with its noun, in the number it takes. */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The rule set that judged a document, as a report says it beside the verdict: which specification's rules, and when the document
 * did not name them itself, why those.
 */
export function ruleSetWords(set: JudgedBy | undefined): string {
  if (!set) return '';
  const why = set.chosen === 'fallback' ? ', not a PINT-AE CustomizationID' : set.chosen === 'pinned' ? ', --rules' : '';
  return `rules ${set.name}${set.version ? ` ${set.version}` : ''}${why}`;
}

/** A finding's message with pintae's advice after it, for reports of one line a finding (github, junit, sarif). */
export const withHint = (f: { message: string; hint?: string }): string => (f.hint ? `${f.message} — ${f.hint}` : f.message);
