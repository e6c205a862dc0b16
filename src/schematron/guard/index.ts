import { dirname } from 'node:path';
import { RuleSetError, ruleSetError } from '../errors.js';
import { ruleSetWorded } from '../../messages/rule-sets.js';
import { DEFAULT_CAPS, includeTarget, readRuleFile, SourceRefused, type SourceCaps } from './files.js';
import { EXTENSION_NAMESPACES, FN, FN_ALLOWED, FN_REFUSED, PURE_NAMESPACES, reservedForFunctions, XS } from './names.js';
import { inspectSef } from './sef.js';
import { inspectSource, type Call, type Refusal, type SourceFacts } from './source.js';
import { ISO_IMPLICIT_NAMESPACES } from '../iso-namespaces.js';

/*
 * The static check of a rule set (issue 21): before a rule set first runs, every schema, stylesheet and SEF it holds,
 * and every file they include, is read and judged. A rule set may compute a verdict on the document it judges and
 * nothing else; whatever could reach further (a file, the environment, the network, code of the processor's) is
 * refused with its file, line and construct. The lists are in names.ts, their reasons in docs/decisions.md.
 */

export type { Refusal } from './source.js';
export { DEFAULT_CAPS, type SourceCaps } from './files.js';

/** A file of a rule set as the check read it: a layer, or a file a layer includes. */
export interface ReadFile { path: string; display: string; content: Buffer }

/** A rule set the check refused: every refusal, located. */
export class RuleSetRefused extends RuleSetError {
  constructor(readonly refusals: Refusal[]) {
    const { message, said } = ruleSetWorded('ruleset.refused', { refusals: refusals.slice(0, 20), more: Math.max(0, refusals.length - 20) });
    super(message, said);
    this.name = 'RuleSetRefused';
  }
}

/** Switched off only by tests that show the second layer (Saxon-JS behind a process boundary) stops what this misses. */
let checking = true;
export function setStaticCheckForTests(on: boolean): void { checking = on; }
export const staticCheckOn = (): boolean => checking;

interface Layer { path: string; content: Buffer; kind: 'sch' | 'xslt' | 'sef' }

/**
 * Judges the layers of a rule set whose files lie under `root`, following their includes there. Returns, per layer,
 * every file it reads (the layer first, then its includes in the order met), for the content hash that keys its
 * compiled output; throws RuleSetRefused with every refusal.
 */
export function inspectRuleSet(root: string, layers: Layer[], display: (path: string) => string, caps: SourceCaps = DEFAULT_CAPS, options: { sefs?: boolean } = {}): ReadFile[][] {
  const refusals: Refusal[] = [];
  const files: ReadFile[] = [];
  const perLayer: ReadFile[][] = [];
  let total = 0;
  const count = (f: ReadFile) => {
    files.push(f);
    total += f.content.length;
    if (files.length > caps.files) throw new RuleSetRefused([{ file: f.display, construct: 'the rule set', reason: `more than ${caps.files} files` }]);
    if (total > caps.totalBytes) throw new RuleSetRefused([{ file: f.display, construct: 'the rule set', reason: `more than ${caps.totalBytes} bytes of rule files in all` }]);
  };
  for (const layer of layers) {
    const shown = display(layer.path);
    const first = files.length;
    count({ path: layer.path, display: shown, content: layer.content });
    perLayer.push([]);
    if (layer.kind === 'sef' && options.sefs === false) {
      // Only its bytes are wanted (the hash of a set checked when it was added): parsing and walking it costs more.
      perLayer[perLayer.length - 1] = files.slice(first);
      continue;
    }
    if (layer.kind === 'sef') {
      let json: unknown;
      try { json = JSON.parse(layer.content.toString('utf8')); } catch (e) {
        refusals.push({ file: shown, construct: 'the file', reason: `not a SEF (not JSON: ${(e as Error).message})` });
        continue;
      }
      if (checking) refusals.push(...inspectSef(shown, json));
      perLayer[perLayer.length - 1] = files.slice(first);
      continue;
    }
    const closure: SourceFacts[] = [];
    const seen = new Set<string>([layer.path]);
    const queue: Array<{ path: string; shown: string; content: Buffer; depth: number }> = [{ path: layer.path, shown, content: layer.content, depth: 0 }];
    while (queue.length > 0) {
      const f = queue.shift()!;
      const facts = inspectSource(f.shown, f.content);
      if (facts.malformed) throw ruleSetError('ruleset.not-well-formed', facts.malformed);
      closure.push(facts);
      for (const inc of facts.includes) {
        const construct = `<${inc.element} href="${inc.href}">`;
        // With the check off (tests of the second layer), an include is left to whoever reads it: pintae's Schematron
        // compiler (guard/files.ts) or the xslt3 compiler behind the process boundary.
        if (!checking) continue;
        try {
          if (f.depth >= 20) throw new SourceRefused({ ...inc, construct, reason: 'includes nested more than 20 deep' });
          const target = includeTarget(root, dirname(f.path), inc.href, inc, construct);
          if (seen.has(target)) continue;
          seen.add(target);
          const content = readRuleFile(root, target, caps, inc, construct);
          const read = { path: target, display: display(target), content };
          count(read);
          queue.push({ path: target, shown: read.display, content, depth: f.depth + 1 });
        } catch (e) {
          if (!(e instanceof SourceRefused)) throw e;
          refusals.push(e.refusal);
        }
      }
    }
    if (checking) refusals.push(...judge(closure));
    perLayer[perLayer.length - 1] = files.slice(first);
  }
  if (refusals.length > 0) throw new RuleSetRefused(refusals);
  return perLayer;
}

