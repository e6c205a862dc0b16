/**
 * The XML as a plain object tree in xmlbuilder2's object form: keys in XSD order, `@name` for attributes,
 * `#` for text, arrays for repeated elements. Builders return trees; only `render` turns them into text.
 */
export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlNode[] | undefined;

/** An element with text and attributes; undefined attributes are left out. */
export function el(text: string, attributes: Record<string, string | undefined> = {}): XmlNode {
  const node: XmlNode = {};
  for (const [k, v] of Object.entries(attributes)) if (v !== undefined && v !== '') node[`@${k}`] = v;
  node['#'] = text;
  return node;
}

/** Drops undefined members and members that became empty, so no empty element is ever written (ibr-079). */
export function compact(node: XmlNode): XmlNode | undefined {
  const out: XmlNode = {};
  for (const [k, v] of Object.entries(node)) {
    if (v === undefined || v === '') continue;
    if (Array.isArray(v)) {
      const items = v.map(compact).filter((x): x is XmlNode => x !== undefined);
      if (items.length) out[k] = items;
    } else if (typeof v === 'object') {
      const c = compact(v);
      if (c) out[k] = c;
    } else out[k] = v;
  }
  return Object.keys(out).some((k) => !k.startsWith('@')) ? out : undefined;
}
