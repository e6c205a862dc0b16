/*
 * Text into HTML. Everything a report shows comes from files the user was given (hostile, for all pintae knows), so
 * every piece of text goes through `esc` — in element content and in attribute values alike — and nothing is ever
 * inserted as markup.
 */

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text as HTML character data or a quoted attribute value. Control characters a browser would show as nothing or
 * choke on (C0 but tab, line feed, carriage return; DEL; C1) become U+FFFD, so what is shown is never less than
 * what was there.
 */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!).replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, '\uFFFD');
}

/** A user's text as an element of its own, its direction found from its content (Arabic reads right to left). */
export const userText = (text: string, cls = ''): string => `<span${cls ? ` class="${cls}"` : ''} dir="auto">${esc(text)}</span>`;

/**
 * An amount or quantity with its thousands grouped (1250.00 → 1,250.00), when it is a plain decimal; anything else
 * (a value a finding complains about, an exponent, a stray space) is shown exactly as it stands.
 */
export function grouped(text: string): string {
  const m = /^([-−]?)(\d+)(\.\d+)?$/.exec(text.trim());
  if (!m) return text;
  return `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
}

export { plural } from './words.js';
