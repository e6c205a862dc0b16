import type { Finding } from '../model/types.js';
import type { Rule, RuleContext } from './types.js';
import { sellerRules } from './seller.js';
import { buyerRules } from './buyer.js';
import { headerRules } from './header.js';
import { totalRules } from './totals.js';
import { lineRules } from './lines.js';

/** Every rule of the service's engine, in the order their findings are reported (spec 7.2 section order). */
export const RULES: readonly Rule[] = [...sellerRules, ...buyerRules, ...headerRules, ...totalRules, ...lineRules];

export function runRules(ctx: RuleContext, rules: readonly Rule[] = RULES): Finding[] {
  return rules.flatMap((rule) => rule.check(ctx));
}

export type { Rule, RuleContext } from './types.js';
