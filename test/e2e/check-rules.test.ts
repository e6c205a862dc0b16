import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { BIN, ENTITY, FIXTURES, HAVE_OFFICIAL, OFFICIAL_DIR } from '../helpers/paths.js';

const temp = () => mkdtempSync(join(tmpdir(), 'pintae-e2e-'));
const cache = temp();
const run = (args: string[], cacheDir = cache) => execa('node', [BIN, ...args], { reject: false, env: { NO_COLOR: '1', PINTAE_CACHE_DIR: cacheDir } });
const example = (name: string) => join(OFFICIAL_DIR, 'examples/invoice', name);

if (!HAVE_OFFICIAL) console.warn(`SKIPPED: official PINT-AE material not found at ${OFFICIAL_DIR} (set PINTAE_OFFICIAL_DIR)`);

describe.skipIf(!HAVE_OFFICIAL)('pintae check (issue 3 item 5)', () => {
  const dir = temp();
  const good = join(dir, 'good.xml');
  // The describe body runs at collection even when skipped: touch the official files only when present.
  if (HAVE_OFFICIAL) copyFileSync(example('Standard tax invoice.xml'), good);
  const bad = join(dir, 'bad.xml');
  writeFileSync(bad, (HAVE_OFFICIAL ? readFileSync(good, 'utf8') : '').replace(/<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/, ''));
  const broken = join(dir, 'broken.xml');
  writeFileSync(broken, '<Invoice>\n  <cbc:ID>x</cbc:Wrong>\n</Invoice>\n');
  const secret = join(dir, 'secret.txt');
  writeFileSync(secret, 'TOP-SECRET-CONTENT');
  const xxe = join(dir, 'xxe.xml');
  writeFileSync(xxe, `<?xml version="1.0"?>\n<!DOCTYPE Invoice [<!ENTITY x SYSTEM "file://${secret}">]>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&x;</Invoice>\n`);

  it('a valid official example passes with the official rules: exit 0', async () => {
    const r = await run(['check', good, '--rules', join(OFFICIAL_DIR, 'sef'), '--format', 'json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).results[0].valid).toBe(true);
  });

  it('every document type (issue 13 item 2): each judged by the rules of its CustomizationID, named in the report; any other is judged by the billing rules', async () => {
    const sb = ['selfbilling/examples/invoice/Self Billing.xml', 'selfbilling/examples/creditnote/Self billing tax credit note.xml'].map((f) => join(OFFICIAL_DIR, f));
    const billingCn = join(OFFICIAL_DIR, 'examples/creditnote/Standard tax credit Note.xml');
    const other = join(dir, 'other.xml');
    writeFileSync(other, (HAVE_OFFICIAL ? readFileSync(sb[1]!, 'utf8') : '').replace('urn:peppol:pint:selfbilling-1@ae-1', 'urn:example:other'));
    const r = await run(['check', good, billingCn, ...sb, other, '--format', 'json', '--jobs', '1']);
    expect(r.exitCode).toBe(1);
    const results = JSON.parse(r.stdout).results as Array<{ valid: boolean; rule_set: { name: string; chosen: string }; response: { data: { errors: Array<{ rule: string; message: string }> } }; pintae_findings?: Array<{ rule: string; message: string }> }>;
    expect(results.map((x) => [x.valid, x.rule_set.name, x.rule_set.chosen])).toEqual([
      [true, 'builtin-billing', 'customization'], [true, 'builtin-billing', 'customization'],
      [true, 'builtin-selfbilling', 'customization'], [true, 'builtin-selfbilling', 'customization'],
      [false, 'builtin-billing', 'fallback'],
    ]);
    // A self-billing credit note (261) judged by the billing rules: only its type code is foreign to them.
    expect(results[4]!.response.data.errors.map((e) => e.rule).sort()).toEqual(['aligned-ibrp-001-ae', 'ibr-cl-01']);
    // pintae's own finding on what the document is, beside the rules' answer (issue 24).
    expect(results[4]!.pintae_findings!.map((e) => e.rule)).toEqual(['pintae/not-pint-ae', 'pintae/rules-validity']);
    expect(results[4]!.pintae_findings![0]!.message).toMatch(/judged by the billing rules \(builtin-billing 1\.0\.4\)$/);
    const stylish = await run(['check', sb[1]!, '--format', 'stylish']);
    expect(stylish.stdout).toContain('valid  (rules builtin-selfbilling 1.0.4)');
  });

  it('a document without IssueDate fails ibr-003, located, with its section; the XSD check names the element', async () => {
    const r = await run(['check', bad, '--rules', join(OFFICIAL_DIR, 'sef'), '--xsd', join(OFFICIAL_DIR, 'xsd'), '--format', 'json']);
    expect(r.exitCode).toBe(1);
    const errors = JSON.parse(r.stdout).results[0].response.data.errors;
    expect(errors).toContainEqual(expect.objectContaining({ rule: 'ibr-003', section: 'invoice_header', location: '/Invoice' }));
    expect(errors.some((e: { rule: string; message: string }) => e.rule === 'UBL-XSD' && /IssueDate/.test(e.message))).toBe(true);
  });

  it('a document that is not well-formed gets line and column; the others go on', async () => {
    const r = await run(['check', broken, good, '--rules', join(OFFICIAL_DIR, 'sef'), '--format', 'json']);
    expect(r.exitCode).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.results[0].error).toMatchObject({ line: 2 });
    expect(report.results[1].valid).toBe(true);
  });

  it('no XXE: a DOCTYPE with an external entity is refused and the file it names is never read into the output', async () => {
    const r = await run(['check', xxe, '--format', 'json']);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).not.toContain('TOP-SECRET-CONTENT');
    expect(JSON.parse(r.stdout).results[0].error.message).toMatch(/DOCTYPE/);
  });

  it('the built-in rules run by default; --no-schematron skips them', async () => {
    const r = await run(['check', good, '--format', 'json']);
    expect(r.exitCode).toBe(0);
    const skipped = await run(['check', bad, '--no-schematron', '--format', 'json']);
    expect(skipped.exitCode).toBe(0);
  });

  it('usage errors: no input, a missing file, an unknown rule set', async () => {
    expect((await run(['check'])).exitCode).toBe(2);
    expect((await run(['check', join(dir, 'nope.xml')])).exitCode).toBe(2);
    const r = await run(['check', good, '--rules', 'no-such-rules']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^pintae: --rules no-such-rules/);
  });
});

