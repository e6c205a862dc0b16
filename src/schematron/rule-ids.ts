import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { cacheDir } from '../io/cache-dir.js';

// The self-billing set carries the billing set's ids; the TDD set has its own.
const BUILTIN_PLANS = ['pint-ae', 'pint-ae-tdd'].map((f) => fileURLToPath(new URL(`./${f}.native.json`, import.meta.url)));

/** The ids of the built-in rules' asserts and reports, from the plans `npm run build` saves (src/schematron/native-plan.ts). */
export function builtinRuleIds(): string[] {
  const ids = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) { for (const n of node) walk(n); return; }
    if (node === null || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if ((o.kind === 'failed-assert' || o.kind === 'successful-report') && typeof o.id === 'string') ids.add(o.id);
    for (const value of Object.values(o)) walk(value);
  };
  for (const plan of BUILTIN_PLANS) if (existsSync(plan)) walk((JSON.parse(readFileSync(plan, 'utf8')) as { patterns: unknown }).patterns);
  return [...ids];
}

/**
 * The ids an added rule set reports, read from its compiled stylesheets in the cache: the text of every `id`
 * attribute the SVRL output is given (`{"N":"att","name":"id"}` with a literal below it), as official releases and
 * pintae's guarded twins compile their asserts. A set compiled otherwise yields fewer ids, never a wrong one.
 */
export function addedRuleIds(name: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const dir = join(cacheDir(env), 'rules', name);
  if (!existsSync(dir)) return [];
  const ids = new Set<string>();
  const literal = (node: unknown): string | undefined => {
    if (Array.isArray(node)) { for (const n of node) { const v = literal(n); if (v !== undefined) return v; } return undefined; }
    if (node === null || typeof node !== 'object') return undefined;
    const o = node as Record<string, unknown>;
    if (o.N === 'str' && typeof o.val === 'string') return o.val;
    return literal(o.C);
  };
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) { for (const n of node) walk(n); return; }
    if (node === null || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (o.N === 'att' && o.name === 'id') { const id = literal(o.C); if (id) ids.add(id); }
    walk(o.C);
  };
  for (const file of readdirSync(dir)) if (file.endsWith('.sef.json')) walk(JSON.parse(readFileSync(join(dir, file), 'utf8')));
  return [...ids];
}
