import { execa } from 'execa';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSchematron } from '../../src/schematron/compile.js';
import { NativeFirst } from '../../src/schematron/native-layer.js';
import { addRuleSet } from '../../src/schematron/rulesets.js';
import { addedRuleSet } from '../helpers/rule-sets.js';
import { CompiledRules } from '../../src/schematron/run.js';
import { BIN, ROOT } from '../helpers/paths.js';
import { DEEP } from '../helpers/depth.js';
// @ts-expect-error: a plain .mjs script, no types
import { writeRelease, zipRelease } from '../../scripts/write-release.mjs';

/*
 * A release as OpenPeppol publishes one (issue 23 item 2): per layer a self-contained Schematron schema and the XSLT
 * compiled from it under the same name (PINT-UBL-validation-preprocessed.sch/.xslt, PINT-jurisdiction-aligned-rules.sch/
 * .xslt), in a directory and in a zip, written at test time from the built-in billing rules (scripts/write-release.mjs:
 * undeclared xs:/xsd:, phases without defaultPhase, queryBinding xslt2). `rules add` takes the schemas and runs them
 * natively; `--engine saxon-js` takes the XSLT as published; both judge as the built-in set does.
 */
const work = mkdtempSync(join(tmpdir(), 'pintae-release-'));
const release = writeRelease(ROOT, join(work, 'pint-ae-1.0.4'), compileSchematron) as string;

/*
 * The Saxon-JS route (`--engine saxon-js`: the release's XSLT as published) in npm test on a small release written the
 * same way (two layers, each a schema and, under the same name, the fast stylesheet compiled from it; queryBinding
 * xslt2, a phase without a defaultPhase, an embedded xsl:function using xsd: and a rule using xs:, neither declared).
 * Compiling the built-in rules' two published stylesheets cost some 7 s of CPU on a fresh clone's cold cache, and
 * what they add to the small release is the built-in rules on Saxon-JS, which conformance/native-agreement.test.ts
 * holds on every document of its corpus (the same compileSchematron output). `npm run test:deep` takes the route on
 * the built-in rules' release as well, as this file did before.
 */
const smallLayer = (name: string, pattern: string) => `<?xml version="1.0" encoding="UTF-8"?>
<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:pf="urn:pintae:functions" queryBinding="xslt2">
<sch:ns prefix="cbc" uri="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"/>
<sch:phase id="${name}_phase"><sch:active pattern="${name}"/></sch:phase>
<xsl:function name="pf:real-date" as="xsd:boolean"><xsl:param name="d"/><xsl:sequence select="string($d) castable as xsd:date"/></xsl:function>
<sch:pattern id="${name}">${pattern}</sch:pattern>
</sch:schema>
`;
const miniRelease = (() => {
  const out = join(work, 'mini-1.0.4');
  mkdirSync(out);
  for (const [name, pattern] of [
    ['MINI-UBL-validation-preprocessed', '<sch:rule context="cbc:IssueDate"><sch:assert id="mini-001" flag="fatal" test="pf:real-date(.)">[mini-001] The issue date <sch:value-of select="."/> is no date.</sch:assert></sch:rule>'],
    ['MINI-jurisdiction-aligned-rules', '<sch:rule context="cbc:InvoiceTypeCode"><sch:assert id="mini-002" flag="fatal" test="xs:integer(.) lt 900">[mini-002] The type code <sch:value-of select="."/> is none PINT-AE uses.</sch:assert></sch:rule>'],
  ] as const) {
    const text = smallLayer(name, pattern);
    writeFileSync(join(out, `${name}.sch`), text);
    writeFileSync(join(out, `${name}.xslt`), compileSchematron(text, { baseDir: out, guards: false }));
  }
  return out;
})();
const cache = join(work, 'cache');
const env = { ...process.env, PINTAE_CACHE_DIR: cache };
const run = (args: string[]) => execa('node', [BIN, ...args], { reject: false, env: { ...env, NO_COLOR: '1' } });

