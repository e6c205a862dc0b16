/**
 * One contender of the lock race (test/e2e/lock-race.test.ts): a process of its own, since a lock file is between
 * processes. Told `try`, it takes the ledger's lock (Ledger.open, as `pintae bulk` does) or the sandbox's data-directory
 * lock, from the built code, and answers whether it holds it; told `release`, it lets it go. It holds what it took
 * until told, so that a slow contender cannot take a lock released a moment before and count as a second holder.
 */
const { Ledger } = await import(new URL('../../dist/batch/ledger.js', import.meta.url).href);
const { lockDataDir } = await import(new URL('../../dist/sandbox/lock.js', import.meta.url).href);

let release;
process.on('message', (m) => {
  if (m.type === 'try') {
    let error;
    try {
      if (m.kind === 'ledger') { const ledger = Ledger.open(m.path); release = () => ledger.close(); }
      else release = lockDataDir(m.path);
    } catch (e) { error = e instanceof Error ? e.message : String(e); }
    process.send({ type: 'tried', pid: process.pid, held: error === undefined, error });
  } else if (m.type === 'release') {
    release?.();
    release = undefined;
    process.send({ type: 'released' });
  } else if (m.type === 'exit') {
    process.disconnect();
  }
});
process.send({ type: 'ready' });
