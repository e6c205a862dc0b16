/**
 * One glossary for the messages too (issue 26 item 4: "The glossary covers every term the HTML report and the
 * messages use"). docs/glossary.md lists each term with its Arabic and source; the message catalogues are held to it
 * two ways:
 * 1. A message whose English uses a term of the glossary's tax sections (the messages' terms, the tax categories, the
 *    exempt supplies and reverse-charge goods) says it in the glossary's Arabic. pintae's own plain words (valid,
 *    errors, …) are listed but not held, as they are not terms of the Authority.
 * 2. An Arabic gloss a message puts after a field name ("due_date (تاريخ استحقاق الدفع، IBT-009)") or before a spec
 *    id ("(الرخصة التجارية، BTAE-11)") begins with an Arabic term of the glossary: a new term cannot come in unlisted.
 * Arabic is compared without diacritics or tatweel, with alef forms and tā' marbūṭa folded, and with the article and
 * attached prepositions (ال، وال، بال، لل …) taken off each word, so "للكيان" is the term "الكيان".
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FINDINGS } from '../../../src/messages/findings.js';
import { REPORT } from '../../../src/messages/report.js';
import { CLI } from '../../../src/messages/cli.js';
import { WORDS } from '../../../src/messages/table.js';
import { OWN } from '../../../src/messages/own.js';
import { VALUES } from '../../../src/messages/values.js';
import { ROOT } from '../../helpers/paths.js';
import { folded } from '../../helpers/arabic.js';

interface Row { en: string; ar: string; source: string; section: string }

/** The glossary's rows, each with the section it is in. */
function glossary(): Row[] {
  const rows: Row[] = [];
  let section = '';
  for (const line of readFileSync(join(ROOT, 'docs/glossary.md'), 'utf8').split('\n')) {
    if (line.startsWith('## ')) section = line.slice(3).trim();
    const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim());
    if (cells.length === 3 && cells[0] !== 'English' && !/^-+$/.test(cells[0]!)) rows.push({ en: cells[0]!, ar: cells[1]!, source: cells[2]!, section });
  }
  return rows;
}

const HELD = new Set(["The messages' terms", 'Tax categories', 'Exempt supplies and reverse-charge goods']);
const OWN_WORDS = /^pintae's own words/;


/** A field name, a path or a code in English text is no word of it: "buyer.trn" does not use the term "buyer". */
const wordsOnly = (en: string) => en.replace(/[\w$]*[._\[][\w$.[\]]*/g, ' ');

const SAMPLE = new Proxy({}, {
  get: (_t, key) => (key === 'missing' || key === 'allowed' || key === 'ids' || key === 'known' || key === 'names' || key === 'held' || key === 'list' || key === 'ubl' ? []
    : key === 'field' || key === 'at' ? 'line_items[0].tax_amount' : key === 'n' || key === 'more' || key === 'length' ? 2 : 'v'),
});
type AnyText = { en: (p: unknown) => string; ar: (p: unknown) => string };
/** Every catalogue entry said in both languages with a stand-in for each parameter (an entry that cannot be is skipped). */
function said(): Array<{ id: string; en: string; ar: string }> {
  const all: Array<[string, AnyText]> = [
    ...[FINDINGS, REPORT, CLI, OWN, VALUES].flatMap((c) => Object.entries(c as unknown as Record<string, AnyText>)),
    ...Object.entries(WORDS).flatMap(([rule, w]) => [[`rule:${rule}`, w.request], ...(w.xml ? [[`xml:${rule}`, w.xml]] : [])] as Array<[string, AnyText]>),
  ];
  return all.flatMap(([id, t]) => {
    try {
      const [en, ar] = [t.en(SAMPLE), t.ar(SAMPLE)];
      return typeof en === 'string' && typeof ar === 'string' ? [{ id, en, ar }] : [];
    } catch { return []; }
  });
}

const alternatives = (cell: string) => cell.split(' / ').map((x) => x.trim()).filter(Boolean);
/** The English forms of a row: its alternatives without a parenthesized gloss. */
const phrasesOf = (row: Row) => alternatives(row.en).map((e) => e.replace(/\s*\([^)]*\)/g, '').trim().toLowerCase()).filter(Boolean);
/** What a row matches in English: its forms as whole words, hyphen or space alike. */
const englishOf = (row: Row) => phrasesOf(row)
  .map((e) => new RegExp(`(?<![\\w-])${e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[- ]/g, '[- ]')}(?![\\w-])`, 'i'));

