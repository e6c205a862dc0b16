// The fuzz corpus of issue 11 (test/e2e/fuzz.test.ts in CI, `npm run fuzz` for the long run): seeded mutations of the
// fixture invoices, written as a few bulk files and many single files. Mutations act on the parsed body (type swaps,
// deletions, extreme numbers, long and exotic strings, prototype keys) and on the JSON text (deep nesting, duplicate
// keys, numbers JSON.parse cannot hold), and single files also on the bytes (encodings, odd bytes, truncation).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** mulberry32: the same sequence for the same seed on every run. */
export function rng(seed) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (random, items) => items[Math.floor(random() * items.length)];

const EXOTIC = [
  '', ' ', '\t\n\r', '\u0000', '\u0001\u001f', '\u007f\u0085', '\ud800', '\udfff', 'a\ud83d', '\uffff', '\ufffe', '\ufeff',
  '\u202e\u200b\u200d', 'e\u0301\u0301\u0301', '\u{1F600}\u{10FFFF}', '&#x110000;', '&#99999999;', '&#0;', '&amp;', ']]>',
  '<![CDATA[x]]>', '<a>', '"\'\\', '%s%n${x}', '../../etc/passwd', '__proto__', 'constructor', 'toString', 'hasOwnProperty',
  'prototype', 'valueOf', 'NaN', '-0', '1e999', '0x10', ' 30 ', 'S\u0000', 'AE\n', 'ٱلإمارات', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
];
const NUMBERS = [0, -0, -1, 1e308, -1e308, 5e-324, 1e21, 1e-7, 9007199254740993, 0.1 + 0.2, 123456789.123456789, 1e13, 9999999999999.99, -0.005];
/** Number literals JSON.parse reads as Infinity, or rounds away. */
const NUMBER_TEXTS = ['1e400', '-1e400', '123456789012345678901234567890', '0.' + '0'.repeat(400) + '1', '1' + '0'.repeat(400), '1E-400'];
const LONG = (random) => pick(random, [
  () => 'x'.repeat(5_000 + Math.floor(random() * 30_000)),
  () => '1'.repeat(20_000) + 'x',
  () => ' '.repeat(20_000) + 'a',
  () => '-'.repeat(20_000) + '0',
  () => 'ab'.repeat(10_000) + '\ud800',
  () => '\u{1F600}'.repeat(10_000),
  () => '&#x110000;'.repeat(2_000),
])();
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Every object and array in `value` (the body itself included), with the array/object and a key inside it. */
function slots(value) {
  const out = [];
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) v.forEach((c, i) => { out.push([v, i]); if (c !== null && typeof c === 'object') stack.push(c); });
    else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) { out.push([v, k]); const c = v[k]; if (c !== null && typeof c === 'object') stack.push(c); }
  }
  return out;
}
const objects = (value) => [value, ...slots(value).map(([p, k]) => p[k])].filter((v) => v !== null && typeof v === 'object' && !Array.isArray(v));
/** Sets an own property, `__proto__` included (an assignment would set the prototype instead). */
const define = (obj, key, value) => Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });

/**
 * One invoice's text: a fixture body with one to four mutations. Text-level mutations leave a marker string in the
 * tree, replaced in the serialized text (JSON.stringify could not write a value thousands of levels deep).
 */
