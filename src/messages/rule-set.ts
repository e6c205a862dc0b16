import type { Text } from './lang.js';

/**
 * How a report names the rule set that judged a document, beside the verdict (formatters/words.ts ruleSetWords; the
 * HTML report says them through the view's catalogue, which holds them too). Apart from view.ts so that a run writing
 * a stylish, JSON or JUnit report does not load the HTML report's words.
 */
export const RULE_SET_WORDS = {
  'ruleset': { en: (p: { name: string }) => `rules ${p.name}`, ar: (p: { name: string }) => `القواعد ${p.name}` },
  'ruleset.fallback': { en: (p: { name: string }) => `rules ${p.name}, not a PINT-AE CustomizationID`, ar: (p: { name: string }) => `القواعد ${p.name}، ليس CustomizationID من PINT-AE` },
  'ruleset.pinned': { en: (p: { name: string }) => `rules ${p.name}, --rules`, ar: (p: { name: string }) => `القواعد ${p.name}، --rules` },
  // Pinned by a config file's ruleSet: no --rules was given (the file is named on stderr at the start of the run).
  'ruleset.pinned.config': { en: (p: { name: string }) => `rules ${p.name}, ruleSet of the config file`, ar: (p: { name: string }) => `القواعد ${p.name}، ruleSet في ملف الإعدادات` },
} satisfies Record<string, Text<never>>;
