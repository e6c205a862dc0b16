import type { Endpoint, Extract } from './extract.js';
import { NOT_XML_CHAR } from '../ubl/serialize.js';
import type { MessageRef, Worded } from '../messages/ref.js';
import { tddWords } from '../messages/tdd.js';
import { PLACEHOLDER, UAE_SCHEME } from '../codelists/eas.js';

/** The TDD's own codes (codelists TDD-dtc, TDD-ds, TDD-rr of the TDD release). */
export const TDD_TYPES = ['S', 'R', 'W', 'F'] as const;
export const TDD_SCOPES = ['D', 'IP', 'INP'] as const;
export const TDD_ROLES = { sender: '01', receiver: '02' } as const;
export type TddType = (typeof TDD_TYPES)[number];
export type TddScope = (typeof TDD_SCOPES)[number];
export type TddRole = keyof typeof TDD_ROLES;

/** What a TDD needs beyond its source document (`pintae tdd` options, README "The FTA report"). */
export interface TddOptions {
  /** S submit (default), R resubmit, W withdraw, F failed validation (a TDS). */
  type?: TddType;
  /** sender (01, default) or receiver (02). */
  role?: TddRole;
  /** Default: derived from the document (defaultScope). */
  scope?: TddScope;
  /** `scheme:id` of the reporter; default the seller's endpoint (sender) or the buyer's (receiver). */
  reporter?: string;
  /** The FTA's service provider, under scheme 0242 (`0242:id` or the id alone). */
  receiver: string;
  /** The reporter's representative (its service provider), under scheme 0242. */
  representative: string;
  /** The transport header id of the Peppol message that carried the invoice or credit note. */
  transportId: string;
  /** When the TDD is issued: an ISO 8601 date-time with its time zone (`2025-02-06T08:00:00+04:00`). */
  issued: string;
}

/**
 * A value given to the TDD builder that it cannot use: the message names the option. `said`: the catalogue entry
 * it was said from (src/messages/tdd.ts), so the command line and reports say it in their language.
 */
export class TddOptionError extends Error {
  said?: MessageRef;
  constructor(readonly option: string, message: string, said?: MessageRef) { super(message); this.name = 'TddOptionError'; if (said) this.said = said; }
  static of(option: string, words: Worded): TddOptionError { return new TddOptionError(option, words.message, words.said); }
}

/** A source document the TDD cannot report: the message says what it lacks (`said`: its catalogue entry). */
export class TddSourceError extends Error {
  said?: MessageRef;
  constructor(message: string, said?: MessageRef) { super(message); this.name = 'TddSourceError'; if (said) this.said = said; }
  static of(words: Worded): TddSourceError { return new TddSourceError(words.message, words.said); }
}

/** Peppol participant identifier schemes are four digits (ICD). */
const SCHEME_ID = /^(\d{4}):(.+)$/;
const PEPPOL_SCHEME = /^\d{4}$/;

/** `scheme:id`; for the 0242 parties the id alone is taken under 0242, another scheme is refused (ibr-tdd-17, 21). */
export function participant(option: string, value: string, only?: string): Endpoint {
  writable(option, value);
  const v = value.trim();
  const m = SCHEME_ID.exec(v);
  if (!m && only && v !== '' && !v.includes(':')) return { scheme: only, id: v };
  if (!m || m[2]!.trim() === '') throw TddOptionError.of(option, tddWords('tdd.option.participant', { option, value, scheme: only ?? '0235' }));
  if (only && m[1] !== only) throw TddOptionError.of(option, tddWords('tdd.option.scheme', { option, value, only, got: m[1]! }));
  return { scheme: m[1]!, id: m[2]!.trim() };
}

/** A value no XML document can carry (a control character) is refused at its option, before anything is written. */
export function writable(option: string, value: string): void {
  const bad = NOT_XML_CHAR.exec(value);
  if (bad) throw TddOptionError.of(option, tddWords('tdd.option.unwritable', { option, code: `U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` }));
}

