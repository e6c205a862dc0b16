import type { Finding } from '../model/types.js';
import type { Rule, RuleContext } from './types.js';
import { sellerRules } from './seller.js';
import { buyerRules } from './buyer.js';
import { headerRules } from './header.js';
import { totalRules } from './totals.js';
import { lineRules } from './lines.js';

/** Every rule of the service's engine, in the order their findings are reported (spec 7.2 section order). */
export const RULES: readonly Rule[] = [...sellerRules, ...buyerRules, ...headerRules, ...totalRules, ...lineRules];

/**
 * PINT-AE rules that fail on the delivered document for the same mistake a rule-engine finding already names under
 * the spec's id (spec 2.7, 7.3): the pipeline does not repeat them (withoutRepeats). An S line off 5% (ibr-190-ae)
 * makes its breakdown fail aligned-ibrp-s-09; a deliver-to field an export lacks (IBT-075/077/079) fails ibr-152-ae;
 * a deliver-to address without its country (IBT-080) fails ibr-057.
 */
export const SAME_MISTAKE: Readonly<Record<string, readonly string[]>> = {
  'ibr-190-ae': ['aligned-ibrp-s-09'],
  'IBT-075': ['ibr-152-ae'], 'IBT-077': ['ibr-152-ae'], 'IBT-079': ['ibr-152-ae'],
  'IBT-080': ['ibr-057'],
};

export function runRules(ctx: RuleContext, rules: readonly Rule[] = RULES): Finding[] {
  return rules.flatMap((rule) => rule.check(ctx));
}

export type { Rule, RuleContext } from './types.js';
