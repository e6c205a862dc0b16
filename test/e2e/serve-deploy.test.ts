/**
 * Issue 25 item 4: the deployment files of docs/deploy/ point at what pintae serve really has — every argument an
 * option of `pintae serve --help`, every probe a GET route of the server, the probe and Service ports the port the
 * server listens on, the grace periods longer than the drain timeout.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { load as loadYaml } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/paths.js';

const DEPLOY = join(ROOT, 'docs/deploy');
let options: Set<string>;
let getRoutes: Set<string>;

/** Every `--option` an argument list names, with the value after it (for options that take one). */
function checkArgs(args: string[]): Map<string, string | undefined> {
  expect(args[0]).toBe('serve');
  const given = new Map<string, string | undefined>();
  for (let i = 1; i < args.length; i++) {
    const arg = args[i]!;
    expect(arg.startsWith('--'), `argument ${arg} (each option's value follows it)`).toBe(true);
    expect(options.has(arg), `${arg} is an option of pintae serve`).toBe(true);
    const value = args[i + 1] !== undefined && !args[i + 1]!.startsWith('--') ? args[++i] : undefined;
    given.set(arg, value);
  }
  return given;
}

beforeAll(async () => {
  const help = (await execa('node', [BIN, 'serve', '--help'], { cwd: ROOT })).stdout;
  options = new Set(help.match(/--[a-z][a-z-]+/g));
  const { serviceRoutes } = await import(join(ROOT, 'dist/serve/routes.js'));
  const { Metrics } = await import(join(ROOT, 'dist/server/metrics.js'));
  const routes = serviceRoutes({ pool: {}, metrics: new Metrics(), draining: () => false }) as Array<{ method: string; path: string; open?: boolean }>;
  // A probe carries no token: the routes it may name are the open ones.
  getRoutes = new Set(routes.filter((r) => r.method === 'GET' && r.open).map((r) => r.path));
});

describe('docs/deploy', () => {
  it('kubernetes.yaml: probes on /readyz and /healthz at the container port, the Service on it, arguments pintae serve has', () => {
    const docs = readFileSync(join(DEPLOY, 'kubernetes.yaml'), 'utf8').split(/^---$/m).map((d) => loadYaml(d) as any);
    const deployment = docs.find((d) => d.kind === 'Deployment');
    const service = docs.find((d) => d.kind === 'Service');
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers;
    const args = checkArgs(container.args);
    const port = Number(args.get('--port') ?? 8080);
    expect(args.get('--host'), 'a container listens on every interface').toBe('0.0.0.0');
    const named = new Map<string, number>(container.ports.map((p: any) => [p.name, p.containerPort]));
    expect([...named.values()]).toContain(port);
    const portOf = (p: string | number) => (typeof p === 'number' ? p : named.get(p));
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    expect(container.livenessProbe.httpGet.path).toBe('/healthz');
    for (const probe of [container.readinessProbe, container.livenessProbe]) {
      expect(getRoutes.has(probe.httpGet.path), `${probe.httpGet.path} is an open GET route`).toBe(true);
      expect(portOf(probe.httpGet.port)).toBe(port);
    }
    expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    expect(deployment.spec.template.metadata.labels).toMatchObject(deployment.spec.selector.matchLabels);
    for (const p of service.spec.ports) expect(portOf(p.targetPort)).toBe(port);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(Number(args.get('--drain-timeout') ?? 30));
    for (const path of [args.get('--entity'), args.get('--rates'), args.get('--token-file')]) {
      expect(container.volumeMounts.some((m: any) => path!.startsWith(m.mountPath)), `${path} is mounted`).toBe(true);
    }
  });

  it('pintae.service: pintae serve with its options, reload by SIGHUP, stop by SIGTERM after the drain', () => {
    const unit = readFileSync(join(DEPLOY, 'pintae.service'), 'utf8');
    const key = (name: string) => unit.match(new RegExp(`^${name}=(.*)$`, 'm'))?.[1];
    const exec = key('ExecStart')!.split(/\s+/);
    expect(exec[0]).toMatch(/\/pintae$/);
    const args = checkArgs(exec.slice(1));
    expect(Number(args.get('--port'))).toBeGreaterThan(0);
    expect(key('ExecReload')).toBe('/bin/kill -HUP $MAINPID');
    expect(key('KillSignal')).toBe('SIGTERM');
    expect(Number(key('TimeoutStopSec'))).toBeGreaterThan(Number(args.get('--drain-timeout') ?? 30));
  });

  it('the Dockerfile runs pintae serve on every interface', () => {
    const file = readFileSync(join(DEPLOY, 'Dockerfile'), 'utf8');
    expect(file).toMatch(/^ENTRYPOINT \["pintae"\]$/m);
    expect(JSON.parse(file.match(/^CMD (.*)$/m)![1]!)).toEqual(['serve', '--host', '0.0.0.0']);
  });
});
