/**
 * Issue 25: `pintae serve` as it runs in production, the real binary spawned: every endpoint (each answer checked
 * against the server's own OpenAPI document), and each behaviour of item 3 — the body cap (413), bodies read as
 * files are (400 at the byte), slow clients (408), a worker that dies (500 with the request id, replaced), the
 * bounded queue (503 with Retry-After), SIGTERM with requests in flight (answered, exit 0), bearer auth on and off,
 * one JSON log line per request without invoice content, SIGHUP re-reading the entity records.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ENTITY, FIXTURES, RATES } from '../helpers/paths.js';
import { cleanUp, logLines, metric, post, spawnServe, tempDir, until, type Served } from './serve-helpers.js';

afterAll(cleanUp);

const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const STANDARD = fixture('invoices/standard.json');
const CRASH = 'PINTAE-TEST-CRASH-MARKER';
const HOLD = 'PINTAE-TEST-HOLD-MARKER';
const TDD_PARTIES = 'receiver=0242:000773&representative=0242:000001';
const STACK = /\n\s+at /;
const ARABIC = /[\u0600-\u06FF]/u;

/** The invoice with `invoice_number` set (the test hooks look for their marker in the body). */
const withNumber = (number: string) => JSON.stringify({ ...JSON.parse(STANDARD.toString('utf8')), invoice_number: number });

/** Checks real answers against the schemas of the server's own GET /openapi.json. */
class OpenApiCheck {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  constructor(private readonly doc: any) { this.ajv.addSchema({ $id: 'openapi', components: doc.components }); }

