import type { Invoice } from '../model/types.js';
import { el, val, type XmlNode } from './node.js';
import { subdivision } from './parties.js';

/** cac:Delivery (spec 2.1, 2.4): present when any delivery field was sent, omitted otherwise. */
export function delivery(invoice: Invoice): XmlNode | undefined {
  const d = invoice.delivery;
  const sent = d ? 'delivery'
    : invoice.deliver_to_party_id ? 'deliver_to_party_id'
      : invoice.deliver_to_party_name ? 'deliver_to_party_name'
        : invoice.incoterms ? 'incoterms'
          : invoice.actual_delivery_date ? 'actual_delivery_date' : undefined;
  if (!sent) return undefined;
  return {
    $: sent,
    'cbc:ActualDeliveryDate': val(invoice.actual_delivery_date, 'actual_delivery_date'),
    'cac:DeliveryLocation': {
      $: d ? 'delivery' : 'deliver_to_party_id',
      'cbc:ID': invoice.deliver_to_party_id
        ? el(invoice.deliver_to_party_id, { schemeID: invoice.deliver_to_party_id_scheme }, 'deliver_to_party_id', { schemeID: 'deliver_to_party_id_scheme' })
        : undefined,
      'cac:Address': d && {
        $: 'delivery',
        'cbc:StreetName': val(d.address_line1, 'delivery.address_line1'),
        'cbc:AdditionalStreetName': val(d.address_line2, 'delivery.address_line2'),
        'cbc:CityName': val(d.city, 'delivery.city'),
        'cbc:PostalZone': val(d.post_code, 'delivery.post_code'),
        'cbc:CountrySubentity': val(subdivision(d.country, d.country_subdivision), `delivery.${d.country_subdivision_key ?? 'country_subdivision'}`),
        'cac:AddressLine': d.address_line3 ? { $: 'delivery.address_line3', 'cbc:Line': d.address_line3 } : undefined,
        'cac:Country': d.country ? { $: 'delivery.country', 'cbc:IdentificationCode': d.country } : undefined,
      },
    },
    'cac:DeliveryParty': invoice.deliver_to_party_name
      ? { $: 'deliver_to_party_name', 'cac:PartyName': { 'cbc:Name': invoice.deliver_to_party_name } } : undefined,
    'cac:DeliveryTerms': invoice.incoterms ? { $: 'incoterms', 'cbc:ID': el(invoice.incoterms, { schemeID: 'Incoterms' }) } : undefined,
  };
}
