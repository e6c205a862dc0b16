import { readFileSync } from 'node:fs';
import { UsageError } from '../io/errors.js';
import { jsonPositions } from '../io/positions.js';
import { usageText } from '../io/text.js';
import type { Section } from '../model/types.js';
import { editDistance } from '../schema/spelling.js';

/**
 * The rule ids a config override may name: those findings can carry (`overridable`, compared without regard to case),
 * and ids that exist but name no finding an override could reach (`unreachable`: report entries such as an
 * unreadable input), each with the reason.
 */
export interface KnownRuleIds { overridable: Iterable<string>; unreachable: ReadonlyMap<string, string> }

const SECTIONS: readonly Section[] = ['endpoint_ids', 'contact_trn', 'invoice_header', 'seller_party', 'buyer_party', 'tax', 'legal_monetary', 'invoice_items'];

/** Up to three known ids nearest to `id`, nearest first (ties in id order); none when nothing is near. */
export function closestIds(id: string, known: Iterable<string>): string[] {
  const wanted = id.toLowerCase();
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  return [...new Set(known)].map((k) => ({ k, d: editDistance(wanted, k.toLowerCase(), limit) }))
    .filter(({ d }) => d <= limit).sort((x, y) => x.d - y.d || (x.k < y.k ? -1 : 1)).slice(0, 3).map(({ k }) => k);
}

/** Why an override of `id` is refused, or undefined when pintae knows it as a rule a finding can carry. */
export function overrideProblem(id: string, known: KnownRuleIds): string | undefined {
  const lower = id.toLowerCase();
  const overridable = [...known.overridable];
  if (overridable.some((k) => k.toLowerCase() === lower)) return undefined;
  for (const [entry, why] of known.unreachable) if (entry.toLowerCase() === lower) return `rules: "${id}" cannot be overridden: ${why}`;
  const section = /^pintae\/(.+)$/i.exec(id)?.[1];
  if (section && (SECTIONS as readonly string[]).includes(section.toLowerCase())) {
    return `rules: "${id}" cannot be overridden: it stands for the findings of section ${section.toLowerCase()} that have no rule id, many unrelated checks`;
  }
  const near = closestIds(id, overridable);
  return `rules: "${id}" is not a rule id pintae knows${near.length ? ` (closest: ${near.join(', ')})` : ' (pintae rules list names the rule sets; their ids are the PINT-AE ids, such as ibr-127-ae)'}`;
}

/**
 * Keys of `rules` that name a rule an earlier key already names: ids are matched without regard to case, so
 * `IBR-127-AE` and `ibr-127-ae` are one rule, and two levels for it cannot both be in force.
 */
export function sameRuleKeys(rules: Readonly<Record<string, unknown>>): Array<{ id: string; earlier: string }> {
  const seen = new Map<string, string>();
  return Object.keys(rules).flatMap((id) => {
    const earlier = seen.get(id.toLowerCase());
    if (earlier === undefined) { seen.set(id.toLowerCase(), id); return []; }
    return [{ id, earlier }];
  });
}

/**
 * Every override of the config file that names an id pintae does not know (or one no finding can carry), or a rule an
 * earlier key already names, stops the run before any work, located at its key: a misspelt id would otherwise relax
 * nothing while the report says it is in force (`applied: 0` is also what an id of a rule that did not fire shows).
 * Returns the warnings, located: a key that matches its rule only without regard to case (it works; the reports
 * write the id as the rules do).
 */
export function checkOverrideIds(file: string, rules: Readonly<Record<string, unknown>>, known: KnownRuleIds): string[] {
  let keys: ReturnType<typeof jsonPositions>['keys'] = new Map();
  try { keys = jsonPositions(usageText(readFileSync(file), file)).keys; } catch { /* read a moment ago; positions are a help */ }
  const at = (id: string) => {
    const where = keys.get(`/rules/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`) ?? { line: 1, column: 1 };
    return `${file}:${where.line}:${where.column}`;
  };
  const problems = Object.keys(rules).flatMap((id) => {
    const problem = overrideProblem(id, known);
    return problem ? [`${at(id)}: ${problem}`] : [];
  });
  for (const { id, earlier } of sameRuleKeys(rules)) {
    problems.push(`${at(id)}: rules: "${id}" names the same rule as "${earlier}" (${at(earlier)}): rule ids are matched without regard to case, so one rule would get two levels; keep one`);
  }
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  const overridable = [...known.overridable];
  return Object.keys(rules).flatMap((id) => {
    if (overridable.includes(id)) return [];
    const rule = overridable.find((k) => k.toLowerCase() === id.toLowerCase());
    return rule === undefined ? [] : [`${at(id)}: rules: "${id}" is taken as the rule ${rule} (rule ids are matched without regard to case); write it as ${rule}, as the reports do`];
  });
}
