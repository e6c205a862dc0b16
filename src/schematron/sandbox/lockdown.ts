import dgram from 'node:dgram';
import dns from 'node:dns';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import inspector from 'node:inspector';
import net from 'node:net';
import tls from 'node:tls';
import traceEvents from 'node:trace_events';
import v8 from 'node:v8';

/*
 * The sandboxed child's own layer, run before Saxon-JS is loaded (child.ts imports it first). The permission model
 * (boundary.ts) keeps the file system, processes, threads and addons out of reach, but not, before Node 25, the
 * network, and not a few other things measured on Node 20 (docs/decisions.md "Saxon-JS behind a process boundary"):
 * a trace file written into the working directory, V8 flags changed at run time, signals sent to any process of the
 * user. Each of these is made to throw here. Prototypes are patched rather than classes replaced: Node's own stdio
 * streams are net.Sockets, made without connecting.
 */

const refuse = (what: string) => function refused(): never {
  throw Object.assign(new Error(`${what} is not available to a rule set`), { code: 'ERR_ACCESS_DENIED' });
};

function refuseAll(target: object, name: string, keys?: string[]): void {
  for (const key of keys ?? Object.keys(target)) {
    const value = (target as Record<string, unknown>)[key];
    if (typeof value === 'function' && !/^[A-Z]/.test(key)) Object.defineProperty(target, key, { value: refuse(`${name}.${key}`), writable: false, configurable: false });
  }
}

refuseAll(net, 'net', ['connect', 'createConnection', 'createServer']);
refuseAll(net.Socket.prototype, 'net.Socket', ['connect']);
refuseAll(net.Server.prototype, 'net.Server', ['listen']);
refuseAll(tls, 'tls', ['connect', 'createServer']);
refuseAll(dgram, 'dgram', ['createSocket']);
refuseAll(dgram.Socket.prototype, 'dgram.Socket', ['bind', 'connect', 'send']);
refuseAll(dns, 'dns');
refuseAll(dns.promises, 'dns.promises');
refuseAll(dns.Resolver.prototype, 'dns.Resolver');
refuseAll(dns.promises.Resolver.prototype, 'dns.promises.Resolver');
for (const [name, m] of [['http', http], ['https', https]] as const) {
  refuseAll(m, name, ['request', 'get', 'createServer']);
  refuseAll(m.Agent.prototype, `${name}.Agent`, ['createConnection']);
}
refuseAll(http2, 'http2', ['connect', 'createServer', 'createSecureServer']);
refuseAll(traceEvents, 'trace_events', ['createTracing']);
refuseAll(v8, 'v8', ['setFlagsFromString', 'writeHeapSnapshot', 'getHeapSnapshot']);
refuseAll(inspector, 'inspector', ['open']);
for (const name of ['fetch', 'WebSocket', 'EventSource']) {
  if (name in globalThis) Object.defineProperty(globalThis, name, { value: refuse(name), writable: false, configurable: false });
}
refuseAll(process, 'process', ['kill', 'dlopen', 'binding', '_linkedBinding', 'chdir', 'setuid', 'setgid', 'setgroups', 'abort']);

/**
 * Takes `process` from the global object, leaving what Saxon-JS reads of it while it runs (process.platform, and
 * process.stdout for xsl:message): a stylesheet that reaches JavaScript (js: and ixsl: functions, ixsl:window())
 * then finds no process to signal, no builtin module to load, no IPC channel to write to. The caller keeps `real`.
 */
export function hideProcess(real: NodeJS.Process): void {
  const stub = Object.freeze({
    platform: real.platform,
    env: Object.freeze({}),
    stdout: Object.freeze({ write: () => true }),
    version: real.version,
    versions: real.versions,
  });
  Object.defineProperty(globalThis, 'process', { value: stub, writable: false, configurable: false, enumerable: false });
}
