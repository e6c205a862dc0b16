import type { Finding, Invoice } from '../model/types.js';
import { requestWords, xmlWords } from './table.js';
import { valueAt } from '../findings/paths.js';

/**
 * PINT-AE findings on a document pintae built, said in the terms of the request (WORDS): the official text stays in
 * `rule_text` for support staff, so what the rules said is never lost.
 */
export function inRequestTerms(findings: Finding[], body: Record<string, unknown>, invoice: Pick<Invoice, 'currency' | 'date'>): Finding[] {
  return findings.map((f) => {
    const field = f.field ?? '(body)';
    const words = requestWords(f.rule, { field, sent: valueAt(body, field), currency: invoice.currency, date: invoice.date });
    return words === undefined ? { ...f, rule_text: f.message } : { ...f, message: words.message, said: words.said, rule_text: f.message };
  });
}

/** PINT-AE findings of `check`: the XML's terms stay, a broken official sentence is said again; rule_text keeps it. */
export function inXmlTerms(findings: Finding[]): Finding[] {
  return findings.map((f) => {
    const xml = xmlWords(f.rule);
    return xml === undefined ? f : { ...f, message: xml.message, said: xml.said, rule_text: f.message };
  });
}
