import { COUNTRY_NAMES } from './countries.data.js';

/** Spellings people send that are not the ISO short name. */
const ALIASES: Record<string, string> = {
  uae: 'AE', 'u a e': 'AE', emirates: 'AE', 'the uae': 'AE', 'united arab emirates the': 'AE',
  usa: 'US', 'u s a': 'US', 'u s': 'US', 'united states of america': 'US', america: 'US',
  uk: 'GB', 'u k': 'GB', 'great britain': 'GB', britain: 'GB', england: 'GB', 'united kingdom of great britain and northern ireland': 'GB',
  ksa: 'SA', 'kingdom of saudi arabia': 'SA', holland: 'NL', 'the netherlands': 'NL',
  'south korea': 'KR', 'republic of korea': 'KR', 'north korea': 'KP', russia: 'RU', 'russian federation': 'RU',
  'czech republic': 'CZ', turkey: 'TR', 'turkiye': 'TR', 'ivory coast': 'CI', vietnam: 'VN', 'viet nam': 'VN',
  'hong kong': 'HK', macau: 'MO', macao: 'MO', 'people s republic of china': 'CN', prc: 'CN', iran: 'IR', syria: 'SY',
};

function key(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ').trim();
}

const BY_NAME = new Map<string, string>();
for (const [code, name] of Object.entries(COUNTRY_NAMES)) BY_NAME.set(key(name), code);
for (const [alias, code] of Object.entries(ALIASES)) BY_NAME.set(key(alias), code);

export function isCountryCode(code: string): boolean {
  return Object.hasOwn(COUNTRY_NAMES, code);
}

/** ISO 3166-1 alpha-2 code for a code or an English name; undefined when unreadable. */
export function countryCode(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const t = text.trim();
  if (/^[A-Za-z]{2}$/.test(t)) {
    const upper = t.toUpperCase();
    if (isCountryCode(upper)) return upper;
  }
  return BY_NAME.get(key(t));
}