/** pintae's golden UBL documents, and mutations of them that each layer's rules report. */
function documents(): Array<{ name: string; xml: string }> {
  const golden = join(ROOT, 'test/unit/ubl/golden');
  const docs = readdirSync(golden).filter((f) => f.endsWith('.xml') && !f.endsWith('.document.xml')).sort().map((f) => ({ name: f, xml: readFileSync(join(golden, f), 'utf8') }));
  const standard = docs.find((d) => d.name === 'standard.xml')!.xml;
  const mutate = (name: string, from: RegExp, to: string) => {
    const xml = standard.replace(from, to);
    expect(xml, name).not.toBe(standard);
    return { name, xml };
  };
  return [...docs,
    mutate('currency.xml', /<cbc:DocumentCurrencyCode>AED</, '<cbc:DocumentCurrencyCode>XXX<'),
    mutate('type-code.xml', /<cbc:InvoiceTypeCode>380</, '<cbc:InvoiceTypeCode>999<'),
    mutate('issue-date.xml', /<cbc:IssueDate>[^<]*</, '<cbc:IssueDate>2025-02-30<'),
    mutate('line-amount.xml', /(<cbc:LineExtensionAmount currencyID="AED">)([\d.]+)/, '$1123456.78'),
    mutate('trn.xml', /(<cac:AccountingSupplierParty>[^]*?<cbc:CompanyID>)1/, '$1X')];
}

