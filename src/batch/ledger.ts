import { closeSync, constants, fstatSync, fsyncSync, openSync, readSync, statSync, writeSync, type Stats } from 'node:fs';
import { createHash, scryptSync } from 'node:crypto';
import { dirname } from 'node:path';
import { UsageError } from '../io/errors.js';
import { ioError } from '../messages/io.js';
import { fsErrorWords } from '../io/input-file.js';
import { acquireLock, LockBusy, type HeldLock } from '../io/lock-file.js';
import { MiB, notRegular } from '../io/option-file.js';
import { parseJson } from '../io/json.js';
import { decodeText } from '../io/text.js';
import { jsonPositions } from '../io/positions.js';
import { makeDirectories } from '../io/write.js';
import { redactDeep } from '../io/secrets.js';

/**
 * The submission ledger: an append-only JSON-lines file, fsync'd after every append. A submission is recorded
 * (`sending`) before it leaves, and its answer (`accepted`, `rejected`, `unknown`) after, so that a crash at any
 * point leaves either no trace (never sent) or a `sending` line (outcome unknown: resend, the service's 409 tells).
 * Records never hold the token or the payload, only its hash. One process at a time: a lock file beside it
 * (src/io/lock-file.ts), made only beside a regular file (or where one is about to be made).
 */
/** `unsent`: the request provably never left (connection refused). */
export type LedgerState = 'sending' | 'accepted' | 'rejected' | 'unknown' | 'unsent';

export interface LedgerRecord {
  time: string;
  state: LedgerState;
  /** Submissions to a sandbox and to production never answer for each other. */
  base_url: string;
  /**
   * Whose submission it was: a fingerprint of the token it was sent with (ledgerAccount), so that a ledger found in a
   * checkout (a customer's project copied, a forged file) never answers for the user's own account. Absent in the
   * records of older versions.
   */
  account?: string;
  entity_id: string;
  invoice_number: string;
  sha256: string;
  invoice_id?: string | null;
  status?: string | null;
  http?: number;
  note?: string;
}

export interface LedgerEntry {
  /** The latest record for this invoice. */
  last: LedgerRecord;
  /** The latest accepted record, if the invoice was ever accepted. */
  accepted?: LedgerRecord;
}

/** sha256 of the canonical JSON (keys sorted, no whitespace) of the payload as sent. */
export function payloadHash(body: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
    return v;
  };
  return createHash('sha256').update(JSON.stringify(canonical(body))).digest('hex');
}

const STATES: ReadonlySet<string> = new Set<LedgerState>(['sending', 'accepted', 'rejected', 'unknown', 'unsent']);
const KEY_FIELDS = ['time', 'base_url', 'entity_id', 'invoice_number', 'sha256'] as const;

/** What makes a parsed line no ledger record, and the field (or column) where it shows; undefined for a record. */
function recordProblem(value: unknown): { why: string; column: string | number } | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { why: 'expected a JSON object', column: 1 };
  const record = value as Record<string, unknown>;
  // Own fields only: a line whose fields sit under a "__proto__" key is not a record.
  const field = (name: string) => (Object.hasOwn(record, name) ? record[name] : undefined);
  for (const name of KEY_FIELDS) if (typeof field(name) !== 'string') return { why: `${name} ${field(name) === undefined ? 'is missing' : 'is not a string'}`, column: name };
  if (!STATES.has(field('state') as string)) return { why: `state is not one of ${[...STATES].join(', ')}`, column: 'state' };
  // Optional fields are printed in messages and reports: text (or null) and a whole number, nothing else.
  for (const name of ['invoice_id', 'status', 'note', 'account']) {
    const v = field(name);
    if (v !== undefined && v !== null && typeof v !== 'string') return { why: `${name} is not a string`, column: name };
  }
  if (field('http') !== undefined && !Number.isInteger(field('http'))) return { why: 'http is not a whole number', column: 'http' };
  return undefined;
}

export const ledgerKey = (baseUrl: string, entityId: string, invoiceNumber: string) => `${baseUrl}\u0000${entityId}\u0000${invoiceNumber.trim()}`;

