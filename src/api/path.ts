const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * An id as one URL path segment (or query value). encodeURIComponent throws on a lone surrogate, which a JSON string
 * can hold (`"\ud800"`): such a character, which no UTF-8 request can carry, goes as U+FFFD instead; the service
 * then answers for that id (404 for an id it does not know) rather than pintae stopping.
 */
export function pathSegment(id: string): string {
  return encodeURIComponent(id.replace(LONE_SURROGATE, '\uFFFD'));
}
