import type { IncomingHttpHeaders } from 'node:http';
import type { Method, Route } from '../server/layer.js';
import { answerOf, jsonBody, type Reply } from './reply.js';
import {
  connectEntity, createEntity, deleteEntity, disconnectEntity, getEntity, listEntities, updateEntity, type Caller,
} from './entities.js';
import { bulkInvoices, invoiceStatus, pushInvoice, validateEndpoint, type InvoiceContext } from './invoices.js';
import { createUser, listUsers } from './users.js';

/** `id`: the path's `:id`; `text`: the request body as sent (the validate endpoint places its findings in it). */
type Handler = (ctx: InvoiceContext, caller: Caller, id: string, body: unknown, url: URL, text: string) => Reply;

/** Spec 4: every endpoint, by method and path; the first match wins (so /connect is not an entity id). */
const ROUTES: Array<[Method, string, Handler]> = [
  ['POST', '/oauth/invoices', (ctx, caller, _id, body) => pushInvoice(ctx, caller, body)],
  ['POST', '/oauth/invoices/validate', (ctx, caller, _id, body, _u, text) => validateEndpoint(ctx, caller, body, text)],
  ['POST', '/oauth/invoices/bulk', (ctx, caller, _id, body) => bulkInvoices(ctx, caller, body)],
  ['GET', '/oauth/invoices/:id/status', (ctx, caller, id) => invoiceStatus(ctx, caller, id)],
  ['POST', '/oauth/users', (ctx, caller, _id, body) => createUser(ctx.store, caller, body, ctx.now())],
  ['GET', '/oauth/users', (ctx, caller) => listUsers(ctx.store, caller)],
  ['POST', '/oauth/entities/connect', (ctx, caller, _id, body) => connectEntity(ctx.store, caller, body, ctx.now())],
  ['POST', '/oauth/entities', (ctx, caller, _id, body) => createEntity(ctx.store, caller, body, ctx.now())],
  ['GET', '/oauth/entities', (ctx, caller, _id, _b, url) => listEntities(ctx.store, caller, url.searchParams.get('user_id') || null)],
  ['GET', '/oauth/entities/:id', (ctx, caller, id) => getEntity(ctx.store, caller, id)],
  // The update is named PATCH in one place and POST in another (spec 4.5): both are accepted.
  ['PATCH', '/oauth/entities/:id', (ctx, caller, id, body) => updateEntity(ctx.store, caller, id, body, ctx.now())],
  ['POST', '/oauth/entities/:id', (ctx, caller, id, body) => updateEntity(ctx.store, caller, id, body, ctx.now())],
  ['POST', '/oauth/entities/:id/disconnect', (ctx, caller, id) => disconnectEntity(ctx.store, caller, id, ctx.now())],
  ['DELETE', '/oauth/entities/:id', (ctx, caller, id) => deleteEntity(ctx.store, caller, id)],
];

/**
 * The documented API as routes of the shared layer. `callerOf` names the application and account of a request the
 * layer has already authenticated.
 */
export function sandboxRoutes(ctx: InvoiceContext, callerOf: (headers: IncomingHttpHeaders) => Caller): Route[] {
  return ROUTES.map(([method, path, handler]) => ({
    method, path,
    handle: (req) => {
      const body = method === 'POST' || method === 'PATCH' ? jsonBody(req.body) : undefined;
      return answerOf(handler(ctx, callerOf(req.headers), req.params.id ?? '', body?.value, req.url, body?.text ?? ''));
    },
  }));
}
