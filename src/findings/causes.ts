import type { Finding } from '../model/types.js';

/**
 * One mistake, one finding: findings that follow from another are linked to it (`cause`), so a report can show the
 * mistake once and fold what follows under it. Links are made on the findings themselves first (`Links`), then turned
 * into indexes once the findings have their places in the response.
 */

/** Dependent → the finding it follows from. */
export type Links = Map<Finding, Finding>;

import { UNKNOWN_FIELD } from '../rules/ids.js';

/** The rule id of a warning on a key that is no field of the request (its `suggestion`: the field it likely means). */
export { UNKNOWN_FIELD };

/** The line fields whose meaning the line's category decides (spec 2.7 tax category rules). */
const CATEGORY_FIELDS = /^(line_items\[\d+\])\.(tax_category|tax_category_code|vat_category|category|tax_amount|tax_rate|tax_exemption_reason|item_type|item_standard_id)$/;

/** Fields that name a whole record or list, on which unrelated mistakes meet: a shared field says nothing there. */
const SHARED_FIELDS = new Set(['(body)', 'entity_id', 'buyer', 'seller', 'delivery', 'line_items']);

/** `inner` is `outer` or a field inside it. */
export const within = (inner: string | undefined, outer: string | undefined): boolean =>
  inner !== undefined && outer !== undefined && (inner === outer || inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`));

/**
 * `field` and every field that holds it, innermost first (`line_items[0].x`, `line_items[0]`, `line_items`): the
 * fields `f` is `within`, found by lookup rather than by comparing every pair (an invoice may have 100,000 findings).
 */
export function* enclosing(field: string | undefined): Generator<string> {
  for (let f = field; f !== undefined && f !== '';) {
    yield f;
    const up = f.replace(/(\.[^.[\]]+|\[\d+\])$/, '');
    f = up === f ? undefined : up;
  }
}

/** Errors first, then warnings, each in the order found: the order of the response's lists, which `cause` counts in. */
export function responseOrder(findings: readonly Finding[]): Finding[] {
  return [...findings.filter((f) => f.severity === 'error'), ...findings.filter((f) => f.severity !== 'error')];
}

export interface CauseFacts {
  /** Findings of the schema stage, each naming a field whose value could not be read (a wrong type, a bad format). */
  unreadable: readonly Finding[];
  /** Findings of the service's rule engine (the others come from the PINT-AE rules on the built document). */
  engine: ReadonlySet<Finding>;
  /** Whether the request sent an exchange_rate: a missing-rate finding exists only when it did not. */
  rateSent: boolean;
}

/**
 * Links by what the findings say (DESIGN "one mistake, one finding"):
 * - an unknown currency code (ibr-cl-04 on `currency`) causes every other finding on `currency`, and on
 *   `exchange_rate` when no rate was sent (the rate is looked up for that currency);
 * - a missing exchange rate (BTUAE-04 on `currency`) causes every finding on `exchange_rate` (nothing was sent there:
 *   those are the rules asking for the rate and the AED figures it gives);
 * - a tax category pintae could not read (ibr-139-ae) causes the findings on its line's category-bound fields, but for
 *   a VAT amount that no category allows (a mistake of its own);
 * - a field whose value could not be read (the schema stage) causes the findings at or inside that field;
 * - an error of the rule engine on a field causes the PINT-AE findings on that same field, which judge the same value;
 * - on a line, a zero or negative price causes the zero line amount, and a zero line amount the 5% VAT asked of it.
 */
export function linkByMeaning(findings: readonly Finding[], facts: CauseFacts, links: Links): void {
  const link = (dependent: Finding, root: Finding) => { if (dependent !== root && !links.has(dependent)) links.set(dependent, root); };
  const currency = findings.find((f) => f.rule === 'ibr-cl-04' && f.field === 'currency' && facts.engine.has(f));
  const missingRate = findings.find((f) => f.rule === 'BTUAE-04' && f.field === 'currency' && facts.engine.has(f));
  const categories = new Map<string, Finding>();
  for (const f of findings) {
    const line = f.rule === 'ibr-139-ae' && facts.engine.has(f) ? CATEGORY_FIELDS.exec(f.field ?? '')?.[1] : undefined;
    if (line && !categories.has(line)) categories.set(line, f);
  }
  // A line's zero amount (7.2 "zero line amount") and its zero or negative price (7.2 "zero price"), by line.
  const lineOf = (f: Finding) => /^(line_items\[\d+\])\./.exec(f.field ?? '')?.[1];
  const zeroAmount = new Map<string, Finding>();
  const badPrice = new Map<string, Finding>();
  for (const f of findings) {
    const line = facts.engine.has(f) ? lineOf(f) : undefined;
    if (line === undefined) continue;
    if (f.said?.id === 'line.amount-zero' && !zeroAmount.has(line)) zeroAmount.set(line, f);
    if (f.said?.id === 'line.price' && !badPrice.has(line)) badPrice.set(line, f);
  }
  const engineByField = new Map<string, Finding>();
  for (const f of findings) if (facts.engine.has(f) && f.severity === 'error' && f.field && !SHARED_FIELDS.has(f.field) && !engineByField.has(f.field)) engineByField.set(f.field, f);

  // Of two unreadable-value findings on one field (a bad character and a bad format), the first is the root.
  const order = new Map(facts.unreadable.map((u, i) => [u, i] as const));
  const before = (u: Finding, f: Finding) => u.field !== f.field || (order.get(u) ?? 0) < (order.get(f) ?? Infinity);
  const unreadableAt = new Map<string, Finding[]>();
  for (const u of facts.unreadable) if (u.field !== undefined) unreadableAt.set(u.field, [...(unreadableAt.get(u.field) ?? []), u]);
  // The first unreadable value (in the schema stage's order) at or around the finding's field.
  const unreadableOf = (f: Finding): Finding | undefined => {
    let first: Finding | undefined;
    for (const field of enclosing(f.field)) {
      const u = unreadableAt.get(field)?.find((c) => c !== f && before(c, f));
      if (u && (first === undefined || order.get(u)! < order.get(first)!)) first = u;
    }
    return first;
  };
  for (const f of findings) {
    const unreadable = unreadableOf(f);
    if (unreadable) link(f, unreadable);
    if (currency && (f.field === 'currency' || (!facts.rateSent && f.field === 'exchange_rate'))) link(f, currency);
    if (missingRate && f.field === 'exchange_rate') link(f, missingRate);
    const line = CATEGORY_FIELDS.exec(f.field ?? '')?.[1];
    // A VAT amount no category allows is a mistake whatever the category (src/rules/lines.ts taxFitsNoCategory).
    const category = line === undefined || f.said?.id === 'line.tax-fits-none' ? undefined : categories.get(line);
    if (category) link(f, category);
    const engine = !facts.engine.has(f) && f.field !== undefined ? engineByField.get(f.field) : undefined;
    if (engine) link(f, engine);
    // A line amount of zero comes from a price of zero (quantity × price); the 5% VAT asked of a line is 5% of its
    // amount, so a VAT that differs from 5% of zero follows from the zero amount (fixing it, the VAT is judged again).
    const onLine = lineOf(f);
    if (onLine !== undefined && f.said?.id === 'line.amount-zero' && badPrice.has(onLine)) link(f, badPrice.get(onLine)!);
    if (onLine !== undefined && f.said?.id === 'line.tax-rate' && zeroAmount.has(onLine)) link(f, zeroAmount.get(onLine)!);
  }
}

/** `line_items[0]` of `line_items[0].tax_categroy`: the object an unknown key was found in ('' at the top level). */
const objectOf = (field: string) => { const up = field.replace(/(\.[^.[\]]+|\[\d+\])$/, ''); return up === field ? '' : up; };

/**
 * Identity of a finding across two judgements of one invoice: what it is (its rule, and the catalogue entry it is
 * said from: "date is required" is not "date must be a calendar date", though both are at `date`) and where, not its
 * words (which quote values).
 */
const sameKey = (f: Finding) => `${f.severity}|${f.rule ?? ''}|${f.said?.id ?? ''}|${f.section}|${f.field ?? ''}|${f.location ?? ''}`;

/** The findings that are there as sent but not in `run` (the same invoice judged otherwise), counted as a multiset. */
function goneIn(findings: readonly Finding[], run: readonly Finding[]): Set<Finding> {
  const left = new Map<string, number>();
  for (const f of run) left.set(sameKey(f), (left.get(sameKey(f)) ?? 0) + 1);
  const gone = new Set<Finding>();
  for (const f of findings) {
    const n = left.get(sameKey(f)) ?? 0;
    if (n > 0) left.set(sameKey(f), n - 1);
    else gone.add(f);
  }
  return gone;
}

/** How the invoice is judged with its misspelled keys renamed to their suggestions: all at once, and one at a time. */
export interface Renamings {
  /** The findings with every unknown key that has a suggestion renamed to it. */
  all: readonly Finding[];
  /**
   * The findings with only this key (its unknown-field finding) renamed, asked for only when a finding goes with the
   * keys; absent: the keys are not judged one at a time.
   */
  each?: (typo: Finding) => readonly Finding[];
}

/**
 * Links by counterfactual for unknown keys (issue 12; issue 24 item 7 for several keys). A finding that is there as
 * sent but gone once the keys are renamed to their suggestions follows from a misspelling (a line without its
 * `tax_category` is standard rated, so its VAT errors go with the key). It follows from the key whose renaming alone
 * makes it go; where several do, or only renaming them together does, from the one whose object holds the finding,
 * else the first of them. An unknown key is never a consequence: each is a root of its own.
 */
export function linkByRenaming(findings: readonly Finding[], renamed: Renamings, links: Links): void {
  const typos = findings.filter((f) => f.rule === UNKNOWN_FIELD && f.suggestion !== undefined && f.field !== undefined);
  if (!typos.length) return;
  const gone = goneIn(findings, renamed.all);
  if (![...gone].some((f) => f.rule !== UNKNOWN_FIELD && !links.has(f))) return;
  const goneEach = renamed.each && typos.length > 1 ? typos.map((t) => goneIn(findings, renamed.each!(t))) : undefined;
  // The typo of the innermost object holding the finding (the top level holds every field), among `candidates` (in
  // the typos' order, which decides the rest).
  const placed = (f: Finding, candidates: readonly Finding[]) => {
    for (const field of enclosing(f.field)) {
      const here = candidates.filter((t) => objectOf(t.field!) === field);
      if (here.length) return here[0]!;
    }
    return candidates.find((t) => objectOf(t.field!) === '') ?? candidates[0]!;
  };
  for (const f of findings) {
    if (f.rule === UNKNOWN_FIELD || links.has(f) || !gone.has(f)) continue;
    const alone = goneEach ? typos.filter((_, i) => goneEach[i]!.has(f)) : [];
    links.set(f, alone.length === 1 ? alone[0]! : placed(f, alone.length ? alone : typos));
  }
}

/**
 * The findings with `cause` set: the index, in `ordered`, of the root each one follows from (chains are followed to
 * their root, so a report folds one level). A finding that is its own root through a loop of links stays a root.
 */
export function withCauses(ordered: readonly Finding[], links: Links): Finding[] {
  const index = new Map(ordered.map((f, i) => [f, i] as const));
  return ordered.map((f) => {
    let root = links.get(f);
    const seen = new Set([f]);
    while (root !== undefined && links.has(root) && !seen.has(root)) { seen.add(root); root = links.get(root); }
    const at = root === undefined || root === f ? undefined : index.get(root);
    return at === undefined ? f : { ...f, cause: at };
  });
}
