/**
 * Issue 22, item 7, through the binary: a description longer than libxml2 takes in one text node (10,000,000 bytes)
 * is refused at its field, on its line and column, and no XML is written for that invoice; one at the limit is
 * written, and `check` reads what `build` wrote.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ENTITY, FIXTURES } from '../helpers/paths.js';
import { removeTempDirs, tempDir, writeJson } from './api-helpers.js';

const LIMIT = 10_000_000;
const standard = JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8'));
const withDescription = (number: string, description: string) =>
  ({ ...standard, invoice_number: number, line_items: [{ ...standard.line_items[0], description }, standard.line_items[1]] });

let dir: string;
beforeAll(() => { dir = tempDir(); });
afterAll(removeTempDirs);
const run = (args: string[]) => execa('node', [BIN, ...args], { reject: false, cwd: dir, env: { NO_COLOR: '1' } });

describe('a text field longer than libxml2 reads in one text node', () => {
  it('validate --out-dir: refused at the field, located; the other invoice of the file is written', async () => {
    const file = writeJson(dir, 'bulk.json', { invoices: [withDescription('LONG-1', 'x'.repeat(11_000_000)), withDescription('SHORT-2', 'paper')] });
    const out = join(dir, 'out');
    const r = await run(['validate', file, '--entity', ENTITY, '--out-dir', out, '--format', 'json', '--no-schematron']);
    expect(r.exitCode, r.stderr).toBe(1);
    const [long, short] = JSON.parse(r.stdout).results;
    expect(long.response.data.errors).toEqual([expect.objectContaining({
      field: 'line_items[0].description', line: expect.any(Number), column: expect.any(Number),
      message: `line_items[0].description is 11000000 bytes long (UTF-8), more than an XML document can carry in one text node (libxml2 reads at most ${LIMIT}): shorten it`,
    })]);
    const text = readFileSync(file, 'utf8').split('\n');
    const { line, column } = long.response.data.errors[0];
    expect(text[line - 1]!.slice(column - 1)).toMatch(/^"xxx/);
    expect(short.valid).toBe(true);
    expect(readdirSync(out)).toEqual(['bulk-1.xml']);
  });

  it('a byte over the limit: build writes nothing; at the limit: build writes it and check reads it', async () => {
    const over = await run(['build', writeJson(dir, 'over.json', withDescription('OVER-1', 'é'.repeat(LIMIT / 2) + 'x')), '--entity', ENTITY, '--out-dir', join(dir, 'over-out'), '--format', 'json', '--no-schematron']);
    expect(over.exitCode).toBe(1);
    expect(readdirSync(join(dir, 'over-out'))).toEqual([]);
    const file = writeJson(dir, 'edge.json', withDescription('EDGE-1', 'é'.repeat(LIMIT / 2)));
    const out = join(dir, 'edge-out');
    const built = await run(['build', file, '--entity', ENTITY, '--out-dir', out, '--format', 'json', '--no-schematron']);
    expect(built.exitCode, built.stdout).toBe(0);
    const checked = await run(['check', join(out, 'edge.xml'), '--format', 'json', '--no-schematron']);
    expect(checked.exitCode, checked.stdout).toBe(0);
  });
});
