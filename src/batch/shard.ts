import { createHash } from 'node:crypto';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { usageError } from '../messages/cli.js';

/** `--shard k/n`: this job takes the k-th of n shares (1 ≤ k ≤ n). */
export interface Shard { index: number; count: number }

export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index < 1 || index > count || !Number.isSafeInteger(count)) {
    throw usageError('cli.shard', { value: text });
  }
  return { index, count };
}

/**
 * The name a path is hashed by: relative to the working directory, with forward slashes, so every CI job of a matrix
 * (same checkout, any OS, any spelling of the same path: ./a.json, a.json, an absolute path) puts it in the same
 * shard. Paths outside the working directory keep their absolute form.
 */
export function shardKey(path: string, cwd: string): string {
  if (path === '-') return '-';
  const absolute = resolve(cwd, path);
  const rel = relative(cwd, absolute);
  const key = rel === '' || rel.startsWith('..') || isAbsolute(rel) ? absolute : rel;
  return key.split(sep).join('/');
}

/** The shard (1-based) a path falls in: the first 48 bits of its key's SHA-256, modulo n. Stable across runs and orderings. */
export function shardOf(path: string, count: number, cwd: string): number {
  const hash = createHash('sha256').update(shardKey(path, cwd)).digest();
  return (hash.readUIntBE(0, 6) % count) + 1;
}

/** This job's share of the inputs, in their original order. */
export function takeShard<T extends { path: string }>(inputs: T[], shard: Shard, cwd: string): T[] {
  return inputs.filter((input) => shardOf(input.path, shard.count, cwd) === shard.index);
}
