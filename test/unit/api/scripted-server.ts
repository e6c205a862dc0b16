import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a scripted answer does: reply with a status and body, drop the connection, or never answer. */
export type Step = { status: number; body?: unknown; text?: string; headers?: Record<string, string> } | 'drop' | 'hang';

/**
 * A throwaway HTTP server on 127.0.0.1 (port 0) for the retry-policy tests only: each request takes the next scripted
 * step (the last repeats). The sandbox serves every other test.
 */
export async function scriptedServer(steps: Step[]) {
  const requests: Array<{ method: string; url: string; authorization?: string; body: string }> = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    requests.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
    const step = steps[Math.min(requests.length - 1, steps.length - 1)]!;
    if (step === 'drop') { req.socket.destroy(); return; }
    if (step === 'hang') return;
    const text = step.text ?? JSON.stringify(step.body ?? {});
    res.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
    res.end(text);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
