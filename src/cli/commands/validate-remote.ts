import { Chalk } from 'chalk';
import { readSource, type Source } from '../../batch/discover.js';
import { fsErrorWords } from '../../io/input-file.js';
import { invoicesOf } from '../../batch/run.js';
import { parseJson } from '../../io/json.js';
import { nestingFinding, validateInvoice, type PipelineEnv } from '../../pipeline.js';
import { tooDeepAt } from '../../io/json-depth.js';
import { compareVerdicts, isValidVerdict, type Difference, type Verdict } from '../../api/compare.js';
import { CLI } from '../../messages/cli.js';
import { sayIn, tonguesOf, type Tongue } from '../../messages/lang.js';
import { cliLang } from '../lang.js';
import { validateRemote } from '../../api/invoices.js';
import { ApiError } from '../../api/errors.js';
import { apiClient, type ApiOptions } from '../api-setup.js';
import { useColor } from '../ui.js';
import { withRemoteEntities } from '../entity-prefetch.js';
import { readStdinText } from '../../io/stdin.js';
import { jsonPositions, nearestPosition, pointerOfField } from '../../io/positions.js';
import { fileAt } from '../../formatters/entries.js';
import { visibleCopy } from '../../messages/visible.js';

/** An invoice both sides find valid, alike; anything else fails the run. */
const passed = (r: Row) => !r.error && !r.difference && isValidVerdict(r.offline!);

export interface Row {
  file: string; index: number | null; invoice_number: string | null; offline?: Verdict; remote?: Verdict; difference: Difference | null; error?: string;
  /** Where the invoice's fields are in its file: `file:line:column` of each error (issue 24 item 5), as validate prints it. */
  at?: (field: string | undefined) => string;
}

type Located = { field?: string; line?: number; column?: number };

/** `file:line:column` of an entry: its own position (the offline side has one), else its field's in the file. */
function placeOf(r: Row, e: Located): string {
  return e.line !== undefined ? fileAt(r.file, e) : r.at?.(e.field) ?? r.file;
}

function errorLines(r: Row, v: Verdict): Array<[string, string]> {
  return v.kind === 'rejected' ? v.response.errors.map((e) => [placeOf(r, e), `${e.field}: ${e.message}`])
    : v.response.data.errors.map((e) => [placeOf(r, e), `[${e.section}] ${e.message}${e.rule ? `  ${e.rule}` : ''}`]);
}

/** The entries of a verdict by their comparison key (compare.ts), each key's entries in order. */
function entriesByKey(v: Verdict | undefined): Map<string, Located[]> {
  const out = new Map<string, Located[]>();
  if (!v) return out;
  const list: Array<[string, Located]> = v.kind === 'rejected' ? (v.response.errors ?? []).map((e) => [`[400] ${e.field ? `${e.field}: ` : ''}${e.message}`, e])
    : (v.response.data?.errors ?? []).map((e) => [`[${e.section}] ${e.rule_text ?? e.message}`, e]);
  for (const [k, e] of list) out.set(k, [...(out.get(k) ?? []), e]);
  return out;
}

/** Each difference with its place: the entry of that side the key came from, taken in order. */
function placed(r: Row, keys: string[], side: Verdict | undefined): Array<[string, string]> {
  const byKey = entriesByKey(side);
  return keys.map((k) => [placeOf(r, byKey.get(k)?.shift() ?? {}), k]);
}

/** Positions of one input's fields, found once per file; `root` is the item's pointer in a bulk body or array. */
function locator(file: string, text: string, root: string): (field: string | undefined) => string {
  let positions: ReturnType<typeof jsonPositions> | undefined;
  return (field) => {
    try { positions ??= jsonPositions(text); } catch { return file; }
    const at = nearestPosition(positions, root + (field ? pointerOfField(field) : ''));
    return at ? fileAt(file, at) : file;
  };
}

type RemoteWord = 'cli.remote.only-offline' | 'cli.remote.only-remote';

