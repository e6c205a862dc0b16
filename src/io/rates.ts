import type { RateEntry } from '../model/types.js';
import { RateTable } from '../derive/rates.js';
import { toDecimal } from '../derive/money.js';
import { parseJson } from './json.js';
import { jsonPositions, type Position } from './positions.js';
import { reasonAt } from './errors.js';
import { ioError } from '../messages/io.js';
import { usageText } from './text.js';
import { MiB, readOptionFile } from './option-file.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const RATE = /^\d+(\.\d+)?$/;

/** A day that exists: 2025-02-30 matches YYYY-MM-DD, but no Bank publishes a rate for it. */
function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return month >= 1 && month <= 12 && d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** A row's cell as read: its text (strings only, and numbers for the rate), and where it stands in the file. */
interface Cell { value: unknown; at: Position }
interface Row { date: Cell; currency: Cell; rate: Cell; at: Position }

const where = (path: string, at: Position) => `${path}:${at.line}:${at.column}`;
/** A cell as a message shows it: text quoted, anything else by its kind (a value nested deep is not written out). */
const shown = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : v === undefined || v === null ? 'null'
  : typeof v === 'number' || typeof v === 'boolean' ? String(v) : Array.isArray(v) ? '(a list)' : '(an object)');

function entry(row: Row, path: string): RateEntry {
  const cell = (c: Cell, numeric = false) => (typeof c.value === 'string' ? c.value.trim() : numeric && typeof c.value === 'number' ? String(c.value) : undefined);
  const d = cell(row.date); const c = cell(row.currency)?.toUpperCase(); const r = cell(row.rate, true);
  if (d === undefined || !isCalendarDate(d)) throw ioError('io.rates.date', { at: where(path, row.date.at), sent: shown(d ?? row.date.value) });
  if (c === undefined || !/^[A-Z]{3}$/.test(c)) throw ioError('io.rates.currency', { at: where(path, row.currency.at), sent: shown(c ?? row.currency.value) });
  if (r === undefined || !RATE.test(r) || Number(r) <= 0) throw ioError('io.rates.rate', { at: where(path, row.rate.at), sent: shown(r ?? row.rate.value) });
  return { date: d, currency: c, rate: toDecimal(r) };
}

/**
 * The table, refusing two rows for one currency and date that disagree (which one the Bank published cannot be
 * guessed); the same rate twice is only a repeat.
 */
function table(rows: Row[], path: string): RateTable {
  const first = new Map<string, { entry: RateEntry; at: Position }>();
  const entries = rows.map((row) => {
    const e = entry(row, path);
    const key = `${e.currency}|${e.date}`;
    const earlier = first.get(key);
    if (earlier && !earlier.entry.rate.equals(e.rate)) {
      throw ioError('io.rates.conflict', { at: where(path, row.rate.at), currency: e.currency, date: e.date, rate: e.rate.toString(), earlier: earlier.entry.rate.toString(), line: earlier.at.line });
    }
    if (!earlier) first.set(key, { entry: e, at: row.at });
    return e;
  });
  return new RateTable(entries);
}

function jsonRows(text: string, value: unknown, path: string): Row[] {
  if (!Array.isArray(value)) throw ioError('io.rates.json-shape', { path });
  const positions = jsonPositions(text);
  return value.map((r, i) => {
    const at = positions.values.get(`/${i}`) ?? { line: 1, column: 1 };
    // Own fields only: a row whose fields sit under a "__proto__" key has none.
    const field = (name: string): Cell => {
      const own = r !== null && typeof r === 'object' && !Array.isArray(r) && Object.hasOwn(r, name);
      return { value: own ? (r as Record<string, unknown>)[name] : undefined, at: (own ? positions.values.get(`/${i}/${name}`) : undefined) ?? at };
    };
    return { date: field('date'), currency: field('currency'), rate: field('rate'), at };
  });
}

function csvRows(text: string, path: string): Row[] {
  const rows: Row[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const content = raw.trim();
    if (!content || content.startsWith('#') || /^date\s*,/i.test(content)) return;
    // Cells keep their column in the line, so an error points at the cell the user sees.
    const cells: Cell[] = [];
    let start = 0;
    for (const part of raw.split(',')) {
      const lead = part.length - part.trimStart().length;
      cells.push({ value: part.trim().replace(/^"|"$/g, ''), at: { line: i + 1, column: start + lead + 1 } });
      start += part.length + 1;
    }
    const at = { line: i + 1, column: raw.length - raw.trimStart().length + 1 };
    if (cells.length !== 3) throw ioError('io.rates.csv-row', { at: where(path, at) });
    rows.push({ date: cells[0]!, currency: cells[1]!, rate: cells[2]!, at });
  });
  return rows;
}

/** A CBUAE rate table (DESIGN: `--rates`): a JSON array of {date, currency, rate} or CSV `date,currency,rate`. */
export function parseRates(content: string, path: string): RateTable {
  const text = content.replace(/^\ufeff/, '');
  const trimmed = text.trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    const parsed = parseJson(text);
    if (!parsed.ok) throw reasonAt(`${path}:${parsed.line}:${parsed.column}`, parsed.message);
    return table(jsonRows(text, parsed.value, path), path);
  }
  return table(csvRows(text, path), path);
}

/** Years of daily rates for every currency the Bank publishes fit in a few MiB. */
export const RATES_FILE_BYTES = 64 * MiB;

export function loadRates(path: string): RateTable {
  return parseRates(usageText(readOptionFile(path, { what: '--rates', maxBytes: RATES_FILE_BYTES }), path), path);
}
