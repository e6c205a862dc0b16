/**
 * The secrets pintae must never write out (the API token), and the redactor every byte it writes passes through
 * (docs/decisions.md, "The token in output: runs of 8"). A service or a rule may echo a token in part, so for a
 * secret of 8 characters or more every run of 8 or more consecutive characters of it is replaced, not only the
 * whole; a shorter secret only whole (a run of 4 of them would be ordinary words). Each piece is also looked for in
 * the spellings pintae's outputs give it: escaped in a JSON string, in XML or HTML text and attributes, in a URL
 * path and in a GitHub workflow command, so a token holding `"`, `&` or `%` is found in every report format.
 *
 * Lives in io/ because it is part of writing: the CLI's standard output and error, the atomic writer and the ledger
 * all redact through it. The library never registers a secret on its own, so for it this is a no-op.
 */
export const REDACTED = '[redacted]';

/** The shortest run of a secret's characters that is redacted; docs/decisions.md says why 8. */
export const MIN_RUN = 8;

const secrets = new Set<string>();
let current: Matcher | null | undefined;

/** Remembers a secret for every later redaction in this process (shorter than 4 characters: refused upstream, ignored here). */
export function registerSecret(secret: string | undefined): void {
  if (!secret || secret.length < 4 || secrets.has(secret)) return;
  secrets.add(secret);
  current = undefined;
}

export function hasSecrets(): boolean { return secrets.size > 0; }

/** For tests only: forgets the registered secrets. */
export function clearSecrets(): void {
  secrets.clear();
  current = undefined;
}

