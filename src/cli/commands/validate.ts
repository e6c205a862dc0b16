import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, extname } from 'node:path';
import { discover } from '../../batch/discover.js';
import { runSources, type InvoiceResult } from '../../batch/run.js';
import { entityFinder, loadEntityFile } from '../../io/entities.js';
import { loadRates } from '../../io/rates.js';
import { writeAtomic } from '../../io/write.js';
import { UsageError } from '../../io/errors.js';
import type { UuidMode } from '../../derive/uuid.js';
import type { Entity } from '../../model/types.js';
import { runSettings, type ReportCliOptions } from '../../config/settings.js';
import { openReport } from '../report.js';

export interface ValidateOptions extends ReportCliOptions {
  outDir?: string;
  uuid?: string;
  deterministic?: boolean;
  lineAmounts?: string;
  today?: string;
  rules?: string;
  /** commander's --no-schematron sets this false. */
  schematron?: boolean;
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
    writeAtomic(path, result.xml);
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
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const env = {
    findEntity: entityFinder(loadEntities(settings.entity), process.cwd()),
    rates: settings.rates ? loadRates(settings.rates) : undefined,
    today,
    uuid: uuidMode(options),
    lineAmounts: lineAmounts(options.lineAmounts),
    schematron: options.schematron === false ? undefined : await loadRuleSet(settings.ruleSet),
  };
  const sources = discover(paths);
  if (options.outDir) prepareOutDir(options.outDir);
  const report = openReport(settings, { locateJsonFields: true });
  const writeXml = xmlWriter(options.outDir, mode, report);
  try {
    for (const result of runSources(sources, env, () => readFileSync(0, 'utf8'))) report.add(writeXml(result));
  } catch (e) {
    report.abort();
    throw e;
  }
  return report.finish();
}
