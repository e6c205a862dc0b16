import type { InvoiceResult } from '../../../src/model/report.js';
import type { Finding, Section } from '../../../src/model/types.js';
import { answerOf } from '../../../src/pipeline.js';
import { RuleOverrides } from '../../../src/report/gates.js';
import { summarize, type Report, type RuleLevel } from '../../../src/formatters/index.js';

export const finding = (severity: 'error' | 'warning' | 'info', section: Section, message: string, extra: Partial<Finding> = {}): Finding =>
  ({ severity, section, message, ...extra });

/**
 * A validated invoice's result, its response built by the pipeline's own answerOf() (spec 2.10 shape, pintae's own
 * findings beside it); `links`: dependent → the finding it follows from.
 */
export function validated(file: string, invoiceNumber: string, findings: Finding[], index: number | null = null, links: Map<Finding, Finding> = new Map()): InvoiceResult {
  const r = answerOf({ entity_id: 'ent_al_noor', invoice_number: invoiceNumber }, findings, links, false);
  return { file, index, valid: r.valid, rejected: false, response: r.response, ...(r.pintae.length ? { pintae_findings: r.pintae } : {}), findings: r.findings, xml: '<Invoice/>', xmlPath: null };
}

export function unreadable(file: string, message: string, line?: number, column?: number): InvoiceResult {
  return { file, index: null, valid: false, rejected: false, response: null, error: { message, line, column }, findings: [], xml: null, xmlPath: null };
}

export function rejected(file: string): InvoiceResult {
  return {
    file, index: null, valid: false, rejected: true, findings: [], xml: null, xmlPath: null,
    response: { message: 'The request is invalid', errors: [{ field: 'buyer.legal_registration_type', message: 'buyer.legal_registration_type "LICENSE" is not one of TL, EID, PAS, CD' }] },
  };
}

/** A report as the sink builds it: overrides applied result by result, then summarized. */
export function reportOf(results: InvoiceResult[], rules: Record<string, RuleLevel> = {}, failSeverity: 'error' | 'warning' = 'error'): Report {
  const overrides = new RuleOverrides(rules);
  const applied = results.map((r) => overrides.apply(r));
  return { results: applied, summary: summarize(applied), overrides: overrides.inForce(), gates: { failSeverity } };
}

/** The four kinds of outcome, in two files plus a rejected and an unreadable one. */
export function mixedReport(rules: Record<string, RuleLevel> = {}, failSeverity: 'error' | 'warning' = 'error'): Report {
  return reportOf([
    validated('in/a.json', 'INV-1', []),
    validated('in/a.json', 'INV-2', [
      finding('error', 'invoice_header', 'due_date is required when the amount due is above zero', { rule: 'ibr-127-ae', field: 'due_date' }),
      finding('error', 'invoice_items', 'tax amount cannot be zero on a line', { rule: 'ibr-190-ae', field: 'line_items[0].tax_amount' }),
      finding('warning', 'tax', 'Tax total should be rounded', { rule: 'ibr-w-01', location: '/Invoice/cac:TaxTotal[1]' }),
    ]),
    rejected('in/b.json'),
    unreadable('in/c.json', 'expected \',\' or \'}\', found "x"', 3, 7),
  ], rules, failSeverity);
}
