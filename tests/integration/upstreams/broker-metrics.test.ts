/**
 * A broker's metrics from a real Prometheus (Debian's) scraping a real broker's Prometheus JMX exporter with
 * the exporter's Kafka example rules (tests/stack/metrics/): records produced through the console show as
 * bytes and messages in on that broker's page; bad parameters are 400s naming the field; a Prometheus that
 * is not there is one clear error within the timeout; the route wants NODE READ. Skipped, saying why, where
 * the `prometheus` binary is missing (scripts/ensure-test-packages.sh installs it).
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerMetrics, Cluster } from '../../../packages/contract/src/index.ts';
import { parseConfig } from '../../../packages/server/src/platform/config/load.ts';
import { type RunningApp, request, startConfiguredApp } from '../../support/app.ts';
import { type MetricsStack, metricsStack, prometheusInstalled } from '../../support/metrics-stack.ts';
import { formLogin, sessionCookie, sha256, withSecurity } from '../../support/security.ts';

const installed = await prometheusInstalled();
if (!installed) console.warn('broker-metrics: skipped, no `prometheus` binary (apt-get install prometheus)');

/** Credentials the console sends Prometheus, each distinct so a leak names its source. */
const TOKEN = 'prom-token-5e1d9a7c3b';
const PASSWORD = 'prom-pw-8c2f6a0e4d';
const logLines: string[] = [];

let stack: MetricsStack;
/** Takes connections and never answers: a Prometheus that hangs. */
let silent: Server;
let app: RunningApp;
let secured: RunningApp;
const topic = `metrics-${Date.now().toString(36)}`;

