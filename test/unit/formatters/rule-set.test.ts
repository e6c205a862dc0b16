import { describe, expect, it } from 'vitest';
import type { InvoiceResult } from '../../../src/model/report.js';
import type { JudgedBy } from '../../../src/model/types.js';
import { json } from '../../../src/formatters/json.js';
import { junit } from '../../../src/formatters/junit.js';
import { sarif } from '../../../src/formatters/sarif.js';
import { stylishStream } from '../../../src/formatters/stylish.js';
import { finding, reportOf, validated } from './support.js';

/* Issue 13 item 2: every report names, per checked document, the rule set that judged it. */
const selfBilling: JudgedBy = { name: 'builtin-selfbilling', customization: 'urn:peppol:pint:selfbilling-1@ae-1', version: '1.0.4', hash: 'ab'.repeat(32), chosen: 'customization' };
const fallback: JudgedBy = { ...selfBilling, name: 'builtin-billing', customization: 'urn:peppol:pint:billing-1@ae-1', chosen: 'fallback' };
const checked = (file: string, set: JudgedBy, failing: boolean): InvoiceResult => ({
  ...validated(file, 'SB-1', failing ? [finding('error', 'invoice_header', 'x', { rule: 'ibr-cl-01', location: '/CreditNote/CreditNoteTypeCode' })] : []), xml: null, rule_set: set,
});
const report = () => reportOf([checked('sb.xml', selfBilling, false), checked('other.xml', fallback, true)]);
const options = { color: false, quiet: false, verbose: false, baseDir: '/', version: '0.0.0' };

describe('the rule set in each report format', () => {
  it('json: rule_set on each result', () => {
    const out = JSON.parse(json(report(), options));
    expect(out.results.map((r: { rule_set: JudgedBy }) => r.rule_set)).toEqual([selfBilling, fallback]);
  });

  it('stylish: at the end of each status line, saying why a fallback was chosen', () => {
    const stream = stylishStream(options);
    const text = report().results.map((r) => stream.result(r)).join('');
    expect(text).toContain('✔ SB-1 valid  (rules builtin-selfbilling 1.0.4)');
    expect(text).toContain('✖ SB-1 1 error  (rules builtin-billing 1.0.4, not a PINT-AE CustomizationID)');
  });

  it('stylish in Arabic (issue 26): the rule set said as the HTML report says it (src/messages/view.ts)', () => {
    const say = (lang: 'ar' | 'en+ar') => { const stream = stylishStream({ ...options, lang }); return report().results.map((r) => stream.result(r)).join(''); };
    expect(say('ar')).toContain('(القواعد builtin-selfbilling 1.0.4)');
    expect(say('ar')).toContain('(القواعد builtin-billing 1.0.4، ليس CustomizationID من PINT-AE)');
    expect(say('ar')).not.toContain('rules builtin');
    expect(say('en+ar')).toContain('(rules builtin-selfbilling 1.0.4 / القواعد builtin-selfbilling 1.0.4)');
  });

  it('junit: testcase properties; sarif: each result names the set', () => {
    const xml = junit(report(), options);
    expect(xml).toContain('<property name="pintae.rule-set.name" value="builtin-selfbilling"/>');
    expect(xml).toContain('<property name="pintae.rule-set.chosen" value="fallback"/>');
    const run = JSON.parse(sarif(report(), options)).runs[0];
    expect(run.results).toHaveLength(1);
    expect(run.results[0].properties.ruleSet).toEqual(fallback);
  });
});