/** The comparison for people; --quiet keeps the invoices that differ, are invalid or could not be compared. In --lang (issue 26). */
export function comparisonText(rows: Row[], color: boolean, quiet: boolean): string {
  const c = new Chalk({ level: color ? 1 : 0 });
  const tongues = tonguesOf(cliLang());
  /** A line of each language, English first (en+ar: the Arabic on a line of its own, at the same indent). */
  const each = (line: (t: Tongue) => string) => tongues.map(line);
  /** A short label in the run's language: both joined by " / " on one line. */
  const label = (id: RemoteWord) => tongues.map((t) => sayIn(CLI, id, {}, t)).join(' / ');
  const verdict = (v: Verdict, t: Tongue) => (v.kind === 'rejected' ? sayIn(CLI, 'cli.remote.rejected', {}, t)
    : v.response.data?.is_valid ? sayIn(CLI, 'cli.remote.valid', {}, t) : sayIn(CLI, 'cli.remote.invalid', { n: v.response.data?.errors?.length ?? 0 }, t));
  const lines: string[] = [];
  for (const row of rows) {
    if (quiet && passed(row)) continue;
    const r = visibleCopy(row);
    const name = `${r.index === null ? r.file : `${r.file}[${r.index}]`}${r.invoice_number ? `  ${r.invoice_number}` : ''}`;
    if (r.error) { lines.push(`${c.red('✖')} ${name}: ${r.error}`); continue; }
    const good = !r.difference && isValidVerdict(r.offline!);
    lines.push(`${good ? c.green('✔') : c.red('✖')} ${name}`, ...each((t) => `    ${sayIn(CLI, 'cli.remote.verdicts', {
      offline: verdict(r.offline!, t), remote: verdict(r.remote!, t),
      state: r.difference ? c.red(sayIn(CLI, 'cli.remote.differ', {}, t)) : c.green(sayIn(CLI, 'cli.remote.agree', {}, t)),
    }, t)}`));
    if (r.difference) {
      if (r.difference.verdict) lines.push(...each((t) => `    ${c.red(sayIn(CLI, 'cli.remote.verdicts-differ', {}, t))}`));
      const [offline, remote] = [label('cli.remote.only-offline'), label('cli.remote.only-remote')];
      const side = Math.max(offline.length, remote.length);
      const entries = [...placed(r, r.difference.onlyOffline, r.offline).map(([at, e]) => [at, c.red(offline.padEnd(side)), e] as const),
        ...placed(r, r.difference.onlyRemote, r.remote).map(([at, e]) => [at, c.red(remote.padEnd(side)), e] as const)];
      const width = Math.max(0, ...entries.map(([at]) => at.length));
      for (const [at, side, e] of entries) lines.push(`    ${at.padEnd(width)}  ${side}  ${e}`);
    } else {
      // Each error starts with file:line:column, as validate's stylish report prints it (issue 24 item 5).
      const entries = errorLines(r, r.offline!);
      const width = Math.max(0, ...entries.map(([at]) => at.length));
      for (const [at, e] of entries) lines.push(`    ${at.padEnd(width)}  ${c.red('error')}  ${e}`);
    }
  }
  const differ = rows.filter((r) => r.difference).length;
  const notCompared = rows.filter((r) => r.error).length;
  if (lines.length) lines.push('');
  const mark = rows.every(passed) ? c.green('✔') : c.red('✖');
  lines.push(...each((t) => `${mark} ${sayIn(CLI, 'cli.remote.summary', { n: rows.length, agree: rows.length - differ - notCompared, differ, notCompared }, t)}`));
  return lines.join('\n') + '\n';
}

/**
 * validate --remote: each invoice through the offline pipeline and through POST /oauth/invoices/validate, side by
 * side; a difference in is_valid or in the errors (section and message) is flagged. Exit 1 on any difference or
 * any invalid invoice.
 */
export async function runValidateRemote(sources: Source[], env: PipelineEnv, options: ApiOptions, format: 'json' | 'stylish', quiet: boolean): Promise<number> {
  const client = apiClient(options);
  const rows: Row[] = [];
  let stdin: string | undefined;
  const readStdin = () => (stdin ??= readStdinText());
  try {
    // The offline side judges with the entity record the service holds when none is given or saved locally.
    env = await withRemoteEntities(env, sources, readStdin, client, (line) => process.stderr.write(line));
    for (const source of sources) {
      let value: unknown;
      let text: string;
      try {
        text = readSource(source, readStdin);
        const parsed = parseJson(text);
        if (!parsed.ok) { rows.push({ file: source.path, index: null, invoice_number: null, difference: null, error: `${parsed.line}:${parsed.column}: ${parsed.message}` }); continue; }
        value = parsed.value;
      } catch (e) { rows.push({ file: source.path, index: null, invoice_number: null, difference: null, error: fsErrorWords(e) }); continue; }
      const { items, indexed } = invoicesOf(value);
      const itemsAt = Array.isArray(value) ? '' : '/invoices';
      for (let i = 0; i < items.length; i++) {
        const outcome = validateInvoice(items[i], env);
        const offline: Verdict = outcome.kind === 'rejected' ? outcome : { kind: 'validated', response: outcome.response };
        const number = (items[i] as { invoice_number?: unknown } | null)?.invoice_number;
        // A body nested past the limit is not sent: writing it as JSON would walk it (the offline verdict says why).
        const deep = tooDeepAt(items[i]);
        if (deep) {
          rows.push({ file: source.path, index: indexed ? i : null, invoice_number: typeof number === 'string' ? number : null, difference: null, error: `not sent: ${nestingFinding(deep).message}` });
          continue;
        }
        let remote: Verdict;
        try { remote = await validateRemote(client, items[i]); } catch (e) {
          // A refused token stops the run; any other answer (404: entity not connected) is this invoice's result.
          if (!(e instanceof ApiError) || e.status === 401) throw e;
          rows.push({ file: source.path, index: indexed ? i : null, invoice_number: typeof number === 'string' ? number : null, difference: null, error: e.message });
          continue;
        }
        rows.push({
          file: source.path, index: indexed ? i : null, invoice_number: typeof number === 'string' ? number : null, offline, remote, difference: compareVerdicts(offline, remote),
          at: locator(source.path, text, indexed ? `${itemsAt}/${i}` : ''),
        });
      }
    }
  } finally {
    await client.close();
  }
  process.stdout.write(format === 'json'
    ? JSON.stringify({ results: rows.map(({ offline, remote, at: _at, ...r }) => ({ ...r, offline: offline?.response, remote: remote?.response })) }, null, 2) + '\n'
    : comparisonText(rows, useColor(process.stdout, process.env), quiet));
  return rows.every(passed) ? 0 : 1;
}
