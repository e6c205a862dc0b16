import type { Finding, JudgedBy, PintaeEntry, RejectedResponse, Section, Severity, ValidateResponse } from './types.js';
import type { InvoiceView } from './view.js';
import type { MessageRef } from '../messages/ref.js';

/** One invoice's outcome in a run: what the batch runner makes and the formatters and gates read. */
export interface InvoiceResult {
  file: string;
  /** Position in a bulk body or array; null for a file holding one invoice. */
  index: number | null;
  /** Where the invoice is in its JSON file: its invoice_number's value, else the invoice itself (validate only). */
  position?: { line: number; column: number };
  /** pintae's verdict: the response's is_valid, and no error among pintae's own findings (after rule overrides). */
  valid: boolean;
  rejected: boolean;
  /** Exactly what the service answers (spec 2.10, 4.2); pintae's own findings are never in it. */
  response: ValidateResponse | RejectedResponse | null;
  /**
   * pintae's own findings, beside the response (rule ids `pintae/…`: unknown keys, the rule set's validity, rules
   * that could not be run; and a finding a rule override set to `info`). Absent when there are none.
   */
  pintae_findings?: ReportedOwn[];
  /**
   * For a file that could not be read, parsed or validated: where and why. `internal` marks a fault of pintae's own
   * (an exception, a worker that stopped), `usage` a file pintae reads beside the input that cannot be used (a seller's
   * record saved in .pintae/entities); either makes the run exit 2 once every other input is reported.
   */
  error?: {
    message: string; line?: number; column?: number; internal?: boolean; usage?: boolean;
    /** The catalogue entry `message` was said from, where it has one (issue 26); never written to a report. */
    said?: MessageRef;
    /** The English message, where `message` is said in another language (--lang ar or en+ar). */
    message_en?: string;
  };
  findings: Finding[];
  xml: string | null;
  /** Where the XML was written, filled by the command that writes it. */
  xmlPath: string | null;
  /** The invoice as a person reads it, made only for the HTML report (src/view/) and dropped once it is written. */
  view?: InvoiceView;
  /** The rule set that judged the document read (check) or built (validate), when rules ran. */
  rule_set?: JudgedBy;
  /**
   * What `check` read (docs/decisions.md "What a summary counts"): a UBL invoice, a credit note, a Tax Data Document,
   * or `other` (a well-formed document of none of these kinds). Absent for validate's invoice requests and for a file
   * that could not be read.
   */
  document?: DocumentType;
  /**
   * English message → the catalogue entry it was said from (issue 26): kept by the report sink when `findings` is
   * dropped, so a report in another language can say them (src/formatters/speak.ts). Never written to a report.
   */
  said?: Readonly<Record<string, MessageRef>>;
}

/**
 * Counts over a run. `warnings` is the total number of warnings, the service's and pintae's own (what --max-warnings
 * compares against); `notes` the findings of severity info (counted by no gate); `suppressed` the number of findings
 * turned off by a rule override, so a relaxed rule is never silent.
 */
export interface Summary {
  files: number; invoices: number; valid: number; invalid: number; rejected: number; unreadable: number;
  warnings: number; notes: number; suppressed: number;
  /**
   * `invoices` by what each document is, for a run of documents (check, or reports of it merged): what the summary
   * sentences name. Absent for a run of invoice requests (validate). Never written to a JSON report (its `invoices`
   * stays the count of documents judged).
   */
  documents?: DocumentCounts;
  /**
   * Where `-` came from, when one of the `files` counted is it (docs/decisions.md "Standard input in a summary"):
   * `stdin` on the command line, `body` a request body (pintae serve names it `-`, as standard input). The sentences
   * say it instead of counting it a file. Never written to a JSON report (its `files` still counts it).
   */
  stdin?: 'stdin' | 'body';
}

/** What `check` reads: an invoice, a credit note, a Tax Data Document, or another well-formed document. */
export type DocumentType = 'invoice' | 'credit_note' | 'tdd' | 'other';
export type DocumentCounts = Record<DocumentType, number>;

/** A rule override from the config file: `"rules": {"ibr-127-ae": "warning", "pintae/rules-validity": "off"}`. */
export type RuleLevel = 'error' | 'warning' | 'info' | 'off';

/** How a finding's severity was changed by an override; present only on findings an override touched. */
export interface Overridden { from: Severity; to: RuleLevel }

/** An error or warning as reported: the validate response's entry, plus the override that moved it, if any. */
export interface ReportedFinding {
  message: string; section: Section; rule?: string; field?: string; location?: string;
  /** The finding's place in the input file (1-based). */
  line?: number; column?: number;
  overridden?: Overridden;
  /** The finding this one follows from: its index in the errors, then warnings, of the same response. */
  cause?: number;
  /** The official PINT-AE text, where `message` says it in the terms of the request. */
  rule_text?: string;
  /** pintae's advice beside the message: a value in a common wrong form and the value to send. */
  hint?: string;
  /** The English message, where `message` is said in another language (--lang ar or en+ar; issue 26). */
  message_en?: string;
  /** The English hint, where `hint` is said in another language. */
  hint_en?: string;
}

/** One of pintae's own findings as reported: its severity, and the override that moved it, if any. */
export type ReportedOwn = PintaeEntry & { overridden?: Overridden };

/** An override in force for the run, and how many findings it changed. */
export interface OverrideInForce { rule: string; level: RuleLevel; applied: number }

/** A result as reported: findings turned off by an override are kept here, out of the verdict but in the report. */
export interface ReportResult extends InvoiceResult { suppressed?: ReportedFinding[] }

export interface Gates { failSeverity: 'error' | 'warning'; maxWarnings?: number }

export interface Report {
  results: ReportResult[];
  summary: Summary;
  /** The rule overrides in force (empty or absent when none). */
  overrides?: OverrideInForce[];
  gates?: Gates;
}
