import type { Words } from '../model/view.js';
import { tonguesOf, type Lang, type Text, type Tongue } from '../messages/lang.js';
import { said, VIEW, wordsIn, type ViewWordId } from '../messages/view.js';
import { esc, userText } from './html-text.js';
import { speak, type MessageRef } from '../messages/ref.js';
import { saidOf } from './speak.js';
import type { ReportResult } from './report.js';

/** English message → the catalogue entry it was said from: one result's findings, hints and error (speak.ts `saidOf`). */
type Said = Readonly<Record<string, MessageRef>>;
const NONE: Said = {};

/**
 * The report's words in its language (issue 26): `en`, `ar` (the page right to left), or `en+ar`, where each label
 * carries both as bilingual UAE tax invoices print them ("Tax Invoice / فاتورة ضريبية") and a sentence has its Arabic
 * on a line of its own; the Arabic part is marked `lang="ar" dir="rtl"` so a browser lays it out and shapes it as
 * Arabic inside the English page. Every word comes from src/messages/view.ts; text of the document stays as it is.
 */
export class Speaker {
  constructor(readonly lang: Lang, private readonly said: Said = NONE) {}

  /** The same speaker for one result: its findings' messages and hints are said in the language too. */
  of(r: ReportResult): Speaker {
    return this.lang === 'en' ? this : new Speaker(this.lang, saidOf(r));
  }

  /** The Arabic of a finding's message or hint, where its entry is known and says something else than the English. */
  private arabicOf(text: string): string | undefined {
    const ref = Object.hasOwn(this.said, text) ? this.said[text] : undefined;
    const ar = ref && speak(ref, 'ar');
    return ar === text ? undefined : ar;
  }

  /**
   * A finding's message as HTML: in English as it came (its direction from its content); in `ar` its Arabic, right
   * to left; in `en+ar` the English, then the Arabic on a line of its own. Words without an entry (an official
   * PINT-AE text, libxml2's) stay as they came in every language.
   */
  message(text: string): string {
    const ar = this.lang === 'en' ? undefined : this.arabicOf(text);
    if (ar === undefined) return this.lang === 'ar' ? `<span lang="en" dir="auto">${esc(text)}</span>` : userText(text);
    return this.lang === 'ar' ? `<span lang="ar" dir="rtl">${esc(ar)}</span>` : `${userText(text)}<span class="ar-line" lang="ar" dir="rtl">${esc(ar)}</span>`;
  }

  /** A finding's hint as HTML, in the language as its message is. */
  hint(text: string): string {
    const ar = this.lang === 'en' ? undefined : this.arabicOf(text);
    if (ar === undefined) return `<div class="hint"${this.english} dir="auto">${esc(text)}</div>`;
    return this.lang === 'ar' ? `<div class="hint" lang="ar" dir="rtl">${esc(ar)}</div>`
      : `<div class="hint" dir="auto">${esc(text)}<span class="ar-line" lang="ar" dir="rtl">${esc(ar)}</span></div>`;
  }

  /**
   * ` lang="en"` on words that stay English in an Arabic page (an official PINT-AE text, libxml2's, a rule's own
   * wording), so a screen reader speaks them as English (WCAG 3.1.2); nothing in an English or bilingual page.
   */
  get english(): string {
    return this.lang === 'ar' ? ' lang="en"' : '';
  }

  /** A finding's message as plain text (a mark's title): both languages joined by " / " in `en+ar`. */
  messagePlain(text: string): string {
    const ar = this.lang === 'en' ? undefined : this.arabicOf(text);
    return esc(ar === undefined ? text : this.lang === 'ar' ? ar : `${text} / ${ar}`);
  }

  /** Words of the catalogue by id, to give to `label`, `prose` or `plain`. */
  say(id: ViewWordId, p?: Readonly<Record<string, Words | number>>): Words {
    return said(id, p);
  }

  private both(w: Words): { en: string; ar: string } {
    return { en: wordsIn(w, 'en'), ar: wordsIn(w, 'ar') };
  }

  /** A label or heading as HTML. */
  label(w: Words): string {
    if (typeof w === 'string' || this.lang === 'en') return esc(wordsIn(w, 'en'));
    if (this.lang === 'ar') return esc(wordsIn(w, 'ar'));
    const { en, ar } = this.both(w);
    return en === ar ? esc(en) : `${esc(en)} / <span lang="ar" dir="rtl">${esc(ar)}</span>`;
  }

  /** A sentence or a meaning as HTML: in `en+ar`, the Arabic follows on a line of its own. */
  prose(w: Words): string {
    if (typeof w === 'string' || this.lang === 'en') return esc(wordsIn(w, 'en'));
    if (this.lang === 'ar') return esc(wordsIn(w, 'ar'));
    const { en, ar } = this.both(w);
    return en === ar ? esc(en) : `${esc(en)}<span class="ar-line" lang="ar" dir="rtl">${esc(ar)}</span>`;
  }

  /** Plain text (an attribute's value, the page's title): both languages joined by " / " in `en+ar`. */
  plain(w: Words): string {
    if (this.lang !== 'en+ar') return esc(wordsIn(w, this.lang));
    const { en, ar } = this.both(w);
    return esc(en === ar ? en : `${en} / ${ar}`);
  }

  /**
   * A sentence of the catalogue holding markup of the page (a link, a code): each such parameter is HTML made for
   * the language it stands in (`(tongue) => html`), a plain string is text (escaped; in Arabic set apart as an
   * isolate), a number is a number. `label` joins two languages on one line, `prose` puts the Arabic on its own.
   */
  html(id: ViewWordId, p: Readonly<Record<string, string | number | ((t: Tongue) => string)>>, mode: 'label' | 'prose' = 'prose'): string {
    const entry = VIEW[id] as unknown as Text<Record<string, string | number>>;
    const one = (tongue: Tongue): string => {
      const marks: string[] = [];
      const params: Record<string, string | number> = {};
      for (const [k, v] of Object.entries(p)) {
        if (typeof v === 'number') { params[k] = v; continue; }
        const html = typeof v === 'function' ? v(tongue) : tongue === 'ar' && v !== '' ? `\u2068${esc(v)}\u2069` : esc(v);
        params[k] = String.fromCharCode(0xE000 + marks.length);
        marks.push(html);
      }
      return esc(entry[tongue](params)).replace(/[\uE000-\uE0FF]/g, (c) => marks[c.charCodeAt(0) - 0xE000] ?? c);
    };
    const [first, second] = tonguesOf(this.lang).map(one);
    if (second === undefined || second === first) return first!;
    return mode === 'label' ? `${first} / <span lang="ar" dir="rtl">${second}</span>` : `${first}<span class="ar-line" lang="ar" dir="rtl">${second}</span>`;
  }

  /** Words in the page's first language as plain text, for composing (a count inside a sentence). */
  text(w: Words): string {
    return wordsIn(w, this.lang === 'ar' ? 'ar' : 'en');
  }
}

export const ENGLISH = new Speaker('en');
