// Every XPath expression of pintae's own rule set (schematron/**/*.sch and *.xsl) through pintae's XPath parser.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from '../../../src/xpath/parse.js';

const RULES_DIR = join(import.meta.dirname, '../../../schematron');

const unescape = (s: string) => s.replace(/&(lt|gt|amp|quot|apos|#(\d+)|#x([0-9a-fA-F]+));/g, (_, name: string, dec?: string, hex?: string) =>
  dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16))
    : ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[name]!);

function ruleFiles(dir = RULES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? ruleFiles(join(dir, e.name))
    : /\.(sch|xsl)$/.test(e.name) ? [join(dir, e.name)] : []));
}

/** [file, attribute, expression] for every test, context, value and select attribute of the rule files. */
export function ruleExpressions(): Array<[string, string, string]> {
  return ruleFiles().flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\s(test|context|value|select)="([^"]*)"/g)]
    .map((m): [string, string, string] => [file.slice(RULES_DIR.length + 1), m[1]!, unescape(m[2]!)]));
}

describe('the rule set’s XPath expressions', () => {
  const all = ruleExpressions();
  it('are found (a few hundred)', () => expect(all.length).toBeGreaterThan(300));
  it('all parse', () => {
    const failures = all.flatMap(([file, attr, expr]) => {
      try { parse(expr); return []; } catch (e) { return [`${file} @${attr}: ${(e as Error).message}`]; }
    });
    expect(failures).toEqual([]);
  });
});
