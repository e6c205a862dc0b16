import type { JudgedBy } from '../model/types.js';
import { sayIn, type Lang } from '../messages/lang.js';
import { RULE_SET_WORDS } from '../messages/rule-set.js';

/** `1 warning`, `2 warnings`: kept in the catalogue's core, which the view's words use too (no import cycle). */
export { plural } from '../messages/lang.js';

/**
 * The rule set that judged a document, as a report says it beside the verdict: which specification's rules, and when the document
 * did not name them itself, why those; in the report's language (src/messages/rule-set.ts, which the HTML report's
 * words hold too).
 */
export function ruleSetWords(set: JudgedBy | undefined, lang: Lang = 'en'): string {
  if (!set) return '';
  const name = `${set.name}${set.version ? ` ${set.version}` : ''}`;
  return sayIn(RULE_SET_WORDS, ruleSetWordsId(set), { name }, lang);
}

/** Which entry says how the set was chosen: by the document, as the billing fallback, or pinned (by --rules or a config file). */
export function ruleSetWordsId(set: JudgedBy): keyof typeof RULE_SET_WORDS {
  if (set.chosen === 'fallback') return 'ruleset.fallback';
  if (set.chosen === 'pinned') return set.pinned_by === 'config' ? 'ruleset.pinned.config' : 'ruleset.pinned';
  return 'ruleset';
}

/** A finding's message with pintae's advice after it, for reports of one line a finding (github, junit, sarif). */
export const withHint = (f: { message: string; hint?: string }): string => (f.hint ? `${f.message} — ${f.hint}` : f.message);
