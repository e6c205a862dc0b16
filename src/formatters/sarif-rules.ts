import { REJECTED, UNREADABLE, type Entry } from './entries.js';
import { UNKNOWN_FIELD } from '../schema/unknown-fields.js';

/** What kind of rule an id names, in words, for a SARIF rule's short description. */
export function describeRule(id: string): string {
  if (id === UNREADABLE) return 'The input file could not be read or parsed';
  if (id === REJECTED) return 'Rejected with 400 before validation: an invalid registration type (spec 4.2)';
  if (id === 'UBL-XSD') return 'UBL 2.1 Invoice XML Schema';
  if (id === UNKNOWN_FIELD) return 'A key that is not a field of the invoice request (spec 2.1–2.7): the service ignores it';
  if (id.startsWith('pintae/')) return `pintae rule engine, section ${id.slice('pintae/'.length)} (spec 7.2)`;
  if (/^(ibr|br|ubl)-/i.test(id)) return `PINT-AE business rule ${id}`;
  if (/^(ibt|ibg|btae|btuae|ibse)-/i.test(id)) return `PINT-AE business term ${id} (required or malformed)`;
  return `Rule ${id}`;
}

export interface SarifRule {
  id: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string };
  defaultConfiguration: { level: 'error' | 'warning' | 'note' };
  properties?: { section: string };
}

/** The rule descriptor for an id, written from the first finding that reports it. */
export function sarifRule(e: Entry): SarifRule {
  const kind = describeRule(e.ruleId);
  const section = e.section ? ` The service files it under section ${e.section} (spec 7.2).` : '';
  const fix = e.ruleId === UNREADABLE ? ' Fix the file so that it parses, then run pintae again.'
    : ` Correct the input${e.field ? ` (JSON path ${e.field})` : ''} so that the rule holds.`;
  const severity = e.overridden?.from ?? (e.level === 'off' ? 'error' : e.level);
  const level = severity === 'info' ? 'note' : severity;
  return {
    id: e.ruleId,
    shortDescription: { text: kind },
    fullDescription: { text: `${kind}: ${e.message}` },
    help: { text: `${kind}. Example finding: ${e.message}.${section}${fix}` },
    defaultConfiguration: { level },
    ...(e.section ? { properties: { section: e.section } } : {}),
  };
}
