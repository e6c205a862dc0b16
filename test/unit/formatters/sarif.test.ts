/**
 * The `sarif` format, validated against the SARIF 2.1.0 JSON Schema (rtm.5, the OASIS standard's schema as shipped
 * by Microsoft's @microsoft/jest-sarif, a dev dependency: no network needed) and checked for what code scanning reads.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { sarif } from '../../../src/formatters/sarif.js';
import { finding, mixedReport, reportOf, unreadable, validated } from './support.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv) => Ajv;
const require = createRequire(import.meta.url);
const schemaFile = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

// The schema is draft-04; ajv 8 reads draft-07. It uses no draft-04-only keyword (no boolean exclusiveMinimum), so
// naming its root id the draft-07 way and dropping the draft-04 meta-schema reference is all it takes. One of its
// patterns (language tags) is not a valid regular expression under the `u` flag, hence unicodeRegExp: false.
const { $schema: _draft04, id, ...schema } = JSON.parse(readFileSync(schemaFile, 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validateSarif = ajv.compile({ $id: id, ...schema });

function parsed(text: string): any {
  const log = JSON.parse(text);
  const ok = validateSarif(log);
  expect(ok ? [] : validateSarif.errors).toEqual([]);
  return log;
}

describe('sarif format', () => {
  it('is checked by a schema that does reject a malformed log', () => {
    expect(validateSarif({ version: '2.1.0', runs: [{ tool: { driver: {} } }] })).toBe(false);
    expect(validateSarif({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'fatal' }] }] })).toBe(false);
  });

  it('is a valid SARIF 2.1.0 log: one run, a rule for every rule id that occurs, results located at the input file', () => {
    const log = parsed(sarif(mixedReport(), { color: false, version: '0.1.0' }));
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const run = log.runs[0];
    expect(run.tool.driver).toMatchObject({ name: 'pintae', version: '0.1.0', informationUri: expect.stringMatching(/^https:\/\//) });
    const ids = run.tool.driver.rules.map((r: any) => r.id);
    expect(ids).toEqual(['ibr-127-ae', 'ibr-190-ae', 'ibr-w-01', 'pintae/rejected', 'pintae/unreadable']);
    for (const rule of run.tool.driver.rules) {
      expect(rule.help.text.length).toBeGreaterThan(20);
      expect(rule.shortDescription.text).toBeTruthy();
    }
    expect(run.tool.driver.rules[0].shortDescription.text).toBe('PINT-AE business rule ibr-127-ae');
    for (const r of run.results) expect(run.tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
    expect(run.results.map((r: any) => [r.ruleId, r.level])).toEqual([
      ['ibr-127-ae', 'error'], ['ibr-190-ae', 'error'], ['ibr-w-01', 'warning'], ['pintae/rejected', 'error'], ['pintae/unreadable', 'error'],
    ]);
    const [due, , warning, , bad] = run.results;
    expect(due.locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'in/a.json', uriBaseId: '%SRCROOT%' });
    expect(due.message.text).toBe('INV-2: due_date is required when the amount due is above zero (section invoice_header; field due_date)');
    expect(due.locations[0].logicalLocations).toEqual([{ fullyQualifiedName: 'due_date', kind: 'member' }]);
    expect(warning.message.text).toContain('XML /Invoice/cac:TaxTotal[1]');
    expect(bad.locations[0].physicalLocation.region).toEqual({ startLine: 3, startColumn: 7 });
    expect(run.properties.summary).toMatchObject({ invoices: 3, unreadable: 1 });
  });

  it('an unreadable input\'s rule names what it is: a file run again, standard input, a request body sent again (pintae serve)', () => {
    const ruleOf = (file: string, stdin?: 'stdin' | 'body') => {
      const report = reportOf([unreadable(file, 'expected a value', 1, 2)]);
      return parsed(sarif(report, { color: false, ...(stdin ? { stdin } : {}) })).runs[0].tool.driver.rules[0];
    };
    expect(ruleOf('in/a.json')).toMatchObject({ shortDescription: { text: 'The input file could not be read or parsed' } });
    expect(ruleOf('in/a.json').help.text).toMatch(/Fix the file so that it parses, then run pintae again\.$/);
    expect(ruleOf('-').shortDescription.text).toBe('Standard input could not be read or parsed');
    const body = ruleOf('-', 'body');
    expect(body.shortDescription.text).toBe('The request body could not be read or parsed');
    expect(body.help.text).toMatch(/Fix the request body so that it parses, then send the request again\.$/);
    expect(JSON.stringify(body)).not.toMatch(/file|run pintae/);
  });

  it('records overrides: the invocation\'s ruleConfigurationOverrides, each changed finding, and suppressions for "off"', () => {
    const log = parsed(sarif(mixedReport({ 'ibr-127-ae': 'off', 'IBR-190-AE': 'warning', 'ibr-999-ae': 'off' }), { color: false }));
    const run = log.runs[0];
    const rules = run.tool.driver.rules.map((r: any) => r.id);
    expect(run.invocations[0].ruleConfigurationOverrides).toEqual([
      { descriptor: { id: 'ibr-127-ae', index: rules.indexOf('ibr-127-ae') }, configuration: { enabled: false } },
      { descriptor: { id: 'ibr-190-ae', index: rules.indexOf('ibr-190-ae') }, configuration: { level: 'warning' } },
      { descriptor: { id: 'ibr-999-ae' }, configuration: { enabled: false } },
    ]);
    const off = run.results.find((r: any) => r.ruleId === 'ibr-127-ae');
    expect(off.suppressions).toEqual([{ kind: 'external', status: 'accepted', justification: expect.stringContaining('off') }]);
    expect(off.properties.overridden).toEqual({ from: 'error', to: 'off' });
    const relaxed = run.results.find((r: any) => r.ruleId === 'ibr-190-ae');
    expect(relaxed.level).toBe('warning');
    expect(relaxed.properties.overridden).toEqual({ from: 'error', to: 'warning' });
    expect(run.tool.driver.rules[rules.indexOf('ibr-190-ae')].defaultConfiguration.level).toBe('error');
    expect(run.properties.overrides.map((o: any) => [o.rule, o.applied])).toEqual([['ibr-127-ae', 1], ['IBR-190-AE', 1], ['ibr-999-ae', 0]]);
  });

  it('gives findings without a rule id a section rule, each finding its own line and column, and relative or file: URIs', () => {
    const r = validated('/work/proj/in v/a#1.json', 'INV-1', [finding('error', 'seller_party', 'seller entity not found', { field: 'entity_id', line: 2, column: 17 })]);
    const outside = validated('/elsewhere/b.json', 'INV-2', [finding('error', 'tax', 'x', { rule: 'ibr-1' })]);
    const log = parsed(sarif(reportOf([r, outside]), { color: false, baseDir: '/work/proj' }));
    const [first, second] = log.runs[0].results;
    expect(first.ruleId).toBe('pintae/seller_party');
    expect(first.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'in%20v/a%231.json', uriBaseId: '%SRCROOT%' }, region: { startLine: 2, startColumn: 17 } });
    expect(second.locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'file:///elsewhere/b.json' });
  });

  // Issue 24 item 6: fullDescription was the first finding's message (with that invoice's date and currency).
  it('describes each rule by its own text, the same whichever finding came first: the rule set\'s, the text findings carry, or the section\'s', () => {
    const rate = (currency: string, date: string) => finding('error', 'tax', `currency "${currency}" needs an exchange rate to AED for ${date}`, { rule: 'ibr-x-rate', rule_text: 'Currency exchange rate (BTUAE-04) MUST be present when the currency is not AED.' });
    const seller = (id: string) => finding('error', 'seller_party', `Entity ${id} was not found`);
    const trn = (t: string) => finding('error', 'seller_party', `Entity TRN ${t} is not a conformant UAE TRN`, { rule: 'ibr-132-ae' });
    const one = [validated('a.json', 'A', [rate('USD', '2026-03-01'), seller('ent_a'), trn('123')]), validated('b.json', 'B', [rate('EUR', '2026-04-02'), seller('ent_b'), trn('456')])];
    const official = (id: string) => (id === 'ibr-132-ae' ? 'VAT identifier MUST be a TRN.' : undefined);
    const rulesOf = (results: typeof one) => parsed(sarif(reportOf(results), { color: false, ruleText: official })).runs[0].tool.driver.rules
      .map((r: any) => [r.id, r.fullDescription.text]).sort();
    const forward = rulesOf(one);
    expect(forward).toEqual(rulesOf([...one].reverse()));
    expect(Object.fromEntries(forward)).toEqual({
      'ibr-x-rate': 'Currency exchange rate (BTUAE-04) MUST be present when the currency is not AED.',
      'ibr-132-ae': 'VAT identifier MUST be a TRN.',
      'pintae/seller_party': 'pintae rule engine, section seller_party (spec 7.2): the seller\'s identity, address, TRN and legal registration',
    });
    for (const [, text] of forward) expect(text).not.toMatch(/USD|EUR|2026|ent_a|123/);
  });
});
