/**
 * Issue 21, item 6: a token may leave pintae in no run of 8 or more of its characters. The runs of 8 are the
 * 8-character pieces of the token: a text holds a longer run only if it holds one of them.
 */
export function tokenRuns(token: string, length = 8): string[] {
  return Array.from({ length: Math.max(0, token.length - length + 1) }, (_, i) => token.slice(i, i + length));
}

/** The runs of 8 of `token` that `text` holds (none when the token did not leak). */
export function leakedRuns(text: string, token: string): string[] {
  return tokenRuns(token).filter((run) => text.includes(run));
}
