import { FORMAT_NAMES, isFormatName, type FormatName } from '../formatters/names.js';
import { isLang, type Lang } from '../messages/lang.js';

/** The content type of each report format. */
const TYPES: Record<FormatName, string> = {
  json: 'application/json; charset=utf-8',
  sarif: 'application/sarif+json; charset=utf-8',
  junit: 'application/xml; charset=utf-8',
  html: 'text/html; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
  stylish: 'text/plain; charset=utf-8',
  github: 'text/plain; charset=utf-8',
};

export const formatType = (format: FormatName): string => TYPES[format];

/** An Accept media type → the report format that answers it (the first listed wins for a type several share). */
const BY_TYPE: Record<string, FormatName> = {
  'application/json': 'json', 'application/sarif+json': 'sarif', 'application/xml': 'junit', 'text/xml': 'junit',
  'application/junit+xml': 'junit', 'text/html': 'html', 'application/x-ndjson': 'ndjson', 'text/plain': 'stylish',
};

export type FormatChoice = { ok: true; format: FormatName } | { ok: false; format?: string; accept?: string };

/**
 * A header of comma-separated values weighted by `;q=` (RFC 9110 12.4.2: Accept, Accept-Language), best first: by
 * weight, then in the order the client listed them. A weight that is no number from 0 to 1 counts as 1, as if absent.
 */
function byWeight(header: string): Array<{ value: string; q: number }> {
  const out: Array<{ value: string; q: number; at: number }> = [];
  header.split(',').forEach((part, at) => {
    const [value = '', ...params] = part.split(';');
    const v = value.trim().toLowerCase();
    if (!v) return;
    let q = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9.]{1,5})\s*$/i.exec(param);
      const n = m ? Number(m[1]) : NaN;
      if (n >= 0 && n <= 1) q = n;
    }
    out.push({ value: v, q, at });
  });
  return out.sort((a, b) => b.q - a.q || a.at - b.at);
}

/** What a media range stands for, in pintae's order of preference among the types it covers. */
function formatsOf(range: string): FormatName[] {
  if (Object.hasOwn(BY_TYPE, range)) return [BY_TYPE[range]!];
  const all = Object.entries(BY_TYPE);
  if (range === '*/*') return ['json', ...all.map(([, f]) => f)];
  const slash = range.indexOf('/');
  if (slash > 0 && range.slice(slash) === '/*') {
    const major = range.slice(0, slash + 1);
    // text/*: plain text before HTML and XML; application/*: JSON first (BY_TYPE's order).
    const types = all.filter(([t]) => t.startsWith(major)).map(([, f]) => f);
    return major === 'text/' ? ['stylish', ...types] : types;
  }
  return [];
}

/**
 * The report format of a request: `?format=` wins; else the most wanted type of `Accept` (by its `q` weights, then
 * its order) that pintae has a format of, a wildcard answering with the format pintae prefers among its types (any type: JSON); a
 * type weighted `q=0` is refused and never chosen. No Accept: JSON.
 */
export function chooseFormat(query: string | null, accept: string | undefined): FormatChoice {
  if (query !== null) return isFormatName(query) ? { ok: true, format: query } : { ok: false, format: query };
  if (!accept || !accept.trim()) return { ok: true, format: 'json' };
  const ranked = byWeight(accept);
  const refused = new Set(ranked.filter((p) => p.q === 0 && Object.hasOwn(BY_TYPE, p.value)).map((p) => BY_TYPE[p.value]!));
  for (const { value, q } of ranked) {
    if (q === 0) continue;
    const format = formatsOf(value).find((f) => !refused.has(f));
    if (format) return { ok: true, format };
  }
  return { ok: false, accept };
}

export const FORMAT_LIST = FORMAT_NAMES.join(', ');

export type LangChoice = { ok: true; lang: Lang } | { ok: false; lang: string };

/**
 * The language of a report (issue 26): `?lang=` (en, ar or en+ar) wins; else the most wanted language of
 * `Accept-Language` (by its `q` weights, then its order) that is English or Arabic (`ar-AE` is Arabic, `*` English),
 * `ar;q=0` or `en;q=0` refusing that language; else English.
 */
export function chooseLang(query: string | null, acceptLanguage: string | undefined): LangChoice {
  if (query !== null) return isLang(query) ? { ok: true, lang: query } : { ok: false, lang: query };
  const ranked = byWeight(acceptLanguage ?? '');
  const refused = new Set(ranked.filter((p) => p.q === 0).map((p) => p.value));
  for (const { value, q } of ranked) {
    if (q === 0) continue;
    const wanted: Lang[] = value === '*' ? ['en', 'ar'] : [value.split('-')[0] as Lang];
    const lang = wanted.find((l) => (l === 'en' || l === 'ar') && !refused.has(l));
    if (lang) return { ok: true, lang };
  }
  return { ok: true, lang: 'en' };
}