const escapeJson = (s: string) => JSON.stringify(s).slice(1, -1);
const escapeXmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeXmlAttr = (s: string) => escapeXmlText(s).replace(/"/g, '&quot;');
const escapeHtml = (s: string) => escapeXmlAttr(s).replace(/'/g, '&#39;');
const escapeGithub = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeGithubProperty = (s: string) => escapeGithub(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
// A piece cut from a secret may end in half a surrogate pair, which encodeURIComponent refuses: no URL holds that piece.
const escapeUrl = (s: string) => { try { return encodeURIComponent(s); } catch { return s; } };
const ESCAPES = [escapeXmlText, escapeXmlAttr, escapeHtml, escapeGithub, escapeGithubProperty, escapeUrl];

/** Every spelling of a piece of a secret: as is, escaped by each output format, and a JSON string inside those. */
function spellings(piece: string): Set<string> {
  const out = new Set([piece, escapeJson(piece), escapeJson(escapeJson(piece))]);
  for (const escape of ESCAPES) for (const s of [piece, escapeJson(piece)]) out.add(escape(s));
  return out;
}

/** The spellings of the secrets' pieces, grouped by length, so that a text is scanned once per length. */
interface Matcher {
  groups: Array<{ length: number; pieces: Set<string>; pairs: Uint8Array }>;
  /** The groups' `pairs` together: a window that begins no piece of any length is passed over once. */
  pairs: Uint8Array;
  /** Proper prefixes of the pieces: where a chunk may end in the middle of one. */
  prefixes: Set<string>;
  longest: number;
}

// The first two characters of a window, folded to 16 bits: most windows are skipped on this without a string made.
const pairKey = (text: string, at: number) => ((text.charCodeAt(at) & 0xff) << 8) | (text.charCodeAt(at + 1) & 0xff);

function buildMatcher(all: Iterable<string>): Matcher | null {
  const byLength = new Map<number, Set<string>>();
  const prefixes = new Set<string>();
  let longest = 0;
  for (const secret of all) {
    if (!secret || secret.length < 4) continue;
    const pieces = secret.length < MIN_RUN ? [secret] : Array.from({ length: secret.length - MIN_RUN + 1 }, (_, i) => secret.slice(i, i + MIN_RUN));
    for (const piece of pieces) {
      for (const s of spellings(piece)) {
        let set = byLength.get(s.length);
        if (!set) byLength.set(s.length, set = new Set());
        if (set.has(s)) continue;
        set.add(s);
        longest = Math.max(longest, s.length);
        for (let k = 1; k < s.length; k++) prefixes.add(s.slice(0, k));
      }
    }
  }
  if (byLength.size === 0) return null;
  const anyPair = new Uint8Array(1 << 16);
  const groups = [...byLength].map(([length, pieces]) => {
    const pairs = new Uint8Array(1 << 16);
    for (const p of pieces) pairs[pairKey(p, 0)] = anyPair[pairKey(p, 0)] = 1;
    return { length, pieces, pairs };
  });
  return { groups, pairs: anyPair, prefixes, longest };
}

function registered(): Matcher | null {
  if (current === undefined) current = buildMatcher(secrets);
  return current;
}

/** The covered stretches of `text` (merged, in order): each [start, end) a union of overlapping or adjacent pieces. */
function coverage(text: string, m: Matcher, coveredAhead: number): Array<[number, number]> {
  const runs: Array<[number, number]> = coveredAhead > 0 ? [[0, coveredAhead]] : [];
  for (let j = 0; j < text.length; j++) {
    if (!m.pairs[pairKey(text, j)]) continue;
    let end = -1;
    for (const g of m.groups) {
      if (j + g.length > text.length || !g.pairs[pairKey(text, j)] || !g.pieces.has(text.substr(j, g.length))) continue;
      end = Math.max(end, j + g.length);
    }
    if (end < 0) continue;
    const last = runs[runs.length - 1];
    if (last && j <= last[1]) last[1] = Math.max(last[1], end);
    else runs.push([j, end]);
  }
  return runs;
}

/**
 * A redactor for text written in pieces: a run of a secret split across two writes is still found. The end of a
 * piece that could be the beginning of a secret's spelling is held back until the next piece or `end()`: at most the
 * longest spelling less one character, and in practice nothing for output that ends in a line break, which a token
 * (printable ASCII, no space) never holds. A run that spans pieces becomes one `[redacted]`.
 */
export class Redactor {
  private pending = '';
  /** How many characters at the start of `pending` a piece that began in text already passed on covers. */
  private coveredAhead = 0;
  /** The text passed on ends inside a redacted run: its `[redacted]` is already out. */
  private inRun = false;

  constructor(private readonly matcher: () => Matcher | null = registered) {}

  push(chunk: string): string { return this.scan(this.pending + chunk, false); }

  end(): string { return this.scan(this.pending, true); }

  private scan(text: string, final: boolean): string {
    const m = this.matcher();
    if (!m) { this.pending = ''; this.coveredAhead = 0; this.inRun = false; return text; }
    let cut = text.length;
    if (!final) {
      for (let k = Math.min(m.longest - 1, text.length); k > 0; k--) {
        if (m.prefixes.has(text.slice(text.length - k))) { cut = text.length - k; break; }
      }
    }
    const runs = coverage(text, m, this.coveredAhead);
    let out = '';
    let at = 0;
    let endsCovered = false;
    for (const [start, end] of runs) {
      if (start >= cut) break;
      out += text.slice(at, start);
      if (!(start === 0 && this.inRun)) out += REDACTED;
      at = Math.min(end, cut);
      endsCovered = end >= cut;
    }
    out += text.slice(at, cut);
    if (cut > 0) {
      // A piece that began before the cut and runs past it (never past the text's end: the cut is where one could).
      const across = runs.find(([start, end]) => start < cut && end > cut);
      this.coveredAhead = across ? across[1] - cut : 0;
      this.inRun = endsCovered;
    }
    this.pending = text.slice(cut);
    return out;
  }
}

/** `text` with every registered secret (and `extra`) removed, in any of its spellings, whole or in runs of 8 or more. */
export function redactSecrets(text: string, extra: Iterable<string> = []): string {
  const more = [...extra].filter((s) => s && s.length >= 4 && !secrets.has(s));
  const m = more.length ? buildMatcher([...secrets, ...more]) : registered();
  if (!m) return text;
  const whole = new Redactor(() => m);
  return whole.push(text) + whole.end();
}

/**
 * redactSecrets with `extra` kept: the matcher is built once (again only when the registered secrets change), for a
 * writer that redacts many texts with a secret of its own (a server's token given to the library, never registered).
 */
export function redactorWith(extra: readonly string[]): (text: string) => string {
  const more = extra.filter((s) => s && s.length >= 4);
  let basis: Matcher | null | undefined;
  let built: Matcher | null = null;
  let first = true;
  return (text) => {
    const base = registered();
    if (first || base !== basis) { built = buildMatcher([...secrets, ...more]); basis = base; first = false; }
    if (!built) return text;
    const m = built;
    const whole = new Redactor(() => m);
    return whole.push(text) + whole.end();
  };
}

/**
 * Redacts every string inside a JSON-like value, the keys of its objects too (a service can echo a token as a key).
 * Two keys that become the same after redaction keep the later value: the shape of the record is what is printed.
 */
export function redactDeep<T>(value: T, redactString: (s: string) => string = redactSecrets): T {
  if (typeof value === 'string') return redactString(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redactString)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redactString(k), redactDeep(v, redactString)])) as T;
  }
  return value;
}
