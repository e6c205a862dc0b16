import { Decimal, lineMoney, ZERO } from './money.js';

/*
 * A line's net amount (spec 2.7: line_amount, by default quantity × unit_amount, delivered with two decimals) and
 * the allowance or charge that reconciles it with quantity × unit_amount (DESIGN: discount through a lower
 * line_amount), chosen so that the official ibr-147-ae accepts the line and nothing is invented.
 *
 * The official rule reads the line in xs:double, not decimal (its XML values are untyped):
 *   round(LineExtensionAmount * 100) div 100 = round((Quantity * (PriceAmount div BaseQuantity) + Σcharges − Σallowances) * 100) div 100
 * Away from an exact half cent this is plain rounding to two decimals. At a half cent (1.5 × 33.33 = 49.995,
 * 79 × 55.985 = 4422.815) the binary product lands a hair above or below it, so the rule accepts only one of the two
 * roundings, and which one the decimal digits cannot tell. `officialLineAccepts` asks the rule's own arithmetic
 * (JavaScript numbers are the same IEEE doubles Saxon-JS computes with); it only chooses between roundings that are
 * both correct to half a cent: every amount delivered is still a decimal.
 */

/** XPath fn:round on a double: the nearest integer, halves towards positive infinity (as Saxon-JS computes it). */
const xpathRound = (x: number) => Math.round(x);

/** Whether the official ibr-147-ae accepts a line (BaseQuantity 1) with this net amount and signed adjustment. */
export function officialLineAccepts(quantity: Decimal, price: Decimal, net: Decimal, allowance: Decimal): boolean {
  const charges = allowance.isNegative() ? allowance.abs().toNumber() : 0;
  const allowances = allowance.isPositive() && !allowance.isZero() ? allowance.toNumber() : 0;
  const expected = xpathRound(((quantity.toNumber() * (price.toNumber() / 1)) + charges - allowances) * 100);
  return xpathRound(net.toNumber() * 100) === expected;
}

export interface LineAmounts {
  /** LineExtensionAmount, two decimals. */
  net: Decimal;
  /** quantity × unit_amount − net as delivered: positive an allowance, negative a charge; absent when none is needed. */
  adjustment?: Decimal;
}

/** The two-decimal roundings of `exact` that are correct to half a cent: the usual one first, then at a half cent the other. */
function roundings(exact: Decimal): Decimal[] {
  const usual = lineMoney(exact);
  const floor = exact.toDecimalPlaces(2, Decimal.ROUND_FLOOR);
  const ceil = exact.toDecimalPlaces(2, Decimal.ROUND_CEIL);
  const other = usual.eq(floor) ? ceil : floor;
  return other.eq(usual) ? [usual] : [usual, other];
}

/**
 * Without a line_amount (or with one equal to quantity × unit_amount), the net amount is quantity × unit_amount
 * rounded to two decimals as ibr-147-ae rounds it, and there is no adjustment. A sent line_amount is delivered with
 * two decimals; an allowance or charge appears only when it differs from that default: the two-decimal difference,
 * or, where ibr-147-ae's double arithmetic cannot accept that at a half cent, the exact difference
 * quantity × unit_amount − line_amount.
 */
export function lineAmounts(quantity: Decimal, price: Decimal, sent?: Decimal): LineAmounts {
  const exact = quantity.times(price);
  const candidates = roundings(exact);
  const byDefault = candidates.find((d) => officialLineAccepts(quantity, price, d, ZERO)) ?? candidates[0]!;
  if (sent === undefined || sent.eq(exact)) return { net: byDefault };
  const net = lineMoney(sent);
  if (net.eq(byDefault)) return { net };
  const twoDecimals = [byDefault, ...candidates.filter((d) => !d.eq(byDefault))].map((d) => d.minus(net))
    .find((adjustment) => !adjustment.isZero() && officialLineAccepts(quantity, price, net, adjustment));
  return { net, adjustment: twoDecimals ?? exact.minus(net) };
}
