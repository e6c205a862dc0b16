import type { MessageRef } from '../messages/ref.js';
import type { Decimal } from 'decimal.js';

/** A section of spec 7.2: where the service files an error. */
export type Section =
  | 'endpoint_ids'
  | 'contact_trn'
  | 'invoice_header'
  | 'seller_party'
  | 'buyer_party'
  | 'tax'
  | 'legal_monetary'
  | 'invoice_items';

/** `info`: shown in reports, counted as a note, never by a gate (--max-warnings, --fail-severity). */
export type Severity = 'error' | 'warning' | 'info';

export interface Finding {
  message: string;
  section: Section;
  severity: Severity;
  /** PINT-AE rule id or spec id (IBT/BTAE) where the spec names one. */
  rule?: string;
  /** JSON path into the input, e.g. `line_items[2].tax_amount`. */
  field?: string;
  /** XPath into the built XML. */
  location?: string;
  /** Where the finding is in the file the user gave (1-based): the line and column of its field or element. */
  line?: number;
  column?: number;
  /** The value the user probably meant, where pintae can tell: for an unknown key, the known field name closest to it. */
  suggestion?: string;
  /**
   * The finding this one follows from: its index in the invoice's findings as the response lists them (`errors`, then
   * `warnings`). Always a root (a finding with no cause of its own), so a report folds one level. A finding that
   * follows from one of pintae's own (a misspelled key) has none: that finding lists it in `explains` instead.
   */
  cause?: number;
  /**
   * On pintae's own findings only (`pintae_findings`): the indexes, in the response's `errors` then `warnings`, of
   * the findings that follow from this one. The response never points outside itself.
   */
  explains?: number[];
  /** The official text of a PINT-AE rule, where the message says it in the terms of the request instead. */
  rule_text?: string;
  /**
   * pintae's advice beside the message: for a value in a common wrong form, the value quoted and the value to send
   * (`"12,500.00" has a comma between thousands: send 12500.00`). The message stays the service's.
   */
  hint?: string;
  /**
   * The catalogue entry `message` (and `hint`) was said from, with its parameters (src/messages/ref.ts), so a report
   * can say it in another language (issue 26). Internal: never part of `response` or of a report's findings.
   */
  said?: MessageRef;
  /** The same for `hint`. */
  hintSaid?: MessageRef;
}

export type TaxCategory = 'S' | 'Z' | 'E' | 'O' | 'AE' | 'N';
export type RegistrationType = 'TL' | 'EID' | 'PAS' | 'CD';

export interface Entity {
  entity_id: string;
  registry_code?: string;
  company_name?: string;
  trn?: string;
  country?: string;
  state?: string;
  city?: string;
  area?: string;
  postal_code?: string;
  mobile?: string;
  landline?: string;
  email?: string;
  legal_registration_type?: string;
  legal_registration_id?: string;
  issuing_authority?: string;
  passport_country?: string;
}

export interface RateEntry {
  date: string;
  currency: string;
  /** AED per one unit of the currency, as the text of the published figure. */
  rate: Decimal;
}

export interface Buyer {
  name?: string;
  /** ISO 3166-1 alpha-2 when the sent value could be read; otherwise the sent text. */
  country?: string;
  countrySent?: string;
  trn?: string;
  participant_id?: string;
  participant_scheme?: string;
  address_line1?: string;
  city?: string;
  region?: string;
  legal_registration_id?: string;
  legal_registration_type?: string;
  authority_name?: string;
  passport_country_code?: string;
}

export interface SellerOverride {
  legal_registration_id?: string;
  registration_type?: string;
  issuing_authority?: string;
  passport_country?: string;
}

export interface Delivery {
  address_line1?: string;
  address_line2?: string;
  address_line3?: string;
  city?: string;
  country_subdivision?: string;
  /** The request key the subdivision came from: country_subdivision, or its alias region or state (spec 2.4). */
  country_subdivision_key?: string;
  country?: string;
  post_code?: string;
}

