import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, extname } from 'node:path';
import { discover } from '../../batch/discover.js';
import { runSources, type InvoiceResult } from '../../batch/run.js';
import { entityFinder, loadEntityFile } from '../../io/entities.js';
import { loadRates } from '../../io/rates.js';
import { writeAtomic } from '../../io/write.js';
import { UsageError } from '../../io/errors.js';
import { FORMATTERS, isFormatName, summarize } from '../../formatters/index.js';
import type { UuidMode } from '../../derive/uuid.js';
import type { Entity } from '../../model/types.js';
import type { PipelineEnv } from '../../pipeline.js';
import { useColor } from '../ui.js';

export interface ValidateOptions {
  entity?: string[];
  rates?: string;
  outDir?: string;
  format?: string;
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

/** The output directory is made (or found) before anything is read, so a bad one fails the run up front. */
function prepareOutDir(dir: string): void {
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UsageError(`--out-dir ${dir}: exists and is not a directory`);
  try { mkdirSync(dir, { recursive: true }); } catch (e) { throw new UsageError(`--out-dir ${dir}: ${(e as Error).message}`); }
}

function loadEntities(files: string[]): Map<string, Entity> {
  const all = new Map<string, Entity>();
  for (const file of files) for (const [id, entity] of loadEntityFile(file)) all.set(id, entity);
  return all;
}

async function loadRuleSet(spec: string | undefined) {
  const { resolveRuleSet } = await import('../../schematron/rulesets.js');
  try {
    return await resolveRuleSet(spec);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
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

/** The offline pipeline's environment from the shared options (validate, build, push, bulk). */
export async function pipelineEnv(options: ValidateOptions): Promise<PipelineEnv> {
  return {
    findEntity: entityFinder(loadEntities(options.entity ?? []), process.cwd()),
    rates: options.rates ? loadRates(options.rates) : undefined,
    today: options.today ?? new Date().toISOString().slice(0, 10),
    uuid: uuidMode(options),
    lineAmounts: lineAmounts(options.lineAmounts),
    schematron: options.schematron === false ? undefined : await loadRuleSet(options.rules),
  };
}

/**
 * `validate` and `build` share one run: `build` writes only valid invoices' XML and requires --out-dir;
 * `validate --out-dir` writes every XML that could be built, valid or not. Returns the exit code (0/1).
 */
export async function runValidate(paths: string[], options: ValidateOptions, mode: 'validate' | 'build'): Promise<number> {
  const format = options.format ?? (process.stdout.isTTY ? 'stylish' : mode === 'build' ? 'stylish' : 'json');
  if (!isFormatName(format)) throw new UsageError(`--format ${format}: choose one of ${Object.keys(FORMATTERS).join(', ')}`);
  if (mode === 'build' && !options.outDir) throw new UsageError('build needs --out-dir <directory> for the XML it writes');
  const env = await pipelineEnv(options);
  const sources = discover(paths);
  if (options.remote) {
    if (mode === 'build') throw new UsageError('--remote applies to validate only');
    const { runValidateRemote } = await import('./validate-remote.js');
    return runValidateRemote(sources, env, options, format);
  }
  if (options.outDir) prepareOutDir(options.outDir);
  const results: InvoiceResult[] = [];
  const used = new Map<string, number>();
  for (const result of runSources(sources, env, () => readFileSync(0, 'utf8'))) {
    const write = options.outDir && result.xml !== null && (mode === 'validate' || result.valid);
    if (write) {
      let name = xmlName(result);
      const n = (used.get(name) ?? 0) + 1;
      used.set(name, n);
      if (n > 1) name = name.replace(/\.xml$/, `~${n}.xml`);
      const path = join(options.outDir!, name);
      writeAtomic(path, result.xml!);
      result.xmlPath = path;
    }
    results.push(result);
  }
  const report = { results, summary: summarize(results) };
  process.stdout.write(FORMATTERS[format](report, { color: useColor(process.stdout, process.env) }));
  return report.summary.valid === results.length ? 0 : 1;
}