/** The refusals of one layer's files: what each file holds, and every call judged against the functions they declare. */
function judge(closure: SourceFacts[]): Refusal[] {
  const refusals = closure.flatMap((c) => c.refusals);
  const schemaPrefixes = new Map<string, string>();
  for (const c of closure) for (const [p, u] of c.schemaPrefixes) if (!schemaPrefixes.has(p)) schemaPrefixes.set(p, u);
  const own = new Set<string>();
  for (const c of closure) {
    for (const declared of c.functions) {
      // A prefix bound by sch:ns (or implicitly) is bound on the generated stylesheet's root, so on the function too.
      const f = { ...declared, ns: declared.ns ?? schemaPrefixes.get(declared.prefix) ?? SCHEMA_DEFAULTS.get(declared.prefix) ?? '' };
      if (reservedForFunctions(f.ns)) refusals.push({ file: f.file, line: f.line, column: f.column, construct: `<xsl:function name="{${f.ns}}${f.local}">`, reason: 'a function declared in a namespace of the standard or of a processor' });
      else own.add(`{${f.ns}}${f.local}`);
    }
  }
  for (const c of closure) for (const call of c.calls) {
    const why = refusedCall(call, schemaPrefixes, own);
    if (why) refusals.push({ file: call.file, line: call.line, column: call.column, construct: call.written, reason: why });
  }
  return refusals;
}

/**
 * Prefixes the schema compiler binds on every stylesheet it writes (compile.ts), as the ISO reference implementation
 * does, so a schema may use them undeclared. Binding `saxon` is no permission: a call in that namespace is still
 * refused below, by its namespace.
 */
const SCHEMA_DEFAULTS = ISO_IMPLICIT_NAMESPACES;

function refusedCall(call: Call, schemaPrefixes: ReadonlyMap<string, string>, own: ReadonlySet<string>): string | undefined {
  const ns = call.uri ?? (call.prefix === '' ? FN
    : call.schematron ? schemaPrefixes.get(call.prefix!) ?? call.scope.get(call.prefix!) ?? SCHEMA_DEFAULTS.get(call.prefix!)
      : call.scope.get(call.prefix!) ?? schemaPrefixes.get(call.prefix!) ?? SCHEMA_DEFAULTS.get(call.prefix!));
  if (ns === undefined) return `the prefix ${call.prefix} is not declared`;
  if (ns === FN) return FN_REFUSED.get(call.local) ?? (FN_ALLOWED.has(call.local) ? undefined : 'not a standard function pintae knows to be harmless');
  if (PURE_NAMESPACES.has(ns) || ns === XS) return undefined;
  if (own.has(`{${ns}}${call.local}`)) return undefined;
  const extension = EXTENSION_NAMESPACES.get(ns);
  return extension ? `a function of ${ns} (${extension})` : `a function of ${ns || 'no namespace'} that is neither standard nor declared by the rule set (xsl:function)`;
}
