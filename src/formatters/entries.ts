import { findingsOf, type Listing, type ReportedFinding, type ReportResult } from './report.js';
import { withHint } from './words.js';
import { REPORT } from '../messages/report.js';

/** Rule ids for problems that have no rule of their own. */
export const UNREADABLE = 'pintae/unreadable';
export const REJECTED = 'pintae/rejected';

/** One line item of a report, whatever produced it: a finding, an unreadable input, or a 400 rejection. */
export interface Entry {
  ruleId: string;
  /** `info`: a note (pintae's own, or set so by a rule override), counted by no gate. */
  level: 'error' | 'warning' | 'info' | 'off';
  message: string;
  section?: ReportedFinding['section'];
  field?: string;
  location?: string;
  overridden?: ReportedFinding['overridden'];
  /** The entry this one follows from: its index among the entries (errors, then warnings, then notes: `findingsOf`). */
  cause?: number;
  /** The rule's official text where the message says it in other words (validate's request terms). */
  ruleText?: string;
  /** Where in the input file: the finding's field (JSON) or element (XML), or where a file stops being readable. */
  line?: number;
  column?: number;
  /** The English message, where `message` is in another language (--lang; issue 26). */
  messageEn?: string;
}

/**
 * The rule id a report shows for a finding: its PINT-AE or spec id, else `pintae/<section>` for a rule-engine
 * finding the spec gives no id (spec 7.2 sections), so every entry of a SARIF or GitHub report has one.
 */
export const ruleIdOf = (f: ReportedFinding): string => f.rule ?? `pintae/${f.section}`;

/** `listing`: the findings to list, when not all of the result's (--quiet: src/formatters/quiet.ts). */
export function entriesOf(r: ReportResult, listing: Listing = findingsOf(r)): Entry[] {
  const english = (e: { message_en?: string }) => (e.message_en !== undefined ? { messageEn: e.message_en } : {});
  if (r.error) return [{ ruleId: UNREADABLE, level: 'error', message: r.error.message, line: r.error.line, column: r.error.column, ...english(r.error) }];
  if (r.response && 'errors' in r.response && !('data' in r.response)) {
    return r.response.errors.map((e) => ({ ruleId: REJECTED, level: 'error', message: e.message, field: e.field, ...positionOf(e), ...english(e as { message_en?: string }) }));
  }
  const { errors, warnings, notes } = listing;
  const entry = (level: Entry['level']) => (f: ReportedFinding): Entry => ({
    ruleId: ruleIdOf(f), level, message: withHint(f), section: f.section,
    ...(f.field ? { field: f.field } : {}), ...(f.location ? { location: f.location } : {}), ...(f.overridden ? { overridden: f.overridden } : {}),
    ...(f.rule_text !== undefined ? { ruleText: f.rule_text } : {}),
    ...(f.message_en !== undefined ? { messageEn: withHint({ message: f.message_en, ...(f.hint ? { hint: f.hint_en ?? f.hint } : {}) }) } : {}),
    ...(f.cause !== undefined && level !== 'off' ? { cause: f.cause } : {}), ...positionOf(f),
  });
  return [...errors.map(entry('error')), ...warnings.map(entry('warning')), ...notes.map(entry('info')), ...(r.suppressed ?? []).map(entry('off'))];
}

const positionOf = (f: { line?: number; column?: number }) => (f.line !== undefined ? { line: f.line, column: f.column ?? 1 } : {});

/** `file:line:column`, the form terminals and editors open at the place (just the file where no position is known). */
export const fileAt = (file: string, e: { line?: number; column?: number }) => (e.line !== undefined ? `${file}:${e.line}:${e.column ?? 1}` : file);

/** Where the entry is, in words: section, JSON path of the input field, XML location. */
export function whereOf(e: Entry): string {
  const parts = [e.section && `section ${e.section}`, e.field && `field ${e.field}`, e.location && `XML ${e.location}`].filter(Boolean);
  return parts.length ? ` (${parts.join('; ')})` : '';
}

/** The invoice a result is about, for names in reports: its number, else its position, else the file. */
export function invoiceName(r: ReportResult): string {
  const data = r.response && 'data' in r.response ? r.response.data : undefined;
  const number = data?.invoice_number ?? undefined;
  if (r.index !== null) return number ? `[${r.index}] ${number}` : `[${r.index}]`;
  return number ?? (r.error ? '(unreadable)' : r.rejected ? '(rejected)' : `(${REPORT.unnumbered.en({ kind: r.document ?? 'invoice' })})`);
}
