import { readFileSync } from 'node:fs';
import type { RateEntry } from '../model/types.js';
import { RateTable } from '../derive/rates.js';
import { toDecimal } from '../derive/money.js';
import { parseJson } from './json.js';
import { UsageError } from './errors.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const RATE = /^\d+(\.\d+)?$/;

function entry(date: unknown, currency: unknown, rate: unknown, where: string): RateEntry {
  const d = String(date ?? '').trim(); const c = String(currency ?? '').trim().toUpperCase(); const r = String(rate ?? '').trim();
  if (!DATE.test(d)) throw new UsageError(`${where}: date ${JSON.stringify(d)} is not YYYY-MM-DD`);
  if (!/^[A-Z]{3}$/.test(c)) throw new UsageError(`${where}: currency ${JSON.stringify(c)} is not a three-letter code`);
  if (!RATE.test(r) || Number(r) <= 0) throw new UsageError(`${where}: rate ${JSON.stringify(r)} is not a positive number`);
  return { date: d, currency: c, rate: toDecimal(r) };
}

/** A CBUAE rate table (DESIGN: `--rates`): a JSON array of {date, currency, rate} or CSV `date,currency,rate`. */
export function parseRates(content: string, path: string): RateTable {
  const trimmed = content.replace(/^\ufeff/, '').trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    const parsed = parseJson(trimmed);
    if (!parsed.ok) throw new UsageError(`${path}:${parsed.line}:${parsed.column}: ${parsed.message}`);
    if (!Array.isArray(parsed.value)) throw new UsageError(`${path}: a JSON rate table is an array of {date, currency, rate}`);
    return new RateTable(parsed.value.map((r, i) => entry(r?.date, r?.currency, r?.rate, `${path}[${i}]`)));
  }
  // Lines keep their numbers in the file, so an error points at the line the user sees.
  const rows = trimmed.split(/\r?\n/).map((text, i) => ({ text: text.trim(), line: i + 1 }))
    .filter((r) => r.text && !r.text.startsWith('#') && !/^date\s*,/i.test(r.text));
  return new RateTable(rows.map(({ text, line }) => {
    const cells = text.split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
    if (cells.length !== 3) throw new UsageError(`${path}: line ${line}: expected date,currency,rate`);
    return entry(cells[0], cells[1], cells[2], `${path}: line ${line}`);
  }));
}

export function loadRates(path: string): RateTable {
  let content: string;
  try { content = readFileSync(path, 'utf8'); } catch (e) { throw new UsageError(`--rates ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`); }
  return parseRates(content, path);
}
