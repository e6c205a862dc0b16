import { execa } from 'execa';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ENTITY, FIXTURES } from '../helpers/paths.js';

/** Releases chosen by date (issue 13 item 3): two added sets with validities beside the built-in one, one cache of its own. */
const cache = mkdtempSync(join(tmpdir(), 'pintae-e2e-dates-'));
const dir = mkdtempSync(join(tmpdir(), 'pintae-e2e-dates-docs-'));
const run = (args: string[]) => execa('node', [BIN, ...args], { reject: false, env: { NO_COLOR: '1', PINTAE_CACHE_DIR: cache } });
const BILLING = 'urn:peppol:pint:billing-1@ae-1';
const doc = (date: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>${BILLING}</cbc:CustomizationID>
  <cbc:ID>INV-${date}</cbc:ID>
  <cbc:IssueDate>${date}</cbc:IssueDate>
</Invoice>
`;

describe('rules add --valid-from/--valid-to, then check chooses each document\'s set by its IssueDate', () => {
  it('names the chosen set per document, warns before every validity, and --rules pins one set', async () => {
    // A small schema compiles in a moment; which rules a set holds does not matter to the choice.
    const sch = join(dir, 'tiny.sch');
    writeFileSync(sch, `<schema xmlns="http://purl.oclc.org/dsdl/schematron" queryBinding="xslt2">
  <ns prefix="cbc" uri="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"/>
  <pattern><rule context="/*"><assert id="tiny-01" test="cbc:ID" flag="fatal">An invoice has an ID.</assert></rule></pattern>
</schema>
`);
    // The older release says one thing more (a warning on every document): validate shows whether it judged.
    const oldSch = join(dir, 'old.sch');
    writeFileSync(oldSch, readFileSync(sch, 'utf8').replace('</pattern>', '</pattern>\n  <pattern><rule context="/*"><assert id="old-only" test="false()" flag="warning">Judged by the older release.</assert></rule></pattern>'));
    const old = await run(['rules', 'add', oldSch, '--name', 'old-billing', '--version', '1.0.3', '--customization', BILLING, '--valid-from', '2025-01-01', '--valid-to', '2026-05-27']);
    expect(old.stderr).not.toMatch(/pintae:/);
    expect(old.exitCode).toBe(0);
    expect(old.stdout).toContain(`judges ${BILLING} documents issued from 2025-01-01 to 2026-05-27`);
    const next = await run(['rules', 'add', sch, '--name', 'next-billing', '--version', '1.0.5', '--customization', BILLING, '--valid-from', '2026-12-01']);
    expect(next.exitCode).toBe(0);
    const bad = await run(['rules', 'add', sch, '--name', 'bad', '--valid-from', '2026-06-01', '--valid-to', '2026-05-01']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--valid-from 2026-06-01 is after --valid-to 2026-05-01');
    // A CustomizationID of no built-in set (a typo, or a later specification): added, with a warning.
    const typo = await run(['rules', 'add', sch, '--name', 'typo', '--customization', 'urn:peppol:pint:billing-1@ae1']);
    expect(typo.exitCode).toBe(0);
    expect(typo.stderr).toContain('pintae: warning: urn:peppol:pint:billing-1@ae1 is none of the customizations pintae knows (urn:peppol:pint:billing-1@ae-1, ');

    const list = JSON.parse((await run(['rules', 'list', '--format', 'json'])).stdout).rulesets as Array<Record<string, unknown>>;
    const row = (name: string) => list.find((s) => s.name === name);
    expect(row('builtin-billing')).toMatchObject({ customization: BILLING, version: '1.0.4', valid_from: '2026-05-28', valid_to: null, engine: 'native' });
    expect(row('old-billing')).toMatchObject({ customizations: [BILLING], version: '1.0.3', valid_from: '2025-01-01', valid_to: '2026-05-27', engine: 'native' });
    expect(row('next-billing')).toMatchObject({ customizations: [BILLING], version: '1.0.5', valid_from: '2026-12-01', valid_to: null });
    expect(row('old-billing')!.hash).toMatch(/^[0-9a-f]{64}$/);

    const dates = ['2024-06-01', '2025-06-01', '2026-07-01', '2027-01-15'];
    const files = dates.map((d) => { const f = join(dir, `inv-${d}.xml`); writeFileSync(f, doc(d)); return f; });
    const checked = await run(['check', ...files, '--format', 'json']);
    expect(checked.stderr).not.toMatch(/pintae:/);
    const results = JSON.parse(checked.stdout).results as Array<{ file: string; rule_set: Record<string, unknown>; response: { data: { warnings: Array<{ rule?: string; message: string }> } }; pintae_findings?: Array<{ rule?: string; message: string; severity: string }> }>;
    const by = Object.fromEntries(results.map((r) => [r.file.replace(/^.*inv-|\.xml$/g, ''), r]));
    expect(by['2025-06-01']!.rule_set).toMatchObject({ name: 'old-billing', version: '1.0.3', valid_from: '2025-01-01', valid_to: '2026-05-27', chosen: 'customization', by_date: 'covers' });
    expect(by['2026-07-01']!.rule_set).toMatchObject({ name: 'builtin-billing', valid_from: '2026-05-28', by_date: 'covers' });
    expect(by['2027-01-15']!.rule_set).toMatchObject({ name: 'next-billing', version: '1.0.5', by_date: 'covers' });
    expect(by['2024-06-01']!.rule_set).toMatchObject({ name: 'old-billing', by_date: 'before' });
    // pintae's own note, beside the response and never in it (issue 24).
    const validity = (d: string) => {
      expect(JSON.stringify(by[d]!.response)).not.toContain('pintae/');
      return (by[d]!.pintae_findings ?? []).filter((w) => w.rule === 'pintae/rules-validity');
    };
    expect(validity('2024-06-01').map((w) => w.message)).toEqual([expect.stringContaining('judged by old-billing 1.0.3, valid from 2025-01-01 to 2026-05-27, the earliest instead')]);
    for (const d of ['2025-06-01', '2026-07-01', '2027-01-15']) expect(validity(d)).toEqual([]);

    // validate builds a billing invoice: the billing set valid on its date judges it, the report names that set, and a
    // date before every set's validity gets the warning at the request's date field (standard.json: 2025-03-10).
    const early = join(dir, 'early.json');
    const standard = readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8');
    writeFileSync(early, standard.replace('"2025-03-10"', '"2024-06-01"'));
    const validated = await run(['validate', join(FIXTURES, 'invoices/standard.json'), early, '--entity', ENTITY, '--format', 'json']);
    expect(validated.stderr).not.toMatch(/pintae:/);
    type Validated = { rule_set: Record<string, unknown>; valid: boolean; response: { data: { warnings: Array<{ rule?: string; message: string; field?: string; line?: number; column?: number }> } }; pintae_findings?: Array<Record<string, unknown>> };
    const [inside, before] = JSON.parse(validated.stdout).results as Validated[];
    expect(inside!.rule_set).toMatchObject({ name: 'old-billing', version: '1.0.3', chosen: 'customization', by_date: 'covers' });
    expect(inside!.response.data.warnings.map((w) => w.rule)).toEqual(['old-only']);
    expect(before!.rule_set).toMatchObject({ name: 'old-billing', by_date: 'before' });
    const line = standard.split('\n').findIndex((l) => l.includes('"date"')) + 1;
    expect(before!.response.data.warnings.map((w) => w.rule)).toContain('old-only');
    expect(JSON.stringify(before!.response)).not.toContain('pintae/');
    expect(before!.pintae_findings).toEqual([{
      message: 'the invoice date 2024-06-01 is before the validity of every PINT-AE rule set for urn:peppol:pint:billing-1@ae-1: judged by old-billing 1.0.3, valid from 2025-01-01 to 2026-05-27, the earliest instead',
      section: 'invoice_header', rule: 'pintae/rules-validity', field: 'date', line, column: expect.any(Number), severity: 'info',
    }]);
    expect(before!.valid).toBe(true); // a note: the verdict is the rules'

    const pinned = await run(['check', ...files, '--format', 'json', '--rules', 'next-billing']);
    const pinnedResults = JSON.parse(pinned.stdout).results as typeof results;
    expect(pinnedResults.map((r) => [r.rule_set.name, r.rule_set.chosen])).toEqual(dates.map(() => ['next-billing', 'pinned']));
    expect(pinnedResults.flatMap((r) => r.pintae_findings ?? [])).toEqual([]);
  });
});
