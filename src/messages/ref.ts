import { inLang, type Lang, type Text } from './lang.js';

/**
 * A catalogue entry named with its parameters (issue 26): what a finding carries beside its English `message`, so a
 * report can say it in another language. Plain data (it crosses worker threads); never part of `response`.
 */
export interface MessageRef { id: string; p: Record<string, unknown> }

/** A sentence said once in English, with the entry it came from: the shape every finding constructor takes. */
export interface Worded { message: string; said: MessageRef }

type Lookup = (id: string) => Text<never> | undefined;
const lookups: Lookup[] = [];

/** Makes a catalogue's ids known to `speak` (each catalogue module registers itself once, on import). */
export function registerCatalogue(lookup: Lookup): void {
  lookups.push(lookup);
}

/** The text of an id in any registered catalogue. */
export function textOf(id: string): Text<never> | undefined {
  for (const lookup of lookups) {
    const text = lookup(id);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** The entry `ref` names, said in `lang`; undefined when no catalogue has it (a report from elsewhere). */
export function speak(ref: MessageRef, lang: Lang, joiner?: string): string | undefined {
  const text = textOf(ref.id) as Text<Record<string, unknown>> | undefined;
  return text === undefined ? undefined : inLang(text, ref.p, lang, joiner);
}

/** A catalogue entry with its parameters: its English words and the reference to say it in another language. */
export function wordsOf<P extends object>(id: string, text: Text<P>, p: P): Worded {
  return { message: text.en(p), said: { id, p: p as Record<string, unknown> } };
}
