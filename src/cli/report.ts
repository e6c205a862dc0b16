import { existsSync, statSync } from 'node:fs';
import type { RunSettings } from '../config/settings.js';
import { UsageError } from '../io/errors.js';
import { ReportSink } from '../report/sink.js';
import { useColor } from './ui.js';

/**
 * The report of a command run, opened before the first result: `sink.add(result)` for each result in input order,
 * then `sink.finish()` for the exit code (or `sink.abort()` when the run stops on an error, so no --output file is
 * left half-written).
 */
export function openReport(settings: RunSettings): ReportSink {
  if (settings.output && existsSync(settings.output) && statSync(settings.output).isDirectory()) {
    throw new UsageError(`--output ${settings.output}: is a directory; name a file`);
  }
  return new ReportSink({
    format: settings.format,
    ...(settings.output ? { output: settings.output } : {}),
    stdout: process.stdout,
    color: useColor(process.stdout, process.env),
    gates: settings.gates,
    rules: settings.rules,
    baseDir: process.cwd(),
  });
}