describe.skipIf(!HAVE_OFFICIAL)('pintae rules add / list, validate --rules (issue 3 item 4)', () => {
  it('adds the official compiled rules from a directory and lists them with version, source and hash', async () => {
    const own = temp();
    const r = await run(['rules', 'add', join(OFFICIAL_DIR, 'sef'), '--name', 'pint-ae-1.0.4'], own);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/added pint-ae-1\.0\.4: 2 layers/);
    const list = await run(['rules', 'list', '--format', 'json'], own);
    const sets = JSON.parse(list.stdout).rulesets;
    expect(sets.map((s: { name: string }) => s.name)).toEqual(['builtin', 'builtin-saxon', 'builtin-billing', 'builtin-selfbilling', 'builtin-tdd', 'pint-ae-1.0.4']);
    expect(sets[3]).toMatchObject({ customization: 'urn:peppol:pint:selfbilling-1@ae-1', version: '1.0.4', hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(sets[4]).toMatchObject({ customization: 'urn:peppol:taxdata:ae-1', version: '1.0.4', valid_from: '2026-05-28', engine: 'native', hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(sets[5].hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sets[5].source).toBe(join(OFFICIAL_DIR, 'sef'));
  });

  it('adds a zip of the official rules; the version comes from the file name', async () => {
    const dir = temp();
    const zip = join(dir, 'pint-ae-resources-1.0.4.zip');
    const entries: Record<string, Uint8Array> = {};
    for (const f of readdirSync(join(OFFICIAL_DIR, 'sef'))) entries[`trn-invoice/schematron/${f}`] = readFileSync(join(OFFICIAL_DIR, 'sef', f));
    writeFileSync(zip, zipSync(entries));
    const r = await run(['rules', 'add', zip]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/added pint-ae-resources-1\.0\.4 \(version 1\.0\.4\): 2 layers/);
  });

  it('adds a small .sch of our own (compiled by pintae) and validate --rules uses it', async () => {
    const dir = temp();
    const sch = join(dir, 'house-rules.sch');
    writeFileSync(sch, `<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron" queryBinding="xslt2">
  <sch:ns prefix="cbc" uri="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"/>
  <sch:pattern><sch:rule context="cbc:DueDate">
    <sch:assert id="house-01" flag="fatal" test="false()">[house-01]-We never state a due date.</sch:assert>
  </sch:rule></sch:pattern></sch:schema>`);
    expect((await run(['rules', 'add', sch])).exitCode).toBe(0);
    const r = await run(['validate', join(FIXTURES, 'invoices/standard.json'), '--entity', ENTITY, '--rules', 'house-rules', '--format', 'json']);
    expect(r.exitCode).toBe(1);
    const errors = JSON.parse(r.stdout).results[0].response.data.errors;
    expect(errors).toContainEqual(expect.objectContaining({ rule: 'house-01', message: 'We never state a due date.', location: '/Invoice/DueDate' }));
  });

  it('validate --rules <added official set> passes a valid fixture and flags what the official rules flag', async () => {
    await run(['rules', 'add', join(OFFICIAL_DIR, 'sef'), '--name', 'official']);
    const ok = await run(['validate', join(FIXTURES, 'invoices/standard.json'), '--entity', ENTITY, '--rules', 'official', '--format', 'json']);
    expect(ok.exitCode).toBe(0);
    const bad = await run(['validate', join(FIXTURES, 'invalid/contact-trn.json'), '--entity', ENTITY, '--rules', 'official', '--format', 'json']);
    const errors = JSON.parse(bad.stdout).results[0].response.data.errors;
    expect(errors).toContainEqual(expect.objectContaining({ rule: 'ibr-132-ae', section: 'buyer_party' }));
  });

  it('a source with no rule files is a usage error', async () => {
    const empty = temp();
    const r = await run(['rules', 'add', empty]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/no rule files found/);
    expect(existsSync(join(cache, 'rules', 'empty'))).toBe(false);
  });
});

process.on('exit', () => rmSync(cache, { recursive: true, force: true }));
