import type { Gates, OverrideInForce, Summary } from './report.js';
import type { InvoiceLine } from './html-invoice.js';
import { esc, plural, userText } from './html-text.js';

const VERDICT_WORDS = { valid: '✔ valid', invalid: '✖ invalid', rejected: '✖ rejected', unreadable: '✖ not readable' } as const;

/** One row of the inputs table: where, which invoice, its verdict, its counts and its findings per rule. */
export function summaryRow(line: InvoiceLine, k: number): string {
  const chips = [...line.rules].map(([rule, c]) => `<span class="chip ${c.errors ? 'error' : 'warning'}">${esc(rule)}${c.errors + c.warnings > 1 ? ` ×${c.errors + c.warnings}` : ''}</span>`).join(' ');
  return `<tr class="${line.verdict}"><td class="n">${k}</td><td><a href="#${line.anchor}" dir="ltr">${esc(line.file)}</a>${line.index !== null ? ` <span class="item">item ${line.index}</span>` : ''}</td>`
    + `<td>${line.number !== undefined ? userText(line.number) : '<span class="none">—</span>'}</td>`
    + `<td><span class="verdict ${line.verdict}">${VERDICT_WORDS[line.verdict]}</span></td>`
    + `<td class="n">${line.errors || ''}</td><td class="n">${line.warnings || ''}</td><td>${chips}</td></tr>`;
}

/** Findings per rule over the run, and how many invoices each rule touched. */
export class RuleCounts {
  private readonly rules = new Map<string, { errors: number; warnings: number; invoices: number }>();

  add(line: InvoiceLine): void {
    for (const [rule, c] of line.rules) {
      const total = this.rules.get(rule) ?? { errors: 0, warnings: 0, invoices: 0 };
      total.errors += c.errors;
      total.warnings += c.warnings;
      total.invoices++;
      this.rules.set(rule, total);
    }
  }

  table(): string {
    if (!this.rules.size) return '';
    const rows = [...this.rules].sort(([a, x], [b, y]) => y.errors + y.warnings - (x.errors + x.warnings) || (a < b ? -1 : 1))
      .map(([rule, c]) => `<tr><td><code>${esc(rule)}</code></td><td class="n">${c.errors || ''}</td><td class="n">${c.warnings || ''}</td><td class="n">${c.invoices}</td></tr>`).join('');
    return `<h3>Findings by rule</h3><div class="scroll"><table class="by-rule"><thead><tr><th>Rule</th><th class="n">Errors</th><th class="n">Warnings</th><th class="n">Invoices</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  }
}

/** Whether the gates fail the run (exit 1), and why, in the words `stylish` uses. */
export function gateWords(s: Summary, gates: Gates | undefined): { failed: boolean; why: string[] } {
  const why: string[] = [];
  if (s.invalid || s.rejected || s.unreadable) why.push([s.invalid && `${s.invalid} invalid`, s.rejected && `${s.rejected} rejected`, s.unreadable && `${s.unreadable} not readable`].filter(Boolean).join(', '));
  if (gates?.failSeverity === 'warning' && s.warnings) why.push(`${plural(s.warnings, 'warning')} (--fail-severity warning)`);
  if (gates?.maxWarnings !== undefined && s.warnings > gates.maxWarnings) why.push(`${plural(s.warnings, 'warning')} (maximum: ${gates.maxWarnings})`);
  return { failed: why.length > 0, why };
}

/** The summary at the top of the report: the run's verdict, the inputs table, the findings by rule. */
export function summarySection(s: Summary, gates: Gates | undefined, overrides: OverrideInForce[], rows: string[], rules: RuleCounts, pagesLeftOut: number): string {
  const { failed, why } = gateWords(s, gates);
  const counts = [`${s.valid} valid`, `${s.invalid} invalid`, `${s.rejected} rejected`, ...(s.unreadable ? [`${s.unreadable} not readable`] : []),
    plural(s.warnings, 'warning'), ...(s.notes ? [plural(s.notes, 'note')] : []), ...(s.suppressed ? [`${plural(s.suppressed, 'finding')} turned off`] : [])].join(', ');
  const verdict = `<p class="run ${failed ? 'fail' : 'pass'}">${failed ? '✖' : '✔'} ${esc(plural(s.invoices, 'invoice'))} in ${esc(plural(s.files, 'file'))}: ${esc(counts)}</p>`
    + (failed ? `<p class="why">The run fails: ${esc(why.join('; '))}.</p>` : '');
  const moved = overrides.length
    ? `<p class="overrides">Rule overrides in force (config file): ${esc(overrides.map((o) => `${o.rule} → ${o.level} (${plural(o.applied, 'finding')})`).join(', '))}. This is pintae's verdict, not the service's: the service applies every rule.</p>` : '';
  const limit = pagesLeftOut ? `<p class="note">The invoices themselves are shown for the first ones only; ${esc(plural(pagesLeftOut, 'more invoice'))} appear with their findings alone. Split the run (--shard) for a page of each.</p>` : '';
  const table = rows.length
    ? `<div class="scroll"><table class="inputs"><thead><tr><th class="n">#</th><th>Input</th><th>Invoice</th><th>Verdict</th><th class="n">Errors</th><th class="n">Warnings</th><th>Rules</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`
    : '<p class="none">No input.</p>';
  return `<section class="summary" id="summary"><h2>Summary</h2>${verdict}${moved}${limit}${table}${rules.table()}</section>`;
}
