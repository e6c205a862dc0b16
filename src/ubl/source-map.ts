import type { Finding, Section } from '../model/types.js';
import { ruleTarget } from './rule-targets.js';

/**
 * The source map of a built document: the location of an element or attribute (src/xpath/location.ts form, e.g.
 * `/Invoice/InvoiceLine[2]/Price/PriceAmount`) → the request field it was built from (`line_items[1].unit_amount`).
 * The serializer fills it while writing (serialize.ts); elements without an entry take their nearest ancestor's.
 */
export type SourceMap = ReadonlyMap<string, string>;

/** Where a finding lands when neither its location nor its rule leads to a field: the object its section is about. */
const BY_SECTION: Readonly<Record<Section, string>> = {
  endpoint_ids: 'entity_id', seller_party: 'entity_id', contact_trn: 'buyer', buyer_party: 'buyer',
  invoice_items: 'line_items', tax: 'line_items', legal_monetary: 'line_items', invoice_header: '(body)',
};

const parentOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));

/** The field of `path` or of its nearest ancestor that has one. */
export function nearestField(sources: SourceMap, path: string): string | undefined {
  for (let p = path; p !== ''; p = parentOf(p)) {
    const field = sources.get(p);
    if (field !== undefined) return field;
  }
  return undefined;
}

/** `relative` (child steps, `..`, `@attribute`) from `location`. */
function resolve(location: string, relative: string): string {
  let path = location;
  for (const step of relative.split('/')) path = step === '..' ? parentOf(path) : `${path}/${step}`;
  return path;
}

/** `line_items[]` in a rule target's field → the line the finding's location is in (a single line has no `[n]`). */
function fill(field: string, location: string): string {
  if (!field.startsWith('line_items[]')) return field;
  const line = /^\/Invoice\/InvoiceLine(?:\[(\d+)\])?(?:\/|$)/.exec(location);
  if (!line) return 'line_items';
  return `line_items[${line[1] === undefined ? 0 : Number(line[1]) - 1}]${field.slice('line_items[]'.length)}`;
}

/**
 * The request field a finding on the built document is about: the element its rule's assert reads (rule-targets.ts)
 * when the document has it, else the field that would have carried it; otherwise the field of the finding's
 * location or its nearest ancestor; and when none of these, the object the finding's section is about.
 */
export function fieldOfFinding(finding: Pick<Finding, 'rule' | 'location' | 'section'>, sources: SourceMap): string {
  const location = finding.location ?? '';
  const target = ruleTarget(finding.rule, location);
  if (target) {
    const at = target.at === undefined ? undefined : resolve(location, target.at);
    const exact = at === undefined ? undefined : sources.get(at);
    if (exact !== undefined) {
      const missing = target.required?.find(([path]) => !sources.has(resolve(location, path)));
      return missing ? missing[1] : exact;
    }
    if (target.field !== undefined) return fill(target.field, location);
    const near = at === undefined ? undefined : nearestField(sources, at);
    if (near !== undefined) return near;
  }
  return nearestField(sources, location) ?? BY_SECTION[finding.section];
}

/** The findings with `field` set from the source map, where they have none yet. */
export function withFields(findings: Finding[], sources: SourceMap): Finding[] {
  return findings.map((f) => (f.field !== undefined ? f : { ...f, field: fieldOfFinding(f, sources) }));
}
