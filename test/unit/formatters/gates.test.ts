/** Rule overrides (config "rules") and the exit-code gates (--fail-severity, --max-warnings): issue 5 item 2. */
import { describe, expect, it } from 'vitest';
import { RuleOverrides, gateExitCode } from '../../../src/report/gates.js';
import { gateFailure } from '../../../src/report/gate.js';
import { shownOf } from '../../../src/formatters/quiet.js';
import { findingsOf } from '../../../src/formatters/report.js';
import { MESSAGE_INVALID, MESSAGE_VALID } from '../../../src/pipeline.js';
import { summarize } from '../../../src/formatters/index.js';
import { finding, mixedReport, validated } from './support.js';

const dueDate = finding('error', 'invoice_header', 'due_date is required', { rule: 'ibr-127-ae', field: 'due_date' });
const taxZero = finding('error', 'invoice_items', 'tax amount cannot be zero', { rule: 'ibr-190-ae', field: 'line_items[0].tax_amount' });
const roundWarning = finding('warning', 'tax', 'should be rounded', { rule: 'ibr-w-01' });

describe('RuleOverrides.apply', () => {
  it('moves a downgraded error to the warnings, marked, and the invoice becomes valid (pintae\'s verdict)', () => {
    const overrides = new RuleOverrides({ 'ibr-127-ae': 'warning' });
    const r = overrides.apply(validated('a.json', 'INV-1', [dueDate]));
    expect(r.valid).toBe(true);
    expect(r.response).toEqual({
      message: MESSAGE_VALID,
      data: {
        is_valid: true, entity_id: 'ent_al_noor', invoice_number: 'INV-1', total_errors: 0, errors: [],
        warnings: [{ message: 'due_date is required', section: 'invoice_header', rule: 'ibr-127-ae', field: 'due_date', overridden: { from: 'error', to: 'warning' } }],
      },
    });
    expect(overrides.inForce()).toEqual([{ rule: 'ibr-127-ae', level: 'warning', applied: 1 }]);
  });

  it('keeps a finding turned off out of the verdict but in `suppressed`; other errors stay errors', () => {
    const overrides = new RuleOverrides({ 'IBR-127-AE': 'off' });
    const r = overrides.apply(validated('a.json', 'INV-1', [dueDate, taxZero]));
    expect(r.valid).toBe(false);
    const data = (r.response as { data: any }).data;
    expect(data.errors.map((e: any) => e.rule)).toEqual(['ibr-190-ae']);
    expect(data.total_errors).toBe(1);
    expect((r.response as any).message).toBe(MESSAGE_INVALID);
    expect(r.suppressed).toEqual([{ message: 'due_date is required', section: 'invoice_header', rule: 'ibr-127-ae', field: 'due_date', overridden: { from: 'error', to: 'off' } }]);
  });

  it('raises a warning to an error by the rule id of its finding (the response\'s warnings carry none)', () => {
    const overrides = new RuleOverrides({ 'ibr-w-01': 'error' });
    const r = overrides.apply(validated('a.json', 'INV-1', [roundWarning]));
    expect(r.valid).toBe(false);
    expect((r.response as any).data.errors).toEqual([{ message: 'should be rounded', section: 'tax', rule: 'ibr-w-01', overridden: { from: 'warning', to: 'error' } }]);
    expect((r.response as any).data.warnings).toEqual([]);
  });

  it('leaves findings of other rules, and findings without a rule id, alone; warnings keep their rule id', () => {
    const noRule = finding('error', 'seller_party', 'entity not found');
    const original = validated('a.json', 'INV-1', [noRule, roundWarning]);
    const r = new RuleOverrides({ 'ibr-127-ae': 'off' }).apply(original);
    expect((r.response as any).data.errors).toEqual([{ message: 'entity not found', section: 'seller_party' }]);
    expect((r.response as any).data.warnings).toEqual([{ message: 'should be rounded', section: 'tax', rule: 'ibr-w-01' }]);
    expect(r.suppressed).toBeUndefined();
    expect((original.response as any).data.warnings).toEqual([{ message: 'should be rounded', section: 'tax', rule: 'ibr-w-01' }]);
  });
});