describe('docs/glossary.md covers the messages', () => {
  const rows = glossary();
  const entries = said();

  it('reads the glossary and the catalogues', () => {
    expect(rows.filter((r) => r.section === "The messages' terms").length).toBeGreaterThan(50);
    expect(entries.length).toBeGreaterThan(150);
  });

  it('a message that uses a term of the glossary says it in the glossary\'s Arabic', () => {
    const wrong: string[] = [];
    const held = rows.filter((r) => HELD.has(r.section) && !OWN_WORDS.test(r.source));
    for (const row of held) {
      const english = englishOf(row);
      // A longer term holding this one is its own row ("address line" is not the invoice's "line"): taken out first.
      const longer = held.filter((r) => r !== row && phrasesOf(r).some((p) => english.some((re) => re.test(p)) && !phrasesOf(row).includes(p))).flatMap(englishOf);
      const arabic = alternatives(row.ar).map(folded);
      for (const e of entries) {
        const text = longer.reduce((t, re) => t.replace(new RegExp(re.source, 'gi'), ' '), wordsOnly(e.en));
        if (!english.some((re) => re.test(text))) continue;
        if (!arabic.some((a) => folded(e.ar).includes(a))) wrong.push(`${e.id}: "${row.en}" is ${row.ar} in the glossary; the message says: ${e.ar}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every Arabic gloss of a field or a spec id begins with a term of the glossary', () => {
    const terms = rows.flatMap((r) => alternatives(r.ar)).map(folded);
    const glosses = new Set<string>();
    for (const e of entries) {
      // `field_name (gloss` and `(gloss، IBT-009)`: the gloss ends at punctuation or where Latin letters or digits start.
      // The Arabic comma (U+060C) is in the Arabic block but ends the gloss.
      for (const m of e.ar.matchAll(/[a-z][a-z0-9]*[._[][a-z0-9_.[\]]*\s\(([\u0600-\u060B\u060D-\u06FF][\u0600-\u060B\u060D-\u06FF\s]*)/gu)) glosses.add(m[1]!.trim());
      for (const m of e.ar.matchAll(/\(([\u0600-\u06FF][\u0600-\u06FF\s]*)،\s*(?:IBT|BTAE|IBG|BTUAE)-\d+/gu)) glosses.add(m[1]!.trim());
    }
    expect(glosses.size).toBeGreaterThan(8);
    const unlisted = [...glosses].filter((g) => !terms.some((t) => folded(g) === t || folded(g).startsWith(`${t} `)));
    expect(unlisted).toEqual([]);
  });

  it('the checks can fail: a term said otherwise, and a gloss not listed, are told apart', () => {
    expect(folded('للكيان')).toBe(folded('الكيان'));
    expect(folded('التوريد المفترض').includes(folded('التوريد الاعتباري'))).toBe(false);
    expect(englishOf({ en: 'deemed supply', ar: '', source: '', section: '' })[0]!.test(wordsOnly('except on a deemed supply'))).toBe(true);
    expect(englishOf({ en: 'buyer', ar: '', source: '', section: '' })[0]!.test(wordsOnly('buyer.trn is required'))).toBe(false);
  });
});

/**
 * One English term, one Arabic term: two rows of the glossary for the same English (an article, a note in brackets
 * aside) share at least one of their Arabic forms (a row may give several, "البند / البنود"), compared folded. The
 * glossary had "request body" as متن الطلب in one section and جسم الطلب in another, and the messages said both.
 */
function disagreeingRows(rows: Row[]): string[] {
  const english = (en: string) => en.toLowerCase().replace(/\s*\(.*?\)/g, '').replace(/^the /, '').trim();
  const forms = (ar: string) => new Set(ar.replace(/\s*\(.*?\)/g, '').split(' / ').map((a) => folded(a.trim())));
  const byTerm = new Map<string, Row[]>();
  for (const row of rows) {
    const key = english(row.en);
    if (!/[a-z]/.test(key)) continue;
    byTerm.set(key, [...(byTerm.get(key) ?? []), row]);
  }
  const found: string[] = [];
  for (const [term, same] of byTerm) {
    for (let i = 0; i < same.length; i++) for (let j = i + 1; j < same.length; j++) {
      const a = forms(same[i]!.ar), b = forms(same[j]!.ar);
      if (![...a].some((f) => b.has(f))) found.push(`${term}: ${same[i]!.ar} (${same[i]!.section}) / ${same[j]!.ar} (${same[j]!.section})`);
    }
  }
  return found;
}

describe('docs/glossary.md says each term one way', () => {
  it('rows of one English term agree in their Arabic', () => {
    expect(disagreeingRows(glossary())).toEqual([]);
  });

  it('the check can fail: two words for one term are told apart, an article or a bracket is not', () => {
    const row = (en: string, ar: string): Row => ({ en, ar, source: '', section: 's' });
    expect(disagreeingRows([row('request body', 'جسم الطلب'), row('the request body', 'متن الطلب')])).toHaveLength(1);
    expect(disagreeingRows([row('Emirate', 'إمارة'), row('emirate', 'الإمارة'), row('line', 'البند / البنود'), row('line (of an invoice)', 'البند')])).toEqual([]);
  });
});
