/**
 * The view's catalogue (src/messages/view.ts, issue 26 items 2 and 4): every entry has English and Arabic with the
 * same parameters, Arabic text in Arabic and in Western digits, and every term of the page is in docs/glossary.md
 * with its Arabic (a term added without its glossary row fails here).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TERMS, VIEW } from '../../../src/messages/view.js';
import { ROOT } from '../../helpers/paths.js';

type AnyText = { en: (p: unknown) => string; ar: (p: unknown) => string };
const entries = Object.entries(VIEW as unknown as Record<string, AnyText>);

/** A text with each parameter shown as `{name}`, and the names it read. */
function render(f: (p: unknown) => string): { text: string; params: string[] } {
  const read = new Set<string>();
  const p = new Proxy({}, { get: (_, key) => { if (typeof key !== 'string') return undefined; read.add(key); return `{${key}}`; } });
  return { text: f(p), params: [...read].sort() };
}

/** The glossary's rows: English and Arabic, as the table cells have them. */
function glossary(): Set<string> {
  const rows = new Set<string>();
  for (const line of readFileSync(join(ROOT, 'docs/glossary.md'), 'utf8').split('\n')) {
    const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim().replace(/\\\|/g, '|'));
    if (cells.length === 3) rows.add(`${cells[0]}\u0000${cells[1]}`);
  }
  return rows;
}

describe('the view catalogue', () => {
  it('has English and Arabic for every id, with the same parameters', () => {
    expect(entries.length).toBeGreaterThan(250);
    for (const [id, text] of entries) {
      expect(typeof text.en, id).toBe('function');
      expect(typeof text.ar, id).toBe('function');
      const en = render(text.en);
      const ar = render(text.ar);
      expect(en.text.trim(), id).not.toBe('');
      expect(ar.text.trim(), id).not.toBe('');
      expect(ar.params, id).toEqual(en.params);
    }
  });

  it('says in Arabic what it says in Arabic, in Western digits', () => {
    for (const [id, text] of entries) {
      const { text: ar } = render(text.ar);
      // The same in both languages only where there is nothing to translate ("#", a code and its command-line option).
      if (ar !== render(text.en).text) expect(ar, id).toMatch(/[\u0600-\u06FF]/u);
      expect(ar, id).not.toMatch(/[\u0660-\u0669\u06F0-\u06F9]/u);
    }
  });

  it('has every term of the page in docs/glossary.md, in both languages', () => {
    const rows = glossary();
    const missing = Object.entries(TERMS as unknown as Record<string, AnyText>)
      .map(([id, t]) => ({ id, en: render(t.en).text, ar: render(t.ar).text }))
      .filter(({ en, ar }) => !rows.has(`${en}\u0000${ar}`))
      .map(({ id, en, ar }) => `${id}: | ${en} | ${ar} |`);
    expect(missing).toEqual([]);
  });
});
