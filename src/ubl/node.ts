/**
 * The XML as a plain object tree in xmlbuilder2's object form: keys in XSD order, `@name` for attributes,
 * `#` for text, arrays for repeated elements. Builders return trees; only `render` turns them into text.
 *
 * Keys starting with `$` are never written: `$` holds the request field an element came from (`buyer.name`,
 * `line_items[2].tax_amount`) and `$@name` the field of its attribute `name`. The serializer turns them into the
 * source map (location → field) that places PINT-AE findings on the built XML back in the request.
 */
export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlNode[] | Items | undefined;

/**
 * Repeated elements made one at a time, as they are written: an invoice's lines, whose objects then die before the
 * next line is made instead of the whole invoice's being held at once (20,000 lines: 30 MB). An item is never empty.
 */
export class Items {
  constructor(readonly length: number, readonly item: (i: number) => XmlNode) {}
}

/** The key of an element's source field. */
export const SOURCE = '$';

/** `@name` and `$@name` of each attribute name, made once: a key made anew for each element costs a lookup in V8's string table. */
const ATTRIBUTE_KEYS = new Map<string, readonly [string, string]>();
function attributeKeys(name: string): readonly [string, string] {
  let keys = ATTRIBUTE_KEYS.get(name);
  if (keys === undefined) {
    keys = [`@${name}`, `${SOURCE}@${name}`];
    if (ATTRIBUTE_KEYS.size < 1024) ATTRIBUTE_KEYS.set(name, keys);
  }
  return keys;
}

/**
 * An element with text and attributes; undefined attributes are left out. `source` is the element's field,
 * `attributeSources` those of attributes that come from another field than the element.
 */
export function el(text: string, attributes: Record<string, string | undefined> = {}, source?: string,
  attributeSources: Record<string, string | undefined> = {}): XmlNode {
  const node: XmlNode = {};
  if (source !== undefined) node[SOURCE] = source;
  for (const k in attributes) {
    const v = attributes[k];
    if (v === undefined || v === '') continue;
    const [key, sourceKey] = attributeKeys(k);
    node[key] = v;
    const from = attributeSources[k];
    if (from !== undefined) node[sourceKey] = from;
  }
  node['#'] = text;
  return node;
}

/** A text-only element that came from one field; undefined (not written) when the value is. */
export function val(text: string | undefined, source: string): XmlNode | undefined {
  return text === undefined ? undefined : { [SOURCE]: source, '#': text };
}

const isContent = (key: string) => key.charCodeAt(0) !== 64 /* @ */ && key.charCodeAt(0) !== 36; /* $ */

function emptyItem(key: string, i: number): never {
  throw new Error(`${key} item ${i} has no content: Items must never be empty`);
}

/** Drops undefined members and members that became empty, so no empty element is ever written (ibr-079). */
export function compact(node: XmlNode): XmlNode | undefined {
  // A text element (el, val) has nothing to drop but its text: kept as it is, not copied.
  const text = node['#'];
  if (text !== undefined) return text === '' ? undefined : node;
  const out: XmlNode = {};
  // Whether a member kept is content (an element or text), not only attributes and sources.
  let content = false;
  const keys = Object.keys(node);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const v = node[k];
    if (v === undefined || v === '') continue;
    if (v instanceof Items) {
      if (v.length === 0) continue;
      out[k] = new Items(v.length, (n) => compact(v.item(n)) ?? emptyItem(k, n));
    } else if (Array.isArray(v)) {
      const items: XmlNode[] = [];
      for (const x of v) { const c = compact(x); if (c !== undefined) items.push(c); }
      if (items.length === 0) continue;
      out[k] = items;
    } else if (typeof v === 'object') {
      const c = compact(v);
      if (!c) continue;
      out[k] = c;
    } else out[k] = v;
    if (!content && isContent(k)) content = true;
  }
  return content ? out : undefined;
}
