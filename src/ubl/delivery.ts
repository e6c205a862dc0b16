import type { Invoice } from '../model/types.js';
import { el, type XmlNode } from './node.js';
import { subdivision } from './parties.js';

/** cac:Delivery (spec 2.1, 2.4): present when any delivery field was sent, omitted otherwise. */
export function delivery(invoice: Invoice): XmlNode | undefined {
  const d = invoice.delivery;
  const any = d || invoice.incoterms || invoice.deliver_to_party_name || invoice.deliver_to_party_id || invoice.actual_delivery_date;
  if (!any) return undefined;
  return {
    'cbc:ActualDeliveryDate': invoice.actual_delivery_date,
    'cac:DeliveryLocation': {
      'cbc:ID': invoice.deliver_to_party_id ? el(invoice.deliver_to_party_id, { schemeID: invoice.deliver_to_party_id_scheme }) : undefined,
      'cac:Address': d && {
        'cbc:StreetName': d.address_line1,
        'cbc:AdditionalStreetName': d.address_line2,
        'cbc:CityName': d.city,
        'cbc:PostalZone': d.post_code,
        'cbc:CountrySubentity': subdivision(d.country, d.country_subdivision),
        'cac:AddressLine': d.address_line3 ? { 'cbc:Line': d.address_line3 } : undefined,
        'cac:Country': d.country ? { 'cbc:IdentificationCode': d.country } : undefined,
      },
    },
    'cac:DeliveryParty': invoice.deliver_to_party_name ? { 'cac:PartyName': { 'cbc:Name': invoice.deliver_to_party_name } } : undefined,
    'cac:DeliveryTerms': invoice.incoterms ? { 'cbc:ID': el(invoice.incoterms, { schemeID: 'Incoterms' }) } : undefined,
  };
}
