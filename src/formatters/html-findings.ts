import { findingsOf, type ReportedFinding, type ReportResult } from './report.js';
import { REJECTED, ruleIdOf, UNREADABLE } from './entries.js';

/**
 * A finding as the HTML report shows it. `cause` (the index of the finding this one follows from) and `rule_text`
 * (the official wording of its rule) are read where a finding carries them, and nothing depends on them being there.
 */
export type HtmlFinding = Omit<ReportedFinding, 'section'> & { section?: ReportedFinding['section']; cause?: number; rule_text?: string };

export type Level = 'error' | 'warning' | 'info' | 'off';

export interface Shown {
  /** Its number in the invoice's list, 1-based, as the marks at the values repeat it. */
  n: number;
  level: Level;
  finding: HtmlFinding;
  rule: string;
  /** The number of the finding this one follows from; undefined for a root cause. */
  causeN?: number;
  /** The same words from the same rule at other places (ibr-126 on every amount): one entry, shown at each place. */
  also?: HtmlFinding[];
}

/** A root cause and every finding that follows from it, however indirectly, in display order. */
export interface Root { root: Shown; dependents: Shown[] }

export interface Listed { level: Level; finding: HtmlFinding; rule: string }

/**
 * Every finding of a result, in one list: errors, then warnings, then notes (severity info: pintae's own, beside the
 * response), then those turned off by a rule override; an input
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
  const { errors, warnings, notes } = findingsOf(r);
  const listed = (level: Level) => (finding: ReportedFinding): Listed => ({ level, finding, rule: ruleIdOf(finding) });
  const all = [...errors.map(listed('error')), ...warnings.map(listed('warning')), ...notes.map(listed('info')), ...(r.suppressed ?? []).map(listed('off'))];
  causesOfRaw(r.findings, all);
  return all;
}

const causeOf = (f: object): unknown => (f as { cause?: unknown }).cause;
const sameFinding = (f: { message: string; rule?: string; field?: string; location?: string }) => JSON.stringify([f.message, f.rule ?? '', f.field ?? '', f.location ?? '']);

/**
 * `cause` may be on the pipeline's findings (an index into them) rather than on the response's entries, whose order
 * differs (errors, then warnings). Where the entries carry none, each finding is matched to the entry it became and
 * its cause translated to that list; a finding matching no entry (a report read back) leaves its entry a root.
 */
function causesOfRaw(raw: readonly object[] | undefined, all: Listed[]): void {
  if (!raw?.some((f) => typeof causeOf(f) === 'number') || all.some((l) => l.finding.cause !== undefined)) return;
  const slots = new Map<string, number[]>();
  all.forEach((l, i) => { const k = sameFinding(l.finding); const s = slots.get(k); if (s) s.push(i); else slots.set(k, [i]); });
  const entryOf = raw.map((f) => slots.get(sameFinding(f as HtmlFinding))?.shift() ?? -1);
  raw.forEach((f, i) => {
    const c = causeOf(f);
    const from = entryOf[i]!;
    const to = typeof c === 'number' ? entryOf[c] ?? -1 : -1;
    if (from >= 0 && to >= 0) all[from] = { ...all[from]!, finding: { ...all[from]!.finding, cause: to } };
  });
}

/**
 * The findings grouped by root cause, root causes first (errors before warnings, each in the order given), each
 * followed by what follows from it. `cause` is read as an index into the same list (errors, then warnings, as the
 * response gives them); a cause that points nowhere, at the finding itself, or round in a circle makes the finding a
 * root, so a damaged report still shows every finding once. Without any `cause`, every finding is a root. Loops, not
 * recursion: a report read back (merge-reports) may chain any number of findings. A root that only repeats an
 * earlier one at another place is folded into it (`also`), so one rule tripped on sixteen amounts is one entry.
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
  const rank: Record<Level, number> = { error: 0, warning: 1, info: 2, off: 3 };
  const roots = nodes.map((node, i) => ({ node, i })).filter(({ i }) => rootOf[i] === i).sort((a, b) => rank[a.node.level] - rank[b.node.level]);
  const under = new Map<number, number[]>();
  nodes.forEach((_, i) => { if (rootOf[i] !== i) { const list = under.get(rootOf[i]!); if (list) list.push(i); else under.set(rootOf[i]!, [i]); } });
  // A root with nothing under it that repeats an earlier one (same level, rule and words) joins it.
  const repeated = new Map<string, Shown>();
  const kept = roots.filter(({ node, i }) => {
    if (under.has(i)) return true;
    const f = node.finding;
    const key = JSON.stringify([node.level, node.rule, f.message]);
    const first = repeated.get(key);
    if (!first) { repeated.set(key, node); return true; }
    (first.also ??= []).push(f);
    return false;
  });
  let n = 0;
  return kept.map(({ node, i }) => {
    node.n = ++n;
    const dependents = (under.get(i) ?? []).map((d) => nodes[d]!);
    for (const d of dependents) d.n = ++n;
    for (const [k, d] of (under.get(i) ?? []).entries()) dependents[k]!.causeN = nodes[parent[d]!]!.n;
    return { root: node, dependents };
  });
}

/** Every finding an entry stands for: itself and its repeats. */
export const everyFinding = (s: Shown): HtmlFinding[] => [s.finding, ...(s.also ?? [])];
