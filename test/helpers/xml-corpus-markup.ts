/**
 * Corpus families about markup: tag syntax, roots, namespaces (undeclared, reserved, duplicated after expansion,
 * namespace names libxml2 cannot parse as URIs), nesting depth around libxml2's 257, many attributes and namespace
 * declarations, CDATA, comments and processing instructions, name lengths around libxml2's 50,000 bytes, DOCTYPEs
 * (refused by policy, counted apart) and harmless edits that keep a document well-formed.
 */
import type { Doc, Family, Rng, Tag } from './xml-corpus-doc.js';

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Where attributes may be added to a tag: before its '>' or '/>'. */
const attrsEnd = (t: Tag) => t.end - (t.empty ? 2 : 1);
const addAttributes = (doc: Doc, t: Tag, attrs: string) => doc.splice(attrsEnd(t), 0, attrs);
/** A tag whose name has the prefix (cbc: and cac: are declared on every example's root). */
const prefixed = (doc: Doc, r: Rng, prefix: string) => r.pick(doc.tags.filter((t) => t.name.startsWith(`${prefix}:`)));
/** An element with text and no child: `<name ...>text</name>`. */
const leaf = (doc: Doc, r: Rng) => r.pick(doc.tags.filter((t) => !t.empty && doc.text.indexOf('<', t.end) === doc.text.indexOf(`</${t.name}>`, t.end)));

/** The example with the element `t` (start and end tag) renamed. */
function rename(doc: Doc, t: Tag, name: string): string {
  const close = doc.closeOf(t);
  const endTag = `</${t.name}>`;
  const text = t.empty ? doc.text : doc.text.slice(0, close - endTag.length) + `</${name}>` + doc.text.slice(close);
  return text.slice(0, t.at + 1) + name + text.slice(t.at + 1 + t.name.length);
}

const tagSyntax: Family = (doc, r) => {
  const t = r.pick(doc.tags.filter((x) => x.attrs.length > 0));
  const a = r.pick(t.attrs);
  const other = r.pick(doc.tags.filter((x) => !x.empty && x !== doc.root));
  const endAt = doc.closeOf(other);
  switch (r.int(12)) {
    case 0: return { what: `no space before ${a.name}`, text: doc.text.slice(0, a.at).trimEnd() + doc.text.slice(a.at) };
    case 1: return { what: `"${r.pick(['\\n', '\\t', '\\r\\n', '\\r'])}" before ${a.name}`, text: doc.splice(a.at - 1, 1, r.pick(['\n', '\t', '\r\n', '\r'])) };
    case 2: return { what: 'space before the end of an end tag', text: doc.splice(endAt - 1, 0, r.pick([' ', '\n', '\t'])) };
    case 3: return { what: "space after '</'", text: doc.splice(endAt - other.name.length - 1, 0, ' ') };
    case 4: return { what: "space after '<'", text: doc.splice(other.at + 1, 0, ' ') };
    case 5: return { what: 'attribute without a value', text: addAttributes(doc, t, ' x') };
    case 6: return { what: 'unquoted attribute value', text: addAttributes(doc, t, ' x=1') };
    case 7: return { what: "attribute without '='", text: addAttributes(doc, t, ' x "1"') };
    case 8: return { what: 'mismatched quotes', text: addAttributes(doc, t, r.pick([' x="1\'', " x='1\""])) };
    case 9: return { what: 'end tag in other case', text: doc.text.slice(0, endAt - other.name.length - 1) + other.name.toLowerCase() + doc.text.slice(endAt - 1) };
    case 10: return { what: "spaces around '=', quotes swapped", text: addAttributes(doc, t, r.pick([' x = "1"', " x\n=\n'1'", ' x=\'a"b\'', ' x="a>b"', ' x="a\tb"'])) };
    default: {
      const ends = r.pick(['\r\n', '\r']);
      return { what: `line ends ${JSON.stringify(ends)}`, text: doc.text.replace(/\n/g, ends) };
    }
  }
};

