import { localized } from './speak.js';
import type { Lang } from '../messages/lang.js';
import { entriesOf, invoiceName, type Entry } from './entries.js';
import type { Formatter, ReportResult } from './report.js';
import { xmlAttr, xmlText } from './xml-escape.js';
import { gateFailure } from '../report/gate.js';

const attrs = (pairs: Array<[string, string | number]>) => pairs.map(([k, v]) => ` ${k}="${xmlAttr(String(v))}"`).join('');

function detail(e: Entry): string {
  const lines = [e.section && `section: ${e.section}`, `rule: ${e.ruleId}`, e.field && `field: ${e.field}`, e.location && `location: ${e.location}`,
    e.line !== undefined && `line: ${e.line}${e.column !== undefined ? `, column ${e.column}` : ''}`,
    e.overridden && `severity: ${e.overridden.from} → ${e.overridden.to} by rule override`, `message: ${e.message}`];
  return lines.filter(Boolean).join('\n');
}

interface Case { xml: string; failed: boolean; errored: boolean }

/** The rule set that judged the document, as testcase properties (as pytest's record_property writes them). */
function ruleSetProperties(r: ReportResult): string {
  const set = r.rule_set;
  if (!set) return '';
  const optional: Array<[string, string | null | undefined]> = [['valid-from', set.valid_from], ['valid-to', set.valid_to], ['by-date', set.by_date]];
  return `      <properties>\n${([['name', set.name], ['customization', set.customization ?? ''], ['version', set.version ?? ''], ['hash', set.hash], ['chosen', set.chosen],
    ...optional.filter((p): p is [string, string] => Boolean(p[1]))] as Array<readonly [string, string]>)
    .map(([k, v]) => `        <property${attrs([['name', `pintae.rule-set.${k}`], ['value', v]])}/>\n`).join('')}      </properties>\n`;
}

/** A testcase's name for one finding: the invoice, the rule, and where in the file (unique within the file). */
function caseName(r: ReportResult, e: Entry): string {
  return `${invoiceName(r)}: ${e.ruleId}${e.line !== undefined ? ` (line ${e.line}, column ${e.column ?? 1})` : ''}`;
}

/**
 * The testcases of one invoice, as ESLint's junit formatter makes them (issue 24 item 6): one per finding — a failure
 * (an error; a warning too under --fail-severity warning), an error for an unreadable file, and for a warning that
 * does not fail the run or a finding turned off, a passed testcase saying it in <system-out> — and one passed
 * testcase for an invoice with no finding. Several failures in one testcase showed as the first in most viewers.
 */
function testcases(raw: ReportResult, warningsFail: boolean, lang: Lang | undefined): Case[] {
  const r = localized(raw, lang);
  const properties = ruleSetProperties(r);
  const open = (name: string) => `    <testcase${attrs([['name', name], ['classname', r.file]])}`;
  const entries = entriesOf(r);
  if (entries.length === 0) {
    return [{ xml: properties ? `${open(invoiceName(r))}>\n${properties}    </testcase>\n` : `${open(invoiceName(r))}/>\n`, failed: false, errored: false }];
  }
  // One pass over the entries: 200,000 findings make as many testcases, each written once.
  const cases: Case[] = [];
  for (const e of entries) {
    const failing = e.level === 'error' || (warningsFail && e.level === 'warning');
    const element = r.error ? 'error' : 'failure';
    const body = failing
      ? `      <${element}${attrs([['message', e.message], ['type', e.ruleId]])}>${xmlText(detail(e))}</${element}>\n`
      : `      <system-out>${xmlText(`${e.level === 'off' ? 'off (rule override)' : e.level}: ${detail(e).replace(/\n/g, '; ')}`)}</system-out>\n`;
    cases.push({ xml: `${open(caseName(r, e))}>\n${properties}${body}    </testcase>\n`, failed: failing && !r.error, errored: failing && Boolean(r.error) });
  }
  return cases;
}

/**
 * JUnit XML as CI systems read it (Jenkins, GitLab, Azure DevOps), in the shape of ESLint's junit formatter: one
 * <testsuite> per input file, one <testcase> per finding (see testcases); each error is a <failure> whose type is the
 * rule id and whose text gives section, rule, field, place and message; an unreadable file is a testcase with an
 * <error>. The overrides in force are <property> elements of every suite. A warnings gate that fails the run is a failed testcase of its own suite
 * (`pintae gates`), so a test view shows why the job failed where it shows everything else.
 */
export const junit: Formatter = (report, { lang } = { color: false }) => {
  const warningsFail = report.gates?.failSeverity === 'warning';
  const overrides = report.overrides ?? [];
  const properties = overrides.length
    ? `    <properties>\n${overrides.map((o) => `      <property${attrs([['name', `pintae.rule-override.${o.rule}`], ['value', o.level]])}/>\n`).join('')}    </properties>\n`
    : '';
  const suites: string[] = [];
  const totals = { tests: 0, failures: 0, errors: 0 };
  for (let i = 0; i < report.results.length;) {
    const file = report.results[i]!.file;
    const cases: Case[] = [];
    for (; i < report.results.length && report.results[i]!.file === file; i++) for (const c of testcases(report.results[i]!, warningsFail, lang)) cases.push(c);
    const counts = { tests: cases.length, failures: cases.filter((c) => c.failed).length, errors: cases.filter((c) => c.errored).length };
    totals.tests += counts.tests; totals.failures += counts.failures; totals.errors += counts.errors;
    suites.push(`  <testsuite${attrs([['name', file], ['tests', counts.tests], ['failures', counts.failures], ['errors', counts.errors], ['skipped', 0]])}>\n`
      + properties + cases.map((c) => c.xml).join('') + '  </testsuite>\n');
  }
  const gate = report.gates ? gateFailure(report.summary, report.gates, lang) : undefined;
  if (gate) {
    totals.tests += 1; totals.failures += 1;
    suites.push(`  <testsuite${attrs([['name', 'pintae gates'], ['tests', 1], ['failures', 1], ['errors', 0], ['skipped', 0]])}>\n`
      + `    <testcase${attrs([['name', `--${gate.gate}`], ['classname', 'pintae gates']])}>\n`
      + `      <failure${attrs([['message', gate.message], ['type', `pintae/${gate.gate}`]])}>${xmlText(`${gate.message}: the run fails (exit 1)`)}</failure>\n`
      + '    </testcase>\n  </testsuite>\n');
  }
  return '<?xml version="1.0" encoding="UTF-8"?>\n'
    + `<testsuites${attrs([['name', 'pintae'], ['tests', totals.tests], ['failures', totals.failures], ['errors', totals.errors]])}>\n`
    + suites.join('') + '</testsuites>\n';
};