describe('gateExitCode', () => {
  const base = { files: 1, invoices: 2, valid: 2, invalid: 0, rejected: 0, unreadable: 0, warnings: 0, notes: 0, suppressed: 0 };
  it('fails on any invalid, rejected or unreadable input whatever the gates', () => {
    for (const bad of [{ invalid: 1 }, { rejected: 1 }, { unreadable: 1 }]) expect(gateExitCode({ ...base, ...bad }, { failSeverity: 'error' })).toBe(1);
  });
  it('passes warnings at the default fail severity and fails them at warning', () => {
    expect(gateExitCode({ ...base, warnings: 3 }, { failSeverity: 'error' })).toBe(0);
    expect(gateExitCode({ ...base, warnings: 3 }, { failSeverity: 'warning' })).toBe(1);
    expect(gateExitCode(base, { failSeverity: 'warning' })).toBe(0);
  });
  it('fails when the warnings exceed --max-warnings, not when they equal it', () => {
    expect(gateExitCode({ ...base, warnings: 2 }, { failSeverity: 'error', maxWarnings: 2 })).toBe(0);
    expect(gateExitCode({ ...base, warnings: 3 }, { failSeverity: 'error', maxWarnings: 2 })).toBe(1);
    expect(gateExitCode({ ...base, warnings: 1 }, { failSeverity: 'error', maxWarnings: 0 })).toBe(1);
  });
  it('counts warnings and suppressed findings in the summary', () => {
    const { summary } = mixedReport({ 'ibr-127-ae': 'off', 'ibr-190-ae': 'warning' });
    expect(summary).toEqual({ files: 3, invoices: 3, valid: 2, invalid: 0, rejected: 1, unreadable: 1, warnings: 2, notes: 0, suppressed: 1 });
  });
});

describe('gateFailure: which gate failed the run, and by how much (issue 12 item 4)', () => {
  const base = { files: 1, invoices: 2, valid: 2, invalid: 0, rejected: 0, unreadable: 0, warnings: 3, notes: 0, suppressed: 0 };
  it('names --max-warnings with its maximum, and --fail-severity warning with none allowed', () => {
    expect(gateFailure(base, { failSeverity: 'error', maxWarnings: 1 })).toEqual({ gate: 'max-warnings', warnings: 3, maximum: 1, message: '3 warnings (maximum: 1, --max-warnings)' });
    expect(gateFailure({ ...base, warnings: 1 }, { failSeverity: 'warning' })).toEqual({ gate: 'fail-severity', warnings: 1, maximum: 0, message: '1 warning (--fail-severity warning: none allowed)' });
    expect(gateFailure(base, { failSeverity: 'warning', maxWarnings: 1 })?.gate).toBe('max-warnings');
  });
  it('is undefined when the warnings pass, whatever the inputs (failed inputs are counted, not gated)', () => {
    expect(gateFailure(base, { failSeverity: 'error', maxWarnings: 3 })).toBeUndefined();
    expect(gateFailure({ ...base, invalid: 1 }, { failSeverity: 'error' })).toBeUndefined();
  });
});

