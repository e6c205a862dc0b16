import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { globSync, isDynamicPattern } from 'tinyglobby';
import { checkXml } from '../../check.js';
import { checkWellFormed } from '../../io/xml.js';
import { UsageError } from '../../io/errors.js';
import type { InvoiceResult } from '../../batch/run.js';
import type { Finding } from '../../model/types.js';
import { runSettings, type ReportCliOptions } from '../../config/settings.js';
import { openReport } from '../report.js';

export interface CheckOptions extends ReportCliOptions { schematron?: boolean; xsd?: string }

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
  const files = xmlFiles(paths);
  let rules: { run(xml: string): Finding[] } | undefined;
  if (options.schematron !== false) {
    const { resolveRuleSet } = await import('../../schematron/rulesets.js');
    try { rules = await resolveRuleSet(settings.ruleSet); } catch (e) { throw new UsageError((e as Error).message); }
  }
  const texts = files.map((file) => { try { return readFileSync(file, 'utf8'); } catch (e) { return e as Error; } });
  let xsdErrors = new Map<string, string[]>();
  if (options.xsd) {
    const { validateWithXsd } = await import('../../io/xsd.js');
    const docs = files.flatMap((name, i) => { const t = texts[i]; return typeof t === 'string' && checkWellFormed(t).ok ? [{ name, xml: t }] : []; });
    try { xsdErrors = await validateWithXsd(docs, options.xsd); } catch (e) { throw new UsageError(`--xsd ${options.xsd}: ${(e as Error).message}`); }
  }
  const results: InvoiceResult[] = files.map((file, i) => {
    const base = { file, index: null, rejected: false, findings: [], xml: null, xmlPath: null };
    const text = texts[i]!;
    if (typeof text !== 'string') return { ...base, valid: false, response: null, error: { message: text.message } };
    const outcome = checkXml(text, rules, xsdErrors.get(file));
    if (!outcome.wellFormed.ok) {
      const { message, line, column } = outcome.wellFormed;
      return { ...base, valid: false, response: null, error: { message, line, column } };
    }
    return { ...base, valid: outcome.response!.data.is_valid, response: outcome.response, findings: outcome.findings };
  });
  const report = openReport(settings, { inputs: 'xml' });
  for (const result of results) report.add(result);
  return report.finish();
}