describe('rules add of a release as published: .sch and .xslt of the same rules', () => {
  const docs = documents();
  const docDir = join(work, 'docs');
  mkdirSync(docDir);
  for (const d of docs) writeFileSync(join(docDir, d.name), d.xml);

  it('a zip and a directory are added from their Schematron, natively; --engine saxon-js takes the XSLT; rules list says which', async () => {
    const zip = await zipRelease(release, join(work, 'pint-ae-1.0.4.zip')) as string;
    const added = await run(['rules', 'add', zip, '--name', 'rel-zip']);
    expect(added.stderr).not.toMatch(/XPST|did not compile|refused/);
    expect(added.exitCode).toBe(0);
    expect(added.stdout).toContain('2 layers (PINT-jurisdiction-aligned-rules.sch [sch, native], PINT-UBL-validation-preprocessed.sch [sch, native])');
    expect(added.stdout).not.toMatch(/runs on Saxon-JS/);
    const dir = await run(['rules', 'add', release, '--name', 'rel-dir']);
    expect(dir.exitCode).toBe(0);
    expect(dir.stdout).toContain('2 layers (PINT-jurisdiction-aligned-rules.sch [sch, native], PINT-UBL-validation-preprocessed.sch [sch, native])');
    if (DEEP) {
      const xslt = await run(['rules', 'add', zip, '--name', 'rel-xslt', '--engine', 'saxon-js']);
      expect(xslt.exitCode).toBe(0);
      expect(xslt.stdout).toContain('2 layers (PINT-jurisdiction-aligned-rules.xslt [xslt, saxon-js], PINT-UBL-validation-preprocessed.xslt [xslt, saxon-js])');
    }
    // The small release, as a zip: its XSLT for Saxon-JS; from its directory, its schemas natively.
    const smallZip = await zipRelease(miniRelease, join(work, 'mini-1.0.4.zip')) as string;
    const miniXslt = await run(['rules', 'add', smallZip, '--name', 'rel-mini-xslt', '--engine', 'saxon-js']);
    expect(miniXslt.exitCode, miniXslt.stderr).toBe(0);
    expect(miniXslt.stdout).toContain('2 layers (MINI-jurisdiction-aligned-rules.xslt [xslt, saxon-js], MINI-UBL-validation-preprocessed.xslt [xslt, saxon-js])');
    const miniSch = await run(['rules', 'add', miniRelease, '--name', 'rel-mini']);
    expect(miniSch.exitCode, miniSch.stderr).toBe(0);
    expect(miniSch.stdout).toContain('2 layers (MINI-jurisdiction-aligned-rules.sch [sch, native], MINI-UBL-validation-preprocessed.sch [sch, native])');
    const wrong = await run(['rules', 'add', zip, '--name', 'rel-wrong', '--engine', 'xalan']);
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toBe('pintae: --engine xalan: not an engine pintae has (native, the default, or saxon-js)');

    const list = await run(['rules', 'list', '--format', 'json']);
    const sets: Array<{ name: string; engine: string; asked_engine?: string }> = JSON.parse(list.stdout).rulesets;
    expect(sets.filter((s) => s.name.startsWith('rel-')).map((s) => [s.name, s.engine])).toEqual([['rel-dir', 'native'], ['rel-mini', 'native'], ['rel-mini-xslt', 'saxon-js'], ...(DEEP ? [['rel-xslt', 'saxon-js']] : []), ['rel-zip', 'native']]);
    const table = await run(['rules', 'list']);
    expect(table.stdout).toMatch(/^rel-zip\s+- \(--rules only\)\s+1\.0\.4\s+always\s+native\s/m);

    // The release judges every document as the built-in billing set does, on either engine (order aside: its layers
    // are taken in file-name order, the built-in set's patterns in one schema).
    const report = async (rules: string) => {
      const r = await run(['check', docDir, '--rules', rules, '--format', 'json']);
      expect(r.exitCode, r.stderr).toBe(1);
      const results: Array<{ file: string; response: { data: { errors: unknown[]; warnings: unknown[] } } }> = JSON.parse(r.stdout).results;
      return results.map((x) => [x.file, [...x.response.data.errors, ...x.response.data.warnings].map((f) => JSON.stringify(f)).sort()]);
    };
    const builtin = await report('builtin-billing');
    expect(await report('rel-zip')).toEqual(builtin);
    if (DEEP) expect(await report('rel-xslt')).toEqual(builtin);
    // Each mutation bites.
    expect(builtin.filter(([, findings]) => findings!.length > 0).length).toBeGreaterThanOrEqual(5);
    // The small release judges alike on both engines, and its two rules bite (the date and the type code).
    const mini = await report('rel-mini-xslt');
    expect(mini).toEqual(await report('rel-mini'));
    expect(mini.filter(([, findings]) => findings!.length > 0).map(([file]) => file)).toEqual([join(docDir, 'issue-date.xml'), join(docDir, 'type-code.xml')]);
  });

  it('each layer answers natively, with the report its own XSLT gives on Saxon-JS', async () => {
    // The built-in rules' release natively (its schemas compiled by the test above); with its XSLT under test:deep.
    for (const [source, name, withXslt] of [[release, 'rel-engines', DEEP], [miniRelease, 'rel-mini-engines', true]] as const) {
      const manifest = await addRuleSet(source, { name, env });
      const set = await addedRuleSet(name, env);
      const xsltSet = withXslt ? await addRuleSet(source, { name: `${name}-xslt`, env, engine: 'saxon-js' }) : undefined;
      if (xsltSet) expect(xsltSet).toMatchObject({ asked_engine: 'saxon-js', layers: [{ kind: 'xslt', engine: 'saxon-js' }, { kind: 'xslt', engine: 'saxon-js' }] });
      for (const [i, layer] of manifest.layers.entries()) {
        const native = set.layers[i] as NativeFirst;
        expect(native).toBeInstanceOf(NativeFirst);
        if (xsltSet) {
          const published = CompiledRules.fromFile(xsltSet.layers[i]!.file, join(cache, 'rules', `${name}-xslt`, xsltSet.layers[i]!.file));
          expect(xsltSet.layers[i]!.from).toBe(layer.from.replace(/\.sch$/, '.xslt'));
          for (const d of docs) expect(native.results(d.xml), `${layer.from} ${d.name}`).toEqual(published.results(d.xml));
        } else for (const d of docs) native.results(d.xml);
        expect(native.stats).toMatchObject({ native: docs.length, fallbacks: 0 });
      }
    }
    // Compiled again by another version of pintae, the set keeps the engine asked for.
    const file = join(cache, 'rules', 'rel-mini-engines-xslt', 'manifest.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), compiler: 'pintae@0.0.0' }));
    const again = await addedRuleSet('rel-mini-engines-xslt', env);
    expect(again.layers.some((l) => l instanceof NativeFirst)).toBe(false);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ asked_engine: 'saxon-js', compiler: expect.not.stringMatching(/0\.0\.0/) });
    // A schema alone, asked for Saxon-JS: compiled by pintae, no native plan. (A small one: compiling a layer of the
    // release twice more, fast and guarded, cost this file 20 s on a fresh clone and tests nothing more.)
    const small = join(work, 'alone.sch');
    writeFileSync(small, '<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron" queryBinding="xslt2"><sch:pattern><sch:rule context="/*"><sch:assert id="alone-1" test="xsd:string(.) = xs:string(.)">never</sch:assert></sch:rule></sch:pattern></sch:schema>');
    const alone = await addRuleSet(small, { name: 'rel-sch-saxon', env, engine: 'saxon-js' });
    expect(alone.layers).toEqual([expect.objectContaining({ kind: 'sch', engine: 'saxon-js' })]);
    expect(alone.layers[0]!.native).toBeUndefined();
  });
});
