/** The ordered worker pool (src/batch/pool.ts) with a tiny worker script: order, crashes, start-up failure, early stop. */
import { describe, expect, it } from 'vitest';
import { orderedPool } from '../../../src/batch/pool.js';

const SCRIPT = new URL('./echo-worker.mjs', import.meta.url);
type Task = { value: number; delay?: number; crash?: boolean; throwUncaught?: boolean };

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

const crashed = (task: Task, reason: string) => ({ value: task.value, crashed: reason });

describe('orderedPool', () => {
  it('yields results in task order even when later tasks finish first', async () => {
    // Descending delays: task 0 is the slowest, so every later result waits in the reorder buffer.
    const tasks: Task[] = Array.from({ length: 12 }, (_, i) => ({ value: i, delay: (12 - i) * 3 }));
    const results = await collect(orderedPool(tasks, { jobs: 3, script: SCRIPT, workerData: {} }, crashed));
    expect(results.map((r) => r.value)).toEqual(tasks.map((t) => t.value));
  });

  it('a worker that exits on a task: that task gets the stand-in result, the others are all answered, in order', async () => {
    const tasks: Task[] = [{ value: 0 }, { value: 1, crash: true }, { value: 2 }, { value: 3, crash: true }, { value: 4 }, { value: 5 }];
    const results = await collect(orderedPool(tasks, { jobs: 2, script: SCRIPT, workerData: {} }, crashed));
    expect(results).toHaveLength(6);
    expect(results.map((r) => r.value)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results[1]).toEqual({ value: 1, crashed: 'exit code 70' });
    expect(results[3]).toEqual({ value: 3, crashed: 'exit code 70' });
    expect(results.filter((r) => 'crashed' in r)).toHaveLength(2);
  });

  it('an uncaught exception in a worker is reported with its message', async () => {
    const tasks: Task[] = [{ value: 0, throwUncaught: true }, { value: 1 }];
    const results = await collect(orderedPool(tasks, { jobs: 1, script: SCRIPT, workerData: {} }, crashed));
    expect(results[0]).toEqual({ value: 0, crashed: 'boom in worker' });
    expect(results[1]).toMatchObject({ value: 1 });
  });

  it('a worker that cannot start ends the run with its message', async () => {
    const run = collect(orderedPool([{ value: 0 }], { jobs: 2, script: SCRIPT, workerData: { failAtStart: 'no rules' } }, crashed));
    await expect(run).rejects.toThrow('cannot start: no rules');
  });

  it('never runs ahead of the consumer by more than the window, and stopping early ends the workers', async () => {
    let pulled = 0;
    function* tasks(): Generator<Task> { for (let i = 0; i < 1000; i++) { pulled++; yield { value: i }; } }
    const seen: number[] = [];
    for await (const r of orderedPool(tasks(), { jobs: 2, script: SCRIPT, workerData: {}, window: 4 }, crashed)) {
      seen.push(r.value);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual([0, 1, 2]);
    expect(pulled).toBeLessThanOrEqual(3 + 4);
  });

  it('no tasks: no results, and it finishes', async () => {
    expect(await collect(orderedPool([], { jobs: 2, script: SCRIPT, workerData: {} }, crashed))).toEqual([]);
  });
});
