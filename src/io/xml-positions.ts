import type { Position } from './positions.js';

// Markup that holds no element: comments, CDATA sections, processing instructions, the document type declaration.
const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<(\/?)(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;

/**
 * Where each element of a well-formed XML text starts, by the path PINT-AE findings carry as `location`: local names,
 * a position predicate only from the second same-named sibling on (`/Invoice/InvoiceLine[2]/Item`). A scan over the
 * tags, not a parser: it runs only on documents that already parsed, to point a report at a line.
 */
export function xmlPositions(text: string): Map<string, Position> {
  const positions = new Map<string, Position>();
  const stack: Array<{ path: string; seen: Map<string, number> }> = [{ path: '', seen: new Map() }];
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  const at = (offset: number): Position => {
    for (; scanned < offset; scanned++) if (text.charCodeAt(scanned) === 10) { line++; lineStart = scanned + 1; }
    return { line, column: offset - lineStart + 1 };
  };
  for (const m of text.matchAll(TOKEN)) {
    const name = m[2];
    if (name === undefined) continue;
    if (m[1]) { if (stack.length > 1) stack.pop(); continue; }
    const parent = stack[stack.length - 1]!;
    const n = (parent.seen.get(name) ?? 0) + 1;
    parent.seen.set(name, n);
    const path = `${parent.path}/${name}${n > 1 ? `[${n}]` : ''}`;
    positions.set(path, at(m.index));
    if (!m[4]) stack.push({ path, seen: new Map() });
  }
  return positions;
}

/** A finding's location in the form xmlPositions keys: `[1]` dropped, an attribute step read as its element. */
export function elementPath(location: string): string {
  return location.replace(/\/@[^/]*$/, '').replace(/\[1\]/g, '');
}

/** The position of a location, or of its nearest ancestor element present. */
export function nearestElement(positions: Map<string, Position>, location: string): Position | undefined {
  for (let p = elementPath(location); p; p = p.slice(0, p.lastIndexOf('/'))) {
    const found = positions.get(p);
    if (found) return found;
  }
  return undefined;
}
