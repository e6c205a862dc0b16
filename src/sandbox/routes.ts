import { message, type Reply } from './http.js';
import {
  connectEntity, createEntity, deleteEntity, disconnectEntity, getEntity, listEntities, updateEntity, type Caller,
} from './entities.js';
import { bulkInvoices, invoiceStatus, pushInvoice, validateEndpoint, type InvoiceContext } from './invoices.js';
import { createUser, listUsers } from './users.js';

/** `text`: the request body as sent (the validate endpoint places its findings in it). */
type Handler = (ctx: InvoiceContext, caller: Caller, params: string[], body: unknown, url: URL, text: string) => Reply;

/** Spec 4: every endpoint, by method and path pattern; the first match wins (so /connect is not an entity id). */
const ROUTES: Array<[string, RegExp, Handler]> = [
  ['POST', /^\/oauth\/invoices$/, (ctx, caller, _p, body) => pushInvoice(ctx, caller, body)],
  ['POST', /^\/oauth\/invoices\/validate$/, (ctx, caller, _p, body, _u, text) => validateEndpoint(ctx, caller, body, text)],
  ['POST', /^\/oauth\/invoices\/bulk$/, (ctx, caller, _p, body) => bulkInvoices(ctx, caller, body)],
  ['GET', /^\/oauth\/invoices\/([^/]+)\/status$/, (ctx, caller, [id]) => invoiceStatus(ctx, caller, id!)],
  ['POST', /^\/oauth\/users$/, (ctx, caller, _p, body) => createUser(ctx.store, caller, body, ctx.now())],
  ['GET', /^\/oauth\/users$/, (ctx, caller) => listUsers(ctx.store, caller)],
  ['POST', /^\/oauth\/entities\/connect$/, (ctx, caller, _p, body) => connectEntity(ctx.store, caller, body, ctx.now())],
  ['POST', /^\/oauth\/entities$/, (ctx, caller, _p, body) => createEntity(ctx.store, caller, body, ctx.now())],
  ['GET', /^\/oauth\/entities$/, (ctx, caller, _p, _b, url) => listEntities(ctx.store, caller, url.searchParams.get('user_id') || null)],
  ['GET', /^\/oauth\/entities\/([^/]+)$/, (ctx, caller, [id]) => getEntity(ctx.store, caller, id!)],
  // The update is named PATCH in one place and POST in another (spec 4.5): both are accepted.
  ['PATCH', /^\/oauth\/entities\/([^/]+)$/, (ctx, caller, [id], body) => updateEntity(ctx.store, caller, id!, body, ctx.now())],
  ['POST', /^\/oauth\/entities\/([^/]+)$/, (ctx, caller, [id], body) => updateEntity(ctx.store, caller, id!, body, ctx.now())],
  ['POST', /^\/oauth\/entities\/([^/]+)\/disconnect$/, (ctx, caller, [id]) => disconnectEntity(ctx.store, caller, id!, ctx.now())],
  ['DELETE', /^\/oauth\/entities\/([^/]+)$/, (ctx, caller, [id]) => deleteEntity(ctx.store, caller, id!)],
];

const decoded = (s: string): string => { try { return decodeURIComponent(s); } catch { return s; } };

export function route(ctx: InvoiceContext, caller: Caller, method: string, url: URL, body: unknown, text = ''): Reply {
  let pathKnown = false;
  for (const [m, pattern, handler] of ROUTES) {
    const match = pattern.exec(url.pathname);
    if (!match) continue;
    pathKnown = true;
    if (m === method) return handler(ctx, caller, match.slice(1).map(decoded), body, url, text);
  }
  return pathKnown ? message(405, `${method} is not allowed on ${url.pathname}`) : message(404, `No endpoint ${url.pathname}`);
}