/** A loopback port nothing listens on: bound, read, closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function silentServer(): Promise<number> {
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  return (silent.address() as { port: number }).port;
}

async function config(prometheusUrl: string, bootstrap: string) {
  const cluster = (prometheus?: Record<string, unknown>) => ({
    properties: { 'bootstrap.servers': bootstrap },
    ...(prometheus ? { metrics: { prometheus } } : {}),
  });
  return parseConfig({
    logLevel: 'trace',
    clusters: {
      metrics: cluster({ url: prometheusUrl, selector: { job: 'kafka' }, rateWindowSeconds: 20 }),
      // Matched by a template no target has: an answer with empty series, not an error.
      mismatch: cluster({ url: prometheusUrl, brokerValue: '{host}:1' }),
      down: cluster({
        url: `http://127.0.0.1:${await closedPort()}`,
        timeoutMs: 5_000,
        basicAuthUsername: 'console',
        basicAuthPassword: PASSWORD,
      }),
      hangs: cluster({ url: `http://127.0.0.1:${await silentServer()}`, timeoutMs: 2_000 }),
      // Prometheus without auth of its own ignores the header: the answers are real, the token is sent.
      authed: cluster({ url: prometheusUrl, bearerToken: TOKEN }),
      plain: cluster(),
    },
  });
}

const get = (path: string, base = app.url, headers: Record<string, string> = {}) =>
  request(`${base}${path}`, { headers });

const seriesOf = (body: BrokerMetrics, name: string, requestType?: string) =>
  body.series.find((s) => s.name === name && s.request === requestType);

beforeAll(async () => {
  if (!installed) return;
  stack = await metricsStack();
  const base = await config(stack.prometheusUrl, stack.bootstrap);
  app = await startConfiguredApp(base, { logStream: { write: (line) => logLines.push(line) } });
  secured = await startConfiguredApp(
    withSecurity({
      defaultGroup: null,
      roles: {
        nodes: [{ resources: ['NODE'], actions: ['READ'] }],
        topics: [{ resources: ['TOPIC'], actions: ['READ'] }],
      },
      groups: { ops: [{ role: 'nodes' }], devs: [{ role: 'topics' }] },
      users: [
        { username: 'olga', password: sha256('pw'), groups: ['ops'] },
        { username: 'dev', password: sha256('pw'), groups: ['devs'] },
      ],
    })(base),
  );
  const created = await request(`${app.url}/api/metrics/topic`, {
    method: 'POST',
    body: { name: topic, partition: 1, replication: 1 },
  });
  expect(created.status).toBe(200);
}, 240_000);

afterAll(async () => {
  await app?.close();
  await secured?.close();
  silent?.close();
  await stack?.stop();
});

const produce = (count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      request(`${app.url}/api/metrics/topic/${topic}/data`, {
        method: 'POST',
        body: { value: `record ${i} ${'x'.repeat(200)}`, headers: [], multiMessage: false },
      }),
    ),
  );

describe.skipIf(!installed)('broker metrics from Prometheus', () => {
  it('shows the records produced as bytes and messages in on the broker that took them', async () => {
    const deadline = Date.now() + 90_000;
    let body: BrokerMetrics | undefined;
    const peak = (name: string, requestType?: string) =>
      Math.max(0, ...(body ? (seriesOf(body, name, requestType)?.points.map(([, v]) => v) ?? []) : []));
    do {
      expect((await produce(10)).every((answer) => answer.status === 200)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, stack.scrapeSeconds * 1000));
      const answer = await get('/api/metrics/node/1/metrics?range=1h');
      expect(answer.status).toBe(200);
      body = answer.body as BrokerMetrics;
      // A counter's first sample already holds its first requests: rate() shows the ones after.
    } while (
      ['bytesIn', 'messagesIn', 'requestRate'].some(
        (name) => peak(name, name === 'requestRate' ? 'Produce' : undefined) === 0,
      ) &&
      Date.now() < deadline
    );
    expect(peak('bytesIn')).toBeGreaterThan(0);
    expect(peak('messagesIn')).toBeGreaterThan(0);
    expect(peak('requestRate', 'Produce')).toBeGreaterThan(0);
    expect(body?.node).toBe(1);
    expect(seriesOf(body as BrokerMetrics, 'bytesIn')?.unit).toBe('bytes/s');
    expect(seriesOf(body as BrokerMetrics, 'requestLatencyP99', 'Produce')?.unit).toBe('ms');
    expect(seriesOf(body as BrokerMetrics, 'underReplicatedPartitions')?.points.at(-1)?.[1]).toBe(0);
    // Points are [epoch ms, value], inside the window, oldest first.
    const points = seriesOf(body as BrokerMetrics, 'bytesIn')?.points ?? [];
    const from = Date.parse(body?.from ?? '');
    expect(points.every(([t], i) => t >= from && (i === 0 || t > (points[i - 1]?.[0] ?? 0)))).toBe(true);
  }, 150_000);

  it('takes an explicit window and step', async () => {
    const to = Date.now();
    const answer = await get(`/api/metrics/node/1/metrics?from=${to - 600_000}&to=${to}&step=30`);
    expect(answer.status).toBe(200);
    expect(answer.body.step).toBe(30_000);
    expect(answer.body.series.length).toBe(9);
  });

  it('answers empty series when the configured labels match no target', async () => {
    const answer = await get('/api/mismatch/node/1/metrics?range=6h');
    expect(answer.status).toBe(200);
    expect(answer.body.series.every((s: { points: unknown[] }) => s.points.length === 0)).toBe(true);
  });

  it('refuses bad parameters with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['/api/metrics/node/abc/metrics', 'params.id'],
      ['/api/metrics/node/1/metrics?range=2h', 'querystring.range'],
      ['/api/metrics/node/1/metrics?step=0', 'querystring.step'],
      ['/api/metrics/node/1/metrics?range=7d&step=60', 'querystring.step'],
      ['/api/metrics/node/1/metrics?from=2030-01-01T00:00:00Z&to=2029-01-01T00:00:00Z', 'querystring.from'],
      ['/api/metrics/node/1/metrics?from=yesterday', 'querystring.from'],
    ];
    for (const [path, field] of cases) {
      const answer = await get(path);
      expect(answer.status, path).toBe(400);
      expect(
        answer.body.fields.map((f: { field: string }) => f.field),
        path,
      ).toContain(field);
    }
  });

  it('answers 404 for a broker the cluster lacks and for a cluster without Prometheus', async () => {
    const unknown = await get('/api/metrics/node/42/metrics');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/Node '42'/);
    const plain = await get('/api/plain/node/1/metrics');
    expect(plain.status).toBe(404);
    expect(plain.body.message).toMatch(/no Prometheus configured.*metrics\.prometheus\.url/);
  });

  it('says Prometheus is unreachable, and where to fix it, when nothing listens at its URL', async () => {
    const started = Date.now();
    const answer = await get('/api/down/node/1/metrics');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(answer.status).toBe(502);
    expect(answer.body.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(answer.body.message).toMatch(
      /Prometheus of cluster 'down' is unreachable: connection refused; check clusters\.down\.metrics\.prometheus\.url/,
    );
  });

  it('gives up on a Prometheus that does not answer after its timeoutMs', async () => {
    const started = Date.now();
    const answer = await get('/api/hangs/node/1/metrics');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(answer.status).toBe(504);
    expect(answer.body.code).toBe('UPSTREAM_TIMEOUT');
    expect(answer.body.message).toMatch(/Prometheus of cluster 'hangs' did not answer within 2000 ms; check/);
  });

  it('keeps the credentials it sends Prometheus out of every answer and log line', async () => {
    const answers = [
      await get('/api/authed/node/1/metrics?range=1h'),
      await get('/api/down/node/1/metrics'),
      await get('/api/cluster'),
    ];
    expect(answers[0]?.status).toBe(200);
    const basic = Buffer.from(`console:${PASSWORD}`).toString('base64');
    const seen = [...answers.map((a) => JSON.stringify(a.body)), ...logLines].join('\n');
    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of [TOKEN, PASSWORD, basic]) expect(seen).not.toContain(secret);
  });

  it('lists which clusters have metrics', async () => {
    const clusters = (await get('/api/cluster')).body as Cluster[];
    expect(clusters.find((c) => c.id === 'metrics')?.metrics).toBe(true);
    expect(clusters.find((c) => c.id === 'plain')?.metrics).toBeUndefined();
  });

  it('answers only callers with NODE READ', async () => {
    const login = async (username: string) => sessionCookie(await formLogin(secured.url, username, 'pw'));
    const path = '/api/metrics/node/1/metrics?range=1h';
    expect((await get(path, secured.url, { cookie: await login('dev') })).status).toBe(403);
    expect((await get(path, secured.url, { cookie: await login('olga') })).status).toBe(200);
    expect((await get(path, secured.url)).status).toBe(401);
  });
});
