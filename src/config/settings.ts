import { UsageError } from '../io/errors.js';
import { FORMAT_NAMES, isFormatName, type FormatName } from '../formatters/index.js';
import type { Gates, RuleLevel } from '../model/report.js';
import { loadConfig, type PintaeConfig } from './load.js';

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
}

function failSeverity(value: string | undefined): Gates['failSeverity'] | undefined {
  if (value === undefined || value === 'error' || value === 'warning') return value;
  throw new UsageError(`--fail-severity ${value}: choose error or warning`);
}

function maxWarnings(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--max-warnings ${value}: give a whole number, 0 or more`);
  return Number(value);
}

/** The format a report file gets when none is named: html for a `.html` file (a page to open), json otherwise. */
const outputFormat = (output: string): FormatName => (/\.html?$/i.test(output) ? 'html' : 'json');

/**
 * Merges the config file (found upward from `cwd` unless --config or --no-config says otherwise) under the command
 * line. `defaultFormat` is the command's own default when neither names a format (stylish on a terminal, else json);
 * with --output the file gets json by default (html for a `.html` file), since the terminal gets stylish anyway.
 */
export function runSettings(cli: ReportCliOptions, cwd: string, defaultFormat: FormatName): RunSettings {
  const config = loadConfig(cli.config, cwd);
  const format = cli.format ?? config?.format ?? (cli.output ? outputFormat(cli.output) : defaultFormat);
  if (!isFormatName(format)) throw new UsageError(`--format ${format}: choose one of ${FORMAT_NAMES.join(', ')}`);
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
    ...(config ? { config } : {}),
  };
}
