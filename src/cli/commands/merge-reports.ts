import { resolve } from 'node:path';
import { fsErrorWords, readInputFile } from '../../io/input-file.js';
import { heldBy, mergeReports, NotAReport, overlapOf, readReport, ruleSetDisagreement } from '../../batch/merge.js';
import { warn } from '../warn.js';
import { tell } from '../lang.js';
import { FORMAT_NAMES, isFormatName } from '../../formatters/names.js';
import { loadFormats } from '../../formatters/load.js';
import { reasonAt } from '../../io/errors.js';
import { cliLang, readRunConfig } from '../lang.js';
import { parseJson } from '../../io/json.js';
import { usageText } from '../../io/text.js';
import { gateExitCode } from '../../report/gates.js';
import { useColor } from '../ui.js';
import { usageError } from '../../messages/cli.js';
import { builtinRuleText } from '../../schematron/rule-texts.js';

export interface MergeOptions { format?: string; quiet?: boolean; lang?: string }

/**
 * `pintae merge-reports a.json b.json …`: the JSON reports of a run's shards as one report on stdout. Anything that
 * is not a pintae JSON report is a usage error naming the file (and the line, or the JSON path, of the problem); so
 * are two reports holding the same invoice (docs/decisions.md "merge-reports: a report given twice").
 * Exit code as a run's: 1 when any input in the merged report failed.
 */
export async function runMergeReports(files: string[], options: MergeOptions): Promise<number> {
  // Stylish wherever standard output goes, as every report command (issue 24 item 5); --format json for the machine.
  readRunConfig(options);
  const format = options.format ?? 'stylish';
  if (!isFormatName(format)) throw usageError('format.unknown', { format, names: FORMAT_NAMES });
  const reports = files.map((file) => {
    let bytes: Uint8Array;
    try { bytes = readInputFile(file); } catch (e) {
      throw reasonAt(file, fsErrorWords(e));
    }
    const text = usageText(bytes, file);
    const parsed = parseJson(text);
    if (!parsed.ok) throw usageError('cli.not-a-report', { at: `${file}:${parsed.line}:${parsed.column}`, reason: parsed.message });
    try { return readReport(parsed.value); } catch (e) {
      if (e instanceof NotAReport) throw reasonAt(file, e.message);
      throw e;
    }
  });
  // A report given twice (or a merged report beside its shards) would count its invoices twice: refused, both named.
  const overlap = overlapOf(reports);
  if (overlap) {
    const input = overlap.position ? `${overlap.file}:${overlap.position.line}:${overlap.position.column}` : overlap.file;
    const [first, second] = [files[overlap.first]!, files[overlap.second]!];
    const held = heldBy([reports[overlap.first]!, reports[overlap.second]!]);
    throw usageError('cli.merge.overlap', { first, second: resolve(first) === resolve(second) ? first : second, input, held });
  }
  // The same rule set with other rules in another shard: merged all the same, each document keeping its own rule_set.
  const differ = ruleSetDisagreement(reports);
  if (differ) warn(tell('cli.merge.rule-sets-differ', { set: differ.set, first: files[differ.first]!, second: files[differ.second]! }));
  const report = { ...mergeReports(reports), gates: { failSeverity: 'error' as const } };
  const formatter = (await loadFormats([format])).formatters[format]!;
  process.stdout.write(formatter(report, { color: useColor(process.stdout, process.env) && format === 'stylish', baseDir: process.cwd(), quiet: options.quiet === true, ruleText: builtinRuleText, lang: cliLang() }));
  return gateExitCode(report.summary, report.gates);
}
