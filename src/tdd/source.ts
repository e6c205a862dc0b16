import type { XDocument, XElement } from '../xpath/api.js';

/**
 * The source document as the TDD embeds it (README of the TDD: the whole invoice "as XML", without any
 * cbc:EmbeddedDocumentBinaryObject). It is cut from the text that was read, not written again from the tree: the
 * reader keeps no namespace declarations, CDATA sections or character references, so only the text itself carries
 * the document exactly as its issuer wrote it. Elements are found by the positions the reader recorded.
 */

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';

/** Offsets of the start of each line, counted as the reader counts them (CR LF, CR and LF each end a line). */
export function lineStarts(text: string): number[] {
  const starts = [text.charCodeAt(0) === 0xfeff ? 1 : 0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}

/** Offset of the '<' of an element's start tag. */
export const startOffset = (starts: number[], el: XElement): number => starts[el.line - 1]! + el.column - 1;

/** Offset just after an element's end tag (or its empty-element tag), in text known to be well-formed. */
export function endOffset(text: string, start: number): number {
  let i = tagEnd(text, start);
  if (text[i - 2] === '/') return i;
  let depth = 1;
  for (;;) {
    i = text.indexOf('<', i);
    if (i < 0) return text.length;
    if (text.startsWith('<!--', i)) i = text.indexOf('-->', i) + 3;
    else if (text.startsWith('<![CDATA[', i)) i = text.indexOf(']]>', i) + 3;
    else if (text.startsWith('<?', i)) i = text.indexOf('?>', i) + 2;
    else if (text[i + 1] === '/') {
      i = text.indexOf('>', i) + 1;
      if (--depth === 0) return i;
    } else {
      i = tagEnd(text, i);
      if (text[i - 2] !== '/') depth++;
    }
  }
}

/** Offset after the '>' of the tag starting at `i`: quoted attribute values may hold '>'. */
export function tagEnd(text: string, i: number): number {
  let quote = '';
  for (i++; i < text.length; i++) {
    const c = text[i]!;
    if (quote) { if (c === quote) quote = ''; } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i + 1;
  }
  return i;
}

/** Every cbc:EmbeddedDocumentBinaryObject of the document (an attachment's content), in document order. */
export function attachments(doc: XDocument): XElement[] {
  return doc.elements.length ? attachmentsUnder(doc.elements[0]!) : [];
}

export const attachmentsUnder = (root: XElement): XElement[] => descendants(root).filter((e) => e.ns === CBC && e.local === 'EmbeddedDocumentBinaryObject');

export function descendants(root: XElement): XElement[] {
  const out: XElement[] = [];
  const walk = (e: XElement) => { out.push(e); for (const c of e.elements) walk(c); };
  walk(root);
  return out;
}

export interface SourceText {
  /** The root element's text, attachments removed. */
  xml: string;
  /** How many cbc:EmbeddedDocumentBinaryObject were removed. */
  removed: number;
}

/**
 * The root element of `text` (read into `doc`) with every cbc:EmbeddedDocumentBinaryObject cut out. A cac:Attachment
 * left without any element goes too (docs/decisions.md "Attachments in the TDD's source document"): UBL allows the
 * empty element, but it would say there was an attachment while carrying none.
 */
export function sourceText(text: string, doc: XDocument): SourceText {
  const root = doc.elements[0]!;
  const starts = lineStarts(text);
  const begin = startOffset(starts, root);
  const end = endOffset(text, begin);
  const cuts: Array<[number, number]> = [];
  const objects = attachments(doc);
  const cut = new Set<XElement>();
  for (const obj of objects) {
    const parent = obj.parent as XElement;
    const emptied = parent.kind === 1 && parent.ns === CAC && parent.local === 'Attachment' && parent.elements.every((e) => objects.includes(e));
    const gone = emptied ? parent : obj;
    if (cut.has(gone)) continue;
    cut.add(gone);
    const from = startOffset(starts, gone);
    const to = endOffset(text, from);
    const lineFrom = lineStartBefore(text, from);
    const lineTo = lineEndAfter(text, to);
    // Whole lines when the element stands alone on its lines; otherwise exactly the element.
    cuts.push(lineFrom >= 0 && lineTo >= 0 ? [lineFrom, lineTo] : [from, to]);
  }
  let xml = '';
  let at = begin;
  for (const [from, to] of cuts) { xml += text.slice(at, from); at = to; }
  xml += text.slice(at, end);
  return { xml, removed: objects.length };
}

/** The start of the line of `i` when only blanks precede it there (-1 otherwise), so no blank line is left where an element was. */
function lineStartBefore(text: string, i: number): number {
  let j = i;
  while (j > 0 && (text[j - 1] === ' ' || text[j - 1] === '\t')) j--;
  return j === 0 || text[j - 1] === '\n' || text[j - 1] === '\r' ? j : -1;
}

/** After the line end following `i` when only blanks follow it on its line; -1 otherwise. */
function lineEndAfter(text: string, i: number): number {
  let j = i;
  while (j < text.length && (text[j] === ' ' || text[j] === '\t')) j++;
  if (text[j] === '\r' && text[j + 1] === '\n') return j + 2;
  return text[j] === '\n' || text[j] === '\r' ? j + 1 : -1;
}