const root: Family = (doc, r) => {
  const rootName = doc.root.name;
  const close = doc.closeOf(doc.root);
  switch (r.int(11)) {
    case 0: return { what: 'a second root element', text: `${doc.text}${r.pick(['<Invoice/>', `<${rootName}></${rootName}>`, '\n<x/>'])}` };
    case 1: { const tail = r.pick(['x', '&amp;', '&#65;', ' \n\t ', '<!-- end -->\n<?pi end?>\n', '<![CDATA[x]]>', ']]>']); return { what: `"${tail}" after the root`, text: doc.text + tail }; }
    case 2: return { what: 'no root element', text: doc.text.slice(0, doc.root.at) };
    case 3: return { what: 'root end tag renamed', text: doc.text.slice(0, close - 1 - rootName.length) + `${rootName}x` + doc.text.slice(close - 1) };
    case 4: { const lead = r.pick(['x', '&#32;', '<![CDATA[ ]]>', '\u00A0', ' ']); return { what: `"${lead}" before the root`, text: doc.splice(doc.root.at, 0, lead) }; }
    case 5: return { what: 'root renamed consistently', text: rename(doc, doc.root, r.pick(['CreditNote', 'Invoice2', 'x:Invoice'])) };
    case 6: return { what: 'empty document', text: r.pick(['', ' ', '\n', '<?xml version="1.0"?>']) };
    case 7: return { what: 'root emptied to <Root/>', text: doc.text.slice(0, doc.root.end - 1) + '/>' + doc.text.slice(close) };
    case 8: {
      const a = r.pick(doc.tags.filter((t) => !t.empty && t.depth > 1));
      const end = doc.closeOf(a);
      return { what: `end tag of ${a.name} dropped`, text: doc.text.slice(0, end - a.name.length - 3) + doc.text.slice(end) };
    }
    case 9: return { what: 'content after the root end tag', text: doc.text.slice(0, close) + '<cbc:Note>x</cbc:Note>' + doc.text.slice(close) };
    default: return { what: 'root element only', text: `<${rootName} xmlns="urn:x"/>` };
  }
};

const URIS = ['urn:x', 'a b', 'urn:é', 'http://a:/', 'relative/path', '#frag', '%zz', '%41', 'http://[::1]/', 'http://[::1', 'x?[a]', 'x#[a]',
  'http://a:99999999999/', 'http://a:8080/p?q=1#f', 'http://1.2.3.4x/', 'mailto:a@b', 'a{b}', 'a\\b', '&#9;', 'urn:a&amp;b', '&lt;x&gt;', 'urn:%C3%A9', ''];
const namespace: Family = (doc, r) => {
  const cbc = prefixed(doc, r, 'cbc');
  const t = r.pick(doc.tags);
  switch (r.int(10)) {
    case 0: return { what: `prefix of ${cbc.name} not declared`, text: rename(doc, cbc, cbc.name.replace('cbc:', 'cbz:')) };
    case 1: {
      const decl = /\s+xmlns:cac="[^"]*"/.exec(doc.text)!;
      return { what: 'declaration of cac removed', text: doc.text.slice(0, decl.index) + doc.text.slice(decl.index + decl[0].length) };
    }
    case 2: {
      const uri = r.pick(URIS);
      const attr = r.pick(['xmlns', 'xmlns:p', 'xmlns:cbc']);
      const on = attr === 'xmlns' ? doc.root : t;
      return { what: `${attr}="${uri}" on ${on.name}`, text: on === doc.root && attr === 'xmlns' ? doc.text.replace(/xmlns="[^"]*"/, `xmlns="${uri}"`) : addAttributes(doc, on, ` ${attr}="${uri}"`) };
    }
    case 3: {
      const decl = r.pick([`xmlns:xml="${XML_NS}"`, 'xmlns:xml="urn:x"', 'xmlns:xmlns="urn:x"', `xmlns="${XMLNS_NS}"`, `xmlns:p="${XMLNS_NS}"`,
        `xmlns:p="${XML_NS}"`, `xmlns="${XML_NS}"`, 'xmlns:="urn:x"', 'xmlns:p:q="urn:x"', 'xmlns:xmlfoo="urn:x"', 'xmlns=""', 'xmlns:cbc="urn:other"']);
      return { what: `${decl} on ${t.name}`, text: addAttributes(doc, t, ` ${decl}`) };
    }
    case 4: {
      const el = r.pick(['<xmlns:a/>', '<:a/>', '<a:b:c xmlns:a="urn:a"/>', '<a:/>', '<xml:a/>', '<x:a xmlns:x="urn:x"/>', '<cbc:x:y/>', '<p:a xmlns:p="urn:p"><p:b/></p:a>']);
      return { what: `element ${el}`, text: doc.splice(doc.openTag(r, 4).end, 0, el) };
    }
    case 5: {
      const attr = r.pick([':x="1"', 'p:x="1"', 'xml:lang="en"', 'xml:space="preserve"', 'xmlns:xml="x"', 'cbc:x="1"', 'a:b:c="1"', 'xsi:x="1"']);
      return { what: `attribute ${attr} on ${t.name}`, text: addAttributes(doc, t, ` ${attr}`) };
    }
    case 6: return { what: 'cbc declared twice on the root', text: addAttributes(doc, doc.root, ' xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"') };
    case 7: {
      const a = r.pick(['', 'urn:x']);
      return { what: `prefix cbc redeclared on ${cbc.name} as "${a || '(same)'}"`, text: addAttributes(doc, cbc, ` xmlns:cbc="${a || 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2'}"`) };
    }
    case 8: {
      // Two prefixes for one namespace: the same local name twice is one expanded name twice.
      const cbcNs = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
      const attrs = r.pick([` xmlns:b2="${cbcNs}" cbc:a="1" b2:a="2"`, ` xmlns:b2="${cbcNs}" cbc:a="1" b2:b="2"`, ` xmlns:b2="${cbcNs}" a="1" b2:a="2"`,
        ' xmlns:p="urn:m" xmlns:q="urn:m" p:x="1" q:x="2"', ' xmlns:p="urn:m" xmlns:q="urn:n" p:x="1" q:x="2"', ' xmlns:p="urn:m" p:x="1" p:x="2"']);
      return { what: `attributes${attrs} on ${t.name}`, text: addAttributes(doc, t, attrs) };
    }
    default: return { what: 'processing instruction with a colon', text: doc.splice(doc.root.end, 0, r.pick(['<?p:q x?>', '<?p-q x?>', '<?p.q?>'])) };
  }
};

