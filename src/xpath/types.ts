/*
 * Sequence types (`instance of`, `treat as`, xsl:param/@as, xsl:function/@as) and the function conversion rules.
 */
import { XPathError, XPathUnsupported, type Sequence } from './api.js';
import type { AtomicType } from './values.js';

export type ItemType = { kind: 'item' } | { kind: 'atomic'; type: AtomicType | 'anyAtomicType' | 'numeric' }
  | { kind: 'node' } | { kind: 'element' | 'attribute'; ns?: string; local?: string }
  | { kind: 'text' | 'document' | 'comment' | 'processing-instruction' };
export type SequenceType = { kind: 'empty' } | { kind: 'items'; item: ItemType; occurrence: '' | '?' | '*' | '+' };

export function instanceOf(seq: Sequence, t: SequenceType): boolean {
  void seq; void t; void XPathError;
  throw new XPathUnsupported('instanceOf: not yet implemented');
}

/** Function conversion rules (XPath 3.1 3.1.5.2); XPTY0004 on mismatch. `what` names the value in messages. */
export function convert(seq: Sequence, t: SequenceType, what: string): Sequence {
  void seq; void t; void what;
  throw new XPathUnsupported('convert: not yet implemented');
}
