/*
 * Positions in the text as the user sees it: 1-based lines and columns, a CR LF pair or a lone CR or LF ending a
 * line, columns in UTF-16 code units, a byte-order mark not counted.
 */

/** Text that is not well-formed XML (or that pintae refuses to read), located in the original text. */
export class XmlError extends Error {
  /** For bytes that are not UTF-8 where UTF-8 was read: the offset of the first such byte in the input, so a caller can say what the file probably is. */
  notUtf8At?: number;
  constructor(readonly reason: string, readonly line: number, readonly column: number) {
    super(`not well-formed XML at line ${line}, column ${column}: ${reason}`);
    this.name = 'XmlError';
  }
}

/**
 * Turns offsets into lines and columns for offsets asked in increasing order: the cursor only moves forward, so a
 * whole document costs one pass over its line ends, however many nodes ask.
 */
export class Lines {
  line = 1;
  /** Offset at which the current line starts, and at which the next one does (Infinity after the last). */
  start: number;
  private next: number;
  private readonly cr: boolean;
  /** The next LF and CR at or after the last search (Infinity when none): each found once, however far apart. */
  private lf = -1;
  private crAt = -1;

  constructor(private readonly s: string, from = 0) {
    this.start = from;
    this.cr = s.includes('\r');
    this.next = this.after(from);
  }

  /** Start of the line after the one holding `from`. */
  private after(from: number): number {
    if (this.lf < from) { const i = this.s.indexOf('\n', from); this.lf = i < 0 ? Infinity : i; }
    if (!this.cr) return this.lf + 1;
    if (this.crAt < from) { const i = this.s.indexOf('\r', from); this.crAt = i < 0 ? Infinity : i; }
    if (this.lf < this.crAt) return this.lf + 1;
    return this.crAt + (this.lf === this.crAt + 1 ? 2 : 1);
  }

  /** Moves to the line holding `offset`; then `line` is its number and `offset - start + 1` its column. */
  advance(offset: number): void {
    while (offset >= this.next) {
      this.line++;
      this.start = this.next;
      this.next = this.after(this.next);
    }
  }

  column(offset: number): number { return offset - this.start + 1; }
}

/** The XmlError for `reason` at `offset` of `s` (the text starting at `from`, after any byte-order mark). */
export function xmlErrorAt(s: string, from: number, offset: number, reason: string): XmlError {
  const lines = new Lines(s, from);
  lines.advance(offset);
  return new XmlError(reason, lines.line, lines.column(offset));
}
