import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../../src/config/load.js';
import { UsageError } from '../../../src/io/errors.js';

const file = (text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'pintae-tdd-config-')), 'pintae.config.json');
  writeFileSync(path, text);
  return path;
};
const problem = (path: string) => {
  try { readConfig(path); } catch (e) { if (e instanceof UsageError) return e.message; throw e; }
  throw new Error('no error');
};

describe('the config file\'s "tdd": the parties every TDD of one organisation names', () => {
  it('is read as given', () => {
    expect(readConfig(file('{"tdd": {"receiver": "0242:000773", "representative": "000001"}}')).tdd).toEqual({ receiver: '0242:000773', representative: '000001' });
  });

  it('a party under another scheme, or an unknown key, is refused at its place (file:line:column)', () => {
    const bad = file('{\n  "tdd": {\n    "receiver": "0235:000773"\n  }\n}\n');
    expect(problem(bad)).toBe(`${bad}:3:17: tdd.receiver must be a participant under scheme 0242: 0242:<id>`);
    const unknown = file('{\n  "tdd": {\n    "reciever": "0242:1"\n  }\n}\n');
    expect(problem(unknown)).toBe(`${unknown}:3:5: unknown key "reciever" (known keys: receiver, representative)`);
  });
});
