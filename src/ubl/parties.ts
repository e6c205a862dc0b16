import type { Buyer, Entity } from '../model/types.js';
import type { Endpoint } from '../derive/endpoint.js';
import { emirateCode } from '../codelists/emirates.js';
import { countryCode, isCountryCode } from '../codelists/countries.js';
import { el, val, type XmlNode } from './node.js';

const VAT: XmlNode = { 'cbc:ID': 'VAT' };

/** Subdivision as delivered: the emirate code for a UAE address (spec 2.2, 2.9), otherwise as sent. */
export function subdivision(country: string | undefined, text: string | undefined): string | undefined {
  if (country === 'AE') return emirateCode(text) ?? text;
  return text;
}

/** The entity record's fields the seller party carries as text (the country is delivered as a code, default AE). */
export const ENTITY_TEXT_FIELDS = ['registry_code', 'company_name', 'trn', 'state', 'city', 'area', 'postal_code'] as const;

/**
 * Seller party from the entity record only (spec 1.6, 2.3.5, 2.12). PartyLegalEntity/CompanyID is the
 * delivered form of 2.3.4 (DESIGN): the registry code under 0235, agency PAS, agency name AE. Its source is
 * `entity_id`, the request field that chose the record (docs/decisions.md).
 */
export function supplierParty(entity: Entity): XmlNode {
  const country = countryCode(entity.country) ?? 'AE';
  return {
    $: 'entity_id',
    'cac:Party': {
      'cbc:EndpointID': el(entity.registry_code ?? '', { schemeID: '0235' }),
      'cac:PartyName': entity.company_name ? { 'cbc:Name': entity.company_name } : undefined,
      'cac:PostalAddress': {
        'cbc:StreetName': entity.area,
        'cbc:CityName': entity.city,
        'cbc:PostalZone': entity.postal_code,
        'cbc:CountrySubentity': subdivision(country, entity.state),
        'cac:Country': { 'cbc:IdentificationCode': country },
      },
      'cac:PartyTaxScheme': entity.trn ? { 'cbc:CompanyID': entity.trn, 'cac:TaxScheme': VAT } : undefined,
      'cac:PartyLegalEntity': {
        'cbc:RegistrationName': entity.company_name,
        'cbc:CompanyID': entity.registry_code
          ? el(entity.registry_code, { schemeID: '0235', schemeAgencyID: 'PAS', schemeAgencyName: 'AE' })
          : undefined,
      },
    },
  };
}

/**
 * The companion of a legal registration type: @schemeAgencyName (spec 2.2). A passport country is a code and is
 * delivered in upper case when it is one; any other text is carried as sent (ibr-011-ae reports it).
 */
function agencyName(buyer: Buyer): [string | undefined, string] {
  if (buyer.legal_registration_type !== 'PAS') return [buyer.authority_name, 'buyer.authority_name'];
  const sent = buyer.passport_country_code;
  const upper = sent?.trim().toUpperCase();
  return [upper && isCountryCode(upper) ? upper : sent, 'buyer.passport_country_code'];
}

/** The request field the buyer's electronic address came from (spec 2.8), and that of its scheme. */
function endpointSources(buyer: Buyer, endpoint: Endpoint): [string, string] {
  const scheme = buyer.participant_scheme !== undefined ? 'buyer.participant_scheme' : 'buyer.country';
  switch (endpoint.basis) {
    case 'deemed-supply':
    case 'export-placeholder': return ['transaction_type_code', 'transaction_type_code'];
    case 'participant-id':
      return ['buyer.participant_id', buyer.participant_scheme === undefined && /^\d{4}:/.test(buyer.participant_id ?? '') ? 'buyer.participant_id' : scheme];
    case 'no-identifier': return ['buyer.participant_id', 'buyer.participant_id'];
    case 'no-usable-scheme': return ['buyer.trn', 'buyer.country'];
    default: return ['buyer.trn', scheme];
  }
}

export function customerParty(buyer: Buyer, endpoint: Endpoint): XmlNode {
  const country = buyer.country;
  const [endpointField, schemeField] = endpointSources(buyer, endpoint);
  const [agency, agencyField] = agencyName(buyer);
  return {
    $: 'buyer',
    'cac:Party': {
      'cbc:EndpointID': el(endpoint.id, { schemeID: endpoint.scheme }, endpointField, { schemeID: schemeField }),
      'cac:PostalAddress': {
        'cbc:StreetName': val(buyer.address_line1, 'buyer.address_line1'),
        'cbc:CityName': val(buyer.city, 'buyer.city'),
        'cbc:CountrySubentity': val(subdivision(country, buyer.region), 'buyer.region'),
        'cac:Country': { $: 'buyer.country', 'cbc:IdentificationCode': country },
      },
      'cac:PartyTaxScheme': buyer.trn ? { $: 'buyer.trn', 'cbc:CompanyID': buyer.trn, 'cac:TaxScheme': VAT } : undefined,
      'cac:PartyLegalEntity': {
        'cbc:RegistrationName': val(buyer.name, 'buyer.name'),
        'cbc:CompanyID': buyer.legal_registration_id
          ? el(buyer.legal_registration_id, { schemeAgencyID: buyer.legal_registration_type, schemeAgencyName: agency },
            'buyer.legal_registration_id', { schemeAgencyID: 'buyer.legal_registration_type', schemeAgencyName: agencyField })
          : undefined,
      },
    },
  };
}
