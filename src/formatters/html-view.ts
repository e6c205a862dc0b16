import type { InvoiceView, ViewBlock, ViewTable, ViewValue, Words } from '../model/view.js';
import type { Shown } from './html-findings.js';
import type { Targets } from './html-targets.js';
import { esc, grouped, userText } from './html-text.js';
import type { Speaker } from './html-lang.js';

/** The marks of the findings shown at a place: their numbers, linking to the list; the worst level colours the place. */
function marks(findings: readonly Shown[], targets: Targets<Shown>, sp: Speaker): { cls: string; html: string } {
  if (!findings.length) return { cls: '', html: '' };
  const worst = findings.some((f) => f.level === 'error') ? 'error' : findings.some((f) => f.level === 'warning') ? 'warning' : findings.some((f) => f.level === 'info') ? 'info' : 'off';
  const html = findings.map((f) => `<a class="mark ${f.level}" href="#${findingId(targets.prefix, f)}" title="${sp.messagePlain(f.finding.message)}"><span class="vh">${sp.label(sp.say(`level.${f.level}`))} </span>${f.n}</a>`).join('');
  return { cls: ` flag flag-${worst}`, html: `<span class="marks">${html}</span>` };
}

/** The anchor of a finding in its invoice's list. */
export const findingId = (prefix: string, f: Shown) => `${prefix}-f${f.n}`;

/** A value: its text (isolated, direction from its content), what it means, and the marks of its findings. */
export function value(v: ViewValue | null | undefined, targets: Targets<Shown>, sp: Speaker): string {
  if (!v) return '<span class="none">—</span>';
  const { id, findings } = targets.at(v);
  const m = marks(findings, targets, sp);
  // pintae's own words for a value (a TDD's business term, "(a list)" for a list sent where a number belongs) come first.
  const text = v.missing ? `<span class="missing">${sp.label(sp.say('value.not-stated'))}</span>` : v.words !== undefined ? `<span dir="auto">${sp.label(v.words)}</span>`
    : v.numeric ? `<span class="num" dir="ltr">${esc(grouped(v.text))}</span>` : userText(v.text);
  const meaning = (v.meaning ? ` <span class="meaning" dir="auto">${sp.prose(v.meaning)}</span>` : '')
    + (v.note ? ` <span class="vnote">${sp.prose(v.note)}</span>` : '');
  // The marks right after the value, before what it means (shown on a line of its own).
  return `<span class="v${m.cls}" id="${id}">${text}${m.html}${meaning}</span>`;
}

function block(b: ViewBlock | undefined, targets: Targets<Shown>, sp: Speaker, cls = ''): string {
  if (!b) return '';
  const { id, findings } = targets.at(b);
  const m = marks(findings, targets, sp);
  const rows = b.items.map((i) => `<dt>${sp.label(i.label)}</dt><dd>${value(i, targets, sp)}</dd>`).join('');
  return `<section class="block ${cls}${m.cls}" id="${id}"><h3>${sp.label(b.title)}${m.html}</h3>${rows ? `<dl>${rows}</dl>` : `<p class="none">${sp.label(sp.say('value.nothing-stated'))}</p>`}</section>`;
}

function table(t: ViewTable | undefined, targets: Targets<Shown>, sp: Speaker, title: Words, cls: string, after = ''): string {
  if (!t) return '';
  const { id, findings } = targets.at(t);
  const m = marks(findings, targets, sp);
  const head = t.columns.map((c) => `<th scope="col"${c.numeric ? ' class="n"' : ''}>${sp.label(c.label)}</th>`).join('');
  const body = t.rows.map((r) => {
    const row = targets.at(r);
    const rm = marks(row.findings, targets, sp);
    const cells = r.cells.map((c, i) => `<td${t.columns[i]?.numeric ? ' class="n"' : ''}>${value(c, targets, sp)}${i === 0 ? rm.html : ''}</td>`).join('');
    return `<tr id="${row.id}" class="${rm.cls.trim()}">${cells}</tr>`;
  }).join('');
  const omitted = t.omitted ? `<p class="omitted">${sp.prose(sp.say('omitted', { n: t.omitted }))}</p>` : '';
  const empty = t.rows.length ? '' : `<tr><td colspan="${t.columns.length}" class="none">${sp.label(sp.say('value.none'))}</td></tr>`;
  return `<section class="table-block ${cls}${m.cls}" id="${id}"><h3>${sp.label(t.title ?? title)}${m.html}${after}</h3><div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${body}${empty}</tbody></table></div>${omitted}</section>`;
}

/**
 * The invoice laid out as a person reads one: seller and buyer, the invoice's details and payment, the lines, then
 * the VAT breakdown and totals (in the invoice currency and in AED), and delivery. Each value a finding concerns is
 * coloured and carries the finding's number.
 */
export function invoiceBody(view: InvoiceView, targets: Targets<Shown>, sp: Speaker): string {
  const currency = view.currency ? ` <span class="cur">${sp.label(sp.say('block.amounts-in', { currency: view.currency }))}</span>` : '';
  return [
    view.note ? `<p class="note">${sp.prose(view.note)}</p>` : '',
    `<div class="parties">${block(view.seller, targets, sp, 'party')}${block(view.buyer, targets, sp, 'party')}</div>`,
    `<div class="meta">${block(view.details, targets, sp)}${block(view.payment, targets, sp)}${block(view.delivery, targets, sp)}</div>`,
    table(view.lines, targets, sp, sp.say('block.lines'), 'lines', currency),
    `<div class="sums"><div class="sums-col">${table(view.vat, targets, sp, sp.say('block.vat'), 'vat')}${table(view.charges, targets, sp, sp.say('block.charges'), 'charges')}</div>`,
    `<div class="sums-col">${block(view.totals, targets, sp, 'totals')}${block(view.aed, targets, sp, 'totals aed')}</div></div>`,
  ].join('');
}