  async check(res: Response, path: string, method: 'get' | 'post'): Promise<string> {
    const body = await res.text();
    const op = this.doc.paths[path]?.[method];
    expect(op, `${method} ${path} in the OpenAPI document`).toBeDefined();
    const described = op.responses[String(res.status)];
    expect(described, `${method} ${path} ${res.status} in the OpenAPI document`).toBeDefined();
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const media = described.content?.[type];
    expect(media, `${method} ${path} ${res.status} ${type} in the OpenAPI document`).toBeDefined();
    if (type.endsWith('json') && media.schema) {
      const validate = this.ajv.compile(rebase(media.schema));
      const ok = validate(JSON.parse(body));
      expect(ok, `${method} ${path} ${res.status}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    return body;
  }
}
/** A response schema with its component references pointed at the document added as `openapi`. */
const rebase = (schema: unknown): any => JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/'));

describe('pintae serve: every endpoint, as its OpenAPI document says', () => {
  let s: Served;
  let api: OpenApiCheck;
  beforeAll(async () => {
    s = await spawnServe(['--workers', '1', '--entity', ENTITY, '--rates', RATES, '--max-body', '65536', '--request-timeout', '1'], { PINTAE_TEST_SERVE_CRASH_ON: CRASH });
    const doc = await (await fetch(`${s.url}/openapi.json`)).json();
    expect(doc.openapi).toBe('3.1.0');
    api = new OpenApiCheck(doc);
  });

  it('probes, metrics, the document itself; 404 and 405 in words', async () => {
    expect(JSON.parse(await api.check(await fetch(`${s.url}/healthz`), '/healthz', 'get'))).toMatchObject({ status: 'ok' });
    expect(JSON.parse(await api.check(await fetch(`${s.url}/readyz`), '/readyz', 'get'))).toMatchObject({ status: 'ready', workers: 1 });
    await api.check(await fetch(`${s.url}/openapi.json`), '/openapi.json', 'get');
    const missing = await fetch(`${s.url}/v2/nothing`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toContain('/v2/nothing');
    const wrong = await fetch(`${s.url}/v1/validate`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('POST /oauth/invoices/validate: 200 valid or not, 400 for a registration type and for a body that is not JSON', async () => {
    const valid = JSON.parse(await api.check(await post(`${s.url}/oauth/invoices/validate`, STANDARD), '/oauth/invoices/validate', 'post'));
    expect(valid.data).toMatchObject({ is_valid: true, invoice_number: 'INV-2025-0001', total_errors: 0 });
    // The service's dry run answers in the service's English whatever the client's language (issue 26).
    const invalid = await post(`${s.url}/oauth/invoices/validate`, fixture('invalid/tax.json'), { 'accept-language': 'ar' });
    expect(invalid.status).toBe(200);
    const dry = await api.check(invalid, '/oauth/invoices/validate', 'post');
    expect(JSON.parse(dry).data.is_valid).toBe(false);
    expect(dry).not.toMatch(ARABIC);
    const rejected = await post(`${s.url}/oauth/invoices/validate`, fixture('invalid/rejected-registration-type.json'));
    expect(rejected.status).toBe(400);
    await api.check(rejected, '/oauth/invoices/validate', 'post');
    const malformed = await post(`${s.url}/oauth/invoices/validate`, fixture('invalid/malformed.json'));
    expect(malformed.status).toBe(400);
    const body = JSON.parse(await api.check(malformed, '/oauth/invoices/validate', 'post'));
    expect(body.errors[0]).toMatchObject({ field: '(body)', line: expect.any(Number), column: expect.any(Number) });
  });

  it('POST /v1/validate: the JSON report, a bulk body, and any format by ?format= or Accept', async () => {
    const report = JSON.parse(await api.check(await post(`${s.url}/v1/validate`, STANDARD), '/v1/validate', 'post'));
    expect(report.summary).toMatchObject({ invoices: 1, valid: 1 });
    const bulk = JSON.stringify({ invoices: [JSON.parse(STANDARD.toString()), JSON.parse(fixture('invalid/tax.json').toString())] });
    // ?lang=ar (issue 26): the findings said in Arabic with their English beside them; `response` the service's English.
    const both = JSON.parse(await api.check(await post(`${s.url}/v1/validate?lang=ar`, bulk, { 'accept-language': 'en' }), '/v1/validate', 'post'));
    expect(both.summary).toMatchObject({ invoices: 2, valid: 1, invalid: 1 });
    expect(both.results.map((r: any) => r.index)).toEqual([0, 1]);
    const said = both.results[1].findings.errors[0];
    expect(said.message).toMatch(ARABIC);
    expect(said.message_en).toBe(both.results[1].response.data.errors[0].message);
    expect(JSON.stringify(both.results[1].response)).not.toMatch(ARABIC);
    const sarif = await post(`${s.url}/v1/validate?format=sarif`, STANDARD);
    expect(sarif.headers.get('content-type')).toMatch(/^application\/sarif\+json/);
    expect(JSON.parse(await api.check(sarif, '/v1/validate', 'post')).version).toBe('2.1.0');
    const junit = await post(`${s.url}/v1/validate`, STANDARD, { accept: 'application/xml' });
    expect(await api.check(junit, '/v1/validate', 'post')).toMatch(/^<\?xml[^]*<testsuites/);
    // Accept-Language when there is no ?lang=: the first tag in English or Arabic.
    const html = await post(`${s.url}/v1/validate`, STANDARD, { accept: 'text/html', 'accept-language': 'fr-FR, ar-AE;q=0.9, en;q=0.8' });
    expect(await api.check(html, '/v1/validate', 'post')).toMatch(/^<!DOCTYPE html>\s*<html lang="ar" dir="rtl">/i);
    const noLang = await post(`${s.url}/v1/validate?lang=fr`, STANDARD);
    expect(noLang.status).toBe(400);
    expect(JSON.parse(await api.check(noLang, '/v1/validate', 'post')).message).toBe('lang "fr": choose one of en, ar, en+ar');
    const bad = await post(`${s.url}/v1/validate?format=pdf`, STANDARD);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('"pdf"');
    const unknown = await post(`${s.url}/v1/validate?formt=json`, STANDARD);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toContain('"formt"');
    // A parameter given twice: which value is meant is not guessed (the first was taken, the second dropped unsaid).
    const twice = await post(`${s.url}/v1/validate?format=json&format=sarif`, STANDARD);
    expect(twice.status).toBe(400);
    expect(JSON.parse(await api.check(twice, '/v1/validate', 'post')).message)
      .toBe('query parameter "format" is given more than once; POST /v1/validate takes one value of it');
  });

  it('a request body that does not parse is named the request body in every report, never "the file" (a SARIF rule, the HTML page)', async () => {
    const broken = '{"invoice_number": 1,';
    const sarif = JSON.parse(await (await post(`${s.url}/v1/validate?format=sarif`, broken)).text());
    const rule = sarif.runs[0].tool.driver.rules[0];
    expect(rule.id).toBe('pintae/unreadable');
    expect(rule.shortDescription.text).toBe('The request body could not be read or parsed');
    expect(rule.help.text).toMatch(/Fix the request body so that it parses, then send the request again\.$/);
    const html = await (await post(`${s.url}/v1/validate?format=html`, broken)).text();
    expect(html).toContain('<span class="whole">the request body</span>');
    expect(html).toMatch(/<span class="doc-type">Input<\/span><h2>the request body<\/h2>/);
    for (const text of [JSON.stringify(sarif), html]) expect(text).not.toMatch(/the file|input file/i);
  });

  it('POST /v1/build: the XML of a valid invoice, 422 with the report for an invalid one, 400 for a bulk body', async () => {
    const built = await post(`${s.url}/v1/build`, STANDARD);
    expect(built.status).toBe(200);
    expect(await api.check(built, '/v1/build', 'post')).toMatch(/^<\?xml[^]*<Invoice\b[^]*Gulf Office Supplies FZ-LLC/);
    const invalid = await post(`${s.url}/v1/build`, fixture('invalid/tax.json'));
    expect(invalid.status).toBe(422);
    expect(JSON.parse(await api.check(invalid, '/v1/build', 'post')).summary.invalid).toBe(1);
    const bulk = await post(`${s.url}/v1/build`, JSON.stringify([JSON.parse(STANDARD.toString()), JSON.parse(STANDARD.toString())]));
    expect(bulk.status).toBe(400);
    expect((await bulk.json()).message).toContain('holds 2');
  });

  it('POST /v1/check: a UBL invoice or a TDD, the report in the format asked', async () => {
    const xml = await (await post(`${s.url}/v1/build`, STANDARD)).text();
    const checked = JSON.parse(await api.check(await post(`${s.url}/v1/check`, xml, { 'content-type': 'application/xml' }), '/v1/check', 'post'));
    expect(checked.summary).toMatchObject({ invoices: 1, valid: 1 });
    const tdd = JSON.parse(await api.check(await post(`${s.url}/v1/check`, fixture('tdd/standard-tdd.xml')), '/v1/check', 'post'));
    expect(tdd.results[0].rule_set.name).toMatch(/tdd/);
    const broken = JSON.parse(await api.check(await post(`${s.url}/v1/check`, '<Invoice><oops></Invoice>'), '/v1/check', 'post'));
    expect(broken.summary.unreadable).toBe(1);
    const stylish = await post(`${s.url}/v1/check?format=stylish`, xml);
    expect(await api.check(stylish, '/v1/check', 'post')).toContain('1 valid');
    // The other kind of document: the advice names the route to send it to, not a command (the user is on the server).
    const json = JSON.stringify(JSON.parse(await api.check(await post(`${s.url}/v1/check`, STANDARD), '/v1/check', 'post')));
    expect(json).toContain('to validate an invoice request body, send it to POST /v1/validate');
    expect(json).not.toContain('pintae validate');
    const ubl = JSON.stringify(JSON.parse(await api.check(await post(`${s.url}/v1/validate`, xml), '/v1/validate', 'post')));
    expect(ubl).toContain('to check a UBL invoice, send it to POST /v1/check');
    expect(ubl).not.toContain('pintae check');
  });

  it('POST /v1/tdd: the TDD of a JSON invoice or of UBL, options as query parameters', async () => {
    const fromJson = await post(`${s.url}/v1/tdd?${TDD_PARTIES}&transport-id=5f1c2d3e-0000-4000-8000-000000000001`, STANDARD);
    expect(fromJson.status).toBe(200);
    expect(fromJson.headers.get('pintae-warning')).toBeNull();
    expect(await api.check(fromJson, '/v1/tdd', 'post')).toMatch(/TaxData[^]*5f1c2d3e-0000-4000-8000-000000000001/);
    const xml = await (await post(`${s.url}/v1/build`, STANDARD)).text();
    const fromXml = await post(`${s.url}/v1/tdd?${TDD_PARTIES}&role=receiver`, xml, { 'content-type': 'application/xml' });
    expect(fromXml.status).toBe(200);
    expect(fromXml.headers.get('pintae-warning')).toMatch(/transport-id/);
    await api.check(fromXml, '/v1/tdd', 'post');
    const invalid = await post(`${s.url}/v1/tdd?${TDD_PARTIES}&lang=en%2Bar`, fixture('invalid/tax.json'));
    expect(invalid.status).toBe(422);
    const refusedFindings = JSON.parse(await api.check(invalid, '/v1/tdd', 'post')).findings;
    const tddError = refusedFindings.find((f: any) => f.severity === 'error');
    expect(tddError).toBeDefined();
    // en+ar: the English, then the Arabic on a line of its own; the English alone in message_en.
    expect(tddError.message.startsWith(`${tddError.message_en}\n`)).toBe(true);
    expect(tddError.message).toMatch(ARABIC);
    // A blank transport-id is the request's mistake (400), not an internal fault (it was a 500).
    for (const query of ['', `${TDD_PARTIES}&type=X`, `${TDD_PARTIES}&colour=red`, `${TDD_PARTIES}&receiver=0242:000999`, `${TDD_PARTIES}&transport-id=`, `${TDD_PARTIES}&transport-id=%20`]) {
      const refused = await post(`${s.url}/v1/tdd?${query}`, STANDARD);
      expect(refused.status, query).toBe(400);
      await api.check(refused, '/v1/tdd', 'post');
    }
    // A body that cannot be read is said first, whatever the options lack (as `pintae tdd` with no input says so first).
    for (const [query, body] of [['', ''], [`type=X`, '  \n'], ['', '{"invoice_number": '], [`${TDD_PARTIES}&type=X`, '<Invoice>']] as const) {
      const unread = await post(`${s.url}/v1/tdd?${query}`, body);
      expect(unread.status, `${query} ${body}`).toBe(400);
      const answer = JSON.parse(await api.check(unread, '/v1/tdd', 'post'));
      expect(answer.error?.message, `${query} ${body}`).toMatch(body.trim() === '' ? /^the request body is empty$/ : /./);
      expect(answer.message, `${query} ${body}`).toMatch(/^No TDD was made/);
    }
  });

  it('a body past --max-body is refused with 413, and the server goes on', async () => {
    const big = JSON.stringify({ ...JSON.parse(STANDARD.toString()), notes: 'x'.repeat(70_000) });
    const refused = await post(`${s.url}/oauth/invoices/validate`, big);
    expect(refused.status).toBe(413);
    expect((await api.check(refused, '/oauth/invoices/validate', 'post'))).toContain('65536');
    expect((await post(`${s.url}/oauth/invoices/validate`, STANDARD)).status).toBe(200);
  });

  it('a body in a content coding (gzip) is a 415 naming it, with Accept-Encoding: identity, never read as text', async () => {
    const { gzipSync } = await import('node:zlib');
    for (const [path, coding] of [['/oauth/invoices/validate', 'gzip'], ['/v1/validate', 'GZIP'], ['/v1/tdd', 'identity, br']] as const) {
      const refused = await post(`${s.url}${path}`, gzipSync(STANDARD), { 'content-encoding': coding });
      expect(refused.status, path).toBe(415);
      expect(refused.headers.get('accept-encoding')).toBe('identity');
      expect(JSON.parse(await api.check(refused, path, 'post')).message).toContain(`Content-Encoding "${coding.replace('identity, ', '')}"`);
    }
    // identity is no coding: the body is read as sent.
    expect((await post(`${s.url}/oauth/invoices/validate`, STANDARD, { 'content-encoding': 'identity' })).status).toBe(200);
  });

  it('a multipart form body (curl -F) is a 415 saying to send the document itself, not a parse error at its boundary line', async () => {
    const form = Buffer.concat([Buffer.from('--xyz\r\nContent-Disposition: form-data; name="file"; filename="standard.json"\r\nContent-Type: application/json\r\n\r\n'), STANDARD, Buffer.from('\r\n--xyz--\r\n')]);
    for (const path of ['/oauth/invoices/validate', '/v1/validate', '/v1/check', `/v1/tdd?${TDD_PARTIES}`]) {
      const refused = await post(`${s.url}${path}`, form, { 'content-type': 'multipart/form-data; boundary=xyz' });
      expect(refused.status, path).toBe(415);
      expect(JSON.parse(await api.check(refused, path.replace(/\?.*/, ''), 'post')).message).toContain('send the document itself as the body (curl --data-binary @invoice.json, or @invoice.xml)');
    }
  });

  it('a body that is not UTF-8 (nor UTF-16 with a byte-order mark) is a 400 naming the byte, never read with U+FFFD', async () => {
    const latin1 = Buffer.from(STANDARD.toString('utf8').replace('Gulf Office Supplies', 'Gulf Caf\u00e9 Supplies'), 'latin1');
    const res = await post(`${s.url}/oauth/invoices/validate`, latin1);
    expect(res.status).toBe(400);
    const body = JSON.parse(await api.check(res, '/oauth/invoices/validate', 'post'));
    expect(body.errors[0].message).toMatch(/0xE9/);
    expect(body.errors[0]).toMatchObject({ line: 9, column: 22 });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(STANDARD.toString('utf8'), 'utf16le')]);
    expect(((await (await post(`${s.url}/oauth/invoices/validate`, utf16)).json()) as any).data.is_valid).toBe(true);
  });

  it('a client that does not finish its request within --request-timeout gets 408 and its connection closed', async () => {
    const { port } = new URL(s.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write('POST /oauth/invoices/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"entity');
      });
      let got = '';
      socket.on('data', (d) => { got += d.toString(); });
      socket.on('close', () => resolve(got));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // In words, as its OpenAPI document says (Node's own 408 had no body).
    const doc = await (await fetch(`${s.url}/openapi.json`)).json();
    expect(doc.paths['/oauth/invoices/validate'].post.responses['408'].content['application/json']).toBeDefined();
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).message).toMatch(/--request-timeout/);
  });

  it('a worker that dies: its request gets 500 with the request id, a new worker takes over, the others go on', async () => {
    const res = await post(`${s.url}/oauth/invoices/validate`, withNumber(CRASH), { 'x-request-id': 'crash-test-1' });
    expect(res.status).toBe(500);
    const body = JSON.parse(await api.check(res, '/oauth/invoices/validate', 'post'));
    expect(body.request_id).toBe('crash-test-1');
    expect(body.message).toContain('crash-test-1');
    expect(res.headers.get('x-request-id')).toBe('crash-test-1');
    expect(STACK.test(body.message)).toBe(false);
    const after = await post(`${s.url}/oauth/invoices/validate`, STANDARD);
    expect(after.status).toBe(200);
    expect(await metric(s.url, 'pintae_worker_restarts_total')).toBe(1);
    expect(await metric(s.url, 'pintae_workers_ready')).toBe(1);
  });

  it('/metrics in the Prometheus text format: requests by route and status, latency, documents by verdict, queue, workers', async () => {
    const res = await fetch(`${s.url}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^pintae_http_requests_total\{route="\/oauth\/invoices\/validate",status="200"\} \d+$/m);
    expect(text).toMatch(/^pintae_http_requests_total\{route="\/oauth\/invoices\/validate",status="413"\} 1$/m);
    expect(text).toMatch(/^pintae_http_request_duration_seconds_bucket\{route="\/v1\/build",le="\+Inf"\} \d+$/m);
    expect(text).toMatch(/^pintae_documents_total\{verdict="invalid"\} \d+$/m);
    expect(text).toMatch(/^pintae_documents_total\{verdict="rejected"\} \d+$/m);
    expect(text).toMatch(/^pintae_queue_depth 0$/m);
    expect(text).toMatch(/^# TYPE pintae_http_request_duration_seconds histogram$/m);
    for (const line of text.split('\n').filter((l) => l && !l.startsWith('#'))) expect(line).toMatch(/^[a-z_]+(\{[^}]*\})? [0-9.e+-]+$/);
  });

