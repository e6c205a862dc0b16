import { XPathError, XPathUnsupported, type Evaluate, type Sequence, type XAttr, type XDocument, type XElement, type XNode } from '../xpath/api.js';
import { Atomic, ebv, isNumeric, nameOnly } from '../xpath/index.js';

/**
 * Whether a rule's context (an XSLT match pattern) matches a node. `names` are the local names of the elements it can
 * match ('*' any, '#document' the document node); undefined when the pattern is not a plain path and every node must
 * be tried.
 */
export interface Matcher {
  (node: XDocument | XElement | XAttr, doc: XDocument, vars: Map<string, Sequence>, cache: MatchCache): boolean;
  names?: Set<string>;
  /**
   * The matcher for the nodes of one name path (a plain path's, asked once per name path by the runner): false when it
   * can match none of them, true when it matches all (an alternative without predicates fits), else a matcher trying
   * only the alternatives whose names fit. Absent: the matcher itself is asked for every node.
   */
  forPath?: (node: XDocument | XElement | XAttr) => boolean | Matcher;
  /** It can match attribute nodes only (and the document node, when `names` has '#document'). */
  attributesOnly?: boolean;
}

/** Per-document memory of the matchers: node sets they computed, keyed by what computed them. */
export interface MatchCache { readonly memo: Map<unknown, unknown> }

interface Step {
  ns: string | undefined;
  local: string | undefined;
  /** Each predicate on its own, evaluated with the candidate node as context item. */
  predicates?: Predicate[];
  /** The step with its predicates as XPath evaluates it from the parent, for positions: `child::a[p][q]`. */
  fromParent?: Evaluate;
  /** A predicate reads position() or last(): only fromParent gives it its focus. */
  positional: boolean;
  /** The predicates' texts. */
  texts: string[];
  /** Per predicate: an integer literal, which Saxon-JS compares with the position like XPath. */
  literalPositions: boolean[];
  descendant: boolean;
  /**
   * Every predicate depends on the element's name alone (xpath's nameOnly): decided once per name path. Worked out
   * when first asked (decideByName; nameOnly parses each predicate): undefined until then.
   */
  byName?: boolean;
}
interface Path { absolute: boolean; steps: Step[] }

/**
 * A predicate evaluated on a candidate node: its effective boolean value where its value is always a boolean (or
 * empty: it never selects by position), else its value.
 */
export type Predicate = (item: XNode, vars: Map<string, Sequence>) => Sequence | boolean;

/** Splits at a character outside brackets, parentheses and string literals. */
function splitTop(text: string, at: (text: string, i: number) => number): string[] {
  const out: string[] = [];
  let depth = 0; let quote = ''; let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) { if (ch === quote) quote = ''; continue; }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    else if (depth === 0) {
      const len = at(text, i);
      if (len > 0) { out.push(text.slice(start, i)); start = i + len; i += len - 1; }
    }
  }
  out.push(text.slice(start));
  return out;
}

/** `[a][b]` → ['a', 'b']; undefined when the text is not a run of bracketed predicates. */
function splitPredicates(text: string): string[] | undefined {
  const out: string[] = [];
  let depth = 0; let quote = ''; let start = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) { if (ch === quote) quote = ''; continue; }
    if (ch === '"' || ch === "'") { if (depth === 0) return undefined; quote = ch; continue; }
    if (ch === '[') { if (depth++ === 0) start = i + 1; continue; }
    if (ch === ']') { if (--depth === 0) out.push(text.slice(start, i)); continue; }
    if (depth === 0 && !/\s/.test(ch)) return undefined;
  }
  return depth === 0 ? out : undefined;
}

const QNAME = /^(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*|\*)$/;

