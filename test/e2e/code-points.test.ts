/**
 * Issue 11, class "code points": nothing a string holds may throw, anywhere. `&#x110000;` and `&#99999999;` are
 * text and reach the XML exactly; characters no XML can carry (lone surrogates, U+FFFF, C0 controls) are refused
 * at their field when the document would carry them and are plain data elsewhere (invoice_number, reference,
 * entity_id); a string of megabytes is only long. Through validate in every report format, build, check, and bulk
 * to the sandbox (the sandbox's own answers: test/e2e/sandbox-bulk.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readXmlDocument } from '../../dist/io/xml.js';
import { BIN, ENTITY, FIXTURES, RATES } from '../helpers/paths.js';
import { createEntity, OFFLINE, pintae, removeTempDirs, sandbox, tempDir, writeJson } from './api-helpers.js';
import { execa } from 'execa';
import { all, hasClass, parseHtml } from '../helpers/html-tree.js';

const standard = JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'));
const NAME = '&#x110000; &#99999999; &#0; &amp; \u{10FFFF}';
/** One bulk body with every kind of text: [index, invoice_number, text, expected validity]. */
const items = [
  { ...standard, invoice_number: 'TEXT-0', buyer: { ...standard.buyer, name: NAME }, reference: '\udfff\u0000\uffff' },
  { ...standard, invoice_number: 'SURROGATE-1', buyer: { ...standard.buyer, name: 'Gulf \ud800' } },
  { ...standard, invoice_number: 'FFFF-2', line_items: [{ ...standard.line_items[0], description: 'paper\uffff' }] },
  { ...standard, invoice_number: 'HUGE-3', line_items: [{ ...standard.line_items[0], description: 'x'.repeat(3_000_000) }] },
  { ...standard, invoice_number: '\u0001<>&"]]>\ud800-4' },
  { ...standard, invoice_number: 'ENTITY-5', entity_id: 'ent_\udc00' },
];
const EXPECTED_VALID = [true, false, false, true, true, false];

let dir: string;
let bulkFile: string;
beforeAll(() => { dir = tempDir(); bulkFile = writeJson(dir, 'bulk.json', { invoices: items }); });
afterAll(removeTempDirs);

const run = (args: string[]) => execa('node', [BIN, ...args], { reject: false, cwd: dir, env: { NO_COLOR: '1' } });

describe('validate: every report format answers, nothing throws', () => {
  it.each(['json', 'stylish', 'junit', 'sarif', 'github', 'ndjson', 'html'])('--format %s', async (format) => {
    const r = await run(['validate', bulkFile, '--entity', ENTITY, '--rates', RATES, '--no-schematron', '--format', format]);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).toBe('');
    if (format === 'json') {
      const results = JSON.parse(r.stdout).results as any[];
      expect(results.map((x) => x.valid)).toEqual(EXPECTED_VALID);
      expect(results[1].response.data.errors[0]).toMatchObject({ field: 'buyer.name', message: expect.stringContaining('U+D800'), line: expect.any(Number), column: expect.any(Number) });
      expect(results[2].response.data.errors[0]).toMatchObject({ field: 'line_items[0].description', message: expect.stringContaining('U+FFFF') });
    }
    if (format === 'junit') expect(readXmlDocument(r.stdout).ok).toBe(true);
    if (format === 'sarif') expect(JSON.parse(r.stdout).runs[0].results.length).toBeGreaterThan(0);
    if (format === 'html') expect(all(parseHtml(r.stdout), (e) => e.tag === 'section' && hasClass(e, 'invoice'))).toHaveLength(items.length);
  });
});

describe('build and check: the text reaches the XML exactly and reads back', () => {
  it('build writes the valid ones; check reads what build wrote', async () => {
    const out = join(dir, 'out');
    const built = await run(['build', bulkFile, '--entity', ENTITY, '--rates', RATES, '--out-dir', out, '--format', 'json', '--deterministic']);
    expect(built.exitCode, built.stderr).toBe(1);
    const xml = readFileSync(join(out, 'bulk-0.xml'), 'utf8');
    expect(xml).toContain('<cbc:RegistrationName>&amp;#x110000; &amp;#99999999; &amp;#0; &amp;amp; \u{10FFFF}</cbc:RegistrationName>');
    const checked = await run(['check', join(out, 'bulk-0.xml'), join(out, 'bulk-3.xml'), join(out, 'bulk-4.xml'), '--format', 'json']);
    expect(checked.stderr).toBe('');
    expect(JSON.parse(checked.stdout).results.map((x: any) => x.valid)).toEqual([true, true, true]);
  });
});

describe('bulk to the sandbox: text that is only text is sent; an entity id no URL can carry is not a crash', () => {
  let sb: Awaited<ReturnType<typeof sandbox>>;
  beforeAll(async () => { sb = await sandbox(); });
  afterAll(async () => { await sb.close(); });

  it('the good invoices are accepted, the others refused offline, exit 1, no stack trace', async () => {
    const entityId = await createEntity(sb.url);
    const cwd = tempDir();
    const file = writeJson(cwd, 'bulk.json', items.map((item, i) => ({ ...item, entity_id: i === 5 ? item.entity_id : entityId, invoice_number: `B-${i}-${String(item.invoice_number)}` })));
    const r = await pintae(['bulk', file, ...OFFLINE, '--format', 'json'], { cwd, url: sb.url });
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).not.toMatch(/\n\s+at |internal error|URI/);
    const outcomes = JSON.parse(r.stdout).results.map((x: any) => x.outcome);
    expect(outcomes).toEqual(['accepted', 'invalid', 'invalid', 'accepted', 'accepted', 'invalid']);
  });
});
