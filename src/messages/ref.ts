import { tonguesOf, type Lang, type Text, type Tongue } from './lang.js';

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

/** A lower layer's reason (its English) in a language; undefined when pintae does not word it (src/messages/reasons.ts). */
type ReasonSayer = (words: string, tongue: Tongue) => string | undefined;
let reasonSayer: ReasonSayer | undefined;

/** Makes the lower layers' reasons known to `speak` (src/messages/reasons.ts registers itself on import). */
export function registerReasons(sayer: ReasonSayer): void {
  reasonSayer = sayer;
}

/**
 * The entry `ref` names, said in `lang`; undefined when no catalogue has it (a report from elsewhere). A `reason`
 * parameter, a lower layer's words ("permission denied"), is said in each language too where pintae words it.
 */
export function speak(ref: MessageRef, lang: Lang, joiner = ' / '): string | undefined {
  const text = textOf(ref.id) as Text<Record<string, unknown>> | undefined;
  if (text === undefined) return undefined;
  const one = (tongue: Tongue) => {
    const reason = ref.p.reason;
    const said = tongue !== 'en' && typeof reason === 'string' ? reasonSayer?.(reason, tongue) : undefined;
    return text[tongue](said === undefined ? ref.p : { ...ref.p, reason: said });
  };
  const [first, second] = tonguesOf(lang).map(one);
  return second === undefined || second === first ? first : `${first}${joiner}${second}`;
}

/** A catalogue entry with its parameters: its English words and the reference to say it in another language. */
export function wordsOf<P extends object>(id: string, text: Text<P>, p: P): Worded {
  return { message: text.en(p), said: { id, p: p as Record<string, unknown> } };
}