function mutant(bases, random, n) {
  const body = structuredClone(pick(random, bases));
  body.invoice_number = `FZ-${n}`;
  const texts = new Map();
  // A marker is replaced where it still stands as written; one moved by a later mutation stays a plain string.
  const marker = (text, key) => {
    const m = `@@fuzz${texts.size}@@`;
    texts.set(key === undefined ? `"${m}"` : `${JSON.stringify(key)}:"${m}"`, key === undefined ? text : `${JSON.stringify(key)}:${text}`);
    return m;
  };
  const ops = [];
  const times = 1 + Math.floor(random() * 4);
  let wrapped = null;
  for (let t = 0; t < times; t++) {
    const all = slots(body);
    const [parent, key] = all.length ? pick(random, all) : [body, 'x'];
    const op = Math.floor(random() * 11);
    ops.push(op);
    switch (op) {
      case 0: { // type swap
        const v = parent[key];
        parent[key] = pick(random, [typeof v === 'string' ? 12.5 : 'text', null, true, [], {}, [v], { value: v }, 0]);
        break;
      }
      case 1: // deletion
        if (Array.isArray(parent)) parent.splice(key, 1); else delete parent[key];
        break;
      case 2: parent[key] = pick(random, NUMBERS); break;
      case 3: parent[key] = marker(pick(random, NUMBER_TEXTS)); break;
      case 4: parent[key] = pick(random, EXOTIC) + (random() < 0.5 ? String(parent[key] ?? '') : ''); break;
      case 5: parent[key] = LONG(random); break;
      case 6: { // prototype keys, as data at any level or holding the whole invoice
        const target = pick(random, objects(body));
        if (random() < 0.2) wrapped = pick(random, PROTO_KEYS);
        else define(target, pick(random, PROTO_KEYS), pick(random, [structuredClone(body), 'x', 1, null, { entity_id: 'ent_al_noor' }]));
        break;
      }
      case 7: { // deep nesting, around the limit or far past it
        const depth = pick(random, [60, 63, 64, 65, 66, 200, 2_000, 5_000, 20_000]);
        parent[key] = marker(random() < 0.5 ? '['.repeat(depth) + '1' + ']'.repeat(depth) : '{"a":'.repeat(depth) + '"x"' + '}'.repeat(depth));
        break;
      }
      case 8: { // duplicate keys: the value read is the last one
        if (Array.isArray(parent)) break;
        const other = JSON.stringify(pick(random, ['dup', 0, null, { x: 1 }, parent[key] ?? 'x']));
        const mine = JSON.stringify(parent[key] ?? null);
        // Keyed: only a member of an object can carry the duplicate (the marker wrapped in a list later cannot).
        parent[key] = marker(random() < 0.5 ? `${other},${JSON.stringify(key)}:${mine}` : `${mine},${JSON.stringify(key)}:${other}`, key);
        break;
      }
      case 9: // lines: none, or many
        body.line_items = random() < 0.3 ? [] : Array.from({ length: 1 + Math.floor(random() * 60) }, (_, i) => ({ ...(body.line_items?.[0] ?? {}), description: `line ${i}` }));
        break;
      default: parent[key] = pick(random, [[], {}, [[]], [{}], '   ', -1, 'S']);
    }
  }
  let text = JSON.stringify(body);
  for (const [m, replacement] of texts) text = text.replace(m, () => replacement);
  if (wrapped) text = `{${JSON.stringify(wrapped)}:${text}}`;
  return { text, ops };
}

/** Whole-file damage for single files: encodings, odd bytes, truncation. */
function damage(text, random) {
  const bytes = Buffer.from(text, 'utf8');
  switch (Math.floor(random() * 8)) {
    case 0: return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    case 1: return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
    case 2: return Buffer.from(text, 'latin1');
    case 3: { const b = Buffer.from(bytes); for (let i = 0; i < 5; i++) b[Math.floor(random() * b.length)] = Math.floor(random() * 256); return b; }
    case 4: return bytes.subarray(0, Math.floor(random() * bytes.length));
    case 5: return Buffer.from(text.replace(/,/g, ',\r\n'), 'utf8');
    case 6: return Buffer.concat([bytes, Buffer.from([0, 0, 0x80, 0xc0])]);
    default: return Buffer.from(pick(random, ['', '   ', '[]', '{}', 'null', '"text"', '{"invoices": []}', '{"invoices": {}}', '[[[', '\u0000']), 'utf8');
  }
}

/**
 * Writes `count` mutated invoices into `dir`: `bulkFiles` bulk bodies (or arrays) holding most of them, the rest as
 * single files, a fifth of which are also damaged as bytes. Returns how many results a run must report.
 */
export function writeFuzzCorpus(root, dir, { seed, count, bulkFiles = 4, singleShare = 0.1 }) {
  const random = rng(seed);
  const bases = ['invoices', 'invalid'].flatMap((sub) => readdirSync(join(root, 'fixtures', sub)).filter((f) => f.endsWith('.json')).sort()
    .flatMap((f) => { try { return [JSON.parse(readFileSync(join(root, 'fixtures', sub, f), 'utf8'))]; } catch { return []; } }));
  const singles = Math.round(count * singleShare);
  const perBulk = Math.ceil((count - singles) / bulkFiles);
  let n = 0;
  let results = 0;
  for (let b = 0; b < bulkFiles; b++) {
    const items = [];
    for (let i = 0; i < perBulk && n < count - singles; i++) items.push(mutant(bases, random, n++).text);
    const text = b % 2 === 0 ? `{"invoices": [\n${items.join(',\n')}\n]}` : `[\n${items.join(',\n')}\n]`;
    writeFileSync(join(dir, `bulk-${seed}-${b}.json`), text);
    results += Math.max(items.length, 1);
  }
  while (n < count) {
    const { text } = mutant(bases, random, n);
    writeFileSync(join(dir, `single-${seed}-${n}.json`), random() < 0.2 ? damage(text, random) : text);
    n++;
    results++;
  }
  return { files: bulkFiles + singles, invoices: count, results };
}
