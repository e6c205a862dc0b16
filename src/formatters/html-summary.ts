import type { Gates, OverrideInForce, Summary } from './report.js';
import type { InvoiceLine } from './html-invoice.js';
import { esc, plural, userText } from './html-text.js';
import type { Words } from '../model/view.js';
import { joined } from '../messages/view.js';
import { ENGLISH, type Speaker } from './html-lang.js';

/** One row of the inputs table: where, which invoice, its verdict, its counts and its findings per rule. */
export function summaryRow(line: InvoiceLine, k: number, sp: Speaker): string {
  // A rule's chip says its level in words and a sign beside its colour (WCAG 1.4.1): ✖ errors, ▲ warnings only.
  const chips = [...line.rules].map(([rule, c]) => `<span class="chip ${c.errors ? 'error' : 'warning'}"><span aria-hidden="true">${c.errors ? '✖' : '▲'} </span><span class="vh">${sp.label(sp.say(c.errors ? 'level.error' : 'level.warning'))} </span>${esc(rule)}${c.errors + c.warnings > 1 ? ` ×${c.errors + c.warnings}` : ''}</span>`).join(' ');
  return `<tr class="${line.verdict}"><td class="n">${k}</td><td><a href="#${line.anchor}" dir="ltr">${esc(line.file)}</a>${line.index !== null ? ` <span class="item">${sp.label(sp.say('item', { index: line.index }))}</span>` : ''}</td>`
    + `<td>${line.number !== undefined ? userText(line.number) : '<span class="none">—</span>'}</td>`
    + `<td><span class="verdict ${line.verdict}">${sp.label(sp.say(`verdict-row.${line.verdict}`))}</span></td>`
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

  table(sp: Speaker, held: HeldKind = 'invoice'): string {
    if (!this.rules.size) return '';
    const rows = [...this.rules].sort(([a, x], [b, y]) => y.errors + y.warnings - (x.errors + x.warnings) || (a < b ? -1 : 1))
      .map(([rule, c]) => `<tr><td><code>${esc(rule)}</code></td><td class="n">${c.errors || ''}</td><td class="n">${c.warnings || ''}</td><td class="n">${c.invoices}</td></tr>`).join('');
    const th = (id: 'report.errors' | 'report.warnings' | (typeof HEADS)[HeldKind]['many']) => `<th scope="col" class="n">${sp.label(sp.say(id))}</th>`;
    return `<h3>${sp.label(sp.say('report.findings-by-rule'))}</h3><div class="scroll"><table class="by-rule"><thead><tr><th scope="col">${sp.label(sp.say('report.rule'))}</th>${th('report.errors')}${th('report.warnings')}${th(HEADS[held].many)}</tr></thead><tbody>${rows}</tbody></table></div>`;
  }
}

/** Whether the gates fail the run (exit 1), and why, in the words `stylish` uses. */
export function gateWords(s: Summary, gates: Gates | undefined, sp: Speaker = ENGLISH): { failed: boolean; why: Words[] } {
  const why: Words[] = [];
  const n = (id: 'count.invalid' | 'count.rejected' | 'count.unreadable', count: number) => (count ? sp.say(id, { n: count }) : undefined);
  if (s.invalid || s.rejected || s.unreadable) why.push(joined(', ', [n('count.invalid', s.invalid), n('count.rejected', s.rejected), n('count.unreadable', s.unreadable)]));
  const warnings = sp.say('count.warnings', { n: s.warnings });
  if (gates?.failSeverity === 'warning' && s.warnings) why.push(sp.say('gate.fail-severity', { warnings }));
  if (gates?.maxWarnings !== undefined && s.warnings > gates.maxWarnings) why.push(sp.say('gate.max-warnings', { warnings, max: gates.maxWarnings }));
  return { failed: why.length > 0, why };
}

/** What a run holds, for the tables' headings: one kind of document, or documents (several kinds, or none known). */
type HeldKind = 'invoice' | 'credit_note' | 'tdd' | 'document';
const HEADS = {
  invoice: { one: 'report.invoice', many: 'report.invoices' },
  credit_note: { one: 'report.credit-note', many: 'report.credit-notes' },
  tdd: { one: 'report.tdd', many: 'report.tdds' },
  document: { one: 'report.document', many: 'report.documents' },
} as const;

/** The kind every document of the run is, as the summary sentence names it (invoice requests: invoices). */
function heldKind(s: Summary): HeldKind {
  const d = s.documents;
  if (!d) return 'invoice';
  const kinds = (Object.keys(d) as Array<keyof typeof d>).filter((k) => d[k] > 0);
  return kinds.length === 1 && kinds[0] !== 'other' ? kinds[0]! : 'document';
}

