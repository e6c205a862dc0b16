/**
 * A serve worker thread: builds its pipeline once (rules compiled, entity records and rates loaded), posts `ready`,
 * then answers one request at a time (src/serve/pool.ts protocol). Bad input is an answer, never an exception; an
 * exception is a 500 of that request alone.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ServePoolMessage, ServeSetup, ServeWorkerMessage } from './protocol.js';
import { reloadSources, serveEnv } from './env.js';
import { serveTask } from './work.js';

const port = parentPort!;
const post = (message: ServeWorkerMessage) => port.postMessage(message);

/*
 * Test hooks, read in worker threads only (the tests start them through the CLI): a body holding the crash marker
 * makes the worker die, one holding the hold marker makes it wait until the release file exists, so a test can
 * fill the queue or stop the server with a request in flight without racing it.
 */
const crashOn = process.env.PINTAE_TEST_SERVE_CRASH_ON;
const holdOn = process.env.PINTAE_TEST_SERVE_HOLD_ON;
const releaseFile = process.env.PINTAE_TEST_SERVE_RELEASE;

async function testHooks(text: string | undefined): Promise<void> {
  if (text === undefined) return;
  if (crashOn && text.includes(crashOn)) process.exit(70);
  if (holdOn && releaseFile && text.includes(holdOn)) {
    const { existsSync } = await import('node:fs');
    while (!existsSync(releaseFile)) await new Promise((r) => setTimeout(r, 20));
  }
}

try {
  const setup = workerData as ServeSetup;
  const env = await serveEnv(setup);
  port.on('message', async (m: ServePoolMessage) => {
    if (m.type === 'reload') {
      try { reloadSources(env, m.setup); post({ type: 'reloaded', id: m.id }); } catch (e) { post({ type: 'reloaded', id: m.id, error: (e as Error).message }); }
      return;
    }
    if (crashOn || holdOn) await testHooks('text' in m.task ? m.task.text : 'bytes' in m.task && m.task.bytes ? Buffer.from(m.task.bytes).toString('latin1') : undefined);
    if (!setup.todayFixed) env.pipeline.today = new Date().toISOString().slice(0, 10);
    try {
      post({ type: 'answer', id: m.id, answer: serveTask(m.task, env) });
    } catch (e) {
      post({ type: 'answer', id: m.id, answer: { status: 500, body: '', fault: (e as Error)?.message ?? String(e) } });
    }
  });
  post({ type: 'ready' });
} catch (e) {
  post({ type: 'fatal', message: (e as Error).message });
}