/**
 * The account a token sends for, as the ledger records it: 16 hex digits (64 bits) of the token's scrypt, enough to
 * tell two tokens apart. Not a secret, and never the token; but a ledger is a plain file that travels with a project,
 * and a token typed by hand can be a word or two: a fast hash would let anyone holding the ledger try a dictionary
 * against it at billions a second, scrypt (N 2^13, 8 MiB) at a few hundred a second per core. Costs ~20 ms, once per
 * client that submits (ApiClient.account is computed when first read).
 */
export const ledgerAccount = (token: string): string =>
  scryptSync(token, 'pintae ledger account', 8, { N: 2 ** 13, r: 8, p: 1 }).toString('hex');

/** About a million records: past it, a ledger is moved aside and a new one started (the message says so). */
export const LEDGER_BYTES = 256 * MiB;
const tooLarge = (path: string) => ioError('io.ledger.too-large', { path, mib: LEDGER_BYTES / MiB });

export class Ledger {
  /** By ledgerKey, then by account ('' for a record without one); the latest account remembered last. */
  private readonly entries = new Map<string, Map<string, LedgerEntry>>();
  private fd: number | null = null;
  private lock: HeldLock | null = null;
  private needsNewline = false;
  private readonly releaseOnExit = () => this.close();

  /** `path` null: an in-memory ledger (`--no-ledger`), which guards a single run only. */
  private constructor(readonly path: string | null) {}

  static memory(): Ledger { return new Ledger(null); }

  /** `noFollow`: the path was not named by the user (the default one): a link at its last part is not opened. */
  static open(path: string, options: { noFollow?: boolean } = {}): Ledger {
    const ledger = new Ledger(path);
    try { makeDirectories(dirname(path)); } catch (e) { throw ioError('io.ledger.unusable', { path, reason: fsErrorWords(e) }); }
    // Judged before the lock is made: `--ledger /dev/zero` must not leave /dev/zero.lock (nor read forever).
    regularOrAbsent(path);
    try { ledger.lock = acquireLock(`${path}.lock`); } catch (e) {
      if (!(e instanceof LockBusy)) throw ioError('io.ledger.unusable', { path: `${path}.lock`, reason: fsErrorWords(e) });
      throw e.pid === undefined
        ? ioError('io.ledger.lock-stuck', { lock: `${path}.lock`, why: e.why })
        : ioError('io.ledger.in-use', { lock: `${path}.lock`, pid: e.pid });
    }
    process.once('exit', ledger.releaseOnExit);
    try {
      // Opened once, without blocking, and judged by what was opened: read and appended through the same descriptor.
      const fd = openSync(path, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | (constants.O_NONBLOCK ?? 0) | (options.noFollow ? constants.O_NOFOLLOW ?? 0 : 0), 0o666);
      ledger.fd = fd;
      const opened = fstatSync(fd);
      if (!opened.isFile()) throw notRegular('ledger', path, opened);
      if (opened.size > LEDGER_BYTES) throw tooLarge(path);
      ledger.load(ledgerText(readAll(fd, opened.size), path));
      if (opened.size === 0) syncDirectory(dirname(path));
    } catch (e) {
      ledger.close();
      throw e instanceof UsageError ? e : ioError('io.ledger.unusable', { path, reason: fsErrorWords(e) });
    }
    return ledger;
  }

  private load(text: string): void {
    const lines = text.split('\n');
    this.needsNewline = text.length > 0 && !text.endsWith('\n');
    lines.forEach((line, i) => {
      if (!line.trim()) return;
      const parsed = parseJson(line);
      // A torn last line is a write cut short by a crash: that send was never confirmed, and is not relied on.
      if (!parsed.ok && i === lines.length - 1) return;
      const problem = parsed.ok ? recordProblem(parsed.value) : { why: parsed.message, column: parsed.column };
      if (problem || !parsed.ok) {
        const at = problem?.column ?? 1;
        const column = typeof at === 'number' ? at : jsonPositions(line).values.get(`/${at}`)?.column ?? 1;
        throw ioError('io.ledger.bad-record', { at: `${this.path}:${i + 1}:${column}`, why: String(problem?.why) });
      }
      this.remember(parsed.value as LedgerRecord);
    });
  }

