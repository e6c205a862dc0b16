/*
 * Argument conversion for the built-in functions (the function conversion rules of XPath 3.1 3.1.5.2 for the
 * parameter types the fn: functions declare), shared by the fn-*.ts files.
 */
import { XPathError, type Item, type Sequence, type XNode } from './api.js';
import { Atomic, atomizeNode, isAtomic, isNumeric, isStringLike, stringValue } from './atomic.js';
import { castAs } from './cast.js';

export interface FnContext { item: Item | undefined; position: number; size: number; current: Item | undefined }
export type Fn = (args: Sequence[], ctx: FnContext) => Sequence;

export function contextItem(ctx: FnContext, fn: string): Item {
  if (ctx.item === undefined) throw new XPathError('XPDY0002', `${fn}: the context item is absent`);
  return ctx.item;
}

export function contextNode(ctx: FnContext, fn: string): XNode {
  const it = contextItem(ctx, fn);
  if (isAtomic(it)) throw new XPathError('XPTY0004', `${fn}: the context item is not a node`);
  return it as XNode;
}

/** An xs:anyAtomicType? argument: undefined when empty. */
export function optAtomic(seq: Sequence, fn: string): Atomic | undefined {
  if (seq.length === 0) return undefined;
  if (seq.length > 1) throw new XPathError('XPTY0004', `${fn}: a sequence of more than one item is not allowed as an argument`);
  const it = seq[0];
  return isAtomic(it) ? it : atomizeNode(it as XNode);
}

/** An xs:string? argument ('' when empty, as the string functions treat it). */
export function optString(seq: Sequence, fn: string): string {
  // A node's typed value is untyped or a string: its string value, without the atomic value made for it.
  if (seq.length === 1 && !isAtomic(seq[0]!)) return stringValue(seq[0] as XNode);
  const a = optAtomic(seq, fn);
  if (a === undefined) return '';
  if (!isStringLike(a.type)) throw new XPathError('XPTY0004', `${fn}: an xs:${a.type} is not an xs:string`);
  return a.value as string;
}

/** An xs:string argument (exactly one). */
export function oneString(seq: Sequence, fn: string): string {
  if (seq.length === 0) throw new XPathError('XPTY0004', `${fn}: an empty sequence is not allowed as an argument`);
  return optString(seq, fn);
}

/** A numeric? argument: untypedAtomic becomes xs:double; undefined when empty. */
export function optNumeric(seq: Sequence, fn: string): Atomic | undefined {
  const a = optAtomic(seq, fn);
  if (a === undefined) return undefined;
  if (a.type === 'untypedAtomic') return castAs(a, 'double');
  if (!isNumeric(a.type)) throw new XPathError('XPTY0004', `${fn}: an xs:${a.type} is not a number`);
  return a;
}

/** An xs:double argument (exactly one; numbers promoted, untypedAtomic cast). */
export function oneDouble(seq: Sequence, fn: string): number {
  const a = optNumeric(seq, fn);
  if (a === undefined) throw new XPathError('XPTY0004', `${fn}: an empty sequence is not allowed as an argument`);
  return a.type === 'double' || a.type === 'float' ? (a.value as number) : castAs(a, 'double').value as number;
}

/** An xs:integer argument (exactly one; untypedAtomic cast). */
export function oneInteger(seq: Sequence, fn: string): number {
  let a = optAtomic(seq, fn);
  if (a === undefined) throw new XPathError('XPTY0004', `${fn}: an empty sequence is not allowed as an argument`);
  if (a.type === 'untypedAtomic') a = castAs(a, 'integer');
  if (a.type !== 'integer') throw new XPathError('XPTY0004', `${fn}: an xs:${a.type} is not an xs:integer`);
  return castAs(a, 'double').value as number;
}

export function optNode(seq: Sequence, fn: string): XNode | undefined {
  if (seq.length === 0) return undefined;
  if (seq.length > 1) throw new XPathError('XPTY0004', `${fn}: a sequence of more than one item is not allowed as an argument`);
  if (isAtomic(seq[0])) throw new XPathError('XPTY0004', `${fn}: the argument is not a node`);
  return seq[0] as XNode;
}
