import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkXml, NOT_PINT_AE, NOT_UBL, RULES_PINNED } from '../../dist/check.js';
import { builtinRuleSet, pinnedBuiltinSet } from '../../dist/schematron/rulesets.js';
import { saxonLoaded } from '../../dist/io/saxon.js';
import { HAVE_OFFICIAL, OFFICIAL_DIR, ROOT } from '../helpers/paths.js';
import { builtFixtureDocuments } from '../helpers/pipeline.js';

/*
 * `pintae check` reads a document once and says what it is before any rule: only a UBL 2.1 Invoice or CreditNote
 * declaring a PINT-AE specification can pass. With the built-in rules it never loads Saxon-JS (issue 10).
 */
const rules = builtinRuleSet();
const verdict = (xml: string) => checkXml(Buffer.from(xml), rules);
const rulesOf = (xml: string) => verdict(xml).findings.map((f) => f.rule);

const INVOICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

describe('check: what a document is', () => {
  it('a well-formed document that is not a UBL invoice or credit note never passes, and says what its root is', () => {
    for (const xml of ['<html><body>invoice</body></html>', '<Foo/>', `<Invoice/>`, `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-3"/>`,
      `<CreditNote xmlns="${INVOICE_NS}"/>`, `<x:Invoice xmlns:x="urn:other"/>`, `<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>`]) {
      const out = verdict(xml);
      // pintae's own finding, beside the rules' answer (issue 24): the verdict fails, the response holds no pintae/ id.
      expect(out.valid, xml).toBe(false);
      expect(out.pintae?.map((f) => f.rule), xml).toContain(NOT_UBL);
      expect(JSON.stringify(out.response), xml).not.toContain('pintae/');
      expect(out.findings[0], xml).toMatchObject({ rule: NOT_UBL, severity: 'error', line: 1, column: 1 });
      expect(out.findings[0]!.message).toMatch(/^not a UBL invoice or credit note, nor a Tax Data Document: the root element is <[\w:]+> in (no namespace|the namespace \S+)/);
    }
    expect(verdict('<html/>').findings[0]!.message).toContain('<html> in no namespace');
  });

  it('a UBL document without a PINT-AE CustomizationID gets a finding naming it', () => {
    const en16931 = `<Invoice xmlns="${INVOICE_NS}" xmlns:cbc="${CBC}">\n  <cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>\n</Invoice>`;
    const out = verdict(en16931);
    expect(out.findings[0]).toMatchObject({ rule: NOT_PINT_AE, line: 2, column: 3 });
    expect(out.findings[0]!.message).toContain('"urn:cen.eu:en16931:2017" is not a PINT-AE specification');
    expect(rulesOf(`<Invoice xmlns="${INVOICE_NS}"/>`)).toContain(NOT_PINT_AE);
  });

  it('such a document is judged by the billing rules, and says so', () => {
    for (const customization of ['urn:cen.eu:en16931:2017', undefined]) {
      const xml = `<Invoice xmlns="${INVOICE_NS}" xmlns:cbc="${CBC}">${customization ? `<cbc:CustomizationID>${customization}</cbc:CustomizationID>` : ''}</Invoice>`;
      const out = verdict(xml);
      expect(out.judgedBy, xml).toMatchObject({ name: 'builtin-billing', customization: 'urn:peppol:pint:billing-1@ae-1', version: '1.0.4', chosen: 'fallback' });
      expect(out.findings[0]!.message, xml).toMatch(/; judged by the billing rules \(builtin-billing 1\.0\.4\)$/);
    }
  });

  it('a document that is not well-formed is refused, located; every finding of a checked document has a position', () => {
    const broken = verdict('<Invoice>\n  <a></b>\n</Invoice>');
    expect(broken.wellFormed).toMatchObject({ ok: false, line: 2 });
    for (const { name, xml } of builtFixtureDocuments()) {
      for (const f of verdict(xml).findings) expect(f.line, `${name}: ${f.rule} ${f.location}`).toBeGreaterThan(0);
    }
  });
});

