import { MESSAGE_INVALID, MESSAGE_VALID } from '../pipeline.js';
import type { InvoiceResult, OverrideInForce, ReportResult, ReportedFinding, RuleLevel } from '../model/report.js';

/** Rule overrides keyed by lower-case rule id (rule ids are compared without regard to case). */
export class RuleOverrides {
  private readonly levels = new Map<string, RuleLevel>();
  private readonly applied = new Map<string, number>();
  private readonly names: string[] = [];

  constructor(rules: Readonly<Record<string, RuleLevel>> = {}) {
    for (const [rule, level] of Object.entries(rules)) {
      this.levels.set(rule.toLowerCase(), level);
      this.names.push(rule);
    }
  }

  get size(): number { return this.levels.size; }

  levelOf(rule: string | undefined): RuleLevel | undefined {
    // A document its rules could not be run on is never valid, whatever a config (or a library caller) says.
    return rule === undefined || rule === 'pintae/rules-failed' ? undefined : this.levels.get(rule.toLowerCase());
  }

  count(rule: string): void { const key = rule.toLowerCase(); this.applied.set(key, (this.applied.get(key) ?? 0) + 1); }

  /** The overrides in force, as every report lists them, with how many findings each changed so far. */
  inForce(): OverrideInForce[] {
    return this.names.map((rule) => ({ rule, level: this.levels.get(rule.toLowerCase())!, applied: this.applied.get(rule.toLowerCase()) ?? 0 }));
  }

  /**
   * Applies the overrides to one result's validate response: an error set to `warning` moves to the warnings, a
   * warning set to `error` to the errors (each marked `overridden: {from, to}`), a finding set to `off` leaves the
   * verdict and is kept in `suppressed`. is_valid, total_errors and the message follow the new errors, as the
   * service would have answered had the rule been so. The result given is not changed.
   */
  apply(result: InvoiceResult): ReportResult {
    if (!result.response || !('data' in result.response)) return result;
    const data = result.response.data;
    if (this.size === 0) return result;
    const errors: ReportedFinding[] = [];
    const warnings: ReportedFinding[] = [];
    const suppressed: ReportedFinding[] = [];
    let changed = false;
    const placed = new Map<ReportedFinding, ReportedFinding>();
    const place = (f: ReportedFinding, from: 'error' | 'warning') => {
      const to = this.levelOf(f.rule);
      if (to === undefined || to === from) { (from === 'error' ? errors : warnings).push(f); placed.set(f, f); return; }
      this.count(f.rule!);
      changed = true;
      const moved = { ...f, overridden: { from, to } };
      (to === 'off' ? suppressed : to === 'error' ? errors : warnings).push(moved);
      placed.set(f, moved);
    };
    data.errors.forEach((f) => place(f, 'error'));
    data.warnings.forEach((f) => place(f, 'warning'));
    if (!changed) return result;
    const isValid = errors.length === 0;
    const [newErrors, newWarnings] = recaused([...data.errors, ...data.warnings], placed, errors, warnings);
    return {
      ...result,
      valid: isValid,
      response: { message: isValid ? MESSAGE_VALID : MESSAGE_INVALID, data: { ...data, is_valid: isValid, total_errors: errors.length, errors: newErrors, warnings: newWarnings } },
      ...(suppressed.length ? { suppressed: suppressed.map(({ cause: _, ...f }) => f) } : {}),
    };
  }
}

export { gateExitCode } from './gate.js';

/**
 * `cause` counts in the errors, then warnings, of a response; once overrides move findings between the lists, each
 * cause is pointed again at where its finding went. A finding whose cause was turned off stands as a root.
 */
function recaused(before: readonly ReportedFinding[], placed: ReadonlyMap<ReportedFinding, ReportedFinding>, errors: ReportedFinding[], warnings: ReportedFinding[]): [ReportedFinding[], ReportedFinding[]] {
  const at = new Map([...errors, ...warnings].map((f, i) => [f, i] as const));
  const fix = (f: ReportedFinding): ReportedFinding => {
    if (f.cause === undefined) return f;
    const { cause, ...rest } = f;
    const root = before[cause];
    const moved = root === undefined ? undefined : at.get(placed.get(root)!);
    return moved === undefined ? rest : { ...rest, cause: moved };
  };
  return [errors.map(fix), warnings.map(fix)];
}
