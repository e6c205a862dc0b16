import type { RejectedResponse, ValidateResponse } from '../model/types.js';

/** One verdict of the dry run: offline (pintae's pipeline) or remote (POST /oauth/invoices/validate). */
export type Verdict = { kind: 'validated'; response: ValidateResponse } | { kind: 'rejected'; response: RejectedResponse };

export interface Difference {
  /** The verdicts differ in is_valid (or one side refused the request with 400). */
  verdict: boolean;
  onlyOffline: string[];
  onlyRemote: string[];
}

/**
 * An error as compared: its section and message (the service's wording is the contract, spec 2.10). A PINT-AE
 * finding is compared by the rule's own text (`rule_text`), which is what the service words it with; pintae's
 * rewording in the terms of the request is not a difference.
 */
function errorKeys(v: Verdict): string[] {
  if (v.kind === 'rejected') return (v.response.errors ?? []).map((e) => `[400] ${e.field ? `${e.field}: ` : ''}${e.message}`);
  return (v.response.data?.errors ?? []).map((e) => `[${e.section}] ${e.rule_text ?? e.message}`);
}

export const isValidVerdict = (v: Verdict) => v.kind === 'validated' && v.response.data?.is_valid === true;

/** Compares two verdicts as multisets of (section, message); null when they agree. */
export function compareVerdicts(offline: Verdict, remote: Verdict): Difference | null {
  const verdict = offline.kind !== remote.kind || isValidVerdict(offline) !== isValidVerdict(remote);
  const remaining = new Map<string, number>();
  for (const k of errorKeys(remote)) remaining.set(k, (remaining.get(k) ?? 0) + 1);
  const onlyOffline: string[] = [];
  for (const k of errorKeys(offline)) {
    const n = remaining.get(k) ?? 0;
    if (n > 0) remaining.set(k, n - 1); else onlyOffline.push(k);
  }
  const onlyRemote = [...remaining].flatMap(([k, n]) => Array<string>(n).fill(k));
  return verdict || onlyOffline.length || onlyRemote.length ? { verdict, onlyOffline, onlyRemote } : null;
}
