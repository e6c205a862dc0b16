import { localized } from './speak.js';
import { isAbsolute, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { entriesOf, invoiceName, whereOf } from './entries.js';
import { subjectOfResult, type Formatter, type ReportResult } from './report.js';
import { ruleDescription, sarifRule, type SarifRule } from './sarif-rules.js';
import { gateFailure, summaryWithGate } from '../report/gate.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export const INFORMATION_URI = 'https://www.npmjs.com/package/pintae';

/** A relative URI (against %SRCROOT%, the directory pintae ran in) where possible, else a file: URI. */
export function artifactLocation(file: string, baseDir: string | undefined): { uri: string; uriBaseId?: string } {
  let path = file;
  if (isAbsolute(path) && baseDir) {
    const rel = relative(baseDir, path);
    if (rel.startsWith('..') || isAbsolute(rel)) return { uri: pathToFileURL(path).href };
    path = rel;
  } else if (isAbsolute(path)) return { uri: pathToFileURL(path).href };
  return { uri: encodeURI(path.split(sep).join('/')).replace(/[?#]/g, encodeURIComponent), uriBaseId: '%SRCROOT%' };
}

/**
 * SARIF 2.1.0 for code scanning: one run, `tool.driver.rules` describing every rule id that occurs, one result per
 * finding located at its line and column in its input file (the JSON path and XML location also in the message and as
 * logical locations). Rule overrides appear as the invocation's ruleConfigurationOverrides and on each finding they
 * changed (`properties.overridden`); a finding turned off is a result with an external suppression.
 */
export const sarif: Formatter = (report, { baseDir, version, ruleText, lang, stdin }) => {
  const rules: SarifRule[] = [];
  const index = new Map<string, number>();
  const results: unknown[] = [];
  // The official texts the findings of each rule carry: a rule's description where they all carry the same one.
  const carried = new Map<string, Set<string>>();
  for (const r of report.results) for (const e of entriesOf(r)) if (e.ruleText !== undefined) carried.set(e.ruleId, (carried.get(e.ruleId) ?? new Set()).add(e.ruleText));
  for (const raw of report.results) for (const e of entriesOf(localized(raw, lang))) {
    const r = raw;
    if (!index.has(e.ruleId)) {
      index.set(e.ruleId, rules.length);
      const subject = subjectOfResult(r, stdin ?? report.summary.stdin);
      rules.push(sarifRule(e, ruleDescription(e.ruleId, ruleText?.(e.ruleId), carried.get(e.ruleId), e.section !== undefined && e.ruleId === `pintae/${e.section}` ? e.section : undefined, subject), subject));
    }
    const logical = [
      ...(e.field ? [{ fullyQualifiedName: e.field, kind: 'member' }] : []),
      ...(e.location ? [{ fullyQualifiedName: e.location, kind: 'element' }] : []),
    ];
    results.push({
      ruleId: e.ruleId,
      ruleIndex: index.get(e.ruleId),
      level: sarifLevel(e.level === 'off' ? (e.overridden?.from ?? 'error') : e.level),
      message: { text: `${invoiceLabel(r)}${e.message}${whereOf(e)}` },
      locations: [{
        physicalLocation: {
          artifactLocation: artifactLocation(r.file, baseDir),
          ...(e.line !== undefined ? { region: { startLine: e.line, ...(e.column !== undefined ? { startColumn: e.column } : {}) } } : {}),
        },
        ...(logical.length ? { logicalLocations: logical } : {}),
      }],
      ...(e.level === 'off' ? { suppressions: [{ kind: 'external', status: 'accepted', justification: `rule ${e.ruleId} is off in the pintae config file` }] } : {}),
      properties: {
        invoice: invoiceName(r),
        ...(e.messageEn !== undefined ? { message_en: `${invoiceLabel(r)}${e.messageEn}${whereOf(e)}` } : {}),
        ...(e.section ? { section: e.section } : {}),
        ...(e.field ? { field: e.field } : {}),
        ...(e.location ? { xmlLocation: e.location } : {}),
        ...(e.overridden ? { overridden: e.overridden } : {}),
        // The rule set that judged the document (check): a rule id means what that set says it means.
        ...(r.rule_set ? { ruleSet: r.rule_set } : {}),
      },
    });
  }
  const overrides = report.overrides ?? [];
  const gate = report.gates ? gateFailure(report.summary, report.gates, lang) : undefined;
  return JSON.stringify({
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [{
      tool: { driver: { name: 'pintae', ...(version ? { version, semanticVersion: version } : {}), informationUri: INFORMATION_URI, rules } },
      invocations: [{
        executionSuccessful: true,
        // The run itself succeeded; a warnings gate that fails it is a notification viewers show beside the results.
        ...(gate ? { toolExecutionNotifications: [{ level: 'error', descriptor: { id: `pintae/${gate.gate}` }, message: { text: `${gate.message}: the run fails (exit 1)` } }] } : {}),
        ...(overrides.length ? {
          ruleConfigurationOverrides: overrides.map((o) => ({
            descriptor: descriptorOf(o.rule, rules),
            configuration: o.level === 'off' ? { enabled: false } : { level: sarifLevel(o.level) },
          })),
        } : {}),
      }],
      columnKind: 'utf16CodeUnits',
      results,
      properties: { summary: summaryWithGate(report.summary, report.gates, lang), ...(overrides.length ? { overrides } : {}) },
    }],
  }, null, 2) + '\n';
};

/** SARIF's levels: a note (severity info) is `note`. */
const sarifLevel = (level: 'error' | 'warning' | 'info'): 'error' | 'warning' | 'note' => (level === 'info' ? 'note' : level);

function invoiceLabel(r: ReportResult): string {
  return r.error ? '' : `${invoiceName(r)}: `;
}

/** Overrides name rules without regard to case; the descriptor points at the rule as the findings spell it. */
function descriptorOf(rule: string, rules: SarifRule[]): { id: string; index?: number } {
  const i = rules.findIndex((d) => d.id.toLowerCase() === rule.toLowerCase());
  return i < 0 ? { id: rule } : { id: rules[i]!.id, index: i };
}
