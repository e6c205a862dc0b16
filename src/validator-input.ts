import { libraryWords } from './messages/library.js';
import { shown } from './validator-options.js';

/**
 * What the library's methods take from their caller, made into what the pipeline reads (docs/decisions.md, "The
 * library as its callers meet it (qalib)").
 */

/**
 * Past the pipeline's own limit of nesting (64 levels, src/io/json-depth.ts) nothing more is read: an empty object
 * stands there, deep enough for the pipeline to refuse the body at that place, as it refuses such JSON text.
 */
const COPY_DEPTH = 66;
/**
 * The most values (properties and elements, each time it appears) a value given may hold: far past any invoice or bulk
 * body (a 20,000-line invoice holds about 200,000), and short of what an object shared many times over expands to
 * (40 levels of one object used twice: 2^40 values as JSON writes them), which no walk could finish.
 */
export const MAX_GIVEN_VALUES = 2_000_000;

const plainObject = (v: object) => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * An invoice request given as a value, read once, as JSON would carry it to the service: the own enumerable properties
 * of its objects and the elements of its arrays, copied (a class instance, a Date or a Map as the plain object of its
 * own properties: a Date has none, and is judged as {} is, not a string), with a property whose value is `undefined` left
 * out (JSON.stringify leaves it out: the service never sees it); options keep what is not a plain object as given. What
 * JSON cannot carry is the caller's mistake, thrown as JSON.stringify throws it: a value that holds itself (a
 * TypeError), one larger than MAX_GIVEN_VALUES (a RangeError). A getter or a Proxy that throws: a TypeError naming the
 * function and the field, the thrown value as its `cause`. The library never throws what is not an Error.
 */
export function readGiven(fn: string, body: unknown, what: 'options' | 'value' = 'value'): unknown {
  const within = new Set<object>();
  // An object met again (not within itself) is read once: its copy is used again, and counted as JSON would write it.
  const copied = new Map<object, { copy: unknown; values: number }>();
  let values = 0;
  const count = (n: number) => {
    values += n;
    if (values > MAX_GIVEN_VALUES) throw mark(new RangeError(libraryWords('given-too-large', { fn, what, limit: MAX_GIVEN_VALUES.toLocaleString('en-US') })));
  };
  const copy = (value: unknown, path: string, depth: number): unknown => {
    count(1);
    if (value === null || typeof value !== 'object') return value;
    if (depth > COPY_DEPTH) return {};
    if (within.has(value)) throw mark(new TypeError(libraryWords('given-circular', { fn, what, at: path })));
    const again = copied.get(value);
    if (again) { count(again.values - 1); return again.copy; }
    const before = values;
    const made = copyOf(value, path, depth);
    copied.set(value, { copy: made, values: values - before + 1 });
    return made;
  };
  const copyOf = (value: object, path: string, depth: number): unknown => {
    within.add(value);
    try {
      if (Array.isArray(value)) {
        const out: unknown[] = [];
        for (let i = 0; i < value.length; i++) out.push(copy(read(value, i, path), `${path}[${i}]`, depth + 1));
        return out;
      }
      // Options keep what is not a plain object as given (a RateTable from loadRates, a Date given as today, refused).
      if (what === 'options' && !plainObject(value)) return value;
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const at = path === '' ? key : `${path}.${key}`;
        const v = read(value, key, at);
        if (v === undefined) continue;
        // defineProperty: a key "__proto__" (JSON.parse makes one) stays a key, never the copy's prototype.
        Object.defineProperty(out, key, { value: copy(v, at, depth + 1), enumerable: true, writable: true, configurable: true });
      }
      return out;
    } catch (e) {
      throw said.has(e as object) ? e : unreadable(fn, what, path, e);
    } finally {
      within.delete(value);
    }
  };
  const read = (from: object, key: string | number, at: string): unknown => {
    try { return (from as Record<string | number, unknown>)[key]; } catch (e) { throw unreadable(fn, what, at, e); }
  };
  return copy(body, '', 0);
}

/** The errors readGiven made, passed on unchanged by the levels above the one that made it. */
const said = new WeakSet<object>();

const mark = <E extends Error>(e: E): E => { said.add(e); return e; };

/** A TypeError: the value given could not be read (a getter or a Proxy threw). */
function unreadable(fn: string, what: 'options' | 'value', at: string, cause: unknown): TypeError {
  return mark(new TypeError(libraryWords('body-unreadable', { fn, what, at, thrown: cause instanceof Error ? cause.message : shown(cause) }), { cause }));
}