  private remember(record: LedgerRecord): void {
    const key = ledgerKey(record.base_url, record.entity_id, record.invoice_number);
    const byAccount = this.entries.get(key) ?? new Map<string, LedgerEntry>();
    const account = record.account ?? '';
    const entry = byAccount.get(account);
    byAccount.delete(account);
    byAccount.set(account, { last: record, accepted: record.state === 'accepted' ? record : entry?.accepted });
    this.entries.set(key, byAccount);
  }

  /**
   * The entry of one invoice: of `account` (a record without one counts as '': an older version's), or, with no
   * account given, of whichever account was recorded last.
   */
  lookup(baseUrl: string, entityId: string, invoiceNumber: string, account?: string): LedgerEntry | undefined {
    const byAccount = this.entries.get(ledgerKey(baseUrl, entityId, invoiceNumber));
    if (!byAccount) return undefined;
    return account === undefined ? [...byAccount.values()].at(-1) : byAccount.get(account);
  }

  /** The entries of one invoice written for any account but `account` (or by an older version, without one). */
  others(baseUrl: string, entityId: string, invoiceNumber: string, account: string): LedgerEntry[] {
    const byAccount = this.entries.get(ledgerKey(baseUrl, entityId, invoiceNumber));
    return byAccount ? [...byAccount].filter(([a]) => a !== account).map(([, e]) => e) : [];
  }

  /**
   * Appends the records in one write and one fsync; they are durable when this returns. What the service answered
   * (an invoice_id, a status, a note) is stored with the registered secrets removed, field by field so each line
   * stays JSON: a token echoed by the service must not outlive the run in a file. This run keeps the answers as
   * they came. The payload hash is pintae's own and holds a token's characters only by chance (a hex token): it is
   * kept, since a changed hash would make a rerun refuse the invoice as changed.
   */
  append(records: LedgerRecord[]): void {
    if (records.length === 0) return;
    for (const r of records) this.remember(r);
    if (this.fd === null) return;
    const text = (this.needsNewline ? '\n' : '') + records.map((r) => JSON.stringify({ ...redactDeep(r), sha256: r.sha256, ...(r.account !== undefined ? { account: r.account } : {}) })).join('\n') + '\n';
    this.needsNewline = false;
    writeSync(this.fd, text);
    fsyncSync(this.fd);
  }

  close(): void {
    if (this.fd !== null) { closeSync(this.fd); this.fd = null; }
    this.lock?.release();
    this.lock = null;
    process.removeListener('exit', this.releaseOnExit);
  }
}

/** The ledger's path holds a regular file or nothing yet (a link to a regular file is that file). */
function regularOrAbsent(path: string): void {
  let stat: Stats;
  try { stat = statSync(path); } catch (e) {
    // Nothing there yet (or a link to nothing, which the open makes): the ledger starts here.
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw ioError('io.ledger.unusable', { path, reason: fsErrorWords(e) });
  }
  if (!stat.isFile()) throw notRegular('ledger', path, stat, true);
  if (stat.size > LEDGER_BYTES) throw tooLarge(path);
}

/** A stand-in for a last line torn inside a character: a line that is no JSON, skipped as any torn last line is. */
const TORN = '(a write cut short)';

/**
 * The ledger's text (src/io/text.ts). A crash can cut the last write inside a character: bytes that do not decode
 * after the last line end are that torn line; anywhere else, the ledger is damaged.
 */
function ledgerText(bytes: Uint8Array, path: string): string {
  const decoded = decodeText(bytes);
  if (decoded.ok) return decoded.text;
  const end = bytes.lastIndexOf(0x0a) + 1;
  const head = end < bytes.length ? decodeText(bytes.subarray(0, end)) : decoded;
  if (head.ok) return head.text + TORN;
  throw ioError('io.ledger.undecodable', { at: `${path}:${decoded.line}:${decoded.column}`, reason: decoded.message });
}

/** The whole file from its start, whatever the descriptor's position. */
function readAll(fd: number, size: number): Buffer {
  const buffer = Buffer.alloc(size);
  let got = 0;
  while (got < size) {
    const n = readSync(fd, buffer, got, size - got, got);
    if (n === 0) break;
    got += n;
  }
  return buffer.subarray(0, got);
}

/** Makes a newly created file's directory entry durable too. */
function syncDirectory(dir: string): void {
  try { const fd = openSync(dir, 'r'); try { fsyncSync(fd); } finally { closeSync(fd); } } catch { /* not supported on this platform */ }
}
