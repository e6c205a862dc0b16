import type { XElement } from '../xpath/api.js';
import type { ViewRow, ViewTable, ViewValue } from '../model/view.js';
import { joined, said } from '../messages/view.js';
import { attr, withMeaning, type UblReader } from './ubl.js';
import { categoryMeaning, exemptionMeaning, itemTypeMeaning, unitMeaning } from './meanings.js';

/** Which lines to show: every line a finding concerns, and the first ones up to the limit (src/view/limits.ts). */
export type KeepLine = (index: number) => boolean;

/**
 * A tax category (a line's ClassifiedTaxCategory or a breakdown's TaxCategory) as one value placed at the category
 * element, so a finding on its ID, percent or exemption reason is shown there: the code, with its meaning, percent
 * and exemption reason in words.
 */
export function categoryValue(u: UblReader, category: XElement | undefined): ViewValue | undefined {
  if (!category) return undefined;
  const id = u.value(u.at(category, 'ID'));
  const percent = u.value(u.at(category, 'Percent'))?.text.trim();
  const reasonCode = u.value(u.at(category, 'TaxExemptionReasonCode'))?.text.trim();
  const reason = u.value(u.at(category, 'TaxExemptionReason'))?.text;
  const exemption = reasonCode !== undefined ? exemptionMeaning(reasonCode) : undefined;
  const words = joined(', ', [
    categoryMeaning(id?.text),
    percent !== undefined ? `${percent}%` : undefined,
    reasonCode !== undefined ? said('word.exemption', { code: reasonCode, ...(exemption ? { meaning: exemption } : {}) }) : undefined,
    reason,
  ]);
  const source = u.source(category);
  return { text: id?.text ?? '(no category)', ...(id ? {} : { words: said('word.no-category') }), ...source, ...(id?.field ? { field: id.field } : {}), ...withMeaning(words.parts.length ? words : undefined) };
}

/** The item: its name (and description where it differs), with its classification, placed at cac:Item. */
function itemValue(u: UblReader, item: XElement | undefined): ViewValue | undefined {
  if (!item) return undefined;
  const name = u.value(u.at(item, 'Name'));
  const description = u.value(u.at(item, 'Description'));
  const natureCode = u.value(u.at(item, 'CommodityClassification/NatureCode'))?.text.trim();
  const standardId = u.value(u.at(item, 'StandardItemIdentification/ID'))?.text;
  const sellersId = u.value(u.at(item, 'SellersItemIdentification/ID'))?.text;
  const itemType = natureCode !== undefined ? itemTypeMeaning(natureCode) : undefined;
  const words = joined(' · ', [
    name && description && description.text !== name.text ? description.text : undefined,
    natureCode !== undefined ? said('word.item-type', { code: natureCode, ...(itemType ? { meaning: itemType } : {}) }) : undefined,
    standardId !== undefined ? said('word.standard-id', { id: standardId }) : undefined,
    sellersId !== undefined ? said('word.sellers-id', { id: sellersId }) : undefined,
  ]);
  const main = name ?? description;
  return { text: main?.text ?? '(no name)', ...(main ? {} : { words: said('word.no-name') }), ...u.source(item), ...(main?.field ? { field: main.field } : {}), ...withMeaning(words.parts.length ? words : undefined) };
}

/** A line-level or document-level allowance (negative) or charge, with its reason. */
function allowanceCharge(u: UblReader, e: XElement, currency: string | undefined): ViewValue | undefined {
  const amount = u.amount(u.at(e, 'Amount'), currency);
  if (!amount) return undefined;
  const charge = u.value(u.at(e, 'ChargeIndicator'))?.text.trim() === 'true';
  const reason = u.value(u.at(e, 'AllowanceChargeReason'))?.text ?? u.value(u.at(e, 'AllowanceChargeReasonCode'))?.text;
  const words = joined(', ', [said(charge ? 'word.charge' : 'word.allowance'), reason, amount.meaning]);
  return { ...amount, ...u.source(e), ...(amount.field ? { field: amount.field } : {}), text: `${charge ? '' : '−'}${amount.text.trim()}`, meaning: words };
}

/** A line's allowances and charges in one cell (`−50.00 · +10.00`), placed at the first. */
function combined(adjustments: ViewValue[]): ViewValue | null {
  if (adjustments.length <= 1) return adjustments[0] ?? null;
  const signed = adjustments.map((a) => (a.text.startsWith('−') ? a.text : `+${a.text}`));
  return { ...adjustments[0]!, text: signed.join(' · '), meaning: joined('; ', adjustments.map((a) => a.meaning)) };
}

