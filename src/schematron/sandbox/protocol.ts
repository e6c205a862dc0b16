/**
 * What the three parties of a sandboxed rule run say to each other: the caller (runner.ts, any thread, blocking), the
 * bridge thread (bridge.ts, owning the child processes) and a child (child.ts, running Saxon-JS under the boundary).
 */

/** A rule run's limits: CPU time per document, and the child's memory. */
export interface RuleLimits {
  /** CPU milliseconds one document's run may use (Linux; elsewhere wall-clock milliseconds). */
  cpuMs: number;
  /** Megabytes of memory the child may hold (its V8 heap, and on Linux its resident size). */
  memoryMb: number;
}

export const DEFAULT_LIMITS: RuleLimits = { cpuMs: 30_000, memoryMb: 2048 };

/** Caller → bridge: run one document through the stylesheet at `sef` (its guarded twin behind it) in the child for `dir`. */
export interface BridgeRequest {
  id: number;
  ruleSet: string;
  dir: string;
  sef: string;
  guarded?: string;
  xml: string;
  limits: RuleLimits;
}

export type LimitKind = 'time' | 'memory' | 'crash';

/** Bridge → caller: the SVRL, the stylesheet's error, or the limit that stopped the child. */
export type BridgeAnswer =
  | { id: number; svrl: string }
  | { id: number; error: string }
  | { id: number; limit: LimitKind; detail: string }
  | { id: number; unavailable: string };

/** Bridge → child: one document, and the longest report it may answer with. */
export interface ChildJob { id: number; sef: string; guarded?: string; xml: string; maxReport: number }

/** How long a report may be: generous for SVRL (a failed assert per node of a large document), bounded all the same. */
export const maxReportChars = (xmlChars: number) => 64 * 2 ** 20 + 16 * xmlChars;

/** Child → bridge: ready once Saxon-JS is loaded, then one answer per job. */
export type ChildMessage =
  | { ready: true }
  | { id: number; svrl: string }
  | { id: number; error: string }
  | { id: number; limit: 'memory'; detail: string };

/** How a child's error begins when the stylesheet itself could not be read as JSON (a damaged file, not the rules' error). */
export const DAMAGED = 'damaged SEF: ';

/** The child's argument: marks the process (a test worker importing child.ts has none). */
export const CHILD_FLAG = '--pintae-rules-sandbox';
