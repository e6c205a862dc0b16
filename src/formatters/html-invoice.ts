import { subjectOfResult, type ReportResult } from './report.js';
import type { InputSubject } from '../messages/subject.js';
import type { InvoiceView } from '../model/view.js';
import { fileAt, UNREADABLE } from './entries.js';
import { allFindings, byRootCause, everyFinding, type HtmlFinding, type Root, type Shown } from './html-findings.js';
import { Targets } from './html-targets.js';
import { withMissing } from './html-missing.js';
import { findingId, invoiceBody, value } from './html-view.js';
import { esc, userText } from './html-text.js';
import type { Words } from '../model/view.js';
import { ruleSetWordsId } from './words.js';
import { joined, wordsIn } from '../messages/view.js';
import type { JudgedBy } from '../model/types.js';
import type { Speaker } from './html-lang.js';

/** A section's title where the document itself is not shown (a report made from one that keeps none): by its kind. */
const DOC_TITLES = { invoice: 'doc.invoice', credit_note: 'doc.credit-note', tdd: 'doc.tdd', other: 'doc.document' } as const;
/** The per-section sentences that name the document: an invoice's words, a credit note's, or any other document's. */
const DOC_WORDS = { invoice: '', credit_note: '.credit-note', tdd: '.document', other: '.document' } as const;

export type Verdict = 'valid' | 'invalid' | 'rejected' | 'unreadable';

/** What the summary table needs of an invoice, kept after its page is written. */
export interface InvoiceLine {
  anchor: string;
  file: string;
  index: number | null;
  at: string;
  number: string | undefined;
  verdict: Verdict;
  errors: number;
  warnings: number;
  /** Findings per rule id, in the order first met. */
  rules: Map<string, { errors: number; warnings: number }>;
}

export function verdictOf(r: ReportResult): Verdict {
  return r.error ? 'unreadable' : r.rejected ? 'rejected' : r.valid ? 'valid' : 'invalid';
}

/**
 * The request fields a finding names: its own, and each party or delivery field its message names (ibr-144-ae:
 * "buyer.address_line1, buyer.region missing" is about both, issue 24 item 6), each once.
 */
export function fieldsNamed(f: HtmlFinding): string[] {
  const named = f.message.match(/\b(?:buyer|seller|delivery)\.[a-z][a-z0-9_]*\b/g) ?? [];
  return [...new Set([...(f.field !== undefined ? [f.field] : []), ...named])];
}

/** Whether a finding's field has no value of its own on the page (nowhere, or only the block around it). */
function lacks(target: ReturnType<Targets<Shown>['place']>, field: string): boolean {
  return target === undefined || ('items' in target && target.field !== field);
}

/** The rule set that judged a document, beside the verdict (src/formatters/words.ts ruleSetWords, in the report's language). */
function ruleSetSaid(set: JudgedBy, sp: Speaker): Words {
  const name = `${set.name}${set.version ? ` ${set.version}` : ''}`;
  return sp.say(ruleSetWordsId(set), { name });
}

type Placed = Map<Shown, Array<{ id: string; where: Words }>>;

/** Where an entry is shown: one place, several (a repeated finding), or the invoice as a whole. */
function places(s: Shown, at: Array<{ id: string; where: Words }> | undefined, sp: Speaker, subject: InputSubject): string {
  if (!at?.length) return `<span class="whole">${sp.label(sp.say(s.rule === UNREADABLE ? `where.${subject === 'answer' ? 'file' : subject}` : 'where.whole'))}</span>`;
  const links = (t: 'en' | 'ar') => at.map((p) => `<a href="#${p.id}">${esc(wordsIn(p.where, t))}</a>`);
  return at.length === 1 ? sp.html('shown-at', { place: (t) => links(t)[0]! }, 'label')
    : sp.html('shown-at-places', { n: at.length, places: (t) => links(t).join(t === 'ar' ? '، ' : ', ') }, 'label');
}

