import type { Buyer, Finding } from '../model/types.js';
import { deriveWords } from '../messages/derive.js';
import {
  isEasCode, NO_USABLE_SCHEME, PLACEHOLDER, SCHEME_ID_LENGTH, SCHEME_TRUNCATION, TAX_NUMBER_SCHEME, UAE_SCHEME,
} from '../codelists/eas.js';

export interface Endpoint {
  scheme: string;
  id: string;
  /** Why this address: for reports and tests. */
  basis: 'deemed-supply' | 'export-placeholder' | 'no-identifier' | 'participant-id' | 'uae-trn' | 'tax-number' | 'no-usable-scheme';
}

export type EndpointResult = { endpoint: Endpoint; findings: [] } | { endpoint: null; findings: Finding[] };

const ok = (scheme: string, id: string, basis: Endpoint['basis']): EndpointResult => ({ endpoint: { scheme, id, basis }, findings: [] });
const refuse = (finding: Omit<Finding, 'severity'>): EndpointResult => ({ endpoint: null, findings: [{ ...finding, severity: 'error' }] });

/** A buyer whose country reads as UAE, or is missing, is held to the UAE identifier rule (spec 7.3). */
export function isUaeBuyer(buyer: Buyer): boolean {
  return buyer.country === undefined || buyer.country === 'AE';
}

function splitParticipant(buyer: Buyer): { id: string; scheme?: string } {
  const pid = buyer.participant_id!;
  const combined = /^(\d{4}):(.+)$/.exec(pid);
  if (combined) return { id: combined[2]!, scheme: buyer.participant_scheme ?? combined[1] };
  return { id: pid, scheme: buyer.participant_scheme };
}

function schemeError(message: string, field: string): EndpointResult {
  return refuse({ message, section: 'buyer_party', rule: 'IBT-049-1', field });
}

function fromParticipantId(buyer: Buyer, uae: boolean): EndpointResult {
  const { id, scheme: stated } = splitParticipant(buyer);
  const country = buyer.country;
  const scheme = stated ?? (uae ? UAE_SCHEME : country ? TAX_NUMBER_SCHEME[country] : undefined);
  if (scheme === undefined || NO_USABLE_SCHEME.has(country ?? '') && stated === undefined) {
    return schemeError(`Foreign buyer requires a valid Peppol endpoint scheme (IBT-049-1): no participant_scheme was sent and ${country ?? 'the buyer country'} publishes none`, 'buyer.participant_scheme');
  }
  if (!isEasCode(scheme)) return schemeError(`Foreign buyer requires a valid Peppol endpoint scheme (IBT-049-1): ${scheme} is not on the Peppol EAS list`, 'buyer.participant_scheme');
  if (uae && scheme !== UAE_SCHEME) return schemeError(`A UAE buyer is addressed under scheme 0235 only, not ${scheme}`, 'buyer.participant_scheme');
  if (!uae && scheme === UAE_SCHEME) return schemeError('Foreign buyer requires a valid Peppol endpoint scheme (IBT-049-1): 0235 is for UAE buyers only', 'buyer.participant_scheme');
  const length = SCHEME_ID_LENGTH[scheme];
  if (length !== undefined && id.length !== length) {
    return refuse({ ...deriveWords('derive.participant-length', { length, scheme, got: id.length }), section: 'buyer_party', rule: 'IBT-049', field: 'buyer.participant_id' });
  }
  return ok(scheme, id, 'participant-id');
}

function fromTaxNumber(buyer: Buyer, trn: string): EndpointResult {
  const stated = buyer.participant_scheme;
  // A stated scheme is judged like a participant id's (spec 2.8 case 6); a tax number alone never gives the
  // scheme error (spec 7.3) and falls back to the placeholder where the country publishes nothing usable.
  if (stated !== undefined) {
    if (!isEasCode(stated)) return schemeError(`Foreign buyer requires a valid Peppol endpoint scheme (IBT-049-1): ${stated} is not on the Peppol EAS list`, 'buyer.participant_scheme');
    if (stated === UAE_SCHEME) return schemeError('Foreign buyer requires a valid Peppol endpoint scheme (IBT-049-1): 0235 is for UAE buyers only', 'buyer.participant_scheme');
  }
  const scheme = stated ?? TAX_NUMBER_SCHEME[buyer.country ?? ''];
  if (scheme === undefined || (NO_USABLE_SCHEME.has(buyer.country ?? '') && !stated)) return ok(UAE_SCHEME, PLACEHOLDER.export, 'no-usable-scheme');
  const keep = SCHEME_TRUNCATION[scheme];
  const id = keep === undefined ? trn : trn.replace(/\D/g, '').slice(0, keep);
  return ok(scheme, id, 'tax-number');
}

/** The buyer electronic address (spec 2.8): first match wins. */
export function deriveBuyerEndpoint(buyer: Buyer, transactionTypeCode: string): EndpointResult {
  if (transactionTypeCode[1] === '1') return ok(UAE_SCHEME, PLACEHOLDER.deemedSupply, 'deemed-supply');
  const uae = isUaeBuyer(buyer);
  const isExport = transactionTypeCode[7] === '1';
  if (isExport && !buyer.trn && !buyer.participant_id) return ok(UAE_SCHEME, PLACEHOLDER.export, 'export-placeholder');
  if (buyer.participant_id) return fromParticipantId(buyer, uae);
  if (uae) {
    if (buyer.participant_scheme && buyer.participant_scheme !== UAE_SCHEME) {
      return schemeError(`A UAE buyer is addressed under scheme 0235 only, not ${buyer.participant_scheme}`, 'buyer.participant_scheme');
    }
    if (!buyer.trn) {
      return refuse({ ...deriveWords('derive.uae-buyer-id', {}), section: 'contact_trn', field: 'buyer.trn' });
    }
    return ok(UAE_SCHEME, buyer.trn.replace(/\D/g, '').slice(0, 10), 'uae-trn');
  }
  if (buyer.trn) return fromTaxNumber(buyer, buyer.trn);
  return ok(UAE_SCHEME, PLACEHOLDER.noIdentifier, 'no-identifier');
}
