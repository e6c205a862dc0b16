import type { Buyer, Entity } from '../model/types.js';
import type { Endpoint } from '../derive/endpoint.js';
import { emirateCode } from '../codelists/emirates.js';
import { countryCode } from '../codelists/countries.js';
import { el, type XmlNode } from './node.js';

const VAT: XmlNode = { 'cbc:ID': 'VAT' };

/** Subdivision as delivered: the emirate code for a UAE address (spec 2.2, 2.9), otherwise as sent. */
export function subdivision(country: string | undefined, text: string | undefined): string | undefined {
  if (country === 'AE') return emirateCode(text) ?? text;
  return text;
}

/**
 * Seller party from the entity record only (spec 1.6, 2.3.5, 2.12). PartyLegalEntity/CompanyID is the
 * delivered form of 2.3.4 (DESIGN): the registry code under 0235, agency PAS, agency name AE.
 */
export function supplierParty(entity: Entity): XmlNode {
  const country = countryCode(entity.country) ?? 'AE';
  return {
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

/** The companion of a legal registration type: @schemeAgencyName (spec 2.2). */
function agencyName(buyer: Buyer): string | undefined {
  return buyer.legal_registration_type === 'PAS' ? buyer.passport_country_code?.toUpperCase() : buyer.authority_name;
}

export function customerParty(buyer: Buyer, endpoint: Endpoint): XmlNode {
  const country = buyer.country;
  return {
    'cac:Party': {
      'cbc:EndpointID': el(endpoint.id, { schemeID: endpoint.scheme }),
      'cac:PostalAddress': {
        'cbc:StreetName': buyer.address_line1,
        'cbc:CityName': buyer.city,
        'cbc:CountrySubentity': subdivision(country, buyer.region),
        'cac:Country': { 'cbc:IdentificationCode': country },
      },
      'cac:PartyTaxScheme': buyer.trn ? { 'cbc:CompanyID': buyer.trn, 'cac:TaxScheme': VAT } : undefined,
      'cac:PartyLegalEntity': {
        'cbc:RegistrationName': buyer.name,
        'cbc:CompanyID': buyer.legal_registration_id
          ? el(buyer.legal_registration_id, { schemeAgencyID: buyer.legal_registration_type, schemeAgencyName: agencyName(buyer) })
          : undefined,
      },
    },
  };
}