const depth: Family = (doc, r) => {
  const at = doc.openTag(r, 8);
  const deepest = r.chance(0.05) ? r.pick([300, 2000, 100_000]) : r.between(250, 262);
  const name = r.pick(['d', 'cbc:D', 'cac:X']);
  const end = r.pick([`<${name}/>`, `<${name}>t</${name}>`, 'text', '']);
  // The chain's own elements sit below `at`; an element at its end adds one more level.
  const chain = deepest - at.depth - (end.startsWith('<') ? 1 : 0);
  return { what: `deepest element at depth ${deepest} (below ${at.name} at ${at.depth})`, text: doc.splice(at.end, 0, `<${name}>`.repeat(chain) + end + `</${name}>`.repeat(chain)) };
};

const manyAttributes: Family = (doc, r) => {
  const t = r.pick(doc.tags);
  const n = r.pick([20, 100, 500, 2000]);
  const dup = r.chance(0.5) ? r.int(n) : -1;
  const kind = r.int(3);
  const names = Array.from({ length: n }, (_, i) => i);
  const attrs = kind === 0
    ? names.map((i) => ` a${i}="${i}"`).join('') + (dup >= 0 ? ` a${dup}="again"` : '')
    : kind === 1
      ? names.map((i) => ` xmlns:n${i}="urn:n${i}"`).join('') + (dup >= 0 ? ` xmlns:n${dup}="urn:again"` : '')
      : ' xmlns:pa="urn:m" xmlns:pb="urn:m"' + names.map((i) => ` pa:a${i}="1" pb:b${i}="2"`).join('') + (dup >= 0 ? ` pb:a${dup}="again"` : '');
  return { what: `${n} ${['attributes', 'namespace declarations', 'prefixed attributes'][kind]}${dup >= 0 ? `, #${dup} repeated` : ''} on ${t.name}`, text: addAttributes(doc, t, attrs) };
};

const PIECES = ['<![CDATA[x<y&z]]>', '<![CDATA[]]>', '<![CDATA[a]]>]]>', '<![cdata[x]]>', '<![CDATA[x', '<!-- a -- b -->', '<!--->', '<!---->',
  '<!-- x --->', '<!---x-->', '<!--x-->', '<?pi x??>', '<?pi?>', '<? pi?>', '<?p:q x?>', '<?XML x?>', '<?xml x?>', '<?xml-stylesheet href="a"?>',
  '<?xmlfoo x?>', '<?pi\tx\r\ny?>', '<?pi x', '<!DOCTYPEx>', '<!ELEMENT a ANY>', '<![INCLUDE[x]]>', '<!-- é \u{1F600} -->', '<?pi ?>x?>', '<!-- -- -->'];
const markup: Family = (doc, r) => {
  const piece = r.pick(PIECES);
  // A DOCTYPE outside the root is a DOCTYPE variant (the DOCTYPE family's): this one goes inside.
  const where = piece.startsWith('<!DOCTYPE') ? 4 : r.int(5);
  const at = where === 0 ? doc.root.at : where === 1 ? doc.text.length : where === 2 ? doc.somewhereInData(r) : doc.openTag(r).end;
  return { what: `${JSON.stringify(piece)} at ${at}`, text: doc.splice(at, 0, piece) };
};

const nameLength: Family = (doc, r) => {
  // libxml2 counts UTF-8 bytes: 'é' is 2 of them, U+10000 is 4.
  const [char, n] = r.pick([['a', 50_000], ['a', 50_001], ['a', 49_999], ['é', 25_000], ['é', 25_001], ['\u{10000}', 12_500], ['\u{10000}', 12_501]] as const);
  const long = char.repeat(n);
  const target = leaf(doc, r);
  switch (r.int(4)) {
    case 0: return { what: `element name of ${n} × "${char}"`, text: rename(doc, target, target.name.includes(':') ? `cbc:${long}` : long) };
    case 1: return { what: `attribute name of ${n} × "${char}"`, text: addAttributes(doc, target, ` ${long}="1"`) };
    case 2: return { what: `prefix of ${n} × "${char}"`, text: rename(doc, target, `${long}:x`).replace(`<${long}:x`, `<${long}:x xmlns:${long}="urn:x"`) };
    default: return { what: `processing-instruction target of ${n} × "${char}"`, text: doc.splice(target.end, 0, `<?${long} x?>`) };
  }
};

const DOCTYPES = ['<!DOCTYPE Invoice>', '<!DOCTYPE Invoice SYSTEM "x.dtd">', '<!DOCTYPE Invoice [<!ENTITY e "x">]>', '<!DOCTYPE Invoice PUBLIC "-//x" "y">',
  '<!DOCTYPE Invoice [<!ATTLIST Invoice a CDATA "d">]>', '<!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'];
const doctype: Family = (doc, r) => {
  const d = r.pick(DOCTYPES);
  const before = r.chance(0.8);
  const text = doc.splice(before ? doc.root.at : doc.text.length, 0, `${d}\n`);
  // An entity the DOCTYPE declares is used after it (a use before it would be refused as undefined first).
  const withRef = before && d.includes('ENTITY') ? text.replace('</cbc:ID>', `&${d.includes('xxe') ? 'xxe' : 'e'};</cbc:ID>`) : text;
  return { what: `${d} ${before ? 'before' : 'after'} the root`, text: withRef, doctype: true };
};

const harmless: Family = (doc, r) => {
  const t = r.pick(doc.tags);
  const open = doc.openTag(r);
  switch (r.int(10)) {
    case 0: return { what: 'comment and PI between elements', text: doc.splice(open.end, 0, r.pick(['<!-- note -->', '<?pintae keep?>', '\n<!--a--><?b c?>\n'])) };
    case 1: return { what: 'quotes swapped', text: doc.text.replace(/="([^"']*)"/g, "='$1'") };
    case 2: return { what: `xml:lang on ${t.name}`, text: addAttributes(doc, t, ' xml:lang="en"') };
    case 3: return { what: 'cbc renamed b', text: doc.text.replace(/<(\/?)cbc:/g, '<$1b:').replace('xmlns:cbc=', 'xmlns:b=') };
    case 4: return { what: `unused declaration on ${t.name}`, text: addAttributes(doc, t, ' xmlns:unused="urn:unused"') };
    case 5: return { what: 'valid character references', text: doc.splice(doc.somewhereInData(r), 0, r.pick(['&#x41;', '&#233;', '&#x1F600;', '&lt;&gt;&amp;', '&#10;', '&#xD;'])) };
    case 6: return { what: 'CDATA section in text', text: doc.splice(doc.texts[0]![0], 0, '<![CDATA[ <not a tag> & ]]>') };
    case 7: return { what: 'text beyond ASCII', text: doc.splice(doc.texts[0]![0], 0, 'Dubaï – دبي – 😀 ') };
    case 8: return { what: 'trailing newline removed or added', text: r.chance(0.5) ? doc.text.trimEnd() : `${doc.text}\n\n` };
    default: {
      const e = leaf(doc, r);
      return { what: `xmlns="" on ${e.name}`, text: addAttributes(doc, e, ' xmlns=""') };
    }
  }
};

export const MARKUP_FAMILIES: Array<[string, Family]> = [
  ['tag syntax', tagSyntax], ['root', root], ['namespace', namespace], ['depth', depth], ['many attributes', manyAttributes],
  ['markup', markup], ['name length', nameLength], ['DOCTYPE', doctype], ['harmless', harmless],
];
