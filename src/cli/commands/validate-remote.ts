import { Chalk } from 'chalk';
import { readSource, type Source } from '../../batch/discover.js';
import { fsErrorWords } from '../../io/input-file.js';
import { invoicesOf } from '../../batch/run.js';
import { parseJson } from '../../io/json.js';
import { nestingFinding, validateInvoice, type PipelineEnv } from '../../pipeline.js';
import { tooDeepAt } from '../../io/json-depth.js';
import { compareVerdicts, isValidVerdict, verdictLabel, type Difference, type Verdict } from '../../api/compare.js';
import { validateRemote } from '../../api/invoices.js';
import { ApiError } from '../../api/errors.js';
import { apiClient, type ApiOptions } from '../api-setup.js';
import { useColor } from '../ui.js';
import { withRemoteEntities } from '../entity-prefetch.js';
import { readStdinText } from '../../io/stdin.js';

/** An invoice both sides find valid, alike; anything else fails the run. */
const passed = (r: Row) => !r.error && !r.difference && isValidVerdict(r.offline!);

interface Row { file: string; index: number | null; invoice_number: string | null; offline?: Verdict; remote?: Verdict; difference: Difference | null; error?: string }

function errorLines(v: Verdict): string[] {
  return v.kind === 'rejected' ? v.response.errors.map((e) => `${e.field}: ${e.message}`) : v.response.data.errors.map((e) => `[${e.section}] ${e.message}${e.rule ? `  ${e.rule}` : ''}`);
}

/** The comparison for people; --quiet keeps the invoices that differ, are invalid or could not be compared. */
function formatText(rows: Row[], color: boolean, quiet: boolean): string {
  const c = new Chalk({ level: color ? 1 : 0 });
  const lines: string[] = [];
  for (const r of rows) {
    if (quiet && passed(r)) continue;
    const name = `${r.index === null ? r.file : `${r.file}[${r.index}]`}${r.invoice_number ? `  ${r.invoice_number}` : ''}`;
    if (r.error) { lines.push(`${c.red('✖')} ${name}: ${r.error}`); continue; }
    const good = !r.difference && isValidVerdict(r.offline!);
    lines.push(`${good ? c.green('✔') : c.red('✖')} ${name}`, `    offline: ${verdictLabel(r.offline!)}    remote: ${verdictLabel(r.remote!)}    ${r.difference ? c.red('DIFFER') : c.green('agree')}`);
    if (r.difference) {
      if (r.difference.verdict) lines.push(`    ${c.red('verdicts differ')}`);
      for (const e of r.difference.onlyOffline) lines.push(`    ${c.red('only offline')}  ${e}`);
      for (const e of r.difference.onlyRemote) lines.push(`    ${c.red('only remote ')}  ${e}`);
    } else for (const e of errorLines(r.offline!)) lines.push(`    ${c.red('error')}  ${e}`);
  }
  const differ = rows.filter((r) => r.difference).length;
  if (lines.length) lines.push('');
  lines.push(`${rows.every(passed) ? c.green('✔') : c.red('✖')} ${rows.length} invoice${rows.length === 1 ? '' : 's'}: ${rows.length - differ - rows.filter((r) => r.error).length} agree, ${differ} differ${rows.some((r) => r.error) ? `, ${rows.filter((r) => r.error).length} not compared` : ''}`);
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
      try {
        const parsed = parseJson(readSource(source, readStdin));
        if (!parsed.ok) { rows.push({ file: source.path, index: null, invoice_number: null, difference: null, error: `${parsed.line}:${parsed.column}: ${parsed.message}` }); continue; }
        value = parsed.value;
      } catch (e) { rows.push({ file: source.path, index: null, invoice_number: null, difference: null, error: fsErrorWords(e) }); continue; }
      const { items, indexed } = invoicesOf(value);
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
        rows.push({ file: source.path, index: indexed ? i : null, invoice_number: typeof number === 'string' ? number : null, offline, remote, difference: compareVerdicts(offline, remote) });
      }
    }
  } finally {
    await client.close();
  }
  process.stdout.write(format === 'json'
    ? JSON.stringify({ results: rows.map(({ offline, remote, ...r }) => ({ ...r, offline: offline?.response, remote: remote?.response })) }, null, 2) + '\n'
    : formatText(rows, useColor(process.stdout, process.env), quiet));
  return rows.every(passed) ? 0 : 1;
}
