import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveBaseUrl, resolveToken } from '../../../src/api/settings.js';
import { redact } from '../../../src/api/redact.js';
import { clearSecrets } from '../../../src/io/secrets.js';
import { UsageError } from '../../../src/io/errors.js';

const root = mkdtempSync(join(tmpdir(), 'pintae-settings-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(clearSecrets);

describe('base URL', () => {
  const nested = join(root, 'project', 'a', 'b');
  mkdirSync(nested, { recursive: true });
  writeFileSync(join(root, 'project', 'pintae.config.json'), JSON.stringify({ baseUrl: 'https://config.example/api/' }));

  it('--base-url wins over PINTAE_BASE_URL, which wins over the baseUrl of the config file --config names', () => {
    const file = join(root, 'project', 'pintae.config.json');
    expect(resolveBaseUrl('https://flag.example/', { PINTAE_BASE_URL: 'https://env.example' }, nested, file)).toBe('https://flag.example');
    expect(resolveBaseUrl(undefined, { PINTAE_BASE_URL: 'https://env.example' }, nested, file)).toBe('https://env.example');
    expect(resolveBaseUrl(undefined, {}, nested, file)).toBe('https://config.example/api');
    expect(resolveBaseUrl(undefined, {}, nested, '../../pintae.config.json')).toBe('https://config.example/api');
  });

  it('a baseUrl in a config file found upward (a checkout\'s, from anyone) is refused, not followed: the token would go where it points', () => {
    const file = join(root, 'project', 'pintae.config.json');
    for (const choice of [undefined, true] as const) {
      expect(() => resolveBaseUrl(undefined, {}, nested, choice)).toThrow(UsageError);
      expect(() => resolveBaseUrl(undefined, {}, nested, choice)).toThrow(`${file} names the base URL https://config.example/api, but pintae sends your token only to an address you name yourself`);
    }
    // Named on the command line or in the user's environment, the found file's baseUrl is never read.
    expect(resolveBaseUrl(undefined, { PINTAE_BASE_URL: 'https://env.example' }, nested)).toBe('https://env.example');
    expect(resolveBaseUrl('https://flag.example', {}, nested)).toBe('https://flag.example');
    expect(() => resolveBaseUrl(undefined, {}, nested, false)).toThrow(/no API base URL/);
  });

  it('refuses a missing, malformed or credential-carrying URL with a usage error', () => {
    expect(() => resolveBaseUrl(undefined, {}, root)).toThrow(/no API base URL/);
    expect(() => resolveBaseUrl('not a url', {}, root)).toThrow(UsageError);
    expect(() => resolveBaseUrl('ftp://x.example', {}, root)).toThrow(/http or https/);
    expect(() => resolveBaseUrl('https://user:pw@x.example', {}, root)).toThrow(/credentials/);
  });

  it('refuses a token in pintae.config.json', () => {
    const dir = join(root, 'with-token');
    mkdirSync(dir);
    writeFileSync(join(dir, 'pintae.config.json'), JSON.stringify({ baseUrl: 'https://x.example', token: 'abcd1234' }));
    expect(() => resolveBaseUrl(undefined, {}, dir)).toThrow(/"token" is not read from pintae.config.json/);
  });
});

describe('token', () => {
  it('comes from PINTAE_TOKEN, else PINTAE_TOKEN_FILE, and is registered for redaction', () => {
    expect(resolveToken({ PINTAE_TOKEN: ' tok-from-env ' })).toBe('tok-from-env');
    expect(redact('x tok-from-env')).toBe('x [redacted]');
    const file = join(root, 'token');
    writeFileSync(file, 'tok-from-file\n');
    expect(resolveToken({ PINTAE_TOKEN_FILE: file })).toBe('tok-from-file');
  });

  it('is required, and must look like a bearer token', () => {
    expect(() => resolveToken({})).toThrow(/no access token: set PINTAE_TOKEN/);
    expect(() => resolveToken({ PINTAE_TOKEN_FILE: join(root, 'missing') })).toThrow(/no such file/);
    expect(() => resolveToken({ PINTAE_TOKEN: 'has space' })).toThrow(/not a usable bearer token/);
  });
});

describe('base URL hygiene', () => {
  it('refuses a query or fragment, where a credential could hide and reach the ledger', () => {
    expect(() => resolveBaseUrl('https://x.example/api?token=abc', {}, root)).toThrow(/query or fragment/);
  });
});
