import type { RunSettings } from '../config/settings.js';
import { UsageError } from '../io/errors.js';
import { ReportSink } from '../report/sink.js';
import { useColor } from './ui.js';
import { removeTemporariesOnExit } from './signals.js';
import { OutputError, prepareOutput } from '../io/write.js';
import { builtinRuleText } from '../schematron/rule-texts.js';

/**
 * The report of a command run, opened before the first result: `sink.add(result)` for each result in input order,
 * then `sink.finish()` for the exit code (or `sink.abort()` when the run stops on an error, so no --output file is
 * left half-written). `terminal` is where the report goes without --output: standard output, or standard error when
 * standard output carries the data itself (build's XML).
 */
export function openReport(settings: RunSettings, terminal: NodeJS.WriteStream = process.stdout): ReportSink {
  let output: ReturnType<typeof prepareOutput> | undefined;
  if (settings.output) {
    removeTemporariesOnExit();
    try { output = prepareOutput(settings.output); } catch (e) {
      if (!(e instanceof OutputError)) throw e;
      throw new UsageError(`--output ${e.message}`);
    }
  }
  return new ReportSink({
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
  });
}
