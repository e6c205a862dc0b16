import { loadConfig, type PintaeConfig } from '../config/load.js';
import { inLang, isLang, LANGS, type Lang, type Text } from '../messages/lang.js';
import { speak, type MessageRef } from '../messages/ref.js';
import { reasonRef } from '../messages/reasons.js';
import { CLI, usageError, type CliMessageId } from '../messages/cli.js';
import { UsageErrors, type UsageError } from '../io/errors.js';

/**
 * The language of a command-line run (issue 26): what the CLI writes for a person — usage errors, notes on standard
 * error, the lines of push, bulk, status, entities, rules, tdd and sandbox — is said in it.
 *
 * Which language when: `--lang` as written on the command line, from the start (an error in parsing the command line
 * itself is said in it); else the config file's `lang`, from the moment the config file has been read (every error
 * after that); else English. An error in reading the config file itself comes before its `lang` is known.
 */
let written: Lang | undefined;
let configured: Lang | undefined;

/** --lang as the command line gives it (before the options are parsed, or when parsing failed); undefined when absent or not a language. */
export function langOfArgv(argv: readonly string[]): Lang | undefined {
  const i = argv.findIndex((a) => a === '--lang' || a.startsWith('--lang='));
  const value = i < 0 ? undefined : argv[i]!.startsWith('--lang=') ? argv[i]!.slice(7) : argv[i + 1];
  return isLang(value) ? value : undefined;
}

/** Called once by main, before the command line is parsed. */
export function noteArgv(argv: readonly string[]): void {
  written = langOfArgv(argv);
}

/** The run's language now. */
export function cliLang(): Lang {
  return written ?? configured ?? 'en';
}

/**
 * The start of every command: --lang checked, then the config file read (`--config <file>`, `--no-config`, or the one
 * found upward) and its `lang` noted; the config is returned for the command's other settings.
 */
export function readRunConfig(options: { lang?: string; config?: string | boolean }, cwd = process.cwd()): PintaeConfig | undefined {
  if (options.lang !== undefined && !isLang(options.lang)) throw usageError('lang.unknown', { lang: options.lang, names: LANGS });
  if (options.lang !== undefined) written = options.lang;
  const config = loadConfig(options.config, cwd);
  configured = config?.lang;
  return config;
}

/**
 * A config file found upward that names a rule set: every document is judged by it, not by the PINT-AE rules chosen
 * for each document (its customization and date), even a built-in set of another kind (`builtin-tdd` passes invoices).
 * A checkout's file may do that (the project's policy, as its rule overrides are), but never unsaid: a pull request
 * turning a CI gate green with a rule set of its own shows it on standard error, beside the report's rule-set name
 * (docs/decisions.md "What a checkout may decide (secco)"). Not said for a file named with --config, nor when --rules
 * or --no-schematron decide.
 */
export function sayConfigRuleSet(options: { config?: string | boolean; rules?: string; schematron?: boolean }, config: PintaeConfig | undefined, say: (message: string) => void): void {
  if (!config?.ruleSet || config.ruleSet === 'builtin' || typeof options.config === 'string' || options.rules !== undefined || options.schematron === false) return;
  say(tell('cli.config-rule-set', { file: config.file, ruleSet: config.ruleSet }));
}

/** An entry of the command line's catalogue, said in the run's language (both on two lines with en+ar). */
export function tell<K extends CliMessageId>(id: K, params: Parameters<(typeof CLI)[K]['en']>[0]): string {
  return inLang(CLI[id] as unknown as Text<typeof params>, params, cliLang(), '\n');
}

/** A usage error as the CLI says it: each of its parts from its entry, in the run's language. */
export function usageText(e: UsageError): string {
  if (e instanceof UsageErrors) return e.parts.map(usageText).join('\n');
  return told(e.message, e.said);
}

/**
 * A message with the catalogue entry it was said from, in the run's language; the English message when it has none.
 * A lower layer's reason travels without its entry (a reader's words, src/messages/reasons.ts): read back from them.
 */
export function told(message: string, said: MessageRef | undefined): string {
  const lang = cliLang();
  if (lang === 'en') return message;
  const ref = said ?? reasonRef(message);
  return (ref ? speak(ref, lang, '\n') : undefined) ?? message;
}
