import type { Finding } from '../model/types.js';

/**
 * One mistake, one finding: findings that follow from another are linked to it (`cause`), so a report can show the
 * mistake once and fold what follows under it. Links are made on the findings themselves first (`Links`), then turned
 * into indexes once the findings have their places in the response.
 */

/** Dependent → the finding it follows from. */
export type Links = Map<Finding, Finding>;

import { UNKNOWN_FIELD } from '../schema/unknown-fields.js';

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
 * - a tax category pintae could not read (ibr-139-ae) causes the findings on its line's category-bound fields;
 * - a field whose value could not be read (the schema stage) causes the findings at or inside that field;
 * - an error of the rule engine on a field causes the PINT-AE findings on that same field, which judge the same value.
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
    const category = line === undefined ? undefined : categories.get(line);
    if (category) link(f, category);
    const engine = !facts.engine.has(f) && f.field !== undefined ? engineByField.get(f.field) : undefined;
    if (engine) link(f, engine);
  }
}

/** `line_items[0]` of `line_items[0].tax_categroy`: the object an unknown key was found in. */
const objectOf = (field: string) => field.replace(/(\.[^.[\]]+|\[\d+\])$/, '');

/**
 * Links by counterfactual for unknown keys: `renamed` holds the findings of the same invoice with every unknown key
 * that has a suggestion renamed to it. A finding that is there as sent but gone once renamed follows from the
 * misspelling (a line without its `tax_category` is standard rated, so its VAT errors go with the typo). With several
 * such keys, a finding is charged to the one whose object holds it, else to the first.
 */
export function linkByRenaming(findings: readonly Finding[], renamed: readonly Finding[], links: Links): void {
  const typos = findings.filter((f) => f.rule === UNKNOWN_FIELD && f.suggestion !== undefined && f.field !== undefined);
  if (!typos.length) return;
  const key = (f: Finding) => `${f.severity}|${f.rule ?? ''}|${f.section}|${f.field ?? ''}|${f.location ?? ''}`;
  const left = new Map<string, number>();
  for (const f of renamed) left.set(key(f), (left.get(key(f)) ?? 0) + 1);
  const isTypo = new Set(typos);
  const rank = new Map(typos.map((t, i) => [t, i] as const));
  const typoIn = new Map<string, Finding>();
  for (const t of typos) if (!typoIn.has(objectOf(t.field!))) typoIn.set(objectOf(t.field!), t);
  // The typo of the innermost object holding the finding; the typos' order decides only between unrelated objects.
  const typoOf = (f: Finding) => {
    let found: Finding | undefined;
    for (const field of enclosing(f.field)) {
      const t = typoIn.get(field);
      if (t && (found === undefined || rank.get(t)! < rank.get(found)!)) found = t;
    }
    return found;
  };
  for (const f of findings) {
    if (isTypo.has(f) || links.has(f)) continue;
    const n = left.get(key(f)) ?? 0;
    if (n > 0) { left.set(key(f), n - 1); continue; }
    links.set(f, typoOf(f) ?? typos[0]!);
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
