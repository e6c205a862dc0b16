import type { Line, TaxCategory } from '../model/types.js';
import { formatMoney, type Decimal } from '../derive/money.js';
import { toAed } from '../derive/totals.js';
import { el, val, type XmlNode } from './node.js';
import { categoryField, lineAmountField, taxCategoryNode } from './tax.js';

export interface LineContext { currency: string; rate?: Decimal; lineAmountsInAed: boolean }

/**
 * DESIGN (discount through a lower line_amount): the price stays unit_amount and the difference between
 * quantity × unit_amount and the sent line_amount travels as a line allowance, or as a line charge when line_amount
 * is higher, so that ibr-147-ae's line arithmetic holds. Which difference, if any, is decided with the line amount
 * (src/derive/line-amount.ts): rounding alone never adds one.
 */
function lineAdjustment(line: Line, at: string, currencyID: string): XmlNode | undefined {
  const difference = line.line_adjustment;
  if (!difference || difference.isZero()) return undefined;
  const isAllowance = difference.isPositive();
  // Two decimals as every amount; the rare exact difference keeps all its decimals (line-amount.ts).
  const text = difference.decimalPlaces() <= 2 ? difference.abs().toFixed(2) : difference.abs().toFixed();
  return {
    $: `${at}.line_amount`,
    'cbc:ChargeIndicator': isAllowance ? 'false' : 'true',
    'cbc:AllowanceChargeReasonCode': isAllowance ? '95' : 'ABK',
    'cbc:AllowanceChargeReason': isAllowance ? 'Discount' : 'Miscellaneous',
    'cbc:Amount': el(text, { currencyID }, undefined, { currencyID: 'currency' }),
  };
}

/**
 * cac:ItemPriceExtension (BTAE-10 line amount with VAT, BTAE-08 line VAT). On a foreign-currency invoice in AED, as
 * spec 2.6.2 says the service adds them; in the document currency (as the official Exports example shows) when
 * `lineAmountsInAed` is false. Both pass the official rules (docs/decisions.md). An exempt line carries no BTAE-08 (ibr-163-ae).
 */
function priceExtension(line: Line, at: string, ctx: LineContext): XmlNode {
  const inAed = ctx.lineAmountsInAed && ctx.rate !== undefined;
  const convert = (v: Decimal) => (inAed ? toAed(v, ctx.rate!) : v);
  const currencyID = inAed ? 'AED' : ctx.currency;
  const amount = (v: Decimal, source: string) => el(formatMoney(convert(v)), { currencyID }, source, { currencyID: 'currency' });
  return {
    'cbc:Amount': amount(line.line_amount.plus(line.tax_amount), lineAmountField(line, at)),
    'cac:TaxTotal': line.tax_category === 'E' ? undefined : { 'cbc:TaxAmount': amount(line.tax_amount, `${at}.tax_amount`) },
  };
}

export function invoiceLine(line: Line, index: number, ctx: LineContext): XmlNode {
  const at = `line_items[${index}]`;
  const amount = (v: Decimal, source?: string) => el(formatMoney(v), { currencyID: ctx.currency }, source, { currencyID: 'currency' });
  const category = line.tax_category as TaxCategory;
  // Plain notation always: XSD decimals have no exponent form (Decimal.toString gives 1e-7). All the sent decimals.
  const price = line.unit_amount.toFixed();
  const priceAmount = (text: string) => el(text, { currencyID: ctx.currency }, undefined, { currencyID: 'currency' });
  const unit = { unitCode: `${at}.unit` };
  return {
    $: at,
    'cbc:ID': String(index + 1),
    'cbc:InvoicedQuantity': el(line.quantity.toFixed(), { unitCode: line.unit }, `${at}.quantity`, unit),
    'cbc:LineExtensionAmount': amount(line.line_amount, lineAmountField(line, at)),
    'cac:AllowanceCharge': lineAdjustment(line, at, ctx.currency),
    'cac:Item': {
      'cbc:Description': val(line.description, `${at}.description`),
      'cbc:Name': val(line.description, `${at}.description`),
      // Spec 2.7: item_standard_id is delivered whenever sent (required on an AE line); item_type only on an AE line
      // (2.1 names it, and not item_standard_id, among the fields emitted for reverse-charge lines only).
      'cac:StandardItemIdentification': line.item_standard_id
        ? { $: `${at}.item_standard_id`, 'cbc:ID': el(line.item_standard_id, { schemeID: '0160' }) } : undefined,
      'cac:CommodityClassification': category === 'AE' && line.item_type ? { $: `${at}.item_type`, 'cbc:NatureCode': line.item_type } : undefined,
      'cac:ClassifiedTaxCategory': taxCategoryNode(category, line.tax_exemption_reason, categoryField(line, at), `${at}.tax_exemption_reason`),
    },
    'cac:Price': {
      $: `${at}.unit_amount`,
      'cbc:PriceAmount': priceAmount(price),
      'cbc:BaseQuantity': el('1', { unitCode: line.unit }, undefined, unit),
      // Item gross price (IBT-148) with no price discount: ibr-126-ae requires it, as the official examples show.
      'cac:AllowanceCharge': {
        'cbc:ChargeIndicator': 'false',
        'cbc:Amount': priceAmount('0.00'),
        'cbc:BaseAmount': priceAmount(price),
      },
    },
    'cac:ItemPriceExtension': priceExtension(line, at, ctx),
  };
}
