/**
 * Issue 22, item 8: conflicts are said, never settled by whichever came last. Two records of one entity_id (in two
 * --entity files, or in one) stop the run naming both places; a key given twice in the config or an entity file gets
 * a located warning; rule ids in overrides are matched without regard to case, two keys naming one rule are a usage
 * error at the second, and a key whose case differs from its rule's id gets a warning.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ENTITY, FIXTURES } from '../helpers/paths.js';
import { removeTempDirs, tempDir } from './api-helpers.js';
import { createValidator } from '../../dist/index.js';

const INVOICE = join(FIXTURES, 'invoices/standard.json');
const RECORD = readFileSync(ENTITY, 'utf8');
const ID = JSON.parse(RECORD).entity_id as string;

let dir: string;
/** A project of its own (a .git directory stops the config search) with a config file of the text given. */
function project(config?: string): string {
  const root = join(dir, `p${Math.random().toString(36).slice(2, 8)}`);
  mkdirSync(join(root, '.git'), { recursive: true });
  if (config !== undefined) writeFileSync(join(root, 'pintae.config.json'), config);
  return root;
}
const put = (root: string, name: string, text: string) => { writeFileSync(join(root, name), text); return name; };
const run = (cwd: string, args: string[]) => execa('node', [BIN, ...args], { reject: false, cwd, env: { NO_COLOR: '1' } });

beforeAll(() => { dir = tempDir(); });
afterAll(removeTempDirs);

describe('the same entity_id in two entity inputs', () => {
  it('two --entity files: a usage error naming both places', async () => {
    const root = project();
    put(root, 'a.json', RECORD);
    put(root, 'b.json', `\n  ${RECORD}`);
    const r = await run(root, ['validate', INVOICE, '--entity', 'a.json', '--entity', 'b.json']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(`pintae: b.json:2:3: entity "${ID}" has a record here and another at a.json:1:1: which one is the seller's cannot be guessed; keep one`);
    // The same file named twice is one record, read once.
    expect((await run(root, ['validate', INVOICE, '--entity', 'a.json', '--entity', './a.json', '--format', 'json'])).exitCode).toBe(0);
  });

  it('two records of one file, and two files named by the config', async () => {
    const root = project(JSON.stringify({ entity: ['a.json', 'both.json'] }));
    put(root, 'a.json', JSON.stringify({ entity_id: 'other', company_name: 'Other' }));
    put(root, 'both.json', `[\n  ${RECORD.trim()},\n  {"entity_id": "${ID}", "company_name": "Someone else"}\n]`);
    const r = await run(root, ['validate', INVOICE]);
    expect(r.exitCode).toBe(2);
    const line = RECORD.trim().split('\n').length + 2;
    expect(r.stderr).toBe(`pintae: ${join(root, 'both.json')}:${line}:3: entity "${ID}" has a record here and another at ${join(root, 'both.json')}:2:3: which one is the seller's cannot be guessed; keep one`);
  });
});

describe('a key given twice', () => {
  it('in an entity file: a located warning; the run goes on', async () => {
    const root = project();
    put(root, 'seller.json', RECORD.replace(/\n\}\s*$/, ',\n  "city": "Abu Dhabi"\n}\n'));
    const r = await run(root, ['validate', INVOICE, '--entity', 'seller.json', '--format', 'json']);
    const first = RECORD.split('\n').findIndex((l) => l.includes('"city"')) + 1;
    const repeat = RECORD.trimEnd().split('\n').length;
    expect(r.stderr).toBe(`pintae: warning: seller.json:${repeat}:3: "city" is given twice in one object (first at line ${first}, column 3): JSON leaves a repeated key undefined, and pintae reads the last one; keep one`);
    expect(JSON.parse(r.stdout).results).toHaveLength(1);
  });

  it('in the config file: a located warning, said once', async () => {
    const root = project('{\n  "format": "stylish",\n  "format": "json"\n}\n');
    const r = await run(root, ['validate', INVOICE, '--entity', ENTITY]);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe(`pintae: warning: ${join(root, 'pintae.config.json')}:3:3: "format" is given twice in one object (first at line 2, column 3): JSON leaves a repeated key undefined, and pintae reads the last one; keep one`);
    expect(JSON.parse(r.stdout).results).toHaveLength(1);
  });
});

describe('rule ids in overrides, matched without regard to case', () => {
  it('two keys naming one rule: a usage error at the second, naming the first', async () => {
    const root = project('{\n  "rules": {\n    "IBR-127-AE": "off",\n    "ibr-127-ae": "error"\n  }\n}\n');
    const r = await run(root, ['validate', INVOICE, '--entity', ENTITY]);
    expect(r.exitCode).toBe(2);
    const file = join(root, 'pintae.config.json');
    expect(r.stderr).toBe(`pintae: ${file}:4:5: rules: "ibr-127-ae" names the same rule as "IBR-127-AE" (${file}:3:5): rule ids are matched without regard to case, so one rule would get two levels; keep one`);
  });

  it('a key whose case differs from the rule\'s id: in force, with a warning', async () => {
    const root = project('{\n  "rules": { "IBR-127-AE": "warning" }\n}\n');
    const r = await run(root, ['validate', INVOICE, '--entity', ENTITY, '--format', 'json']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe(`pintae: warning: ${join(root, 'pintae.config.json')}:2:14: rules: "IBR-127-AE" is taken as the rule ibr-127-ae (rule ids are matched without regard to case); write it as ibr-127-ae, as the reports do`);
    expect(JSON.parse(r.stdout).overrides).toEqual([{ rule: 'IBR-127-AE', level: 'warning', applied: 0 }]);
  });

  it('the library: two keys naming one rule reject createValidator; warnings reach onWarning', async () => {
    await expect(createValidator({ ruleSet: false, rules: { 'IBR-127-AE': 'off', 'ibr-127-ae': 'error' } })).rejects.toThrow('rules: "ibr-127-ae" names the same rule as "IBR-127-AE"');
    const root = project('{"format": "json", "format": "stylish"}');
    put(root, 'seller.json', '{"entity_id": "x", "city": "A", "city": "B"}');
    const said: string[] = [];
    await createValidator({ ruleSet: false, cwd: root, config: true, entity: join(root, 'seller.json'), onWarning: (m) => said.push(m) });
    expect(said).toEqual([
      expect.stringMatching(/pintae\.config\.json:1:20: "format" is given twice/),
      expect.stringMatching(/seller\.json:1:33: "city" is given twice/),
    ]);
  });
});
