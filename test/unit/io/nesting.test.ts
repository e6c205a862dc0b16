/**
 * Issue 11, class "deep nesting": no walk over user JSON may depend on the size of the call stack. Each case here
 * overflowed the stack of this (main) thread before the nesting limit and the iterative scanners.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonPositions } from '../../../src/io/positions.js';
import { parseJson } from '../../../src/io/json.js';
import { MAX_JSON_DEPTH, tooDeepAt } from '../../../src/io/json-depth.js';
import { validateInvoice } from '../../../src/pipeline.js';
import { validateText } from '../../../src/batch/work.js';
import { dataOf, fixtureEnv } from '../../helpers/pipeline.js';
import { FIXTURES } from '../../helpers/paths.js';
import { ApiClient } from '../../../src/api/client.js';
import { ApiNotStatusError, type ApiError } from '../../../src/api/errors.js';
import { invoiceStatus, pushInvoice } from '../../../src/api/invoices.js';
import { scriptedServer } from '../api/scripted-server.js';

const arrays = (n: number, inner = '0') => '['.repeat(n) + inner + ']'.repeat(n);
const objects = (n: number, inner = '1') => '{"a":'.repeat(n) + inner + '}'.repeat(n);
const standard = () => JSON.parse(readFileSync(join(FIXTURES, 'invoices/standard.json'), 'utf8')) as Record<string, unknown>;
/** An invoice whose `reference` holds `text` (a JSON value): levels below the body start at 2. */
const withReference = (text: string) => JSON.stringify({ ...standard(), reference: '@' }).replace('"@"', text);

describe('deep nesting: scanners of JSON text keep their own stack', () => {
  it('jsonPositions reads 100,000 nested arrays and objects, recording values down to the nesting limit only', () => {
    for (const text of [arrays(100_000), objects(100_000)]) {
      const positions = jsonPositions(text);
      expect(positions.values.get('')).toEqual({ line: 1, column: 1 });
      expect(positions.values.size).toBeLessThanOrEqual(MAX_JSON_DEPTH + 4);
    }
    const p = jsonPositions(`{"x": ${arrays(3)}, "y": 2}`);
    expect(p.values.get('/x/0/0')).toEqual({ line: 1, column: 9 });
    expect(p.values.get('/y')).toEqual({ line: 1, column: 21 });
  });

  it('the malformed-JSON locator finds the break in a document 100,000 levels deep', () => {
    const broken = parseJson(arrays(100_000).slice(0, -1));
    expect(broken).toMatchObject({ ok: false, message: "expected ',' or ']', found the end of the file", line: 1, column: 200_001 });
    const wrongClose = parseJson(`${objects(50_000).slice(0, -1)}]`);
    expect(wrongClose).toMatchObject({ ok: false, message: `expected ',' or '}', found "]"`, column: 300_001 });
  });

  it('tooDeepAt names the first container past the limit, in document order', () => {
    expect(tooDeepAt(JSON.parse(arrays(MAX_JSON_DEPTH)))).toBeUndefined();
    expect(tooDeepAt(JSON.parse(arrays(MAX_JSON_DEPTH + 1)))).toEqual(new Array(MAX_JSON_DEPTH).fill(0));
    expect(tooDeepAt({ a: 1, b: [{}, JSON.parse(objects(200))] })?.slice(0, 4)).toEqual(['b', 1, 'a', 'a']);
  });
});

describe('deep nesting: validateInvoice refuses a body past the limit as a finding, never an exception', () => {
  it.each([['2,000 nested arrays', arrays(2_000)], ['5,000 nested objects', objects(5_000)], ['100,000 nested arrays', arrays(100_000)]])('%s in reference', (_name, deep) => {
    const outcome = validateInvoice(JSON.parse(withReference(deep)), fixtureEnv());
    const data = dataOf(outcome);
    expect(data.is_valid).toBe(false);
    expect(data.errors).toHaveLength(1);
    expect(data.errors[0]).toMatchObject({ section: 'invoice_header', message: expect.stringMatching(/^reference is nested more than 64 levels deep/) });
    expect(data.errors[0]!.field!.split(/\.|\[/)).toHaveLength(MAX_JSON_DEPTH);
    expect(data).toMatchObject({ entity_id: 'ent_al_noor', invoice_number: 'INV-2025-0001' });
  });

  it('one level less is an ordinary body (here: reference must be a string)', () => {
    const data = dataOf(validateInvoice(JSON.parse(withReference(arrays(MAX_JSON_DEPTH - 1))), fixtureEnv()));
    expect(data.errors.map((e) => e.message)).toEqual(['reference must be a string']);
  });

  it('a bulk file keeps every other invoice, and places the deep one where it goes too deep', () => {
    const ok = JSON.stringify(standard());
    const text = `{"invoices": [${ok},\n${arrays(5_000)},\n${withReference(objects(5_000))}]}`;
    const results = validateText('bulk.json', text, fixtureEnv(), false);
    expect(results.map((r) => [r.index, r.valid, r.error?.internal ?? false])).toEqual([[0, true, false], [1, false, false], [2, false, false]]);
    const [arrayItem, objectItem] = [results[1]!, results[2]!].map((r) => (r.response && 'data' in r.response ? r.response.data.errors[0]! : undefined));
    expect(arrayItem).toMatchObject({ message: expect.stringMatching(/^The invoice body is nested more than 64/), line: 2, column: MAX_JSON_DEPTH + 1 });
    const referenceAt = withReference(objects(5_000)).indexOf('{"a":');
    expect(objectItem).toMatchObject({ field: expect.stringMatching(/^reference\.a\.a/), line: 3, column: referenceAt + (MAX_JSON_DEPTH - 1) * 5 + 1 });
  });
});

describe('deep nesting: an answer of the API nested past the limit is kept as words, never walked', () => {
  it('a 400 and a status answer 100,000 levels deep: an ApiError, and a status read refused as no status', async () => {
    const server = await scriptedServer([{ status: 400, text: arrays(100_000) }, { status: 200, text: objects(100_000) }]);
    const client = new ApiClient({ baseUrl: server.url, token: 'tok-nesting-1', retry: { attempts: 1 } });
    try {
      const sent = await pushInvoice(client, { entity_id: 'e', invoice_number: 'N' });
      expect(sent).toMatchObject({ kind: 'rejected', http: 400 });
      expect((sent as { error: ApiError }).error.body).toBe('(an answer nested more than 64 levels deep, not read)');
      // Read as "a status with nothing known" it was polled until --timeout (test/unit/api/follow.test.ts).
      const refused = await invoiceStatus(client, 'id-1').catch((e) => e);
      expect(refused).toBeInstanceOf(ApiNotStatusError);
      expect(refused.message).toBe('GET /oauth/invoices/id-1/status: HTTP 200, but the answer is not an invoice status (no "status" or "terminal" in it; it says: (an answer nested more than 64 levels deep, not read)): something other than the service may have answered (a proxy, a captive portal)');
    } finally {
      await client.close();
      await server.close();
    }
  });
});
