import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkXml, NOT_AE_TDD, NOT_PINT_AE, NOT_UBL, RULES_VALIDITY, TDD_CUSTOMIZATION, type DocumentRules } from '../../dist/check.js';
import { builtinRuleSet, pinnedBuiltinSet } from '../../dist/schematron/rulesets.js';
import { builtinRuleIds } from '../../dist/schematron/rule-ids.js';
import { PINTAE_RULE_IDS } from '../../dist/rules/ids.js';
import { FIXTURES } from '../helpers/paths.js';

/*
 * Issue 14 item 2: `check` knows a Tax Data Document (root pxs:TaxData in urn:peppol:schema:taxdata:1.0) and judges it
 * by the built-in TDD rules, chosen per document by CustomizationID and issue date as the PINT-AE sets are.
 */
const TDD = readFileSync(join(FIXTURES, 'tdd/standard-tdd.xml'), 'utf8');
const BROKEN = readFileSync(join(FIXTURES, 'tdd/broken-tdd.xml'), 'utf8');
const check = (xml: string, rules: DocumentRules = builtinRuleSet()) => checkXml(Buffer.from(xml), rules);

describe('check: a Tax Data Document', () => {
  it('is a known kind, judged by builtin-tdd chosen by its CustomizationID, named by the invoice it reports', () => {
    const out = check(TDD);
    expect(out.kind).toBe('tdd');
    expect(out.findings).toEqual([]);
    expect(out.response?.data.is_valid).toBe(true);
    expect(out.response?.data.invoice_number).toBe('10d9705a-5126-5ad7-a23e-be40ffa31e68');
    expect(out.judgedBy).toMatchObject({ name: 'builtin-tdd', customization: TDD_CUSTOMIZATION, version: '1.0.4', valid_from: '2026-05-28', chosen: 'customization', by_date: 'covers' });
  });

  it('a broken one fails with the TDD rule ids, each at the line and column of its element', () => {
    const out = check(BROKEN);
    expect(out.response?.data.is_valid).toBe(false);
    const lines = BROKEN.split('\n');
    const lineOf = (text: string) => lines.findIndex((l) => l.includes(text)) + 1;
    expect(out.findings.map((f) => [f.rule, f.line])).toEqual([
      ['ibr-tdd-05', lineOf('<pxs:TaxData ')],
      ['ibr-tdd-17', lineOf('<pxs:ReceivingParty>')],
      ['ibr-tdd-54', lineOf('<pxs:MonetaryTotal>')],
    ]);
  });

  it('dated before the set\'s validity: judged by it all the same, with the validity note naming the TDD rules', () => {
    const out = check(TDD.replace('<cbc:IssueDate>2026-06-02<', '<cbc:IssueDate>2025-04-14<'));
    expect(out.judgedBy).toMatchObject({ name: 'builtin-tdd', by_date: 'before' });
    expect(out.findings).toEqual([expect.objectContaining({ rule: RULES_VALIDITY, severity: 'info', message: expect.stringContaining('every TDD rule set for urn:peppol:taxdata:ae-1') })]);
  });

  it('another CustomizationID: a finding, and the TDD rules judge it all the same, saying so', () => {
    const out = check(TDD.replace('>urn:peppol:taxdata:ae-1<', '>urn:peppol:taxdata:xx-1<'));
    expect(out.judgedBy).toMatchObject({ name: 'builtin-tdd', chosen: 'fallback' });
    expect(out.findings.map((f) => f.rule)).toEqual([NOT_AE_TDD, 'ibr-tdd-01']);
    expect(out.findings[0]!.message).toBe('cbc:CustomizationID "urn:peppol:taxdata:xx-1" is not the AE TDD specification (urn:peppol:taxdata:ae-1); judged by the TDD rules (builtin-tdd 1.0.4)');
    const none = check(TDD.replace('<cbc:CustomizationID>urn:peppol:taxdata:ae-1</cbc:CustomizationID>', ''));
    expect(none.findings.map((f) => f.rule)).toEqual([NOT_AE_TDD, 'ibr-tdd-01']);
  });

  it('the rules of the other kind never judge a document: a TDD declaring a PINT-AE specification, an invoice declaring the TDD\'s', () => {
    const tdd = check(TDD.replace('>urn:peppol:taxdata:ae-1<', '>urn:peppol:pint:billing-1@ae-1<'));
    expect(tdd.judgedBy).toMatchObject({ name: 'builtin-tdd', chosen: 'fallback' });
    expect(tdd.findings.map((f) => f.rule)).toEqual([NOT_AE_TDD, 'ibr-tdd-01']);
    // The invoice the fixture embeds, pintae-built, declaring the TDD's specification instead of billing.
    const invoice = /<Invoice [\s\S]*<\/Invoice>/.exec(TDD)![0].replace('>urn:peppol:pint:billing-1@ae-1<', `>${TDD_CUSTOMIZATION}<`);
    const out = check(invoice);
    expect(out.kind).toBe('ubl');
    expect(out.judgedBy).toMatchObject({ name: 'builtin-billing', chosen: 'fallback' });
    expect(out.findings[0]).toMatchObject({ rule: NOT_PINT_AE, message: expect.stringContaining('judged by the billing rules (builtin-billing 1.0.4)') });
    expect(out.findings.some((f) => f.rule?.startsWith('ibr-tdd-'))).toBe(false);
  });

  it('runs pintae\'s cross-checks: an extract that contradicts its source document fails at the extract\'s element', () => {
    const lines = TDD.split('\n');
    const at = lines.findIndex((l) => l.includes('<cbc:TaxExclusiveAmount currencyID="AED">1250.00<')) + 1;
    const out = check(TDD.replace('<cbc:TaxExclusiveAmount currencyID="AED">1250.00<', '<cbc:TaxExclusiveAmount currencyID="AED">1205.00<'));
    // pintae's own check, beside the rules' answer (issue 24): the verdict fails, the response holds no pintae/ id.
    expect(out.valid).toBe(false);
    expect(out.response?.data.errors).toEqual([]);
    expect(out.pintae?.map((f) => [f.rule, f.severity])).toEqual([['pintae/tdd-tax-exclusive', 'error']]);
    expect(out.findings.map((f) => [f.rule, f.line])).toEqual([['pintae/tdd-tax-exclusive', at]]);
  });

  it('a TaxData root in another namespace is not a TDD; the not-ubl finding names the TDD as an accepted root', () => {
    const out = check(TDD.replace('xmlns:pxs="urn:peppol:schema:taxdata:1.0"', 'xmlns:pxs="urn:peppol:schema:taxdata:2.0"'));
    expect(out.kind).toBeUndefined();
    expect(out.findings).toEqual([expect.objectContaining({ rule: NOT_UBL, severity: 'error' })]);
    expect(out.findings[0]!.message).toContain('a Tax Data Document (<TaxData> in urn:peppol:schema:taxdata:1.0)');
  });

  it('--rules builtin-saxon judges it on Saxon-JS with the same findings; --rules pins a set for it as for any document', () => {
    const saxon = check(BROKEN, builtinRuleSet('builtin-saxon'));
    expect(saxon.judgedBy).toMatchObject({ name: 'builtin-tdd', chosen: 'customization' });
    expect(saxon.findings.map((f) => f.rule)).toEqual(check(BROKEN).findings.map((f) => f.rule));
    const pinned = check(TDD, pinnedBuiltinSet('builtin-tdd'));
    expect(pinned.judgedBy).toMatchObject({ name: 'builtin-tdd', chosen: 'pinned' });
  });

  it('a config override may name the TDD rule ids and pintae/not-ae-tdd', () => {
    const ids = builtinRuleIds();
    expect(ids.filter((id) => id.startsWith('ibr-tdd-')).length).toBe(58);
    expect(PINTAE_RULE_IDS).toContain(NOT_AE_TDD);
  });
});
