import { afterEach, describe, expect, it } from 'vitest';
import { redact, redactDeep } from '../../../src/api/redact.js';
import { clearSecrets, registerSecret, REDACTED } from '../../../src/io/secrets.js';
import { ApiError, ApiUnreachableError, ApiUnreadableAnswerError, mayHaveCreated } from '../../../src/api/errors.js';
import { speak } from '../../../src/messages/ref.js';

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
    // Nor the entry the CLI says them from in another language (issue 26).
    expect(JSON.stringify(error.said)).not.toContain('tok-echoed-1234');
    const unknown = new ApiUnreachableError('EWEIRD', true, 'GET', '/x', 2, 'socket tok-echoed-1234');
    expect(unknown.message).toBe(`GET /x: no answer after 2 attempts: a network error (EWEIRD: socket ${REDACTED})`);
    expect(JSON.stringify(unknown.said)).not.toContain('tok-echoed-1234');
  });
});

describe('ApiError wording', () => {
  it('names the token on 401, entity ownership on 404, the partner organisation on 403', () => {
    expect(new ApiError(401, null, 'GET', '/oauth/entities').message).toMatch(/token.*PINTAE_TOKEN/);
    expect(new ApiError(404, { message: 'Entity e1 not found' }, 'POST', '/oauth/invoices').message).toMatch(/entity .*belong to .*connected to.* application/);
    expect(new ApiError(403, null, 'POST', '/oauth/invoices').message).toMatch(/partner's organisation/);
    expect(new ApiError(404, null, 'GET', '/oauth/invoices/x/status').message).toMatch(/no such invoice/);
  });

  // src/messages/net.ts: the Arabic of each error; the service's own words (in brackets) are quoted as it wrote them.
  it('in Arabic: what the status means, the service\'s words kept as they came', () => {
    const e = new ApiError(401, { message: 'Token expired' }, 'GET', '/oauth/entities');
    expect(e.message).toBe('GET /oauth/entities: HTTP 401: the access token was refused (missing, expired or invalid): check PINTAE_TOKEN or PINTAE_TOKEN_FILE (Token expired)');
    expect(speak(e.said, 'ar')).toBe('GET /oauth/entities: HTTP 401: رُفض رمز الوصول (مفقود أو منتهي الصلاحية أو غير صالح): تحقّق من PINTAE_TOKEN أو PINTAE_TOKEN_FILE (Token expired)');
    expect(speak(new ApiError(418, null, 'GET', '/x').said, 'ar')).toBe('GET /x: HTTP 418: HTTP 418 غير متوقع');
  });

  it('in Arabic: no answer, an answer not read, an entity that may have been made', () => {
    const lost = new ApiUnreachableError('ECONNREFUSED', false, 'POST', '/oauth/entities', 4);
    expect(lost.message).toBe('POST /oauth/entities: no answer after 4 attempts: the server refused the connection: nothing listens at that address and port (ECONNREFUSED)');
    expect(speak(lost.said, 'ar')).toBe('POST /oauth/entities: لا رد (المحاولات: 4): رفض الخادم الاتصال: لا شيء يستمع على ذلك العنوان والمنفذ (ECONNREFUSED)');
    mayHaveCreated(lost);
    expect(lost.message).toMatch(/; the entity may have been created all the same: check pintae entities list before creating it again$/);
    expect(speak(lost.said, 'ar')).toMatch(/؛ ربما أُنشئ الكيان رغم ذلك: تحقّق من pintae entities list قبل إنشائه مرة أخرى$/);
    const slow = new ApiUnreadableAnswerError('ANSWER_TOO_SLOW', 'GET', '/x', 1, { status: 200, reason: 'slow', seconds: 30 });
    expect(slow.message).toBe('GET /x: the answer (HTTP 200) did not arrive in full within 30 s (PINTAE_REQUEST_TIMEOUT_MS, the whole request): it was not read; not retried');
    expect(speak(slow.said, 'ar')).toBe('GET /x: لم يصل الرد (HTTP 200) كاملاً خلال 30 ثانية (PINTAE_REQUEST_TIMEOUT_MS، للطلب كله): لم يُقرأ؛ لم تُعَد المحاولة');
  });
});