  it('one JSON log line per request: id, route, status, milliseconds, verdict; no invoice content', async () => {
    await post(`${s.url}/oauth/invoices/validate`, STANDARD, { 'x-request-id': 'log-test-1' });
    await until(() => logLines(s).some((l) => l.request_id === 'log-test-1'));
    const line = logLines(s).find((l) => l.request_id === 'log-test-1')!;
    expect(line).toMatchObject({ method: 'POST', route: '/oauth/invoices/validate', status: 200, verdict: 'valid', ms: expect.any(Number) });
    const requests = logLines(s).filter((l) => l.request_id !== undefined);
    expect(requests.length).toBeGreaterThan(20);
    expect(s.stderr()).not.toContain('INV-2025-0001');
    expect(s.stderr()).not.toContain('Gulf Office Supplies');
    expect(s.stderr()).toMatch(/"status":500[^\n]*"fault":"worker: exit code 70"/);
  });
});

describe('pintae serve: bearer auth, --log-bodies, SIGHUP', () => {
  it('with --token-file every route but the probes needs the token, which no answer or log line ever shows', async () => {
    const dir = tempDir();
    const token = 'tok_S3cr3t-serve-0123456789abcdef';
    writeFileSync(join(dir, 'token'), `${token}\n`);
    copyFileSync(ENTITY, join(dir, 'seller.json'));
    const s = await spawnServe(['--workers', '1', '--token-file', join(dir, 'token'), '--entity', join(dir, 'seller.json'), '--log-bodies', '--no-config'], {}, dir);
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
    const none = await post(`${s.url}/oauth/invoices/validate`, STANDARD);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect((await fetch(`${s.url}/metrics`)).status).toBe(401);
    expect((await post(`${s.url}/v1/validate`, STANDARD, { authorization: `Bearer ${token}x` })).status).toBe(401);
    expect((await post(`${s.url}/oauth/invoices/validate`, STANDARD, auth)).status).toBe(200);
    // A body that holds the token, echoed by the answer (invoice_number) and logged (--log-bodies): redacted in both.
    const echoed = await post(`${s.url}/oauth/invoices/validate`, withNumber(`N-${token}`), auth);
    const text = await echoed.text();
    expect(text).not.toContain(token.slice(4, 20));
    expect(JSON.parse(text).data.invoice_number).toContain('[redacted]');

    // SIGHUP: the entity file is read again (here: the seller is gone, so the invoice loses its seller).
    writeFileSync(join(dir, 'seller.json'), JSON.stringify({ ...JSON.parse(readFileSync(ENTITY, 'utf8')), entity_id: 'ent_other' }));
    s.child.kill('SIGHUP');
    await until(() => logLines(s).some((l) => l.event === 'reloaded'));
    const after = await (await post(`${s.url}/oauth/invoices/validate`, STANDARD, auth)).json() as any;
    expect(after.data.is_valid).toBe(false);
    expect(JSON.stringify(after.data.errors)).toContain('ent_al_noor');

    s.child.kill('SIGTERM');
    const result = await s.child;
    expect(result.exitCode).toBe(0);
    expect(result.stderr).not.toContain(token.slice(4, 20));
    // --log-bodies: the invoice is in the log, the token is not.
    expect(result.stderr).toContain('Gulf Office Supplies');
    expect(result.stderr).not.toMatch(STACK);
  });
});

