import { SANDBOX_WORDS } from '../messages/sandbox.js';
import { HttpRefusal, type Answer } from '../server/layer.js';
import { bodyText } from '../server/body.js';
import { parseJson } from '../io/json.js';

/** What a handler answers: a JSON value; the shared layer (src/server/) writes it, after any injected latency or fault. */
export interface Reply {
  status: number;
  body: unknown;
  /** Set by a handler that stored something: the after-commit fault may strike only then. */
  committed?: boolean;
}

export const reply = (status: number, body: unknown, committed = false): Reply => ({ status, body, ...(committed ? { committed } : {}) });
export const message = (status: number, text: string, extra: Record<string, unknown> = {}): Reply => reply(status, { message: text, ...extra });
export const notFound = (what: string): Reply => message(404, SANDBOX_WORDS.notFound(what));

/** A reply as the layer's answer. */
export const answerOf = (r: Reply): Answer =>
  ({ status: r.status, type: 'application/json; charset=utf-8', body: JSON.stringify(r.body), ...(r.committed ? { committed: true } : {}) });

/**
 * A JSON request body: decoded by the layer's reader (not text: 400 naming the byte), then parsed; an empty body reads
 * as undefined. `text` is the body as sent.
 */
export function jsonBody(body: Buffer): { value: unknown; text: string } {
  const text = bodyText(body);
  if (text.trim() === '') return { value: undefined, text };
  const parsed = parseJson(text, 'body');
  if (!parsed.ok) throw new HttpRefusal(answerOf(unreadableBody(parsed)));
  return { value: parsed.value, text };
}

/**
 * A body that is no JSON, located: the 400 `pintae serve` answers on the same endpoint (decisions.md "pintae serve"),
 * the shape of the service's other 400s, in the JSON reader's words.
 */
export const unreadableBody = (p: { message: string; line: number; column: number }): Reply =>
  message(400, SANDBOX_WORDS.requestInvalid, { errors: [{ field: '(body)', message: p.message, line: p.line, column: p.column }] });

export const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
