import { expect } from 'vitest';
import { compileSchematron, type CompileOptions } from '../../src/schematron/compile.js';
import { compileNative } from '../../src/schematron/native.js';
import { compileXsltCached } from '../../src/schematron/sef.js';
import { CompiledRules } from '../../src/schematron/run.js';
import type { SvrlResult } from '../../src/schematron/svrl.js';
import { engine } from '../../src/xpath/index.js';
import { join } from 'node:path';
import { ROOT } from './paths.js';

/*
 * The native Schematron runner (native-plan.ts, native.ts, native-match.ts on src/xpath/) against the reference: the
 * same schema compiled to XSLT (compile.ts, fast and guarded) and run by Saxon-JS. Per document the native runner
 * must give the fast stylesheet's results, in the same order, or throw where the fast stylesheet raises an error.
 * Used by test/unit/schematron/native*.test.ts.
 */

export const CACHE = join(ROOT, 'node_modules/.cache/pintae-sef');

export const sch = (body: string, attrs = '') => `<sch:schema xmlns:sch="http://purl.oclc.org/dsdl/schematron" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" queryBinding="xslt2" ${attrs}>
  <sch:ns prefix="i" uri="urn:inv"/><sch:ns prefix="j" uri="urn:other"/>${body}</sch:schema>`;

export type Outcome = { results: SvrlResult[] } | { error: string };

function attempt(run: () => SvrlResult[]): Outcome {
  try { return { results: run() }; } catch (e) { return { error: (e as Error).message }; }
}

/** `A:id@/a/b[2]:text`: what a case expects, in the order of the report. */
export const brief = (r: SvrlResult) => `${r.kind === 'failed-assert' ? 'A' : 'R'}:${r.id ?? ''}@${r.location}:${r.text}`;

export interface Differential {
  /** The fast stylesheet's outcome per document. */
  saxon: Outcome[];
  native: Outcome[];
}

/**
 * Runs a schema on each document through both engines and checks they agree: the guarded stylesheet gives the fast
 * one's results wherever the fast one answers; the native runner gives them too, and where the fast one raised an
 * error, the guarded one's (XPath errors as failed asserts with role evaluation-error). `nativeMayThrow`: a document where the native runner may decline (throw) although Saxon-JS answers, which
 * costs only speed. `fastOnly`: no guarded stylesheet, for schemas where it cannot differ from the fast one (it differs
 * only by an xsl:try around each assert with the rule's lets inside, which matters for lets and errors): each
 * compilation costs 1–3 s on a cold cache (CI).
 */
export async function differential(source: string, docs: string[], options: CompileOptions & { nativeMayThrow?: boolean | number[]; fastOnly?: boolean } = {}): Promise<Differential> {
  const { nativeMayThrow, fastOnly, ...compileOptions } = options;
  const stylesheet = async (guards: boolean) => new CompiledRules(`guards:${guards}`, (await compileXsltCached(compileSchematron(source, { ...compileOptions, guards }), CACHE)).sef);
  const [fast, guarded] = await Promise.all((fastOnly ? [false] : [false, true]).map(stylesheet));
  let guardedOnDemand = guarded;
  let native: Awaited<ReturnType<typeof compileNative>> | Error;
  try { native = (await compileNative(source, engine, compileOptions)).compileAll(); } catch (e) { native = e as Error; }
  const saxon: Outcome[] = []; const nativeOut: Outcome[] = [];
  for (const [i, xml] of docs.entries()) {
    const reference = attempt(() => fast!.results(xml));
    const ours = native instanceof Error ? { error: native.message } : attempt(() => (native as Exclude<typeof native, Error>).results(xml));
    saxon.push(reference); nativeOut.push(ours);
    const where = `document ${i}: ${xml.slice(0, 200)}`;
    if ('error' in reference) {
      // The guarded stylesheet says what the error means: the asserts it hit fail with role evaluation-error. The
      // native runner gives the same report (the error's wording is each engine's own), or declines the document.
      guardedOnDemand ??= await stylesheet(true);
      const expected = attempt(() => guardedOnDemand!.results(xml));
      if ('error' in ours && 'error' in expected) continue;
      if ('error' in ours && (nativeMayThrow === true || (Array.isArray(nativeMayThrow) && nativeMayThrow.includes(i)))) continue;
      expect(withoutErrorWording(ours), `${where}\nthe fast stylesheet raised ${reference.error.slice(0, 200)}: native vs guarded`).toEqual(withoutErrorWording(expected));
      continue;
    }
    if (guarded) expect(attempt(() => guarded.results(xml)), `${where}\nguarded vs fast`).toEqual(reference);
    if ('error' in ours && (nativeMayThrow === true || (Array.isArray(nativeMayThrow) && nativeMayThrow.includes(i)))) continue;
    expect(ours, `${where}\nnative vs Saxon-JS`).toEqual(reference);
  }
  return { saxon, native: nativeOut };
}

