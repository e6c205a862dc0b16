import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, extname } from 'node:path';
import { discover } from '../../batch/discover.js';
import type { InvoiceResult } from '../../batch/run.js';
import { parseJobs, runBatch } from '../../batch/batch.js';
import { loadEnv, type EnvSpec } from '../../batch/env.js';
import { checkWritableDirectory, OutputError, removeStaleTemporaries, writeAtomic } from '../../io/write.js';
import { removeTemporariesOnExit, withDefaultSignals } from '../signals.js';
import { UsageError } from '../../io/errors.js';
import type { UuidMode } from '../../derive/uuid.js';
import type { PipelineEnv } from '../../pipeline.js';
import { runSettings, type ReportCliOptions } from '../../config/settings.js';
import { loadConfig } from '../../config/load.js';
import { openReport } from '../report.js';
import { batchInputs, reportAll, type BatchCliOptions } from '../batch.js';

export interface ValidateOptions extends ReportCliOptions, BatchCliOptions {
  outDir?: string;
  uuid?: string;
  deterministic?: boolean;
  lineAmounts?: string;
  today?: string;
  rules?: string;
  /** commander's --no-schematron sets this false. */
  schematron?: boolean;
  /** validate --remote: also ask the service's dry run, and compare (issue 4). */
  remote?: boolean;
  baseUrl?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidMode(options: ValidateOptions): UuidMode {
  if (options.uuid !== undefined && options.deterministic) throw new UsageError('--uuid and --deterministic cannot be used together');
  if (options.uuid !== undefined) {
    if (!UUID.test(options.uuid)) throw new UsageError(`--uuid ${options.uuid}: not a UUID (8-4-4-4-12 hexadecimal digits)`);
    return { kind: 'fixed', value: options.uuid.toLowerCase() };
  }
  return options.deterministic ? { kind: 'deterministic' } : { kind: 'random' };
}

/**
 * The output directory is made (or found) and tried before anything is read, so one that cannot be written fails the
 * run up front (a usage error) rather than after the work. XML temporaries of killed runs are removed from it.
 */
function prepareOutDir(dir: string): void {
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UsageError(`--out-dir ${dir}: exists and is not a directory`);
  removeTemporariesOnExit();
  try { checkWritableDirectory(dir, true); } catch (e) { throw new UsageError(`--out-dir ${(e as Error).message}`); }
  removeStaleTemporaries(dir, (name) => name.endsWith('.xml') || name === 'pintae-probe');
}

function lineAmounts(value: string | undefined): 'aed' | 'document' {
  if (value === undefined || value === 'aed' || value === 'document') return value ?? 'aed';
  throw new UsageError(`--line-amounts ${value}: choose aed or document`);
}

/** `<input name>.xml`, or `<input name>-<index>.xml` for one item of a bulk body or array. */
export function xmlName(result: InvoiceResult): string {
  const name = result.file === '-' ? 'stdin' : basename(result.file, extname(result.file));
  return result.index === null ? `${name}.xml` : `${name}-${result.index}.xml`;
}

/** What the pipeline needs from the options, with the config file's entity, rates and rule set (the command line wins). */
function envSpec(options: ValidateOptions, settings: { entity: string[]; rates?: string; ruleSet?: string }): EnvSpec {
  return {
    entityFiles: settings.entity,
    ratesFile: settings.rates,
    ruleSet: options.schematron === false ? false : settings.ruleSet,
    today: options.today ?? new Date().toISOString().slice(0, 10),
    uuid: uuidMode(options),
    lineAmounts: lineAmounts(options.lineAmounts),
    cwd: process.cwd(),
  };
}

/** The offline pipeline's environment for the commands that validate before sending (push, bulk). */
export async function pipelineEnv(options: ValidateOptions): Promise<PipelineEnv> {
  const config = loadConfig(options.config, process.cwd());
  return loadEnv(envSpec(options, {
    entity: options.entity?.length ? options.entity : config?.entity ?? [],
    rates: options.rates ?? config?.rates,
    ruleSet: options.rules ?? config?.ruleSet,
  }));
}

/**
 * Writes a result's XML under --out-dir (build: valid invoices only, by pintae's verdict with the rule overrides
 * applied), a name used twice getting `~2`, `~3`…; records the path.
 */
function xmlWriter(outDir: string | undefined, mode: 'validate' | 'build', verdict: { judge(r: InvoiceResult): InvoiceResult }): (raw: InvoiceResult) => InvoiceResult {
  const used = new Map<string, number>();
  return (raw) => {
    const result = verdict.judge(raw);
    if (!outDir || result.xml === null || (mode === 'build' && !result.valid)) return result;
    let name = xmlName(result);
    const n = (used.get(name) ?? 0) + 1;
    used.set(name, n);
    if (n > 1) name = name.replace(/\.xml$/, `~${n}.xml`);
    const path = join(outDir, name);
    try {
      writeAtomic(path, result.xml);
    } catch (e) {
      // A disk that fills mid-run: this result is reported as pintae's fault (exit 2) and the run and its report go on.
      if (!(e instanceof OutputError)) throw e;
      result.error = { message: `its XML could not be written: ${e.message}`, internal: true, ...(result.position ?? { line: 1, column: 1 }) };
      return result;
    }
    result.xmlPath = path;
    return result;
  };
}

/**
 * `validate` and `build` share one run: `build` writes only valid invoices' XML and requires --out-dir;
 * `validate --out-dir` writes every XML that could be built, valid or not. Returns the exit code (0/1).
 */
export async function runValidate(paths: string[], options: ValidateOptions, mode: 'validate' | 'build'): Promise<number> {
  const settings = runSettings(options, process.cwd(), process.stdout.isTTY || mode === 'build' ? 'stylish' : 'json');
  if (mode === 'build' && !options.outDir) throw new UsageError('build needs --out-dir <directory> for the XML it writes');
  const spec = envSpec(options, settings);
  const jobs = parseJobs(options.jobs);
  // Built here even when workers do the validating: a bad entity file, rate table or rule set is a usage error up front.
  const env = await loadEnv(spec);
  const sources = batchInputs(paths, options, discover);
  if (options.remote) {
    if (mode === 'build') throw new UsageError('--remote applies to validate only');
    const { runValidateRemote } = await import('./validate-remote.js');
    return runValidateRemote(sources, env, options, settings.format);
  }
  if (options.outDir) prepareOutDir(options.outDir);
  const report = openReport(settings);
  const writeXml = xmlWriter(options.outDir, mode, report);
  const results = runBatch(sources, env, {
    jobs, env: spec, keepXml: Boolean(options.outDir), views: report.wantsViews, readStdin: () => withDefaultSignals(() => readFileSync(0, 'utf8')),
  });
  return reportAll(mapResults(results, writeXml), report, sources.length);
}

/** Each result's XML written as it arrives, then dropped: the report keeps only the path. */
async function* mapResults(results: AsyncIterable<InvoiceResult>, writeXml: (r: InvoiceResult) => InvoiceResult): AsyncGenerator<InvoiceResult> {
  for await (const result of results) {
    const written = writeXml(result);
    written.xml = null;
    yield written;
  }
}
