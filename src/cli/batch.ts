import type { InvoiceResult } from '../model/report.js';
import { Progress, progressStream, stdoutKind } from '../batch/progress.js';
import { parseShard, takeShard } from '../batch/shard.js';
import { reasonAt } from '../io/errors.js';
import { fsErrorWords, readListFile } from '../io/input-file.js';
import type { ReportSink } from '../report/sink.js';
import { readStdinSync } from '../io/stdin.js';
import { usageError } from '../messages/cli.js';
import { resolve, sep } from 'node:path';
import { realpathSync, statSync } from 'node:fs';
import { tell } from './lang.js';
import { warn } from './warn.js';

/** The batch options shared by validate, build and check. */
export interface BatchCliOptions {
  jobs?: string;
  shard?: string;
  /** --files-from <file|->: newline-separated input paths. */
  filesFrom?: string;
}

/** --files-from: a million paths of 60 characters. */
export const LIST_BYTES = 64 << 20;

/**
 * The run's inputs: the paths given plus those listed by --files-from (one per line, blank lines and `#` comments
 * skipped; `-` reads the list from standard input), expanded by `discover`, then this job's --shard of them.
 */
export function batchInputs<T extends { path: string }>(paths: string[], options: BatchCliOptions, discover: (paths: string[]) => T[]): T[] {
  const shard = options.shard !== undefined ? parseShard(options.shard) : undefined;
  const all = [...paths];
  if (options.filesFrom !== undefined) {
    if (options.filesFrom === '-' && paths.includes('-')) throw usageError('cli.files-from-stdin-twice', {});
    let list: string;
    try { list = options.filesFrom === '-' ? readStdinSync(LIST_BYTES).toString('utf8') : readListFile(options.filesFrom, LIST_BYTES); } catch (e) {
      throw reasonAt(`--files-from ${options.filesFrom}`, fsErrorWords(e));
    }
    const listed = list.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
    if (listed.length === 0 && paths.length === 0) throw usageError('cli.files-from-empty', { file: options.filesFrom });
    for (const path of listed) all.push(path);
  }
  const inputs = discover(all);
  return shard ? takeShard(inputs, shard, process.cwd()) : inputs;
}

/**
 * The inputs without the files the run reads through its options (an `--entity` record or a directory of them,
 * `--rates`, `--config`) where a folder or glob of inputs found them again: `validate exports/ --entity
 * exports/seller.json` judged the seller's record as an invoice (4 errors, 12 warnings, exit 1). A file named as an
 * input itself is kept. Each one left out is said on stderr. A file is known by what it is, not by how it is spelled:
 * a symbolic or hard link in the folder to the record named elsewhere (`exports/seller.json` → `../records/s.json`)
 * is the same record, and a directory of records is followed through links to where it really is.
 */
export function leaveOutOptionFiles<T extends { path: string; kind: string }>(sources: T[], named: readonly string[], files: ReadonlyArray<{ option: string; path: string | undefined }>): T[] {
  const held: Array<{ option: string; at: string; file?: string }> = [];
  for (const { option, path } of files) {
    if (path === undefined) continue;
    let stats;
    try { stats = statSync(path); } catch { continue; }
    held.push({ option, at: realPath(path), ...(stats.isDirectory() ? {} : { file: `${stats.dev}:${stats.ino}` }) });
  }
  if (!held.length) return sources;
  const given = new Set(named.filter((p) => p !== '-').map(realPath));
  return sources.filter((s) => {
    if (s.kind === 'stdin') return true;
    const at = realPath(s.path);
    if (given.has(at)) return true;
    // The inode is read only where a held file is not the same path: most sources are told apart by their real path.
    let file: string | undefined | null = null;
    const sameFile = (held: string) => (file === null ? (file = fileIdentity(s.path)) : file) === held;
    const hit = held.find((h) => (h.file === undefined ? at.startsWith(h.at + sep) : at === h.at || sameFile(h.file)));
    if (hit) warn(tell('cli.option-file-left-out', { path: s.path, option: hit.option }));
    return hit === undefined;
  });
}

/** Where a path really leads (its links followed); as spelled, made absolute, where it cannot be followed. */
function realPath(path: string): string {
  try { return realpathSync(path); } catch { return resolve(path); }
}

function fileIdentity(path: string): string | undefined {
  try { const stats = statSync(path); return `${stats.dev}:${stats.ino}`; } catch { return undefined; }
}

/**
 * Hands every result to the report as it arrives, with a progress line on a terminal for runs over a second.
 * Returns the exit code: the report's (0/1), or 2 when pintae itself failed on an input (DESIGN: internal fault),
 * once every input has been reported.
 */
export async function reportAll(results: AsyncIterable<InvoiceResult> | Iterable<InvoiceResult>, report: ReportSink, files: number): Promise<number> {
  const progress = new Progress(progressStream(process.stderr, stdoutKind()), files);
  const sharesTerminal = Boolean(process.stdout.isTTY);
  let faults = 0;
  let filesDone = 0;
  let lastFile: string | undefined;
  let turn = Date.now();
  try {
    for await (const result of results) {
      if (result.error?.internal || result.error?.usage) faults++;
      if (result.file !== lastFile || result.index === null) { filesDone++; lastFile = result.file; }
      if (sharesTerminal) progress.clear();
      report.add(result);
      progress.update(filesDone);
      // Results validated in this thread come from a synchronous loop: without a turn of the event loop now and then,
      // Ctrl-C (which removes a streamed report's temporary file) would be handled only once the whole run is done.
      if (Date.now() - turn > 50) { await new Promise((resolve) => setImmediate(resolve)); turn = Date.now(); }
    }
  } catch (e) {
    progress.done();
    report.abort();
    throw e;
  }
  progress.done();
  const code = report.finish();
  return faults > 0 ? 2 : code;
}
