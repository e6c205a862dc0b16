import { execa } from 'execa';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, HAVE_OFFICIAL, OFFICIAL_DIR, ROOT } from '../helpers/paths.js';

/** `pintae rules add` on Schematron written the way real-world rule sets are, then `check` and `rules list` (issue 13 item 1). */
const cache = mkdtempSync(join(tmpdir(), 'pintae-e2e-engines-'));
const run = (args: string[]) => execa('node', [BIN, ...args], { reject: false, env: { NO_COLOR: '1', PINTAE_CACHE_DIR: cache } });
const ISO = join(ROOT, 'test/fixtures/schematron/iso');

describe.skipIf(!HAVE_OFFICIAL)('rules add, check and rules list with added Schematron', () => {
  it('compiles both test schemas, checks a document natively, and lists each set with its engine', async () => {
    const iso = await run(['rules', 'add', join(ISO, 'iso-constructs.sch'), '--name', 'iso']);
    expect(iso.stderr + iso.stdout).not.toMatch(/XPST|did not compile/);
    expect(iso.exitCode).toBe(0);
    expect(iso.stdout).toContain('iso-constructs.sch [sch, native]');
    const keys = await run(['rules', 'add', join(ISO, 'fallback.sch'), '--name', 'keys']);
    expect(keys.exitCode).toBe(0);
    expect(keys.stdout).toMatch(/fallback\.sch runs on Saxon-JS: .*xsl:for-each/);

    const dir = mkdtempSync(join(tmpdir(), 'pintae-e2e-engines-doc-'));
    const doc = join(dir, 'bad.xml');
    const xml = HAVE_OFFICIAL ? readFileSync(join(OFFICIAL_DIR, 'examples/invoice/Standard tax invoice.xml'), 'utf8') : '';
    writeFileSync(doc, xml.replace(/<cbc:DocumentCurrencyCode>AED</, '<cbc:DocumentCurrencyCode>GBP<').replace(/<cbc:IssueDate>[^<]*</, '<cbc:IssueDate>2025-02-30<'));
    const check = await run(['check', doc, '--rules', 'iso', '--format', 'json']);
    expect(check.exitCode).toBe(1);
    const messages: string[] = JSON.parse(check.stdout).results[0].response.data.errors.map((e: { message: string }) => e.message);
    expect(messages).toContainEqual(expect.stringMatching(/^\[iso-001\] Currency GBP is not one of AED, USD, EUR/));
    // xsd:date('2025-02-30') raises an XPath error: that assert fails alone, the others still run.
    expect(messages).toContainEqual(expect.stringMatching(/Rule could not be evaluated/));

    const list = await run(['rules', 'list', '--format', 'json']);
    const sets: Array<{ name: string; engine: string }> = JSON.parse(list.stdout).rulesets;
    expect(sets.map((s) => [s.name, s.engine])).toEqual([['builtin', 'native'], ['builtin-saxon', 'saxon-js'], ['builtin-billing', 'native'], ['builtin-selfbilling', 'native'], ['builtin-tdd', 'native'], ['iso', 'native'], ['keys', 'saxon-js']]);
    const table = await run(['rules', 'list']);
    expect(table.stdout).toMatch(/^NAME\s+CUSTOMIZATION\s+VERSION\s+VALID\s+ENGINE\s+HASH/);
    expect(table.stdout).toMatch(/^keys\s+- \(--rules only\)\s+-\s+always\s+saxon-js/m);
  });
});
