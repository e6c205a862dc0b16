/**
 * The access token must never reach the terminal, a log, an error message or the ledger. Every string that leaves
 * pintae and may carry request material goes through `redact`: registered secrets are replaced, and so is anything
 * that looks like a bearer credential, whatever its value.
 */
const secrets = new Set<string>();

export const REDACTED = '[redacted]';

/** Remembers a secret for every later `redact` call in this process (tokens shorter than 4 characters are refused upstream). */
export function registerSecret(secret: string | undefined): void {
  if (secret && secret.length >= 4) secrets.add(secret);
}

export function redact(text: string, extra: Iterable<string> = []): string {
  let out = text;
  for (const s of [...secrets, ...extra]) if (s && s.length >= 4) out = out.split(s).join(REDACTED);
  // "Bearer <credential>" in any header dump or echoed request, whether or not the credential was registered.
  return out.replace(/\b(Bearer\s+)[^\s"',;]+/gi, `$1${REDACTED}`);
}

/** Redacts every string inside a JSON-like value (for bodies printed or stored). */
export function redactDeep<T>(value: T, extra: Iterable<string> = []): T {
  if (typeof value === 'string') return redact(value, extra) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, extra)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, extra)])) as T;
  }
  return value;
}

/** For tests only: forgets the registered secrets. */
export function clearSecrets(): void {
  secrets.clear();
}
