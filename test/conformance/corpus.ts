import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create } from 'xmlbuilder2';
import { OFFICIAL_DIR } from '../helpers/paths.js';

/**
 * The agreement corpus: the official examples of both customizations (billing, self-billing) and both document types
 * (invoices, credit notes), and mutated copies of them, each differing from its example by one removed, duplicated or
 * changed element or attribute. Deterministic: the same corpus on every run.
 */
export interface CorpusDoc { name: string; xml: string }

/** Where the official examples lie, under $PINTAE_OFFICIAL_DIR. */
export const EXAMPLE_DIRS = ['examples/invoice', 'examples/creditnote', 'selfbilling/examples/invoice', 'selfbilling/examples/creditnote'];

export function officialExamples(): CorpusDoc[] {
  return EXAMPLE_DIRS.flatMap((d) => {
    const dir = join(OFFICIAL_DIR, d);
    // The billing invoices keep their bare names: the disk cache of official verdicts and earlier reports name them so.
    const prefix = d === 'examples/invoice' ? '' : `${d.replace('examples/', '').replace('/examples', '')}/`;
    return readdirSync(dir).filter((f) => f.endsWith('.xml')).sort().map((f) => ({ name: `${prefix}${f}`, xml: readFileSync(join(dir, f), 'utf8') }));
  });
}

/** Replacement texts for a leaf element or attribute, chosen by what the original looks like. */
function replacements(text: string): string[] {
  const t = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return ['2025-02-30', '20250101', '2099-12-31'];
  if (/^-?\d+(\.\d+)?$/.test(t)) return ['0', '-1', `${t}1`, '1.234', 'abc'];
  if (/^[A-Z]{2}$/.test(t)) return ['XX', 'AE', 'ae'];
  if (/^[A-Z]{3}$/.test(t)) return ['XXX', 'AED', 'USD'];
  if (t === 'true' || t === 'false') return [t === 'true' ? 'false' : 'true', 'maybe'];
  return ['X', '', `${t} ${t}`, '1'];
}

/** A small deterministic PRNG (mulberry32), so sampling is the same on every run. */
function rng(seed: number) {
  return () => { seed |= 0; seed = (seed + 0x6d2b79f5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}

type Mutation = { label: string; apply(doc: Document): void };

function mutationsOf(doc: Document): Mutation[] {
  const out: Mutation[] = [];
  const elements = Array.from(doc.getElementsByTagName('*')).slice(1);
  elements.forEach((el, i) => {
    const path = `${el.tagName}#${i}`;
    const at = (d: Document) => Array.from(d.getElementsByTagName('*')).slice(1)[i]!;
    out.push({ label: `remove ${path}`, apply: (d) => { const e = at(d); e.parentNode!.removeChild(e); } });
    out.push({ label: `duplicate ${path}`, apply: (d) => { const e = at(d); e.parentNode!.insertBefore(e.cloneNode(true), e.nextSibling); } });
    const isLeaf = !Array.from(el.childNodes).some((c) => c.nodeType === 1);
    if (isLeaf) {
      for (const r of replacements(el.textContent ?? '')) out.push({ label: `set ${path} = ${JSON.stringify(r)}`, apply: (d) => { at(d).textContent = r; } });
    }
    for (const a of Array.from(el.attributes)) {
      if (a.name.startsWith('xmlns')) continue;
      out.push({ label: `remove ${path}/@${a.name}`, apply: (d) => { at(d).removeAttribute(a.name); } });
      for (const r of replacements(a.value)) out.push({ label: `set ${path}/@${a.name} = ${JSON.stringify(r)}`, apply: (d) => { at(d).setAttribute(a.name, r); } });
    }
  });
  return out;
}

/**
 * `perExample` mutants of every example (all of them when it holds fewer), plus the examples themselves. npm test takes
 * 12 (416 documents): the corpus the agreement tests ask for (at least 300 documents, more than 10 mutants of each
 * customization and document type; the two self-billing examples set the floor) with a margin, and no more, since
 * every document costs a run of the official rules on Saxon-JS on a fresh clone (issue 13 item 5: npm test's time).
 * `npm run conformance -- --per-example 150` runs the deep one (4,832 documents).
 */
export const MUTANTS_PER_EXAMPLE = Number(process.env.PINTAE_MUTANTS_PER_EXAMPLE ?? 12);
/** A test over the whole corpus may take as long as its size asks (the deep corpus is many times the default). */
export const CORPUS_TIMEOUT = 600_000 * Math.max(1, MUTANTS_PER_EXAMPLE / 34);

export function agreementCorpus(perExample = MUTANTS_PER_EXAMPLE): CorpusDoc[] {
  const docs: CorpusDoc[] = [];
  for (const example of officialExamples()) {
    docs.push(example);
    const parse = () => create(example.xml);
    const all = mutationsOf(parse().node as unknown as Document);
    const random = rng(example.name.length * 7919 + all.length);
    const chosen = new Set<number>();
    while (chosen.size < Math.min(perExample, all.length)) chosen.add(Math.floor(random() * all.length));
    for (const index of [...chosen].sort((a, b) => a - b)) {
      const doc = parse();
      all[index]!.apply(doc.node as unknown as Document);
      docs.push({ name: `${example.name} :: ${all[index]!.label}`, xml: doc.end() });
    }
  }
  return docs;
}
