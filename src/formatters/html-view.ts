import type { InvoiceView, ViewBlock, ViewTable, ViewValue } from '../model/view.js';
import type { Shown } from './html-findings.js';
import type { Targets } from './html-targets.js';
import { esc, grouped, plural, userText } from './html-text.js';

/** The marks of the findings shown at a place: their numbers, linking to the list; the worst level colours the place. */
function marks(findings: readonly Shown[], targets: Targets<Shown>): { cls: string; html: string } {
  if (!findings.length) return { cls: '', html: '' };
  const worst = findings.some((f) => f.level === 'error') ? 'error' : findings.some((f) => f.level === 'warning') ? 'warning' : findings.some((f) => f.level === 'info') ? 'info' : 'off';
  const html = findings.map((f) => `<a class="mark ${f.level}" href="#${findingId(targets.prefix, f)}" title="${esc(f.finding.message)}">${f.n}</a>`).join('');
  return { cls: ` flag flag-${worst}`, html: `<span class="marks">${html}</span>` };
}

/** The anchor of a finding in its invoice's list. */
export const findingId = (prefix: string, f: Shown) => `${prefix}-f${f.n}`;

/** A value: its text (isolated, direction from its content), what it means, and the marks of its findings. */
export function value(v: ViewValue | null | undefined, targets: Targets<Shown>): string {
  if (!v) return '<span class="none">—</span>';
  const { id, findings } = targets.at(v);
  const m = marks(findings, targets);
  const text = v.missing ? '<span class="missing">not stated</span>' : v.numeric ? `<span class="num" dir="ltr">${esc(grouped(v.text))}</span>` : userText(v.text);
  const meaning = (v.meaning ? ` <span class="meaning" dir="auto">${esc(v.meaning)}</span>` : '')
    + (v.note ? ` <span class="vnote">${esc(v.note)}</span>` : '');
  // The marks right after the value, before what it means (shown on a line of its own).
  return `<span class="v${m.cls}" id="${id}">${text}${m.html}${meaning}</span>`;
}

function block(b: ViewBlock | undefined, targets: Targets<Shown>, cls = ''): string {
  if (!b) return '';
  const { id, findings } = targets.at(b);
  const m = marks(findings, targets);
  const rows = b.items.map((i) => `<dt>${esc(i.label)}</dt><dd>${value(i, targets)}</dd>`).join('');
  return `<section class="block ${cls}${m.cls}" id="${id}"><h4>${esc(b.title)}${m.html}</h4>${rows ? `<dl>${rows}</dl>` : '<p class="none">nothing stated</p>'}</section>`;
}

function table(t: ViewTable | undefined, targets: Targets<Shown>, title: string, cls: string): string {
  if (!t) return '';
  const { id, findings } = targets.at(t);
  const m = marks(findings, targets);
  const head = t.columns.map((c) => `<th${c.numeric ? ' class="n"' : ''}>${esc(c.label)}</th>`).join('');
  const body = t.rows.map((r) => {
    const row = targets.at(r);
    const rm = marks(row.findings, targets);
    const cells = r.cells.map((c, i) => `<td${t.columns[i]?.numeric ? ' class="n"' : ''}>${value(c, targets)}${i === 0 ? rm.html : ''}</td>`).join('');
    return `<tr id="${row.id}" class="${rm.cls.trim()}">${cells}</tr>`;
  }).join('');
  const omitted = t.omitted ? `<p class="omitted">${esc(plural(t.omitted, 'more line'))} without findings not shown.</p>` : '';
  const empty = t.rows.length ? '' : `<tr><td colspan="${t.columns.length}" class="none">none</td></tr>`;
  return `<section class="table-block ${cls}${m.cls}" id="${id}"><h4>${esc(t.title ?? title)}${m.html}</h4><div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${body}${empty}</tbody></table></div>${omitted}</section>`;
}

/**
 * The invoice laid out as a person reads one: seller and buyer, the invoice's details and payment, the lines, then
 * the VAT breakdown and totals (in the invoice currency and in AED), and delivery. Each value a finding concerns is
 * coloured and carries the finding's number.
 */
export function invoiceBody(view: InvoiceView, targets: Targets<Shown>): string {
  const currency = view.currency ? ` <span class="cur">amounts in ${esc(view.currency)}</span>` : '';
  return [
    view.note ? `<p class="note">${esc(view.note)}</p>` : '',
    `<div class="parties">${block(view.seller, targets, 'party')}${block(view.buyer, targets, 'party')}</div>`,
    `<div class="meta">${block(view.details, targets)}${block(view.payment, targets)}${block(view.delivery, targets)}</div>`,
    table(view.lines, targets, 'Lines', 'lines').replace('</h4>', `${currency}</h4>`),
    `<div class="sums"><div class="sums-col">${table(view.vat, targets, 'VAT breakdown', 'vat')}${table(view.charges, targets, 'Document allowances and charges', 'charges')}</div>`,
    `<div class="sums-col">${block(view.totals, targets, 'totals')}${block(view.aed, targets, 'totals aed')}</div></div>`,
  ].join('');
}
