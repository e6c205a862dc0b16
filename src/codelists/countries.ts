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
  // ISO 3166-1 short names where they differ from the common English ones.
  'saint barthelemy': 'BL', 'brunei darussalam': 'BN', 'bolivia plurinational state of': 'BO', bolivia: 'BO',
  'bonaire sint eustatius and saba': 'BQ', 'bahamas the': 'BS', 'congo the democratic republic of the': 'CD',
  'democratic republic of the congo': 'CD', congo: 'CG', 'republic of the congo': 'CG', 'cabo verde': 'CV', 'cape verde': 'CV',
  'falkland islands malvinas': 'FK', 'micronesia federated states of': 'FM', micronesia: 'FM',
  'south georgia and the south sandwich islands': 'GS', 'heard island and mcdonald islands': 'HM',
  'iran islamic republic of': 'IR', 'saint kitts and nevis': 'KN', 'korea democratic people s republic of': 'KP',
  'korea republic of': 'KR', korea: 'KR', 'lao people s democratic republic': 'LA', laos: 'LA', 'saint lucia': 'LC',
  'moldova republic of': 'MD', moldova: 'MD', 'saint martin french part': 'MF', 'saint martin': 'MF',
  'macedonia the former yugoslav republic of': 'MK', macedonia: 'MK', myanmar: 'MM', burma: 'MM',
  'saint pierre and miquelon': 'PM', pitcairn: 'PN', 'palestine state of': 'PS', palestine: 'PS',
  'saint helena ascension and tristan da cunha': 'SH', 'saint helena': 'SH', 'sint maarten dutch part': 'SX',
  'syrian arab republic': 'SY', swaziland: 'SZ', 'taiwan province of china': 'TW', taiwan: 'TW',
  'tanzania united republic of': 'TZ', tanzania: 'TZ', 'united states minor outlying islands': 'UM',
  'holy see': 'VA', vatican: 'VA', 'vatican city': 'VA', 'saint vincent and the grenadines': 'VC',
  'venezuela bolivarian republic of': 'VE', venezuela: 'VE', 'virgin islands british': 'VG', 'british virgin islands': 'VG',
  'virgin islands u s': 'VI', 'us virgin islands': 'VI', 'u s virgin islands': 'VI',
  kosovo: '1A', 'united kingdom northern ireland': 'XI', 'northern ireland': 'XI',
};

function key(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ').trim();
}

const BY_NAME = new Map<string, string>();
for (const [code, name] of Object.entries(COUNTRY_NAMES)) BY_NAME.set(key(name), code);
for (const [alias, code] of Object.entries(ALIASES)) BY_NAME.set(key(alias), code);

/** Codes the Peppol country list adds to ISO 3166-1: Kosovo and Northern Ireland (post-Brexit VAT). */
const PEPPOL_EXTRA_CODES: Readonly<Record<string, string>> = { '1A': 'Kosovo', XI: 'United Kingdom (Northern Ireland)' };

export function isCountryCode(code: string): boolean {
  return Object.hasOwn(COUNTRY_NAMES, code) || Object.hasOwn(PEPPOL_EXTRA_CODES, code);
}

/** ISO 3166-1 alpha-2 code for a code or an English name; undefined when unreadable. */
export function countryCode(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const t = text.trim();
  if (/^[A-Za-z1][A-Za-z]$/.test(t)) {
    const upper = t.toUpperCase();
    if (isCountryCode(upper)) return upper;
  }
  return BY_NAME.get(key(t));
}
