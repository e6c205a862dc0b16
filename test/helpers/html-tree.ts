/**
 * A small HTML reader for the report's tests: enough of HTML for the markup pintae writes (every attribute quoted,
 * every `<`, `>` and `"` in text escaped), and strict where the report must be — an unclosed or crossed element
 * fails the test, so a stray `<` from an input would too. Not a general HTML parser.
 */
export interface El { tag: string; attrs: Record<string, string>; children: Array<El | string>; parent?: El }

const VOID = new Set(['meta', 'br', 'hr', 'img', 'input', 'link', 'col', 'wbr']);
const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
export const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ENTITY[e]!);

export function parseHtml(html: string): El {
  const root: El = { tag: '#root', attrs: {}, children: [] };
  let cur = root;
  const body = html.replace(/^<!DOCTYPE html>\n?/, '');
  // <style> holds CSS, where `>` is a selector: taken whole.
  const token = /<style>([\s\S]*?)<\/style>|<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)\s*>|([^<]+)|(<)/gy;
  for (let m = token.exec(body); m && m[0] !== ''; m = token.exec(body)) {
    if (m[1] !== undefined) { cur.children.push({ tag: 'style', attrs: {}, children: [m[1]], parent: cur }); continue; }
    if (m[6]) throw new Error(`a bare "<" at ${m.index}: ${body.slice(m.index, m.index + 60)}`);
    if (m[5] !== undefined) { cur.children.push(unescape(m[5])); continue; }
    const [, , close, tag, attrText] = m;
    if (close) {
      if (cur.tag !== tag) throw new Error(`</${tag}> closes <${cur.tag}> at ${m.index}`);
      cur = cur.parent!;
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of attrText!.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)) attrs[a[1]!] = unescape(a[2] ?? '');
    const el: El = { tag: tag!, attrs, children: [], parent: cur };
    cur.children.push(el);
    if (!VOID.has(tag!)) cur = el;
  }
  if (cur !== root) throw new Error(`<${cur.tag}> is never closed`);
  return root;
}

export function* walk(el: El): Generator<El> {
  for (const c of el.children) if (typeof c !== 'string') { yield c; yield* walk(c); }
}

export const text = (el: El): string => el.children.map((c) => (typeof c === 'string' ? c : text(c))).join('');
export const classes = (el: El) => new Set((el.attrs.class ?? '').split(/\s+/).filter(Boolean));
export const hasClass = (el: El, c: string) => classes(el).has(c);
export const all = (el: El, test: (e: El) => boolean): El[] => [...walk(el)].filter(test);
export const byId = (root: El, id: string): El | undefined => [...walk(root)].find((e) => e.attrs.id === id);
