/**
 * The invoice request body (spec 2.1–2.7) as JSON Schema: the source of truth for field names, types and formats.
 * Conditional rules (4.1) live in the rule engine, where each error gets its section and rule id.
 * `x-decimal` marks an amount: a JSON number or a numeric string, read as a decimal.
 */
const text = { type: 'string' } as const;
const date = { type: 'string', format: 'date' } as const;
const decimal = { 'x-decimal': true } as const;

export const deliverySchema = {
  type: 'object',
  properties: {
    address_line1: text, address_line2: text, address_line3: text, city: text,
    country_subdivision: text, region: text, state: text, country: text, post_code: text,
  },
} as const;

export const buyerSchema = {
  type: 'object',
  required: ['name', 'country'],
  properties: {
    name: text, country: text, trn: text, participant_id: text, participant_scheme: text,
    address_line1: text, city: text, region: text, email: text, phone: text, electronic_address: text,
    legal_registration_id: text, legal_registration_type: text, authority_name: text, passport_country_code: text,
  },
} as const;

export const sellerSchema = {
  type: 'object',
  properties: { legal_registration_id: text, registration_type: text, issuing_authority: text, passport_country: text },
} as const;

export const lineSchema = {
  type: 'object',
  required: ['description', 'quantity', 'unit_amount', 'tax_amount'],
  properties: {
    description: text, quantity: decimal, unit_amount: decimal, tax_amount: decimal, line_amount: decimal,
    tax_rate: decimal, tax_category: text, tax_category_code: text, vat_category: text, category: text,
    unit: text, tax_exemption_reason: text, item_type: text, item_standard_id: text, discount_percent: decimal,
    account_code: text, item_name: text, hs_code: text, service_code: text,
  },
} as const;

export const invoiceSchema = {
  $id: 'https://pintae.dev/schemas/invoice-request.json',
  type: 'object',
  required: ['entity_id', 'invoice_number', 'date', 'buyer', 'line_items'],
  properties: {
    entity_id: text,
    invoice_number: text,
    date,
    due_date: date,
    currency: { type: 'string', pattern: '^[A-Za-z]{3}$' },
    invoice_type: text,
    reference: text,
    payment_means_code: { type: 'string', enum: ['1', '10', '20', '30', '48', '49'] },
    payment_account_id: text,
    payment_method: text,
    exchange_rate: decimal,
    transaction_type_code: { type: 'string', pattern: '^[01]{8}$' },
    delivery: deliverySchema,
    customs_declaration_ref: text,
    incoterms: text,
    deliver_to_party_name: text,
    deliver_to_party_id: text,
    deliver_to_party_id_scheme: text,
    actual_delivery_date: date,
    sub_total: decimal,
    total_tax: decimal,
    total: decimal,
    seller: sellerSchema,
    buyer: buyerSchema,
    line_items: { type: 'array', minItems: 1, items: lineSchema },
  },
} as const;
