import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { parseJson } from '../io/json.js';
import { reasonAt } from '../io/errors.js';
import { ioError } from '../messages/io.js';
import { usageText } from '../io/text.js';
import { makeDirectories } from '../io/write.js';

export const DEFAULT_APPLICATION = 'app_sandbox';

/**
 * `<data-dir>/tokens.json`: {"<token>": "<application id>"}. Created on first start with one random token, readable
 * by its owner only; the token lives in that file and is never printed or logged by the sandbox.
 */
export function loadTokens(dataDir: string): { path: string; tokens: Record<string, string>; created: boolean } {
  const path = join(dataDir, 'tokens.json');
  if (!existsSync(path)) {
    const tokens = { [`sbx_${randomBytes(24).toString('base64url')}`]: DEFAULT_APPLICATION };
    // Created owner-only from the first byte (writeAtomic would leave it readable by others until a chmod).
    makeDirectories(dataDir);
    const tmp = join(dataDir, `.tokens.json.${process.pid}.tmp`);
    writeFileSync(tmp, `${JSON.stringify(tokens, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, path);
    return { path, tokens, created: true };
  }
  const parsed = parseJson(usageText(readFileSync(path), path));
  if (!parsed.ok) throw reasonAt(`${path}:${parsed.line}:${parsed.column}`, parsed.message);
  const value = parsed.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw ioError('io.sandbox.tokens-not-object', { path });
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) throw ioError('io.sandbox.tokens-empty', { path });
  for (const [token, app] of entries) {
    if (!/^\S+$/.test(token)) throw ioError('io.sandbox.token-spaces', { path });
    if (typeof app !== 'string' || app.trim() === '') throw ioError('io.sandbox.token-application', { path });
  }
  return { path, tokens: value as Record<string, string>, created: false };
}
