/** mulberry32: a small seeded generator, so a fault pattern replays exactly under the same --seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type AfterCommitFault = 'drop' | 'bad-gateway';

/**
 * Injected failures for the client's retry tests. `before`: that share of requests answers 500 or 502 before anything
 * is read or stored. `afterCommit`: that share of requests that stored something then loses the answer (the
 * connection is dropped, or 502 is answered), the "send unknown" case a submission ledger must survive.
 */
export class Faults {
  private readonly random: () => number;

  constructor(private readonly failRate: number, private readonly afterCommitRate: number, seed: number) {
    for (const [name, rate] of [['failRate', failRate], ['faults.afterCommit', afterCommitRate]] as const) {
      if (!(rate >= 0 && rate <= 1)) throw new RangeError(`${name} must be between 0 and 1 (got ${rate})`);
    }
    this.random = seededRandom(seed);
  }

  /** 500 or 502 for a request to fail before it is handled; undefined to handle it. */
  before(): 500 | 502 | undefined {
    if (this.failRate === 0 || this.random() >= this.failRate) return undefined;
    return this.random() < 0.5 ? 500 : 502;
  }

  afterCommit(): AfterCommitFault | undefined {
    if (this.afterCommitRate === 0 || this.random() >= this.afterCommitRate) return undefined;
    return this.random() < 0.5 ? 'drop' : 'bad-gateway';
  }
}
