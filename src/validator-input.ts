import { libraryWords } from './messages/library.js';
import { shown } from './validator-options.js';

/**
 * What the library's methods take from their caller, made into what the pipeline reads (docs/decisions.md, "The
 * library as its callers meet it (qalib)").
 */

/** Past the pipeline's own limit of nesting (64 levels): what lies deeper is passed on as given, for the pipeline to refuse it. */
const COPY_DEPTH = 66;

const plainObject = (v: object) => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * An invoice request given as a value, read once, as JSON would carry it to the service: the own enumerable properties
 * of its plain objects and the elements of its arrays, copied, with a property whose value is `undefined` left out
 * (JSON.stringify leaves it out: the service never sees it). Other values (a Date, a class instance, a Map) stay as
 * given, for the schema to judge. A getter or a Proxy that throws is the caller's fault, said as a TypeError naming the
 * function and the field, the thrown value as its `cause`: the library never throws what is not an Error.
 */
export function readGiven(fn: string, body: unknown, what: 'options' | 'value' = 'value'): unknown {
  const copy = (value: unknown, path: string, depth: number): unknown => {
    if (value === null || typeof value !== 'object' || depth > COPY_DEPTH) return value;
    let keys: string[];
    try {
      if (Array.isArray(value)) {
        const out: unknown[] = [];
        for (let i = 0; i < value.length; i++) out.push(copy(read(value, i, path), `${path}[${i}]`, depth + 1));
        return out;
      }
      if (!plainObject(value)) return value;
      keys = Object.keys(value);
    } catch (e) {
      throw said.has(e as object) ? e : unreadable(fn, what, path, e);
    }
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const at = path === '' ? key : `${path}.${key}`;
      const v = read(value as Record<string, unknown>, key, at);
      if (v === undefined) continue;
      // defineProperty: a key "__proto__" (JSON.parse makes one) stays a key, never the copy's prototype.
      Object.defineProperty(out, key, { value: copy(v, at, depth + 1), enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  const read = (from: object, key: string | number, at: string): unknown => {
    try { return (from as Record<string | number, unknown>)[key]; } catch (e) { throw unreadable(fn, what, at, e); }
  };
  return copy(body, '', 0);
}

/** The errors readGiven made, passed on unchanged by the levels above the one that made it. */
const said = new WeakSet<object>();

/** A TypeError: the value given could not be read (a getter or a Proxy threw). */
function unreadable(fn: string, what: 'options' | 'value', at: string, cause: unknown): TypeError {
  const e = new TypeError(libraryWords('body-unreadable', { fn, what, at, thrown: cause instanceof Error ? cause.message : shown(cause) }), { cause });
  said.add(e);
  return e;
}
