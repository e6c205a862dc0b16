import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_APPLICATION, loadTokens } from '../../../src/sandbox/tokens.js';
import { UsageError } from '../../../src/io/errors.js';
import { speak } from '../../../src/messages/ref.js';
import '../../../src/messages/io.js';
import '../../../src/messages/reasons.js';

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

  it('says each refusal by id, in English as before and in Arabic with no English left (the words of pintae sandbox --lang ar)', () => {
    const cases: Array<[string, string, string]> = [
      ['[]', 'expected {"<token>": "<application id>", ...}', 'كان المتوقع {"<token>": "<application id>", ...}'],
      ['{}', 'holds no token', 'لا يحوي أي رمز وصول'],
      ['{"a b": "app"}', 'a token must be non-empty without spaces', 'يجب أن يكون رمز الوصول غير فارغ وبلا مسافات'],
      ['{"t": ""}', 'every token maps to an application id (a non-empty string)', 'يجب أن يقابل كلَّ رمز وصول معرّفُ تطبيق (نص غير فارغ)'],
      ['{"t":', 'a value was expected, but the file ends here', ''],
    ];
    for (const [content, en, ar] of cases) {
      const sub = mkdtempSync(join(dir, 'said-'));
      const path = join(sub, 'tokens.json');
      writeFileSync(path, content);
      const e = (() => { try { loadTokens(sub); } catch (x) { return x as UsageError; } throw new Error('accepted'); })();
      expect(e).toBeInstanceOf(UsageError);
      expect(e.message).toBe(content === '{"t":' ? `${path}:1:6: ${en}` : `${path}: ${en}`);
      const arabic = speak(e.said!, 'ar')!;
      if (ar) expect(arabic).toBe(`${path}: ${ar}`);
      expect(arabic.replace(path, '').replace(/\{[^}]*\}/, '')).not.toMatch(/\b(expected|token|holds|must|every|found|value|ends)\b/);
    }
  });
});