/** One row per invoice (or credit note) line: item, quantity, price, net amount, VAT, amount with VAT. */
export function linesTable(u: UblReader, root: XElement, currency: string | undefined, keep: KeepLine): ViewTable {
  const lines = [...u.all(root, 'InvoiceLine'), ...u.all(root, 'CreditNoteLine')];
  const withAdjustments = lines.some((l) => u.all(l, 'AllowanceCharge').length > 0);
  const rows: ViewRow[] = [];
  lines.forEach((line, i) => {
    if (!keep(i)) return;
    const quantityElement = u.at(line, 'InvoicedQuantity') ?? u.at(line, 'CreditedQuantity');
    const quantity = u.value(quantityElement, { numeric: true });
    const unit = quantityElement ? attr(quantityElement, 'unitCode') : undefined;
    const price = u.at(line, 'Price');
    const priceAmount = u.amount(u.at(price, 'PriceAmount'), currency);
    const extension = u.at(line, 'ItemPriceExtension');
    const adjustments = u.all(line, 'AllowanceCharge').map((e) => allowanceCharge(u, e, currency)).filter((v): v is ViewValue => v !== undefined);
    rows.push({
      ...u.source(line),
      cells: [
        u.value(u.at(line, 'ID')) ?? { text: String(i + 1) },
        itemValue(u, u.at(line, 'Item')) ?? null,
        quantity ? { ...quantity, ...withMeaning(unit && (unitMeaning(unit) ? said('word.coded', { code: unit, meaning: unitMeaning(unit)! }) : unit)) } : null,
        priceAmount ? { ...priceAmount, ...u.source(price), ...(priceAmount.field ? { field: priceAmount.field } : {}) } : null,
        ...(withAdjustments ? [combined(adjustments)] : []),
        u.amount(u.at(line, 'LineExtensionAmount'), currency) ?? null,
        categoryValue(u, u.at(line, 'Item/ClassifiedTaxCategory')) ?? null,
        u.amount(u.at(extension, 'TaxTotal/TaxAmount'), currency) ?? null,
        u.amount(u.at(extension, 'Amount'), currency) ?? null,
      ],
    });
  });
  return {
    columns: [
      { label: said('col.number') }, { label: said('col.item') }, { label: said('col.quantity'), numeric: true }, { label: said('col.unit-price'), numeric: true },
      ...(withAdjustments ? [{ label: said('col.allowance-charge'), numeric: true }] : []),
      { label: said('col.net-amount'), numeric: true }, { label: said('col.vat') }, { label: said('col.vat-amount'), numeric: true }, { label: said('col.amount-with-vat'), numeric: true },
    ],
    rows,
    ...(lines.length > rows.length ? { omitted: lines.length - rows.length } : {}),
  };
}

/** The VAT breakdown (IBG-23): one row per cac:TaxSubtotal of the document-currency tax total. */
export function vatTable(u: UblReader, taxTotal: XElement | undefined, currency: string | undefined): ViewTable | undefined {
  if (!taxTotal) return undefined;
  const rows = u.all(taxTotal, 'TaxSubtotal').map((s): ViewRow => ({
    ...u.source(s),
    cells: [
      categoryValue(u, u.at(s, 'TaxCategory')) ?? null,
      u.amount(u.at(s, 'TaxableAmount'), currency) ?? null,
      u.amount(u.at(s, 'TaxAmount'), currency) ?? null,
    ],
  }));
  return { ...u.source(taxTotal), columns: [{ label: said('col.category') }, { label: said('col.taxable-amount'), numeric: true }, { label: said('col.vat'), numeric: true }], rows };
}

/** Document-level allowances and charges (IBG-20, IBG-21), when the document has any. */
export function chargesTable(u: UblReader, root: XElement, currency: string | undefined): ViewTable | undefined {
  const all = u.all(root, 'AllowanceCharge');
  if (!all.length) return undefined;
  const rows = all.map((e): ViewRow => ({
    ...u.source(e),
    cells: [allowanceCharge(u, e, currency) ?? null, categoryValue(u, u.at(e, 'TaxCategory')) ?? null],
  }));
  return { columns: [{ label: said('col.allowance-charge'), numeric: true }, { label: said('col.vat') }], rows };
}
