import type { Finding } from '../model/types.js';
import type { ReportedFinding, ReportResult } from '../model/report.js';
import { inLang, type Lang, type Text } from '../messages/lang.js';
import { speak, type MessageRef } from '../messages/ref.js';
import { REPORT, type ReportMessageId } from '../messages/report.js';
// Every catalogue a finding can name registers itself on import.
import { finding } from '../messages/findings.js';
import { own } from '../messages/own.js';
import type { Worded } from '../messages/ref.js';
import '../messages/table.js';
import '../messages/cli.js';
import '../messages/values.js';
import '../messages/io.js';
import { readBackFrom, reasonRef } from '../messages/reasons.js';

/**
 * The entries an unreadable input's error is said from (src/batch, src/io): a lower layer's reason alone ("permission
 * denied", the JSON reader's), or one of pintae's sentences about an input. The error crosses worker threads and is
 * written as its English, so a report reads its entry back from the words (src/messages/reasons.ts `readBackFrom`).
 */
const INPUT_ERRORS = ['io.input.directory-unreadable', 'io.input.too-deep', 'io.input.loop', 'io.input.empty-list', 'io.input.internal',
  'io.input.worker-stopped', 'io.input.empty-file', 'io.input.not-json', 'io.input.entity-store', 'input.xml-not-json', 'input.json-not-xml'] as const;
const inputErrorRef = (message: string): MessageRef | undefined => reasonRef(message) ?? readBackFrom(INPUT_ERRORS, message);

/**
 * Findings said in a report's language (issue 26). A result's findings carry the catalogue entry of their English
 * message (`said`) and of their hint (`hintSaid`), an unreadable input its error's; the report's entries are matched
 * to them by that English text, which is what the service's answer holds. `response` itself is never changed:
 * `localized` returns a copy for the formats a person reads.
 */
export function saidOf(r: Pick<ReportResult, 'findings' | 'said'> & Partial<Pick<ReportResult, 'response' | 'error'>>): Readonly<Record<string, MessageRef>> {
  if (r.said) return r.said;
  const said: Record<string, MessageRef> = {};
  const add = (text: string | undefined, ref: MessageRef | undefined) => { if (text !== undefined && ref !== undefined && !Object.hasOwn(said, text)) said[text] = ref; };
  for (const f of r.findings as Finding[]) { add(f.message, f.said); add(f.hint, f.hintSaid); }
  if (r.error) add(r.error.message, r.error.said ?? inputErrorRef(r.error.message));
  // Entries of the response that stand for no finding: the duplicate-number warning and the 400 rejection.
  if (r.response && 'data' in r.response) {
    const { invoice_number: number, entity_id: entity } = r.response.data;
    for (const w of r.response.data.warnings) if (w.field === 'invoice_number') add(w.message, sameWords(w.message, finding('invoice.duplicate', { number: String(number), entity: String(entity) })));
  } else if (r.response && 'errors' in r.response) {
    for (const e of r.response.errors) add(e.message, readBack(e.message, (sent) => own('request.registration-type', { field: e.field, sent })));
  }
  return said;
}

/** The reference of `words` when they are `message` exactly. */
const sameWords = (message: string, words: Worded): MessageRef | undefined => (words.message === message ? words.said : undefined);

/**
 * The reference of an entry with one text parameter whose words are `message`: the parameter is read back from the
 * place it holds in the English, and kept only when the entry said with it gives `message` again, word for word.
 */
function readBack(message: string, words: (hole: string) => Worded): MessageRef | undefined {
  const [head, tail] = words('\u0000').message.split('\u0000') as [string, string];
  if (!message.startsWith(head) || !message.endsWith(tail) || message.length < head.length + tail.length) return undefined;
  return sameWords(message, words(message.slice(head.length, message.length - tail.length)));
}

/** A result's findings in `lang`, each with `message_en` (the English) when `lang` is not en; the result itself when en. */
export function localized(r: ReportResult, lang: Lang | undefined, joiner?: string): ReportResult {
  if (lang === undefined || lang === 'en') return r;
  const said = saidOf(r);
  const inLangOf = (text: string) => {
    const ref = Object.hasOwn(said, text) ? said[text] : undefined;
    return (ref && speak(ref, lang, joiner)) ?? text;
  };
  const say = <T extends { message: string; hint?: string }>(f: T): T & { message_en: string } => ({
    ...f, message: inLangOf(f.message), message_en: f.message,
    ...(f.hint !== undefined ? { hint: inLangOf(f.hint), hint_en: f.hint } : {}),
  });
  const response = r.response && 'data' in r.response
    ? { ...r.response, data: { ...r.response.data, errors: r.response.data.errors.map(say), warnings: r.response.data.warnings.map(say) } }
    : r.response && 'errors' in r.response ? { ...r.response, errors: r.response.errors.map(say) } : r.response;
  return {
    ...r, response,
    ...(r.pintae_findings ? { pintae_findings: r.pintae_findings.map(say) } : {}),
    ...(r.suppressed ? { suppressed: r.suppressed.map(say) } : {}),
    ...(r.error ? { error: say(plainError(r.error)) } : {}),
  };
}

/** An input's error as a report writes it: its reference is the report's business, not the reader's. */
export const plainError = <E extends { said?: MessageRef }>({ said: _said, ...error }: E): Omit<E, 'said'> => error;

/** A line of pintae's own report text in `lang`. */
export function reportText<K extends ReportMessageId>(id: K, params: Parameters<(typeof REPORT)[K]['en']>[0], lang: Lang | undefined, joiner?: string): string {
  return inLang(REPORT[id] as unknown as Text<typeof params>, params, lang ?? 'en', joiner);
}

export type LocalizedFinding = ReportedFinding & { message_en?: string };
