import { Chalk } from 'chalk';
import { fileAt } from './entries.js';
import { ruleSetWords } from './words.js';
import { shownOf } from './quiet.js';
import { gateExitCode, gateFailure } from '../report/gate.js';
import { fold } from './fold.js';
import { visibleCopy } from '../messages/visible.js';
import { localized, reportText } from './speak.js';
import { tonguesOf, type Lang } from '../messages/lang.js';
import { formatWhole, type OverrideInForce, type ReportedFinding, type ReportResult, type StreamFactory, type Summary } from './report.js';

/** An invoice by its number; one without, by what it is (a credit note, a Tax Data Document…), in the report's language. */
function label(r: ReportResult, lang: Lang | undefined): string {
  const data = r.response && 'data' in r.response ? r.response.data : undefined;
  if (data?.invoice_number) return r.index !== null ? `[${r.index}] ${data.invoice_number}` : data.invoice_number;
  const kind = reportText('unnumbered', { kind: r.document ?? 'invoice' }, lang, ' / ');
  return r.index !== null ? `${kind} [${r.index}]` : kind;
}

/** The widest of the items' widths, 0 for none (a loop: an invoice may have more findings than a call has arguments). */
function widest<T>(items: readonly T[], width: (item: T) => number): number {
  let most = 0;
  for (const item of items) most = Math.max(most, width(item));
  return most;
}

/** The overrides in force, with how many findings each changed where `counted` (the summary's line). */
export const overridesLine = (overrides: OverrideInForce[], lang?: Lang, counted = false) =>
  reportText('overrides.in-force', { list: overrides.map((o) => ({ rule: o.rule, level: o.level, ...(counted ? { applied: o.applied } : {}) })) }, lang, '\n');

/**
 * Findings grouped per file, coloured on a terminal, with a summary line at the end; written as results arrive. The
 * summary line is a red ✖ whenever the run exits 1, and a warnings gate that fails it says so on the last line.
 */