describe('shownOf (--quiet)', () => {
  const warned = validated('a.json', 'INV-1', [roundWarning]);
  it('drops a valid invoice whose warnings do not fail the run, and keeps it when they do', () => {
    expect(shownOf(warned, true, { failSeverity: 'error' })).toBeUndefined();
    expect(shownOf(warned, true, { failSeverity: 'warning' })).toEqual({ r: warned, listing: findingsOf(warned) });
  });
  it('keeps an invalid invoice with its errors alone at the default fail severity', () => {
    const shown = shownOf(validated('a.json', 'INV-2', [dueDate, roundWarning]), true, { failSeverity: 'error' })!;
    expect(shown.listing.errors.map((e) => e.rule)).toEqual(['ibr-127-ae']);
    expect(shown.listing.warnings).toEqual([]);
  });
  it('hides notes (severity info), and a note alone never makes an invoice shown (issue 24)', () => {
    const noted = validated('a.json', 'INV-3', [validity]);
    expect(shownOf(noted, false, { failSeverity: 'error' })!.listing.notes.map((f) => f.rule)).toEqual(['pintae/rules-validity']);
    expect(shownOf(noted, true, { failSeverity: 'warning' })).toBeUndefined();
    const failing = shownOf(validated('a.json', 'INV-4', [dueDate, validity]), true, { failSeverity: 'warning' })!;
    expect(failing.listing).toEqual({ errors: [expect.objectContaining({ rule: 'ibr-127-ae' })], warnings: [], notes: [] });
  });
  it('keeps a warning of pintae\'s own that explains a failing error, linked to it', () => {
    const typo = finding('warning', 'invoice_items', 'unknown field "tax_categroy"', { rule: 'pintae/unknown-field', field: 'line_items[0].tax_categroy' });
    const r = validated('a.json', 'INV-5', [taxZero, roundWarning, typo], null, new Map([[taxZero, typo]]));
    const shown = shownOf(r, true, { failSeverity: 'error' })!;
    expect(shown.listing.errors.map((e) => [e.rule, e.cause])).toEqual([['ibr-190-ae', 1]]);
    expect(shown.listing.warnings.map((e) => e.rule)).toEqual(['pintae/unknown-field']);
  });
});

const validity = finding('info', 'invoice_header', 'the invoice date 2025-03-10 is before the validity of every PINT-AE rule set', { rule: 'pintae/rules-validity', field: 'date' });
const typo = finding('warning', 'invoice_items', 'unknown field "tax_categroy" (did you mean "tax_category"?)', { rule: 'pintae/unknown-field', field: 'line_items[0].tax_categroy' });

describe('pintae\'s own findings beside the response (issue 24)', () => {
  it('never in the response; a warning or note of pintae\'s leaves is_valid and valid alone', () => {
    const r = validated('a.json', 'INV-1', [validity, typo]);
    expect(r.valid).toBe(true);
    expect((r.response as any).data).toMatchObject({ is_valid: true, errors: [], warnings: [] });
    expect(r.pintae_findings?.map((f) => [f.rule, f.severity])).toEqual([['pintae/rules-validity', 'info'], ['pintae/unknown-field', 'warning']]);
  });

  it('a service finding that follows from one of pintae\'s has no cause in the response; pintae\'s lists it in explains', () => {
    const r = validated('a.json', 'INV-1', [taxZero, dueDate, typo], null, new Map([[taxZero, typo]]));
    expect((r.response as any).data.errors.map((e: any) => [e.rule, e.cause])).toEqual([['ibr-190-ae', undefined], ['ibr-127-ae', undefined]]);
    expect(r.pintae_findings).toEqual([expect.objectContaining({ rule: 'pintae/unknown-field', explains: [0] })]);
    // A report folds it as before: the listing points the error at the warning.
    expect(findingsOf(r)).toMatchObject({ errors: [{ rule: 'ibr-190-ae', cause: 2 }, { rule: 'ibr-127-ae' }], warnings: [{ rule: 'pintae/unknown-field' }], notes: [] });
  });

  it('an error of pintae\'s own (rules that could not be run) fails the verdict, out of the response', () => {
    const failed = finding('error', 'invoice_header', 'The PINT-AE rules could not be run on this document', { rule: 'pintae/rules-failed' });
    const r = validated('a.json', 'INV-1', [failed]);
    expect(r.valid).toBe(false);
    expect((r.response as any).data).toMatchObject({ is_valid: true, errors: [] });
    expect(gateExitCode(summarize([r]), { failSeverity: 'error' })).toBe(1);
  });

  it('counts pintae\'s warnings as warnings and its notes as notes: only warnings meet the gates', () => {
    const summary = summarize([validated('a.json', 'INV-1', [validity, typo]), validated('b.json', 'INV-2', [validity])]);
    expect(summary).toMatchObject({ valid: 2, warnings: 1, notes: 2 });
    expect(gateExitCode(summary, { failSeverity: 'error', maxWarnings: 1 })).toBe(0);
    const notesOnly = summarize([validated('b.json', 'INV-2', [validity])]);
    expect(gateExitCode(notesOnly, { failSeverity: 'warning', maxWarnings: 0 })).toBe(0);
  });
});

