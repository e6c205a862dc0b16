import { CATEGORY_LABELS, EXEMPTION_REASONS, PAYMENT_MEANS, REGISTRATION_TYPES, REVERSE_CHARGE_ITEM_TYPES, TAX_CATEGORIES } from '../codelists/tax.js';
import { CURRENCY_CODES } from '../codelists/currencies.js';
import { EAS_CODES } from '../codelists/eas.js';

/**
 * The invoice request body (spec 2.1–2.7) as JSON Schema: the source of truth for field names (the unknown-field
 * warnings read them here), types, formats and the descriptions editors show.
 * Conditional rules (4.1) live in the rule engine, where each error gets its section and rule id.
 * `x-decimal` marks an amount: a JSON number or a numeric string, read as a decimal.
 * `x-editor` holds keywords only the editor schema gets (scripts/gen-schemas.mjs): enumerations where pintae reads more
 * than the canonical spellings (a lower-case code, a label variant) or reports a value in the rule engine with its
 * section and rule id rather than refusing the body. Validation here stays as lax as the service.
 * `x-former-names` lists names the spec says a field used to have: suggested for an unknown key, not read.
 */
const text = (description: string) => ({ type: 'string', description }) as const;
const date = (description: string) => ({ type: 'string', format: 'date', description }) as const;
const amount = (description: string) => ({ 'x-decimal': true, description }) as const;
const listed = (table: Readonly<Record<string, string>>) => Object.entries(table).map(([code, meaning]) => `${code} ${meaning.toLowerCase()}`).join(', ');

const registrationTypes = { 'x-editor': { enum: [...REGISTRATION_TYPES, ...REGISTRATION_TYPES.map((t) => t.toLowerCase())] } } as const;
const category = (description: string) => ({
  type: 'string', description, 'x-editor': { enum: [...TAX_CATEGORIES, ...Object.values(CATEGORY_LABELS)] },
}) as const;
const formerlyTradeLicence = { 'x-former-names': ['trade_license_number'] } as const;

export const deliverySchema = {
  type: 'object',
  description: 'Deliver-to address (spec 2.4): required on an export (transaction_type_code position 8), optional otherwise.',
  properties: {
    address_line1: text('Street (IBT-075); required on an export.'),
    address_line2: text('Additional street (IBT-076).'),
    address_line3: text('Address line (IBT-165).'),
    city: text('City (IBT-077); required on an export.'),
    country_subdivision: text('Emirate or state (IBT-079); required on an export. Also accepted as region or state.'),
    region: text('Alias of country_subdivision.'),
    state: text('Alias of country_subdivision.'),
    country: text('ISO 3166-1 alpha-2 country (IBT-080); required on an export, where it is the buyer\'s country, not AE.'),
    post_code: text('Post code (IBT-078).'),
  },
} as const;

export const buyerSchema = {
  type: 'object',
  description: 'The buyer (spec 2.2).',
  required: ['name', 'country'],
  properties: {
    name: text('Legal name (RegistrationName).'),
    country: text('Country name or ISO 3166-1 alpha-2 code.'),
    trn: text('Tax number. A UAE buyer needs its 15-digit TRN (or a participant_id); a foreign buyer\'s tax number is used for addressing.'),
    participant_id: text('Peppol participant identifier, verbatim (bare, or <scheme>:<id>); wins over trn.'),
    participant_scheme: {
      type: 'string', description: 'Peppol EAS code of participant_id; defaults from country (0235 UAE, 0191 Estonia, otherwise the country\'s VAT scheme); never 0235 for a foreign buyer.',
      'x-editor': { enum: [...EAS_CODES] },
    },
    address_line1: text('Street.'),
    city: text('City.'),
    region: text('Emirate or state; a UAE buyer\'s emirate is delivered as its code (AUH, DXB, SHJ, UAQ, FUJ, AJM, RAK).'),
    email: text('Stored only (optional PDF email); not delivered.'),
    phone: text('Accepted; not delivered.'),
    electronic_address: text('Accepted; not delivered.'),
    legal_registration_id: { ...text('Trade licence or equivalent (IBT-047).'), ...formerlyTradeLicence },
    legal_registration_type: {
      ...text('TL trade licence, EID Emirates ID, PAS passport, CD cabinet decision (lower case accepted); empty for a foreign buyer.'),
      ...registrationTypes,
    },
    authority_name: text('Issuing authority; required when legal_registration_type is TL.'),
    passport_country_code: text('Passport country; required when legal_registration_type is PAS.'),
  },
} as const;

export const sellerSchema = {
  type: 'object',
  description: 'Per-invoice legal-registration override of the entity (spec 2.3); validated, not delivered. The seller party itself comes from the entity record.',
  properties: {
    legal_registration_id: { ...text('Legal registration number; validated, not delivered.'), ...formerlyTradeLicence },
    registration_type: { ...text('TL, EID, PAS or CD (lower case accepted); any other value is refused with 400.'), ...registrationTypes },
    issuing_authority: text('Required when registration_type is TL; optional for EID and CD.'),
    passport_country: text('Required when registration_type is PAS.'),
  },
} as const;

