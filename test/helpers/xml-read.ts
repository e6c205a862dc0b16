import type { XElement, XNode } from '../../src/xpath/api.js';
import { location } from '../../src/xpath/location.js';
import { parseXml } from '../../src/xpath/xml.js';

/**
 * A document read back by pintae's reader: every element's and attribute's location (src/xpath/location.ts form)
 * with its value as a reader sees it (an element's text children joined; an attribute's normalized value).
 */
export function readBack(xml: string): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (node: XNode) => {
    if (node.kind !== 1 && node.kind !== 9) return;
    if (node.kind === 1) {
      const element = node as XElement;
      out.set(location(element), element.children.filter((c) => c.kind === 3).map((c) => (c as { value: string }).value).join(''));
      for (const a of element.attrs) out.set(location(a), a.value);
    }
    node.children.forEach(visit);
  };
  visit(parseXml(xml));
  return out;
}
