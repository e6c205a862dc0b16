import type { Route } from './types.js';

export interface Found {
  route?: Route;
  params: Record<string, string>;
  /** The path is known but not for this method: the methods it takes (405 with Allow). */
  allowed?: string;
  /** The path is an open route's (no guard, no authentication). */
  open: boolean;
}

const decoded = (s: string): string => { try { return decodeURIComponent(s); } catch { return s; } };

/** The segments of `path` matched against a route's pattern (`:name` takes one segment), or undefined. */
function match(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    if (w.startsWith(':')) {
      if (got[i] === '') return undefined;
      params[w.slice(1)] = decoded(got[i]!);
    } else if (w !== got[i]) return undefined;
  }
  return params;
}

/** The first route whose method and path match; HEAD is answered by the GET route. */
export function findRoute(routes: readonly Route[], method: string, path: string): Found {
  const methods: string[] = [];
  let open = false;
  let head: Found | undefined;
  for (const route of routes) {
    const params = match(route.path, path);
    if (!params) continue;
    open ||= route.open === true;
    if (route.method === method) return { route, params, open: route.open === true };
    if (method === 'HEAD' && route.method === 'GET') head ??= { route, params, open: route.open === true };
    if (!methods.includes(route.method)) methods.push(route.method);
    // A GET route answers HEAD too, so a 405's Allow names it (RFC 9110 10.2.1: the methods the resource supports).
    if (route.method === 'GET' && !methods.includes('HEAD')) methods.push('HEAD');
  }
  if (head) return head;
  return methods.length ? { params: {}, allowed: methods.join(', '), open } : { params: {}, open: false };
}