/** A path of name tests with predicates (`a:b[p]/c//d`), or undefined for any other pattern. */
function plainPath(alternative: string, namespaces: ReadonlyMap<string, string>, compile: (expr: string) => Evaluate, predicate: (expr: string) => Predicate): Path | undefined {
  let text = alternative.trim();
  let absolute = false;
  let leadingDescendant = false;
  if (text.startsWith('//')) { text = text.slice(2); leadingDescendant = true; } else if (text.startsWith('/')) { text = text.slice(1); absolute = true; }
  const steps: Step[] = [];
  let descendant = false;
  const segments = splitTop(text, (t, i) => (t[i] === '/' ? 1 : 0));
  for (let k = 0; k < segments.length; k++) {
    const step = segments[k]!.trim();
    // a//b splits into a, '', b: the empty segment makes the next step a descendant of the previous one.
    if (step === '') { if (k === 0 || k === segments.length - 1) return undefined; descendant = true; continue; }
    const bracket = step.indexOf('[');
    const test = (bracket < 0 ? step : step.slice(0, bracket)).trim();
    const m = QNAME.exec(test);
    if (!m) return undefined;
    const [, prefix, local] = m;
    let ns: string | undefined = '';
    if (prefix !== undefined) {
      ns = namespaces.get(prefix);
      if (ns === undefined) throw new XPathUnsupported(`prefix ${prefix} in a rule context is not declared`);
    }
    if (local === '*' && prefix === undefined) ns = undefined;
    const predicateTexts = bracket < 0 ? [] : splitPredicates(step.slice(bracket));
    if (predicateTexts === undefined) return undefined;
    const positional = predicateTexts.some((p) => /\b(position|last)\s*\(/.test(p));
    steps.push({
      ns, local: local === '*' ? undefined : local, descendant, positional, texts: predicateTexts,
      literalPositions: predicateTexts.map((p) => /^\s*\d+\s*$/.test(p)),
      predicates: predicateTexts.length && !positional ? predicateTexts.map((p) => predicate(p)) : undefined,
      fromParent: predicateTexts.length ? compile(`child::${test}${step.slice(bracket)}`) : undefined,
    });
    descendant = false;
  }
  if (steps.length === 0) return undefined;
  // Saxon-JS reads a positional predicate on a step before the last in a way of its own (b[2]/c fires on the c of
  // <r><b/><b><c/></b></r> but not of <r><b/><b><x/><c/></b></r>): such contexts are left to it.
  for (const s of steps.slice(0, -1)) {
    if (s.positional || s.literalPositions.some(Boolean)) throw new XPathUnsupported(`rule context ${alternative.trim()}: a positional predicate before the last step`);
  }
  if (leadingDescendant) absolute = false;
  return { absolute, steps };
}

/** A pattern alternative that matches the document node: `/` or `document-node()`. */
const DOCUMENT = /^\s*(\/|document-node\s*\(\s*\))\s*$/;

/**
 * Whether a predicate's value can only be a boolean or nodes, never a number: an operator that yields a boolean at its
 * top level, or a boolean function. Saxon-JS reads a number-valued predicate of a match pattern in its own way (by its
 * effective boolean value unless it is a literal), so contexts the native runner cannot read as plain paths must not
 * have any other kind of predicate.
 */
function clearlyBoolean(predicate: string): boolean {
  // The predicate at its top level: string literals and what brackets and parentheses hold blanked out.
  let top = ''; let depth = 0; let quote = '';
  for (const ch of predicate) {
    if (quote) { if (ch === quote) quote = ''; top += ' '; continue; }
    if (ch === '"' || ch === "'") { quote = ch; top += ' '; continue; }
    if (ch === '(' || ch === '[') { if (depth++ === 0) { top += ch; continue; } }
    else if (ch === ')' || ch === ']') { if (--depth === 0) { top += ch; continue; } }
    top += depth === 0 ? ch : ' ';
  }
  const padded = ` ${top} `;
  if (/[=<>]|\s(eq|ne|lt|le|gt|ge|and|or|is)\s|\sinstance\s+of\s|\scastable\s+as\s/.test(padded)) return true;
  const calls = [...top.matchAll(/([\w.-]+(?::[\w.-]+)?)\s*\(/g)].map((m) => m[1]!);
  // One call of a boolean function, nothing around it (its arguments are blanked out in top).
  const only = /^\s*([\w.-]+)\s*\(\s*\)\s*$/.exec(top);
  if (only && BOOLEAN_FUNCTIONS.has(only[1]!)) return true;
  // A path (steps, axes, kind tests, nested predicates): its value is nodes, never a number.
  if (/[$+,]|\s(-|\*|div|mod|idiv|to|union|intersect|except)\s/.test(padded) || /(^|[\s/(])\d/.test(top)) return false;
  if (calls.some((c) => !KIND_TESTS.has(c))) return false;
  return /^[\w:.*@/\s()[\]-]*$/.test(top);
}

const BOOLEAN_FUNCTIONS = new Set(['not', 'exists', 'empty', 'boolean', 'true', 'false', 'contains', 'starts-with', 'ends-with', 'matches']);
const KIND_TESTS = new Set(['node', 'text', 'comment', 'element', 'attribute', 'document-node', 'processing-instruction']);

/** The predicates of a text ([…] at any depth outside string literals). */
function predicatesIn(text: string): string[] {
  const out: string[] = [];
  const starts: number[] = []; let quote = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) { if (ch === quote) quote = ''; continue; }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[') starts.push(i + 1);
    else if (ch === ']') out.push(text.slice(starts.pop() ?? 0, i));
  }
  return out;
}

/** A rule context compiled for matching (see Matcher). */
export function matcher(context: string, namespaces: ReadonlyMap<string, string>, compile: (expr: string) => Evaluate, predicate: (expr: string) => Predicate = compile): Matcher {
  const current = CURRENT.test(context);
  const texts = splitTop(context, (t, i) => (t[i] === '|' ? 1 : 0));
  // `.` (and `.[p]`) matches any item, the document node included: left to Saxon-JS.
  if (texts.some((t) => /^\s*\.\s*(\[|$)/.test(t))) throw new XPathUnsupported(`rule context ${context}: a pattern starting with "."`);
  const matchesDocument = texts.some((t) => DOCUMENT.test(t));
  const elementTexts = texts.filter((t) => !DOCUMENT.test(t));
  const alternatives = elementTexts.map((a) => plainPath(a, namespaces, compile, predicate));
  if (alternatives.every((a) => a !== undefined)) {
    const paths = alternatives as Path[];
    if (current) for (const p of paths) currentOnLastStep(p.steps, context);
    const forPath = (node: XDocument | XElement | XAttr): boolean | Matcher => {
      if (node.kind !== 1) return node.kind === 9 && matchesDocument;
      const fit: Path[] = [];
      for (const p of paths) {
        if (!namesMatch(node, p.steps, p.steps.length - 1, p.absolute)) continue;
        const decided = decideByName(p, node);
        if (decided !== undefined) fit.push(decided);
      }
      if (fit.length === 0) return false;
      if (fit.every((p) => p.steps.every((s) => !s.fromParent))) return true;
      const fitting: Matcher = (n, _doc, vars, cache) => {
        let matched = false;
        for (const p of fit) {
          // XSLT 3.0 5.5.4: a dynamic error while matching a pattern means no match. Where another alternative of the
          // union fits the node too, whether Saxon-JS still matches depends on how it evaluates the union (`c[error] |
          // d/c` fires no rule on a d/c there): declined, so that document is Saxon-JS's to answer.
          try { if (matchPath(n, p.steps, p.steps.length - 1, p.absolute, vars, cache)) matched = true; } catch (e) {
            if (!(e instanceof XPathError)) throw e;
            if (fit.length > 1) throw new XPathUnsupported(`an XPath error in one alternative of the rule context ${context}, which another fits too: ${e.message}`);
          }
          if (matched && fit.length === 1) break;
        }
        return matched;
      };
      return fitting;
    };
    const m: Matcher = (node, doc, vars, cache) => {
      const f = forPath(node);
      return typeof f === 'boolean' ? f : f(node, doc, vars, cache);
    };
    m.forPath = forPath;
    m.names = new Set(paths.map((p) => p.steps.at(-1)!.local ?? '*'));
    if (matchesDocument) m.names.add('#document');
    return m;
  }
  if (current) throw new XPathUnsupported(`current() in the rule context ${context}, which is not a plain path`);
  // Any other pattern: the nodes it matches are those the same text selects from anywhere in the document.
  const unclear = predicatesIn(context).find((p) => !/^\s*\d+\s*$/.test(p) && !clearlyBoolean(p));
  if (unclear !== undefined) throw new XPathUnsupported(`rule context ${context}: the predicate [${unclear}] may be a number`);
  const select = compile(`//(${elementTexts.join(' | ')})`);
  const m: Matcher = (node, doc, vars, cache) => {
    if (node.kind === 9) return matchesDocument;
    let set = cache.memo.get(select) as Set<XNode> | undefined;
    if (!set) {
      try { set = new Set(select(doc, vars).filter((i): i is XNode => !('atomic' in i))); } catch (e) { throw unsupportedFor(e); }
      cache.memo.set(select, set);
    }
    return set.has(node);
  };
  // A pattern whose every alternative ends in an attribute step matches attributes alone: never tried on an element.
  if (elementTexts.length > 0 && elementTexts.every(endsInAttribute)) {
    m.names = new Set(matchesDocument ? ['#document'] : []);
    m.attributesOnly = true;
  }
  return m;
}

/** Whether a path pattern's last step is on the attribute axis (`a/@b`, `@*[p]`, `a//attribute::b`). */
function endsInAttribute(alternative: string): boolean {
  const last = splitTop(alternative, (t, i) => (t[i] === '/' ? 1 : 0)).at(-1)!.trim();
  return /^(@|attribute\s*::)/.test(last);
}

const CURRENT = /\bcurrent\s*\(/;
const NO_VARIABLES = new Map<string, Sequence>();

/**
 * The path with the predicates of its last step decided on this element when they depend on its name alone (every
 * element of the name path, which holds the prefix too, gives the same answer): undefined when one is false (the path
 * matches no element of this name path), the path without them when all are true. An error is left to be raised on
 * each element, as before (the path is returned unchanged).
 */
function decideByName(p: Path, node: XElement): Path | undefined {
  const last = p.steps[p.steps.length - 1]!;
  if (!(last.byName ??= last.predicates !== undefined && last.texts.every(nameOnly))) return p;
  try {
    for (const predicate of last.predicates!) {
      const v = predicate(node, NO_VARIABLES);
      if (!(typeof v === 'boolean' ? v : ebv(v))) return undefined;
    }
  } catch (e) {
    if (e instanceof XPathError) return p;
    throw e;
  }
  const bare: Step = { ...last, predicates: undefined, fromParent: undefined, texts: [], literalPositions: [], byName: false };
  return { absolute: p.absolute, steps: [...p.steps.slice(0, -1), bare] };
}

/**
 * current() in a match pattern is the node being matched (XSLT 3.0 5.5.3). A predicate of the last step, evaluated
 * on that node alone, sees it as its current(); one of an earlier step (evaluated on an ancestor), or one decided on
 * the step from the parent (positions), would see another node: those contexts are left to Saxon-JS.
 */
function currentOnLastStep(steps: Step[], context: string): void {
  const last = steps.length - 1;
  steps.forEach((s, i) => {
    if (!s.texts.some((t) => CURRENT.test(t))) return;
    if (i !== last || s.positional || s.literalPositions.some(Boolean)) throw new XPathUnsupported(`current() in the rule context ${context} outside the last step's predicates`);
  });
}

const nameMatches = (node: XNode, step: Step): boolean =>
  node.kind === 1 && (step.local === undefined || node.local === step.local) && (step.ns === undefined || node.ns === step.ns);

/** Whether the names along the path fit, predicates aside: most candidates fail here, for nothing. */
function namesMatch(node: XNode, steps: Step[], i: number, absolute: boolean): boolean {
  const step = steps[i]!;
  if (!nameMatches(node, step)) return false;
  const parent = node.parent;
  if (i === 0) return !absolute || (parent !== null && parent.kind === 9);
  if (!step.descendant) return parent !== null && namesMatch(parent, steps, i - 1, absolute);
  for (let a = parent; a !== null; a = a.parent) if (namesMatch(a, steps, i - 1, absolute)) return true;
  return false;
}

/**
 * A step's predicates on one node, as XPath filters the step: a predicate whose value is a number compares it with
 * the node's position, so that case (and any predicate reading position() or last()) is decided on the step
 * evaluated from the parent, once per parent and document.
 */
function predicatesHold(node: XElement, step: Step, vars: Map<string, Sequence>, cache: MatchCache): boolean {
  if (!step.fromParent) return true;
  if (step.predicates) {
    let i = 0;
    for (; i < step.predicates.length; i++) {
      const value = step.predicates[i]!(node, vars);
      if (value === true) continue;
      if (value === false) return false;
      if (value.length === 1 && value[0] instanceof Atomic && isNumeric(value[0].type)) {
        // Saxon-JS compares a literal number with the position, and reads any other number-valued predicate of a
        // match pattern by its effective boolean value: that document goes to Saxon-JS.
        if (!step.literalPositions[i]) throw new XPathUnsupported('a number-valued predicate in a rule context');
        break;
      }
      if (!ebv(value)) return false;
    }
    if (i === step.predicates.length) return true;
  }
  const parent = node.parent!;
  let byParent = cache.memo.get(step) as Map<XNode, Set<XNode>> | undefined;
  if (!byParent) { byParent = new Map(); cache.memo.set(step, byParent); }
  let set = byParent.get(parent);
  if (!set) {
    // An error here is one sibling's, but Saxon-JS decides per node how far it evaluates (c[. > 1][1] matches the
    // first c before a failing one): that document is Saxon-JS's to answer.
    try { set = new Set(step.fromParent(parent, vars).filter((i): i is XNode => !('atomic' in i))); } catch (e) { throw unsupportedFor(e); }
    byParent.set(parent, set);
  }
  return set.has(node);
}

/** An XPath error where the native runner cannot tell which nodes Saxon-JS would still match. */
function unsupportedFor(e: unknown): unknown {
  return e instanceof XPathError ? new XPathUnsupported(`an XPath error in a rule context, whose extent Saxon-JS decides: ${e.message}`) : e;
}

function matchPath(node: XNode, steps: Step[], i: number, absolute: boolean, vars: Map<string, Sequence>, cache: MatchCache): boolean {
  const step = steps[i]!;
  if (!nameMatches(node, step) || !predicatesHold(node as XElement, step, vars, cache)) return false;
  const parent = node.parent;
  if (i === 0) return !absolute || (parent !== null && parent.kind === 9);
  if (!step.descendant) return parent !== null && matchPath(parent, steps, i - 1, absolute, vars, cache);
  for (let a = parent; a !== null; a = a.parent) if (matchPath(a, steps, i - 1, absolute, vars, cache)) return true;
  return false;
}
