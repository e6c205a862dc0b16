import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES } from './paths.js';

/** A small deterministic PRNG (mulberry32): the same sequence for the same seed on every run. */
export function rng(seed: number): () => number {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

type Json = Record<string, unknown>;

/** Every fixture request body (valid and invalid ones), by name. */
export function fixtureBodies(): Array<{ name: string; body: Json }> {
  const out: Array<{ name: string; body: Json }> = [];
  for (const dir of ['invoices', 'invalid']) {
    for (const file of readdirSync(join(FIXTURES, dir)).filter((f) => f.endsWith('.json')).sort()) {
      let body: unknown;
      try { body = JSON.parse(readFileSync(join(FIXTURES, dir, file), 'utf8')); } catch { continue; }
      if (body && typeof body === 'object' && !Array.isArray(body)) out.push({ name: `${dir}/${file}`, body: body as Json });
    }
  }
  return out;
}

/** [container, key] of every leaf value, with its field path. */
function leaves(value: unknown, path: string, out: Array<{ path: string; parent: Json | unknown[]; key: string | number }>): typeof out {
  if (Array.isArray(value)) value.forEach((v, i) => (v !== null && typeof v === 'object' ? leaves(v, `${path}[${i}]`, out) : out.push({ path: `${path}[${i}]`, parent: value, key: i })));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = path ? `${path}.${k}` : k;
      if (v !== null && typeof v === 'object') leaves(v, p, out);
      else out.push({ path: p, parent: value as Json, key: k });
    }
  }
  return out;
}

const STRINGS = ['', 'X', 'XX', 'ZZ', 'AE', 'US', 'Dubai', 'Ras Al Khaimah', '0235', '0088', '9999', '1234567890', '100987654300003',
  '12345', 'TL', 'PAS', 'CD', 'EID', 'S', 'Z', 'E', 'O', 'AE', 'N', 'Exempt', 'DL8.46.1', 'DL8.48.8.2', 'box', 'kg', '2025-02-30',
  '2025-03-01', '00000001', '01000000', '00100000', '10000000', 'USD', 'EUR', 'GBP', 'aed', 'a'.repeat(300), 'R&amp;D <x>'];
const NUMBERS = [0, -1, 0.001, 0.005, 1, 2.5, 3.6725, 33.33, 49.995, 100, 1e6, 12345.678];

const LINE_FIELDS: Record<string, readonly unknown[]> = {
  tax_category: ['S', 'Z', 'E', 'O', 'AE', 'N', 'Zero Rated', 'Reverse Charge', 'Standard'],
  tax_exemption_reason: ['DL8.46.1', 'DL8.46.9', 'X'],
  item_type: ['DL8.48.8.1', 'DL8.48.3.2', 'X'],
  item_standard_id: ['4006381333931', '123', 'X'],
  line_amount: [0, 1, 100.5, 49.99, 1e5],
  unit: ['EA', 'hour', 'box', 'weird unit'],
  tax_amount: [0, 5, 47.5, 0.01, -5],
  quantity: [0, -2, 1.5, 0.333, 1000],
  unit_amount: [-1, 0.5, 33.33, 9.995, 12.3456789],
};
const BODY_FIELDS: Record<string, readonly unknown[]> = {
  transaction_type_code: ['00000000', '00000001', '01000000', '00100000', '10000000', '00010000', '00001000', '00000100', '00000010', '11111111'],
  currency: ['AED', 'USD', 'EUR', 'GBP', 'XYZ'],
  exchange_rate: [3.6725, 0.5, 4.1234567, 0],
  payment_means_code: ['1', '10', '20', '30', '48', '49'],
  sub_total: [0, 1, 100, 12345.67], total_tax: [0, 1, 5], total: [0, 1, 105],
  due_date: ['2025-01-01', '2026-12-31'], actual_delivery_date: ['2025-03-11'],
  incoterms: ['CIF', 'FOB', 'XXX'], customs_declaration_ref: ['EXP-1'],
  deliver_to_party_name: ['Warehouse 7'], deliver_to_party_id: ['100987654300003', 'X'], deliver_to_party_id_scheme: ['VAT', '0088'],
  delivery: [{ address_line1: 'Street 1', city: 'Dubai', country_subdivision: 'DXB', country: 'AE' },
    { address_line1: 'Harbor', city: 'Doha', region: 'DA', country: 'QA', post_code: '123' }, { city: 'Nowhere' }, { country: 'US', state: 'CA' }],
};
const BUYER_FIELDS: Record<string, readonly unknown[]> = {
  country: ['AE', 'US', 'Germany', 'EE', 'DK', 'BR', 'XX', 'United Arab Emirates'],
  trn: ['100987654300003', '200987654300003', 'DE123456789', '12345678901234', '1234567890'],
  participant_id: ['0088:1234567890123', '1234567890', '12345678', '0235:1009876543', '9930:DE123456789'],
  participant_scheme: ['0088', '0235', '0191', '9930', '9999'],
  legal_registration_type: ['TL', 'EID', 'PAS', 'CD', 'tl'],
  legal_registration_id: ['TL-1', 'P1234567'], authority_name: ['DET'], passport_country_code: ['IN', 'in', 'XX'],
  region: ['Dubai', 'Abu Dhabi', 'RAK', 'CA', 'Nowhere'], city: ['Dubai'], address_line1: ['Street 1'], name: ['Acme'],
};

