import type { Finding } from '../model/types.js';
import type { ReportedFinding, ReportResult } from '../model/report.js';
import { inLang, type Lang, type Text } from '../messages/lang.js';
import { speak, type MessageRef } from '../messages/ref.js';
import { REPORT, type ReportMessageId } from '../messages/report.js';
// Every catalogue a finding can name registers itself on import.
import '../messages/findings.js';
import '../messages/table.js';
import '../messages/cli.js';

/**
 * Findings said in a report's language (issue 26). A result's findings carry the catalogue entry of their English
 * message (`said`); the report's entries are matched to them by that English text, which is what the service's
 * answer holds. `response` itself is never changed: `localized` returns a copy for the formats a person reads.
 */
export function saidOf(r: Pick<ReportResult, 'findings' | 'said'>): Readonly<Record<string, MessageRef>> {
  if (r.said) return r.said;
  const said: Record<string, MessageRef> = {};
  for (const f of r.findings as Finding[]) if (f.said && !Object.hasOwn(said, f.message)) said[f.message] = f.said;
  return said;
}

/** A result's findings in `lang`, each with `message_en` (the English) when `lang` is not en; the result itself when en. */
export function localized(r: ReportResult, lang: Lang | undefined, joiner?: string): ReportResult {
  if (lang === undefined || lang === 'en') return r;
  const said = saidOf(r);
  const say = <T extends { message: string }>(f: T): T & { message_en: string } => {
    const ref = Object.hasOwn(said, f.message) ? said[f.message] : undefined;
    const message = (ref && speak(ref, lang, joiner)) ?? f.message;
    return { ...f, message, message_en: f.message };
  };
  const response = r.response && 'data' in r.response
    ? { ...r.response, data: { ...r.response.data, errors: r.response.data.errors.map(say), warnings: r.response.data.warnings.map(say) } }
    : r.response;
  return {
    ...r, response,
    ...(r.pintae_findings ? { pintae_findings: r.pintae_findings.map(say) } : {}),
    ...(r.suppressed ? { suppressed: r.suppressed.map(say) } : {}),
  };
}

/** A line of pintae's own report text in `lang`. */
export function reportText<K extends ReportMessageId>(id: K, params: Parameters<(typeof REPORT)[K]['en']>[0], lang: Lang | undefined, joiner?: string): string {
  return inLang(REPORT[id] as unknown as Text<typeof params>, params, lang ?? 'en', joiner);
}

export type LocalizedFinding = ReportedFinding & { message_en?: string };
