import { usageError } from '../messages/cli.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * An id as one URL path segment. encodeURIComponent throws on a lone surrogate, which a JSON string
 * can hold (`"\ud800"`): such a character, which no UTF-8 request can carry, goes as U+FFFD instead; the service
 * then answers for that id (404 for an id it does not know) rather than pintae stopping.
 */
export function pathSegment(id: string): string {
  // A URL (WHATWG, as undici parses it; RFC 3986 5.2.4) removes "." and ".." segments, encoded as %2E or not:
  // `entities delete ..` sent DELETE /oauth/. No encoding survives, so such an id is refused before anything is sent.
  if (id === '.' || id === '..') throw usageError('cli.id-dot', { id });
  return encodeURIComponent(id.replace(LONE_SURROGATE, '\uFFFD'));
}

/** A query value: as a path segment, but "." and ".." are ordinary values there. */
export function queryValue(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));
}
