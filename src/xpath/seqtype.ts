/* Sequence types and atomic type names as written in expressions (instance of, cast, @as) → types.ts's forms. */
import { XPathUnsupported } from './api.js';
import type { ItemTypeAst, NodeTest, QName, SequenceTypeAst } from './ast.js';
import { resolvePrefix, XS, type Scope } from './scope.js';
import type { ItemType, SequenceType } from './types.js';
import type { AtomicType } from './values.js';

const ATOMIC_TYPES: ReadonlySet<string> = new Set<AtomicType>(['string', 'untypedAtomic', 'anyURI', 'boolean', 'decimal',
  'integer', 'double', 'float', 'date', 'dateTime', 'time', 'QName']);

/** A cast target: one of the atomic types the evaluator implements. */
export function resolveAtomicType(name: QName, scope: Scope): AtomicType {
  // An unprefixed type name is in no namespace (there is no default type namespace here), so never an xs: type.
  if (name.prefix === '' || resolvePrefix(name.prefix, scope) !== XS || !ATOMIC_TYPES.has(name.local)) {
    throw new XPathUnsupported(`type ${name.prefix ? `${name.prefix}:` : ''}${name.local}`);
  }
  return name.local as AtomicType;
}

function nodeItemType(t: NodeTest, scope: Scope): ItemType {
  if (t.k === 'name') throw new XPathUnsupported('a name test as a type');
  switch (t.kind) {
    case 'node': return { kind: 'node' };
    case 'text': case 'comment': case 'processing-instruction': return { kind: t.kind };
    case 'document-node': return { kind: 'document' };
    default: {
      if (!t.name) return { kind: t.kind };
      const out: { kind: 'element' | 'attribute'; ns?: string; local?: string } = { kind: t.kind };
      if (t.name.prefix !== '*') out.ns = t.name.prefix === '' ? '' : resolvePrefix(t.name.prefix, scope);
      if (t.name.local !== '*') out.local = t.name.local;
      return out;
    }
  }
}

function itemType(t: ItemTypeAst, scope: Scope): ItemType {
  if (t.k === 'item') return { kind: 'item' };
  if (t.k === 'kind') return nodeItemType(t.test, scope);
  if (t.name.prefix !== '' && resolvePrefix(t.name.prefix, scope) === XS) {
    if (t.name.local === 'anyAtomicType' || t.name.local === 'numeric') return { kind: 'atomic', type: t.name.local };
    if (ATOMIC_TYPES.has(t.name.local)) return { kind: 'atomic', type: t.name.local as AtomicType };
  }
  throw new XPathUnsupported(`type ${t.name.prefix ? `${t.name.prefix}:` : ''}${t.name.local}`);
}

export function compileSequenceType(t: SequenceTypeAst, scope: Scope): SequenceType {
  if (t.k === 'empty') return { kind: 'empty' };
  return { kind: 'items', item: itemType(t.item, scope), occurrence: t.occurrence };
}
