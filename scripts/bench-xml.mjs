// The XML reader (dist/xpath/xml.js): per-document time on the official examples, and time against size where a
// careless reader turns quadratic: thousands of attributes or namespace declarations on one element, attribute names
// that repeat only after namespace expansion, many elements at libxml2's depth limit, and a document far deeper than
// that limit (refused where it crosses it). Each figure is the median of 5 parses; a linear reader doubles its time
// when the count doubles. Run by scripts/bench.mjs, or alone after a build: node scripts/bench-xml.mjs
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function timeMs(run, times = 5) {
  const runs = [];
  for (let i = 0; i < times; i++) {
    const t = process.hrtime.bigint();
    run();
    runs.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(runs);
}

const list = (n, f) => Array.from({ length: n }, (_, i) => f(i)).join(' ');
const SHAPES = [
  ['attributes on one element', (n) => `<a ${list(n, (i) => `a${i}="${i}"`)}/>`],
  ['namespace declarations on one element', (n) => `<a ${list(n, (i) => `xmlns:n${i}="urn:n${i}"`)}><n${n - 1}:b/></a>`],
  ['prefixed attributes, two prefixes for one namespace', (n) => `<a xmlns:p="urn:m" xmlns:q="urn:m" ${list(n / 2, (i) => `p:a${i}="1" q:b${i}="2"`)}/>`],
  ['elements in chains 257 deep', (n) => `<r>${`${'<d>'.repeat(256)}${'</d>'.repeat(256)}`.repeat(Math.round(n / 256))}</r>`],
];

export async function benchXml(root, official) {
  const { parseXml, readXml } = await import(join(root, 'dist/xpath/xml.js'));
  console.log('  XML reader (parseXml, median of 5 parses):');
  const dirs = ['examples/invoice', 'examples/creditnote', 'selfbilling/examples/invoice', 'selfbilling/examples/creditnote'].map((d) => join(official, d));
  if (dirs.every((d) => existsSync(d))) {
    const files = dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.xml')).map((f) => join(d, f)));
    const texts = files.map((f) => readFileSync(f, 'utf8'));
    const bytes = files.map((f) => new Uint8Array(readFileSync(f)));
    const rounds = 200;
    const perDoc = (run) => timeMs(() => { for (let r = 0; r < rounds; r++) run(); }, 7) / rounds / files.length;
    perDoc(() => texts.forEach((t) => parseXml(t))); // warm-up
    console.log(`    ${files.length} official examples: parseXml ${perDoc(() => texts.forEach((t) => parseXml(t))).toFixed(3)} ms/doc from text, `
      + `readXml ${perDoc(() => bytes.forEach((b) => readXml(b))).toFixed(3)} ms/doc from bytes`);
  } else console.log(`    official examples: skipped (none under ${official})`);
  for (const [what, make] of SHAPES) {
    const figures = [10_000, 20_000, 40_000].map((n) => {
      const xml = make(n);
      parseXml(xml);
      return `${n}: ${timeMs(() => parseXml(xml)).toFixed(1)} ms`;
    });
    console.log(`    ${what}: ${figures.join(', ')}`);
  }
  const deep = '<d>'.repeat(1_000_000);
  const refused = timeMs(() => { try { parseXml(deep); } catch { /* refused at depth 258, as expected */ } });
  console.log(`    1,000,000 nested start tags: refused at depth 258 in ${refused.toFixed(2)} ms`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  await benchXml(root, process.env.PINTAE_OFFICIAL_DIR ?? join(root, '../shared/pint-ae'));
}
