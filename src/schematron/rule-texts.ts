import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stripId } from './findings.js';

/** The built-in rule sets whose assertions give a rule its own text, first one first where two share an id. */
const FILES = ['pint-ae', 'pint-ae-selfbilling', 'pint-ae-tdd'];

type Part = string | { select: string };
interface Check { kind?: string; id?: string; message?: Part[] }

let texts: Map<string, string> | undefined;

/**
 * The text of a rule of the built-in sets, by id (without regard to case): the assertion's own message, its id
 * prefix taken off as findings have it, and each value it reports (sch:value-of) shown as `…` — the same words for
 * every finding of the rule, whatever the document (issue 24 item 6: a SARIF rule's fullDescription). Read from the
 * compiled plans once, when first asked; undefined for an id none of them has (or when they are not built).
 */
export function builtinRuleText(id: string): string | undefined {
  if (!texts) {
    texts = new Map();
    for (const file of FILES) {
      const path = fileURLToPath(new URL(`./${file}.native.json`, import.meta.url));
      if (!existsSync(path)) continue;
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) { for (const n of node) walk(n); return; }
        if (node === null || typeof node !== 'object') return;
        const check = node as Check;
        if ((check.kind === 'failed-assert' || check.kind === 'successful-report') && typeof check.id === 'string' && Array.isArray(check.message)) {
          const key = check.id.toLowerCase();
          const text = stripId(check.message.map((p) => (typeof p === 'string' ? p : '…')).join('')).replace(/\s+/g, ' ').trim();
          if (text && !texts!.has(key)) texts!.set(key, text);
          return;
        }
        for (const value of Object.values(node)) walk(value);
      };
      try { walk((JSON.parse(readFileSync(path, 'utf8')) as { patterns: unknown }).patterns); } catch { /* a damaged build: no texts from it */ }
    }
  }
  return texts.get(id.toLowerCase());
}
