/** One failed assert or successful report of an SVRL report. */
export interface SvrlResult {
  kind: 'failed-assert' | 'successful-report';
  id?: string;
  flag?: string;
  role?: string;
  test?: string;
  location: string;
  text: string;
  /** The diagnostics the assert or report names (svrl:diagnostic-reference), in its order; absent when none. */
  diagnostics?: Array<{ id: string; text: string }>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** A reference past U+10FFFF (no XML serializer writes one) stays as written rather than throwing. */
const char = (code: number, m: string) => (code <= 0x10ffff ? String.fromCodePoint(code) : m);
const decode = (s: string) => s.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (m, e: string) =>
  e.startsWith('#x') ? char(parseInt(e.slice(2), 16), m) : e.startsWith('#') ? char(Number(e.slice(1)), m) : (Object.hasOwn(ENTITIES, e) ? ENTITIES[e]! : m));

/**
 * `/*:Invoice[namespace-uri()='…'][1]/*:InvoiceLine[namespace-uri()='…'][2]` (the ISO skeleton's form) and
 * `/Q{ns}Invoice[1]/…` become `/Invoice/InvoiceLine[2]`: readable, and the same for every rule set.
 */
export function readableLocation(location: string): string {
  // Already readable (pintae's own rule sets write /Invoice/InvoiceLine[2]): keep positions, which are meaningful there.
  if (!/namespace-uri\(\)|Q\{|\*:/.test(location)) return location;
  return location
    .replace(/\[namespace-uri\(\)\s*=\s*'[^']*'\]/g, '')
    .replace(/Q\{[^}]*\}/g, '')
    .replace(/\*:/g, '')
    .replace(/\b[A-Za-z_][\w.-]*:(?=[A-Za-z_])/g, '')
    .replace(/\[1\]/g, '');
}

/** Failed asserts and successful reports of an SVRL document (regular-expression scan: SVRL is flat and machine-written). */
export function parseSvrl(svrl: string): SvrlResult[] {
  const out: SvrlResult[] = [];
  for (const m of svrl.matchAll(/<svrl:(failed-assert|successful-report)\b([^>]*)>([\s\S]*?)<\/svrl:\1>/g)) {
    const attrs = m[2]!;
    const get = (name: string) => { const v = new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1]; return v === undefined ? undefined : decode(v); };
    const clean = (t: string) => decode(t.replace(/<[^>]+>/g, '')).replace(/\s+/g, ' ').trim();
    const diagnostics: NonNullable<SvrlResult['diagnostics']> = [];
    // The references come before the result's own text, each holding a text of its own.
    const body = m[3]!.replace(/<svrl:diagnostic-reference\b([^>]*)>([\s\S]*?)<\/svrl:diagnostic-reference>/g, (_, a: string, inner: string) => {
      diagnostics.push({ id: decode(/\sdiagnostic="([^"]*)"/.exec(a)?.[1] ?? ''), text: clean(/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(inner)?.[1] ?? inner) });
      return '';
    });
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(body)?.[1] ?? '';
    out.push({
      kind: m[1] as SvrlResult['kind'],
      id: get('id'), flag: get('flag'), role: get('role'), test: get('test'),
      location: readableLocation(get('location') ?? ''),
      text: clean(text),
      ...(diagnostics.length ? { diagnostics } : {}),
    });
  }
  return out;
}