export const lineSchema = {
  type: 'object',
  description: 'One invoice line (spec 2.7), delivered as cac:InvoiceLine numbered in the order sent.',
  required: ['description', 'quantity', 'unit_amount', 'tax_amount'],
  properties: {
    description: text('Item description, also used as the item name.'),
    quantity: amount('Invoiced quantity.'),
    unit_amount: amount('Unit price; must be greater than 0.'),
    tax_amount: amount('VAT of the line: 5% of line_amount on an S line, 0 on every other category.'),
    line_amount: amount('Line amount without VAT; default quantity × unit_amount. A lower amount is a discount.'),
    tax_rate: amount('VAT percentage; replaced by the percent of the category.'),
    tax_category: category('S standard rated (default), Z zero rated, E exempt, O out of scope, AE reverse charge, N margin scheme; full labels accepted.'),
    tax_category_code: category('Alias of tax_category.'),
    vat_category: category('Alias of tax_category.'),
    category: category('Alias of tax_category.'),
    unit: { ...text('UN/ECE Rec 20 unit code or a common label (hour, kg, box, …); default EA; an untranslatable unit becomes EA.'), examples: ['EA', 'H87', 'HUR', 'KGM', 'XBX'] },
    tax_exemption_reason: {
      ...text(`Required on an E line (ibr-167-ae): ${listed(EXEMPTION_REASONS)}; other codes are carried as sent.`),
      examples: Object.keys(EXEMPTION_REASONS),
    },
    item_type: { ...text(`Required on an AE line: ${listed(REVERSE_CHARGE_ITEM_TYPES)}.`), 'x-editor': { enum: Object.keys(REVERSE_CHARGE_ITEM_TYPES) } },
    item_standard_id: text('Item standard identifier (e.g. a GTIN), delivered whenever sent; required on an AE line.'),
    discount_percent: amount('Not read: send a lower line_amount for a discount.'),
    account_code: text('Stored only; default 200.'),
    item_name: text('Accepted; not delivered (description is the item name).'),
    hs_code: text('Accepted; not delivered.'),
    service_code: text('Accepted; not delivered.'),
  },
} as const;

export const invoiceSchema = {
  $id: 'https://pintae.dev/schemas/invoice-request.json',
  type: 'object',
  required: ['entity_id', 'invoice_number', 'date', 'buyer', 'line_items'],
  properties: {
    entity_id: text('The seller entity; the seller party is read from its record.'),
    invoice_number: text('Unique per entity; a repeat is refused with 409. Kept on the record (cbc:ID carries a generated UUID).'),
    date: date('Issue date, YYYY-MM-DD.'),
    due_date: date('Payment due date, YYYY-MM-DD; required when an amount is due (ibr-127-ae), except on a deemed supply.'),
    currency: {
      type: 'string', pattern: '^[A-Za-z]{3}$', description: 'ISO 4217 code of the invoice; default AED. Any other currency needs an exchange rate to AED.',
      'x-editor': { enum: [...CURRENCY_CODES] },
    },
    invoice_type: { ...text('Accepted; has no effect (every document is a Tax Invoice, 380 or 480).'), examples: ['Tax Invoice', 'Credit Note'] },
    reference: text('Free-text note, kept on the record only.'),
    payment_means_code: {
      type: 'string', enum: ['1', '10', '20', '30', '48', '49'],
      description: `${listed(PAYMENT_MEANS)}. No payment field at all gives 1; an account without a code gives 30.`,
    },
    payment_account_id: text('Seller IBAN; required when payment_means_code is 30.'),
    payment_method: {
      ...text('Legacy label, translated to a code; used only when payment_means_code is empty.'),
      examples: Object.entries(PAYMENT_MEANS).filter(([code]) => code !== '1').map(([, label]) => label),
    },
    exchange_rate: amount('AED per unit of the invoice currency, at most 6 decimals, used as sent (BTUAE-04); omitted: the Central Bank rate of the invoice date.'),
    transaction_type_code: {
      type: 'string', pattern: '^[01]{8}$',
      description: 'Eight flags, each 0 or 1: free-trade zone, deemed supply, profit-margin scheme, summary invoice, continuous supply, disclosed-agent billing, e-commerce, export. Default 00000000; 00000001 declares an export.',
    },
    delivery: deliverySchema,
    customs_declaration_ref: text('Export declaration number, carried verbatim.'),
    incoterms: { ...text('Shipment terms.'), examples: ['CIF', 'FOB', 'EXW'] },
    deliver_to_party_name: text('Delivery recipient, when different from the buyer.'),
    deliver_to_party_id: text('Tax identifier of the delivery recipient.'),
    deliver_to_party_id_scheme: text('Scheme of deliver_to_party_id.'),
    actual_delivery_date: date('Delivery date, YYYY-MM-DD.'),
    sub_total: amount('Sum of line amounts; computed from the lines when omitted.'),
    total_tax: amount('Sum of line VAT; computed from the lines when omitted.'),
    total: amount('sub_total + total_tax; computed when omitted.'),
    seller: sellerSchema,
    buyer: buyerSchema,
    line_items: { type: 'array', minItems: 1, description: 'At least one line (spec 2.7).', items: lineSchema },
  },
} as const;
