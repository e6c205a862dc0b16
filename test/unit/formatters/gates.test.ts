/** Rule overrides (config "rules") and the exit-code gates (--fail-severity, --max-warnings): issue 5 item 2. */
import { describe, expect, it } from 'vitest';
import { RuleOverrides, gateExitCode } from '../../../src/report/gates.js';
import { gateFailure } from '../../../src/report/gate.js';
import { failuresOnly } from '../../../src/formatters/quiet.js';
import { MESSAGE_INVALID, MESSAGE_VALID } from '../../../src/pipeline.js';
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
  const base = { files: 1, invoices: 2, valid: 2, invalid: 0, rejected: 0, unreadable: 0, warnings: 0, suppressed: 0 };
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
    expect(summary).toEqual({ files: 3, invoices: 3, valid: 2, invalid: 0, rejected: 1, unreadable: 1, warnings: 2, suppressed: 1 });
  });
});

describe('gateFailure: which gate failed the run, and by how much (issue 12 item 4)', () => {
  const base = { files: 1, invoices: 2, valid: 2, invalid: 0, rejected: 0, unreadable: 0, warnings: 3, suppressed: 0 };
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

describe('failuresOnly (--quiet)', () => {
  const warned = validated('a.json', 'INV-1', [roundWarning]);
  it('drops a valid invoice whose warnings do not fail the run, and keeps it when they do', () => {
    expect(failuresOnly(warned, { failSeverity: 'error' })).toBeUndefined();
    expect(failuresOnly(warned, { failSeverity: 'warning' })).toEqual(warned);
  });
  it('keeps an invalid invoice with its errors alone at the default fail severity', () => {
    const shown = failuresOnly(validated('a.json', 'INV-2', [dueDate, roundWarning]), { failSeverity: 'error' })!;
    expect((shown.response as any).data.errors.map((e: any) => e.rule)).toEqual(['ibr-127-ae']);
    expect((shown.response as any).data.warnings).toEqual([]);
  });
});
