/* Binary operators: logic, comparisons, node comparisons and set operations, ranges, string concatenation, simple map. */
import { tick } from './budget.js';
import { XPathError, type Item, type Sequence, type XNode } from './api.js';
import type { BinaryOp } from './ast.js';
import { documentOrder } from './axes.js';
import { boolSeq, type C, type Dyn } from './scope.js';
import {
  Atomic, EMPTY, arithmetic, atomize, castAs, ebv, generalCompare, int, isNode, notImplemented, stringOf, str, valueCompare,
} from './values.js';

/** Longest range `to` builds here; a longer one goes to Saxon-JS (which builds it lazily). */
const MAX_RANGE = 1_000_000;

function nodesOf(seq: Sequence, op: string): XNode[] {
  for (let i = 0; i < seq.length; i++) if (!isNode(seq[i]!)) throw new XPathError('XPTY0004', `${op}: an operand contains an atomic value`);
  return seq as XNode[];
}

function oneNode(seq: Sequence, op: string): XNode | undefined {
  if (seq.length === 0) return undefined;
  if (seq.length > 1) throw new XPathError('XPTY0004', `${op}: an operand is a sequence of more than one item`);
  if (!isNode(seq[0]!)) throw new XPathError('XPTY0004', `${op}: an operand is not a node`);
  return seq[0] as XNode;
}

function oneAtomic(seq: Sequence, op: string): Atomic | undefined {
  const v = atomize(seq);
  if (v.length > 1) throw new XPathError('XPTY0004', `${op}: an operand is a sequence of more than one item`);
  return v[0];
}

function rangeBound(seq: Sequence): number | undefined {
  let a = oneAtomic(seq, 'to');
  if (a === undefined) return undefined;
  if (a.type === 'untypedAtomic') a = castAs(a, 'integer');
  if (a.type !== 'integer') throw new XPathError('XPTY0004', `to: an operand is xs:${a.type}, not xs:integer`);
  const n = (a.value as { toNumber(): number }).toNumber();
  if (!Number.isSafeInteger(n)) throw notImplemented('ranges beyond the safe integers');
  return n;
}

export function compileBinary(op: BinaryOp, left: C, right: C): C {
  switch (op) {
    case 'or': return (d) => boolSeq(ebv(left(d)) || ebv(right(d)));
    case 'and': return (d) => boolSeq(ebv(left(d)) && ebv(right(d)));
    case '=': case '!=': case '<': case '<=': case '>': case '>=':
      return (d) => boolSeq(generalCompare(op, left(d), right(d)));
    case 'eq': case 'ne': case 'lt': case 'le': case 'gt': case 'ge':
      return (d) => valueCompare(op, left(d), right(d));
    case '+': case '-': case '*': case 'div': case 'idiv': case 'mod':
      return (d) => arithmetic(op, left(d), right(d));
    case 'is': case '<<': case '>>': return (d) => {
      const a = oneNode(left(d), op), b = oneNode(right(d), op);
      if (a === undefined || b === undefined) return EMPTY;
      return boolSeq(op === 'is' ? a === b : op === '<<' ? a.order < b.order : a.order > b.order);
    };
    case '||': return (d) => {
      const a = oneAtomic(left(d), '||'), b = oneAtomic(right(d), '||');
      return [str((a ? stringOf(a) : '') + (b ? stringOf(b) : ''))];
    };
    case 'to': return (d) => {
      const from = rangeBound(left(d)), to = rangeBound(right(d));
      if (from === undefined || to === undefined || to < from) return EMPTY;
      if (to - from >= MAX_RANGE) throw notImplemented(`a range of ${to - from + 1} integers`);
      const out: Item[] = [];
      for (let i = from; i <= to; i++) out.push(int(i));
      return out;
    };
    case 'union': return (d) => {
      const a = nodesOf(left(d), 'union'), b = nodesOf(right(d), 'union');
      if (b.length === 0) return documentOrder(a);
      if (a.length === 0) return documentOrder(b);
      return documentOrder([...a, ...b]);
    };
    case 'intersect': case 'except': return (d) => {
      const a = documentOrder(nodesOf(left(d), op)), b = new Set(nodesOf(right(d), op));
      return a.filter((n) => b.has(n) === (op === 'intersect'));
    };
    case '!': return (d: Dyn) => {
      const items = left(d);
      if (items.length === 0) return EMPTY;
      const saved = d.item, savedPos = d.position, savedSize = d.size;
      const out: Item[] = [];
      d.size = items.length;
      tick(items.length);
      for (let i = 0; i < items.length; i++) {
        d.item = items[i];
        d.position = i + 1;
        const r = right(d);
        for (let j = 0; j < r.length; j++) out.push(r[j]!);
      }
      d.item = saved; d.position = savedPos; d.size = savedSize;
      return out;
    };
    default: throw new XPathError('XPST0003', `operator ${op as string}`);
  }
}
