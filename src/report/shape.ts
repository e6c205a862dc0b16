import { MAX_JSON_DEPTH, fieldOfPath, tooDeepAt } from '../io/json-depth.js';

/**
 * The parts of a JSON report the formatters read, checked before merge-reports hands them over: a report is a file
 * the user gives, and a value of the wrong kind there (an `errors` that is no list, a `line` that is an object whose
 * "toString" is a number) would make a formatter throw. Returns what is wrong and where, or undefined.
 */
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const own = (o: Record<string, unknown>, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined);

const TEXT = ['message', 'section', 'rule', 'field', 'location'] as const;
const WHOLE = ['line', 'column'] as const;

/** An error, warning or suppressed finding: text where text is read, whole numbers where positions are. */
function entryProblem(e: unknown, at: string): string | undefined {
  if (!isObject(e)) return `${at}: not an object`;
  if (typeof own(e, 'message') !== 'string') return `${at}.message: not a string`;
  for (const key of TEXT) { const v = own(e, key); if (v !== undefined && typeof v !== 'string') return `${at}.${key}: not a string`; }
  for (const key of WHOLE) { const v = own(e, key); if (v !== undefined && !Number.isInteger(v)) return `${at}.${key}: not a whole number`; }
  const moved = own(e, 'overridden');
  if (moved !== undefined && !(isObject(moved) && typeof own(moved, 'from') === 'string' && typeof own(moved, 'to') === 'string')) return `${at}.overridden: expected {from, to}`;
  return undefined;
}

function listProblem(list: unknown, at: string): string | undefined {
  if (!Array.isArray(list)) return `${at}: not a list`;
  for (let i = 0; i < list.length; i++) { const p = entryProblem(list[i], `${at}[${i}]`); if (p) return p; }
  return undefined;
}

/** A result's response (the validate endpoint's body or a 400 rejection), suppressed findings and error. */
export function resultProblem(r: Record<string, unknown>, at: string): string | undefined {
  const response = own(r, 'response');
  if (isObject(response)) {
    if (typeof own(response, 'message') !== 'string') return `${at}.response.message: not a string`;
    const data = own(response, 'data');
    if (data === undefined) return listProblem(own(response, 'errors'), `${at}.response.errors`);
    if (!isObject(data) || typeof own(data, 'is_valid') !== 'boolean') return `${at}.response.data: expected {is_valid, errors, warnings, …}`;
    for (const key of ['entity_id', 'invoice_number']) { const v = own(data, key); if (v !== null && v !== undefined && typeof v !== 'string') return `${at}.response.data.${key}: neither null nor a string`; }
    const problem = listProblem(own(data, 'errors'), `${at}.response.data.errors`) ?? listProblem(own(data, 'warnings'), `${at}.response.data.warnings`);
    if (problem) return problem;
  }
  const pintae = own(r, 'pintae_findings');
  if (pintae !== undefined) {
    const p = listProblem(pintae, `${at}.pintae_findings`);
    if (p) return p;
    const bad = (pintae as unknown[]).findIndex((f) => !['error', 'warning', 'info'].includes(own(f as Record<string, unknown>, 'severity') as string));
    if (bad >= 0) return `${at}.pintae_findings[${bad}].severity: not error, warning or info`;
  }
  const suppressed = own(r, 'suppressed');
  if (suppressed !== undefined) { const p = listProblem(suppressed, `${at}.suppressed`); if (p) return p; }
  const error = own(r, 'error');
  if (isObject(error)) for (const key of WHOLE) { const v = own(error, key); if (v !== undefined && !Number.isInteger(v)) return `${at}.error.${key}: not a whole number`; }
  return undefined;
}

const CHOSEN = ['customization', 'fallback', 'pinned'];
const BY_DATE = ['covers', 'before', 'after', 'undated'];
const textOrNull = (v: unknown) => v === null || typeof v === 'string';

/** A result's `rule_set` (README "JSON report"): the set that judged its document, as the formatters read it. */
export function ruleSetProblem(set: unknown, at: string): string | undefined {
  if (set === undefined) return undefined;
  if (!isObject(set)) return `${at}: not an object`;
  for (const key of ['name', 'hash']) if (typeof own(set, key) !== 'string') return `${at}.${key}: not a string`;
  for (const key of ['customization', 'version']) if (!textOrNull(own(set, key))) return `${at}.${key}: neither null nor a string`;
  for (const key of ['valid_from', 'valid_to']) { const v = own(set, key); if (v !== undefined && !textOrNull(v)) return `${at}.${key}: neither null nor a string`; }
  if (!CHOSEN.includes(own(set, 'chosen') as string)) return `${at}.chosen: not ${CHOSEN.join(', ')}`;
  const byDate = own(set, 'by_date');
  if (byDate !== undefined && !BY_DATE.includes(byDate as string)) return `${at}.by_date: not ${BY_DATE.join(', ')}`;
  return undefined;
}

/** The overrides list of a report: {rule, level, applied}. */
export function overridesProblem(list: unknown): string | undefined {
  if (list === undefined) return undefined;
  if (!Array.isArray(list)) return 'overrides: not a list';
  const bad = list.findIndex((o) => !(isObject(o) && typeof own(o, 'rule') === 'string' && typeof own(o, 'level') === 'string' && Number.isInteger(own(o, 'applied'))));
  return bad < 0 ? undefined : `overrides[${bad}]: expected {rule, level, applied}`;
}

/** A report nested past the limit (no report pintae writes is deeper than 10) is not walked at all. */
export function depthProblem(value: unknown): string | undefined {
  const deep = tooDeepAt(value);
  return deep ? `${fieldOfPath(deep.slice(0, 6))}…: nested more than ${MAX_JSON_DEPTH} levels deep` : undefined;
}
