import { Decimal as DecimalJs } from 'decimal.js';

/** Decimal arithmetic for money: never a binary float (DESIGN: Money). */
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = DecimalJs;

export const ZERO = new Decimal(0);

export function toDecimal(value: number | string): Decimal {
  return new Decimal(typeof value === 'string' ? value.trim() : value);
}

/** An amount as it is delivered: rounded half-up to two decimals. */
export function money(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, DecimalJs.ROUND_HALF_UP);
}

/** Two-decimal text of an amount, the form every amount takes in the XML. */
export function formatMoney(value: Decimal): string {
  return money(value).toFixed(2);
}

export function sum(values: Iterable<Decimal>): Decimal {
  let total = ZERO;
  for (const v of values) total = total.plus(v);
  return total;
}

/**
 * Two decimals with halves towards positive infinity, as XPath's round() rounds (ibr-147-ae reads a line's amounts
 * that way; src/derive/line-amount.ts). For positive amounts the same as money().
 */
export function lineMoney(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, DecimalJs.ROUND_HALF_CEIL);
}
