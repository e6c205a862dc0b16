import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, FIXTURES, HAVE_TDD_OFFICIAL, TDD_OFFICIAL_DIR } from '../helpers/paths.js';
import { HAVE_XSD, XSD_DIR } from '../helpers/xsd.js';

/*
 * Issue 14 item 2, end to end: `pintae check` on a Tax Data Document picks the TDD rules by itself. The official
 * example is read from the official directory at test time (never copied into the project).
 */
const run = (args: string[]) => execa('node', [BIN, ...args], { reject: false, env: { NO_COLOR: '1', PINTAE_CACHE_DIR: mkdtempSync(join(tmpdir(), 'pintae-e2e-')) } });

if (!HAVE_TDD_OFFICIAL) console.warn(`SKIPPED: official AE TDD examples not found at ${TDD_OFFICIAL_DIR} (set PINTAE_OFFICIAL_DIR; ae-tdd lies beside pint-ae)`);

describe('pintae check on a Tax Data Document', () => {
  it.skipIf(!HAVE_TDD_OFFICIAL)('an official TDD example passes: exit 0, judged by builtin-tdd (--xsd, which names the UBL schemas, leaves it out)', async () => {
    const r = await run(['check', join(TDD_OFFICIAL_DIR, 'examples/standard-invoice-tdd.xml'), '--format', 'stylish', ...(HAVE_XSD ? ['--xsd', XSD_DIR] : [])]);
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/✔ AE-01TEST valid .*\(rules builtin-tdd 1\.0\.4\)/);
    expect(r.stdout).not.toContain('UBL-XSD');
  });

  it.skipIf(!HAVE_TDD_OFFICIAL)('an official TDD example carrying two invoices in its cec:ExtensionContent fails, at the second (issue 22)', async () => {
    const official = readFileSync(join(TDD_OFFICIAL_DIR, 'examples/standard-invoice-tdd.xml'), 'utf8');
    const invoice = /<ubl:Invoice[\s\S]*?<\/ubl:Invoice>/.exec(official)![0];
    const tdd = official.replace(invoice, `${invoice}\n        ${invoice}`);
    const file = join(mkdtempSync(join(tmpdir(), 'pintae-tdd-two-')), 'two-invoices.xml');
    writeFileSync(file, tdd);
    const at = tdd.indexOf('<ubl:Invoice', tdd.indexOf('</ubl:Invoice>'));
    const line = tdd.slice(0, at).split('\n').length;
    const column = at - tdd.lastIndexOf('\n', at - 1);
    const r = await run(['check', file, '--format', 'stylish']);
    expect(r.exitCode, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toContain(`${file}:${line}:${column}`);
    expect(r.stdout).toMatch(/error\s+invoice_header\s+cec:ExtensionContent holds 2 elements \(<ubl:Invoice>, <ubl:Invoice>\); its schema allows exactly one.*pintae\/tdd-source-one/);
    // The official example, as it is, stays valid: the finding is about the second invoice alone.
    expect(official.match(/<ubl:Invoice /g)).toHaveLength(1);
  });

  it('a broken TDD fails: exit 1, each rule id at file:line:column', async () => {
    const file = join(FIXTURES, 'tdd/broken-tdd.xml');
    const r = await run(['check', file, '--format', 'stylish']);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toMatch(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:18:3\\s+error\\s+endpoint_ids\\s+Receivers Endpoint Scheme identifier .*ibr-tdd-17`));
    expect(r.stdout).toMatch(/:4:1\s+error\s+invoice_header\s+The Tax Data Document issue time \(tdt-005\) MUST contain timezone information\s+ibr-tdd-05/);
    expect(r.stdout).toMatch(/:59:7\s+error\s+legal_monetary\s+.*ibr-tdd-54/);
    expect(r.stdout).not.toMatch(/\n\s+at /);
  });
});
