import type { Line, TaxCategory } from '../model/types.js';
import { formatMoney, money, type Decimal } from '../derive/money.js';
import { toAed } from '../derive/totals.js';
import { el, type XmlNode } from './node.js';
import { taxCategoryNode } from './tax.js';

export interface LineContext { currency: string; rate?: Decimal; lineAmountsInAed: boolean }

/**
 * DESIGN (discount through a lower line_amount): the price stays unit_amount and the difference to
 * quantity × unit_amount travels as a line allowance, or as a line charge when line_amount is higher, so that
 * ibr-147-ae's line arithmetic holds.
 */
function lineAdjustment(line: Line, amount: (v: Decimal) => XmlNode): XmlNode | undefined {
  const gross = line.quantity.times(line.unit_amount);
  // A sub-cent difference is rounding of quantity × price, not a discount: ibr-147-ae allows for it.
  const difference = money(gross.minus(line.line_amount));
  if (difference.isZero()) return undefined;
  const isAllowance = difference.isPositive();
  return {
    'cbc:ChargeIndicator': isAllowance ? 'false' : 'true',
    'cbc:AllowanceChargeReasonCode': isAllowance ? '95' : 'ABK',
    'cbc:AllowanceChargeReason': isAllowance ? 'Discount' : 'Miscellaneous',
    'cbc:Amount': amount(difference.abs()),
  };
}

/**
 * cac:ItemPriceExtension (BTAE-10 line amount with VAT, BTAE-08 line VAT). On a foreign-currency invoice in AED, as
 * spec 2.6.2 says the service adds them; in the document currency (as the official Exports example shows) when
 * `lineAmountsInAed` is false. Both pass the official rules (docs/decisions.md). An exempt line carries no BTAE-08 (ibr-163-ae).
 */
function priceExtension(line: Line, ctx: LineContext): XmlNode {
  const inAed = ctx.lineAmountsInAed && ctx.rate !== undefined;
  const convert = (v: Decimal) => (inAed ? toAed(v, ctx.rate!) : v);
  const currencyID = inAed ? 'AED' : ctx.currency;
  return {
    'cbc:Amount': el(formatMoney(convert(line.line_amount.plus(line.tax_amount))), { currencyID }),
    'cac:TaxTotal': line.tax_category === 'E' ? undefined : { 'cbc:TaxAmount': el(formatMoney(convert(line.tax_amount)), { currencyID }) },
  };
}

export function invoiceLine(line: Line, index: number, ctx: LineContext): XmlNode {
  const amount = (v: Decimal) => el(formatMoney(v), { currencyID: ctx.currency });
  const category = line.tax_category as TaxCategory;
  // Plain notation always: XSD decimals have no exponent form (Decimal.toString gives 1e-7).
  const price = line.unit_amount.toFixed();
  return {
    'cbc:ID': String(index + 1),
    'cbc:InvoicedQuantity': el(line.quantity.toFixed(), { unitCode: line.unit }),
    'cbc:LineExtensionAmount': amount(line.line_amount),
    'cac:AllowanceCharge': lineAdjustment(line, amount),
    'cac:Item': {
      'cbc:Description': line.description,
      'cbc:Name': line.description,
      'cac:StandardItemIdentification': category === 'AE' && line.item_standard_id
        ? { 'cbc:ID': el(line.item_standard_id, { schemeID: '0160' }) } : undefined,
      'cac:CommodityClassification': category === 'AE' && line.item_type ? { 'cbc:NatureCode': line.item_type } : undefined,
      'cac:ClassifiedTaxCategory': taxCategoryNode(category, line.tax_exemption_reason),
    },
    'cac:Price': {
      'cbc:PriceAmount': el(price, { currencyID: ctx.currency }),
      'cbc:BaseQuantity': el('1', { unitCode: line.unit }),
      // Item gross price (IBT-148) with no price discount: ibr-126-ae requires it, as the official examples show.
      'cac:AllowanceCharge': {
        'cbc:ChargeIndicator': 'false',
        'cbc:Amount': el('0.00', { currencyID: ctx.currency }),
        'cbc:BaseAmount': el(price, { currencyID: ctx.currency }),
      },
    },
    'cac:ItemPriceExtension': priceExtension(line, ctx),
  };
}