/** A transport header id: text XML can carry, not blank (checked with the other options, before any document is read). */
export function transportIdProblem(option: string, value: string): void {
  writable(option, value);
  if (value.trim() === '') throw TddOptionError.of(option, tddWords('tdd.option.transport-id', { option }));
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2}(?:\.\d+)?)(Z|[+-]\d{2}:\d{2})$/;

/** The size of a `±hh:mm` zone in minutes, or Infinity when its minutes are no minutes (xs:time: at most 14:00). */
const zoneMinutes = (zone: string) => {
  const minutes = Number(zone.slice(4, 6));
  return minutes < 60 ? Number(zone.slice(1, 3)) * 60 + minutes : Infinity;
};

/** The TDD's IssueDate (no time zone, ibr-tdd-04) and IssueTime (with one, ibr-tdd-05). */
export function issuedParts(issued: string): { date: string; time: string } {
  const m = DATE_TIME.exec(issued.trim());
  // A real calendar day and clock time (2025-02-30 or 24:00:00 would make the TDD invalid against its XSD).
  const real = m && !Number.isNaN(Date.parse(`${m[1]}T${m[2]}${m[3]}`)) && new Date(`${m[1]}T00:00:00Z`).toISOString().slice(0, 10) === m[1]
    && Number(m[2]!.slice(0, 2)) < 24 && Number(m[2]!.slice(3, 5)) < 60 && Number(m[2]!.slice(6, 8)) < 60 && (m[3] === 'Z' || zoneMinutes(m[3]!) <= 14 * 60);
  if (!m || !real) {
    throw TddOptionError.of('--issued', tddWords('tdd.option.issued', { value: issued }));
  }
  return { date: m[1]!, time: `${m[2]}${m[3]}` };
}

/** `now` as a local date-time with its offset (the default of --issued); `offsetMinutes` east of UTC. */
export function localDateTime(now: Date, offsetMinutes: number): string {
  const local = new Date(now.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);
  if (offsetMinutes === 0) return `${local}Z`;
  const a = Math.abs(offsetMinutes);
  return `${local}${offsetMinutes < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/**
 * PINT-AE's placeholder endpoints (export, no identifier, deemed supply, all under 0235): no receiver holds them, so
 * an invoice addressed to one cannot be reached over Peppol.
 */
const UNREACHABLE: ReadonlySet<string> = new Set(Object.values(PLACEHOLDER));

/**
 * The scope a document's own data says (docs/decisions.md "TDD scope"): domestic when the buyer's address is in the
 * UAE (or states no country); otherwise international, over Peppol unless the buyer's endpoint is one of PINT-AE's
 * placeholders (0235:9900000097, …98, …99), which no receiver holds.
 */
export function defaultScope(x: Extract): TddScope {
  if (x.buyerCountry === undefined || x.buyerCountry === 'AE') return 'D';
  const e = x.buyerEndpoint;
  return !e || (e.scheme === UAE_SCHEME && UNREACHABLE.has(e.id)) ? 'INP' : 'IP';
}

/** The reporter: the option, else the seller's endpoint (sender) or the buyer's (receiver). */
export function reporterOf(x: Extract, role: TddRole, given: string | undefined): Endpoint {
  if (given !== undefined) return participant('--reporter', given);
  const e = role === 'sender' ? x.sellerEndpoint : x.buyerEndpoint;
  const party = role === 'sender' ? 'seller' : 'buyer';
  if (!e) throw TddSourceError.of(tddWords('tdd.source.no-endpoint', { party }));
  // ibr-tdd-13: a Peppol participant identifier scheme, four digits. A document that failed validation (a TDS, or a
  // run without the PINT-AE rules) may carry any other: the TDD would fail the official rules.
  if (!PEPPOL_SCHEME.test(e.scheme)) throw TddSourceError.of(tddWords('tdd.source.endpoint-scheme', { party, endpoint: e.scheme === '' ? e.id : `${e.scheme}:${e.id}` }));
  return e;
}
