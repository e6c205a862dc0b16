import { existsSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { InvoiceResult } from '../model/report.js';
import { say, usageError } from '../messages/cli.js';
import { checkWritableDirectory, OutputError, removeStaleTemporaries, writeAtomic } from '../io/write.js';
import { removeTemporariesOnExit } from './signals.js';

/** pintae's verdict on a result (rule overrides applied): the report's, so files written and exit code agree. */
interface Verdict { judge(r: InvoiceResult): InvoiceResult }

/**
 * The output directory is made (or found) and tried before anything is read, so one that cannot be written fails the
 * run up front (a usage error) rather than after the work. XML temporaries of killed runs are removed from it.
 */
export function prepareOutDir(dir: string): void {
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw usageError('cli.out-dir-not-dir', { dir });
  removeTemporariesOnExit();
  try { checkWritableDirectory(dir, true); } catch (e) {
    if (!(e instanceof OutputError)) throw e;
    throw usageError('cli.option-output', { flag: '--out-dir', message: e.message, ...(e.said ? { said: e.said } : {}) });
  }
  removeStaleTemporaries(dir, (name) => name.endsWith('.xml') || name === 'pintae-probe');
}

/** `<input name>.xml`, or `<input name>-<index>.xml` for one item of a bulk body or array. */
export function xmlName(result: InvoiceResult): string {
  const name = result.file === '-' ? 'stdin' : basename(result.file, extname(result.file));
  return result.index === null ? `${name}.xml` : `${name}-${result.index}.xml`;
}

/**
 * Writes a result's XML under --out-dir (build: valid invoices only, by pintae's verdict with the rule overrides
 * applied), a name used twice getting `~2`, `~3`…; records the path.
 */
export function xmlWriter(outDir: string | undefined, mode: 'validate' | 'build', verdict: Verdict, stale?: (path: string, input: string) => void): (raw: InvoiceResult) => InvoiceResult {
  const used = new Map<string, number>();
  return (raw) => {
    const result = verdict.judge(raw);
    // An input that fails now leaves the XML an earlier run wrote of it in place: told (`stale`), never removed (the
    // file may be the user's), so it is not sent as if it were this input's (docs/decisions.md "build's stale XML").
    if (outDir && mode === 'build' && !result.valid && stale) {
      const path = join(outDir, xmlName(result));
      if (existsSync(path)) stale(path, result.index === null ? result.file : `${result.file} [${result.index}]`);
    }
    if (!outDir || result.xml === null || (mode === 'build' && !result.valid)) return result;
    let name = xmlName(result);
    const n = (used.get(name) ?? 0) + 1;
    used.set(name, n);
    if (n > 1) name = name.replace(/\.xml$/, `~${n}.xml`);
    const path = join(outDir, name);
    try {
      writeAtomic(path, result.xml, { linkReplaced: true });
    } catch (e) {
      // A disk that fills mid-run: this result is reported as pintae's fault (exit 2) and the run and its report go on.
      if (!(e instanceof OutputError)) throw e;
      result.error = { message: say('cli.xml-unwritten', { reason: e.message }), internal: true, ...(result.position ?? { line: 1, column: 1 }) };
      return result;
    }
    result.xmlPath = path;
    return result;
  };
}

/**
 * `build` of one input without --out-dir: the XML of its one invoice, if valid, for standard output. It is held until
 * the run ends, because only then is it known that the input held one invoice (a bulk body holds several, and
 * standard output can carry only one document).
 */
export class StdoutXml {
  private invoices = 0;
  private xml: string | null = null;

  constructor(private readonly verdict: Verdict) {}

  readonly write = (raw: InvoiceResult): InvoiceResult => {
    const result = this.verdict.judge(raw);
    if (result.response) this.invoices++;
    if (result.valid && result.xml !== null) this.xml = result.xml;
    return result;
  };

  /** The XML to print, or a usage error when the input held several invoices. */
  take(input: string): string | null {
    if (this.invoices > 1) throw usageError('cli.build-holds', { input, n: this.invoices });
    return this.xml;
  }
}

/** Each result's XML written as it arrives, then dropped: the report keeps only the path. */
export async function* mapResults(results: AsyncIterable<InvoiceResult>, writeXml: (r: InvoiceResult) => InvoiceResult): AsyncGenerator<InvoiceResult> {
  for await (const result of results) {
    const written = writeXml(result);
    written.xml = null;
    yield written;
  }
}