describe.skipIf(!HAVE_OFFICIAL)('check: official examples', () => {
  if (!HAVE_OFFICIAL) console.warn(`SKIPPED: official PINT-AE examples not found at ${OFFICIAL_DIR} (set PINTAE_OFFICIAL_DIR)`);
  it('every official example (billing and self-billing, invoices and credit notes) reads and is a PINT-AE document', () => {
    const dirs = ['examples/invoice', 'examples/creditnote', 'selfbilling/examples/invoice', 'selfbilling/examples/creditnote'].map((d) => join(OFFICIAL_DIR, d));
    let n = 0;
    for (const dir of dirs) for (const file of readdirSync(dir).filter((f) => f.endsWith('.xml'))) {
      const out = checkXml(readFileSync(join(dir, file)), rules);
      expect(out.wellFormed.ok, file).toBe(true);
      // Each passes the rules of its own specification (selfbilling/README.md: both self-billing examples pass).
      // The examples are dated 2025, before 1.0.4's validity (from 2026-05-28): that is a note, and the only finding.
      const dated = out.findings.filter((f) => f.rule === 'pintae/rules-validity');
      expect(dated.every((f) => f.severity === 'info' && /before the validity/.test(f.message)), file).toBe(true);
      expect(out.valid && out.response?.data.warnings.length === 0, file).toBe(true);
      expect(out.findings.filter((f) => !dated.includes(f)).map((f) => `${f.rule}: ${f.message}`), file).toEqual([]);
      const selfBilling = dir.includes('selfbilling');
      expect(out.judgedBy, file).toMatchObject({ name: selfBilling ? 'builtin-selfbilling' : 'builtin-billing', chosen: 'customization',
        customization: selfBilling ? 'urn:peppol:pint:selfbilling-1@ae-1' : 'urn:peppol:pint:billing-1@ae-1', version: '1.0.4', hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      n++;
    }
    expect(n).toBeGreaterThanOrEqual(30);
  });

  it('a self-billing document judged by the billing rules (--rules builtin-billing) fails ibr-cl-01 only, as the official billing rules say', () => {
    const billing = pinnedBuiltinSet('builtin-billing');
    for (const d of ['selfbilling/examples/invoice', 'selfbilling/examples/creditnote']) {
      const dir = join(OFFICIAL_DIR, d);
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.xml'))) {
        const out = checkXml(readFileSync(join(dir, file)), billing);
        expect(out.findings.filter((f) => !f.rule?.startsWith('pintae/')).map((f) => f.rule), file).toEqual(['ibr-cl-01']);
        // pintae's note beside it: the set was written for billing, the document declares self-billing.
        expect(out.findings.filter((f) => f.rule?.startsWith('pintae/')).map((f) => [f.rule, f.severity]), file).toEqual([[RULES_PINNED, 'info']]);
        expect(out.judgedBy, file).toMatchObject({ name: 'builtin-billing', chosen: 'pinned' });
      }
    }
  });

  it('a set pinned for every document and written for another specification says so in a note at the CustomizationID; the verdict stays the set\'s', () => {
    const invoice = readFileSync(join(ROOT, 'test/unit/ubl/golden/standard.xml'));
    // The TDD rules find nothing to say about a UBL invoice: valid, as before, and now the report says whose rules did not run.
    const tdd = checkXml(invoice, pinnedBuiltinSet('builtin-tdd'));
    expect(tdd.valid).toBe(true);
    expect(tdd.findings).toHaveLength(1);
    expect(tdd.findings[0]).toMatchObject({
      rule: RULES_PINNED, severity: 'info', section: 'invoice_header', location: '/Invoice/CustomizationID', line: 3, column: 3,
      message: 'judged by builtin-tdd 1.0.4, the rule set pinned for every document (--rules, or ruleSet in a config file), which is written for urn:peppol:taxdata:ae-1; this document declares urn:peppol:pint:billing-1@ae-1, and the rules written for it were not run',
    });
    // Pinned and written for the document's own specification, or chosen by it: no note.
    expect(checkXml(invoice, pinnedBuiltinSet('builtin-billing')).findings).toEqual([]);
    expect(checkXml(invoice, builtinRuleSet()).findings.map((f) => f.rule)).not.toContain(RULES_PINNED);
    // A declaration pintae does not know is said already (not-pint-ae), not twice.
    const foreign = checkXml(invoice.toString('utf8').replace('urn:peppol:pint:billing-1@ae-1', 'urn:example:other'), pinnedBuiltinSet('builtin-billing'));
    expect(foreign.findings.map((f) => f.rule)).toContain(NOT_PINT_AE);
    expect(foreign.findings.map((f) => f.rule)).not.toContain(RULES_PINNED);
  });
});

describe('check with the built-in rules', () => {
  it('never loads Saxon-JS', () => {
    expect(saxonLoaded()).toBe(false);
  });
});
