import { MESSAGE_INVALID, MESSAGE_VALID } from '../findings/response.js';
import type { InvoiceResult, Overridden, OverrideInForce, ReportResult, ReportedFinding, ReportedOwn, RuleLevel } from '../model/report.js';
import type { Severity, ValidateResponse } from '../model/types.js';

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
   * Applies the overrides to one result: a service error set to `warning` moves to the response's warnings, a warning
   * set to `error` to its errors (each marked `overridden: {from, to}`); a service finding set to `info` leaves the
   * response for `pintae_findings` (the service's answer has no notes); pintae's own findings change severity where
   * they stand, beside the response; a finding set to `off` leaves the verdict and is kept in `suppressed`.
   * is_valid, total_errors and the message follow the new errors, as the service would have answered had the rule
   * been so, and `valid` also any error among pintae's own. The result given is not changed.
   */
  apply(result: InvoiceResult): ReportResult {
    if (!result.response || !('data' in result.response)) return result;
    const data = result.response.data;
    if (this.size === 0) return result;
    const own = result.pintae_findings ?? [];
    const n = data.errors.length + data.warnings.length;
    // Every finding in one list (errors, warnings, pintae's own), each with the index of the finding it follows from.
    const nodes: Node[] = [
      ...data.errors.map((f): Node => ({ f, level: 'error', own: false })),
      ...data.warnings.map((f): Node => ({ f, level: 'warning', own: false })),
      ...own.map((f): Node => ({ f, level: f.severity, own: true })),
    ];
    nodes.forEach((node, i) => { if (node.f.cause !== undefined && node.f.cause < n && node.f.cause !== i) node.root = node.f.cause; });
    own.forEach((f, k) => { for (const e of f.explains ?? []) if (nodes[e] && e < n) nodes[e]!.root = n + k; });
    let changed = false;
    for (const node of nodes) {
      const to = this.levelOf(node.f.rule);
      if (to === undefined || to === node.level) continue;
      this.count(node.f.rule!);
      changed = true;
      node.moved = { from: node.level, to };
    }
    if (!changed) return result;
    return { ...result, ...relisted(nodes, data) };
  }
}

/** A finding of a result while overrides move it: where it stood, its level, the finding it follows from. */
interface Node { f: ReportedFinding | ReportedOwn; level: Severity; own: boolean; root?: number; moved?: Overridden }

/**
 * The lists of a result once overrides have moved its findings. `cause` counts in the response's errors, then
 * warnings; a finding of pintae's own names what follows from it in `explains`; a finding whose root was turned off,
 * or whose root and itself are both of pintae's own, stands as a root.
 */
function relisted(nodes: Node[], data: ValidateResponse['data']): Pick<ReportResult, 'valid' | 'response' | 'pintae_findings' | 'suppressed'> {
  const levelOf = (node: Node): RuleLevel => node.moved?.to ?? node.level;
  const placeOf = (node: Node): 'error' | 'warning' | 'own' | 'off' => {
    const level = levelOf(node);
    if (level === 'off') return 'off';
    return node.own || level === 'info' ? 'own' : level;
  };
  const errors: Node[] = [];
  const warnings: Node[] = [];
  const owned: Node[] = [];
  const off: Node[] = [];
  for (const node of nodes) ({ error: errors, warning: warnings, own: owned, off })[placeOf(node)].push(node);
  const at = new Map<Node, number>([...errors, ...warnings].map((node, i) => [node, i] as const));
  const ownAt = new Map<Node, number>(owned.map((node, k) => [node, k] as const));
  const explains = new Map<Node, number[]>();
  const strip = (node: Node) => {
    const { cause: _c, explains: _e, ...f } = node.f as ReportedOwn;
    return node.moved ? { ...f, overridden: node.moved } : f;
  };
  const listed = (node: Node, i: number): ReportedFinding => {
    const root = node.root === undefined ? undefined : nodes[node.root];
    const f = strip(node);
    if (root && at.has(root)) return { ...f, cause: at.get(root)! };
    if (root && ownAt.has(root)) explains.set(root, [...(explains.get(root) ?? []), i]);
    return f;
  };
  const newErrors = errors.map((node, i) => listed(node, i));
  const newWarnings = warnings.map((node, i) => listed(node, errors.length + i));
  const pintae = owned.map((node): ReportedOwn => {
    const root = node.root === undefined ? undefined : nodes[node.root];
    const { severity: _s, ...f } = strip(node) as ReportedOwn;
    const level = levelOf(node) as Severity;
    const ex = explains.get(node);
    return { ...f, severity: level, ...(root && at.has(root) ? { cause: at.get(root)! } : {}), ...(ex ? { explains: ex } : {}) };
  });
  const suppressed = off.map((node) => { const { severity: _s, ...f } = strip(node) as ReportedOwn; return f as ReportedFinding; });
  const isValid = newErrors.length === 0;
  return {
    valid: isValid && !pintae.some((f) => f.severity === 'error'),
    response: { message: isValid ? MESSAGE_VALID : MESSAGE_INVALID, data: { ...data, is_valid: isValid, total_errors: newErrors.length, errors: newErrors, warnings: newWarnings } },
    ...(pintae.length ? { pintae_findings: pintae } : { pintae_findings: undefined }),
    ...(suppressed.length ? { suppressed } : {}),
  };
}

export { gateExitCode } from './gate.js';