export const stylishStream: StreamFactory = ({ color, quiet, verbose, lang, stdin }, gates = { failSeverity: 'error' }) => {
  const c = new Chalk({ level: color ? 1 : 0 });
  let lastFile: string | undefined;
  // `indent`: where the message starts on its line. In en+ar the Arabic of a message is on a line of its own under the
  // English (issue 26 item 5): a line holding both scripts reads badly on a terminal without bidirectional text.
  const describe = (f: ReportedFinding, width: number, indent = 0) => {
    const where = [f.rule, f.field ?? f.location].filter(Boolean).join('  ');
    const moved = f.overridden ? c.magenta(`  (${reportText('override.moved', f.overridden, lang, ' / ')})`) : '';
    const [first, ...more] = f.message.split('\n');
    const below = more.map((m) => `\n${' '.repeat(indent + width + 2)}${m}`).join('');
    return `${f.section.padEnd(width)}  ${first}${where ? '  ' + c.dim(where) : ''}${moved}${below}`;
  };
  const text = (id: 'invoice.rejected') => reportText(id, {}, lang);
  // Each finding starts with file:line:column, as ESLint prints it: terminals and editors open the file there.
  const at = (file: string, f: ReportedFinding, width: number) => fileAt(file, f).padEnd(width);
  return {
    header: (overrides) => (overrides.length ? c.magenta(overridesLine(overrides, lang)) + '\n\n' : ''),
    result(all) {
      // What the input or a rule set says is shown, never acted on by the terminal (an escape sequence in a value).
      const visibleResult = visibleCopy(localized(all, lang, '\n'));
      // In `pintae serve` the input named `-` is the request body: said so where a file's name stands (on the command
      // line `-` is what the user typed, and stays). A copy: the result may be the one other formats write.
      const seen = visibleResult.file === '-' && stdin === 'body' ? { ...visibleResult, file: reportText('input.body-name', {}, lang, ' / ') } : visibleResult;
      // A line feed in a file name would split `file:line:column` over two lines (and could forge a line of the
      // report): escaped as the control characters are. A message's own line feeds stay (en+ar, hints).
      const shown = shownOf(seen.file.includes('\n') ? { ...seen, file: seen.file.replace(/\n/g, '\\u000a') } : seen, quiet, gates);
      if (shown === undefined) return '';
      const r = shown.r;
      const lines: string[] = [];
      if (r.file !== lastFile) { if (lastFile !== undefined) lines.push(''); lines.push(c.underline(r.file)); lastFile = r.file; }
      if (r.error) {
        const at = r.error.line !== undefined ? `${r.file}:${r.error.line}:${r.error.column}` : r.file;
        lines.push(`  ${c.red('✖')} ${at}: ${r.error.message}`);
      } else if (r.rejected && r.response && 'errors' in r.response && !('data' in r.response)) {
        lines.push(`  ${c.red('✖')} ${label(r, lang)} ${c.red(text('invoice.rejected'))}`);
        const width = widest(r.response.errors, (e) => fileAt(r.file, e).length);
        for (const e of r.response.errors) lines.push(`    ${fileAt(r.file, e).padEnd(width)}  ${c.red('error')}  ${e.message}  ${c.dim(e.field)}`);
      } else if (r.response && 'data' in r.response) {
        const { errors, warnings, notes } = shown.listing;
        const suppressed = r.suppressed ?? [];
        const written = (r.xmlPath ? c.dim(` → ${r.xmlPath}`) : '') + (r.rule_set ? c.dim(`  (${ruleSetWords(r.rule_set, lang)})`) : '');
        lines.push(r.valid ? `  ${c.green('✔')} ${label(r, lang)} ${c.green(reportText(r.document && r.document !== 'invoice' ? 'document.valid' : 'invoice.valid', {}, lang))}${written}` : `  ${c.red('✖')} ${label(r, lang)} ${c.red(reportText('invoice.errors', { n: errors.length }, lang))}${written}`);
        const all = [...errors, ...warnings, ...notes, ...suppressed];
        const width = widest(all, (e) => e.section.length);
        const place = widest(all, (e) => fileAt(r.file, e).length);
        const errorSet = new Set(errors);
        const noteSet = new Set(notes);
        const level = (f: ReportedFinding) => (errorSet.has(f) ? c.red('error') + '  ' : noteSet.has(f) ? c.dim('info') + '   ' : c.yellow('warning'));
        // A note is dimmed whole: it never fails a run (pintae's own, such as the rule set's validity).
        const line = (f: ReportedFinding, text: string) => (noteSet.has(f) ? c.dim(text) : text);
        // Root causes first; what follows from one is counted under it, or listed under it with --verbose.
        // pintae's advice on a value in a wrong form, on its own line under the message it belongs to.
        const hint = (f: ReportedFinding, indent: number) => { for (const h of f.hint?.split('\n') ?? []) lines.push(`${' '.repeat(indent + place + 11 + width + 2)}${c.cyan(h)}`); };
        for (const { root, dependents } of fold([...errors, ...warnings, ...notes])) {
          lines.push(`    ${at(r.file, root, place)}  ${level(root)}  ${line(root, describe(root, width, 4 + place + 11))}`);
          hint(root, 4);
          if (!dependents.length) continue;
          if (verbose) for (const d of dependents) { lines.push(`      ${c.dim('↳')} ${at(r.file, d, place)}  ${level(d)}  ${line(d, describe(d, width, 8 + place + 11))}`); hint(d, 8); }
          else lines.push(`    ${' '.repeat(place)}  ${c.dim(reportText('finding.caused', { dependents: dependents.length, errors: dependents.filter((d) => errorSet.has(d)).length, rootIsError: errorSet.has(root) }, lang, ' / '))}`);
        }
        for (const s of suppressed) lines.push(`    ${at(r.file, s, place)}  ${c.dim('off')}      ${describe(s, width, 4 + place + 11)}`);
      }
      return lines.map((l) => l + '\n').join('');
    },
    footer: (s: Summary, overrides) => {
      const ok = gateExitCode(s, gates) === 0;
      // en+ar: the Arabic summary on its own line under the English, lined up with it.
      const lines = [`${ok ? c.green('✔') : c.red('✖')} ${reportText('summary.line', s, lang, '\n  ')}`];
      if (overrides.length) lines.push(c.magenta(tonguesOf(lang ?? 'en').map((t) => reportText('overrides.verdict', { line: overridesLine(overrides, t, true) }, t)).join('\n  ')));
      const gate = gateFailure(s, gates, lang, '\n  ');
      if (gate) lines.push(`${c.red('✖')} ${c.red(gate.message)}`);
      return (lastFile !== undefined ? '\n' : '') + lines.join('\n') + '\n';
    },
  };
};

export const stylish = formatWhole(stylishStream);
