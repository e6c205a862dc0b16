import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_APPLICATION, loadTokens } from '../../../src/sandbox/tokens.js';

const dir = mkdtempSync(join(tmpdir(), 'pintae-tokens-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sandbox tokens.json', () => {
  it('is created on first use with one random token, owner-only, and read back unchanged', () => {
    const first = loadTokens(join(dir, 'a'));
    expect(first.created).toBe(true);
    const [token, app] = Object.entries(first.tokens)[0]!;
    expect(token).toMatch(/^sbx_[\w-]{32}$/);
    expect(app).toBe(DEFAULT_APPLICATION);
    expect(statSync(first.path).mode & 0o777).toBe(0o600);
    const second = loadTokens(join(dir, 'a'));
    expect(second).toEqual({ ...first, created: false });
    expect(Object.keys(loadTokens(join(dir, 'b')).tokens)[0]).not.toBe(token);
  });

  it('refuses a file that is not {token: application id}, naming it', () => {
    for (const content of ['[]', '{}', '{"t": 1}', '{"a b": "app"}', '{"t": ""}', '{"t":']) {
      const sub = mkdtempSync(join(dir, 'bad-'));
      writeFileSync(join(sub, 'tokens.json'), content);
      expect(() => loadTokens(sub), content).toThrow(join(sub, 'tokens.json'));
    }
  });
});
