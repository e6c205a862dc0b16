/*
 * Sequence types (`instance of`, `treat as`, xsl:param/@as, xsl:function/@as) and the function conversion rules.
 */
import { XPathError, type Item, type Sequence, type XNode } from './api.js';
import { Atomic, atomizeNode, isAtomic, isNumeric, notImplemented, str, stringValue, type AtomicType } from './atomic.js';
import { castAs } from './cast.js';

export type ItemType = { kind: 'item' } | { kind: 'atomic'; type: AtomicType | 'anyAtomicType' | 'numeric' }
  | { kind: 'node' } | { kind: 'element' | 'attribute'; ns?: string; local?: string }
  | { kind: 'text' | 'document' | 'comment' | 'processing-instruction' };
export type SequenceType = { kind: 'empty' } | { kind: 'items'; item: ItemType; occurrence: '' | '?' | '*' | '+' };

const NODE_KIND = { text: 3, document: 9, comment: 8, 'processing-instruction': 7 } as const;

function atomicMatches(type: AtomicType, wanted: AtomicType | 'anyAtomicType' | 'numeric'): boolean {
  if (wanted === type || wanted === 'anyAtomicType') return true;
  if (wanted === 'numeric') return isNumeric(type);
  return wanted === 'decimal' && type === 'integer';
}

export function itemMatches(item: Item, t: ItemType): boolean {
  switch (t.kind) {
    case 'item': return true;
    case 'atomic': return isAtomic(item) && atomicMatches(item.type, t.type);
    case 'node': return !isAtomic(item);
    case 'element': case 'attribute': {
      if (isAtomic(item)) return false;
      const n = item as Exclude<Item, { atomic: true }>;
      if (n.kind !== (t.kind === 'element' ? 1 : 2)) return false;
      return (t.local === undefined || t.local === n.local) && (t.ns === undefined || t.ns === n.ns);
    }
    default:
      return !isAtomic(item) && (item as { kind: number }).kind === NODE_KIND[t.kind];
  }
}

function cardinalityOk(n: number, occurrence: '' | '?' | '*' | '+'): boolean {
  switch (occurrence) {
    case '': return n === 1;
    case '?': return n <= 1;
    case '+': return n >= 1;
    default: return true;
  }
}

export function instanceOf(seq: Sequence, t: SequenceType): boolean {
  if (t.kind === 'empty') return seq.length === 0;
  if (!cardinalityOk(seq.length, t.occurrence)) return false;
  for (let i = 0; i < seq.length; i++) if (!itemMatches(seq[i]!, t.item)) return false;
  return true;
}

export function describe(t: SequenceType): string {
  if (t.kind === 'empty') return 'empty-sequence()';
  const i = t.item;
  let s: string;
  switch (i.kind) {
    case 'item': s = 'item()'; break;
    case 'atomic': s = `xs:${i.type}`; break;
    case 'element': case 'attribute': s = `${i.kind}(${i.local ?? ''})`; break;
    default: s = `${i.kind}()`;
  }
  return s + t.occurrence;
}

/** One atomic value converted to the wanted atomic type: untyped cast, numbers promoted, anyURI promoted to string. */
function convertAtomic(a: Atomic, wanted: AtomicType | 'anyAtomicType' | 'numeric'): Atomic {
  if (a.type === 'untypedAtomic') {
    if (wanted === 'anyAtomicType' || wanted === 'untypedAtomic') return a;
    return castAs(a, wanted === 'numeric' ? 'double' : wanted);
  }
  if ((wanted === 'double' || wanted === 'float') && isNumeric(a.type) && a.type !== 'double') {
    return wanted === 'float' && a.type === 'float' ? a : castAs(a, wanted);
  }
  if (wanted === 'string' && a.type === 'anyURI') return castAs(a, 'string');
  return a;
}

/** Function conversion rules (XPath 3.1 3.1.5.2); XPTY0004 on mismatch. `what` names the value in messages. */
export function convert(seq: Sequence, t: SequenceType, what: string): Sequence {
  let out = seq;
  if (t.kind === 'items' && t.item.kind === 'atomic') {
    const wanted = t.item.type;
    // Saxon-JS 2.7 does not check or convert an xs:numeric parameter at all (a string passes as it is): left to it.
    if (wanted === 'numeric') throw notImplemented('function conversion to xs:numeric');
    // Most arguments already have the declared type (a string passed as xs:string): kept as they are.
    let asDeclared = true;
    for (let i = 0; i < seq.length; i++) { const it = seq[i]!; if (!isAtomic(it) || !atomicMatches(it.type, wanted)) { asDeclared = false; break; } }
    if (!asDeclared) {
      // A node wanted as a string: its typed value is untyped (or a string), cast to xs:string as it is.
      out = seq.map((it) => (!isAtomic(it) && wanted === 'string' ? str(stringValue(it as XNode)) : convertAtomic(isAtomic(it) ? it : atomizeNode(it as XNode), wanted)));
    }
  }
  if (!instanceOf(out, t)) {
    throw new XPathError('XPTY0004', `${what}: the value does not match the required type ${describe(t)}`);
  }
  return out;
}
