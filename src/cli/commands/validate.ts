import { discover } from '../../batch/discover.js';
import { todayOption } from '../../config/today.js';
import { parseRuleLimits } from '../../schematron/limits.js';
import { parseJobs } from '../../batch/jobs.js';
import { loadEnv, type EnvSpec } from '../../batch/env.js';
import { withDefaultSignals } from '../signals.js';
import { checkConfigOverrides } from '../../config/rule-ids.js';
import { mapResults, prepareOutDir, StdoutXml, xmlWriter } from '../xml-out.js';
import type { UuidMode } from '../../derive/uuid.js';
import type { PipelineEnv } from '../../pipeline.js';
import { runSettings, type ReportCliOptions, type RunSettings } from '../../config/settings.js';
import { batchInputs, leaveOutOptionFiles, reportAll, type BatchCliOptions } from '../batch.js';
import { readStdinText } from '../../io/stdin.js';
import { warn, warnAll } from '../warn.js';
import { usageError } from '../../messages/cli.js';
import { readRunConfig, sayConfigRuleSet, tell } from '../lang.js';

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
  ruleTimeout?: string;
  ruleMemory?: string;
  baseUrl?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuidMode(options: ValidateOptions): UuidMode {
  if (options.uuid !== undefined && options.deterministic) throw usageError('cli.uuid-both', {});
  if (options.uuid !== undefined) {
    if (!UUID.test(options.uuid)) throw usageError('cli.uuid-bad', { uuid: options.uuid });
    return { kind: 'fixed', value: options.uuid.toLowerCase() };
  }
  return options.deterministic ? { kind: 'deterministic' } : { kind: 'random' };
}

export function lineAmounts(value: string | undefined): 'aed' | 'document' {
  if (value === undefined || value === 'aed' || value === 'document') return value ?? 'aed';
  throw usageError('cli.choose-or', { flag: '--line-amounts', value, a: 'aed', b: 'document' });
}

/** What the pipeline needs from the options, with the config file's entity, rates and rule set (the command line wins). */
function envSpec(options: ValidateOptions, settings: { entity: string[]; rates?: string; ruleSet?: string; config?: { file: string } }): EnvSpec {
  return {
    entityFiles: settings.entity,
    ratesFile: settings.rates,
    ruleSet: options.schematron === false ? false : settings.ruleSet,
    today: todayOption(options.today),
    uuid: uuidMode(options),
    lineAmounts: lineAmounts(options.lineAmounts),
    cwd: process.cwd(),
    ruleLimits: parseRuleLimits(options),
    ...(options.rules === undefined && settings.ruleSet !== undefined && settings.config?.file !== undefined ? { ruleSetFrom: settings.config.file } : {}),
  };
}

/** The offline pipeline's environment for the commands that validate before sending (push, bulk). */
export async function pipelineEnv(options: ValidateOptions): Promise<PipelineEnv> {
  const config = readRunConfig(options);
  warnAll(config?.warnings);
  sayConfigRuleSet(options, config, warn);
  return loadEnv(envSpec(options, {
    entity: options.entity?.length ? options.entity : config?.entity ?? [],
    rates: options.rates ?? config?.rates,
    ruleSet: options.rules ?? config?.ruleSet,
    config,
  }), warn);
}

/**
 * `validate` and `build` share one run: `build` writes only valid invoices' XML, into --out-dir or, for one input
 * without it, to standard output; `validate --out-dir` writes every XML that could be built, valid or not. Returns
 * the exit code (0/1).
 */
export async function runValidate(paths: string[], options: ValidateOptions, mode: 'validate' | 'build'): Promise<number> {
  const settings = runSettings(options, process.cwd(), readRunConfig(options));
  warnAll(settings.config?.warnings);
  sayConfigRuleSet(options, settings.config, warn);
  if (options.remote) remoteUsage(options, settings, mode);
  if (mode === 'validate' && options.outDir === '-') throw usageError('cli.validate-out-dir-dash', {});
  // build of one input without --out-dir (or with --out-dir -) prints its XML; the report goes to standard error.
  const toStdout = mode === 'build' && (options.outDir === undefined || options.outDir === '-');
  const spec = envSpec(options, settings);
  const jobs = parseJobs(options.jobs);
  // Built here even when workers do the validating: a bad entity file, rate table or rule set is a usage error up front.
  const env = await loadEnv(spec, warn);
  warnAll(checkConfigOverrides(settings, env.schematron));
  const sources = leaveOutOptionFiles(batchInputs(paths, options, discover), paths, [
    ...settings.entity.map((path) => ({ option: '--entity', path })), { option: '--rates', path: settings.rates }, { option: '--config', path: settings.config?.file },
  ]);
  if (toStdout && sources.length > 1) throw usageError('cli.stdout-one', { command: 'build', n: sources.length });
  // `build invoice.json --output invoice.xml` reads as "write the invoice to invoice.xml", but --output is the report
  // (JUnit, by the extension) and the invoice goes to standard output: said, without changing what is written.
  if (toStdout && options.output !== undefined && options.format === undefined && /\.xml$/i.test(options.output)) warn(tell('cli.build-output-report', { file: options.output }));
  if (options.remote) {
    const { runValidateRemote } = await import('./validate-remote.js');
    return runValidateRemote(sources, env, options, settings.format as 'json' | 'stylish', settings.quiet);
  }
  if (options.outDir && !toStdout) prepareOutDir(options.outDir);
  // The run's machinery, loaded once the run is known to happen (a usage error above loads none of it).
  const [{ openReport }, { runBatch }] = await Promise.all([import('../report.js'), import('../../batch/batch.js')]);
  const report = await openReport(settings, toStdout ? process.stderr : process.stdout, sources.map((s) => s.path));
  if (report.wantsViews) await (await import('../../view/lazy.js')).loadViews();
  const printed = toStdout ? new StdoutXml(report) : undefined;
  const writeXml = printed?.write ?? xmlWriter(options.outDir, mode, report, (path, input) => warn(tell('cli.build-stale', { path, input, dir: options.outDir! })));
  const results = runBatch(sources, env, {
    jobs, env: spec, keepXml: Boolean(options.outDir) || toStdout, views: report.wantsViews, readStdin: () => withDefaultSignals(() => readStdinText()),
  });
  const code = await reportAll(mapResults(results, writeXml), report, sources.length);
  const xml = printed?.take(sources[0]!.path);
  if (xml) process.stdout.write(xml);
  return code;
}

/**
 * validate --remote compares two verdicts side by side, in stylish or json; any other format, and the options of a
 * local report (files written, gates), would be ignored there, so they are usage errors before anything is read.
 */
function remoteUsage(options: ValidateOptions, settings: RunSettings, mode: 'validate' | 'build'): void {
  if (mode === 'build') throw usageError('cli.remote-build', {});
  if (settings.format !== 'json' && settings.format !== 'stylish') {
    throw usageError('cli.remote-format', { format: settings.format, file: options.format !== undefined ? undefined : settings.config?.file ?? 'the config file' });
  }
  const ignored = ([['--out-dir', options.outDir], ['--output', options.output], ['--max-warnings', options.maxWarnings], ['--fail-severity', options.failSeverity]] as const)
    .filter(([, value]) => value !== undefined).map(([flag]) => flag);
  if (ignored.length) throw usageError('cli.remote-ignored', { flags: ignored });
}
