import { FORMAT_NAMES, isFormatName, type FormatName } from '../formatters/names.js';
import type { Gates, RuleLevel } from '../model/report.js';
import { loadConfig, type PintaeConfig } from './load.js';
import { usageError } from '../messages/cli.js';
import { isLang, LANGS, type Lang } from '../messages/lang.js';

/** The command-line options that a config file can also set, as commander hands them over. */
export interface ReportCliOptions {
  entity?: string[];
  rates?: string;
  rules?: string;
  format?: string;
  output?: string;
  failSeverity?: string;
  maxWarnings?: string;
  /** --config <file> gives a string, --no-config false. */
  config?: string | boolean;
  quiet?: boolean;
  verbose?: boolean;
  /** --lang en|ar|en+ar. */
  lang?: string;
}

/** A run's settings once the config file and the command line are merged: the command line wins. */
export interface RunSettings {
  entity: string[];
  rates?: string;
  ruleSet?: string;
  format: FormatName;
  output?: string;
  /** --quiet: failures only in the reports people read; nothing but the report file with --output. */
  quiet: boolean;
  gates: Gates;
  rules: Record<string, RuleLevel>;
  config?: PintaeConfig;
  /** Show the findings that follow from another too, instead of folding them under their cause. */
  verbose: boolean;
  /** The language of what a person reads: --lang, else the config file's `lang`, else en. */
  lang: Lang;
}

/** --lang's value (issue 26); undefined when not given. */
export function langOption(value: string | undefined): Lang | undefined {
  if (value === undefined || isLang(value)) return value;
  throw usageError('lang.unknown', { lang: value, names: LANGS });
}

function failSeverity(value: string | undefined): Gates['failSeverity'] | undefined {
  if (value === undefined || value === 'error' || value === 'warning') return value;
  throw usageError('cli.choose-or', { flag: '--fail-severity', value, a: 'error', b: 'warning' });
}

function maxWarnings(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw usageError('cli.max-warnings', { value });
  return Number(value);
}

/** The format a report file's name says (`report.html`, `scan.sarif`, `junit.xml`); undefined for any other name. */
export function formatOfFile(output: string): FormatName | undefined {
  const name = output.toLowerCase();
  if (/\.html?$/.test(name)) return 'html';
  if (/\.sarif(\.json)?$/.test(name)) return 'sarif';
  if (/\.(ndjson|jsonl)$/.test(name)) return 'ndjson';
  if (name.endsWith('.json')) return 'json';
  if (name.endsWith('.xml')) return 'junit';
  return undefined;
}

/**
 * The format of a run (issue 24 item 5). The command line's --format first: with an --output whose extension says
 * another format, a usage error (stylish text in `report.html` helps nobody). Without it, --output's extension
 * chooses, over the config file's "format" too; then the config file; then stylish, wherever standard output goes
 * (a report file of no known extension gets json, the machine's format).
 */
export function chooseFormat(cli: { format?: string; output?: string }, configured: string | undefined): string {
  const implied = cli.output !== undefined && cli.output !== '-' ? formatOfFile(cli.output) : undefined;
  if (cli.format !== undefined) {
    if (implied !== undefined && cli.format !== implied && isFormatName(cli.format)) throw usageError('format.contradicts-output', { format: cli.format, output: cli.output!, implied });
    return cli.format;
  }
  return implied ?? configured ?? (cli.output !== undefined ? 'json' : 'stylish');
}

/**
 * Merges the config file (found upward from `cwd` unless --config or --no-config says otherwise) under the command
 * line; the format as chooseFormat says. `config`: the config file already read (the CLI reads it first, for its `lang`).
 */
export function runSettings(cli: ReportCliOptions, cwd: string, config: PintaeConfig | undefined = loadConfig(cli.config, cwd)): RunSettings {
  const format = chooseFormat(cli, config?.format);
  if (!isFormatName(format)) throw usageError('format.unknown', { format, names: FORMAT_NAMES });
  const maxWarningsValue = maxWarnings(cli.maxWarnings) ?? config?.maxWarnings;
  return {
    entity: cli.entity?.length ? cli.entity : config?.entity ?? [],
    rates: cli.rates ?? config?.rates,
    ruleSet: cli.rules ?? config?.ruleSet,
    format,
    output: cli.output,
    quiet: cli.quiet === true,
    gates: {
      failSeverity: failSeverity(cli.failSeverity) ?? config?.failSeverity ?? 'error',
      ...(maxWarningsValue !== undefined ? { maxWarnings: maxWarningsValue } : {}),
    },
    rules: config?.rules ?? {},
    verbose: cli.verbose ?? false,
    lang: langOption(cli.lang) ?? config?.lang ?? 'en',
    ...(config ? { config } : {}),
  };
}
