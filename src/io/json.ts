/** JSON.parse with the failure located: line and column of the offending character. */
export type JsonResult = { ok: true; value: unknown } | { ok: false; message: string; line: number; column: number };

export function parseJson(text: string): JsonResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return { ok: false, message: 'the file is empty', line: 1, column: 1 };
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (e) {
    const message = (e as Error).message;
    const position = /position (\d+)/.exec(message);
    let offset = position ? Number(position[1]) : body.length;
    const lineCol = /line (\d+) column (\d+)/.exec(message);
    if (lineCol) return { ok: false, message: cleanMessage(message), line: Number(lineCol[1]), column: Number(lineCol[2]) };
    if (offset > body.length) offset = body.length;
    const before = body.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    return { ok: false, message: cleanMessage(message), line, column };
  }
}

function cleanMessage(message: string): string {
  return message.replace(/ in JSON at position \d+.*$/s, '').replace(/\s*\(line \d+ column \d+\)/, '').replace(/^JSON\.parse: /, '');
}
