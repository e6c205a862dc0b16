import { readFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname } from 'node:path';

/** The parts of saxon-js (CommonJS, no type declarations) that pintae calls. */
export interface SaxonJSApi {
  transform(options: Record<string, unknown>, mode: 'sync'): { principalResult: string };
  XPath: { evaluate(expr: string, context: unknown, options: Record<string, unknown>): unknown };
}

const require = createRequire(import.meta.url);

/*
 * Saxon-JS 2.7 rebuilds its run-time view of a stylesheet on every transform, walking the whole SEF tree three times
 * to find its "package" and "glob" nodes: ~20 ms per document for our 35,000-node rules, more than the rules
 * themselves take on a small invoice. The SEF tree never changes after its first transform, so the nodes of each kind
 * are found once and remembered on the tree (not enumerable, so nothing that walks the tree sees them). The patch is
 * applied to the exact text below; any other saxon-js build is loaded as it is (slower, equally correct).
 * docs/decisions.md: "Saxon-JS stylesheet walk memoized".
 */
const WALK = 'function L(X,V){H(x,X,V)}';
const MEMOIZED_WALK = 'function L(X,V){const k="__pintaeNodes_"+X;let a=Object.hasOwn(x,k)?x[k]:null;'
  + 'if(!a){a=[];H(x,X,n=>{a.push(n)});Object.defineProperty(x,k,{value:a,enumerable:false})}for(const n of a)V(n)}';

let loaded: { api: SaxonJSApi; patched: boolean } | undefined;

function load(): { api: SaxonJSApi; patched: boolean } {
  const path = require.resolve('saxon-js');
  const source = readFileSync(path, 'utf8');
  if (source.split(WALK).length !== 2) return { api: require('saxon-js') as SaxonJSApi, patched: false };
  // One instance per process: two copies of saxon-js in one process disturb each other's global state.
  const module = new Module(path) as Module & { _compile(code: string, filename: string): void; paths: string[] };
  module.filename = path;
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(path));
  module._compile(source.replace(WALK, MEMOIZED_WALK), path);
  return { api: module.exports as SaxonJSApi, patched: true };
}

/** saxon-js, loaded on first use (its ~0.3 s load is paid only by runs that need it). */
export function saxon(): SaxonJSApi {
  return (loaded ??= load()).api;
}

/** Whether the stylesheet walk is memoized in this process (for the benchmark's report). */
export function saxonPatched(): boolean {
  return (loaded ??= load()).patched;
}
