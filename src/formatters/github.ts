import { entriesOf, whereOf, type Entry } from './entries.js';
import { causedLine, fold } from './fold.js';
import { formatWhole, type StreamFactory } from './report.js';

/** GitHub's escaping of a workflow command's message (actions/toolkit `escapeData`). */
export const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** …and of a property value, where `:` and `,` delimit (actions/toolkit `escapeProperty`). */
export const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

function command(name: 'error' | 'warning' | 'notice', properties: Array<[string, string | number | undefined]>, message: string): string {
  const props = properties.filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(',');
  return `::${name}${props ? ' ' + props : ''}::${escapeData(message)}\n`;
}

/**
 * GitHub Actions workflow commands: an `::error` or `::warning` annotation per finding, located at its line and
 * column in the input file, titled with the rule id; findings turned off by a rule override become `::notice`
 * annotations, and the overrides in force are announced first, so a relaxed rule is never silent.
 */
export const githubStream: StreamFactory = ({ verbose }) => ({
  header: (overrides) => (overrides.length
    ? command('notice', [['title', 'pintae rule overrides']], `in force: ${overrides.map((o) => `${o.rule} → ${o.level}`).join(', ')} (pintae's verdict, not the service's)`)
    : ''),
  result: (r) => {
    const entries = entriesOf(r);
    const annotate = (e: Entry, note = '') => {
      const title = e.overridden ? `${e.ruleId} (${e.overridden.from} → ${e.overridden.to} by rule override)` : e.ruleId;
      const name = e.level === 'off' ? 'notice' : e.level;
      return command(name, [['file', r.file], ['line', e.line], ['col', e.column], ['title', title]], e.message + whereOf(e) + note);
    };
    // Root causes first; a dependent is counted on its root, or annotated itself (naming its root) with --verbose.
    const listed = entries.filter((e) => e.level !== 'off');
    const out: string[] = [];
    for (const { root, dependents } of fold(listed)) {
      const errors = dependents.filter((d) => d.level === 'error').length;
      out.push(annotate(root, dependents.length && !verbose ? ` [${causedLine(dependents.length, errors, root.level === 'error')}]` : ''));
      if (verbose) for (const d of dependents) out.push(annotate(d, ` [caused by ${root.ruleId} at line ${root.line ?? '?'}]`));
    }
    for (const e of entries) if (e.level === 'off') out.push(annotate(e));
    return out.join('');
  },
  footer: (s) => `pintae: ${s.invoices} invoice${s.invoices === 1 ? '' : 's'} in ${s.files} file${s.files === 1 ? '' : 's'}: `
    + `${s.valid} valid, ${s.invalid} invalid, ${s.rejected} rejected, ${s.unreadable} unreadable, ${s.warnings} warnings, ${s.suppressed} turned off\n`,
});

export const github = formatWhole(githubStream);
