/**
 * The API audit: a request body that is no JSON gets the same located 400 from the sandbox as from `pintae serve` on
 * the service's dry run (decisions.md "pintae serve": `{message: "The request is invalid", errors: [{field: "(body)",
 * message, line, column}]}`), on every invoice endpoint; an empty body to the dry run is that 400 too, not an answer
 * about an invoice nobody sent (spec 4.2 answers 200 for "exactly the body of 4.1").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../dist/sandbox/index.js';

const TOKEN = 'tok-bodies-51c0a7e2';
let sb: Sandbox;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pintae-sbx-bodies-'));
  sb = await startSandbox({ dataDir: dir, tokens: { [TOKEN]: 'app' }, today: () => '2026-11-22' });
});
afterAll(async () => { await sb.close(); rmSync(dir, { recursive: true, force: true }); });

const post = async (path: string, body: string) => {
  const res = await fetch(sb.url + path, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body });
  return { status: res.status, body: await res.json() };
};
const invalid = (message: string, line: number, column: number) => ({ message: 'The request is invalid', errors: [{ field: '(body)', message, line, column }] });

describe('a body that is no JSON', () => {
  it('is located, in the JSON reader\'s words, on validate, push and bulk', async () => {
    for (const path of ['/oauth/invoices/validate', '/oauth/invoices', '/oauth/invoices/bulk']) {
      expect(await post(path, '{nope'), path).toEqual({ status: 400, body: invalid('expected a double-quoted property name, found "n"', 1, 2) });
      expect(await post(path, '{"invoices": [1,]}\n'), path).toEqual({ status: 400, body: invalid('unexpected "]"', 1, 17) });
    }
  });

  it('an empty body to the dry run is the same 400', async () => {
    expect(await post('/oauth/invoices/validate', '')).toEqual({ status: 400, body: invalid('the request body is empty', 1, 1) });
    expect(await post('/oauth/invoices/validate', ' \n')).toEqual({ status: 400, body: invalid('the request body is empty', 1, 1) });
  });
});
