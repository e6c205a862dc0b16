import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ENTITY, FIXTURES, RATES } from '../helpers/paths.js';

const run = (args: string[], cwd?: string) => execa('node', [BIN, 'tdd', ...args], { reject: false, cwd, env: { NO_COLOR: '1' } });
const PARTIES = ['--receiver', '0242:000773', '--representative', '0242:000001'];
const FIXED = ['--issued', '2025-02-06T08:00:00+04:00', '--transport-id', '22222222-3333-4444-5555-666666666666'];
const standard = join(FIXTURES, 'invoices/standard.json');
const bulk = join(mkdtempSync(join(tmpdir(), 'pintae-tdd-bulk-')), 'bulk.json');
writeFileSync(bulk, `{"invoices": [${readFileSync(standard, 'utf8')}, ${readFileSync(join(FIXTURES, 'invoices/exempt.json'), 'utf8')}]}`);

describe('pintae tdd (spawned, one run per behaviour)', () => {
  it('one input: its TDD on stdout, the same bytes on every run with --issued, --transport-id and --deterministic', async () => {
    const args = [standard, '--entity', ENTITY, '--deterministic', ...PARTIES, ...FIXED];
    const [a, b] = await Promise.all([run(args), run(args)]);
    expect(a.exitCode).toBe(0);
    // The fixtures are dated 2025-03-10, before the 1.0.4 rules' validity (2026-05-28): the one note says so.
    expect(a.stderr.trim().split('\n')).toEqual([expect.stringMatching(/standard\.json:\d+:\d+: info: the invoice date 2025-03-10 is before the validity .*\[pintae\/rules-validity\]$/)]);
    expect(a.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<pxs:TaxData /);
    expect(a.stdout).toContain('<pxs:TransportHeaderID>22222222-3333-4444-5555-666666666666</pxs:TransportHeaderID>');
    expect(a.stdout).toContain('<cbc:IssueTime>08:00:00+04:00</cbc:IssueTime>');
    expect(b.stdout).toBe(a.stdout);
  });

  it('several inputs into --out-dir as <name>.tdd.xml, the parties from the config file, a generated transport id warned', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pintae-tdd-'));
    writeFileSync(join(dir, 'pintae.config.json'), JSON.stringify({ entity: ENTITY, rates: RATES, tdd: { receiver: '0242:000773', representative: '000001' } }));
    const body = (name: string) => JSON.parse(readFileSync(join(FIXTURES, 'invoices', name), 'utf8'));
    writeFileSync(join(dir, 'bulk.json'), JSON.stringify({ invoices: [body('zero-rated.json'), body('exempt.json')] }));
    mkdirSync(join(dir, 'again'));
    writeFileSync(join(dir, 'again', 'standard.json'), JSON.stringify({ ...body('standard.json'), invoice_number: 'INV-AGAIN' }));
    const r = await run([standard, join(FIXTURES, 'invoices/usd-with-rate.json'), 'bulk.json', 'again/standard.json', '--out-dir', 'out'], dir);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['bulk-0.tdd.xml', 'bulk-1.tdd.xml', 'standard.tdd.xml', 'standard~2.tdd.xml', 'usd-with-rate.tdd.xml']);
    // A second input of the same name: its file is said, with the one that took the name.
    expect(r.stderr).toContain(`again/standard.json: its TDD is written as out/standard~2.tdd.xml: out/standard.tdd.xml holds the TDD of ${standard}, an input of the same name`);
    const againId = /^again\/standard\.json: warning: .*generated one, ([0-9a-f-]{36})/m.exec(r.stderr)![1];
    expect(readFileSync(join(dir, 'out/standard~2.tdd.xml'), 'utf8')).toContain(`<pxs:TransportHeaderID>${againId}</pxs:TransportHeaderID>`);
    // One generated transport id per TDD: each invoice is a Peppol message of its own.
    const warned = [...r.stderr.matchAll(/warning: no --transport-id: the TDD carries a generated one, ([0-9a-f-]{36})/g)].map((m) => m[1]);
    expect(new Set(warned).size).toBe(5);
    expect(readFileSync(join(dir, 'out/standard.tdd.xml'), 'utf8')).toContain(`<pxs:TransportHeaderID>${warned[0]}</pxs:TransportHeaderID>`);
    // A bulk body's warnings say which invoice each id was made for, as its file name and findings do.
    for (const i of [0, 1]) {
      const line = r.stderr.split('\n').find((l) => l.startsWith(`bulk.json [${i}]: warning: no --transport-id`));
      expect(line, r.stderr).toBeDefined();
      expect(readFileSync(join(dir, `out/bulk-${i}.tdd.xml`), 'utf8')).toContain(`<pxs:TransportHeaderID>${/generated one, ([0-9a-f-]{36})/.exec(line!)![1]}</pxs:TransportHeaderID>`);
    }
    expect(readFileSync(join(dir, 'out/standard.tdd.xml'), 'utf8')).toContain('<cbc:ID schemeID="0242">000001</cbc:ID>');
  });

  it.each([
    ['several inputs without --out-dir', [standard, join(FIXTURES, 'invoices/export.json'), ...PARTIES], /for 2 inputs give --out-dir/],
    ['no receiver anywhere', [standard, '--no-config', '--representative', '0242:1'], /--receiver: required/],
    ['nothing at all: the input is what it lacks first', ['--no-config'], /^pintae: no input: /],
    ['a type outside the code list', [standard, '--type', 'X', ...PARTIES], /--type X: choose S, R, W, F/],
    ['one --transport-id for the invoices of a bulk body', [bulk, '--entity', ENTITY, '--out-dir', join(tmpdir(), 'pintae-tdd-never'), ...PARTIES, ...FIXED], /--transport-id names one Peppol message: .*holds 2 invoices/],
    ['an issue time without its time zone', [standard, ...PARTIES, '--issued', '2025-02-06T08:00:00'], /--issued .*time zone/],
    ['a blank --transport-id (the same for every input: the command is wrong, not the invoice)', [standard, ...PARTIES, '--transport-id', ' '], /^pintae: --transport-id: give the transport header id/],
  ])('usage error, exit 2: %s', async (_, args, message) => {
    const r = await run(args as string[]);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message as RegExp);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a broken input: exit 1, located on stderr, no file for it; the good input beside it still gets its TDD', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pintae-tdd-'));
    writeFileSync(join(dir, 'broken.xml'), '<?xml version="1.0"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">\n  <cbc:ID>1</cbc:ID>\n</Invoice>\n');
    copyFileSync(join(FIXTURES, 'invalid/tax.json'), join(dir, 'tax.json'));
    copyFileSync(standard, join(dir, 'standard.json'));
    const r = await run([dir, '--entity', ENTITY, '--out-dir', join(dir, 'out'), '--no-config', ...PARTIES, ...FIXED.slice(0, 2)]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/broken\.xml:3:\d+: error: namespace prefix cbc is not declared/);
    expect(r.stderr).toMatch(/tax\.json:\d+:\d+: error: .*\[ibr-co-14\]/);
    // Refused for its errors: said as such, and what a receiver does with such a document.
    expect(r.stderr).toMatch(/tax\.json: error: no TDD written: the document has \d+ errors?; a TDD of type S reports a valid document \(the receiver of a document that fails validation reports it as a TDS, with --type F\)/);
    expect(r.stderr).not.toMatch(/(broken\.xml|standard\.json): error: no TDD written/);
    expect(readdirSync(join(dir, 'out'))).toEqual(['standard.tdd.xml']);
  });
});
