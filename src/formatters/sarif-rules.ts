import { REJECTED, UNREADABLE, type Entry } from './entries.js';
import { UNKNOWN_FIELD } from '../schema/unknown-fields.js';
import { REPORT } from '../messages/report.js';
import { subjectWords, type InputSubject } from '../messages/subject.js';

/** pintae's own rules that are not a section of the service's errors. */
const PINTAE_RULES: Readonly<Record<string, string>> = {
  'pintae/rules-validity': 'The rule set that judged the document is not valid on its issue date (pintae\'s note; the service\'s verdict is not changed)',
  'pintae/rules-pinned': 'The rule set --rules pins is written for another specification than the document declares (pintae\'s note; the verdict is that set\'s)',
  'pintae/rules-failed': 'The rules could not be run on the document (a time or memory limit reached, or a damaged rule set): never valid',
  'pintae/not-ubl': 'The document is not a UBL 2.1 Invoice or CreditNote',
  'pintae/not-pint-ae': 'The document does not declare a PINT-AE customization (CustomizationID)',
  'pintae/not-ae-tdd': 'The document does not declare the AE Tax Data Document customization',
};

/**
 * What kind of rule an id names, in words, for a SARIF rule's short description. `subject`: what the input of the
 * finding is (a file, standard input, serve's request body), which an unreadable input's words name.
 */
export function describeRule(id: string, subject: InputSubject = 'file'): string {
  if (id === UNREADABLE) return REPORT['unreadable.rule'].en({ subject: subjectWords(subject) });
  if (id === REJECTED) return 'Rejected with 400 before validation: an invalid registration type (spec 4.2)';
  if (id === 'UBL-XSD') return 'UBL 2.1 Invoice XML Schema';
  if (id === UNKNOWN_FIELD) return 'A key that is not a field of the invoice request (spec 2.1–2.7): the service ignores it';
  if (Object.hasOwn(PINTAE_RULES, id)) return PINTAE_RULES[id]!;
  if (id.startsWith('pintae/tdd-')) return 'A Tax Data Document disagrees with the invoice it reports, or lacks what it must report (pintae tdd)';
  if (id.startsWith('pintae/')) return `pintae rule engine, section ${id.slice('pintae/'.length)} (spec 7.2)`;
  if (/^(ibr|br|ubl)-/i.test(id)) return `PINT-AE business rule ${id}`;
  if (/^(ibt|ibg|btae|btuae|ibse)-/i.test(id)) return `PINT-AE business term ${id} (required or malformed)`;
  return `Rule ${id}`;
}

/** What each section of the service's errors covers (spec 7.2), for the rule of a finding filed only by section. */
const SECTION_COVERS: Readonly<Record<string, string>> = {
  endpoint_ids: 'the seller entity has a Peppol registry code (registered for sending)',
  contact_trn: 'the buyer\'s TRN (15 characters), name and country',
  invoice_header: 'invoice number, issue date, currency code, due date and document identifier',
  seller_party: 'the seller\'s identity, address, TRN and legal registration',
  buyer_party: 'the buyer\'s identity, address and legal registration',
  tax: 'tax totals and taxable amounts, currency and percentages',
  legal_monetary: 'the document totals: line extension, tax exclusive, tax inclusive, payable',
  invoice_items: 'each line: tax, line amount, price, account code and description',
};

/**
 * A rule's own text, the same for every finding of it (issue 24 item 6): the rule set's assertion where pintae has it
 * (`official`), else the rule's text as findings carry it when they all carry the same, else what kind of rule it is
 * and, for a finding filed by section, what the section covers (spec 7.2). Never one finding's message.
 */
export function ruleDescription(id: string, official: string | undefined, carried: ReadonlySet<string> | undefined, section?: string, subject: InputSubject = 'file'): string {
  if (official) return official;
  if (carried?.size === 1) return [...carried][0]!;
  const kind = describeRule(id, subject);
  const covers = section !== undefined && Object.hasOwn(SECTION_COVERS, section) ? SECTION_COVERS[section] : undefined;
  return covers ? `${kind}: ${covers}` : kind;
}

export interface SarifRule {
  id: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string };
  defaultConfiguration: { level: 'error' | 'warning' | 'note' };
  properties?: { section: string };
}

/**
 * The rule descriptor for an id, written from the first finding that reports it and the rule's own text; `subject`,
 * what that finding's input is (an unreadable request body is fixed and sent again, not run again as a file).
 */
export function sarifRule(e: Entry, description: string, subject: InputSubject = 'file'): SarifRule {
  const kind = describeRule(e.ruleId, subject);
  const section = e.section ? ` The service files it under section ${e.section} (spec 7.2).` : '';
  const fix = e.ruleId === UNREADABLE ? ` ${REPORT['unreadable.fix'].en({ subject: subjectWords(subject) })}`
    : ` Correct the input${e.field ? ` (JSON path ${e.field})` : ''} so that the rule holds.`;
  const severity = e.overridden?.from ?? (e.level === 'off' ? 'error' : e.level);
  const level = severity === 'info' ? 'note' : severity;
  return {
    id: e.ruleId,
    shortDescription: { text: kind },
    fullDescription: { text: description },
    help: { text: `${kind}. Example finding: ${e.message}.${section}${fix}` },
    defaultConfiguration: { level },
    ...(e.section ? { properties: { section: e.section } } : {}),
  };
}