/** One finding of the list: its number, level, message, where it is (and a link to it in the page), its rule. */
function findingItem(s: Shown, file: string, prefix: string, placed: Placed, sp: Speaker, subject: InputSubject): string {
  const f = s.finding;
  const all = everyFinding(s);
  const one = all.length === 1;
  const where = (g: HtmlFinding) => [
    g.field ? `${sp.label(sp.say('where.field'))} <code dir="ltr">${esc(g.field)}</code>` : '',
    g.location ? `XML <code dir="ltr">${esc(g.location)}</code>` : '',
    g.line !== undefined ? `<span class="pos" dir="ltr">${esc(fileAt(file, g))}</span>` : '',
  ].filter(Boolean).join(' · ');
  const meta = [
    `<code class="rule">${esc(s.rule)}</code>`,
    f.section ? esc(f.section) : '',
    places(s, placed.get(s), sp, subject),
    one ? where(f) : '',
    f.overridden ? `<span class="moved">${sp.html('moved', { from: f.overridden.from, to: f.overridden.to }, 'label')}</span>` : '',
    s.causeN !== undefined ? `<a class="follows" href="#${prefix}-f${s.causeN}">${sp.label(sp.say('follows-from', { n: s.causeN }))}</a>` : '',
  ].filter(Boolean).join(' · ');
  const hintOf = (g: HtmlFinding) => (g.hint ? sp.hint(g.hint) : '');
  const each = one ? '' : `<details class="each"><summary>${sp.label(sp.say('each-of', { n: all.length }))}</summary><ul>${all.map((g) => `<li>${where(g) || sp.label(sp.say('where.whole'))}${hintOf(g)}</li>`).join('')}</ul></details>`;
  const ruleText = f.rule_text && f.rule_text !== f.message ? `<div class="rule-text">${sp.label(sp.say('rule-text'))} <span${sp.english} dir="auto">${esc(f.rule_text)}</span></div>` : '';
  const times = one ? '' : ` <span class="times">×${all.length}</span>`;
  return `<li class="finding ${s.level}" id="${findingId(prefix, s)}" data-count="${all.length}"><span class="n">${s.n}</span><div class="fbody">`
    + `<div class="msg"><span class="sev ${s.level}">${sp.label(sp.say(`level.${s.level}`))}</span> ${sp.message(f.message)}${times}</div>`
    + `${one ? hintOf(f) : ''}<div class="fmeta">${meta}</div>${each}${ruleText}</div></li>`;
}

/** The list at the top of an invoice: each root cause, and what follows from it folded beneath it. */
function findingsList(roots: Root[], file: string, prefix: string, placed: Placed, sp: Speaker, subject: InputSubject): string {
  if (!roots.length) return `<p class="clean">${sp.label(sp.say('clean'))}</p>`;
  const items = roots.map(({ root, dependents }) => {
    const item = findingItem(root, file, prefix, placed, sp, subject);
    if (!dependents.length) return item;
    const folded = `<details class="caused"><summary>${sp.label(sp.say('caused', { n: dependents.length }))}</summary><ol class="findings">${dependents.map((d) => findingItem(d, file, prefix, placed, sp, subject)).join('')}</ol></details>`;
    return item.replace(/<\/li>$/, `${folded}</li>`);
  });
  return `<ol class="findings">${items.join('')}</ol>`;
}

function verdictBadge(verdict: Verdict, errors: number, warnings: number, sp: Speaker): string {
  const counts = joined(', ', [errors ? sp.say('count.errors', { n: errors }) : undefined, warnings ? sp.say('count.warnings', { n: warnings }) : undefined]);
  const words = sp.say(`verdict.${verdict}`);
  return `<span class="verdict ${verdict}">${sp.label(counts.parts.length ? { join: ' — ', parts: [words, counts] } : words)}</span>`;
}

/**
 * One input's section: heading with its verdict, the findings (root causes first), then the invoice itself with each
 * finding shown at its place. `page` false leaves the invoice out (the report's page limit) and keeps the findings.
 */