describe('pintae serve: the bounded queue and SIGTERM', () => {
  it('a full queue answers 503 with Retry-After; SIGTERM stops new connections, answers those in flight, and exits 0', async () => {
    const dir = tempDir();
    const release = join(dir, 'release');
    const s = await spawnServe(['--workers', '1', '--max-queue', '1', '--entity', ENTITY], { PINTAE_TEST_SERVE_HOLD_ON: HOLD, PINTAE_TEST_SERVE_RELEASE: release });
    // One request held by the only worker, one waiting in the queue of one.
    const held = post(`${s.url}/oauth/invoices/validate`, withNumber(HOLD));
    await until(async () => (await metric(s.url, 'pintae_workers_busy')) === 1);
    const waiting = post(`${s.url}/oauth/invoices/validate`, STANDARD);
    await until(async () => (await metric(s.url, 'pintae_queue_depth')) === 1);
    const refused = await post(`${s.url}/oauth/invoices/validate`, STANDARD);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await refused.json()).message).toMatch(/queue is full/);

    s.child.kill('SIGTERM');
    await until(() => logLines(s).some((l) => l.event === 'draining'));
    // No new connection is taken once draining.
    const { port } = new URL(s.url);
    const connected = await new Promise<boolean>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => { socket.destroy(); resolve(true); });
      socket.on('error', () => resolve(false));
    });
    expect(connected).toBe(false);
    writeFileSync(release, '');
    const [a, b] = await Promise.all([held, waiting]);
    expect(a.status).toBe(200);
    expect(((await a.json()) as any).data.invoice_number).toBe(HOLD);
    expect(b.status).toBe(200);
    const result = await s.child;
    expect(result.exitCode).toBe(0);
    expect(logLines(s).filter((l) => l.status === 200 && l.route === '/oauth/invoices/validate')).toHaveLength(2);
    expect(logLines(s).some((l) => l.event === 'drained')).toBe(true);
  });
});