/** An outcome with the wording of XPath errors left out: Saxon-JS and pintae's evaluator each word their own. */
export function withoutErrorWording(o: Outcome): Outcome {
  if ('error' in o) return o;
  return { results: o.results.map((r) => (r.role === 'evaluation-error' ? { ...r, text: r.text.replace(/^(Rule could not be evaluated:).*/, '$1 …') } : r)) };
}

/** The fast stylesheet's results of each document, briefly (the case's own expectation beside the differential). */
export const briefs = (d: Differential) => d.saxon.map((o) => ('error' in o ? 'error' : o.results.map(brief)));

export const PLAIN = `<a><b n="1"><c>1</c><c>2</c></b><b n="2"><c>3</c><d><c>4</c></d></b><x><b n="3"><c>5</c></b></x><e/></a>`;
export const NAMESPACED = `<inv xmlns="urn:inv" xmlns:j="urn:other"><line n="1">5</line><j:line n="x">6</j:line><line n="2">7</line><group><line n="3">8</line></group><total>12</total></inv>`;
export const MIXED = `<i:inv xmlns:i="urn:inv"><a><i:line n="1"/><line n="2"/></a><line n="3"/><c>0</c></i:inv>`;
export const DOCS = [PLAIN, NAMESPACED, MIXED];

/** One pattern per context, each with a report on every node it fires on: where each context matches, per document. */
export const everyContext = (contexts: string[], lets = '') => sch(lets + contexts.map((c, k) =>
  `<sch:pattern id="p${k}"><sch:rule context="${c.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')}"><sch:report id="${k}" test="true()">x</sch:report></sch:rule></sch:pattern>`).join('\n'));

/** Per context (by index), the locations it fired on in each document: `k: loc loc | loc | …`. */
export function firings(d: Differential, contexts: string[]): string[] {
  return contexts.map((c, k) => `${c} → ${d.saxon.map((o) => ('error' in o ? 'error' : o.results.filter((r) => r.id === String(k)).map((r) => r.location || '/').join(' '))).join(' | ')}`);
}


/** A small seeded generator (mulberry32): the same documents on every run. */
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A document of a, b, c, d, e, x and i:line / j:line elements, each starting with a digit (string values are numbers). */
export function randomDocument(next: () => number): string {
  const names = ['a', 'b', 'c', 'd', 'e', 'x', 'b', 'c', 'i:line', 'j:line', 'line'];
  const element = (depth: number): string => {
    const name = names[Math.floor(next() * names.length)]!;
    const n = next() < 0.6 ? ` n="${1 + Math.floor(next() * 3)}"` : '';
    const count = depth >= 4 ? 0 : Math.floor(next() * (depth === 0 ? 5 : 4));
    return `<${name}${n}>${Math.floor(next() * 6)}${Array.from({ length: count }, () => element(depth + 1)).join('')}</${name}>`;
  };
  return element(0).replace(/^<([\w:]+)/, '<$1 xmlns:i="urn:inv" xmlns:j="urn:other"');
}

