import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * A small reader of a TypeScript file's imports, enough for the layout tests (test/unit/structure.test.ts,
 * test/unit/xpath/boundary.test.ts): every module a file imports or re-exports, static or dynamic, and whether the
 * statement names types only (TypeScript erases it, so nothing is loaded at run time).
 */
export interface Import { spec: string; typeOnly: boolean; /** `import('…')`: loaded when the code runs there, not with the file. */ dynamic?: boolean }

const STATEMENT = /(?:^|\n)[ \t]*(import|export)\b(\s+type\b)?([^'";]*?)\bfrom\s*['"]([^'"]+)['"]|(?:^|\n)[ \t]*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

export function imports(text: string): Import[] {
  const out: Import[] = [];
  for (const m of text.matchAll(STATEMENT)) {
    if (m[4] !== undefined) {
      // `import { type A, type B } from` is erased as well as `import type { A, B } from`.
      const names = /\{([^}]*)\}/.exec(m[3]!)?.[1]?.split(',').map((n) => n.trim()).filter(Boolean);
      const allTypes = names !== undefined && names.length > 0 && !/^\s*[\w$]+\s*,/.test(m[3]!) && !m[3]!.includes('*') && names.every((n) => n.startsWith('type '));
      out.push({ spec: m[4], typeOnly: m[2] !== undefined || allTypes });
    } else out.push({ spec: (m[5] ?? m[6])!, typeOnly: false, ...(m[6] !== undefined ? { dynamic: true } : {}) });
  }
  return out;
}

export const specifiers = (text: string): string[] => imports(text).map((i) => i.spec);

export function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** The .ts file a relative specifier of `from` names (`./a.js` → `a.ts`), or undefined for a package or a built-in. */
export function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const target = resolve(dirname(from), spec);
  for (const candidate of [target.replace(/\.js$/, '.ts'), target, `${target}.ts`, join(target, 'index.ts')]) {
    if (candidate.endsWith('.ts') && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Every cycle of imports among `files` (type-only imports included: a cycle of types is a cycle of meaning too). */
export function importCycles(files: string[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = imports(readFileSync(file, 'utf8')).map((i) => resolveImport(file, i.spec)).filter((t): t is string => t !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  // Tarjan's strongly connected components: every component of more than one file (or a file importing itself) is a cycle.
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next); low.set(v, next); next++;
    stack.push(v); onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); component.push(w); } while (w !== v);
      if (component.length > 1 || graph.get(v)!.includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}