export function invoiceSection(r: ReportResult, k: number, page: boolean, report: Speaker, stdin?: 'stdin' | 'body'): { html: string; line: InvoiceLine } {
  const sp = report.of(r);
  const prefix = `i${k}`;
  const list = allFindings(r);
  const roots = byRootCause(list);
  let view: InvoiceView | undefined = page ? r.view : undefined;
  if (view) {
    const probe = new Targets<Shown>(view, prefix);
    // Each field a finding names and the page does not show gets its "not stated" row (a line's own fields are its row).
    const missing = list.flatMap(({ finding: f }) => fieldsNamed(f)
      .filter((field) => !field.startsWith('line_items') && lacks(probe.place(field === f.field ? f : { field }), field)));
    if (missing.length) view = withMissing(view, missing);
  }
  const targets = view ? new Targets<Shown>(view, prefix) : undefined;
  const placed: Placed = new Map();
  if (view && targets) {
    for (const { root, dependents } of roots) {
      for (const s of [root, ...dependents]) {
        const at: Array<{ id: string; where: Words }> = [];
        for (const f of everyFinding(s)) {
          // The finding at its place, and at each other field its message names.
          const places = [f, ...fieldsNamed(f).filter((field) => field !== f.field).map((field) => ({ field }))];
          for (const place of places) {
            const target = targets.place(place);
            if (!target) continue;
            const id = targets.mark(target, s);
            if (!at.some((p) => p.id === id)) at.push({ id, where: Targets.describe(view, target) });
          }
        }
        if (at.length) placed.set(s, at);
      }
    }
  }
  const verdict = verdictOf(r);
  const subject = subjectOfResult(r, stdin);
  const errors = list.filter((f) => f.level === 'error').length;
  const warnings = list.filter((f) => f.level === 'warning').length;
  const data = r.response && 'data' in r.response ? r.response.data : undefined;
  const number = view?.number?.text ?? data?.invoice_number ?? undefined;
  const words = DOC_WORDS[r.document ?? 'invoice'];
  const at = r.error?.line !== undefined ? fileAt(r.file, r.error) : r.position ? fileAt(r.file, r.position) : r.file;
  const heading = view?.number && targets ? value(view.number, targets, sp) : number !== undefined ? userText(number)
    : r.error ? (r.file === '-' ? sp.label(sp.say(`where.${subject === 'body' ? 'body' : 'stdin'}`)) : `<span dir="ltr">${esc(r.file)}</span>`) : `<span class="none">${sp.label(sp.say(`value.no-number${words}`))}</span>`;
  const missing = !page && r.view ? `<p class="note">${sp.prose(sp.say(`not-shown${words}`))}</p>`
    : !view && !r.error ? `<p class="note">${sp.prose(sp.say(`not-kept${words}`))}</p>` : '';
  const html = `<section class="invoice ${verdict}" id="${prefix}">`
    + `<header class="inv-head"><div class="inv-title"><span class="doc-type">${sp.label(view?.title ?? sp.say(r.error ? 'doc.input' : DOC_TITLES[r.document ?? 'invoice']))}</span><h2>${heading}</h2></div>`
    + `${verdictBadge(verdict, errors, warnings, sp)}<div class="where"><span dir="ltr">${esc(at)}</span>${r.index !== null ? ` · ${sp.label(sp.say('item', { index: r.index }))}` : ''}${r.rule_set ? ` · ${sp.label(ruleSetSaid(r.rule_set, sp))}` : ''}</div></header>`
    + `<div class="findings-box"><h3>${sp.label(sp.say('report.findings'))}</h3>${findingsList(roots, r.file, prefix, placed, sp, subject)}</div>`
    + missing
    + (view && targets ? `<div class="doc">${invoiceBody(view, targets, sp)}</div>` : '')
    + `<p class="back"><a href="#summary">${sp.label(sp.say('back'))}</a></p></section>\n`;
  const rules = new Map<string, { errors: number; warnings: number }>();
  for (const { level, rule } of list) {
    if (level === 'off' || level === 'info') continue;
    const count = rules.get(rule) ?? { errors: 0, warnings: 0 };
    if (level === 'error') count.errors++; else count.warnings++;
    rules.set(rule, count);
  }
  return { html, line: { anchor: prefix, file: r.file, index: r.index, at, number, verdict, errors, warnings, rules } };
}
