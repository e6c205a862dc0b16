import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Issue 21, item 6: a token may leave pintae in no run of 8 or more of its characters. The runs of 8 are the
 * 8-character pieces of the token: a text holds a longer run only if it holds one of them. A report shows a piece
 * in its format's spelling (`&amp;` in HTML, `\"` in JSON, `%3A` in a GitHub property), so each spelling is
 * looked for. Written apart from src/io/secrets.ts, so that a mistake there is not repeated here.
 */
export function tokenRuns(token: string, length = 8): string[] {
  return Array.from({ length: Math.max(0, token.length - length + 1) }, (_, i) => token.slice(i, i + length));
}

const xml = (s: string) => s.split('&').join('&amp;').split('<').join('&lt;').split('>').join('&gt;');
const SPELLINGS: Array<(s: string) => string> = [
  (s) => s,
  (s) => JSON.stringify(s).slice(1, -1),
  xml,
  (s) => xml(s).split('"').join('&quot;').split('\'').join('&#39;'),
  (s) => xml(s).split('"').join('&quot;'),
  (s) => encodeURIComponent(s),
  (s) => s.split('%').join('%25').split(':').join('%3A').split(',').join('%2C'),
];

/** The runs of 8 of `token`, in any spelling, that `text` holds (none when the token did not leak). */
export function leakedRuns(text: string, token: string): string[] {
  const found = new Set<string>();
  for (const run of tokenRuns(token)) for (const spell of SPELLINGS) if (text.includes(spell(run))) found.add(spell(run));
  return [...found];
}

/** Every file under `dir` (dot directories such as .pintae included), with its text. */
export function filesUnder(dir: string): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push({ path, text: readFileSync(path, 'utf8') });
  }
  return out;
}
