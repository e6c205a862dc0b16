import { afterEach, describe, expect, it } from 'vitest';
import { redact, redactDeep } from '../../../src/api/redact.js';
import { clearSecrets, registerSecret, REDACTED } from '../../../src/io/secrets.js';
import { ApiError, ApiUnreachableError } from '../../../src/api/errors.js';

afterEach(clearSecrets);

describe('redact', () => {
  it('replaces every occurrence of a registered secret', () => {
    registerSecret('s3cr3t-token-XYZ');
    expect(redact('a s3cr3t-token-XYZ b s3cr3t-token-XYZ')).toBe(`a ${REDACTED} b ${REDACTED}`);
  });

  it('replaces any bearer credential, registered or not', () => {
    expect(redact('authorization: Bearer abc.def-ghi, next')).toBe(`authorization: Bearer ${REDACTED}, next`);
    expect(redact('"Authorization":"bearer zzz"')).toBe(`"Authorization":"bearer ${REDACTED}"`);
  });

  it('leaves text without secrets alone, and ignores secrets too short to be tokens', () => {
    registerSecret('ab');
    expect(redact('about tab')).toBe('about tab');
  });

  it('redacts every string of a JSON value', () => {
    registerSecret('tok-777777');
    expect(redactDeep({ a: ['x tok-777777'], b: { c: 'tok-777777' }, n: 1 })).toEqual({ a: [`x ${REDACTED}`], b: { c: REDACTED }, n: 1 });
  });

  it('API errors never carry the token, even when the service echoes it', () => {
    registerSecret('tok-echoed-1234');
    const error = new ApiError(401, { message: 'bad token tok-echoed-1234', errors: [{ field: 'h', message: 'Bearer tok-echoed-1234' }] }, 'GET', '/oauth/entities');
    expect(error.message).not.toContain('tok-echoed-1234');
    expect(JSON.stringify(error.body)).not.toContain('tok-echoed-1234');
    expect(error.message).toMatch(/PINTAE_TOKEN/);
    expect(new ApiUnreachableError('ECONNRESET', true, 'GET', '/x', 2, 'socket tok-echoed-1234').message).not.toContain('tok-echoed-1234');
  });
});

describe('ApiError wording', () => {
  it('names the token on 401, entity ownership on 404, the partner organisation on 403', () => {
    expect(new ApiError(401, null, 'GET', '/oauth/entities').message).toMatch(/token.*PINTAE_TOKEN/);
    expect(new ApiError(404, { message: 'Entity e1 not found' }, 'POST', '/oauth/invoices').message).toMatch(/entity .*belong to .*connected to.* application/);
    expect(new ApiError(403, null, 'POST', '/oauth/invoices').message).toMatch(/partner's organisation/);
    expect(new ApiError(404, null, 'GET', '/oauth/invoices/x/status').message).toMatch(/no such invoice/);
  });
});
