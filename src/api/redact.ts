import { redactDeep as redactDeepWith, redactSecrets, REDACTED } from '../io/secrets.js';

/**
 * What an API message or body may carry beyond the registered token (src/io/secrets.ts, which every output goes
 * through anyway): anything shaped like a bearer credential, whatever its value. Applied to the messages and bodies
 * of the API layer only, where a header dump or an echoed request is what such words are; applied to a whole report
 * it would alter ordinary prose ("Bearer of this invoice").
 */
export function redact(text: string, extra: Iterable<string> = []): string {
  return redactSecrets(text, extra).replace(/\b(Bearer\s+)[^\s"',;]+/gi, `$1${REDACTED}`);
}

/** Redacts every string inside a JSON-like value, keys included (for bodies printed or stored). */
export function redactDeep<T>(value: T, extra: Iterable<string> = []): T {
  return redactDeepWith(value, (s) => redact(s, extra));
}
