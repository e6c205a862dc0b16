import { RULE_LISTS } from './rule-lists.data.js';

/**
 * Currency codes as the PINT-AE rules accept them (ibr-cl-03/04/05): ISO 4217 in force, with CNH (the offshore
 * renminbi, on the Peppol list) and the fund, precious-metal and testing codes; the same list the built-in rules hold
 * (schematron/pint-ae/functions-codes.xsl), probed against the official rules (docs/decisions.md, "Code lists as the
 * official rules enforce them").
 */
export const CURRENCY_CODES: ReadonlySet<string> = new Set(RULE_LISTS['cl-iso4217']);

export function isCurrencyCode(code: string): boolean {
  return CURRENCY_CODES.has(code);
}

/** Currency codes as the AE TDD rules accept them (ibr-tdd-30-1, ibr-tdd-31-1): an older edition of ISO 4217. */
export const TDD_CURRENCY_CODES: ReadonlySet<string> = new Set(RULE_LISTS['tdd-iso4217']);

export function isTddCurrencyCode(code: string): boolean {
  return TDD_CURRENCY_CODES.has(code);
}