describe('rule overrides to and from info, and on pintae\'s own findings (issue 24)', () => {
  it('pintae/rules-validity raised to warning or error changes severity where it stands, beside the response', () => {
    const warned = new RuleOverrides({ 'pintae/rules-validity': 'warning' }).apply(validated('a.json', 'INV-1', [validity]));
    expect(warned.valid).toBe(true);
    expect((warned.response as any).data.warnings).toEqual([]);
    expect(warned.pintae_findings).toEqual([expect.objectContaining({ rule: 'pintae/rules-validity', severity: 'warning', overridden: { from: 'info', to: 'warning' } })]);
    expect(summarize([warned]).warnings).toBe(1);
    const failed = new RuleOverrides({ 'pintae/rules-validity': 'error' }).apply(validated('a.json', 'INV-1', [validity]));
    expect(failed.valid).toBe(false);
    expect((failed.response as any).data.is_valid).toBe(true);
  });

  it('off: out of the lists, in suppressed', () => {
    const off = new RuleOverrides({ 'pintae/rules-validity': 'off' }).apply(validated('a.json', 'INV-1', [validity]));
    expect(off.pintae_findings).toBeUndefined();
    expect(off.suppressed).toEqual([expect.objectContaining({ rule: 'pintae/rules-validity', overridden: { from: 'info', to: 'off' } })]);
    expect(summarize([off])).toMatchObject({ notes: 0, suppressed: 1 });
  });

  it('a service error lowered to info leaves the response for pintae_findings, and its dependents follow it there', () => {
    const currency = finding('error', 'invoice_header', 'currency "AEX" is not an ISO 4217 code', { rule: 'ibr-cl-04', field: 'currency' });
    const r = new RuleOverrides({ 'ibr-cl-04': 'info' }).apply(validated('a.json', 'INV-1', [currency, taxZero, roundWarning], null, new Map([[taxZero, currency]])));
    expect(r.valid).toBe(false);
    const data = (r.response as any).data;
    expect(data.errors.map((e: any) => [e.rule, e.cause])).toEqual([['ibr-190-ae', undefined]]);
    expect(data.warnings.map((e: any) => e.rule)).toEqual(['ibr-w-01']);
    expect(r.pintae_findings).toEqual([expect.objectContaining({ rule: 'ibr-cl-04', severity: 'info', overridden: { from: 'error', to: 'info' }, explains: [0] })]);
    expect(summarize([r])).toMatchObject({ warnings: 1, notes: 1 });
  });

  it('pintae/unknown-field raised to error fails the verdict; explains still points at what it explains', () => {
    const r = new RuleOverrides({ 'pintae/unknown-field': 'error', 'ibr-127-ae': 'warning' }).apply(validated('a.json', 'INV-1', [dueDate, taxZero, typo], null, new Map([[taxZero, typo]])));
    expect(r.valid).toBe(false);
    const data = (r.response as any).data;
    expect(data.errors.map((e: any) => e.rule)).toEqual(['ibr-190-ae']);
    expect(data.warnings.map((e: any) => e.rule)).toEqual(['ibr-127-ae']);
    expect(r.pintae_findings).toEqual([expect.objectContaining({ rule: 'pintae/unknown-field', severity: 'error', explains: [0] })]);
  });
});
