import { findingsOf, type ReportedFinding, type ReportResult } from './report.js';
import { REJECTED, ruleIdOf, UNREADABLE } from './entries.js';

/**
 * A finding as the HTML report shows it. `cause` (the index of the finding this one follows from) and `rule_text`
 * (the official wording of its rule) are read where a finding carries them, and nothing depends on them being there.
 */
export type HtmlFinding = Omit<ReportedFinding, 'section'> & { section?: ReportedFinding['section']; cause?: number; rule_text?: string };

export type Level = 'error' | 'warning' | 'off';

export interface Shown {
  /** Its number in the invoice's list, 1-based, as the marks at the values repeat it. */
  n: number;
  level: Level;
  finding: HtmlFinding;
  rule: string;
  /** The number of the finding this one follows from; undefined for a root cause. */
  causeN?: number;
}

/** A root cause and every finding that follows from it, however indirectly, in display order. */
export interface Root { root: Shown; dependents: Shown[] }

export interface Listed { level: Level; finding: HtmlFinding; rule: string }

/**
 * Every finding of a result, in one list: errors, then warnings, then those turned off by a rule override; an input
 * that could not be read has its one error, a rejected one the errors of its 400 answer.
 */
export function allFindings(r: ReportResult): Listed[] {
  if (r.error) {
    const { message, line, column } = r.error;
    return [{ level: 'error', rule: UNREADABLE, finding: { message, ...(line !== undefined ? { line, column: column ?? 1 } : {}) } }];
  }
  if (r.response && 'errors' in r.response && !('data' in r.response)) {
    return r.response.errors.map((finding) => ({ level: 'error' as const, finding, rule: REJECTED }));
  }
  const { errors, warnings } = findingsOf(r);
  const listed = (level: Level) => (finding: ReportedFinding): Listed => ({ level, finding, rule: ruleIdOf(finding) });
  return [...errors.map(listed('error')), ...warnings.map(listed('warning')), ...(r.suppressed ?? []).map(listed('off'))];
}

/**
 * The findings grouped by root cause, root causes first (errors before warnings, each in the order given), each
 * followed by what follows from it. `cause` is read as an index into the same list (errors, then warnings, as the
 * response gives them); a cause that points nowhere, at the finding itself, or round in a circle makes the finding a
 * root, so a damaged report still shows every finding once. Without any `cause`, every finding is a root. Loops, not
 * recursion: a report read back (merge-reports) may chain any number of findings.
 */
export function byRootCause(list: Listed[]): Root[] {
  const nodes = list.map(({ level, finding, rule }): Shown => ({ n: 0, level, finding, rule }));
  const parent = list.map(({ finding: { cause: c } }, i) => (typeof c === 'number' && Number.isInteger(c) && c >= 0 && c < list.length && c !== i ? c : -1));
  // Following causes up from each finding: a chain that meets itself is a circle, and the finding starting it a root.
  const rootOf = new Array<number>(nodes.length).fill(-2);
  for (let i = 0; i < nodes.length; i++) {
    const chain: number[] = [];
    const onChain = new Set<number>();
    let p = i;
    while (rootOf[p] === -2 && parent[p]! >= 0 && !onChain.has(p)) { chain.push(p); onChain.add(p); p = parent[p]!; }
    let root: number;
    if (rootOf[p] !== -2) root = rootOf[p]!;
    else if (onChain.has(p)) { parent[p] = -1; root = p; rootOf[p] = p; }
    else { root = p; rootOf[p] = p; }
    for (const c of chain) rootOf[c] = root;
  }
  const rank: Record<Level, number> = { error: 0, warning: 1, off: 2 };
  const roots = nodes.map((node, i) => ({ node, i })).filter(({ i }) => rootOf[i] === i).sort((a, b) => rank[a.node.level] - rank[b.node.level]);
  const under = new Map<number, number[]>();
  nodes.forEach((_, i) => { if (rootOf[i] !== i) { const list = under.get(rootOf[i]!); if (list) list.push(i); else under.set(rootOf[i]!, [i]); } });
  let n = 0;
  return roots.map(({ node, i }) => {
    node.n = ++n;
    const dependents = (under.get(i) ?? []).map((d) => nodes[d]!);
    for (const d of dependents) d.n = ++n;
    for (const [k, d] of (under.get(i) ?? []).entries()) dependents[k]!.causeN = nodes[parent[d]!]!.n;
    return { root: node, dependents };
  });
}
