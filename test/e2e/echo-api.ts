/**
 * A service that echoes the caller's token back (issue 21, item 6): whole, less its last character, a 10-character
 * slice from its middle, as a JSON key, in response headers, in error bodies and in plain text. It answers the
 * routes pintae's API commands call, on 127.0.0.1, with the shapes of spec 4; `override` lets a test answer
 * otherwise (a 401, a 500 in plain text) for a route.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Answer { status: number; body?: unknown; text?: string }
export type Route = (request: { method: string; path: string; token: string; body: unknown }) => Answer | undefined;

/** The pieces of the token a careless or hostile service sends back. */
export function echoes(token: string) {
  return { whole: token, lessLast: token.slice(0, -1), middle: token.slice(7, 17) };
}

function defaultAnswer({ method, path, token, body }: Parameters<Route>[0]): Answer {
  const e = echoes(token);
  const entity = (id: string) => ({ entity_id: id, company_name: e.lessLast, trn: e.middle, [e.whole]: 'a key', note: `for Bearer ${e.whole}` });
  if (method === 'POST' && path === '/oauth/invoices') {
    return { status: 202, body: { invoice_id: `inv-${e.middle}`, status: `RECEIVED ${e.lessLast}`, message: `accepted for ${e.whole}`, [e.whole]: true } };
  }
  if (method === 'POST' && path === '/oauth/invoices/bulk') {
    const invoices = (body as { invoices: Array<{ invoice_number: string }> }).invoices;
    return {
      status: 207,
      body: { results: invoices.map((inv, i) => (i % 2 === 0
        ? { invoice_number: inv.invoice_number, status_code: 202, invoice_id: `inv-${e.lessLast}`, status: e.middle }
        : { invoice_number: inv.invoice_number, status_code: 422, message: `rule failed for ${e.whole}`, errors: [{ section: e.lessLast, message: `echo ${e.whole}`, rule: e.middle, [e.whole]: 1 }] })) },
    };
  }
  if (method === 'POST' && path === '/oauth/invoices/validate') {
    return { status: 200, body: { message: `validated for ${e.whole}`, data: { is_valid: false, entity_id: null, invoice_number: null, total_errors: 1,
      errors: [{ section: e.lessLast, message: `echo ${e.whole}`, rule: e.middle, field: e.whole }], warnings: [{ section: 'x', message: `warn ${e.middle}` }] } } };
  }
  const status = /^\/oauth\/invoices\/([^/]+)\/status$/.exec(path);
  if (method === 'GET' && status) {
    const id = decodeURIComponent(status[1]!);
    if (id.startsWith('missing')) return { status: 404, body: { message: `no invoice ${id} for ${e.whole}` } };
    return { status: 200, body: { data: { invoice_id: id, invoice_number: e.lessLast, status: `REJECTED ${e.middle}`, category: 'failure', terminal: true,
      errors: [{ section: e.lessLast, message: `token ${e.whole}`, rule: e.middle, [e.whole]: 1 }] } } };
  }
  if (method === 'GET' && path.startsWith('/oauth/entities?') || method === 'GET' && path === '/oauth/entities') return { status: 200, body: { data: [entity('ent_one'), entity(`ent_${e.middle}`)] } };
  const one = /^\/oauth\/entities\/([^/]+)$/.exec(path);
  if (method === 'GET' && one) return { status: 200, body: { data: entity(decodeURIComponent(one[1]!)) } };
  return { status: 404, body: { message: `no route ${method} ${path} for ${e.whole}` } };
}

const read = (req: IncomingMessage) => new Promise<string>((resolve, reject) => {
  let text = '';
  req.setEncoding('utf8').on('data', (c: string) => { text += c; }).on('end', () => resolve(text)).on('error', reject);
});

export async function echoApi(override?: Route): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    const token = /^Bearer (.*)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const text = await read(req);
    const request = { method: req.method!, path: req.url!, token, body: text ? JSON.parse(text) : undefined };
    requests.push(`${req.method} ${req.url}`);
    const answer = override?.(request) ?? defaultAnswer(request);
    const e = echoes(token);
    // Headers are echoed too: pintae prints none, and this holds it to that.
    res.setHeader('x-echo-token', e.whole);
    res.setHeader('www-authenticate', `Bearer error="invalid_token", error_description="${e.lessLast}"`);
    res.setHeader(`x-${e.middle.replace(/[^\w-]/g, '-')}`, e.middle.replace(/[^\x21-\x7e]/g, ''));
    res.setHeader('content-type', answer.text === undefined ? 'application/json' : 'text/plain');
    res.statusCode = answer.status;
    res.end(answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
