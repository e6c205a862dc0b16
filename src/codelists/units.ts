import { lookup } from './lookup.js';
import { RULE_LISTS } from './rule-lists.data.js';

/**
 * UN/ECE Recommendation 20 unit codes with the Rec 21 package codes (prefixed X), exactly as the PINT-AE rules accept
 * them (ibr-cl-23; the list the built-in rules hold). A code outside it is treated like an unknown label (spec 2.7:
 * falls back to EA); withdrawn codes such as PCE, NPR or ST among them, since the delivered document would fail
 * ibr-cl-23 with them.
 */
export const UNIT_CODES: ReadonlySet<string> = new Set(RULE_LISTS['cl-rec20']);

const LABELS: Record<string, string> = {
  each: 'EA', ea: 'EA', unit: 'EA', units: 'EA', 'no': 'EA', nos: 'EA', number: 'EA', item: 'EA', items: 'EA',
  piece: 'H87', pieces: 'H87', pc: 'H87', pcs: 'H87', 'pc s': 'H87', pce: 'H87',
  hour: 'HUR', hours: 'HUR', hr: 'HUR', hrs: 'HUR', h: 'HUR',
  minute: 'MIN', minutes: 'MIN', min: 'MIN', mins: 'MIN', second: 'SEC', seconds: 'SEC', sec: 'SEC',
  day: 'DAY', days: 'DAY', week: 'WEE', weeks: 'WEE', month: 'MON', months: 'MON', year: 'ANN', years: 'ANN',
  kg: 'KGM', kgs: 'KGM', kilo: 'KGM', kilos: 'KGM', kilogram: 'KGM', kilograms: 'KGM', kilogramme: 'KGM',
  g: 'GRM', gram: 'GRM', grams: 'GRM', gramme: 'GRM', mg: 'MGM', milligram: 'MGM',
  t: 'TNE', tonne: 'TNE', tonnes: 'TNE', ton: 'TNE', tons: 'TNE', 'metric ton': 'TNE', lb: 'LBR', lbs: 'LBR', pound: 'LBR', pounds: 'LBR',
  l: 'LTR', litre: 'LTR', litres: 'LTR', liter: 'LTR', liters: 'LTR', ltr: 'LTR', ml: 'MLT', millilitre: 'MLT', milliliter: 'MLT',
  gallon: 'GLL', gallons: 'GLL', m: 'MTR', metre: 'MTR', metres: 'MTR', meter: 'MTR', meters: 'MTR', mtr: 'MTR',
  cm: 'CMT', centimetre: 'CMT', centimeter: 'CMT', mm: 'MMT', millimetre: 'MMT', millimeter: 'MMT',
  km: 'KMT', kilometre: 'KMT', kilometer: 'KMT', inch: 'INH', inches: 'INH', ft: 'FOT', foot: 'FOT', feet: 'FOT', yard: 'YRD',
  m2: 'MTK', sqm: 'MTK', 'sq m': 'MTK', 'square metre': 'MTK', 'square meter': 'MTK', 'square metres': 'MTK', 'square meters': 'MTK',
  sqft: 'FTK', 'sq ft': 'FTK', 'square foot': 'FTK', 'square feet': 'FTK',
  m3: 'MTQ', cbm: 'MTQ', 'cubic metre': 'MTQ', 'cubic meter': 'MTQ', 'cubic metres': 'MTQ', 'cubic meters': 'MTQ',
  kwh: 'KWH', 'kilowatt hour': 'KWH', mwh: 'MWH', kw: 'KWT',
  set: 'SET', sets: 'SET', pair: 'PR', pairs: 'PR', dozen: 'DZN', kit: 'KT', lot: 'LO',
  box: 'XBX', boxes: 'XBX', pack: 'XPK', packs: 'XPK', package: 'XPK', packages: 'XPK', carton: 'XCT', cartons: 'XCT',
  bag: 'XBG', bags: 'XBG', bottle: 'XBO', bottles: 'XBO', can: 'XCN', cans: 'XCN', roll: 'XRO', rolls: 'XRO',
  pallet: 'XPX', pallets: 'XPX', drum: 'XDR', drums: 'XDR', crate: 'XCR', crates: 'XCR', bundle: 'XBE', bundles: 'XBE',
};

/** Rec 20 code for a code or a common label; EA when neither (DESIGN: unit labels). */
export function unitCode(text: string | undefined): string {
  if (text === undefined) return 'EA';
  const t = text.trim();
  if (UNIT_CODES.has(t)) return t;
  if (UNIT_CODES.has(t.toUpperCase()) && t.length > 1) return t.toUpperCase();
  return lookup(LABELS, t.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()) ?? 'EA';
}
