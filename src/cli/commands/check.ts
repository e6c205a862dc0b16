import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { globSync, isDynamicPattern } from 'tinyglobby';
import { readXmlDocument } from '../../io/xml.js';
import { UsageError } from '../../io/errors.js';
import { parseJobs, runCheckBatch } from '../../batch/batch.js';
import type { DocumentRules } from '../../check.js';
import { batchInputs, reportAll, type BatchCliOptions } from '../batch.js';
import { runSettings, type ReportCliOptions } from '../../config/settings.js';
import { openReport } from '../report.js';

export interface CheckOptions extends ReportCliOptions, BatchCliOptions { schematron?: boolean; xsd?: string }

function xmlFiles(paths: string[]): string[] {
  if (paths.length === 0) throw new UsageError('no input: give UBL invoice XML files, directories or globs');
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.name.startsWith('.')) continue;
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p); else if (e.name.toLowerCase().endsWith('.xml')) out.push(p);
    }
  };
  for (const p of paths) {
    let stat; try { stat = statSync(p); } catch { stat = undefined; }
    if (stat?.isDirectory()) { const before = out.length; walk(p); if (out.length === before) throw new UsageError(`${p}: the directory holds no .xml files`); }
    else if (stat?.isFile()) out.push(p);
    else if (isDynamicPattern(p)) { const found = globSync(p, { onlyFiles: true, expandDirectories: false }).sort(); if (!found.length) throw new UsageError(`${p}: no file matches this pattern`); out.push(...found); }
    else throw new UsageError(`${p}: no such file or directory`);
  }
  return [...new Set(out)];
}

/** `pintae check`: existing UBL invoices through well-formedness, the optional UBL XSD and the PINT-AE rules. */
export async function runCheck(paths: string[], options: CheckOptions): Promise<number> {
  const settings = runSettings(options, process.cwd(), process.stdout.isTTY ? 'stylish' : 'json');
  const files = batchInputs(paths, options, (all) => xmlFiles(all).map((path) => ({ path }))).map((f) => f.path);
  const jobs = parseJobs(options.jobs);
  let rules: DocumentRules | undefined;
  if (options.schematron !== false) {
    const { resolveRuleSet } = await import('../../schematron/rulesets.js');
    try { rules = await resolveRuleSet(settings.ruleSet); } catch (e) { throw new UsageError((e as Error).message); }
  }
  let xsdErrors = new Map<string, string[]>();
  if (options.xsd) {
    // The XSD check runs on every document at once (one xmllint run), before the per-file work.
    const { validateWithXsd } = await import('../../io/xsd.js');
    // The file's own bytes: libxml2 decodes them as the document declares, as pintae's reader did.
    const docs = files.flatMap((name) => {
      let bytes: Uint8Array;
      try { bytes = readFileSync(name); } catch { return []; }
      return readXmlDocument(bytes).ok ? [{ name, xml: bytes }] : [];
    });
    let unplaced: string[];
    try { ({ errors: xsdErrors, unplaced } = await validateWithXsd(docs, options.xsd)); } catch (e) { throw new UsageError(`--xsd ${options.xsd}: ${(e as Error).message}`); }
    for (const line of unplaced) process.stderr.write(`pintae: --xsd: libxml2 said, about no file it named: ${line}\n`);
  }
  const report = openReport(settings);
  const ruleSet = options.schematron === false ? false : settings.ruleSet;
  return reportAll(runCheckBatch(files, { jobs, ruleSet, rules, xsdErrors }), report, files.length);
}
