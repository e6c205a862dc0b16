import type { Finding } from '../model/types.js';
import type { SvrlResult } from './svrl.js';
import { sectionOfRule } from './sections.js';

/**
 * The official messages start with their id in brackets ("[ibr-001]-An Invoice MUST …"), the AE TDD's without the dash
 * ("[ibr-tdd-01] The …"); the id travels as `rule`. Other sets' "[id] text" is left as written (an added set's own style).
 */
export const stripId = (text: string) => text.replace(/^\[[\w.-]+\]\s*-\s*|^\[ibr-tdd-[\w.-]+\]\s+/, '');

/** SVRL → Findings: fatal and error flags are errors, warning a warning; informational reports are left out. */
export function svrlToFindings(results: SvrlResult[]): Finding[] {
  const out: Finding[] = [];
  for (const r of results) {
    const flag = (r.flag ?? (r.kind === 'failed-assert' ? 'fatal' : 'information')).toLowerCase();
    const severity = flag === 'warning' ? 'warning' : flag === 'fatal' || flag === 'error' || r.role === 'evaluation-error' ? 'error' : undefined;
    if (!severity) continue;
    // Diagnostics (sch:diagnostic named by the assert) say more about this failure: they follow its message.
    const said = stripId(r.text) || `rule ${r.id ?? '(unnamed)'} failed`;
    const more = r.diagnostics?.map((d) => d.text).filter(Boolean) ?? [];
    out.push({
      message: more.length ? `${said} (${more.join('; ')})` : said,
      section: sectionOfRule(r.id, r.location),
      severity,
      ...(r.id ? { rule: r.id } : {}),
      ...(r.location ? { location: r.location } : {}),
    });
  }
  return out;
}
