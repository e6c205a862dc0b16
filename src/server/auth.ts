import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Answer } from './types.js';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
const digest = (s: string) => createHash('sha256').update(s).digest();

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export const bearerToken = (headers: IncomingHttpHeaders): string | undefined => BEARER.exec(headers.authorization ?? '')?.[1];

/** What a server says when a request has no token, or not the right one (each server in its own words). */
export interface BearerRefusals { missing: Answer; wrong: Answer }

/**
 * One bearer token for the whole server (`pintae serve --token-file`): compared as digests of equal length, in
 * constant time, so how much of a guess was right does not show.
 */
export function bearerAuth(token: string, refusals: BearerRefusals): (headers: IncomingHttpHeaders) => Answer | undefined {
  const expected = digest(token);
  return (headers) => {
    const sent = bearerToken(headers);
    if (sent === undefined) return refusals.missing;
    return timingSafeEqual(digest(sent), expected) ? undefined : refusals.wrong;
  };
}
