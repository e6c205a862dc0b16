import { FN, FN_ALLOWED, FN_REFUSED, EXTENSION_NAMESPACES, PURE_NAMESPACES, SAXON, XS } from './names.js';
import type { Refusal } from './source.js';

/*
 * The check of a compiled stylesheet (Saxon-JS's SEF), the form every rule set takes before Saxon-JS runs it: whatever
 * a schema or stylesheet says, and however its names were spelled, what runs is this tree. Every node kind must be one
 * Saxon-JS evaluates without reaching outside the document (the kinds below, read from the saxon-js 2.7 run time
 * that package.json pins), and every function it names must be allowed (names.ts). An unknown kind is refused.
 */

/** SEF node kinds that compute on the document, the stylesheet's own declarations and their values alone. */
const KINDS = new Set(`package co function arg mode templateRule template globalVariable globalParam param params
overridden output property decimalFormat key accumulator accRule attributeSet
analyzeString applyImports applyT att break callT catch choose comment compAtt compElem condCont condSeq copy copyOf
doc elem forEach forEachGroup iterate let message namespace nextIteration nextMatch nodeNum numSeqFmt onEmpty
onNonEmpty procInst sequence sort sortKey try useAS valueOf withParam pre post
among and arith arith10 array arrayBlock atomSing atomic attVal axis cast castable check coercedFn compareToInt
compareToString conditionalSort consume convert currentGroup currentGroupingKey cvUntyped data dbl dec docOrder dot
empty emptyTextNodeRemover every except false filter first flt fnCoercer follows for functionCall gc gc10 gVarRef
homCheck indexedFilter2 inlineFn instance int intersect intRangeTest is isLast lastOf lookup lookupAll lookupTuple map
mergeAdj minus null or origFC partialApply precedes qName range root slash some str subscript supplied to treat true
union varRef vc ufCall ufRef
p.any p.booleanExp p.genNode p.genPos p.never p.nodeSet p.nodeTest p.simPos p.venn p.withCurrent p.withPredicate
p.withUpper`.split(/\s+/));

/** Kinds checked by the function they name. */
const NAMED = new Set(['fn', 'ifCall', 'fnRef', 'cfn']);

const REFUSED_KINDS = new Map([
  ['resultDoc', 'xsl:result-document: writes a file'],
  ['sourceDoc', 'xsl:source-document: reads another document'],
  ['evaluate', 'xsl:evaluate: evaluates XPath text built at run time'],
  ['javaCall', 'calls an extension function of the processor'],
  ['merge', 'xsl:merge: reads other documents'],
]);

/** Saxon's own functions that its compiler writes for standard constructs: a dynamic call, and $err:* in xsl:catch. */
const SAXON_INTERNAL = new Set(['apply', 'dynamic-error-info']);
/** cfn: Saxon's precompiled calls of two standard functions. */
const CFN = new Set(['_format-number_1', '_translate_1']);

function split(name: string): { ns: string; local: string } {
  const m = /^Q\{([^}]*)\}(.*)$/.exec(name);
  return m ? { ns: m[1]!, local: m[2]! } : { ns: FN, local: name };
}

/** Why a function named in a SEF is refused; undefined where it is allowed. */
function refusedFunction(kind: string, name: string, own: ReadonlySet<string>): string | undefined {
  if (kind === 'cfn') return CFN.has(name) ? undefined : 'a precompiled call pintae does not know';
  const { ns, local } = split(name);
  if (ns === FN) return FN_REFUSED.get(local) ?? (FN_ALLOWED.has(local) ? undefined : 'not a standard function pintae knows to be harmless');
  if (PURE_NAMESPACES.has(ns) || ns === XS) return undefined;
  if (ns === SAXON && kind === 'ifCall' && SAXON_INTERNAL.has(local)) return undefined;
  if (kind === 'fnRef' && own.has(`Q{${ns}}${local}`)) return undefined;
  return EXTENSION_NAMESPACES.get(ns) ?? `a function of ${ns || 'no namespace'} that is neither standard nor the rule set's own`;
}

/** Every refusal of a SEF (parsed JSON), located by the nearest node that names its line (and module). */
export function inspectSef(file: string, sef: unknown): Refusal[] {
  const refusals: Refusal[] = [];
  const own = new Set<string>();
  const collect = (n: unknown): void => {
    if (Array.isArray(n)) { for (const c of n) collect(c); return; }
    if (n === null || typeof n !== 'object') return;
    const node = n as Record<string, unknown>;
    if (node.N === 'function' && typeof node.name === 'string') own.add(node.name);
    for (const [k, v] of Object.entries(node)) if (k !== 'N') collect(v);
  };
  const visit = (n: unknown, line: string | undefined, module: string | undefined): void => {
    if (Array.isArray(n)) { for (const c of n) visit(c, line, module); return; }
    if (n === null || typeof n !== 'object') return;
    const node = n as Record<string, unknown>;
    const here = typeof node.line === 'string' ? node.line : line;
    const where = typeof node.module === 'string' ? node.module : module;
    const kind = node.N;
    if (kind !== undefined) {
      const at = { file: where ? `${file} (${where})` : file, ...(here && /^\d+$/.test(here) ? { line: Number(here) } : {}) };
      if (typeof kind !== 'string') refusals.push({ ...at, construct: 'a node without a kind', reason: 'not a SEF pintae can read' });
      else if (REFUSED_KINDS.has(kind)) refusals.push({ ...at, construct: kind, reason: REFUSED_KINDS.get(kind)! });
      else if (NAMED.has(kind)) {
        const name = typeof node.name === 'string' ? node.name : '';
        const why = refusedFunction(kind, name, own);
        if (why) refusals.push({ ...at, construct: `${kind} ${name}`, reason: why });
      } else if (!KINDS.has(kind)) refusals.push({ ...at, construct: kind, reason: 'a SEF construct pintae does not know to be harmless' });
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'N') visit(v, here, where);
  };
  try {
    collect(sef);
    visit(sef, undefined, undefined);
  } catch (e) {
    // A tree nested deeper than the walk can go is no SEF Saxon-JS wrote: refused rather than half read.
    if (!(e instanceof RangeError)) throw e;
    return [{ file, construct: 'the file', reason: 'nested deeper than any compiled stylesheet (not a SEF pintae can read)' }];
  }
  return refusals;
}