const KIND_WORDS = { invoice: 'count.invoices', credit_note: 'count.credit-notes', tdd: 'count.tdds', other: 'count.other-documents' } as const;

/** What the run judged, counted as the stylish summary line counts it (docs/decisions.md "What a summary counts"). */
function countedWords(s: Summary, sp: Speaker): Words {
  const d = s.documents;
  if (!d) return sp.say('count.invoices', { n: s.invoices });
  const kinds = (Object.keys(KIND_WORDS) as Array<keyof typeof KIND_WORDS>).filter((k) => d[k] > 0);
  if (kinds.length === 1 && kinds[0] !== 'other') return sp.say(KIND_WORDS[kinds[0]!], { n: s.invoices });
  const total = sp.say('count.documents', { n: s.invoices });
  return kinds.length > 1 ? sp.say('count.by-kind', { total, kinds: joined(', ', kinds.map((k) => sp.say(KIND_WORDS[k], { n: d[k] }))) }) : total;
}

/** Where the run read from, as the stylish summary line says it: files, standard input, serve's request body. */
function readFrom(s: Summary, sp: Speaker): Words {
  const n = s.files - (s.stdin ? 1 : 0);
  if (!s.stdin) return sp.say('run.in-files', { n });
  if (n === 0) return sp.say(s.stdin === 'body' ? 'run.from-body' : 'run.from-stdin');
  return sp.say(s.stdin === 'body' ? 'run.in-files-and-body' : 'run.in-files-and-stdin', { n });
}

/** The summary at the top of the report: the run's verdict, the inputs table, the findings by rule. */
export function summarySection(s: Summary, gates: Gates | undefined, overrides: OverrideInForce[], rows: string[], rules: RuleCounts, pagesLeftOut: number, sp: Speaker): string {
  const { failed, why } = gateWords(s, gates, sp);
  const counts = joined(', ', [sp.say('count.valid', { n: s.valid }), sp.say('count.invalid', { n: s.invalid }), sp.say('count.rejected', { n: s.rejected }),
    s.unreadable ? sp.say('count.unreadable', { n: s.unreadable }) : undefined, sp.say('count.warnings', { n: s.warnings }),
    s.notes ? sp.say('count.notes', { n: s.notes }) : undefined, s.suppressed ? sp.say('count.turned-off', { n: s.suppressed }) : undefined]);
  const run = sp.say('run.line', { invoices: countedWords(s, sp), from: readFrom(s, sp), counts });
  const verdict = `<p class="run ${failed ? 'fail' : 'pass'}">${failed ? '✖' : '✔'} ${sp.prose(run)}</p>`
    + (failed ? `<p class="why">${sp.prose(sp.say('run.fails', { why: joined('; ', why) }))}</p>` : '');
  const list = joined(', ', overrides.map((o) => sp.say('override', { rule: o.rule, level: o.level, findings: sp.say('count.findings', { n: o.applied }) })));
  const moved = overrides.length ? `<p class="overrides">${sp.prose(sp.say('overrides', { list }))}</p>` : '';
  const held = heldKind(s);
  const limit = !pagesLeftOut ? ''
    : held === 'invoice' ? `<p class="note">${sp.prose(sp.say('pages-left-out', { more: sp.say('count.more-invoices', { n: pagesLeftOut }) }))}</p>`
    : `<p class="note">${sp.prose(sp.say('pages-left-out.documents', { more: sp.say('count.more-documents', { n: pagesLeftOut }) }))}</p>`;
  const th = (id: 'report.input' | (typeof HEADS)[HeldKind]['one'] | 'report.verdict' | 'report.errors' | 'report.warnings' | 'report.rules', n = false) => `<th scope="col"${n ? ' class="n"' : ''}>${sp.label(sp.say(id))}</th>`;
  const table = rows.length
    ? `<div class="scroll"><table class="inputs"><thead><tr><th scope="col" class="n">#</th>${th('report.input')}${th(HEADS[held].one)}${th('report.verdict')}${th('report.errors', true)}${th('report.warnings', true)}${th('report.rules')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`
    : `<p class="none">${sp.label(sp.say('no-input'))}</p>`;
  return `<section class="summary" id="summary" aria-labelledby="summary-h"><h2 id="summary-h">${sp.label(sp.say('report.summary'))}</h2>${verdict}${moved}${limit}${table}${rules.table(sp, held)}</section>`;
}
