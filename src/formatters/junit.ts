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

function testcase(r: ReportResult, warningsFail: boolean): Case {
  // One pass: telling each entry's side by searching the failing ones was quadratic (200,000 findings: minutes).
  const failing: Entry[] = [];
  const notes: Entry[] = [];
  for (const e of entriesOf(r)) (e.level === 'error' || (warningsFail && e.level === 'warning') ? failing : notes).push(e);
  const element = r.error ? 'error' : 'failure';
  const body = failing.map((e) => `      <${element}${attrs([['message', e.message], ['type', e.ruleId]])}>${xmlText(detail(e))}</${element}>\n`).join('');
  const out = notes.length
    ? `      <system-out>${xmlText(notes.map((e) => `${e.level === 'off' ? 'off (rule override)' : e.level}: ${detail(e).replace(/\n/g, '; ')}`).join('\n'))}</system-out>\n`
    : '';
  // Testcase properties as pytest writes them (record_property): the rule set that judged the document.
  const set = r.rule_set;
  const optional: Array<[string, string | null | undefined]> = [['valid-from', set?.valid_from], ['valid-to', set?.valid_to], ['by-date', set?.by_date]];
  const properties = set ? `      <properties>\n${([['name', set.name], ['customization', set.customization ?? ''], ['version', set.version ?? ''], ['hash', set.hash], ['chosen', set.chosen],
    ...optional.filter((p): p is [string, string] => Boolean(p[1]))] as Array<readonly [string, string]>)
    .map(([k, v]) => `        <property${attrs([['name', `pintae.rule-set.${k}`], ['value', v]])}/>\n`).join('')}      </properties>\n` : '';
  const open = `    <testcase${attrs([['name', invoiceName(r)], ['classname', r.file]])}`;
  const xml = properties || body || out ? `${open}>\n${properties}${body}${out}    </testcase>\n` : `${open}/>\n`;
  return { xml, failed: failing.length > 0 && !r.error, errored: Boolean(r.error) };
}

/**
 * JUnit XML as CI systems read it (Jenkins, GitLab, Azure DevOps): one <testsuite> per input file, one <testcase>
 * per invoice; each error is a <failure> whose type is the rule id and whose text gives section, rule, field and
 * message; an unreadable file is a testcase with an <error>. Warnings and findings turned off by a rule override are
 * listed in <system-out> (warnings are failures with --fail-severity warning); the overrides in force are
 * <property> elements of every suite. A warnings gate that fails the run is a failed testcase of its own suite
 * (`pintae gates`), so a test view shows why the job failed where it shows everything else.
 */
export const junit: Formatter = (report) => {
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
    for (; i < report.results.length && report.results[i]!.file === file; i++) cases.push(testcase(report.results[i]!, warningsFail));
    const counts = { tests: cases.length, failures: cases.filter((c) => c.failed).length, errors: cases.filter((c) => c.errored).length };
    totals.tests += counts.tests; totals.failures += counts.failures; totals.errors += counts.errors;
    suites.push(`  <testsuite${attrs([['name', file], ['tests', counts.tests], ['failures', counts.failures], ['errors', counts.errors], ['skipped', 0]])}>\n`
      + properties + cases.map((c) => c.xml).join('') + '  </testsuite>\n');
  }
  const gate = report.gates ? gateFailure(report.summary, report.gates) : undefined;
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
