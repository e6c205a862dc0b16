import { fstatSync } from 'node:fs';

/** Where progress goes: standard error, drawn only when it is a terminal. */
export interface ProgressStream { isTTY?: boolean; write(chunk: string): unknown }

/** What standard output is, for progressStream: a pipe or socket, or anything else (a terminal, a file, nothing). */
export type OutputKind = 'pipe' | 'other';

/** What standard output (fd 1) is. */
export function stdoutKind(): OutputKind {
  try {
    const st = fstatSync(1);
    return st.isFIFO() || st.isSocket() ? 'pipe' : 'other';
  } catch {
    return 'other';
  }
}

/**
 * Where the progress line may be drawn: standard error, unless standard output is a pipe. A pipe often ends on the same
 * terminal through another program (`| head`, `| less`, `| tee`), whose lines arrive when that program writes them:
 * pintae cannot clear its progress line before them, and they landed on it. Redirected to a file, or a terminal
 * itself (the line is cleared before each result then), the progress stays.
 */
export function progressStream(stderr: ProgressStream, stdout: OutputKind): ProgressStream {
  return stdout === 'pipe' ? { isTTY: false, write: () => true } : stderr;
}

export interface ProgressOptions {
  /** Nothing is drawn before the run has taken this long, so quick runs stay quiet (default 1 s). */
  delayMs?: number;
  /** At most one redraw per interval (default 100 ms). */
  intervalMs?: number;
  now?: () => number;
}

/**
 * One self-rewriting line on a terminal: `pintae: 120/1000 files, 45 files/s`. `clear()` before anything else is
 * written to the terminal, so report lines never land on the progress line; `done()` erases it at the end.
 */
export class Progress {
  private readonly started: number;
  private last = -Infinity;
  private drawn = false;
  private readonly delayMs: number;
  private readonly intervalMs: number;
  private readonly now: () => number;

  constructor(private readonly stream: ProgressStream, private readonly total: number, options: ProgressOptions = {}) {
    this.now = options.now ?? Date.now;
    this.delayMs = options.delayMs ?? 1000;
    this.intervalMs = options.intervalMs ?? 100;
    this.started = this.now();
  }

  update(filesDone: number): void {
    if (!this.stream.isTTY) return;
    const t = this.now();
    if (t - this.started < this.delayMs || t - this.last < this.intervalMs) return;
    this.last = t;
    const rate = filesDone / Math.max((t - this.started) / 1000, 0.001);
    this.stream.write(`\r\u001b[Kpintae: ${filesDone}/${this.total} files, ${rate.toFixed(0)} files/s`);
    this.drawn = true;
  }

  clear(): void {
    if (this.drawn) { this.stream.write('\r\u001b[K'); this.drawn = false; }
  }

  done(): void { this.clear(); }
}
