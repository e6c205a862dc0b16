// A pool worker for test/unit/batch/pool.test.ts: answers each task after its delay; can die on a task or at start.
import { parentPort, workerData } from 'node:worker_threads';

if (workerData?.failAtStart) parentPort.postMessage({ type: 'fatal', message: 'cannot start: ' + workerData.failAtStart });
else {
  parentPort.on('message', ({ id, task }) => {
    if (task.crash) process.exit(70);
    if (task.throwUncaught) setImmediate(() => { throw new Error('boom in worker'); });
    else setTimeout(() => parentPort.postMessage({ type: 'result', id, result: { value: task.value, thread: workerData.tag } }), task.delay ?? 0);
  });
  parentPort.postMessage({ type: 'ready' });
}
