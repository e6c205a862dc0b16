/**
 * A seeded, deterministic corpus of variants of the official PINT-AE examples for the well-formedness conformance
 * test (test/conformance/xml-wellformed.test.ts): each example goes through every mutation family in turn
 * (xml-corpus-chars.ts: bytes, characters, encodings; xml-corpus-markup.ts: tags, names, namespaces, structure), each
 * time with fresh random choices, so the same seed gives the same bytes.
 */
import { CHAR_FAMILIES } from './xml-corpus-chars.js';
import { Doc, Rng, utf8, type Family, type Source, type Variant } from './xml-corpus-doc.js';
import { MARKUP_FAMILIES } from './xml-corpus-markup.js';

export type { Source, Variant } from './xml-corpus-doc.js';

const FAMILIES: Array<[string, Family]> = [...CHAR_FAMILIES, ...MARKUP_FAMILIES];

/** `perSource` variants of each source, every family in turn (the same seed gives the same corpus). */
export function xmlCorpus(sources: Source[], perSource = 70, seed = 20260401): Variant[] {
  const r = new Rng(seed);
  const out: Variant[] = [];
  for (const [s, source] of sources.entries()) {
    const doc = new Doc(source.name, source.text);
    for (let k = 0; k < perSource; k++) {
      const [family, make] = FAMILIES[(s + k) % FAMILIES.length]!;
      const made = make(doc, r);
      const name = `${source.name} #${k} ${family}: ${made.what}`;
      if ('bytes' in made) out.push({ name, bytes: made.bytes });
      else out.push({ name, bytes: utf8(made.text), ...(made.doctype ? { doctype: true } : {}) });
    }
  }
  return out;
}

/**
 * libxml2's 10,000,000-byte limits on a text node and a comment, at the limit and one byte past it, in one example:
 * few and large, so apart from the corpus.
 */
export function limitVariants(source: Source): Variant[] {
  const doc = new Doc(source.name, source.text);
  const [at] = doc.texts[0]!;
  const base = doc.text.slice(at, doc.texts[0]![1]);
  const sized = (bytes: number) => 'é'.repeat(Math.floor((bytes - base.length) / 2)) + 'a'.repeat((bytes - base.length) % 2);
  return [10_000_000, 10_000_001].flatMap((n) => [
    { name: `${source.name}: a text node of ${n} bytes`, bytes: utf8(doc.splice(at, 0, sized(n))) },
    { name: `${source.name}: a comment of ${n} bytes`, bytes: utf8(doc.splice(doc.root.end, 0, `<!--${'c'.repeat(n)}-->`)) },
  ]);
}