function mutateOnce(body: Json, random: () => number): string {
  const lines = body.line_items as Json[] | undefined;
  const kind = random();
  if (kind < 0.1) {
    const all = leaves(body, '', []);
    if (!all.length) return 'nothing';
    const leaf = pick(random, all);
    if (Array.isArray(leaf.parent)) leaf.parent.splice(leaf.key as number, 1); else delete leaf.parent[leaf.key as string];
    return `remove ${leaf.path}`;
  }
  if (kind < 0.2) {
    const all = leaves(body, '', []);
    if (!all.length) return 'nothing';
    const leaf = pick(random, all);
    const current = (leaf.parent as Record<string | number, unknown>)[leaf.key];
    const next = typeof current === 'number' ? pick(random, NUMBERS) : pick(random, STRINGS);
    (leaf.parent as Record<string | number, unknown>)[leaf.key] = next;
    return `set ${leaf.path} = ${JSON.stringify(next)}`;
  }
  if (kind < 0.6 && Array.isArray(lines) && lines.length) {
    const i = Math.floor(random() * lines.length);
    const field = pick(random, Object.keys(LINE_FIELDS));
    const value = pick(random, LINE_FIELDS[field]!);
    if (lines[i] && typeof lines[i] === 'object') lines[i]![field] = value;
    return `set line_items[${i}].${field} = ${JSON.stringify(value)}`;
  }
  if (kind < 0.65 && Array.isArray(lines) && lines.length) {
    const i = Math.floor(random() * lines.length);
    if (random() < 0.5 && lines.length > 1) { lines.splice(i, 1); return `remove line_items[${i}]`; }
    lines.push(structuredClone(lines[i]!));
    return `copy line_items[${i}]`;
  }
  if (kind < 0.85) {
    const field = pick(random, Object.keys(BODY_FIELDS));
    const value = structuredClone(pick(random, BODY_FIELDS[field]!));
    body[field] = value;
    return `set ${field} = ${JSON.stringify(value)}`;
  }
  const buyer = body.buyer as Json | undefined;
  if (!buyer || typeof buyer !== 'object') return 'nothing';
  const field = pick(random, Object.keys(BUYER_FIELDS));
  const value = pick(random, BUYER_FIELDS[field]!);
  buyer[field] = value;
  return `set buyer.${field} = ${JSON.stringify(value)}`;
}

/** `count` seeded mutants of the fixtures, each with one to three changes; the fixtures themselves come first. */
export function mutatedFixtures(count: number, seed = 20250310): Array<{ name: string; body: Json }> {
  const bases = fixtureBodies();
  const out = [...bases];
  const random = rng(seed);
  for (let n = 0; n < count; n++) {
    const base = pick(random, bases);
    const body = structuredClone(base.body);
    const changes: string[] = [];
    const times = 1 + Math.floor(random() * 3);
    for (let k = 0; k < times; k++) changes.push(mutateOnce(body, random));
    out.push({ name: `${base.name} :: ${changes.join('; ')}`, body });
  }
  return out;
}
