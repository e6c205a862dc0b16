import type { Finding } from '../model/types.js';
import { withCauses, type Links } from './causes.js';

/**
 * A finding of pintae's own, not the service's (DESIGN "the service's answer is the service's"): its rule id is
 * `pintae/…` (an unknown key, the rule set's validity, rules that could not be run, a TDD cross-check), or it is a
 * note (`info`), which the service's answer has no place for.
 */
export const isPintaeOwn = (f: { rule?: string; severity?: string }): boolean =>
  (f.rule !== undefined && f.rule.startsWith('pintae/')) || f.severity === 'info';

/** An invoice's findings split into what the service would answer and what pintae says beside it. */
export interface Answered {
  /**
   * Errors, then warnings, of the service's answer: `cause` always an index into this list. A finding that follows
   * from one of pintae's own has no cause here; that finding's `explains` lists it.
   */
  service: Finding[];
  /** pintae's own findings, in the order found: `cause` and `explains` are indexes into `service`. */
  own: Finding[];
  /** Every finding, `service` then `own`, with `cause` an index into this list (the library's `findings`). */
  all: Finding[];
}

/**
 * Splits the findings and sets the links between them (`links`: dependent → the finding it follows from) as indexes:
 * the service's answer never points outside itself, so a link from a service finding to one of pintae's own is kept
 * on pintae's side (`explains`), and a link between two of pintae's own is dropped (each stands as a root).
 */
export function answered(findings: readonly Finding[], links: Links): Answered {
  const serviceOf = (severity: Finding['severity']) => findings.filter((f) => f.severity === severity && !isPintaeOwn(f));
  const listed = [...serviceOf('error'), ...serviceOf('warning')];
  const n = listed.length;
  const all = withCauses([...listed, ...findings.filter(isPintaeOwn)], links);
  const explains = new Map<number, number[]>();
  const service = all.slice(0, n).map((f, i) => {
    if (f.cause === undefined || f.cause < n) return f;
    const { cause, ...rest } = f;
    const list = explains.get(cause - n);
    if (list) list.push(i); else explains.set(cause - n, [i]);
    return rest;
  });
  const own = all.slice(n).map((f, k) => {
    const { cause, ...rest } = f;
    const kept = cause !== undefined && cause < n ? { ...rest, cause } : rest;
    const list = explains.get(k);
    return list ? { ...kept, explains: list } : kept;
  });
  return { service, own, all };
}
