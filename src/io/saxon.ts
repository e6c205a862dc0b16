import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { cacheDir } from './cache-dir.js';
import { threadId } from 'node:worker_threads';

/** The parts of saxon-js (CommonJS, no type declarations) that pintae calls. */
export interface SaxonJSApi {
  transform(options: Record<string, unknown>, mode: 'sync'): { principalResult: string };
  XPath: { evaluate(expr: string, context: unknown, options: Record<string, unknown>): unknown };
}

const require = createRequire(import.meta.url);

/*
 * Two measured costs of Saxon-JS 2.7 that do not depend on the rules, fixed by replacing exact pieces of its text
 * (docs/decisions.md "Saxon-JS stylesheet walk memoized"); a piece not found as written (another saxon-js build)
 * is left alone, slower and equally correct.
 * - It rebuilds its run-time view of a stylesheet on every transform, walking the whole SEF tree three times for
 *   its "package" and "glob" nodes: ~20 ms a document for our 35,000-node rules. The tree never changes after its
 *   first transform, so each kind's nodes are found once and kept on the tree (not enumerable).
 * - Every name test makes a new QName for the element it looks at (with two regular-expression checks): ~20% of
 *   the rules' time. An element's name never changes, so its QName is made once and kept on the node.
 * saxon-js is pinned to the exact version these pieces were taken from (package.json), and
 * test/unit/io/saxon-patches.test.ts fails when any of them no longer applies: an upgrade carries the patches over or
 * drops them knowingly.
 */
export const SAXON_PATCHES: ReadonlyArray<[string, string]> = [
  ['function L(X,V){H(x,X,V)}',
    'function L(X,V){const k="__pintaeNodes_"+X;let a=Object.hasOwn(x,k)?x[k]:null;'
    + 'if(!a){a=[];H(x,X,n=>{a.push(n)});Object.defineProperty(x,k,{value:a,enumerable:false})}for(const n of a)V(n)}'],
  ['case 1:return b.QName.fromParts(q.prefix,\nq.namespaceURI,q.localName);',
    'case 1:return q.__pintaeQName||(q.__pintaeQName=b.QName.fromParts(q.prefix,q.namespaceURI,q.localName));'],
];

interface Loaded {
  api: SaxonJSApi;
  patched: number;
  /** The compiled script and where its V8 code cache goes, while that cache is still to be written. */
  codeCache?: { script: Script; file: string };
}
let loaded: Loaded | undefined;

/** Where V8's code cache of saxon-js is kept: undefined, `<cacheDir>/v8`; null, nowhere (a process that may not read it). */
let codeCacheDir: string | null | undefined;
/** Before saxon-js is first loaded: the sandboxed child (src/schematron/sandbox) is given its directory, as its environment is empty. */
export function setSaxonCodeCacheDir(dir: string | null): void {
  codeCacheDir = dir;
}

/**
 * saxon-js requires axios (with its HTTP stack: ~0.15 s of a cold start) for fetching http: resources, which pintae
 * never asks of it. It gets a stand-in that loads the real axios on first use.
 */
function lazyAxios(module: Module): unknown {
  let real: ((...args: unknown[]) => unknown) & Record<PropertyKey, unknown> | undefined;
  const axios = () => (real ??= Module.prototype.require.call(module, 'axios') as typeof real & object);
  return new Proxy(function stub() {}, {
    get: (_, key) => axios()[key],
    apply: (_, self, args) => axios().apply(self, args),
    construct: (_, args) => new (axios() as unknown as new (...a: unknown[]) => object)(...args),
  });
}

/*
 * Compiling saxon-js's 2 MB of source is ~0.1 s of every cold start. V8's code cache for it (the compiled functions,
 * taken after the first transform so the ones that run are in it) is kept in the cache directory, keyed by the
 * patched source, the Node version and the architecture; V8 checks it and recompiles when it does not fit.
 */
function readCodeCache(file: string): Buffer | undefined {
  try { return readFileSync(file); } catch { return undefined; }
}

function load(): Loaded {
  const path = require.resolve('saxon-js');
  let source = readFileSync(path, 'utf8');
  let patched = 0;
  for (const [original, replacement] of SAXON_PATCHES) {
    if (source.split(original).length !== 2) continue;
    source = source.replace(original, () => replacement);
    patched++;
  }
  if (patched === 0) return { api: require('saxon-js') as SaxonJSApi, patched };
  // One instance per process: two copies of saxon-js in one process disturb each other's global state.
  const module = new Module(path) as Module & { paths: string[] };
  module.filename = path;
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(path));
  const plain = createRequire(path);
  const moduleRequire = Object.assign((id: string) => (id === 'axios' ? lazyAxios(module) : plain(id)), plain);
  const key = createHash('sha256').update(source).update(process.version).update(process.arch).digest('hex').slice(0, 16);
  const dir = codeCacheDir === undefined ? join(cacheDir(), 'v8') : codeCacheDir;
  const file = dir === null ? undefined : join(dir, `saxon-js-${key}.bin`);
  const cachedData = file === undefined ? undefined : readCodeCache(file);
  const script = new Script(Module.wrap(source), { filename: path, ...(cachedData ? { cachedData } : {}) });
  (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, moduleRequire, module, path, dirname(path));
  module.loaded = true;
  const fresh = !cachedData || script.cachedDataRejected === true;
  return { api: module.exports as SaxonJSApi, patched, ...(fresh && file !== undefined ? { codeCache: { script, file } } : {}) };
}

/** Keeps V8's code cache of saxon-js for the next process, once, after a first transform; a failure to write is ignored. */
export function saveSaxonCodeCache(): void {
  const pending = loaded?.codeCache;
  if (!pending) return;
  loaded!.codeCache = undefined;
  // Written beside its place and renamed (atomic); the name tells apart the threads of one process writing at once.
  const tmp = `${pending.file}.${process.pid}.${threadId}.tmp`;
  try {
    mkdirSync(dirname(pending.file), { recursive: true });
    writeFileSync(tmp, pending.script.createCachedData());
    renameSync(tmp, pending.file);
  } catch {
    rmSync(tmp, { force: true }); // a cache that cannot be written only costs time
  }
}

/** saxon-js, loaded on first use (its ~0.3 s load is paid only by runs that need it). */
export function saxon(): SaxonJSApi {
  return (loaded ??= load()).api;
}

/** How many of the speed patches above apply to the installed saxon-js (for the benchmark's report). */
export function saxonPatched(): number {
  return (loaded ??= load()).patched;
}

/** Whether this process has loaded saxon-js (tests hold `check` with the built-in rules to never doing so). */
export const saxonLoaded = (): boolean => loaded !== undefined;
