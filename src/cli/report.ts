import type { RunSettings } from '../config/settings.js';
import { ReportSink } from '../report/sink.js';
import { useColor } from './ui.js';
import { removeTemporariesOnExit } from './signals.js';
import { OutputError, prepareOutput } from '../io/write.js';
import { builtinRuleText } from '../schematron/rule-texts.js';
import { loadFormats } from '../formatters/load.js';
import { usageError } from '../messages/cli.js';
import { realpathSync } from 'node:fs';

/** Whether `path` is the file `file` (a real path): a path that cannot be resolved is no file of the run's. */
function sameFile(path: string, file: string): boolean {
  try { return realpathSync.native(path) === file; } catch { return false; }
}

/**
 * The report of a command run, opened before the first result: `sink.add(result)` for each result in input order,
 * then `sink.finish()` for the exit code (or `sink.abort()` when the run stops on an error, so no --output file is
 * left half-written). `terminal` is where the report goes without --output: standard output, or standard error when
 * standard output carries the data itself (build's XML). `inputs`: the run's input paths, none of which --output may be.
 */
export async function openReport(settings: RunSettings, terminal: NodeJS.WriteStream = process.stdout, inputs: readonly string[] = [], documents = false): Promise<ReportSink> {
  let output: ReturnType<typeof prepareOutput> | undefined;
  if (settings.output) {
    removeTemporariesOnExit();
    try { output = prepareOutput(settings.output); } catch (e) {
      if (!(e instanceof OutputError)) throw e;
      throw usageError('cli.option-output', { flag: '--output', message: e.message, ...(e.said ? { said: e.said } : {}) });
    }
    // `validate invoice.json --output invoice.json` replaced the customer's file with the report, before a word.
    const file = output.file;
    const input = file === undefined ? undefined : inputs.find((path) => path !== '-' && sameFile(path, file));
    if (input !== undefined) throw usageError('output.is-input', { output: settings.output, input });
  }
  // The formatters this report writes, and no other (the terminal's stylish beside an --output file).
  const formats = await loadFormats(settings.output ? [settings.format, 'stylish'] : [settings.format]);
  return new ReportSink({
    formats,
    format: settings.format,
    ...(settings.output && output ? { output: settings.output, openOutput: output.open } : {}),
    stdout: terminal,
    color: useColor(terminal, process.env),
    quiet: settings.quiet,
    gates: settings.gates,
    rules: settings.rules,
    baseDir: process.cwd(),
    verbose: settings.verbose,
    ruleText: builtinRuleText,
    lang: settings.lang,
    documents,
  });
}
