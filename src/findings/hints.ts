import type { Finding } from '../model/types.js';
import { invoiceSchema } from '../schema/invoice.schema.js';
import { valueFix, type ValueFix, type ValueKind } from '../schema/value-forms.js';
import { valueFixSaid } from '../messages/values.js';
import type { Worded } from '../messages/ref.js';
import { valueAt } from './paths.js';

/*
 * pintae's advice beside a finding (issue 24 item 4): where the value at the finding's field is in a common wrong form
 * (an amount with a thousands separator, a date in DD/MM/YYYY form, a TRN with dashes), the finding gets a `hint`
 * that quotes the value and gives the value to send. The finding's message, the service's words, stays as it is.
 */

type Schema = { type?: string; properties?: Record<string, Schema>; items?: Schema; format?: string; 'x-decimal'?: boolean; enum?: readonly string[]; pattern?: string };

/** Rates are percentages: a percent sign is their one wrong form that amounts do not share. */
const PERCENT_FIELDS = new Set(['tax_rate', 'discount_percent']);

/** How the request reads the field at `field` (`line_items[2].unit_amount`), or undefined for text of no fixed form. */
export function valueKindAt(field: string): ValueKind | undefined {
  if (field === 'buyer.trn') return 'trn';
  const node = schemaAt(field);
  if (node?.['x-decimal']) return PERCENT_FIELDS.has(field.replace(/^.*\./, '')) ? 'percent' : 'amount';
  return node?.format === 'date' ? 'date' : undefined;
}

/** The schema of the request field at `field` (`line_items[2].unit_amount`), if it is one. */
function schemaAt(field: string): Schema | undefined {
  let node: Schema | undefined = invoiceSchema as Schema;
  for (const key of field.replace(/\[(\d+)\]/g, '.$1').split('.')) {
    if (node === undefined) return undefined;
    node = /^\d+$/.test(key) ? node.items : node.properties !== undefined && Object.hasOwn(node.properties, key) ? node.properties[key] : undefined;
  }
  return node;
}

/** Text fields whose value is a number or code of digits in practice (not a label, which a number never is). */
const NUMBERED = /^(invoice_number|reference|buyer\.(trn|participant_id|post_code|legal_registration_id)|delivery\.post_code|payment_account_id|customs_declaration_ref|deliver_to_party_id|line_items\[\d+\]\.(account_code|hs_code|service_code|item_standard_id))$/;

/**
 * A code or number sent as a JSON number where the request takes text (`"payment_means_code": 30`, a TRN, an invoice
 * number): the text to send, where it is a value the field takes (one of its codes, for a field with a list).
 */
function textFix(f: Finding, body: unknown): ValueFix | undefined {
  if (f.said?.id !== 'field.type' || f.said.p.type !== 'string' || f.field === undefined) return undefined;
  const sent = valueAt(body, f.field);
  if (typeof sent !== 'number' || !Number.isSafeInteger(sent) || sent < 0) return undefined;
  const schema = schemaAt(f.field);
  const fixed = String(sent);
  const takes = schema?.enum !== undefined ? schema.enum.includes(fixed)
    : schema?.pattern !== undefined ? new RegExp(schema.pattern).test(fixed)
    : NUMBERED.test(f.field);
  return takes ? { kind: 'text', sent, fixed } : undefined;
}

/** The hint a finding's field's value calls for, if any. */
function hintOf(f: Finding, body: unknown): Worded | undefined {
  if (f.field === undefined) return undefined;
  const text = textFix(f, body);
  if (text !== undefined) return valueFixSaid(text);
  const kind = valueKindAt(f.field);
  const sent = kind === undefined ? undefined : valueAt(body, f.field);
  const fix = typeof sent === 'string' ? valueFix(kind!, sent) : undefined;
  return fix === undefined ? undefined : valueFixSaid(fix);
}

/** Each finding given the hint its field's value calls for, in place: the cause links between findings hold them by identity. */
export function addHints(findings: Finding[], body: unknown): void {
  for (const f of findings) {
    if (f.hint !== undefined) continue;
    const hint = hintOf(f, body);
    if (hint !== undefined) { f.hint = hint.message; f.hintSaid = hint.said; }
  }
}