export interface Line {
  description?: string;
  quantity: Decimal;
  unit_amount: Decimal;
  tax_amount: Decimal;
  /** As sent, or quantity × unit_amount; two decimals (src/derive/line-amount.ts). */
  line_amount: Decimal;
  line_amount_sent: boolean;
  /** quantity × unit_amount − line_amount as delivered: positive a line allowance, negative a line charge; absent when none. */
  line_adjustment?: Decimal;
  /** The category code, or the sent text when it could not be read. */
  tax_category: string;
  /** The request key the category came from (tax_category or an alias, spec 2.7); absent when the default S applies. */
  tax_category_key?: string;
  unit: string;
  tax_exemption_reason?: string;
  item_type?: string;
  item_standard_id?: string;
}

/** A request body after normalization (spec 2.1–2.7): codes resolved, "" read as absent, amounts decimal. */
export interface Invoice {
  entity_id: string;
  invoice_number: string;
  date: string;
  due_date?: string;
  currency: string;
  payment_means_code: string;
  /** The request key the payment-means code was read from (DESIGN payment-means default); absent for the default. */
  payment_means_key?: string;
  payment_account_id?: string;
  payment_method?: string;
  exchange_rate?: Decimal;
  transaction_type_code: string;
  delivery?: Delivery;
  customs_declaration_ref?: string;
  incoterms?: string;
  deliver_to_party_name?: string;
  deliver_to_party_id?: string;
  deliver_to_party_id_scheme?: string;
  actual_delivery_date?: string;
  sub_total?: Decimal;
  total_tax?: Decimal;
  total?: Decimal;
  seller?: SellerOverride;
  buyer: Buyer;
  line_items: Line[];
}

/** An error or warning of a validate response: the service's `message` and `section`, and pintae's additions. */
export type ResponseEntry = Pick<Finding, 'message' | 'section' | 'rule' | 'field' | 'location' | 'line' | 'column' | 'suggestion' | 'cause' | 'rule_text' | 'hint'>;

/**
 * One of pintae's own findings (rule id `pintae/…`: an unknown key, the rule set's validity, rules that could not be
 * run, …), as a result lists it beside the response, never in it: the service would not answer it.
 */
export type PintaeEntry = Pick<Finding, 'message' | 'section' | 'severity' | 'rule' | 'field' | 'location' | 'line' | 'column' | 'suggestion' | 'cause' | 'explains' | 'rule_text'>;

/** The body of the validate endpoint (spec 2.10, 4.2). */
export interface ValidateResponse {
  message: string;
  data: {
    is_valid: boolean;
    entity_id: string | null;
    invoice_number: string | null;
    total_errors: number;
    errors: Array<ResponseEntry>;
    warnings: Array<ResponseEntry>;
  };
}

/** The 400 body of the validate endpoint (an invalid registration type, spec 4.2). */
export interface RejectedResponse {
  message: string;
  errors: Array<{ field: string; message: string; line?: number; column?: number }>;
}

/** A PINT-AE rule set as a report names it: the set that judged a document. */
export interface RuleSetInfo {
  name: string;
  /** The CustomizationID it is written for; null for a set pintae knows nothing of beyond its files (an added one). */
  customization: string | null;
  version: string | null;
  /** sha256 of the rule sources. */
  hash: string;
  /** The first and last issue dates (YYYY-MM-DD, inclusive) the set is valid for; null or absent: open. */
  valid_from?: string | null;
  valid_to?: string | null;
}

/**
 * Which rules judged a document, and why those: the document's CustomizationID named them (`customization`), it named
 * none pintae has rules for so the billing rules judged it (`fallback`), or --rules chose one set for every document
 * (`pinned`).
 */
export interface JudgedBy extends RuleSetInfo {
  chosen: 'customization' | 'fallback' | 'pinned';
  /** Pinned by a config file's `ruleSet`, not by --rules (or the library's option): absent otherwise. */
  pinned_by?: 'config';
  /** How the issue date chose among the sets of the customization (absent when pinned): see schematron/dated.ts. */
  by_date?: 'covers' | 'before' | 'after' | 'undated';
}
