/**
 * Issue 21, item 6, "The token never leaves": the redactor every output goes through removes a registered token
 * whole, and any run of 8 or more of its characters, in the spellings the output formats give it; a shorter token
 * only whole; and nothing else.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { clearSecrets, redactDeep, redactSecrets, Redactor, registerSecret, REDACTED } from '../../../src/io/secrets.js';
import { leakedRuns } from '../../helpers/token-runs.js';

afterEach(clearSecrets);

const TOKEN = 'tok-LEAKCHECK-9f27c41e-Zq'; // 25 characters

describe('runs of 8 or more of a token', () => {
  it('the whole token, the token less its last character, a 10-character slice from the middle', () => {
    registerSecret(TOKEN);
    expect(redactSecrets(`a ${TOKEN} b`)).toBe(`a ${REDACTED} b`);
    expect(redactSecrets(`bad token ${TOKEN.slice(0, -1)}.`)).toBe(`bad token ${REDACTED}.`);
    expect(redactSecrets(`id=${TOKEN.slice(8, 18)}&x`)).toBe(`id=${REDACTED}&x`);
    expect(redactSecrets(`[${TOKEN.slice(17)}]`)).toBe(`[${REDACTED}]`); // the last 8
  });

  it('a run of 7 stays: it is no longer the token\'s', () => {
    registerSecret(TOKEN);
    const seven = TOKEN.slice(5, 12);
    expect(redactSecrets(`x ${seven} y`)).toBe(`x ${seven} y`);
    expect(redactSecrets('tok-')).toBe('tok-');
  });

  it('overlapping and adjacent runs become one [redacted]; separate runs one each', () => {
    registerSecret(TOKEN);
    expect(redactSecrets(`${TOKEN}${TOKEN}`)).toBe(REDACTED);
    expect(redactSecrets(`${TOKEN.slice(0, 12)}${TOKEN.slice(6)}`)).toBe(REDACTED);
    expect(redactSecrets(`${TOKEN.slice(0, 9)} and ${TOKEN.slice(12, 22)}`)).toBe(`${REDACTED} and ${REDACTED}`);
  });

  it('two secrets, and a token inside a longer word', () => {
    registerSecret(TOKEN);
    registerSecret('other-secret-value');
    const out = redactSecrets(`x${TOKEN.slice(3, 14)}y other-secret-valu and more`);
    expect(out).toBe(`x${REDACTED}y ${REDACTED} and more`);
  });

  it('in its escaped spellings: a JSON string, XML and HTML text and attributes, a URL, a GitHub command', () => {
    const token = 'a"b\\c&d<e>f\'g%h:i,j/k-LONG';
    registerSecret(token);
    const xml = token.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const cases: Array<[string, string]> = [
      [JSON.stringify(token), `"${REDACTED}"`],
      [JSON.stringify(JSON.stringify(token)), `"\\"${REDACTED}\\""`],
      [xml, REDACTED],
      [xml.replace(/"/g, '&quot;'), REDACTED],
      [xml.replace(/"/g, '&quot;').replace(/'/g, '&#39;'), REDACTED],
      [encodeURIComponent(token), REDACTED],
      [token.replace(/%/g, '%25').replace(/:/g, '%3A').replace(/,/g, '%2C'), REDACTED],
    ];
    for (const [spelled, expected] of cases) expect(redactSecrets(`<p title="x">${spelled}</p>`), spelled).toBe(`<p title="x">${expected}</p>`);
    // A part of it, escaped: 8 of its characters are enough.
    expect(redactSecrets(JSON.stringify({ m: `x ${token.slice(0, 9)} y` }))).toBe(`{"m":"x ${REDACTED} y"}`);
    expect(redactSecrets(`<m>${'d<e>f\'g%h:i'.replace(/</g, '&lt;').replace(/>/g, '&gt;')}</m>`)).toBe(`<m>${REDACTED}</m>`);
  });

  it('a token shorter than 8 is redacted whole only', () => {
    registerSecret('abc123');
    expect(redactSecrets('xabc123y abc12 bc123')).toBe(`x${REDACTED}y abc12 bc123`);
    registerSecret('ab'); // too short to be a token: ignored
    expect(redactSecrets('about tab')).toBe('about tab');
  });

  it('leaves text alone when no secret is registered, and text without the token when one is', () => {
    const text = 'error [BR-AE-01] line_items[2].tax_amount: 5.00 ≠ 5.01 — tok-other 9f27c41 LEAKCHE\n';
    expect(redactSecrets(text)).toBe(text);
    registerSecret(TOKEN);
    expect(redactSecrets(text)).toBe(text);
    expect(redactSecrets('')).toBe('');
  });

  it('extra secrets count for one call only', () => {
    expect(redactSecrets('k=one-time-secret-1', ['one-time-secret-1'])).toBe(`k=${REDACTED}`);
    expect(redactSecrets('k=one-time-secret-1')).toBe('k=one-time-secret-1');
  });
});

describe('the Redactor, for text written in pieces', () => {
  const text = `{"message":"bad token ${TOKEN}"}\nsecond line ${TOKEN.slice(2, 12)} end\n`;

  it('finds a token split across two writes at any point', () => {
    registerSecret(TOKEN);
    const whole = redactSecrets(text);
    for (let at = 0; at <= text.length; at++) {
      const r = new Redactor();
      expect(r.push(text.slice(0, at)) + r.push(text.slice(at)) + r.end(), `split at ${at}`).toBe(whole);
    }
  });

  it('one character at a time gives the same text', () => {
    registerSecret(TOKEN);
    const r = new Redactor();
    let out = '';
    for (const c of text) out += r.push(c);
    expect(out + r.end()).toBe(redactSecrets(text));
    expect(leakedRuns(out, TOKEN)).toEqual([]);
  });

  it('holds back only what could begin the token: a line that ends is passed on whole', () => {
    registerSecret(TOKEN);
    const r = new Redactor();
    expect(r.push('done\n')).toBe('done\n');
    expect(r.push('url: http://127.0.0.1:8787\n')).toBe('url: http://127.0.0.1:8787\n');
    expect(r.push('prefix tok-LE')).toBe('prefix ');
    expect(r.push('X and more\n')).toBe('tok-LEX and more\n');
    expect(r.push('tok-LE')).toBe('');
    expect(r.push('AK!\n')).toBe(`${REDACTED}!\n`);
    expect(r.end()).toBe('');
  });

  it('without a secret, passes every piece on at once', () => {
    const r = new Redactor();
    expect(r.push('tok-LE')).toBe('tok-LE');
  });
});

describe('redactDeep', () => {
  it('redacts keys as well as values', () => {
    registerSecret(TOKEN);
    const value = { [TOKEN]: { nested: [`x ${TOKEN.slice(0, -1)}`], [`x=${TOKEN.slice(4, 14)}`]: 1 }, n: 2, b: true, z: null };
    const out = redactDeep(value);
    expect(out).toEqual({ [REDACTED]: { nested: [`x ${REDACTED}`], [`x=${REDACTED}`]: 1 }, n: 2, b: true, z: null });
    expect(leakedRuns(JSON.stringify(out), TOKEN)).toEqual([]);
  });
});

describe('any secret', () => {
  it('one that is no token (spaces, a symbol beyond the BMP, a control character) is still redacted, and never breaks a write', () => {
    const secret = 'tok-secret-\u{1F511} with\u0007bell';
    registerSecret(secret);
    expect(redactSecrets(`[${secret}]`)).toBe(`[${REDACTED}]`);
    expect(redactSecrets(JSON.stringify({ t: secret.slice(3) }))).toBe(`{"t":"${REDACTED}"}`);
  });
});
