import type { XElement } from '../xpath/api.js';
import type { ViewBlock, ViewItem, ViewValue, Words } from '../model/view.js';
import { attr, labelled, withMeaning, type UblReader } from './ubl.js';
import { joined, said } from '../messages/view.js';
import { countryMeaning, emirateMeaning, endpointMeaning, registrationMeaning } from './meanings.js';

/** A postal address (seller, buyer, delivery location): street to country, each line where the document has it. */
export function addressItems(u: UblReader, address: XElement | undefined): ViewItem[] {
  if (!address) return [];
  const country = u.value(u.at(address, 'Country/IdentificationCode'));
  const uae = country?.text.trim() === 'AE';
  const subentity = u.value(u.at(address, 'CountrySubentity'));
  return [
    ...u.item(said('label.street'), address, 'StreetName'),
    ...u.item(said('label.additional-street'), address, 'AdditionalStreetName'),
    ...u.all(address, 'AddressLine').flatMap((line) => u.item(said('label.address-line'), line, 'Line')),
    ...u.item(said('label.city'), address, 'CityName'),
    ...u.item(said('label.postal-code'), address, 'PostalZone'),
    ...labelled(said(uae ? 'label.emirate' : 'label.region'), subentity && { ...subentity, ...withMeaning(uae ? emirateMeaning(subentity.text) : undefined) }),
    ...labelled(said('label.country'), country && { ...country, ...withMeaning(countryMeaning(country.text)) }),
  ];
}

/** `scheme:id`, as Peppol writes a participant, with what a placeholder address stands for. */
function endpoint(u: UblReader, e: XElement | undefined): ViewValue | undefined {
  const v = u.value(e);
  if (!v || !e) return undefined;
  const scheme = attr(e, 'schemeID');
  return { ...v, text: scheme !== undefined ? `${scheme}:${v.text}` : v.text, ...withMeaning(endpointMeaning(v.text)) };
}

/** The legal registration (PartyLegalEntity/CompanyID): its number, with the kind and issuer its attributes give. */
function registration(u: UblReader, e: XElement | undefined): ViewValue | undefined {
  const v = u.value(e);
  if (!v || !e) return undefined;
  const type = attr(e, 'schemeAgencyID');
  const agency = attr(e, 'schemeAgencyName');
  const scheme = attr(e, 'schemeID');
  const meaning = type !== undefined ? registrationMeaning(type) : undefined;
  const kind = type !== undefined && type.trim() !== '' ? (meaning ? said('word.coded', { code: type, meaning }) : type) : undefined;
  const words = joined(', ', [kind, agency?.trim() ? agency : undefined, scheme !== undefined ? said('word.scheme', { scheme }) : undefined]);
  return { ...v, ...withMeaning(words.parts.length ? words : undefined) };
}

/**
 * The seller's legal registration in the form the service delivers (spec 2.3 item 4): the entity's registry code
 * (its EndpointID) under scheme 0235, schemeAgencyID PAS, schemeAgencyName AE — whatever the entity's registration
 * type. A trade-licensed company's page reading "PAS (Passport), AE" looks wrong; the note says why it is not.
 */
function deliveredRegistration(u: UblReader, party: XElement, v: ViewValue | undefined): ViewValue | undefined {
  const e = u.at(party, 'PartyLegalEntity/CompanyID');
  const endpoint = u.value(u.at(party, 'EndpointID'))?.text.trim();
  if (!v || !e || endpoint === undefined || v.text.trim() !== endpoint) return v;
  if (attr(e, 'schemeID') !== '0235' || attr(e, 'schemeAgencyID') !== 'PAS' || attr(e, 'schemeAgencyName') !== 'AE') return v;
  return { ...v, note: said('note.delivered-registration') };
}

/** A seller or buyer party as an invoice shows it: names, tax number, electronic address, address, registration, contact. */
export function partyBlock(u: UblReader, title: Words, outer: XElement | undefined, seller = false): ViewBlock | undefined {
  const party = u.at(outer, 'Party');
  if (!party) return outer ? { title, ...u.source(outer), items: [] } : undefined;
  const legalName = u.value(u.at(party, 'PartyLegalEntity/RegistrationName'));
  const tradeName = u.value(u.at(party, 'PartyName/Name'));
  const country = u.value(u.at(party, 'PostalAddress/Country/IdentificationCode'))?.text.trim();
  const taxSchemes = u.all(party, 'PartyTaxScheme');
  return {
    title,
    ...u.source(outer),
    items: [
      ...labelled(said('label.name'), legalName ?? tradeName),
      ...(legalName && tradeName && tradeName.text !== legalName.text ? labelled(said('label.trading-name'), tradeName) : []),
      ...taxSchemes.flatMap((s) => labelled(said(country === undefined || country === 'AE' ? 'label.trn' : 'label.tax-number'), u.value(u.at(s, 'CompanyID')))),
      ...u.all(party, 'PartyIdentification').flatMap((p) => labelled(said('label.identifier'), endpoint(u, u.at(p, 'ID')))),
      ...labelled(said('label.electronic-address'), endpoint(u, u.at(party, 'EndpointID'))),
      ...addressItems(u, u.at(party, 'PostalAddress')),
      ...labelled(said('label.legal-registration'), seller ? deliveredRegistration(u, party, registration(u, u.at(party, 'PartyLegalEntity/CompanyID')))
        : registration(u, u.at(party, 'PartyLegalEntity/CompanyID'))),
      ...u.item(said('label.contact'), party, 'Contact/Name'),
      ...u.item(said('label.telephone'), party, 'Contact/Telephone'),
      ...u.item(said('label.email'), party, 'Contact/ElectronicMail'),
    ],
  };
}
