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
 * The report format of a request: `?format=` wins; else the first type of `Accept` pintae has a format of (weights
 * are not weighed: clients name one type); else JSON.
 */
export function chooseFormat(query: string | null, accept: string | undefined): FormatChoice {
  if (query !== null) return isFormatName(query) ? { ok: true, format: query } : { ok: false, format: query };
  if (!accept) return { ok: true, format: 'json' };
  const types = accept.split(',').map((t) => t.split(';')[0]!.trim().toLowerCase()).filter(Boolean);
  for (const t of types) {
    if (t === '*/*' || t === 'application/*') return { ok: true, format: 'json' };
    if (Object.hasOwn(BY_TYPE, t)) return { ok: true, format: BY_TYPE[t]! };
  }
  return { ok: false, accept };
}

export const FORMAT_LIST = FORMAT_NAMES.join(', ');

export type LangChoice = { ok: true; lang: Lang } | { ok: false; lang: string };

/**
 * The language of a report (issue 26): `?lang=` (en, ar or en+ar) wins; else the first tag of `Accept-Language`
 * whose language is English or Arabic (`ar-AE` is Arabic; weights are not weighed, as for Accept); else English.
 */
export function chooseLang(query: string | null, acceptLanguage: string | undefined): LangChoice {
  if (query !== null) return isLang(query) ? { ok: true, lang: query } : { ok: false, lang: query };
  for (const tag of (acceptLanguage ?? '').split(',')) {
    const primary = tag.split(';')[0]!.trim().toLowerCase().split('-')[0];
    if (primary === 'ar' || primary === 'en') return { ok: true, lang: primary };
  }
  return { ok: true, lang: 'en' };
}
