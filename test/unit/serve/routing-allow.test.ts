/**
 * A 405's Allow header lists the methods the resource supports (RFC 9110 10.2.1). A GET route answers HEAD as well
 * (routing.ts), so Allow names HEAD beside GET (qaserve: `POST /healthz` said `Allow: GET`).
 */
import { describe, expect, it } from 'vitest';
import { findRoute } from '../../../src/server/routing.js';

const handle = () => ({ status: 200, body: '' });
const routes = [
  { method: 'GET', path: '/healthz', handle },
  { method: 'POST', path: '/v1/validate', handle },
  { method: 'GET', path: '/v1/things/:id', handle },
  { method: 'DELETE', path: '/v1/things/:id', handle },
] as never;

describe('findRoute', () => {
  it('a method the path does not take: Allow names each method it does, HEAD with GET, once', () => {
    expect(findRoute(routes, 'POST', '/healthz').allowed).toBe('GET, HEAD');
    expect(findRoute(routes, 'GET', '/v1/validate').allowed).toBe('POST');
    expect(findRoute(routes, 'PUT', '/v1/things/7').allowed).toBe('GET, HEAD, DELETE');
  });
  it('HEAD is answered by the GET route; no path, no Allow', () => {
    expect(findRoute(routes, 'HEAD', '/healthz').allowed).toBeUndefined();
    expect(findRoute(routes, 'HEAD', '/healthz').route).toBeDefined();
    expect(findRoute(routes, 'GET', '/nothing').allowed).toBeUndefined();
  });
});
