/**
 * The languages pintae speaks to a person (issue 26): English, Arabic, or both, English first.
 * A catalogue entry holds one text per language with the same parameters; code names the entry and gives the
 * parameters, and never assembles a sentence of its own. `response` (the service's answer) is not translated.
 */
export const LANGS = ['en', 'ar', 'en+ar'] as const;
export type Lang = (typeof LANGS)[number];
/** A language a text is written in; `en+ar` is a way of showing two of them. */
export type Tongue = 'en' | 'ar';

export interface Text<P = Record<string, never>> {
  en: (p: P) => string;
  ar: (p: P) => string;
}

/** A catalogue: ids to texts. Each id has every language (a test holds that). */
export type Catalogue = Readonly<Record<string, Text<never>>>;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** The languages of `lang`, in the order they are shown. */
export function tonguesOf(lang: Lang): Tongue[] {
  return lang === 'en+ar' ? ['en', 'ar'] : [lang];
}

/**
 * The text in `lang`. Both languages are joined by `joiner`: " / " suits a label ("Tax Invoice / فاتورة ضريبية"),
 * "\n" a sentence on a terminal, where a line holding both scripts reads badly without bidirectional support.
 */
export function inLang<P>(text: Text<P>, params: P, lang: Lang, joiner = ' / '): string {
  if (lang !== 'en+ar') return text[lang](params);
  const en = text.en(params);
  const ar = text.ar(params);
  return en === ar ? en : `${en}${joiner}${ar}`;
}

/** The same, for an entry of a catalogue by id. */
export function sayIn<C extends Catalogue, K extends keyof C & string>(
  catalogue: C, id: K, params: C[K] extends Text<infer P> ? P : never, lang: Lang, joiner?: string,
): string {
  return inLang(catalogue[id] as unknown as Text<typeof params>, params, lang, joiner);
}

/**
 * Western digits in Arabic text: amounts and codes stay as the invoice has them (issue 26 item 3), so an Arabic
 * sentence formats numbers with this and never with an `ar` locale's Arabic-Indic digits.
 */
export function westernDigits(s: string): string {
  return s.replace(/[\u0660-\u0669]/gu, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/gu, (d) => String(d.charCodeAt(0) - 0x06F0));
}

/** An English count with its noun ("1 file", "2 files"): Arabic counts are written "الملفات: 2" instead. */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
