import { readXmlDocument, rootElement } from '../../io/xml.js';
import { parseRuleLimits } from '../../schematron/limits.js';
import { reasonAt } from '../../io/errors.js';
import { say } from '../../messages/cli.js';
import { readRunConfig, sayConfigRuleSet, tell } from '../lang.js';
import { fsErrorWords, readInputFile } from '../../io/input-file.js';
import { withDefaultSignals } from '../signals.js';
import { discover, XML_INPUTS } from '../../batch/discover.js';
import { parseJobs } from '../../batch/jobs.js';
import { runCheckBatch, type CheckSource } from '../../batch/check-batch.js';
import { TDD_NS, type DocumentRules } from '../../check.js';
import { batchInputs, reportAll, type BatchCliOptions } from '../batch.js';
import { runSettings, type ReportCliOptions } from '../../config/settings.js';
import { openReport } from '../report.js';
import { checkConfigOverrides } from '../../config/rule-ids.js';
import { warn, warnAll } from '../warn.js';
import { readStdinSync } from '../../io/stdin.js';

export interface CheckOptions extends ReportCliOptions, BatchCliOptions { schematron?: boolean; xsd?: string; ruleTimeout?: string; ruleMemory?: string }

/**
 * `check -`: one document from standard input, read as bytes (its encoding is the document's own) and reported as
 * file `-`, as validate reports it. It is read before any work, as --files-from - is.
 */
function stdinSource(): CheckSource {
  try { return { path: '-', bytes: withDefaultSignals(() => readStdinSync()) }; } catch (e) {
    return { path: '-', message: say('cli.stdin-unreadable', { reason: fsErrorWords(e) }) };
  }
}

/** `pintae check`: existing UBL invoices through well-formedness, the optional UBL XSD and the PINT-AE rules. */
export async function runCheck(paths: string[], options: CheckOptions): Promise<number> {
  const settings = runSettings(options, process.cwd(), readRunConfig(options));
  warnAll(settings.config?.warnings);
  sayConfigRuleSet(options, settings.config, warn);
  // The same discovery as validate's, so links, pipes and unreadable directories are treated alike by both.
  const files = batchInputs(paths, options, (all) => discover(all, XML_INPUTS)).map((s): CheckSource => (s.kind === 'unreadable' ? { path: s.path, message: s.message }
    : s.kind === 'stdin' ? stdinSource() : { path: s.path }));
  const jobs = parseJobs(options.jobs);
  const ruleLimits = parseRuleLimits(options);
  let rules: DocumentRules | undefined;
  // The set a config file's ruleSet named (no --rules): reports name it as the file's, not as --rules.
  const byConfig = options.rules === undefined && settings.ruleSet !== undefined && settings.config?.file !== undefined;
  if (options.schematron !== false) {
    const [{ resolveRuleSet }, { ruleSetUsage }] = await Promise.all([import('../../schematron/rulesets.js'), import('../../schematron/errors.js')]);
    try { rules = await resolveRuleSet(settings.ruleSet, process.env, ruleLimits); } catch (e) { throw ruleSetUsage(e, options.rules === undefined ? settings.config?.file : undefined); }
    if (byConfig) rules = (await import('../../schematron/choice.js')).pinnedByConfig(rules);
  }
  warnAll(checkConfigOverrides(settings, rules));
  const report = await openReport(settings, process.stdout, files.map((f) => f.path), true);
  let xsdErrors = new Map<string, string[]>();
  if (options.xsd) {
    // The XSD check runs on every document at once (one xmllint run), before the per-file work.
    const { notUblWords, ublRootOf, validateWithXsd } = await import('../../io/xsd.js');
    const notUbl = new Map<string, string[]>();
    // The file's own bytes: libxml2 decodes them as the document declares, as pintae's reader did. A file that cannot
    // be read or is not well-formed gets that finding from the per-file work instead.
    const docs = files.flatMap(({ path: name, message, bytes: given }) => {
      if (message !== undefined) return [];
      let bytes: Uint8Array;
      try { bytes = given ?? readInputFile(name); } catch { return []; }
      const read = readXmlDocument(bytes);
      const root = read.ok ? rootElement(read.doc) : undefined;
      // --xsd names the UBL 2.1 schemas: a Tax Data Document is not judged by them (its own XSD is not pintae's to ship).
      if (!root || root.ns === TDD_NS) return [];
      // Each document by the schema of its root; any other root is said, rather than libxml2's "no matching global declaration".
      const ubl = ublRootOf(root);
      if (!ubl) { notUbl.set(name, [notUblWords(root)]); return []; }
      return [{ name, xml: bytes, root: ubl }];
    });
    let unplaced: string[];
    try { ({ errors: xsdErrors, unplaced } = await validateWithXsd(docs, options.xsd)); } catch (e) { throw reasonAt(`--xsd ${options.xsd}`, (e as Error).message); }
    for (const [name, words] of notUbl) xsdErrors.set(name, words);
    for (const line of unplaced) process.stderr.write(`pintae: ${tell('cli.xsd-unplaced', { line })}\n`);
  }
  const ruleSet = options.schematron === false ? false : settings.ruleSet;
  if (report.wantsViews) await (await import('../../view/lazy.js')).loadViews();
  return reportAll(runCheckBatch(files, { jobs, ruleSet, rules, xsdErrors, views: report.wantsViews, ruleLimits, ...(byConfig ? { pinnedByConfig: true } : {}) }), report, files.length);
}
