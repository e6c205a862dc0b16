#!/usr/bin/env node
/**
 * `prepack` (npm pack, npm publish): removes from dist/ what no source makes any more, so the package never ships a
 * module left over from an earlier build (a file renamed or removed in src/ stays in dist/ otherwise: neither tsc nor
 * esbuild deletes anything). Only such leftovers go: a .js or .d.ts with no .ts of that name in src/, a compiled rule
 * set (dist/schematron/<name>.*.json) with no schematron/<name>.sch. The build's other outputs stay.
 */
import { readdirSync, rmSync, existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Build outputs that come from no single source file of their own name (scripts/build-schema.mjs). */
const GENERATED = new Set(['schema/invoice-body.validate.cjs']);
const RULE_OUTPUT = /^schematron\/([^/]+?)\.(sef|guarded\.sef|native|parsed|hash)\.json$/;

/** The files of `root`/dist (paths relative to dist/, with /) that no source of `root` makes. */
export function staleFiles(root) {
  const dist = join(root, 'dist');
  if (!existsSync(dist)) return [];
  const stale = [];
  for (const file of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const rel = relative(dist, join(file.parentPath, file.name)).split(sep).join('/');
    if (GENERATED.has(rel)) continue;
    const rules = RULE_OUTPUT.exec(rel);
    if (rules) { if (!existsSync(join(root, 'schematron', `${rules[1]}.sch`))) stale.push(rel); continue; }
    const base = /^(.*?)(\.d\.ts|\.js)$/.exec(rel);
    if (!base || !existsSync(join(root, 'src', `${base[1]}.ts`))) stale.push(rel);
  }
  return stale.sort();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  for (const rel of staleFiles(root)) {
    rmSync(join(root, 'dist', rel));
    process.stderr.write(`prune-dist: removed dist/${rel} (no source makes it)\n`);
  }
}
