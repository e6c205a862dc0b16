import { localized, reportText } from './speak.js';
import type { Lang } from '../messages/lang.js';
import { entriesOf, whereOf, type Entry } from './entries.js';
import { causedLine, fold } from './fold.js';
import { formatWhole, type Gates, type StreamFactory, type Summary } from './report.js';
import { shownOf } from './quiet.js';
import { gateFailure } from '../report/gate.js';

/** GitHub's escaping of a workflow command's message (actions/toolkit `escapeData`). */
export const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** …and of a property value, where `:` and `,` delimit (actions/toolkit `escapeProperty`). */
export const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

function command(name: 'error' | 'warning' | 'notice', properties: Array<[string, string | number | undefined]>, message: string): string {
  const props = properties.filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(',');
  return `::${name}${props ? ' ' + props : ''}::${escapeData(message)}\n`;
}

/**
 * GitHub Actions workflow commands: an `::error`, `::warning` or (a note, severity info) `::notice` annotation per
 * finding, located at its line and column in the input file, titled with the rule id. Findings turned off by a rule
 * override get no annotation of their own (one per file made a wall of notices): the overrides in force are announced
 * first and the summary line counts what they turned off, so a relaxed rule is never silent. A warnings gate
 * that fails the run is a last `::error` before the summary line; --quiet keeps the annotations of failures only.
 * The summary line names the rule sets that judged the documents, with how many each (a log shows which release
 * judged a run even where no document has a finding).
 */
export const githubStream: StreamFactory = ({ quiet, verbose, lang }, gates) => {
  const judgedBy = new Map<string, number>();
  return {
    header: (overrides) => (overrides.length
      ? command('notice', [['title', reportText('overrides.notice-title', {}, lang)]], reportText('overrides.notice', { list: overrides.map(({ rule, level }) => ({ rule, level })) }, lang))
      : ''),
    result: (all) => {
      const set = all.rule_set && `${all.rule_set.name}${all.rule_set.version ? ` ${all.rule_set.version}` : ''}`;
      if (set) judgedBy.set(set, (judgedBy.get(set) ?? 0) + 1);
      // An annotation is one line: en+ar joins the two languages with " / " (issue 26).
      const shown = shownOf(localized(all, lang), quiet, gates);
      if (shown === undefined) return '';
      const r = shown.r;
      const entries = entriesOf(r, shown.listing);
      const annotate = (e: Entry, note = '') => {
        const title = e.overridden ? `${e.ruleId} (${reportText('override.moved', e.overridden, lang)})` : e.ruleId;
        const name = e.level === 'off' || e.level === 'info' ? 'notice' : e.level;
        return command(name, [['file', r.file], ['line', e.line], ['col', e.column], ['title', title]], e.message + whereOf(e) + note);
      };
      // Root causes first; a dependent is counted on its root, or annotated itself (naming its root) with --verbose.
      const listed = entries.filter((e) => e.level !== 'off');
      const out: string[] = [];
      for (const { root, dependents } of fold(listed)) {
        const errors = dependents.filter((d) => d.level === 'error').length;
        out.push(annotate(root, dependents.length && !verbose ? ` [${causedLine(dependents.length, errors, root.level === 'error')}]` : ''));
        if (verbose) for (const d of dependents) out.push(annotate(d, ` [${reportText('finding.caused-by', { rule: root.ruleId, line: root.line ?? '?' }, lang, ' / ')}]`));
      }
      return out.join('');
    },
    footer: (s) => gateLine(s, gates, lang) + 'pintae: ' + reportText('summary.github', { ...s, notes: s.notes ?? 0, judged: [...judgedBy] }, lang, ' / ') + '\n',
  };
};

function gateLine(s: Summary, gates: Gates | undefined, lang: Lang | undefined): string {
  const gate = gates ? gateFailure(s, gates, lang) : undefined;
  return gate ? command('error', [['title', `pintae --${gate.gate}`]], reportText('gate.fails', { gate: gate.message }, lang)) : '';
}

export const github = formatWhole(githubStream);
