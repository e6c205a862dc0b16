import { lookup } from './lookup.js';
/** The seven emirates and their codes (PINT-AE ibr-128-ae). */
export const EMIRATE_CODES = ['AUH', 'DXB', 'SHJ', 'UAQ', 'FUJ', 'AJM', 'RAK'] as const;
export type EmirateCode = (typeof EMIRATE_CODES)[number];

const NAMES: Record<string, EmirateCode> = {
  'abu dhabi': 'AUH', abudhabi: 'AUH', 'abu zabi': 'AUH',
  dubai: 'DXB', dubayy: 'DXB',
  sharjah: 'SHJ', 'ash shariqah': 'SHJ', shariqah: 'SHJ',
  'umm al quwain': 'UAQ', 'umm al qaiwain': 'UAQ', 'umm al qiwain': 'UAQ', 'umm al quwwain': 'UAQ',
  fujairah: 'FUJ', 'al fujairah': 'FUJ', fujeirah: 'FUJ',
  ajman: 'AJM', 'ras al khaimah': 'RAK', 'ras al khaima': 'RAK', 'ras al-khaimah': 'RAK', rak: 'RAK',
};

/** Emirate code for a code or a name (any case, hyphens and spaces alike); undefined when unreadable. */
export function emirateCode(text: string | undefined): EmirateCode | undefined {
  if (text === undefined) return undefined;
  const upper = text.trim().toUpperCase();
  if ((EMIRATE_CODES as readonly string[]).includes(upper)) return upper as EmirateCode;
  const key = text.trim().toLowerCase().replace(/[-_.]+/g, ' ').replace(/\s+/g, ' ');
  return lookup(NAMES, key) ?? lookup(NAMES, key.replace(/^emirate of /, ''));
}
